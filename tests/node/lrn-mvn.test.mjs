// LRN and MeanVarianceNormalization through the public API: every version and type against float64
// references written here from the spec (LRN's formula, MeanVarianceNormalization's function body),
// over ranks 2 to 5, window sizes odd and even, every axes set of a 4-D input and negative axes; edge
// values (NaN, ±inf, ±0, subnormals), empty tensors, refusals; ONNX's backend cases.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';

before(() => ready());

const size = (dims) => dims.reduce((a, b) => a * b, 1);
const SUBNORMAL = { float64: 5e-324, float32: 1e-45, float16: 6e-8, bfloat16: 1e-40 };
// The unit roundoff of the type each type computes in (LRN: the halves in float32), and of the output.
const COMPUTE_UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -24, bfloat16: 2 ** -24 };
const OUTPUT_UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -11, bfloat16: 2 ** -8 };
const isError = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);

function data(type, n, seed, edges) {
  const next = rng(seed);
  const special = [NaN, Infinity, -Infinity, 0, -0, SUBNORMAL[type]];
  const { array, encode } = FLOAT_TYPES[type];
  return array.from({ length: n }, () => encode(edges && next() < 0.05 ? special[Math.floor(next() * special.length)] : (next() - 0.5) * 8));
}

// got (stored) against want (float64): NaN where NaN, infinities equal, else want rounded to the type or
// within `units` roundings of the computing type relative to |want| and the output's rounding, plus `floor`.
function assertClose(type, got, want, units, label, floor = 0) {
  const { decode } = FLOAT_TYPES[type];
  for (let i = 0; i < want.length; i++) {
    const g = decode(got[i]), w = want[i];
    const rounded = decode(FLOAT_TYPES[type].encode(w));
    const ok = Number.isNaN(w) ? Number.isNaN(g)
      : !Number.isFinite(rounded) || g === rounded ? g === rounded
        : Math.abs(g - w) <= (units * COMPUTE_UNIT[type] + OUTPUT_UNIT[type]) * Math.abs(w) + SUBNORMAL[type === 'float64' ? 'float64' : 'float32'] + floor;
    if (!ok) throw new Error(`${label}: element ${i} is ${g}, want ${w}`);
  }
}

// LRN from the spec, in float64.
function referenceLrn(x, dims, { size: n, alpha = 0.0001, beta = 0.75, bias = 1 }) {
  const [batch, channels] = dims;
  const inner = size(dims) / batch / channels;
  const y = new Array(x.length);
  for (let b = 0; b < batch; b++)
    for (let c = 0; c < channels; c++)
      for (let j = 0; j < inner; j++) {
        let squares = 0;
        for (let i = Math.max(0, c - Math.floor((n - 1) / 2)); i <= Math.min(channels - 1, c + Math.ceil((n - 1) / 2)); i++) squares += x[(b * channels + i) * inner + j] ** 2;
        const at = (b * channels + c) * inner + j;
        y[at] = x[at] / (bias + (alpha / n) * squares) ** beta;
      }
  return y;
}

// MeanVarianceNormalization's function body, in float64: (X - mean) / (sqrt(E[X^2] - mean^2) + 1e-9)
// computed as (X - mean) / (sqrt(E[(X - mean)^2]) + 1e-9), the same value.
function referenceMvn(x, dims, axes = [0, 2, 3]) {
  const reduced = dims.map((_, a) => axes.some((r) => (r + dims.length) % dims.length === a));
  const groupOf = (flat) => {
    let g = 0;
    for (let a = dims.length - 1, f = flat, stride = 1; a >= 0; a--) {
      const c = f % dims[a];
      f = Math.floor(f / dims[a]);
      if (!reduced[a]) { g += c * stride; stride *= dims[a]; }
    }
    return g;
  };
  const groups = new Map();
  x.forEach((v, i) => { const g = groupOf(i); (groups.get(g) ?? groups.set(g, []).get(g)).push(v); });
  const stats = new Map([...groups].map(([g, vs]) => {
    const mean = vs.reduce((a, b) => a + b, 0) / vs.length;
    return [g, { mean, std: Math.sqrt(vs.reduce((a, b) => a + (b - mean) ** 2, 0) / vs.length) }];
  }));
  return x.map((v, i) => { const { mean, std } = stats.get(groupOf(i)); return (v - mean) / (std + 1e-9); });
}

const FLOATS = ['float64', 'float32', 'float16'];
// 120 elements summed in float64 and their mean subtracted, over a deviation of order 1.
const MVN_FLOOR = 1e-12;

