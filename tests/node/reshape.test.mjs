// Reshape, Flatten, Squeeze and Unsqueeze through the public API: every version and type, through
// ops.* and through InferenceSession (one node, and a chain whose intermediates share memory), against
// output shapes computed here from the ONNX definitions; the elements (edge values of each type) must come
// back bit for bit. Wasm-resident inputs give outputs of their own; every refusal names its cause.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { edgeData } from '../../tools/values.mjs';
import { flattenDims, reshapeDims, squeezeDims, unsqueezeDims } from './helpers/shape-reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const NUMERIC = [...FLOATS, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const ALL = [...NUMERIC, 'bfloat16'];

// [since version, types] of each operator.
const VERSIONS = {
  Reshape: [[1, FLOATS], [5, NUMERIC], ...[13, 14, 19, 21, 23, 24, 25].map((v) => [v, ALL])],
  Flatten: [[1, FLOATS], [9, NUMERIC], [11, NUMERIC], ...[13, 21, 23, 24, 25].map((v) => [v, ALL])],
  Squeeze: [[1, NUMERIC], [11, NUMERIC], ...[13, 21, 23, 24, 25].map((v) => [v, ALL])],
  Unsqueeze: [[1, NUMERIC], [11, NUMERIC], ...[13, 21, 23, 24, 25].map((v) => [v, ALL])],
};

const count = (dims) => dims.reduce((a, b) => a * b, 1);

// Per operator, cases valid in every version: [input dims, what the version takes, want dims]. A case's
// `attrs(version)` are its options for ops.* and its node's attributes; `second` its int64 second input.
const CASES = {
  Reshape: [
    ...[[[2, 3, 4], [4, 6]], [[2, 3, 4], [-1]], [[2, 3, 4], [0, -1]], [[2, 3, 4], [-1, 0, 2]], [[1], []], [[], [1, 1]],
      [[0, 3], [3, -1]], [[4, 3, 0], [0, 5, 0]], [[3, 1, 5], [5, 1, 3, 1]], [[67], [67, 1]]].map(([dims, shape]) => ({
      dims, want: reshapeDims(dims, shape, false),
      attrs: (v) => (v === 1 ? { shape } : {}), second: (v) => (v === 1 ? undefined : shape),
    })),
  ],
  Flatten: [[[2, 3, 4], 1], [[2, 3, 4], 0], [[2, 3, 4], 3], [[2, 3, 4], 2], [[5], 1], [[], 0], [[3, 0, 2], 1], [[2, 1, 3, 1], 2]]
    .map(([dims, axis]) => ({ dims, want: flattenDims(dims, axis), attrs: () => ({ axis }), second: () => undefined })),
  Squeeze: [[[1, 3, 1, 2, 1], [0, 4]], [[1, 3, 1, 2, 1], undefined], [[1], [0]], [[1], undefined], [[0, 1], [1]], [[2, 3], []], [[3, 1], [1]]]
    .map(([dims, axes]) => ({
      dims, want: squeezeDims(dims, axes),
      attrs: (v) => (v < 13 && axes ? { axes } : {}), second: (v) => (v < 13 ? undefined : axes),
    })),
  Unsqueeze: [[[3, 4, 5], [0]], [[3, 4, 5], [3]], [[3, 4, 5], [5, 1, 3]], [[], [0]], [[0, 2], [2, 0]], [[7], []]]
    .map(([dims, axes]) => ({
      dims, want: unsqueezeDims(dims, axes),
      attrs: (v) => (v < 13 ? { axes } : {}), second: (v) => (v < 13 ? undefined : axes),
    })),
};

// Cases only some versions take: negative axes from 11, allowzero from 14.
const LATER_CASES = {
  Reshape: [{ from: 14, dims: [0, 3], want: [3, 0], attrs: () => ({ allowzero: 1 }), second: () => [3, 0] }],
  Flatten: [[-1, [6, 4]], [-3, [1, 24]], [-2, [2, 12]]].map(([axis, want]) => ({ from: 11, dims: [2, 3, 4], want, attrs: () => ({ axis }), second: () => undefined })),
  Squeeze: [{ from: 11, dims: [1, 3, 1], want: [1, 3], attrs: (v) => (v < 13 ? { axes: [-1] } : {}), second: (v) => (v < 13 ? undefined : [-1]) }],
  Unsqueeze: [{ from: 11, dims: [3, 4], want: [3, 4, 1, 1], attrs: (v) => (v < 13 ? { axes: [-1, -2] } : {}), second: (v) => (v < 13 ? undefined : [-1, -2]) }],
};

