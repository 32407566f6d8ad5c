// float16 and bfloat16 rounding without general conversions: a half value becomes a float32 by moving
// its bits into place and re-biasing the exponent, is rounded there, and moves back the same way.
// Every float16 (Inf and NaN too: float32 integers from 2^16 up) and every bfloat16 is exact in float32,
// and the rounded value is an integer the half type holds exactly, so nothing is rounded on the way.
// Only zero needs care (re-biasing makes it nonzero), and float16 subnormals, which land on wrong
// float32 values of the same sign with 0 < |v| < 1, where they round as they would.
#include "core/half.h"
#include "kernels/rounding.h"
#include "kernels/rounding_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// A half value in the upper 16 bits of a 32-bit word is a float32 whose exponent field is
// kExponentShift bits too narrow: shifting the word right by that much (arithmetic, then clearing the
// sign copies) and adding kRebias to the exponent makes the float32 of the same value.
template <typename H>
struct HalfFormat;

template <>
struct HalfFormat<Float16> {
  static constexpr int kExponentShift = 3;         // 5 exponent bits, float32 has 8
  static constexpr uint32_t kRebias = 112u << 23;  // float32 exponent bias 127 - float16 bias 15
  static constexpr float kScaleBack = 0x1.0p-112f;
};

template <>
struct HalfFormat<BFloat16> {  // the upper half of a float32 already
  static constexpr int kExponentShift = 0;
  static constexpr uint32_t kRebias = 0;
  static constexpr float kScaleBack = 1.0f;
};

// ±0 must pass through: re-biasing would turn it into a nonzero float32, which Ceil or Floor would
// round away from zero. bfloat16 needs no re-biasing.
template <typename H>
bool passes_through(uint16_t bits) {
  return HalfFormat<H>::kRebias != 0 && (bits & 0x7FFF) == 0;
}

template <RoundingMode M, typename H>
H round_half_scalar(H x) {
  using F = HalfFormat<H>;
  if (passes_through<H>(x.bits)) return x;
  uint32_t f = uint32_t{x.bits} << 16;
  if constexpr (F::kExponentShift != 0)
    f = ((static_cast<uint32_t>(static_cast<int32_t>(f) >> F::kExponentShift) & ~(0x70000000u)) + F::kRebias);
  const float r = round_scalar<M>(f32_from_bits(f)) * F::kScaleBack;
  return H{static_cast<uint16_t>(((f32_bits(r) << F::kExponentShift) >> 16) | (x.bits & 0x8000u))};
}

// Four lanes of half values in the upper halves of 32-bit words; returns the rounded values the same
// way, with the sign bit not necessarily right.
template <RoundingMode M, typename H>
inline v128_t round_upper_halves(v128_t w) {
  using F = HalfFormat<H>;
  if constexpr (F::kExponentShift != 0)
    w = wasm_i32x4_add(wasm_v128_and(wasm_i32x4_shr(w, F::kExponentShift), wasm_i32x4_const_splat(static_cast<int32_t>(0x8FFFFFFFu))),
                       wasm_i32x4_const_splat(F::kRebias));
  v128_t r = VecRound<float, M>::apply(w);
  if constexpr (F::kExponentShift != 0) r = wasm_i32x4_shl(wasm_f32x4_mul(r, wasm_f32x4_const_splat(F::kScaleBack)), F::kExponentShift);
  return r;
}

template <RoundingMode M, typename H>
void run(const H* x, H* y, size_t n) {
  size_t i = 0;
  const v128_t zero = wasm_i32x4_const_splat(0);
  for (; i + 8 <= n; i += 8) {
    const v128_t h = wasm_v128_load(x + i);
    const v128_t lo = round_upper_halves<M, H>(wasm_i8x16_shuffle(zero, h, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
    const v128_t hi = round_upper_halves<M, H>(wasm_i8x16_shuffle(zero, h, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31));
    const v128_t rounded = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(lo, 16), wasm_i32x4_shr(hi, 16));
    // The sign comes from x (rounding keeps it), and so does the whole of a zero.
    v128_t from_x = wasm_i16x8_const_splat(static_cast<int16_t>(0x8000));
    if constexpr (HalfFormat<H>::kRebias != 0) from_x = wasm_v128_or(from_x, wasm_i16x8_eq(wasm_i16x8_shl(h, 1), zero));
    wasm_v128_store(y + i, wasm_v128_bitselect(h, rounded, from_x));
  }
  for (; i < n; ++i) y[i] = round_half_scalar<M>(x[i]);
}

}  // namespace

void rounding(RoundingMode mode, const Float16* x, Float16* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { run<decltype(m)::value>(x, y, n); });
}
void rounding(RoundingMode mode, const BFloat16* x, BFloat16* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { run<decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
