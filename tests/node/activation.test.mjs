// HardSigmoid, HardSwish, LeakyRelu, PRelu, Elu, Selu, Celu, Softplus, Softsign, Gelu, Mish,
// ThresholdedRelu, Shrink through the public API: every version, type and attribute mode, edge values
// (±0, ±inf, NaN, subnormals, overflow, integer limits), lengths through the SIMD main loops and tails,
// against plain-JS references (helpers/activation-reference.mjs): the exact activations bit for bit,
// the transcendental ones within 1 ulp of float64's result (float32 and the half types) or 3 (float64:
// the C library's error plus the reference's); PRelu's slope broadcast; the version rules.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { EXACT, TRANSCENDENTAL } from './helpers/activation-reference.mjs';
import { broadcastShape, inputIndex } from './helpers/reference.mjs';
import { ulpDistance } from './helpers/math-reference.mjs';
import { FLOAT_TYPES, INT_TYPES, floatData, intEdges, randomInt, rng } from '../../tools/values.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const FLOAT_BF16 = [...FLOAT, 'bfloat16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];

// [op, since version, types, attribute sets]: every variant.
const VARIANTS = [
  ...[1, 6, 22].map((v) => ['HardSigmoid', v, v < 22 ? FLOAT : FLOAT_BF16, [{}, { alpha: 0.3, beta: 0.4 }, { alpha: -0.1, beta: 0.7 }]]),
  ...[14, 22].map((v) => ['HardSwish', v, v < 22 ? FLOAT : FLOAT_BF16, [{}]]),
  ...[1, 6, 16].map((v) => ['LeakyRelu', v, v < 16 ? FLOAT : FLOAT_BF16, [{}, { alpha: 0.2 }, { alpha: -1.5 }]]),
  ...[1, 6, 22].map((v) => ['Elu', v, v < 22 ? FLOAT : FLOAT_BF16, [{}, { alpha: 2 }, { alpha: 0.1 }]]),
  ...[1, 6, 22].map((v) => ['Selu', v, v < 22 ? FLOAT : FLOAT_BF16, [{}, { alpha: 2, gamma: 3 }]]),
  ['Celu', 12, ['float32'], [{}, { alpha: 0.5 }, { alpha: 3 }]],
  ['Celu', 28, FLOAT_BF16, [{}, { alpha: 0.5 }, { alpha: 3 }]],
  ...[1, 22].map((v) => ['Softplus', v, v < 22 ? FLOAT : FLOAT_BF16, [{}]]),
  ...[1, 22].map((v) => ['Softsign', v, v < 22 ? FLOAT : FLOAT_BF16, [{}]]),
  ['Gelu', 20, FLOAT_BF16, [{}, { approximate: 'none' }, { approximate: 'tanh' }]],
  ...[18, 22].map((v) => ['Mish', v, v < 22 ? FLOAT : FLOAT_BF16, [{}]]),
  ...[10, 22].map((v) => ['ThresholdedRelu', v, v < 22 ? FLOAT : FLOAT_BF16, [{}, { alpha: -0.5 }, { alpha: 2 }]]),
  ['Shrink', 9, [...FLOAT, ...INTS], [{}, { lambd: 1.5, bias: 1.5 }, { lambd: 0, bias: -2.25 }]],
];

// Where the activations change: subnormals, the exponential's overflow and underflow, float16's range.
const EDGES = [-0, 0, NaN, Infinity, -Infinity, 1, -1, 0.5, -0.5, 3, -3, 6, -6, 1e-40, -1e-40, 1e-310, -1e-310, 5e-324, 88.7, -88.7,
  -103.9, 709, -709, 745, -745, 1e30, -1e30, 3.4e38, -3.4e38, 65504, -65504, 1e-7, -5e-8, -20, -37.5, 2.5, -2.5, 1.5, -1.5];