function assertSameBits(got, type, dims, data, label) {
  assert.equal(got.type, type, `${label}: type`);
  assert.deepEqual([...got.dims], dims, `${label}: dims`);
  assert.equal(got.data.length, data.length, `${label}: length`);
  for (let i = 0; i < data.length; i++) {
    if (!Object.is(got.data[i], data[i])) assert.fail(`${label}: element ${i} is ${got.data[i]}, want ${data[i]}`);
  }
}

const int64 = (values) => new Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]);

function callOps(op, version, c, x, extra = {}) {
  const second = c.second(version);
  const options = { ...c.attrs(version), opset: version, ...extra };
  if (op === 'Flatten') return ops.Flatten(x, options);
  return ops[op](second === undefined ? [x] : [x, int64(second)], options);
}

// Options as a node's attributes: lists are INTS even when empty (which the builder would take for STRINGS).
const nodeAttributes = (attrs) => Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, Array.isArray(v) ? { type: 'INTS', value: v } : v]));

// A model of one node: x as a graph input, the second input (if any) an initializer.
function oneNodeModel(op, version, type, c) {
  const second = c.second(version);
  return buildModel({
    opset: version,
    inputs: [{ name: 'x', type, dims: c.dims }],
    outputs: [{ name: 'y', type }],
    initializers: second === undefined ? [] : [{ name: 's', type: 'int64', dims: [second.length], data: second.map(BigInt) }],
    nodes: [{ op, inputs: second === undefined ? ['x'] : ['x', 's'], outputs: ['y'], attributes: nodeAttributes(c.attrs(version)) }],
  });
}

for (const [op, versions] of Object.entries(VERSIONS)) {
  describe(op, () => {
    for (const [version, types] of versions) {
      const cases = [...CASES[op], ...LATER_CASES[op].filter((c) => version >= c.from)];
      test(`${op}-${version}: every type, through ops.* and a one-node model`, async () => {
        for (const [t, type] of types.entries()) {
          for (const [k, c] of cases.entries()) {
            const label = `${op}-${version} ${type} [${c.dims}] ${JSON.stringify(c.attrs(version))} ${c.second(version) ?? ''}`;
            const data = edgeData(type, count(c.dims), 31 * k + t);
            const x = new Tensor(type, data, c.dims);
            assertSameBits(callOps(op, version, c, x), type, c.want, data, `ops.${label}`);
            const session = await InferenceSession.create(oneNodeModel(op, version, type, c));
            try {
              const { y } = await session.run({ x });
              assertSameBits(y, type, c.want, data, `session ${label}`);
            } finally {
              session.release();
            }
          }
        }
      });
    }
  });
}

test('a chain of the four in a graph: intermediates share memory, the result is right', async () => {
  // x [2,3,4] -> Unsqueeze [1,2,3,4] -> Reshape [1,6,4] (an initializer shape) -> Squeeze [6,4] -> Flatten [6,4];
  // u, the first intermediate, is an output too.
  const data = edgeData('float32', 24, 5);
  const bytes = buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [2, 3, 4] }],
    outputs: [{ name: 'y', type: 'float32' }, { name: 'u', type: 'float32' }],
    initializers: [{ name: 'zero', type: 'int64', dims: [1], data: [0n] }, { name: 'shape', type: 'int64', dims: [3], data: [0n, -1n, 4n] }],
    nodes: [
      { op: 'Unsqueeze', inputs: ['x', 'zero'], outputs: ['u'] },
      { op: 'Reshape', inputs: ['u', 'shape'], outputs: ['r'] },
      { op: 'Squeeze', inputs: ['r'], outputs: ['s'] },
      { op: 'Flatten', inputs: ['s'], outputs: ['y'], attributes: { axis: 1 } },
    ],
  });
  const session = await InferenceSession.create(bytes);
  for (let run = 0; run < 2; run++) {
    const { y, u } = await session.run({ x: new Tensor('float32', data, [2, 3, 4]) });
    assertSameBits(y, 'float32', [6, 4], data, 'y');
    assertSameBits(u, 'float32', [1, 2, 3, 4], data, 'u');
  }
  // In wasm memory, two outputs that are one value's memory stay valid whichever is disposed first.
  const wasmSession = await InferenceSession.create(bytes, { preferredOutputLocation: 'wasm' });
  const { y, u } = await wasmSession.run({ x: new Tensor('float32', data, [2, 3, 4]) });
  u.dispose();
  assertSameBits(y, 'float32', [6, 4], data, 'y after u is disposed');
  y.dispose();
  session.release();
  wasmSession.release();
});

test('a wasm-resident input gives an output of its own memory', () => {
  const data = edgeData('int32', 12, 9);
  const x = Tensor.wasm('int32', [3, 4], data);
  const y = ops.Reshape([x, int64([4, 3])]);
  const z = ops.Flatten(x, { axis: 0 });
  assert.equal(y.location, 'wasm');
  x.dispose();
  assertSameBits(y, 'int32', [4, 3], data, 'Reshape');
  assertSameBits(z, 'int32', [1, 12], data, 'Flatten');
  y.dispose();
  z.dispose();
});

