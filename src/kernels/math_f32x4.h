// float32 exp, log, tanh, sigmoid and erf on four lanes (SIMD128), for the elementwise math kernels and
// Softmax. Each is within 2 ulp of the correctly rounded result over the whole float32 range, subnormal
// results included (tests/native/math_accuracy_test.cpp measures it); NaN gives NaN, and the limits
// are IEEE's: exp(-inf) = +0, exp(x > 88.72...) = +inf, log(±0) = -inf, log(x < 0) = NaN,
// tanh(±0) = ±0. No lane branches: the limits are clamps and selects. exp's polynomial is a
// degree-6 minimax fit of e^r (relative error 2^-28, so the roundings dominate); log's and tanh's are
// Cephes' (logf, tanhf); erf's are Chebyshev interpolants (below). SIMD128 has no fused multiply-add, so the argument reductions split their
// constants (Cody and Waite) to stay exact. pmin and pmax are single instructions where min and max
// (which order NaN and -0) are not; with x first they pass a NaN x through.
#pragma once

#include "kernels/simd128.h"

namespace ow::kernels {

// Which arguments an exp serves: its scaling differs (below).
enum class ExpRange { kAny, kNonPositive, kNonNegative };

// e^x. x = n ln2 + r with |r| <= ln2 / 2 (n rounded by adding 1.5 * 2^23, whose float's low mantissa
// bits are then n plus a bias); e^r by the polynomial, times 2^n built by shifting those bits into the
// exponent field. 2^n is applied as two factors, each a normal float32, so that the first product is
// exact and the second rounds once, into the subnormals (n down to -150) or to +inf (n = 128): for any
// x, 2^floor(n/2) and 2^ceil(n/2); for x <= 0, 2^(n + 64) and 2^-64; for x >= 0, 2^(n - 64) and 2^64.
template <ExpRange kRange = ExpRange::kAny>
inline v128_t exp_f32x4(v128_t x) {
  // Clamped where the result is already 0 or inf.
  if constexpr (kRange != ExpRange::kNonNegative) x = wasm_f32x4_pmax(x, wasm_f32x4_const_splat(-104.0f));
  if constexpr (kRange != ExpRange::kNonPositive) x = wasm_f32x4_pmin(x, wasm_f32x4_const_splat(89.0f));
  // The bias in the low bits: 254 + n (any), 191 + n (n + 64 biased) or 63 + n (n - 64 biased).
  constexpr float kBias = kRange == ExpRange::kAny ? 254.0f : kRange == ExpRange::kNonPositive ? 191.0f : 63.0f;
  const v128_t magic = wasm_f32x4_const_splat(0x1.8p23f + kBias);
  const v128_t biased_n = wasm_f32x4_add(wasm_f32x4_mul(x, wasm_f32x4_const_splat(1.44269504088896341f)), magic);
  const v128_t n = wasm_f32x4_sub(biased_n, magic);
  // ln2 = 0x1.62e4p-1 + 0x1.7f7d1cp-20: n times the first part is exact (n has 8 bits, it 15).
  v128_t r = wasm_f32x4_sub(x, wasm_f32x4_mul(n, wasm_f32x4_const_splat(0x1.62e4p-1f)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(n, wasm_f32x4_const_splat(0x1.7f7d1cp-20f)));
  // e^r = 1 + r + r^2 q(r)
  v128_t q = wasm_f32x4_const_splat(0x1.6a23dp-10f);
  q = wasm_f32x4_add(wasm_f32x4_mul(q, r), wasm_f32x4_const_splat(0x1.123a2p-7f));
  q = wasm_f32x4_add(wasm_f32x4_mul(q, r), wasm_f32x4_const_splat(0x1.5558f2p-5f));
  q = wasm_f32x4_add(wasm_f32x4_mul(q, r), wasm_f32x4_const_splat(0x1.555492p-3f));
  q = wasm_f32x4_add(wasm_f32x4_mul(q, r), wasm_f32x4_const_splat(0x1.fffffcp-2f));
  const v128_t p = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_mul(r, r), q), r), wasm_f32x4_const_splat(1.0f));
  // NaN lanes: p is NaN, whatever the scale.
  if constexpr (kRange == ExpRange::kAny) {
    // biased_n's low bits are 254 + n. Halved and shifted into the exponent field: 127 + floor(n/2),
    // 2^floor(n/2); shifted whole, minus that: 127 + ceil(n/2), 2^ceil(n/2).
    const v128_t s1 = wasm_i32x4_shl(wasm_i32x4_shr(biased_n, 1), 23);
    const v128_t s2 = wasm_i32x4_sub(wasm_i32x4_shl(biased_n, 23), s1);
    return wasm_f32x4_mul(wasm_f32x4_mul(p, s1), s2);
  } else {
    constexpr float kSecond = kRange == ExpRange::kNonPositive ? 0x1p-64f : 0x1p64f;
    return wasm_f32x4_mul(wasm_f32x4_mul(p, wasm_i32x4_shl(biased_n, 23)), wasm_f32x4_const_splat(kSecond));
  }
}

