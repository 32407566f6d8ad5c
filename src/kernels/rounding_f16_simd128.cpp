// float16 Floor, Ceil and Round on the bit patterns, eight lanes per vector: WebAssembly SIMD128 has no
// half arithmetic, and converting to float32 and back costs more than the rounding.
//
// For 1 <= |x| < 2^10 with exponent field E (unbiased E - 15), the fraction is the low 25 - E mantissa
// bits of the magnitude a: rounding adds a bias to a and clears them (0 truncates, the fraction mask
// rounds the magnitude up, half a unit minus one plus the lowest integer bit rounds to nearest even).
// A carry out of the mantissa steps the exponent, which is the right result. |x| >= 2^10, ±Inf and NaN
// have no fraction bits and pass through unchanged; 0 < |x| < 1 rounds to ±0 or ±1; the sign is kept.
//
// Masks are made with shifts and saturating subtractions, not comparisons: LLVM turns a comparison
// that is and-ed into v128.bitselect, and a signed comparison of a known non-negative value into an
// unsigned one, each three or four instructions in V8 instead of one.
#include "kernels/rounding_loops.h"

namespace ow::kernels {
namespace {

constexpr int kMantissaBits = 10;
constexpr int kExponentBias = 15;
constexpr int16_t kOne = kExponentBias << kMantissaBits;         // the pattern of 1.0
constexpr int16_t kHalf = (kExponentBias - 1) << kMantissaBits;  // of 0.5

// Byte i of the fraction masks 0x3FF >> j: the low byte of mask j is byte j, its high byte byte j + 8.
constexpr int8_t mask_byte(int i) { return static_cast<int8_t>((((1 << kMantissaBits) - 1) >> i) & 0xFF); }

inline v128_t splat(int v) { return wasm_i16x8_splat(static_cast<int16_t>(v)); }

}  // namespace

template <RoundingMode M>
struct VecRound<Float16, M> {
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
    // up: where |x| < 1, the lanes that become 1 (for Floor and Ceil also where the magnitude rounds up).
    v128_t bias, up;
    if constexpr (M == RoundingMode::kNearestEven) {
      // Half a unit where the lowest integer bit is set (a tie goes up to even), else half a unit - 1:
      // (mask + that bit) / 2, the bit found as the unit mask + 1 (0 where there is no fraction).
      const v128_t lowest = wasm_v128_and(big, wasm_i16x8_add(mask, splat(1)));
      bias = wasm_u16x8_shr(wasm_u16x8_max(mask, lowest), 1);
      up = wasm_i16x8_shr(wasm_i16x8_add(a, splat(0x8000 - kHalf - 1)), 15);  // |x| > 0.5
    } else {
      if constexpr (M == RoundingMode::kCeil) up = wasm_i16x8_shr(wasm_i16x8_sub_sat(splat(0), h), 15);  // x > 0 (not -0)
      else up = wasm_i16x8_shr(wasm_v128_andnot(h, wasm_i16x8_sub(a, splat(1))), 15);  // x < 0, not -0
      bias = wasm_v128_and(mask, up);
    }
    const v128_t rounded = wasm_v128_andnot(wasm_i16x8_add(big, bias), mask);
    // |x| < 1 has rounded to 0, and is 1 where it rounds up; every other magnitude is 1 or more.
    const v128_t magnitude = wasm_i16x8_max(rounded, wasm_v128_and(up, splat(kOne)));
    return wasm_v128_or(magnitude, wasm_v128_and(h, splat(0x8000)));
  }
};

void rounding(RoundingMode mode, const Float16* x, Float16* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { rounding_loop<Float16, decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
