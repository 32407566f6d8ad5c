// Independent references for the Node tests: written from the ONNX definitions and IEEE 754, sharing
// no code with the implementation.

// The float16/bfloat16 codecs, from their one home.
export { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../../tools/half-codecs.mjs';

// Round half to even on numbers, keeping -0 (Math.round rounds halves up and loses -0 for -0.5).
export function roundHalfEven(x) {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  const r = d > 0.5 ? f + 1 : d < 0.5 ? f : f % 2 === 0 ? f : f + 1;
  return r === 0 && x < 0 ? -0 : r;
}

// Same value, NaN equal to NaN, and -0 distinct from +0.
export function sameValue(a, b) {
  return Object.is(a, b);
}