test('options.out receives the result', () => {
  const data = edgeData('float16', 6, 3);
  const out = new Tensor('float16', new Uint16Array(6), [3, 2]);
  assert.equal(ops.Reshape([new Tensor('float16', data, [2, 3]), int64([3, 2])], { out }), out);
  assertSameBits(out, 'float16', [3, 2], data, 'out');
  const wasmOut = Tensor.wasm('float16', [6]);
  const flat = Tensor.wasm('float16', [1, 6]);
  assert.equal(ops.Flatten(new Tensor('float16', data, [2, 3]), { axis: 0, out: flat }), flat);
  assertSameBits(flat, 'float16', [1, 6], data, 'wasm out');
  flat.dispose();
  assert.throws(() => ops.Squeeze([new Tensor('float16', data, [2, 3])], { out: wasmOut }),
    (e) => e instanceof OnnxWasmError && e.message.includes('options.out is float16 [6] but the output is float16 [2,3]'));
  wasmOut.dispose();
});

describe('refusals name the operator version and the cause', () => {
  const x = new Tensor('float32', new Float32Array(6), [2, 3]);
  const refused = (fn, text) => assert.throws(fn, (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && e.message.includes(text), text);
  test('Reshape', () => {
    refused(() => ops.Reshape([x, int64([4, -1])]), "Reshape-25: cannot reshape input 'data' of shape [2,3] (6 elements) to input 'shape' [4,-1]");
    refused(() => ops.Reshape([x, int64([-1, -1])], { opset: 5 }), "Reshape-5: input 'shape' [-1,-1] has more than one -1");
    refused(() => ops.Reshape([x, int64([0, -1])], { allowzero: 1 }), "input 'shape' [0,-1] has both 0 and -1");
    refused(() => ops.Reshape([x], { opset: 1 }), "Reshape-1: attribute 'shape' is required");
    refused(() => ops.Reshape([x, int64([6])], { opset: 1, shape: [6] }), 'Reshape-1: expects 1 input, got 2');
    refused(() => ops.Reshape([x, new Tensor('int32', new Int32Array([6]), [1])]), "input 1 ('shape') has type int32");
    refused(() => ops.Reshape([x, int64([6])], { opset: 13, allowzero: 1 }), "Reshape-13: attribute 'allowzero' is not defined by this version");
  });
  test('Flatten', () => {
    refused(() => ops.Flatten(x, { axis: -1, opset: 9 }), "Flatten-9: attribute 'axis' is -1, out of range");
    refused(() => ops.Flatten(x, { axis: 3 }), "attribute 'axis' is 3, out of range for input 'input' of shape [2,3] (valid: -2 to 2)");
    refused(() => ops.Flatten(new Tensor('int8', new Int8Array(1), [1]), { opset: 1 }), 'Flatten-1: input 0 has type int8');
  });
  test('Squeeze and Unsqueeze', () => {
    refused(() => ops.Squeeze([x, int64([0])]), "Squeeze-25: input 'axes' [0] lists axis 0, of size 2");
    refused(() => ops.Squeeze([x], { axes: [2], opset: 11 }), "Squeeze-11: attribute 'axes' [2] has axis 2, out of range");
    refused(() => ops.Squeeze([x], { axes: [-1], opset: 1 }), "Squeeze-1: attribute 'axes' [-1] has axis -1, out of range");
    refused(() => ops.Squeeze([x, null], { axes: [0] }), "Squeeze-25: attribute 'axes' is not defined by this version");
    refused(() => ops.Unsqueeze([x, int64([1, 1])]), "Unsqueeze-25: input 'axes' [1,1] lists axis 1 more than once");
    refused(() => ops.Unsqueeze([x, int64([3])]), "input 'axes' [3] has axis 3, out of range for an output of rank 3");
    refused(() => ops.Unsqueeze([x]), 'Unsqueeze-25: expects 2 inputs, got 1');
    refused(() => ops.Unsqueeze([x], { opset: 11 }), "Unsqueeze-11: attribute 'axes' is required");
  });
  test('a model whose Reshape cannot be met names the node', async () => {
    const session = await InferenceSession.create(buildModel({
      opset: 14,
      inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 's', type: 'int64', dims: [2], data: [4n, 4n] }],
      nodes: [{ op: 'Reshape', name: 'r', inputs: ['x', 's'], outputs: ['y'] }],
    }));
    await assert.rejects(session.run({ x }), (e) => e instanceof OnnxWasmError &&
      e.message.includes("node 'r' (Reshape): Reshape-14: cannot reshape input 'data' of shape [2,3] (6 elements) to input 'shape' [4,4] (16 elements)"));
    session.release();
  });
});
