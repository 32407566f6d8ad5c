#include "kernels/min.h"
#include "kernels/min_loops.h"

namespace ow::kernels {

#if defined(__wasm_simd128__)
// f32x4.min propagates NaN and orders -0 below +0, as min_scalar does.
template <>
struct VecMin<float> {
  static v128_t apply(v128_t a, v128_t b) { return wasm_f32x4_min(a, b); }
};
#endif

void min_vv(const float* a, const float* b, float* y, size_t n) { min_vv_loop(a, b, y, n); }
void min_vs(const float* a, float b, float* y, size_t n) { min_vs_loop(a, b, y, n); }

}  // namespace ow::kernels
