#include "kernels/avgpool.h"
#include "kernels/avgpool_plane.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ow::kernels {
namespace {

#if defined(__wasm_simd128__)
struct F32x4 {
  using Scalar = float;
  static constexpr size_t kLanes = 4;
  static v128_t load(const float* p) { return wasm_v128_load(p); }
  // p[0], p[2], p[4], p[6]; reads p[0..7].
  static v128_t load_even(const float* p) { return wasm_i32x4_shuffle(wasm_v128_load(p), wasm_v128_load(p + 4), 0, 2, 4, 6); }
  static void store(float* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
  static v128_t splat(float v) { return wasm_f32x4_splat(v); }
};
using Vector = F32x4;
#else
using Vector = avgpool_detail::NoVector<float>;
#endif

}  // namespace

void avgpool_f32(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, void* workspace) {
  avgpool_detail::pool_planes<Vector>(plan, planes, x, y, workspace);
}

}  // namespace ow::kernels
