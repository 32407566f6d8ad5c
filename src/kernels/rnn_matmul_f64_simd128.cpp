// matmul_nt_add for float64 (kernels/rnn.h): each output is a dot product of a row of a and a row of
// b, both contiguous, so two rows of b are taken at once against one row of a, in two vector
// accumulators of two lanes whose lanes are summed at the end into the two outputs.
#include "kernels/rnn.h"
#include "kernels/simd128.h"

namespace ow::kernels {

void matmul_nt_add(const double* a, size_t lda, const double* b, size_t ldb, double* c, size_t ldc, size_t M, size_t N,
                   size_t K) {
  const size_t K2 = K & ~size_t{1};
  for (size_t m = 0; m < M; ++m) {
    const double* x = a + m * lda;
    double* y = c + m * ldc;
    size_t n = 0;
    for (; n + 2 <= N; n += 2) {
      const double* w0 = b + n * ldb;
      const double* w1 = w0 + ldb;
      v128_t a0 = wasm_f64x2_splat(0.0), a1 = a0;
      for (size_t k = 0; k < K2; k += 2) {
        const v128_t xv = wasm_v128_load(x + k);
        a0 = wasm_f64x2_add(a0, wasm_f64x2_mul(xv, wasm_v128_load(w0 + k)));
        a1 = wasm_f64x2_add(a1, wasm_f64x2_mul(xv, wasm_v128_load(w1 + k)));
      }
      // [a0 lane 0 + a0 lane 1, a1 lane 0 + a1 lane 1]
      v128_t sums = wasm_f64x2_add(wasm_i64x2_shuffle(a0, a1, 0, 2), wasm_i64x2_shuffle(a0, a1, 1, 3));
      sums = wasm_f64x2_add(wasm_v128_load(y + n), sums);
      if (K2 != K) sums = wasm_f64x2_add(sums, wasm_f64x2_make(x[K2] * w0[K2], x[K2] * w1[K2]));
      wasm_v128_store(y + n, sums);
    }
    if (n < N) {
      const double* w = b + n * ldb;
      double s = 0;
      for (size_t k = 0; k < K; ++k) s += x[k] * w[k];
      y[n] += s;
    }
  }
}

}  // namespace ow::kernels
