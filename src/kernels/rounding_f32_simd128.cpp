#include "kernels/rounding_loops.h"

namespace ow::kernels {

void rounding_f32(RoundingMode mode, const float* x, float* y, size_t n) { rounding_dispatch(mode, x, y, n); }

}  // namespace ow::kernels