// ln x. x = m 2^e with m in [sqrt(1/2), sqrt(2)); ln(m) = f + polynomial(f), f = m - 1 exact; plus e ln2
// in two parts. Subnormal x is scaled by 2^23 first.
inline v128_t log_f32x4(v128_t x) {
  const v128_t subnormal = wasm_f32x4_lt(x, wasm_f32x4_const_splat(0x1p-126f));
  const v128_t scaled = wasm_v128_bitselect(wasm_f32x4_mul(x, wasm_f32x4_const_splat(0x1p23f)), x, subnormal);
  // musl's split: adding 1.0's pattern minus sqrt(1/2)'s moves the exponent step from 1.0 to sqrt(1/2);
  // the mantissa bits put back under sqrt(1/2)'s pattern make m (a carry gives exponent 127, m >= 1).
  const v128_t offset = wasm_i32x4_const_splat(0x3f800000 - 0x3f3504f3);
  const v128_t bits = wasm_i32x4_add(scaled, offset);
  const v128_t e_biased = wasm_i32x4_sub(wasm_u32x4_shr(bits, 23), wasm_i32x4_const_splat(127));
  const v128_t m = wasm_i32x4_add(wasm_v128_and(bits, wasm_i32x4_const_splat(0x007fffff)), wasm_i32x4_const_splat(0x3f3504f3));
  const v128_t e = wasm_f32x4_sub(wasm_f32x4_convert_i32x4(e_biased), wasm_v128_and(subnormal, wasm_f32x4_const_splat(23.0f)));
  const v128_t f = wasm_f32x4_sub(m, wasm_f32x4_const_splat(1.0f));
  const v128_t z = wasm_f32x4_mul(f, f);
  v128_t p = wasm_f32x4_const_splat(7.0376836292e-2f);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(-1.1514610310e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(1.1676998740e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(-1.2420140846e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(1.4249322787e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(-1.6668057665e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(2.0000714765e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(-2.4999993993e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, f), wasm_f32x4_const_splat(3.3333331174e-1f));
  v128_t y = wasm_f32x4_mul(wasm_f32x4_mul(p, f), z);
  y = wasm_f32x4_add(y, wasm_f32x4_mul(e, wasm_f32x4_const_splat(-2.12194440e-4f)));
  y = wasm_f32x4_sub(y, wasm_f32x4_mul(z, wasm_f32x4_const_splat(0.5f)));
  y = wasm_f32x4_add(wasm_f32x4_add(f, y), wasm_f32x4_mul(e, wasm_f32x4_const_splat(0.693359375f)));
  // The limits: +inf and NaN give themselves, ±0 -inf, below 0 NaN.
  const v128_t inf = wasm_f32x4_const_splat(__builtin_inff());
  y = wasm_v128_bitselect(x, y, wasm_f32x4_ge(x, inf));
  y = wasm_v128_bitselect(wasm_f32x4_neg(inf), y, wasm_f32x4_eq(x, wasm_f32x4_const_splat(0.0f)));
  const v128_t nan = wasm_f32x4_const_splat(__builtin_nanf(""));
  return wasm_v128_bitselect(nan, y, wasm_v128_not(wasm_f32x4_ge(x, wasm_f32x4_const_splat(0.0f))));
}

// tanh x: an odd polynomial below |x| = 0.625, else 1 - 2 / (e^2|x| + 1), signed; the sign of x kept
// (tanh(-0) = -0).
inline v128_t tanh_f32x4(v128_t x) {
  const v128_t sign = wasm_i32x4_const_splat(static_cast<int32_t>(0x80000000u));
  const v128_t a = wasm_v128_andnot(x, sign);
  const v128_t z = wasm_f32x4_mul(x, x);
  v128_t p = wasm_f32x4_const_splat(-5.70498872745e-3f);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, z), wasm_f32x4_const_splat(2.06390887954e-2f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, z), wasm_f32x4_const_splat(-5.37397155531e-2f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, z), wasm_f32x4_const_splat(1.33314422036e-1f));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, z), wasm_f32x4_const_splat(-3.33332819422e-1f));
  const v128_t small = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_mul(p, z), x), x);
  const v128_t e = exp_f32x4<ExpRange::kNonNegative>(wasm_f32x4_add(a, a));
  const v128_t one = wasm_f32x4_const_splat(1.0f);
  const v128_t large = wasm_f32x4_sub(one, wasm_f32x4_div(wasm_f32x4_const_splat(2.0f), wasm_f32x4_add(e, one)));
  const v128_t signed_large = wasm_v128_or(large, wasm_v128_and(x, sign));
  // NaN is not small, and 1 - 2 / (NaN + 1) is NaN.
  return wasm_v128_bitselect(small, signed_large, wasm_f32x4_lt(a, wasm_f32x4_const_splat(0.625f)));
}

