// Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal, Erf, Sign and the trigonometric and hyperbolic
// functions through the public API: every version and
// type, edge values (±0, ±inf, NaN, subnormals, overflow, integer limits), every length 0..67 (SIMD main
// loops and tails), against plain-JS references in float64 (helpers/math-reference.mjs) within each
// type's bound; options.out, in place, in blocks; the version rules.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { EXACT, MATH, ulpDistance } from './helpers/math-reference.mjs';
import { FLOAT_TYPES, INT_TYPES, floatData, intEdges, randomInt, rng } from '../../tools/values.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const FLOAT_BF16 = [...FLOAT, 'bfloat16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const SIGNED = ['int8', 'int16', 'int32', 'int64'];

// [op, since version, types]: every variant.
const VARIANTS = [
  ...['Sigmoid', 'Tanh', 'Exp', 'Log', 'Sqrt', 'Reciprocal'].flatMap((op) => [[op, 1, FLOAT], [op, 6, FLOAT], [op, 13, FLOAT_BF16]]),
  ['Abs', 1, FLOAT], ['Abs', 6, [...FLOAT, ...INTS]], ['Abs', 13, [...FLOAT_BF16, ...INTS]],
  ['Neg', 1, FLOAT], ['Neg', 6, [...FLOAT, ...SIGNED]], ['Neg', 13, [...FLOAT_BF16, ...SIGNED]],
  ['Erf', 9, [...FLOAT, ...INTS]], ['Erf', 13, [...FLOAT_BF16, ...INTS]],
  ['Sign', 9, [...FLOAT, ...INTS]], ['Sign', 13, [...FLOAT_BF16, ...INTS]],
  ...['Sin', 'Cos', 'Tan', 'Asin', 'Acos', 'Atan'].flatMap((op) => [[op, 7, FLOAT], [op, 22, FLOAT_BF16]]),
  ...['Sinh', 'Cosh', 'Asinh', 'Acosh', 'Atanh'].flatMap((op) => [[op, 9, FLOAT], [op, 22, FLOAT_BF16]]),
];

// The bound in ulps of the type, from the float64 reference: float32 2 (the kernels' own bound, the
// reference's error far below it), the half types 1 (computed in float32, rounded once), float64 the C
// library's error plus the reference's (Math.* within 1 ulp; Erf's correctly rounded).
const F64_ULPS = { Exp: 2, Log: 2, Tanh: 3, Sigmoid: 3, Erf: 2, Sin: 2, Cos: 2, Tan: 2, Asin: 2, Acos: 2, Atan: 2, Sinh: 3, Cosh: 3,
  Asinh: 3, Acosh: 3, Atanh: 3 };
const bound = (op, type) => (EXACT.has(op) ? 0 : type === 'float64' ? F64_ULPS[op] : type === 'float32' ? 2 : 1);

// Values where the functions change: subnormal results of Exp and Sigmoid, their overflow, Tanh's switch
// at 0.625, Log's of subnormals and below 0, the inverse functions' domains (±1), Sinh's and Cosh's
// overflow, the trigonometric functions' argument reduction (large x).
const MATH_EDGES = [-0, 0, 1, -1, 88.72, 88.73, -87.5, -103.9, -104, 0.625, -0.62, 9.1, -9.1, 1e-40, -1e-40, 1e-310, 0.7071, 1.4142,
  3.9, -3.9, 700, -740, 710, 2 ** -149, 65504, -65504, 1e-7, 5e-8, 0.99999994, -0.99999994, 1.0000001, 89.4, -89.5, 1e22, 3.14159265,
  1.5707963, 1e6];

function floatInput(type, n, seed) {
  const { encode } = FLOAT_TYPES[type];
  const x = floatData(type, n, seed);
  for (let i = 0; i < n; i++) if (i >= 23 && i - 23 < MATH_EDGES.length) x[i] = encode(MATH_EDGES[i - 23]);
  return x;
}

function intInput(type, n, seed) {
  const edges = intEdges(type);
  const next = rng(seed);
  return INT_TYPES[type].array.from({ length: n }, (_, i) => (i < edges.length ? edges[i] : randomInt(type, next)));
}

// The integer reference: Abs and Neg wrap into the type; Erf truncates erf (in float64) toward zero.
function intReference(op, type, v) {
  const wrap = (w) => INT_TYPES[type].array.of(w)[0];
  const big = typeof v === 'bigint';
  if (op === 'Abs') return wrap(v < 0 ? -v : v);
  if (op === 'Neg') return wrap(-v);
  if (op === 'Sign') { const sign = v > 0 ? 1 : v < 0 ? -1 : 0; return wrap(big ? BigInt(sign) : sign); }
  const e = Math.trunc(MATH.Erf(Number(v))) + 0;
  return big ? BigInt(e) : e;
}

function checkResult(op, version, type, x, y) {
  if (FLOAT_TYPES[type]) {
    const { decode, encode } = FLOAT_TYPES[type];
    const limit = bound(op, type);
    for (let i = 0; i < x.length; i++) {
      const v = decode(x[i]);
      const want = decode(encode(MATH[op](v)));
      const got = decode(y[i]);
      const d = ulpDistance(type, got, want);
      if (!(d <= limit) || (limit === 0 && !Number.isNaN(want) && !Object.is(got, want))) {
        assert.fail(`${op}-${version} ${type} x=${v}: got ${got}, want ${want} (${d} ulp, bound ${limit})`);
      }
    }
  } else {
    for (let i = 0; i < x.length; i++) {
      const want = intReference(op, type, x[i]);
      if (y[i] !== want) assert.fail(`${op}-${version} ${type} x=${x[i]}: got ${y[i]}, want ${want}`);
    }
  }
}

