// float64 max pooling.
#include "kernels/maxpool.h"
#include "kernels/min_max_ops.h"
#include "kernels/maxpool_loops.h"
#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {

void maxpool(const AvgPoolPlan& plan, size_t planes, const double* x, double* y, int64_t* indices, void* workspace) {
  maxpool_detail::maxpool<F64x2>(plan, planes, x, y, indices, workspace);
}

}  // namespace ow::kernels
