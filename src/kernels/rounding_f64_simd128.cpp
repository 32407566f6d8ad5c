#include "kernels/rounding_loops.h"

namespace ow::kernels {

#if defined(__wasm_simd128__)
template <> struct VecRound<double, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f64x2_floor(v); } };
template <> struct VecRound<double, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f64x2_ceil(v); } };
template <> struct VecRound<double, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f64x2_nearest(v); } };
#endif

void rounding_f64(RoundingMode mode, const double* x, double* y, size_t n) { rounding_dispatch(mode, x, y, n); }

}  // namespace ow::kernels
