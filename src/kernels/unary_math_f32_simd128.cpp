// float32 elementwise math (kernels/unary_math.h). The short operations (Abs, Neg, Reciprocal, Sqrt):
// SIMD128 loops of four vectors, then one, then a scalar tail. The polynomial ones (Exp, Log, Tanh,
// Sigmoid) one vector at a time, the last few elements through a buffer: their code is long (four
// copies would cost kilobytes of wasm), and its independent iterations overlap in the CPU anyway; every
// element gets the same bits. Erf is computed in float64 by the C library and rounded once (not
// vectorized: no network here depends on its speed).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "kernels/binary_loops.h"
#include "kernels/math_f32x4.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

inline v128_t abs_f32x4(v128_t x) { return wasm_f32x4_abs(x); }
inline v128_t neg_f32x4(v128_t x) { return wasm_f32x4_neg(x); }
inline v128_t reciprocal_f32x4(v128_t x) { return wasm_f32x4_div(wasm_f32x4_const_splat(1.0f), x); }
inline v128_t sqrt_f32x4(v128_t x) { return wasm_f32x4_sqrt(x); }

template <v128_t (*Vec)(v128_t)>
void vector_loop(const void* x, void* y, size_t n) {
  const auto lane = [](float v) { return wasm_f32x4_extract_lane(Vec(wasm_f32x4_splat(v)), 0); };
  map_loop<true>(static_cast<const float*>(x), static_cast<float*>(y), n, Vec, lane);
}

template <v128_t (*Vec)(v128_t)>
void polynomial_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const float*>(x);
  auto* to = static_cast<float*>(y);
  for (size_t i = 0; i < n; i += 4) {
    float buffer[4] = {};
    const size_t m = std::min<size_t>(n - i, 4);
    const bool whole = m == 4;
    if (!whole) std::memcpy(buffer, from + i, m * sizeof(float));
    wasm_v128_store(whole ? to + i : buffer, Vec(wasm_v128_load(whole ? from + i : buffer)));
    if (!whole) std::memcpy(to + i, buffer, m * sizeof(float));
  }
}

void erf_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const float*>(x);
  auto* to = static_cast<float*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = static_cast<float>(std::erf(static_cast<double>(from[i])));
}

}  // namespace

UnaryLoop unary_math_f32(UnaryMath op) {
  switch (op) {
    case UnaryMath::kAbs: return vector_loop<abs_f32x4>;
    case UnaryMath::kNeg: return vector_loop<neg_f32x4>;
    case UnaryMath::kReciprocal: return vector_loop<reciprocal_f32x4>;
    case UnaryMath::kSqrt: return vector_loop<sqrt_f32x4>;
    case UnaryMath::kExp: return polynomial_loop<exp_f32x4>;
    case UnaryMath::kLog: return polynomial_loop<log_f32x4>;
    case UnaryMath::kTanh: return polynomial_loop<tanh_f32x4>;
    case UnaryMath::kSigmoid: return polynomial_loop<sigmoid_f32x4>;
    case UnaryMath::kErf: return erf_loop;
  }
  return nullptr;
}

}  // namespace ow::kernels
