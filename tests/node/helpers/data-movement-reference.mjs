// Independent references for Constant, Identity, Cast, Shape, Gather and Concat (tests/node): written
// from the ONNX definitions and IEEE 754 in exact arithmetic on numbers and bigints, sharing no code
// with the implementation.
import { INT_TYPES } from '../../../tools/values.mjs';
import { f16ToNumber, numberToF16 } from './reference.mjs';

const FLOATS = new Set(['float32', 'float64', 'float16', 'bfloat16']);
const BITS = { int8: 8, int16: 16, int32: 32, int64: 64, uint8: 8, uint16: 16, uint32: 32, uint64: 64 };

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

// x rounded to nearest even with p significant bits, normal exponents from emin, +-inf beyond max.
export function roundTo(x, p, emin, max) {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1;
  if (2 ** (e + 1) <= a) e += 1;
  const quantum = 2 ** (Math.max(e, emin) - (p - 1));
  const q = a / quantum;
  let r = Math.floor(q);
  if (q - r > 0.5 || (q - r === 0.5 && r % 2 === 1)) r += 1;
  const v = r * quantum;
  const limit = max + 2 ** (Math.floor(Math.log2(max)) - p); // halfway to the next power of two
  return Math.sign(x) * (v >= limit ? Infinity : Math.min(v, max) === v ? v : max);
}
const BF16_MAX = (2 - 2 ** -7) * 2 ** 127;
export function bf16Bits(x) {
  if (Number.isNaN(x)) return 0x7fc0;
  f32[0] = Object.is(x, -0) ? -0 : roundTo(x, 8, -126, BF16_MAX);
  return u32[0] >>> 16;
}
export const bf16Value = (h) => ((u32[0] = h << 16), f32[0]);

// A bigint rounded to p significant bits, to nearest even (exact for the float types' integers).
function roundBig(b, p) {
  const negative = b < 0n;
  let m = negative ? -b : b;
  const bits = m.toString(2).length;
  if (bits > p) {
    const drop = BigInt(bits - p);
    const low = m & ((1n << drop) - 1n);
    const half = 1n << (drop - 1n);
    m >>= drop;
    if (low > half || (low === half && (m & 1n) === 1n)) m += 1n;
    m <<= drop;
  }
  return Number(negative ? -m : m); // at most p <= 53 bits: exact
}

// The element value of a stored element: numbers for float types (halves decoded), bigints for integers.
export function valueOf(type, stored) {
  if (type === 'float16') return f16ToNumber(stored);
  if (type === 'bfloat16') return bf16Value(stored);
  return FLOATS.has(type) ? stored : BigInt(stored);
}

// The stored element a value of `type` has.
export function storedOf(type, value) {
  if (type === 'float16') return numberToF16(value);
  if (type === 'bfloat16') return bf16Bits(value);
  if (!FLOATS.has(type)) return typeof INT_TYPES[type].min === 'bigint' ? value : Number(value);
  return type === 'float32' ? Math.fround(value) : value;
}

// The saturating truncation of a float to an integer range [low, high]: NaN -> 0.
function saturate(x, low, high) {
  if (Number.isNaN(x)) return 0n;
  const t = Math.trunc(x);
  if (t <= Number(low)) return low;
  if (t >= Number(high)) return high; // Number(high) may round up: t >= it is beyond the range
  return BigInt(t);
}
const RANGE = (bits, signed) => (signed ? [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n] : [0n, 2n ** BigInt(bits) - 1n]);

// Cast of one element (a value as valueOf gives) to type `to`, as a stored element of `to`.
export function castValue(v, fromFloat, to) {
  if (FLOATS.has(to)) {
    if (fromFloat) return storedOf(to, v);
    if (to === 'float64') return roundBig(v, 53);
    if (to === 'float32') return roundBig(v, 24);
    if (to === 'float16') return numberToF16(roundBig(v, 11));
    return bf16Bits(roundBig(v, 8));
  }
  const bits = BITS[to];
  // from floating point: saturated to the type's range, or to int32's for the narrower types
  const i = !fromFloat ? v : bits >= 32 ? saturate(v, ...RANGE(bits, !to.startsWith('u'))) : saturate(v, ...RANGE(32, true));
  const wrapped = to.startsWith('u') ? BigInt.asUintN(bits, i) : BigInt.asIntN(bits, i);
  return storedOf(to, wrapped);
}

export const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

export function referenceGather(data, dims, indices, indexDims, axis) {
  const a = axis < 0 ? axis + dims.length : axis;
  const outDims = [...dims.slice(0, a), ...indexDims, ...dims.slice(a + 1)];
  const out = [];
  const outer = sizeOf(dims.slice(0, a)), inner = sizeOf(dims.slice(a + 1)), extent = dims[a];
  for (let o = 0; o < outer; o++)
    for (const raw of indices) {
      const k = Number(raw) < 0 ? Number(raw) + extent : Number(raw);
      for (let i = 0; i < inner; i++) out.push(data[(o * extent + k) * inner + i]);
    }
  return { out, outDims };
}

export function referenceConcat(tensors, axis) {
  const rank = tensors[0].dims.length;
  const a = axis < 0 ? axis + rank : axis;
  const outDims = [...tensors[0].dims];
  outDims[a] = tensors.reduce((s, t) => s + t.dims[a], 0);
  const out = [];
  const outer = sizeOf(outDims.slice(0, a));
  for (let o = 0; o < outer; o++)
    for (const t of tensors) {
      const row = sizeOf(t.dims.slice(a));
      for (let i = 0; i < row; i++) out.push(t.data[o * row + i]);
    }
  return { out, outDims };
}

