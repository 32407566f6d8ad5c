#include "kernels/avgpool.h"
#include "kernels/avgpool_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F64x2 {
  using Scalar = double;
  static constexpr size_t kLanes = 2;
  static v128_t load(const double* p) { return wasm_v128_load(p); }
  static v128_t load_lo(const double* p) { return wasm_v128_load64_zero(p); }
  static v128_t load_lo2(const double* p) { return wasm_v128_load(p); }
  static void store(double* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
  static v128_t splat(double v) { return wasm_f64x2_splat(v); }
  static v128_t even(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
  static v128_t odd(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
  static v128_t shift1(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 1, 2); }
  static v128_t shift2(v128_t, v128_t b) { return b; }
  static double sum_lanes(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }
};

}  // namespace

void avgpool(const AvgPoolPlan& plan, size_t planes, const double* x, double* y, void* workspace) {
  avgpool_detail::pool_planes<F64x2>(plan, planes, x, y, workspace);
}

}  // namespace ow::kernels
