#include "kernels/rounding_loops.h"

namespace ow::kernels {

template <> struct VecRound<double, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f64x2_floor(v); } };
template <> struct VecRound<double, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f64x2_ceil(v); } };
template <> struct VecRound<double, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f64x2_nearest(v); } };

void rounding(RoundingMode mode, const double* x, double* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { rounding_loop<double, decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
