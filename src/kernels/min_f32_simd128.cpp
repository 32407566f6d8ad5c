#include "kernels/min.h"
#include "kernels/min_loops.h"

namespace ow::kernels {

// The semantics of min_scalar from pmin(a, b) = b < a ? b : a, one instruction, which keeps a when either
// is NaN or both are zero: both argument orders OR-ed agree with min_scalar (the OR of a NaN and
// anything is a NaN, that of -0 and +0 is -0). f32x4.min costs several more, to canonicalise the NaN.
template <>
struct VecMin<float> {
  static v128_t apply(v128_t a, v128_t b) { return wasm_v128_or(wasm_f32x4_pmin(a, b), wasm_f32x4_pmin(b, a)); }
};

void min_vv(const float* a, const float* b, float* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const float* a, float b, float* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vvvv(const float* a, const float* b, const float* c, const float* d, float* y, size_t n) { min_vvvv_loop(a, b, c, d, y, n); }

}  // namespace ow::kernels
