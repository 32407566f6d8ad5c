// Inputs for the product tests (MatMul, Gemm, Conv).
import { FLOAT_TYPES, INT_TYPES, intEdges, randomInt } from '../../../tools/values.mjs';

// Random elements of `type`: small values, with NaN, infinities and ±0 (floats) or the type's extremes
// (integers) mixed in where `edges`.
export function randomData(type, n, next, edges = true) {
  if (FLOAT_TYPES[type]) {
    const { array, encode } = FLOAT_TYPES[type];
    const special = [NaN, Infinity, -Infinity, 0, -0];
    return array.from({ length: n }, () => encode(edges && next() < 0.03 ? special[Math.floor(next() * special.length)] : Math.round((next() - 0.5) * 64) / 8));
  }
  const list = intEdges(type);
  return INT_TYPES[type].array.from({ length: n }, () => (edges && next() < 0.2 ? list[Math.floor(next() * list.length)] : randomInt(type, next)));
}
