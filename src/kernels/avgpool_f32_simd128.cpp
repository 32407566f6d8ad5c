#include "kernels/avgpool.h"
#include "kernels/avgpool_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F32x4 {
  using Scalar = float;
  static constexpr size_t kLanes = 4;
  static v128_t load(const float* p) { return wasm_v128_load(p); }
  static v128_t load_lo(const float* p) { return wasm_v128_load32_zero(p); }
  static v128_t load_lo2(const float* p) { return wasm_v128_load64_zero(p); }
  static void store(float* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
  static v128_t splat(float v) { return wasm_f32x4_splat(v); }
  static v128_t even(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 0, 2, 4, 6); }
  static v128_t odd(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 1, 3, 5, 7); }
  static v128_t shift1(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 1, 2, 3, 4); }
  static v128_t shift2(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 2, 3, 4, 5); }
  static v128_t behind(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 3, 4, 5, 6); }
  static float sum_lanes(v128_t v) {
    const v128_t pairs = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
    return wasm_f32x4_extract_lane(pairs, 0) + wasm_f32x4_extract_lane(pairs, 1);
  }
};

}  // namespace

void avgpool(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, void* workspace) {
  avgpool_detail::pool_planes<F32x4>(plan, planes, x, y, workspace);
}

}  // namespace ow::kernels
