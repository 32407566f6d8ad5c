// Sum and Mean through the public API: every version and type against a reference written here (the
// inputs added in their order, each sum rounded to the type, float16 and bfloat16 through float32; Mean
// that sum divided by the count, rounded once more), with edge values (±0, ±inf, NaN, subnormals,
// overflow), lengths through the SIMD main loops and tails, 1 to 4 inputs broadcast, and the version rules.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { FLOAT_EDGES, FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex } from './helpers/reference.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const VERSIONS = [[1, FLOAT], [6, FLOAT], [8, FLOAT], [13, [...FLOAT, 'bfloat16']]];
const EDGES = [...FLOAT_EDGES, 5e-324, -5e-324, 2 ** -149, -(2 ** -149), 2 ** -24, 3.4028234663852886e38, 1.7976931348623157e308, -65504];

function data(type, n, seed) {
  const { array, encode } = FLOAT_TYPES[type];
  const next = rng(seed);
  return array.from({ length: n }, () => encode(next() < 0.3 ? EDGES[Math.floor(next() * EDGES.length)] : (next() - 0.5) * 100));
}

// Each addition (and Mean's division) rounded to the type: float64 as is, the others through float32.
function reference(op, type, values) {
  const { encode, decode } = FLOAT_TYPES[type];
  const round = type === 'float64' ? (v) => v : (v) => decode(encode(Math.fround(v)));
  let sum = values[0];
  for (const v of values.slice(1)) sum = round(sum + v);
  return op === 'Mean' ? round(sum / values.length) : sum;
}

function check(op, version, type, shapes, seed) {
  const { decode } = FLOAT_TYPES[type];
  const inputs = shapes.map((dims, k) => new Tensor(type, data(type, dims.reduce((p, d) => p * d, 1), seed + k), dims));
  const y = ops[op](inputs, { opset: version });
  const outDims = broadcastShape(shapes);
  assert.deepEqual([...y.dims], outDims);
  for (let i = 0; i < y.data.length; i++) {
    const want = reference(op, type, inputs.map((t, k) => decode(t.data[inputIndex(outDims, shapes[k], i)])));
    const got = decode(y.data[i]);
    if (!Object.is(got, want) && !(Number.isNaN(got) && Number.isNaN(want))) {
      assert.fail(`${op}-${version} ${type} ${JSON.stringify(shapes)} at ${i}: got ${got}, want ${want}`);
    }
  }
}

for (const op of ['Sum', 'Mean']) {
  for (const [version, types] of VERSIONS) {
    describe(`${op}-${version}`, () => {
      for (const type of types) {
        test(`${type}: 1 to 4 inputs, every length 0..40`, () => {
          for (let n = 0; n <= 40; n++) {
            for (let count = 1; count <= 4; count++) check(op, version, type, Array(count).fill([n]), n * 5 + count);
          }
        });
        if (version >= 8) {
          test(`${type}: broadcast`, () => {
            for (const shapes of [[[2, 3, 4], [4]], [[3, 1], [1, 5], [5]], [[1], [2, 1, 7], [7], [2, 1, 1]], [[0, 3], [3]]]) check(op, version, type, shapes, 7);
          });
        }
      }
    });
  }
}

describe('Sum and Mean: version rules', () => {
  test('identical shapes before version 8; bfloat16 from 13; float types only', () => {
    const a = new Tensor('float32', [1, 2, 3], [3]);
    const b = new Tensor('float32', [1], [1]);
    assert.throws(() => ops.Sum([a, b], { opset: 7 }), (e) => e instanceof OnnxWasmError && /^Sum-6: input 1 has shape \[1\] but input 0 has shape \[3\]/.test(e.message));
    assert.deepEqual([...ops.Mean([a, b], { opset: 8 }).data], [1, 1.5, 2]);
    const bf = new Tensor('bfloat16', new Uint16Array([0x3f80]));
    assert.throws(() => ops.Mean([bf], { opset: 12 }), (e) => /^Mean-8: input 0 has type bfloat16/.test(e.message));
    assert.throws(() => ops.Sum([new Tensor('int32', [1])]), (e) => /^Sum-13: input 0 has type int32/.test(e.message));
    ops.Sum([a], { opset: 1, consumed_inputs: [0] });
  });
});
