// matmul_nt_add for float32 (kernels/rnn.h): each output is a dot product of a row of a and a row of
// b, both contiguous, so four rows of b are taken at once against one row of a, in four vector
// accumulators whose lanes are summed together at the end into the four outputs.
#include "kernels/rnn.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// The lane sums of four accumulators as one vector: [sum(a0), sum(a1), sum(a2), sum(a3)].
inline v128_t lane_sums(v128_t a0, v128_t a1, v128_t a2, v128_t a3) {
  const v128_t s01 = wasm_f32x4_add(wasm_i32x4_shuffle(a0, a1, 0, 4, 1, 5), wasm_i32x4_shuffle(a0, a1, 2, 6, 3, 7));
  const v128_t s23 = wasm_f32x4_add(wasm_i32x4_shuffle(a2, a3, 0, 4, 1, 5), wasm_i32x4_shuffle(a2, a3, 2, 6, 3, 7));
  return wasm_f32x4_add(wasm_i32x4_shuffle(s01, s23, 0, 1, 4, 5), wasm_i32x4_shuffle(s01, s23, 2, 3, 6, 7));
}

inline float dot(const float* x, const float* w, size_t K) {
  v128_t acc = wasm_f32x4_splat(0.0f);
  size_t k = 0;
  for (; k + 4 <= K; k += 4) acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(x + k), wasm_v128_load(w + k)));
  float s = wasm_f32x4_extract_lane(acc, 0) + wasm_f32x4_extract_lane(acc, 1) + wasm_f32x4_extract_lane(acc, 2) +
            wasm_f32x4_extract_lane(acc, 3);
  for (; k < K; ++k) s += x[k] * w[k];
  return s;
}

}  // namespace

void matmul_nt_add(const float* a, size_t lda, const float* b, size_t ldb, float* c, size_t ldc, size_t M, size_t N, size_t K) {
  const size_t K4 = K & ~size_t{3};
  for (size_t m = 0; m < M; ++m) {
    const float* x = a + m * lda;
    float* y = c + m * ldc;
    size_t n = 0;
    for (; n + 4 <= N; n += 4) {
      const float* w0 = b + n * ldb;
      const float* w1 = w0 + ldb;
      const float* w2 = w1 + ldb;
      const float* w3 = w2 + ldb;
      v128_t a0 = wasm_f32x4_splat(0.0f), a1 = a0, a2 = a0, a3 = a0;
      for (size_t k = 0; k < K4; k += 4) {
        const v128_t xv = wasm_v128_load(x + k);
        a0 = wasm_f32x4_add(a0, wasm_f32x4_mul(xv, wasm_v128_load(w0 + k)));
        a1 = wasm_f32x4_add(a1, wasm_f32x4_mul(xv, wasm_v128_load(w1 + k)));
        a2 = wasm_f32x4_add(a2, wasm_f32x4_mul(xv, wasm_v128_load(w2 + k)));
        a3 = wasm_f32x4_add(a3, wasm_f32x4_mul(xv, wasm_v128_load(w3 + k)));
      }
      v128_t sums = wasm_f32x4_add(wasm_v128_load(y + n), lane_sums(a0, a1, a2, a3));
      if (K4 != K) {  // the tail of K, one column at a time across the four rows
        float tail[4] = {0, 0, 0, 0};
        for (size_t k = K4; k < K; ++k) {
          tail[0] += x[k] * w0[k];
          tail[1] += x[k] * w1[k];
          tail[2] += x[k] * w2[k];
          tail[3] += x[k] * w3[k];
        }
        sums = wasm_f32x4_add(sums, wasm_v128_load(tail));
      }
      wasm_v128_store(y + n, sums);
    }
    for (; n < N; ++n) y[n] += dot(x, b + n * ldb, K);
  }
}

}  // namespace ow::kernels
