// Plain-JS references for the elementwise math operators, in float64 (Math.* and the definitions), and
// the distance in ulps between two values of a float type.
import { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../../tools/half-codecs.mjs';

// erf(x) correctly rounded to float64: its Taylor series in fixed point with 45 decimal digits (BigInt),
// whose cancellation up to |x| = 6 costs at most 16 of them (the largest term, 6^71 / 35! / 71, is 4e15), read back through parseFloat (correctly
// rounded). Beyond 6, erf rounds to ±1; below 2^-28 to 2x/sqrt(pi), whose next term is below an ulp.
const DIGITS = 45n;
const SCALE = 10n ** DIGITS;
// 2/sqrt(pi) to 90 digits, times 10^90
const TWO_OVER_SQRT_PI = 1128379167095512573896158903121545171688101258657997713688171443421284936882986828973487320n;
function toFixed(x) {
  let e = 0;
  let m = x;
  while (!Number.isInteger(m)) { m *= 2; e--; }
  return (BigInt(m) * SCALE) / 2n ** BigInt(-e);
}
const erfCache = new Map();
export function erf(x) {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) >= 6) return Math.sign(x);
  if (Math.abs(x) < 2 ** -28) return x * 1.1283791670955126;
  let y = erfCache.get(x);
  if (y === undefined) erfCache.set(x, (y = erfSeries(x)));
  return y;
}
function erfSeries(x) {
  const X = toFixed(x);
  const X2 = (X * X) / SCALE;
  let term = X;
  let sum = X;
  for (let n = 1n; term !== 0n; n++) {
    term = (-term * X2) / SCALE / n;
    sum += term / (2n * n + 1n);
  }
  const fixed = (sum * TWO_OVER_SQRT_PI) / 10n ** 90n; // erf(x) * 10^45
  const negative = fixed < 0n;
  const digits = (negative ? -fixed : fixed).toString().padStart(Number(DIGITS) + 1, '0');
  return parseFloat(`${negative ? '-' : ''}${digits.slice(0, -Number(DIGITS))}.${digits.slice(-Number(DIGITS))}`);
}

export function sigmoid(x) {
  const e = Math.exp(-Math.abs(x));
  return (x < 0 ? e : 1) / (1 + e);
}

/** The float64 reference of each operator over numbers. */
export const MATH = {
  Sigmoid: sigmoid,
  Tanh: Math.tanh,
  Exp: Math.exp,
  Log: Math.log,
  Sqrt: Math.sqrt,
  Abs: Math.abs,
  Neg: (x) => -x,
  Reciprocal: (x) => 1 / x,
  Erf: erf,
  // NumPy's sign (ONNX's reference): +0 for ±0, NaN for NaN.
  Sign: (x) => (x > 0 ? 1 : x < 0 ? -1 : x === 0 ? 0 : NaN),
  Sin: Math.sin,
  Cos: Math.cos,
  Tan: Math.tan,
  Asin: Math.asin,
  Acos: Math.acos,
  Atan: Math.atan,
  Sinh: Math.sinh,
  Cosh: Math.cosh,
  Asinh: Math.asinh,
  Acosh: Math.acosh,
  Atanh: Math.atanh,
};

/** Operators whose result is exact (correctly rounded in every type). */
export const EXACT = new Set(['Abs', 'Neg', 'Reciprocal', 'Sqrt', 'Sign']);

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
const f64 = new Float64Array(1);
const i64 = new BigInt64Array(f64.buffer);

// A value's position on its type's number line: adjacent values differ by 1, ±0 are 0.
const ORDINAL = {
  float64: (v) => { f64[0] = v; const b = i64[0]; return b < 0n ? -(b & 0x7fffffffffffffffn) : b; },
  float32: (v) => { f32[0] = v; const b = i32[0]; return BigInt(b < 0 ? -(b & 0x7fffffff) : b); },
  float16: (v) => { const b = numberToF16(v); return BigInt(b & 0x8000 ? -(b & 0x7fff) : b); },
  bfloat16: (v) => { const b = numberToBf16(v); return BigInt(b & 0x8000 ? -(b & 0x7fff) : b); },
};

/** How many values of `type` lie between got and want (both numbers of that type); NaN only matches NaN. */
export function ulpDistance(type, got, want) {
  if (Number.isNaN(got) || Number.isNaN(want)) return Number.isNaN(got) && Number.isNaN(want) ? 0 : Infinity;
  const d = ORDINAL[type](got) - ORDINAL[type](want);
  return Number(d < 0n ? -d : d);
}

export { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 };
