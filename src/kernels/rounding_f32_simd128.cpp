#include "kernels/rounding_loops.h"

namespace ow::kernels {

void rounding(RoundingMode mode, const float* x, float* y, size_t n) {
  with_rounding_mode(mode, [&](auto m) { rounding_loop<float, decltype(m)::value>(x, y, n); });
}

}  // namespace ow::kernels
