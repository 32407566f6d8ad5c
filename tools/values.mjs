// Test and benchmark inputs: edge values for each element type and deterministic pseudo-random data.
import { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from './half-codecs.mjs';

export const FLOAT_EDGES = [0, -0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -4.5, 1e-8, -1e-8, 2 ** 23 + 0.5, 2 ** 52 + 0.5,
  1e300, -1e300, Infinity, -Infinity, NaN, 3.7, -3.7, 1024.5, 65504];

// Deterministic generator (mulberry32) so a failure reproduces.
export function rng(seed = 1) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// How a float type stores numbers and reads them back, and its largest finite value.
export const FLOAT_TYPES = {
  float64: { array: Float64Array, encode: (x) => x, decode: (x) => x, max: Number.MAX_VALUE },
  float32: { array: Float32Array, encode: Math.fround, decode: (x) => x, max: 3.4028234663852886e38 },
  float16: { array: Uint16Array, encode: numberToF16, decode: f16ToNumber, max: 65504 },
  bfloat16: { array: Uint16Array, encode: numberToBf16, decode: bf16ToNumber, max: 3.3895313892515355e38 },
};

// n values of a float type: edge values first, then random values in ±range with halves mixed in.
export function floatData(type, n, seed = 1, range = 100) {
  const { array, encode } = FLOAT_TYPES[type];
  const next = rng(seed);
  const out = new array(n);
  for (let i = 0; i < n; i++) {
    const v = i < FLOAT_EDGES.length ? FLOAT_EDGES[i] : next() < 0.25 ? Math.round((next() - 0.5) * range) + 0.5 : (next() - 0.5) * range;
    out[i] = encode(v);
  }
  return out;
}

// How an integer type stores numbers: its typed array and its range (bigints for the 64-bit types).
export const INT_TYPES = {
  int8: { array: Int8Array, min: -128, max: 127 },
  uint8: { array: Uint8Array, min: 0, max: 255 },
  int16: { array: Int16Array, min: -32768, max: 32767 },
  uint16: { array: Uint16Array, min: 0, max: 65535 },
  int32: { array: Int32Array, min: -(2 ** 31), max: 2 ** 31 - 1 },
  uint32: { array: Uint32Array, min: 0, max: 2 ** 32 - 1 },
  int64: { array: BigInt64Array, min: -(2n ** 63n), max: 2n ** 63n - 1n },
  uint64: { array: BigUint64Array, min: 0n, max: 2n ** 64n - 1n },
};

// An integer type's extremes and their neighbours, 0, ±1 and both sides of the middle of its range
// (for the unsigned types, where the sign bit would be).
export function intEdges(type) {
  const { min, max } = INT_TYPES[type];
  const one = typeof min === 'bigint' ? 1n : 1;
  const zero = one - one;
  const mid = typeof min === 'bigint' ? max / 2n : Math.floor(max / 2);
  const values = [min, min + one, zero, one, mid, mid + one, max - one, max];
  if (min < zero) values.push(-one);
  return [...new Set(values)];
}

// A pseudo-random value anywhere in an integer type's range, or a small one (so that equal values meet).
export function randomInt(type, next) {
  const { array, min } = INT_TYPES[type];
  if (typeof min === 'bigint') {
    const bits = next() < 0.25 ? BigInt(Math.floor(next() * 9) - 4) : (BigInt(Math.floor(next() * 2 ** 32)) << 32n) | BigInt(Math.floor(next() * 2 ** 32));
    return array === BigInt64Array ? BigInt.asIntN(64, bits) : BigInt.asUintN(64, bits);
  }
  const wide = next() < 0.25 ? Math.floor(next() * 9) - 4 : Math.floor(next() * 2 ** 32);
  return new array([wide])[0]; // the typed array wraps it into range
}

// n stored values of any type (its typed array): the type's edge values first, then random ones.
export function edgeData(type, n, seed = 1) {
  const next = rng(seed);
  if (FLOAT_TYPES[type]) {
    const { array, encode } = FLOAT_TYPES[type];
    return array.from({ length: n }, (_, i) => encode(i < FLOAT_EDGES.length ? FLOAT_EDGES[i] : (next() - 0.5) * 100));
  }
  const edges = intEdges(type);
  return INT_TYPES[type].array.from({ length: n }, (_, i) => (i < edges.length ? edges[i] : randomInt(type, next)));
}