// 1 / (1 + e^-x): with e = e^-|x|, 1 / (1 + e) for x >= 0 and e / (1 + e) below, so that the results
// near 0 (x < -87) are e^x's subnormals rather than 1 / inf.
inline v128_t sigmoid_f32x4(v128_t x) {
  const v128_t sign = wasm_i32x4_const_splat(static_cast<int32_t>(0x80000000u));
  const v128_t e = exp_f32x4<ExpRange::kNonPositive>(wasm_v128_or(x, sign));
  const v128_t one = wasm_f32x4_const_splat(1.0f);
  const v128_t numerator = wasm_v128_bitselect(e, one, wasm_f32x4_lt(x, wasm_f32x4_const_splat(0.0f)));
  return wasm_f32x4_div(numerator, wasm_f32x4_add(one, e));
}

// erf x. Below |x| = 1: x + x R(x^2), R a degree-6 fit of erf(x) / x - 1 in x^2 (absolute error
// 2^-26.6), so that the last operation adds a small term to x. From 1: 1 - e^-x^2 F(1 / |x|), signed,
// F a degree-8 fit of erfc(x) e^(x^2) in t = 8/3 (1/x) - 5/3 over x in [1, 4] (relative error 2^-24.6,
// which erfc <= 0.16 shrinks before the subtraction); |x| clamped to 4, where erf already rounds to 1.
// A NaN is not below 1 and passes the clamp (pmin with it first), so gives NaN.
inline v128_t erf_f32x4(v128_t x) {
  const v128_t sign = wasm_i32x4_const_splat(static_cast<int32_t>(0x80000000u));
  const v128_t a = wasm_v128_andnot(x, sign);
  const v128_t z = wasm_f32x4_mul(x, x);
  v128_t r = wasm_f32x4_const_splat(0x1.4a9dacp-14f);
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(-0x1.a46b40p-11f));
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(0x1.541636p-8f));
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(-0x1.b7fb38p-6f));
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(0x1.ce2d18p-4f));
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(-0x1.81273ep-2f));
  r = wasm_f32x4_add(wasm_f32x4_mul(r, z), wasm_f32x4_const_splat(0x1.06eba8p-3f));
  const v128_t small = wasm_f32x4_add(x, wasm_f32x4_mul(x, r));
  const v128_t b = wasm_f32x4_pmin(a, wasm_f32x4_const_splat(4.0f));
  const v128_t t = wasm_f32x4_sub(wasm_f32x4_div(wasm_f32x4_const_splat(0x1.555556p+1f), b), wasm_f32x4_const_splat(0x1.aaaaaap+0f));
  v128_t f = wasm_f32x4_const_splat(-0x1.750320p-19f);
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(-0x1.47006cp-16f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(0x1.047c6ep-13f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(-0x1.73c760p-12f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(0x1.e2473ep-12f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(0x1.2ec05ep-9f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(-0x1.8d31d2p-6f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(0x1.2597fap-3f));
  f = wasm_f32x4_add(wasm_f32x4_mul(f, t), wasm_f32x4_const_splat(0x1.394bbep-2f));
  const v128_t e = exp_f32x4<ExpRange::kNonPositive>(wasm_f32x4_neg(wasm_f32x4_mul(b, b)));
  const v128_t large = wasm_f32x4_sub(wasm_f32x4_const_splat(1.0f), wasm_f32x4_mul(e, f));
  return wasm_v128_bitselect(small, wasm_v128_or(large, wasm_v128_and(x, sign)), wasm_f32x4_lt(a, wasm_f32x4_const_splat(1.0f)));
}

}  // namespace ow::kernels
