// Test inputs: edge values for each element type and deterministic pseudo-random data.
import { numberToBf16, numberToF16, f16ToNumber, bf16ToNumber } from './reference.mjs';

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

// How a float type stores numbers and reads them back.
export const FLOAT_TYPES = {
  float64: { array: Float64Array, encode: (x) => x, decode: (x) => x },
  float32: { array: Float32Array, encode: Math.fround, decode: (x) => x },
  float16: { array: Uint16Array, encode: numberToF16, decode: f16ToNumber },
  bfloat16: { array: Uint16Array, encode: numberToBf16, decode: bf16ToNumber },
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