function floatInput(type, n, seed) {
  const { encode } = FLOAT_TYPES[type];
  const x = floatData(type, n, seed, 40);
  for (let i = 0; i < n && i < EDGES.length; i++) x[(i * 7 + seed) % n] = encode(EDGES[i]);
  return x;
}

function intInput(type, n, seed) {
  const edges = intEdges(type);
  const next = rng(seed);
  return INT_TYPES[type].array.from({ length: n }, (_, i) => (i < edges.length ? edges[i] : randomInt(type, next)));
}

// The attributes as the kernels hold them: float32 values.
const float32Attributes = (a) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, typeof v === 'number' ? Math.fround(v) : v]));

// The reference result of one element of a float type, as a number of that type.
function floatReference(op, version, type, attrs, v) {
  const { encode, decode } = FLOAT_TYPES[type];
  if (EXACT[op]) return decode(encode(EXACT[op](v, attrs, type === 'float64' ? (w) => w : Math.fround)));
  return decode(encode(TRANSCENDENTAL[op](v, attrs, version)));
}

// Shrink of an integer: in float64, truncated toward zero and saturated to the type.
function intShrink(type, attrs, v) {
  const { min, max } = INT_TYPES[type];
  const y = Math.trunc(EXACT.Shrink(Number(v), attrs, (w) => w)) + 0;
  const big = typeof min === 'bigint';
  if (y <= Number(min)) return min;
  if (y >= Number(max)) return max;
  return big ? BigInt(y) : y;
}

function check(op, version, type, attrs, x, y, label) {
  const a = float32Attributes(attrs);
  if (!FLOAT_TYPES[type]) {
    for (let i = 0; i < x.length; i++) {
      const want = intShrink(type, a, x[i]);
      if (y[i] !== want) assert.fail(`${label} x=${x[i]}: got ${y[i]}, want ${want}`);
    }
    return;
  }
  const { decode } = FLOAT_TYPES[type];
  const limit = EXACT[op] ? 0 : type === 'float64' ? 3 : 1;
  for (let i = 0; i < x.length; i++) {
    const v = decode(x[i]);
    const want = floatReference(op, version, type, a, v);
    const got = decode(y[i]);
    const d = ulpDistance(type, got, want);
    if (!(d <= limit) || (limit === 0 && !Object.is(got, want) && !Number.isNaN(want))) {
      assert.fail(`${label} x=${v}: got ${got}, want ${want} (${d} ulp, bound ${limit})`);
    }
  }
}

// Lengths through the four-vector and one-vector loops and the tails; the transcendental activations,
// scalar, fewer.
const lengths = (op) => (EXACT[op] ? [...Array(40).keys(), 67, 1000] : [0, 1, 5, 17, 67, 300]);

for (const [op, version, types, attributeSets] of VARIANTS) {
  describe(`${op}-${version}`, () => {
    for (const type of types) {
      for (const attrs of attributeSets) {
        test(`${type} ${JSON.stringify(attrs)}: edge values`, () => {
          for (const n of lengths(op)) {
            const x = FLOAT_TYPES[type] ? floatInput(type, n, n + 1) : intInput(type, n, n + 1);
            const y = ops[op](new Tensor(type, x, [n]), { ...attrs, opset: version });
            assert.equal(y.type, type);
            assert.deepEqual([...y.dims], [n]);
            check(op, version, type, attrs, x, y.data, `${op}-${version} ${type} ${JSON.stringify(attrs)}`);
          }
        });
      }
    }
  });
}

describe('activations: every float16 and bfloat16 bit pattern', () => {
  const x = Uint16Array.from({ length: 65536 }, (_, i) => i);
  for (const type of ['float16', 'bfloat16']) {
    for (const [op, attrs] of [['HardSigmoid', {}], ['HardSwish', {}], ['LeakyRelu', {}], ['Elu', {}], ['Selu', {}], ['Softplus', {}], ['Softsign', {}], ['Mish', {}], ['ThresholdedRelu', {}], ['Gelu', { approximate: 'tanh' }]]) {
      test(`${op} ${type}`, () => {
        check(op, 22, type, attrs, x, ops[op](new Tensor(type, x, [x.length]), attrs).data, `${op} ${type}`);
      });
    }
  }
});

