// Softmax and LogSoftmax through the public API: every version and type, every axis (negative ones from
// version 11), the 2-D coercion before 13 and the single axis from 13, rows of lengths around the SIMD
// widths and long ones, edge values (NaN, ±inf, huge values), against a float64 reference written here;
// through ops.* and a one-node InferenceSession built with tools/onnx-builder.mjs.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { ulpDistance } from './helpers/math-reference.mjs';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const VARIANTS = [1, 11, 13].flatMap((version) => ['Softmax', 'LogSoftmax'].map((op) => [op, version, version >= 13 ? [...FLOAT, 'bfloat16'] : FLOAT]));

const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

// The reference over values (numbers): for each (outer, inner) position, along d elements at stride inner.
function reference(op, values, dims, axis, version) {
  const a = axis < 0 ? axis + dims.length : axis;
  const outer = sizeOf(dims.slice(0, a));
  const d = version < 13 ? sizeOf(dims.slice(a)) : dims[a];
  const inner = version < 13 ? 1 : sizeOf(dims.slice(a + 1));
  const y = new Float64Array(values.length);
  const spread = new Float64Array(values.length); // |x - max| and ln(sum), which the tolerance scales with
  for (let o = 0; o < outer; o++) {
    for (let j = 0; j < inner; j++) {
      const at = (k) => o * d * inner + k * inner + j;
      let m = -Infinity;
      for (let k = 0; k < d; k++) m = Number.isNaN(values[at(k)]) || Number.isNaN(m) ? NaN : Math.max(m, values[at(k)]);
      let sum = 0;
      for (let k = 0; k < d; k++) sum += Math.exp(values[at(k)] - m);
      for (let k = 0; k < d; k++) {
        const shifted = values[at(k)] - m;
        y[at(k)] = op === 'Softmax' ? Math.exp(shifted) / sum : shifted - Math.log(sum);
        spread[at(k)] = op === 'Softmax' ? Math.abs(shifted) : Math.abs(shifted) + Math.abs(Math.log(sum));
      }
    }
  }
  return { y, spread, d };
}

// Within the bound of the type: float32 and float64 a few units of their precision times 1 + |x - max|
// (x - max is rounded, and e^ turns its absolute error into a relative one) relative to the result
// (Softmax), or times 1 + |x - max| + ln(sum) absolutely (LogSoftmax); the half types one ulp of the
// float64 result (computed in float32, rounded once).
// The sum over d elements adds up to d / 4 units (four lanes of partial sums), relative.
function close(type, op, got, want, spread, d) {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (got === want) return true;
  if (!Number.isFinite(want)) return false;
  const half = type === 'float16' || type === 'bfloat16';
  if (half && ulpDistance(type, got, FLOAT_TYPES[type].decode(FLOAT_TYPES[type].encode(want))) <= 1) return true;
  const eps = type === 'float64' ? 2 ** -53 : 2 ** -24;
  const units = 16 * (1 + spread) + d / 4;
  const bound = eps * units * (op === 'Softmax' ? Math.abs(want) : 1) + (type === 'float64' ? 2 ** -1074 : 2 ** -149);
  // the half types: the float32 result's error, then one rounding
  return Math.abs(got - want) <= bound + (half ? Math.abs(want) * 2 ** (type === 'float16' ? -10 : -7) : 0);
}

function data(type, n, seed, spread = 20) {
  const next = rng(seed);
  const { array, encode } = FLOAT_TYPES[type];
  return array.from({ length: n }, () => encode((next() - 0.5) * spread));
}

async function runSession(op, opset, x, attributes) {
  const model = buildModel({
    opset,
    nodes: [{ op, inputs: ['x'], outputs: ['y'], attributes }],
    inputs: [{ name: 'x', type: x.type, dims: [...x.dims] }],
    outputs: [{ name: 'y', type: x.type }],
  });
  const session = await InferenceSession.create(model);
  const { y } = await session.run({ x });
  session.release();
  return y;
}

// Through ops.*, or with `session` through a one-node model of the version.
async function check(op, version, type, x, dims, axis, session = false) {
  const { decode } = FLOAT_TYPES[type];
  const attributes = axis === undefined ? {} : { axis };
  const input = new Tensor(type, x, dims);
  const y = session ? await runSession(op, version, input, attributes) : ops[op](input, { opset: version, ...attributes });
  assert.equal(y.type, type);
  assert.deepEqual([...y.dims], dims);
  const values = Array.from(x, decode);
  const { y: want, spread, d } = reference(op, values, dims, axis ?? (version >= 13 ? -1 : 1), version);
  for (let i = 0; i < want.length; i++) {
    const got = decode(y.data[i]);
    if (!close(type, op, got, want[i], spread[i], d)) assert.fail(`${op}-${version} ${type} [${dims}] axis ${axis}${session ? ' (session)' : ''}: element ${i} is ${got}, want ${want[i]}`);
  }
}

