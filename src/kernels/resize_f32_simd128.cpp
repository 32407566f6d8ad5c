// float32 Resize interpolation (linear and cubic); float16, bfloat16 and the narrow integers go through it.
#include "kernels/resize_interpolate.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F32x4 {
  using Scalar = float;
  static constexpr size_t kLanes = 4;
  static v128_t load(const float* p) { return wasm_v128_load(p); }
  static void store(float* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
  static v128_t splat(float v) { return wasm_f32x4_splat(v); }
  static v128_t load_weights(const float* w) { return wasm_v128_load(w); }
  static v128_t gather(const float* row, const uint32_t* i) { return wasm_f32x4_make(row[i[0]], row[i[1]], row[i[2]], row[i[3]]); }
  static bool any_zero(v128_t a, v128_t b) {
    const v128_t zero = wasm_f32x4_splat(0);
    return wasm_v128_any_true(wasm_v128_or(wasm_f32x4_eq(a, zero), wasm_f32x4_eq(b, zero)));
  }
};

}  // namespace

void resize_interpolate(const ResizePlan& plan, const float* x, float* y, float extrapolation, void* workspace) {
  resize_detail::interpolate<F32x4>(plan, x, y, extrapolation, workspace);
}

}  // namespace ow::kernels
