// float64 Resize interpolation (linear and cubic); the wide integers go through it.
#include "kernels/resize_interpolate.h"
#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {

void resize_interpolate(const ResizePlan& plan, const double* x, double* y, double extrapolation, void* workspace) {
  resize_detail::interpolate<F64x2>(plan, x, y, extrapolation, workspace);
}

}  // namespace ow::kernels