for (const [version, types] of [[1, FLOATS], [13, [...FLOATS, 'bfloat16']]]) {
  describe(`LRN-${version}`, () => {
    for (const type of types) {
      test(`${type}: ranks 2 to 5, window sizes 1 to 6, attributes, edge values`, () => {
        const cases = [[[2, 5], { size: 3 }], [[1, 7, 4], { size: 2, alpha: 0.5, beta: 0.5, bias: 2 }], [[2, 6, 3, 5], { size: 5, alpha: 0.01 }],
          [[1, 4, 2, 3, 2], { size: 4, beta: 1.25 }], [[1, 3, 9], { size: 6, alpha: 1, bias: 0.5 }], [[1, 8, 5, 5], { size: 1 }]];
        cases.forEach(([dims, attrs], k) => {
          for (const edges of [false, true]) {
            const x = data(type, size(dims), version * 31 + k, edges);
            const y = ops.LRN(new Tensor(type, x, dims), { opset: version, ...attrs });
            assert.deepEqual([...y.dims], dims);
            const want = referenceLrn(Array.from(x, FLOAT_TYPES[type].decode), dims, attrs);
            assertClose(type, y.data, want, 4 * (attrs.size + 8), `${type} [${dims}] ${JSON.stringify(attrs)}${edges ? ' edges' : ''}`);
          }
        });
      });
    }
  });

  describe(`MeanVarianceNormalization-${version === 1 ? 9 : 13}`, () => {
    const opset = version === 1 ? 9 : 13;
    for (const type of types) {
      test(`${type}: the default axes, every axes set of a 4-D input, negative axes, other ranks, edge values`, () => {
        const dims = [2, 3, 4, 5];
        const sets = [undefined];
        for (let mask = 1; mask < 16; mask++) sets.push([0, 1, 2, 3].filter((a) => mask & (1 << a)));
        sets.forEach((axes, k) => {
          const x = data(type, size(dims), opset * 7 + k, false);
          const y = ops.MeanVarianceNormalization(new Tensor(type, x, dims), { opset, ...(axes ? { axes } : {}) });
          // x - mean cancels: its float64 error, relative to the values' scale (outputs of order 1), in MVN_FLOOR
          assertClose(type, y.data, referenceMvn(Array.from(x, FLOAT_TYPES[type].decode), dims, axes), 64, `${type} axes ${axes ?? 'default'}`, MVN_FLOOR);
        });
        for (const [shape, axes] of [[[3, 7], [-1]], [[2, 3, 4], [0, -1]], [[1, 2, 3, 2, 2], [2, 3, 4]]]) {
          const x = data(type, size(shape), opset + shape.length, false);
          const y = ops.MeanVarianceNormalization(new Tensor(type, x, shape), { opset, axes });
          assertClose(type, y.data, referenceMvn(Array.from(x, FLOAT_TYPES[type].decode), shape, axes), 64, `${type} [${shape}] axes ${axes}`, MVN_FLOOR);
        }
        // NaN and infinities make their group's outputs NaN; a constant group gives 0s
        const x = data(type, 2 * 3 * 2 * 2, opset, true);
        const y = ops.MeanVarianceNormalization(new Tensor(type, x, [2, 3, 2, 2]), { opset });
        assertClose(type, y.data, referenceMvn(Array.from(x, FLOAT_TYPES[type].decode), [2, 3, 2, 2]), 64, `${type} edges`, MVN_FLOOR);
        const flat = ops.MeanVarianceNormalization(new Tensor(type, new FLOAT_TYPES[type].array(8).fill(FLOAT_TYPES[type].encode(3)), [1, 2, 2, 2]), { opset });
        assert.deepEqual(Array.from(flat.data, FLOAT_TYPES[type].decode), new Array(8).fill(0));
      });
    }
  });
}

describe('LRN and MeanVarianceNormalization: empty tensors and refusals', () => {
  test('empty tensors give empty outputs', () => {
    assert.deepEqual([...ops.LRN(new Tensor('float32', new Float32Array(0), [0, 3, 2]), { size: 3 }).dims], [0, 3, 2]);
    assert.deepEqual([...ops.MeanVarianceNormalization(new Tensor('float32', new Float32Array(0), [2, 0, 2, 2])).dims], [2, 0, 2, 2]);
  });

  test('refusals name the attribute or input', () => {
    const x = new Tensor('float32', new Float32Array(24), [1, 2, 3, 4]);
    assert.throws(() => ops.LRN(x), isError(/^LRN-13: .*attribute 'size' is required/));
    assert.throws(() => ops.LRN(x, { size: 0 }), isError(/attribute 'size' must be positive, got 0/));
    assert.throws(() => ops.LRN(new Tensor('float32', new Float32Array(3), [3]), { size: 1 }), isError(/input X must have rank 2 or more/));
    assert.throws(() => ops.MeanVarianceNormalization(x, { axes: [4] }), isError(/^MeanVarianceNormalization-13: .*attribute 'axes' \[4\] has 4, out of range for input X of shape \[1,2,3,4\]/));
    assert.throws(() => ops.MeanVarianceNormalization(x, { axes: [1, -3] }), isError(/attribute 'axes' \[1,-3\] names axis 1 twice/));
    assert.throws(() => ops.MeanVarianceNormalization(new Tensor('float32', new Float32Array(3), [3])), isError(/attribute 'axes' \[0,2,3\] has 2, out of range/));
  });
});

test('ONNX\'s backend cases of LRN and MeanVarianceNormalization pass', NEEDS_ONNX_CASES, async () => {
  await assertOnnxCasesPass(['LRN', 'MeanVarianceNormalization']);
});
