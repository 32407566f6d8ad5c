#include "kernels/rounding_loops.h"

namespace ow::kernels {

#if defined(__wasm_simd128__)
template <> struct VecRound<float, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f32x4_floor(v); } };
template <> struct VecRound<float, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f32x4_ceil(v); } };
template <> struct VecRound<float, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f32x4_nearest(v); } };
#endif

void rounding_f32(RoundingMode mode, const float* x, float* y, size_t n) { rounding_dispatch(mode, x, y, n); }

}  // namespace ow::kernels
