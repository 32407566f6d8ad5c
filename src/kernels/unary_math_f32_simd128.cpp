// float32 elementwise math (kernels/unary_math.h): SIMD128 loops of four vectors, then one, then a scalar
// tail through lane 0 of the same vector code, so every element gets the same bits. The four vectors of
// a step are independent, so the CPU overlaps the long polynomial ones (Exp, Log, Tanh, Sigmoid). Erf
// is computed in float64 by the C library and rounded once (not vectorized).
#include <cmath>

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
    case UnaryMath::kExp: return vector_loop<exp_f32x4<>>;
    case UnaryMath::kLog: return vector_loop<log_f32x4>;
    case UnaryMath::kTanh: return vector_loop<tanh_f32x4>;
    case UnaryMath::kSigmoid: return vector_loop<sigmoid_f32x4>;
    case UnaryMath::kErf: return erf_loop;
  }
  return nullptr;
}

}  // namespace ow::kernels
