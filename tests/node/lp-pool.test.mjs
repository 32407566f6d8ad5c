// LpPool and GlobalLpPool through the public API: every version and type against a float64 reference
// (the p-norm of each window of helpers/reference.mjs's pooling windows, from the spec's formulas),
// seeded sweeps of 1-D, 2-D and 3-D windows with pads, strides, auto_pad, and from 18 ceil_mode and
// dilations; p 1, 2, 3 (and version 1's float p); NaN and infinities; refusals; ONNX's backend cases.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';
import { int, pick, randomPoolShape, randomWindowAttributes } from './helpers/pool-cases.mjs';
import { referencePool } from './helpers/reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
// The unit roundoff of the type each type computes in, and of the output.
const COMPUTE_UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -24, bfloat16: 2 ** -24 };
const OUTPUT_UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -11, bfloat16: 2 ** -8 };

// (sum |x|^p)^(1/p) per window: the average of |x|^p over the taps inside the input times their count.
function referenceLpPool(values, dims, attrs, p) {
  const want = referencePool(values.map((v) => Math.abs(v) ** p), dims, attrs);
  if (!want) return null;
  return { dims: want.dims, y: want.y.map((mean, i) => (want.taps[i] === 0 ? 0 : (mean * want.taps[i]) ** (1 / p))), taps: want.taps };
}

function check(op, type, x, attrs, p, label) {
  const { decode } = FLOAT_TYPES[type];
  const values = Array.from(x.data, decode);
  const window = op === 'GlobalLpPool' ? { kernel_shape: x.dims.slice(2) } : attrs;
  const want = referenceLpPool(values, x.dims, window, p);
  if (!want) {
    assert.throws(() => ops[op](x, attrs), (e) => e instanceof OnnxWasmError, `${label}: an empty output is refused`);
    return;
  }
  const y = ops[op](x, attrs);
  assert.deepEqual([...y.dims], want.dims, `${label}: shape`);
  for (let i = 0; i < want.y.length; i++) {
    const got = decode(y.data[i]), w = want.y[i];
    const rounded = decode(FLOAT_TYPES[type].encode(w));
    const ok = Number.isNaN(w) ? Number.isNaN(got)
      : !Number.isFinite(rounded) || got === rounded ? got === rounded
        : Math.abs(got - w) <= (4 * (want.taps[i] + 4) * COMPUTE_UNIT[type] + OUTPUT_UNIT[type]) * Math.abs(w) + 1e-300;
    assert.ok(ok, `${label}: output ${i} of [${want.dims}] is ${got}, want ${w}`);
  }
}

function data(type, n, next, edges) {
  const special = [NaN, Infinity, -Infinity, 0, -0];
  const { array, encode } = FLOAT_TYPES[type];
  return array.from({ length: n }, () => encode(edges && next() < 0.03 ? pick(next, special) : (next() - 0.5) * 8));
}

for (const [version, types] of [[1, FLOATS], [2, FLOATS], [11, FLOATS], [18, FLOATS], [22, [...FLOATS, 'bfloat16']]]) {
  describe(`LpPool-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded sweep of windows, p, edge values`, () => {
        const next = rng(version * 5 + types.indexOf(type));
        for (let c = 0; c < 30; c++) {
          const { sizes, dims } = randomPoolShape(next, c);
          const attrs = randomWindowAttributes(next, version, sizes, version >= 18 ? 0.4 : 0);
          if (version >= 18 && next() < 0.4) attrs.ceil_mode = 1;
          const p = version === 1 ? pick(next, [1, 2, 3, 1.5]) : pick(next, [1, 2, 3]);
          if (p !== 2 || next() < 0.5) attrs.p = p;
          const x = new Tensor(type, data(type, dims.reduce((a, b) => a * b, 1), next, c % 4 === 3), dims);
          check('LpPool', type, x, attrs, p, `${type} case ${c} [${dims}] ${JSON.stringify(attrs)}`);
        }
      });
    }
  });
}

for (const [version, types] of [[1, FLOATS], [2, FLOATS], [22, [...FLOATS, 'bfloat16']]]) {
  describe(`GlobalLpPool-${version}`, () => {
    for (const type of types) {
      test(`${type}: 1-D to 3-D planes, p`, () => {
        const next = rng(version * 3 + types.indexOf(type));
        for (const dims of [[2, 3, 7], [1, 2, 4, 5], [1, 2, 3, 2, 4], [1, 1, 1, 1]]) {
          const p = version === 1 ? pick(next, [1, 2, 2.5]) : int(next, 1, 3);
          const x = new Tensor(type, data(type, dims.reduce((a, b) => a * b, 1), next, false), dims);
          check('GlobalLpPool', type, x, { opset: version, p }, p, `${type} [${dims}] p ${p}`);
        }
      });
    }
  });
}

describe('LpPool: refusals', () => {
  const x = new Tensor('float32', new Float32Array(16), [1, 1, 4, 4]);
  const refused = (call, pattern) => assert.throws(call, (e) => e instanceof OnnxWasmError && pattern.test(e.message), `expected ${pattern}`);
  test('attributes by version', () => {
    refused(() => ops.LpPool(x, {}), /^LpPool-22: .*attribute 'kernel_shape' is required/);
    refused(() => ops.LpPool(x, { kernel_shape: [2, 2], p: 0 }), /attribute 'p' must be positive, got 0/);
    refused(() => ops.LpPool(x, { opset: 11, kernel_shape: [2, 2], dilations: [1, 1] }), /^LpPool-11: .*dilations/);
    refused(() => ops.GlobalLpPool(x, { opset: 1, p: -1 }), /^GlobalLpPool-1: .*attribute 'p' must be positive/);
  });
});

test('ONNX\'s backend cases of LpPool and GlobalLpPool pass', NEEDS_ONNX_CASES, async () => {
  await assertOnnxCasesPass(['LpPool', 'GlobalLpPool']);
});
