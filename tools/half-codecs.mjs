// float16 and bfloat16 bits <-> numbers, written from IEEE 754 and the bfloat16 layout (the top half
// of a float32), sharing no code with the package. Used by the tests' references, the conformance
// runner (also in the browser), the benchmark and the demo page (which shows half floats as numbers
// in browsers without Float16Array).

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** float16 bits -> number (exact). */
export function f16ToNumber(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  if (exp === 0) return sign * frac * 2 ** -24;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (1 + frac / 1024) * 2 ** (exp - 15);
}

/** number -> float16 bits, rounding to nearest even through exact arithmetic on the value. */
export function numberToF16(x) {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  let a = Math.abs(x);
  if (a === Infinity) return sign | 0x7c00;
  // Candidate: nearest representable at the scale of a.
  let e = a === 0 ? -25 : Math.floor(Math.log2(a));
  if (a !== 0 && 2 ** e > a) e -= 1;
  if (a !== 0 && 2 ** (e + 1) <= a) e += 1;
  const quantum = e < -14 ? 2 ** -24 : 2 ** (e - 10);
  let q = a / quantum;
  let r = Math.floor(q);
  const diff = q - r;
  if (diff > 0.5 || (diff === 0.5 && r % 2 === 1)) r += 1;
  const v = r * quantum;
  if (v >= 65520 || v > 65504) return sign | 0x7c00;
  if (v === 0) return sign;
  let ve = Math.floor(Math.log2(v));
  if (2 ** ve > v) ve -= 1;
  if (ve < -14) return sign | Math.round(v / 2 ** -24);
  return sign | ((ve + 15) << 10) | Math.round((v / 2 ** ve - 1) * 1024);
}

/** bfloat16 bits -> number (exact). */
export function bf16ToNumber(h) {
  u32[0] = h << 16;
  return f32[0];
}

/**
 * number -> bfloat16 bits via float32, round to nearest even (float32 rounding first is exact for the
 * values the tests use, which are float32 values).
 */
export function numberToBf16(x) {
  f32[0] = x;
  const bits = u32[0];
  if (Number.isNaN(f32[0])) return (bits >>> 16) | 0x40;
  const lower = bits & 0xffff;
  let upper = bits >>> 16;
  if (lower > 0x8000 || (lower === 0x8000 && (upper & 1))) upper += 1;
  return upper & 0xffff;
}
