#include "kernels/min.h"
#include "kernels/min_loops.h"

namespace ow::kernels {

#if defined(__wasm_simd128__)
// f64x2.min propagates NaN and orders -0 below +0, as min_scalar does.
template <>
struct VecMin<double> {
  static v128_t apply(v128_t a, v128_t b) { return wasm_f64x2_min(a, b); }
};
#endif

void min_vv(const double* a, const double* b, double* y, size_t n) { min_vv_loop(a, b, y, n); }
void min_vs(const double* a, double b, double* y, size_t n) { min_vs_loop(a, b, y, n); }

}  // namespace ow::kernels
