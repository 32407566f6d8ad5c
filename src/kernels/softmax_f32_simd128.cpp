// float32 Softmax and LogSoftmax (kernels/softmax.h). Along a row (inner = 1): its max, then e^(x - max)
// stored and summed, then scaled by 1 / sum (Softmax) or recomputed as (x - max) - ln(sum) (LogSoftmax).
// Across inner positions: the same three passes over the d rows of inner elements, a max and a sum per
// position kept in scratch, vectorized along the rows. The scaling and subtracting passes are the
// binary operators' loops (kernels/binary.h).
#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/binary.h"
#include "kernels/math_f32x4.h"
#include "kernels/softmax.h"

namespace ow::kernels {
namespace {

// e^(x - m) for x <= m: the kernel's one exp. A NaN x or m gives NaN, and so does +inf - +inf.
inline v128_t exp_minus(v128_t x, v128_t m) { return exp_f32x4<ExpRange::kNonPositive>(wasm_f32x4_sub(x, m)); }
inline float exp_minus_lane(float x, float m) { return wasm_f32x4_extract_lane(exp_minus(wasm_f32x4_splat(x), wasm_f32x4_splat(m)), 0); }

// The largest of x[0..n), n > 0, by pmax (one instruction, where max orders NaN and -0): a NaN among x
// may be passed over, but then its e^(x - max) is NaN, and so is the sum every output is divided by.
float row_max(const float* x, size_t n) {
  size_t i = 0;
  float m = x[0];
  if (n >= 16) {
    v128_t acc[4] = {wasm_v128_load(x), wasm_v128_load(x + 4), wasm_v128_load(x + 8), wasm_v128_load(x + 12)};
    for (i = 16; i + 16 <= n; i += 16)
      for (size_t k = 0; k < 4; ++k) acc[k] = wasm_f32x4_pmax(acc[k], wasm_v128_load(x + i + 4 * k));
    const v128_t v = wasm_f32x4_pmax(wasm_f32x4_pmax(acc[0], acc[1]), wasm_f32x4_pmax(acc[2], acc[3]));
    m = std::max(std::max(wasm_f32x4_extract_lane(v, 0), wasm_f32x4_extract_lane(v, 1)),
                 std::max(wasm_f32x4_extract_lane(v, 2), wasm_f32x4_extract_lane(v, 3)));
  }
  for (; i < n; ++i) m = std::max(m, x[i]);
  return m;
}

// y = e^(x - m) along a row of n, returning the sum: four vectors a step, each with its partial sums,
// then one vector, then the last few elements through lane 0 (the same bits).
float row_exp_sum(const float* x, float m, float* y, size_t n) {
  const v128_t vm = wasm_f32x4_splat(m);
  v128_t acc[4] = {wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f), wasm_f32x4_const_splat(0.0f)};
  size_t j = 0;
  for (; j + 16 <= n; j += 16)
    for (size_t k = 0; k < 4; ++k) {
      const v128_t e = exp_minus(wasm_v128_load(x + j + 4 * k), vm);
      wasm_v128_store(y + j + 4 * k, e);
      acc[k] = wasm_f32x4_add(acc[k], e);
    }
  for (; j + 4 <= n; j += 4) {
    const v128_t e = exp_minus(wasm_v128_load(x + j), vm);
    wasm_v128_store(y + j, e);
    acc[0] = wasm_f32x4_add(acc[0], e);
  }
  const v128_t v = wasm_f32x4_add(wasm_f32x4_add(acc[0], acc[1]), wasm_f32x4_add(acc[2], acc[3]));
  float sum = (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) + (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
  for (; j < n; ++j) sum += y[j] = exp_minus_lane(x[j], m);
  return sum;
}

// Across n inner positions: y[j] = e^(x[j] - m[j]) and s[j] += y[j], as row_exp_sum steps.
void column_exp_sum(const float* x, const float* m, float* y, float* s, size_t n) {
  size_t j = 0;
  const auto step = [&](size_t at) {
    const v128_t e = exp_minus(wasm_v128_load(x + at), wasm_v128_load(m + at));
    wasm_v128_store(y + at, e);
    wasm_v128_store(s + at, wasm_f32x4_add(wasm_v128_load(s + at), e));
  };
  for (; j + 16 <= n; j += 16)
    for (size_t k = 0; k < 4; ++k) step(j + 4 * k);
  for (; j + 4 <= n; j += 4) step(j);
  for (; j < n; ++j) s[j] += y[j] = exp_minus_lane(x[j], m[j]);
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
      const float sum = row_exp_sum(xr, m, yr, d);
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
    for (size_t k = 0; k < d; ++k) column_exp_sum(xb + k * inner, m.data(), yb + k * inner, s.data(), inner);
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
