// bfloat16 Floor, Ceil and Round in float32 lanes: a bfloat16 is the upper half of the float32 of the
// same value, and the rounded value is a bfloat16 again, so moving the bits is the whole conversion.
// (Measured: this is faster than rounding the bit patterns as the float16 kernel does.)
#include "kernels/rounding_loops.h"

namespace ow::kernels {

template <RoundingMode M>
struct VecRound<BFloat16, M> {
  static v128_t apply(v128_t h) {
    using Round = VecRound<float, M>;
    const v128_t zero = wasm_i32x4_const_splat(0);
    const v128_t lo = Round::apply(wasm_i8x16_shuffle(zero, h, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
    const v128_t hi = Round::apply(wasm_i8x16_shuffle(zero, h, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31));
    // Shifted arithmetically, each rounded value is its bfloat16 sign-extended: the narrow is exact.
    return wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(lo, 16), wasm_i32x4_shr(hi, 16));
  }
};

void rounding(RoundingMode mode, const BFloat16* x, BFloat16* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { rounding_loop<BFloat16, decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
