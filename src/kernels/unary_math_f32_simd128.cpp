// float32 elementwise math (kernels/unary_math.h): SIMD128 loops of four vectors, then one, then a scalar
// tail through lane 0 of the same vector code, so every element gets the same bits. The four vectors of
// a step are independent, so the CPU overlaps the long polynomial ones (Exp, Log, Tanh, Sigmoid, Erf).
// The trigonometric and hyperbolic functions are computed in float64 by the C library and rounded once
// (not vectorized).
#include "kernels/binary_loops.h"
#include "kernels/math_f32x4.h"
#include "kernels/unary_libm.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

inline v128_t abs_f32x4(v128_t x) { return wasm_f32x4_abs(x); }
inline v128_t neg_f32x4(v128_t x) { return wasm_f32x4_neg(x); }
inline v128_t reciprocal_f32x4(v128_t x) { return wasm_f32x4_div(wasm_f32x4_const_splat(1.0f), x); }
inline v128_t sqrt_f32x4(v128_t x) { return wasm_f32x4_sqrt(x); }
// 1 above 0, -1 below, +0 for ±0, NaN for NaN.
inline v128_t sign_f32x4(v128_t x) {
  const v128_t zero = wasm_f32x4_const_splat(0.0f);
  const v128_t sign = wasm_v128_or(wasm_v128_and(wasm_f32x4_gt(x, zero), wasm_f32x4_const_splat(1.0f)),
                                   wasm_v128_and(wasm_f32x4_lt(x, zero), wasm_f32x4_const_splat(-1.0f)));
  return wasm_v128_bitselect(x, sign, wasm_f32x4_ne(x, x));
}

template <v128_t (*Vec)(v128_t)>
void vector_loop(const void* x, void* y, size_t n) {
  const auto lane = [](float v) { return wasm_f32x4_extract_lane(Vec(wasm_f32x4_splat(v)), 0); };
  map_loop<true>(static_cast<const float*>(x), static_cast<float*>(y), n, Vec, lane);
}

template <double (*F)(double)>
void via_f64_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const float*>(x);
  auto* to = static_cast<float*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = static_cast<float>(F(from[i]));
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
    case UnaryMath::kErf: return vector_loop<erf_f32x4>;
    case UnaryMath::kSign: return vector_loop<sign_f32x4>;
    case UnaryMath::kSin: return via_f64_loop<libm::sin>;
    case UnaryMath::kCos: return via_f64_loop<libm::cos>;
    case UnaryMath::kTan: return via_f64_loop<libm::tan>;
    case UnaryMath::kAsin: return via_f64_loop<libm::asin>;
    case UnaryMath::kAcos: return via_f64_loop<libm::acos>;
    case UnaryMath::kAtan: return via_f64_loop<libm::atan>;
    case UnaryMath::kSinh: return via_f64_loop<libm::sinh>;
    case UnaryMath::kCosh: return via_f64_loop<libm::cosh>;
    case UnaryMath::kAsinh: return via_f64_loop<libm::asinh>;
    case UnaryMath::kAcosh: return via_f64_loop<libm::acosh>;
    case UnaryMath::kAtanh: return via_f64_loop<libm::atanh>;
  }
  return nullptr;
}

}  // namespace ow::kernels