for (const [op, version, types] of VARIANTS) {
  describe(`${op}-${version}`, () => {
    for (const type of types) {
      test(`${type}: edge values and every length 0..67`, () => {
        for (const n of [...Array(68).keys(), 1000]) {
          const x = FLOAT_TYPES[type] ? floatInput(type, n, n + 1) : intInput(type, n, n + 1);
          const y = ops[op](new Tensor(type, x, [n]), { opset: version });
          assert.equal(y.type, type);
          assert.deepEqual([...y.dims], [n]);
          checkResult(op, version, type, x, y.data);
        }
      });
    }
  });
}

describe('unary math: every float16 and bfloat16 bit pattern', () => {
  for (const type of ['float16', 'bfloat16']) {
    for (const op of Object.keys(MATH)) {
      test(`${op} ${type}`, () => {
        const x = Uint16Array.from({ length: 65536 }, (_, i) => i);
        checkResult(op, 13, type, x, ops[op](new Tensor(type, x, [x.length])).data);
      });
    }
  }
});

describe('unary math: options.out, in place and large calls in blocks', () => {
  // 300 000 elements of float32 (1.2 MB) run in blocks of 512 KiB when they are in JS memory.
  for (const op of Object.keys(MATH)) {
    for (const type of ['float32', 'float16', ...(op === 'Abs' || op === 'Neg' ? ['int8', 'int64'] : [])]) {
      test(`${op} ${type}`, () => {
        for (const dims of [[64, 64], [600, 500]]) {
          const n = dims[0] * dims[1];
          const x = FLOAT_TYPES[type] ? floatInput(type, n, 5) : intInput(type, n, 5);
          const plain = ops[op](new Tensor(type, x, dims));
          checkResult(op, 13, type, x, plain.data);
          for (const location of ['cpu', 'wasm']) {
            const make = (values) => (location === 'wasm' ? Tensor.wasm(type, dims, values) : new Tensor(type, values, dims));
            const input = make(x.slice());
            const out = make(new x.constructor(n));
            assert.equal(ops[op](input, { out }), out);
            assert.deepEqual(out.data, plain.data, `${op} ${type} ${dims} into out in ${location}`);
            assert.equal(ops[op](input, { out: input }), input);
            assert.deepEqual(input.data, plain.data, `${op} ${type} ${dims} in place in ${location}`);
            input.dispose();
            out.dispose();
          }
        }
      });
    }
  }
});

describe('unary math: version rules', () => {
  test('bfloat16 from 13; integer types from 6 (Abs, Neg) and 9 (Erf)', () => {
    const bf = new Tensor('bfloat16', new Uint16Array([0x3f80])); // 1
    assert.deepEqual([...ops.Exp(bf).data], [0x402e]); // e, rounded to bfloat16
    assert.throws(() => ops.Exp(bf, { opset: 12 }), (e) => e instanceof OnnxWasmError && /^Exp-6: input 0 has type bfloat16, which this version does not accept/.test(e.message));
    assert.throws(() => ops.Abs(new Tensor('int32', [-1]), { opset: 5 }), (e) => /^Abs-1: input 0 has type int32/.test(e.message));
    assert.deepEqual([...ops.Abs(new Tensor('int32', [-1]), { opset: 6 }).data], [1]);
    assert.throws(() => ops.Neg(new Tensor('uint8', [1])), (e) => /^Neg-13: input 0 has type uint8, which this version does not accept/.test(e.message));
    assert.throws(() => ops.Erf(new Tensor('float32', [1]), { opset: 8 }), (e) => e.code === 'UNSUPPORTED' && /^Erf: opset 8 is older than its first version 9/.test(e.message));
    for (const op of ['Sigmoid', 'Tanh', 'Exp', 'Log', 'Sqrt', 'Reciprocal']) {
      assert.throws(() => ops[op](new Tensor('int32', [1])), (e) => e.code === 'INVALID_ARGUMENT' && new RegExp(`^${op}-13: input 0 has type int32`).test(e.message));
    }
  });

  test('consumed_inputs is accepted by version 1 only', () => {
    const x = new Tensor('float32', [4]);
    assert.deepEqual([...ops.Sqrt(x, { opset: 1, consumed_inputs: [0] }).data], [2]);
    assert.throws(() => ops.Sqrt(x, { opset: 6, consumed_inputs: [0] }), (e) => /^Sqrt-6: attribute 'consumed_inputs' is not defined by this version \(defined by version 1\)/.test(e.message));
    assert.throws(() => ops.Erf(x, { consumed_inputs: [0] }), (e) => /^Erf-13: attribute 'consumed_inputs' is not defined/.test(e.message));
  });

  test('shape is kept, including empty and rank-0 tensors', () => {
    assert.deepEqual([...ops.Exp(new Tensor('float32', new Float32Array(0), [2, 0, 3])).dims], [2, 0, 3]);
    const s = ops.Log(new Tensor('float64', [1], []));
    assert.deepEqual([...s.dims], []);
    assert.deepEqual([...s.data], [0]);
  });
});
