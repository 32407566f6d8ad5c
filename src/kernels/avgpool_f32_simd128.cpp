#include "kernels/avgpool.h"
#include "kernels/avgpool_loops.h"
#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {

void avgpool(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, void* workspace) {
  avgpool_detail::pool_planes<F32x4>(plan, planes, x, y, workspace);
}

}  // namespace ow::kernels
