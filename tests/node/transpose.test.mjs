// Transpose through the public API: every version and type, through ops.* and through InferenceSession,
// against a reference that finds each output element's input index on its own; every permutation of
// ranks up to 4, shapes with dims of 0 and 1, sizes across the kernel's tiles, edge values of every type
// moved bit for bit; every refusal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { edgeData } from '../../tools/values.mjs';
import { referenceTranspose } from './helpers/shape-reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const NUMERIC = [...FLOATS, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const ALL = [...NUMERIC, 'bfloat16'];
const VERSIONS = [[1, NUMERIC], ...[13, 21, 23, 24, 25].map((v) => [v, ALL])];

const count = (dims) => dims.reduce((a, b) => a * b, 1);

function permutations(n) {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

function assertSameBits(got, type, want, label) {
  assert.equal(got.type, type, `${label}: type`);
  assert.deepEqual([...got.dims], want.dims, `${label}: dims`);
  for (let i = 0; i < want.data.length; i++) {
    if (!Object.is(got.data[i], want.data[i])) assert.fail(`${label}: element ${i} is ${got.data[i]}, want ${want.data[i]}`);
  }
}

const SHAPES = [[], [5], [3, 7], [2, 3, 4], [1, 4, 1], [2, 0, 3], [2, 3, 1, 5]];

for (const [version, types] of VERSIONS) {
  describe(`Transpose-${version}`, () => {
    test('every type: every permutation of small shapes through ops.*, the default perm through a model', async () => {
      for (const [t, type] of types.entries()) {
        for (const [k, dims] of SHAPES.entries()) {
          const data = edgeData(type, count(dims), 7 * k + t);
          const x = new Tensor(type, data, dims);
          for (const perm of permutations(dims.length)) {
            assertSameBits(ops.Transpose(x, { perm, opset: version }), type, referenceTranspose(data, dims, perm), `Transpose-${version} ${type} [${dims}] perm [${perm}]`);
          }
          const reversed = dims.map((_, i) => dims.length - 1 - i);
          const session = await InferenceSession.create(buildModel({
            opset: version,
            inputs: [{ name: 'x', type, dims }],
            outputs: [{ name: 'y', type }],
            nodes: [{ op: 'Transpose', inputs: ['x'], outputs: ['y'] }],
          }));
          try {
            const { y } = await session.run({ x });
            assertSameBits(y, type, referenceTranspose(data, dims, reversed), `session Transpose-${version} ${type} [${dims}]`);
          } finally {
            session.release();
          }
        }
      }
    });
  });
}

test('large shapes across the tiles: NCHW <-> NHWC, matrices, rank 6', () => {
  const cases = [[[67, 131], [1, 0]], [[2, 3, 33, 65], [0, 2, 3, 1]], [[2, 65, 33, 3], [0, 3, 1, 2]],
    [[5, 9, 1, 7, 3, 2], [4, 2, 0, 5, 3, 1]], [[1000, 3], [1, 0]], [[3, 1000], [1, 0]]];
  for (const type of ['uint8', 'float16', 'float32', 'float64', 'int64']) {
    for (const [k, [dims, perm]] of cases.entries()) {
      const data = edgeData(type, count(dims), k);
      assertSameBits(ops.Transpose(new Tensor(type, data, dims), { perm }), type, referenceTranspose(data, dims, perm), `${type} [${dims}] perm [${perm}]`);
    }
  }
});

test('a model of Transpose with a perm, fed twice, and a wasm-resident input', async () => {
  const data = edgeData('bfloat16', 24, 3);
  const session = await InferenceSession.create(buildModel({
    opset: 21,
    inputs: [{ name: 'x', type: 'bfloat16', dims: [2, 3, 4] }],
    outputs: [{ name: 'y', type: 'bfloat16' }],
    nodes: [{ op: 'Transpose', inputs: ['x'], outputs: ['t'], attributes: { perm: [1, 2, 0] } },
      { op: 'Transpose', inputs: ['t'], outputs: ['y'], attributes: { perm: [0, 2, 1] } }],
  }));
  const want = referenceTranspose(referenceTranspose(data, [2, 3, 4], [1, 2, 0]).data, [3, 4, 2], [0, 2, 1]);
  for (let run = 0; run < 2; run++) assertSameBits((await session.run({ x: new Tensor('bfloat16', data, [2, 3, 4]) })).y, 'bfloat16', want, `run ${run}`);
  session.release();
  const x = Tensor.wasm('bfloat16', [2, 3, 4], data);
  const y = ops.Transpose(x, { perm: [2, 0, 1] });
  assert.equal(y.location, 'wasm');
  x.dispose();
  assertSameBits(y, 'bfloat16', referenceTranspose(data, [2, 3, 4], [2, 0, 1]), 'wasm');
  y.dispose();
});

describe('refusals name the version, perm and the shape', () => {
  const x = new Tensor('float32', new Float32Array(6), [2, 3]);
  const refused = (fn, text) => assert.throws(fn, (e) => e instanceof OnnxWasmError && e.message.includes(text), text);
  test('perm', () => {
    refused(() => ops.Transpose(x, { perm: [0] }), "Transpose-25: attribute 'perm' [0] has 1 values but input 'data' of shape [2,3] has rank 2");
    refused(() => ops.Transpose(x, { perm: [1, 1] }), "attribute 'perm' [1,1] is not a permutation of the axes 0 to 1 of input 'data' of shape [2,3]");
    refused(() => ops.Transpose(x, { perm: [-1, 0] }), "attribute 'perm' [-1,0] is not a permutation");
  });
  test('types and attributes', () => {
    refused(() => ops.Transpose(new Tensor('bfloat16', new Uint16Array(1), [1]), { opset: 12 }), 'Transpose-1: input 0 has type bfloat16, which this version does not accept');
    refused(() => ops.Transpose(x, { axes: [0] }), "Transpose-25: attribute 'axes' is not defined by this version");
  });
});