for (const [op, version, types] of VARIANTS) {
  describe(`${op}-${version}`, () => {
    for (const type of types) {
      test(`${type}: every axis, rows of 1 to 40 and 25 600, ops.* and a session`, async () => {
        const dims = [3, 4, 5];
        const first = version >= 11 ? -3 : 0;
        for (let axis = first; axis < 3; axis++) {
          for (const session of [false, true]) await check(op, version, type, data(type, 60, axis + 10), dims, axis, session);
        }
        for (const session of [false, true]) await check(op, version, type, data(type, 60, 3), dims, undefined, session); // the default axis
        for (let d = 1; d <= 40; d++) await check(op, version, type, data(type, 2 * d, d), [2, d], version >= 13 ? -1 : 1);
        await check(op, version, type, data(type, 2 * 25600, 9), [2, 25600], version >= 13 ? -1 : 1);
        // a row of 80 across inner positions (axis 1 of [2, 80, 7]) and a 2-D coercion of the same
        await check(op, version, type, data(type, 2 * 80 * 7, 4), [2, 80, 7], 1);
      });
    }
  });
}

describe('Softmax and LogSoftmax: edge values', () => {
  for (const op of ['Softmax', 'LogSoftmax']) {
    for (const type of ['float32', 'float64', 'float16']) {
      test(`${op} ${type}: NaN and +inf make their row NaN; -inf gives 0 or -inf; huge values do not overflow`, async () => {
        const { encode } = FLOAT_TYPES[type];
        const big = type === 'float16' ? 60000 : 1e30;
        for (const axis of [-1, 0]) {
          const rows = [[1, NaN, 2, 3, 4, 5], [Infinity, 1, 2, 3, 4, 5], [-Infinity, 0, 1, 2, 3, 4], [big, big, -big, 0, 1, 2], [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity], [7, 7, 7, 7, 7, 7]];
          const x = FLOAT_TYPES[type].array.from(rows.flat(), encode);
          // axis 0 of [6, 6] reads the same values as columns
          await check(op, 13, type, x, [6, 6], axis);
        }
      });
    }
  }
});

describe('Softmax and LogSoftmax: version rules', () => {
  const x = new Tensor('float32', new Float32Array(6), [2, 3]);
  test('axis out of range, negative before 11, rank 0', () => {
    const is = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
    assert.throws(() => ops.Softmax(x, { axis: 2 }), is(/^Softmax-13: attribute 'axis' is 2, out of range for input 'input' of shape \[2,3\] \(valid: -2 to 1\)$/));
    assert.throws(() => ops.LogSoftmax(x, { axis: -3 }), is(/^LogSoftmax-13: attribute 'axis' is -3, out of range/));
    assert.throws(() => ops.Softmax(x, { opset: 10, axis: -1 }), is(/^Softmax-1: attribute 'axis' is -1, out of range for input 'input' of shape \[2,3\] \(valid: 0 to 1\)$/));
    assert.deepEqual([...ops.Softmax(x, { opset: 11, axis: -1 }).data], [1, 1, 1, 1, 1, 1].map((v) => Math.fround(v / 3)));
    assert.throws(() => ops.Softmax(new Tensor('float32', [1], [])), is(/^Softmax-13: attribute 'axis' is -1, out of range for input 'input' of shape \[\] \(it needs rank 1 or more\)$/));
    assert.throws(() => ops.Softmax(new Tensor('bfloat16', new Uint16Array(2), [2]), { opset: 12 }), is(/^Softmax-11: input 0 has type bfloat16/));
    assert.throws(() => ops.Softmax(new Tensor('int32', [1, 2])), is(/^Softmax-13: input 0 has type int32/));
  });

  test('versions 1 and 11 coerce to 2-D at axis, 13 normalizes one axis', () => {
    const t = new Tensor('float64', [0, 0, 0, 0, 0, 0, 0, 0], [2, 2, 2]);
    assert.deepEqual([...ops.Softmax(t, { opset: 11, axis: 1 }).data], new Array(8).fill(0.25));
    assert.deepEqual([...ops.Softmax(t, { opset: 13, axis: 1 }).data], new Array(8).fill(0.5));
    assert.deepEqual([...ops.Softmax(t, { opset: 1, axis: 0 }).data], new Array(8).fill(0.125));
  });

  test('empty tensors keep their shape', () => {
    assert.deepEqual([...ops.Softmax(new Tensor('float32', new Float32Array(0), [0, 3])).dims], [0, 3]);
    assert.deepEqual([...ops.LogSoftmax(new Tensor('float32', new Float32Array(0), [3, 0]), { opset: 11 }).dims], [3, 0]);
  });
});
