// float16 Floor, Ceil and Round, eight lanes per vector: WebAssembly SIMD128 has no half arithmetic.
//
// Floor and Ceil work on the bit patterns. For 1 <= |x| < 2^10 with exponent field E (unbiased
// E - 15), the fraction is the low 25 - E mantissa bits of the magnitude a: rounding adds a bias to a
// and clears them (0 truncates, the fraction mask rounds the magnitude up). A carry out of the
// mantissa steps the exponent, which is the right result. |x| >= 2^10, ±Inf and NaN have no fraction
// bits and pass through unchanged; 0 < |x| < 1 rounds to ±0 or ±1; the sign is kept. Round works in
// float32 lanes (below).
//
// Masks are made with shifts and saturating subtractions, not comparisons: LLVM turns a comparison
// that is and-ed into v128.bitselect, and a signed comparison of a known non-negative value into an
// unsigned one, each three or four instructions in V8 instead of one.
#include "kernels/rounding_loops.h"

namespace ow::kernels {
namespace {

constexpr int kMantissaBits = 10;
constexpr int kExponentBias = 15;
constexpr int16_t kOne = kExponentBias << kMantissaBits;  // the pattern of 1.0

// Byte i of the fraction masks 0x3FF >> j: the low byte of mask j is byte j, its high byte byte j + 8.
constexpr int8_t mask_byte(int i) { return static_cast<int8_t>((((1 << kMantissaBits) - 1) >> i) & 0xFF); }

inline v128_t splat(int v) { return wasm_i16x8_splat(static_cast<int16_t>(v)); }

}  // namespace

template <RoundingMode M>
struct VecRound<Float16, M> {
  static_assert(M != RoundingMode::kNearestEven);
  static v128_t apply(v128_t h) {
    const v128_t a = wasm_v128_and(h, splat(0x7FFF));
    // |x| < 1 becomes 0, an integer, for the lookup below (its j would be negative). a + (0x8000 - c)
    // has its top bit set where a >= c.
    const v128_t at_least_one = wasm_i16x8_shr(wasm_i16x8_add(a, splat(0x8000 - kOne)), 15);
    const v128_t big = wasm_v128_and(a, at_least_one);
    // The fraction mask of each lane, j = E - 15, from one swizzle: the low byte at index j, the high
    // byte at j + 8. Bytes 10 to 15 and indices past 15 give 0: E >= 25 (no fraction), and E = 0 (j
    // wraps to a large index).
    const v128_t e = wasm_u16x8_shr(big, kMantissaBits);
    const v128_t index = wasm_i8x16_add(wasm_i16x8_mul(e, splat(0x0101)), splat(((8 - kExponentBias) & 0xFF) << 8 | (-kExponentBias & 0xFF)));
    const v128_t table = wasm_i8x16_make(mask_byte(0), mask_byte(1), mask_byte(2), mask_byte(3), mask_byte(4), mask_byte(5),
                                         mask_byte(6), mask_byte(7), mask_byte(8), mask_byte(9), mask_byte(10), mask_byte(11),
                                         mask_byte(12), mask_byte(13), mask_byte(14), mask_byte(15));
    const v128_t mask = wasm_i8x16_swizzle(table, index);
    // up: the lanes whose magnitude rounds up (where |x| < 1, to 1).
    v128_t up;
    if constexpr (M == RoundingMode::kCeil) up = wasm_i16x8_shr(wasm_i16x8_sub_sat(splat(0), h), 15);  // x > 0 (not -0)
    else up = wasm_i16x8_shr(wasm_v128_andnot(h, wasm_i16x8_sub(a, splat(1))), 15);  // x < 0, not -0
    const v128_t bias = wasm_v128_and(mask, up);
    const v128_t rounded = wasm_v128_andnot(wasm_i16x8_add(big, bias), mask);
    // |x| < 1 has rounded to 0, and is 1 where it rounds up; every other magnitude is 1 or more.
    const v128_t magnitude = wasm_i16x8_max(rounded, wasm_v128_and(up, splat(kOne)));
    return wasm_v128_or(magnitude, wasm_v128_and(h, splat(0x8000)));
  }
};

// Round (to nearest, ties to even) works in float32 lanes, without converting: the eight halves become
// two vectors of float32 whose bits are the halves' moved up 13 places (the sign kept on top), x * 2^-112
// exactly for every half (subnormal, ±Inf and NaN patterns become small finite float32s). Adding and
// subtracting 1.5 * 2^-89, whose ulp is 2^-112, rounds that to a multiple of 2^-112 (an integer x) in the
// float adder, ties to even; moved back 13 places, it is the rounded half, sign put back (the adder loses
// it on zeros). Additions take subnormal operands at full speed, where multiplying by 2^112 to use
// f32x4.nearest would take an assist per subnormal operand.
template <>
struct VecRound<Float16, RoundingMode::kNearestEven> {
  static v128_t round_scaled(v128_t f) {
    const v128_t magic = wasm_f32x4_splat(0x1.8p-89f);
    return wasm_f32x4_sub(wasm_f32x4_add(f, magic), magic);
  }
  static v128_t apply(v128_t h) {
    // The half in each 32-bit lane's low 16 bits, then in its high 16 bits, as float32 bits: sign at
    // bit 31, the magnitude at bits 13 to 27 (a signed shift copies the sign into bits 28 to 30 too,
    // which the mask clears, with the other half's bits below 13).
    const v128_t keep = wasm_i32x4_splat(static_cast<int32_t>(0x8FFFE000u));
    const v128_t low = wasm_v128_and(wasm_i32x4_shr(wasm_i32x4_shl(h, 16), 3), keep);
    const v128_t high = wasm_v128_and(wasm_i32x4_shr(h, 3), keep);
    // The rounded magnitudes moved back into 16-bit lanes (bits 28 to 30 are 0: float32 exponents up
    // to 31), the low halves' then the high halves' lanes.
    const v128_t low_back = wasm_u32x4_shr(round_scaled(low), 13);
    const v128_t high_back = wasm_i32x4_shl(round_scaled(high), 3);
    const v128_t magnitude = wasm_i16x8_shuffle(low_back, high_back, 0, 9, 2, 11, 4, 13, 6, 15);
    return wasm_v128_or(magnitude, wasm_v128_and(h, splat(0x8000)));
  }
};

void rounding(RoundingMode mode, const Float16* x, Float16* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { rounding_loop<Float16, decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
