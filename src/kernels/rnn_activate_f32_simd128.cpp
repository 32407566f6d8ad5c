// The recurrent cells' Sigmoid and Tanh for float32 (kernels/rnn.h), four lanes at a time with the
// elementwise Sigmoid and Tanh's functions (kernels/math_f32x4.h), so within their 2 ulp. The clip is
// std::min(std::max(x, -clip), clip) as the scalar activations apply it (pmax and pmin: a NaN stays).
// The last n % 4 elements go through a padded vector, so every element takes the same instructions.
#include <algorithm>

#include "kernels/math_f32x4.h"
#include "kernels/rnn.h"

namespace ow::kernels {
namespace {

template <v128_t (*Fn)(v128_t)>
void activate_clipped(float* v, size_t n, float clip) {
  const v128_t hi = wasm_f32x4_splat(clip), lo = wasm_f32x4_splat(-clip);
  const auto one = [&](const float* from, float* to) { wasm_v128_store(to, Fn(wasm_f32x4_pmin(wasm_f32x4_pmax(wasm_v128_load(from), lo), hi))); };
  size_t i = 0;
  for (; i + 4 <= n; i += 4) one(v + i, v + i);
  if (i == n) return;
  float tail[4] = {0, 0, 0, 0};
  std::copy(v + i, v + n, tail);
  one(tail, tail);
  std::copy(tail, tail + (n - i), v + i);
}

}  // namespace

void sigmoid_clipped_f32(float* v, size_t n, float clip) { activate_clipped<sigmoid_f32x4>(v, n, clip); }
void tanh_clipped_f32(float* v, size_t n, float clip) { activate_clipped<tanh_f32x4>(v, n, clip); }

}  // namespace ow::kernels
