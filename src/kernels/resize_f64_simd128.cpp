// float64 Resize interpolation (linear and cubic); the wide integers go through it.
#include "kernels/resize_interpolate.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F64x2 {
  using Scalar = double;
  static constexpr size_t kLanes = 2;
  static v128_t load(const double* p) { return wasm_v128_load(p); }
  static void store(double* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
  static v128_t splat(double v) { return wasm_f64x2_splat(v); }
  static v128_t load_weights(const float* w) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(w)); }
  static v128_t gather(const double* row, const uint32_t* i) { return wasm_f64x2_make(row[i[0]], row[i[1]]); }
  static bool any_zero(v128_t a, v128_t b) {
    const v128_t zero = wasm_f64x2_splat(0);
    return wasm_v128_any_true(wasm_v128_or(wasm_f64x2_eq(a, zero), wasm_f64x2_eq(b, zero)));
  }
};

}  // namespace

void resize_interpolate(const ResizePlan& plan, const double* x, double* y, double extrapolation, void* workspace) {
  resize_detail::interpolate<F64x2>(plan, x, y, extrapolation, workspace);
}

}  // namespace ow::kernels