describe('PRelu', () => {
  const prelu = (type, x, slope) => {
    // The integer product wraps: Math.imul for 32 bits, BigInt for 64.
    const product = { int32: Math.imul, uint32: (a, b) => Math.imul(a, b) >>> 0, int64: (a, b) => BigInt.asIntN(64, a * b),
      uint64: (a, b) => BigInt.asUintN(64, a * b) }[type];
    if (!FLOAT_TYPES[type]) return x > 0 ? x : product(x, slope);
    const { encode, decode } = FLOAT_TYPES[type];
    const round = type === 'float64' ? (w) => w : Math.fround;
    const v = decode(x);
    return v > 0 ? v : decode(encode(round(v * decode(slope))));
  };
  const VERSIONS = [[1, FLOAT], [6, FLOAT], [7, FLOAT], [9, [...FLOAT, 'int32', 'int64', 'uint32', 'uint64']],
    [16, [...FLOAT_BF16, 'int32', 'int64', 'uint32', 'uint64']]];
  for (const [version, types] of VERSIONS) {
    for (const type of types) {
      test(`PRelu-${version} ${type}: the slope of X's shape, of one element and broadcast`, () => {
        for (const [xDims, slopeDims] of [[[37], [37]], [[3, 5, 7], [1]], [[2, 3, 4, 5], [3, 1, 1]], [[2, 3, 4, 5], [5]], [[4, 9], [4, 1]], [[0, 3], [3]]]) {
          const n = xDims.reduce((p, d) => p * d, 1);
          const m = slopeDims.reduce((p, d) => p * d, 1);
          const x = FLOAT_TYPES[type] ? floatInput(type, n, n + 3) : intInput(type, n, n + 3);
          const slope = FLOAT_TYPES[type] ? floatInput(type, m, m + 5) : intInput(type, m, m + 5);
          const y = ops.PRelu([new Tensor(type, x, xDims), new Tensor(type, slope, slopeDims)], { opset: version });
          assert.deepEqual([...y.dims], xDims);
          const outDims = broadcastShape([xDims, slopeDims]);
          for (let i = 0; i < n; i++) {
            const want = prelu(type, x[i], slope[inputIndex(outDims, slopeDims, i)]);
            const got = FLOAT_TYPES[type] ? FLOAT_TYPES[type].decode(y.data[i]) : y.data[i];
            if (!Object.is(got, want) && !(Number.isNaN(got) && Number.isNaN(want))) {
              assert.fail(`PRelu-${version} ${type} ${xDims} ${slopeDims} at ${i}: x=${x[i]}, got ${got}, want ${want}`);
            }
          }
        }
      });
    }
  }
  test('a slope that does not broadcast to X is refused, naming both shapes', () => {
    assert.throws(() => ops.PRelu([new Tensor('float32', new Float32Array(6), [2, 3]), new Tensor('float32', new Float32Array(4), [2, 2])]),
      (e) => e instanceof OnnxWasmError && /^PRelu-16: /.test(e.message) && /broadcast/.test(e.message));
    assert.throws(() => ops.PRelu([new Tensor('float32', new Float32Array(3), [3]), new Tensor('float32', new Float32Array(6), [2, 3])]),
      (e) => e instanceof OnnxWasmError && /^PRelu-16: input 'slope' of shape \[2,3\] does not broadcast to X's shape \[3\]/.test(e.message));
  });
});

describe('activations: options.out, in place and large calls in blocks', () => {
  for (const [op, attrs] of [['HardSwish', {}], ['LeakyRelu', { alpha: 0.1 }], ['Gelu', {}], ['Shrink', { lambd: 1 }]]) {
    for (const type of ['float32', 'float16']) {
      test(`${op} ${type}`, () => {
        const dims = [600, 500];
        const n = dims[0] * dims[1];
        const x = floatData(type, n, 5, 10);
        const plain = ops[op](new Tensor(type, x, dims), attrs);
        check(op, 25, type, attrs, x.subarray(0, 2000), plain.data.subarray(0, 2000), `${op} ${type}`);
        for (const location of ['cpu', 'wasm']) {
          const make = (values) => (location === 'wasm' ? Tensor.wasm(type, dims, values) : new Tensor(type, values, dims));
          const input = make(x.slice());
          const out = make(new x.constructor(n));
          assert.equal(ops[op](input, { ...attrs, out }), out);
          assert.deepEqual(out.data, plain.data, `${op} ${type} into out in ${location}`);
          assert.equal(ops[op](input, { ...attrs, out: input }), input);
          assert.deepEqual(input.data, plain.data, `${op} ${type} in place in ${location}`);
          input.dispose();
          out.dispose();
        }
      });
    }
  }
});

describe('activations: version rules', () => {
  const f32 = new Tensor('float32', [1]);
  const bf = new Tensor('bfloat16', new Uint16Array([0x3f80]));
  test('bfloat16 from the version that adds it', () => {
    for (const [op, before, from] of [['HardSigmoid', 6, 22], ['LeakyRelu', 6, 16], ['Elu', 6, 22], ['Selu', 6, 22], ['Softplus', 1, 22],
      ['Softsign', 1, 22], ['Mish', 18, 22], ['ThresholdedRelu', 10, 22], ['HardSwish', 14, 22]]) {
      assert.throws(() => ops[op](bf, { opset: from - 1 }), (e) => e instanceof OnnxWasmError && new RegExp(`^${op}-${before}: input 0 has type bfloat16`).test(e.message));
      assert.equal(ops[op](bf, { opset: from }).type, 'bfloat16');
    }
    assert.throws(() => ops.Shrink(bf), (e) => /^Shrink-9: input 0 has type bfloat16/.test(e.message));
    assert.throws(() => ops.Celu(new Tensor('float64', [1]), { opset: 27 }), (e) => /^Celu-12: input 0 has type float64/.test(e.message));
    assert.equal(ops.Celu(bf, { opset: 28 }).type, 'bfloat16');
  });
  test('first versions', () => {
    for (const [op, first] of [['HardSwish', 14], ['Celu', 12], ['Gelu', 20], ['Mish', 18], ['ThresholdedRelu', 10], ['Shrink', 9]]) {
      assert.throws(() => ops[op](f32, { opset: first - 1 }), (e) => e.code === 'UNSUPPORTED' && new RegExp(`^${op}: opset ${first - 1} is older than its first version ${first}`).test(e.message));
    }
  });
  test('consumed_inputs is accepted by version 1 only; Selu-1 has its own defaults', () => {
    for (const op of ['HardSigmoid', 'LeakyRelu', 'Elu', 'Selu']) {
      ops[op](f32, { opset: 1, consumed_inputs: [0] });
      assert.throws(() => ops[op](f32, { opset: 6, consumed_inputs: [0] }), (e) => e instanceof OnnxWasmError && /consumed_inputs/.test(e.message));
    }
    const x = new Tensor('float64', [2]);
    assert.equal(ops.Selu(x, { opset: 1 }).data[0], 2 * Math.fround(1.0507));
    assert.equal(ops.Selu(x, { opset: 6 }).data[0], 2 * Math.fround(1.05070102214813232421875));
  });
  test('attributes are checked', () => {
    assert.throws(() => ops.Gelu(f32, { approximate: 'erf' }), (e) => e instanceof OnnxWasmError && /approximate/.test(e.message));
    assert.throws(() => ops.Celu(f32, { alpha: 0 }), (e) => e instanceof OnnxWasmError && /^Celu-28: .*'alpha' must not be 0/.test(e.message));
    assert.throws(() => ops.HardSwish(f32, { alpha: 0.5 }), (e) => e instanceof OnnxWasmError && /alpha/.test(e.message));
  });
});
