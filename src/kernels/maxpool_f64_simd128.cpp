// float64 max pooling.
#include "kernels/maxpool.h"
#include "kernels/min_max_ops.h"
#include "kernels/maxpool_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F64x2 {
  using Scalar = double;
  static constexpr size_t kLanes = 2;
  static v128_t load(const double* p) { return wasm_v128_load(p); }
  static void store(double* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t max(v128_t a, v128_t b) { return Max<double>::vec(a, b); }
  static v128_t even(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
  static v128_t odd(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
};

}  // namespace

void maxpool(const AvgPoolPlan& plan, size_t planes, const double* x, double* y, int64_t* indices, void* workspace) {
  maxpool_detail::maxpool<F64x2>(plan, planes, x, y, indices, workspace);
}

}  // namespace ow::kernels
