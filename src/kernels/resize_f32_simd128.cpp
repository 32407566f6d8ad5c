// float32 Resize interpolation (linear and cubic); float16, bfloat16 and the narrow integers go through it.
#include "kernels/resize_interpolate.h"
#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {

void resize_interpolate(const ResizePlan& plan, const float* x, float* y, float extrapolation, void* workspace) {
  resize_detail::interpolate<F32x4>(plan, x, y, extrapolation, workspace);
}

}  // namespace ow::kernels
