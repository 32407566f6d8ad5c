// float32 Softmax and LogSoftmax (kernels/softmax.h). Along a row (inner = 1): its max, then e^(x - max)
// stored and summed, then scaled by 1 / sum (Softmax) or recomputed as (x - max) - ln(sum) (LogSoftmax).
// Across inner positions: the same three passes over the d rows of inner elements, a max and a sum per
// position kept in scratch, vectorized along the rows. The scaling and subtracting passes are the
// binary operators' loops (kernels/binary.h).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "kernels/binary.h"
#include "kernels/math_f32x4.h"
#include "kernels/softmax.h"

namespace ow::kernels {
namespace {

inline float max_or_nan(float a, float b) { return std::isnan(a) || std::isnan(b) ? std::numeric_limits<float>::quiet_NaN() : std::max(a, b); }

// The largest of x[0..n), n > 0; NaN if any is NaN (f32x4.max propagates it).
float row_max(const float* x, size_t n) {
  size_t i = 0;
  float m = x[0];
  if (n >= 16) {
    v128_t acc[4] = {wasm_v128_load(x), wasm_v128_load(x + 4), wasm_v128_load(x + 8), wasm_v128_load(x + 12)};
    for (i = 16; i + 16 <= n; i += 16)
      for (size_t k = 0; k < 4; ++k) acc[k] = wasm_f32x4_max(acc[k], wasm_v128_load(x + i + 4 * k));
    const v128_t v = wasm_f32x4_max(wasm_f32x4_max(acc[0], acc[1]), wasm_f32x4_max(acc[2], acc[3]));
    m = max_or_nan(max_or_nan(wasm_f32x4_extract_lane(v, 0), wasm_f32x4_extract_lane(v, 1)),
                   max_or_nan(wasm_f32x4_extract_lane(v, 2), wasm_f32x4_extract_lane(v, 3)));
  }
  for (; i < n; ++i) m = max_or_nan(m, x[i]);
  return m;
}

// y[j] = e^(x[j] - m[j]) and s[j] += y[j] for j < n, four at a time, the last few through a buffer (x
// padded with -inf, whose e^ adds 0): one copy of exp's long code. Along a row, m and s are one lane
// each, splat (kColumns false: m[0] and the four partial sums in s[0..3]); across inner positions, n of
// them.
template <bool kColumns>
void exp_sum(const float* x, const float* m, float* y, float* s, size_t n) {
  v128_t sum = kColumns ? wasm_f32x4_splat(0.0f) : wasm_v128_load(s);
  const v128_t row_max = wasm_f32x4_splat(m[0]);
  for (size_t j = 0; j < n; j += 4) {
    float xb[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY}, yb[4], mb[4] = {}, sb[4] = {};
    const size_t k = std::min<size_t>(n - j, 4);
    const bool whole = k == 4;
    if (!whole) {
      std::memcpy(xb, x + j, k * sizeof(float));
      if (kColumns) std::memcpy(mb, m + j, k * sizeof(float)), std::memcpy(sb, s + j, k * sizeof(float));
    }
    const v128_t vm = kColumns ? wasm_v128_load(whole ? m + j : mb) : row_max;
    const v128_t e = exp_f32x4(wasm_f32x4_sub(wasm_v128_load(whole ? x + j : xb), vm));
    wasm_v128_store(whole ? y + j : yb, e);
    if (kColumns) wasm_v128_store(whole ? s + j : sb, wasm_f32x4_add(wasm_v128_load(whole ? s + j : sb), e));
    else sum = wasm_f32x4_add(sum, e);
    if (!whole) {
      std::memcpy(y + j, yb, k * sizeof(float));
      if (kColumns) std::memcpy(s + j, sb, k * sizeof(float));
    }
  }
  if (!kColumns) wasm_v128_store(s, sum);
}

}  // namespace

void softmax(const float* x, float* y, SoftmaxShape shape, bool log) {
  const auto [outer, d, inner] = shape;
  if (d == 0 || inner == 0) return;
  const BinaryLoops& mul = *mul_loops(DType::kFloat32);
  const BinaryLoops& sub = *sub_loops(DType::kFloat32);
  if (inner == 1) {
    for (size_t o = 0; o < outer; ++o) {
      const float* xr = x + o * d;
      float* yr = y + o * d;
      const float m = row_max(xr, d);
      float partial[4] = {};
      exp_sum<false>(xr, &m, yr, partial, d);
      const float sum = (partial[0] + partial[1]) + (partial[2] + partial[3]);
      if (log) {
        const float log_sum = std::log(sum);
        sub.vs(xr, &m, yr, d);
        sub.vs(yr, &log_sum, yr, d);
      } else {
        const float scale = 1.0f / sum;
        mul.vs(yr, &scale, yr, d);
      }
    }
    return;
  }
  const BinaryLoops& max = *max_loops(DType::kFloat32);
  std::vector<float> m(inner), s(inner);
  for (size_t o = 0; o < outer; ++o) {
    const float* xb = x + o * d * inner;
    float* yb = y + o * d * inner;
    std::copy(xb, xb + inner, m.begin());
    for (size_t k = 1; k < d; ++k) max.vv_rows(m.data(), xb + k * inner, m.data(), inner, 1);
    std::fill(s.begin(), s.end(), 0.0f);
    for (size_t k = 0; k < d; ++k) exp_sum<true>(xb + k * inner, m.data(), yb + k * inner, s.data(), inner);
    for (float& v : s) v = log ? std::log(v) : 1.0f / v;
    for (size_t k = 0; k < d; ++k) {
      float* yr = yb + k * inner;
      if (log) {
        sub.vv_rows(xb + k * inner, m.data(), yr, inner, 1);
        sub.vv_rows(yr, s.data(), yr, inner, 1);
      } else {
        mul.vv_rows(yr, s.data(), yr, inner, 1);
      }
    }
  }
}

}  // namespace ow::kernels
