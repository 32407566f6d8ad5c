// float64 elementwise math (kernels/unary_math.h): Abs, Neg, Reciprocal, Sqrt and Sign in SIMD128
// (exact); the others from the C library's functions, scalar.
#include <cmath>

#include "kernels/binary_loops.h"
#include "kernels/unary_libm.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

inline v128_t abs_f64x2(v128_t x) { return wasm_f64x2_abs(x); }
inline v128_t neg_f64x2(v128_t x) { return wasm_f64x2_neg(x); }
inline v128_t reciprocal_f64x2(v128_t x) { return wasm_f64x2_div(wasm_f64x2_splat(1.0), x); }
inline v128_t sqrt_f64x2(v128_t x) { return wasm_f64x2_sqrt(x); }
// 1 above 0, -1 below, +0 for ±0, NaN for NaN.
inline v128_t sign_f64x2(v128_t x) {
  const v128_t zero = wasm_f64x2_splat(0.0);
  const v128_t sign = wasm_v128_or(wasm_v128_and(wasm_f64x2_gt(x, zero), wasm_f64x2_splat(1.0)),
                                   wasm_v128_and(wasm_f64x2_lt(x, zero), wasm_f64x2_splat(-1.0)));
  return wasm_v128_bitselect(x, sign, wasm_f64x2_ne(x, x));
}

template <v128_t (*Vec)(v128_t)>
void vector_loop(const void* x, void* y, size_t n) {
  const auto lane = [](double v) { return wasm_f64x2_extract_lane(Vec(wasm_f64x2_splat(v)), 0); };
  map_loop<true>(static_cast<const double*>(x), static_cast<double*>(y), n, Vec, lane);
}

// 1 / (1 + e^-x) as e / (1 + e) below 0, e = e^x, so that the results below e^-709 are e^x's
// subnormals rather than 1 / inf.
double sigmoid(double x) {
  const double e = std::exp(-std::fabs(x));
  return (x < 0 ? e : 1.0) / (1.0 + e);
}

template <double (*F)(double)>
void scalar_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const double*>(x);
  auto* to = static_cast<double*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = F(from[i]);
}

}  // namespace

UnaryLoop unary_math_f64(UnaryMath op) {
  switch (op) {
    case UnaryMath::kAbs: return vector_loop<abs_f64x2>;
    case UnaryMath::kNeg: return vector_loop<neg_f64x2>;
    case UnaryMath::kReciprocal: return vector_loop<reciprocal_f64x2>;
    case UnaryMath::kSqrt: return vector_loop<sqrt_f64x2>;
    case UnaryMath::kExp: return scalar_loop<libm::exp>;
    case UnaryMath::kLog: return scalar_loop<libm::log>;
    case UnaryMath::kTanh: return scalar_loop<libm::tanh>;
    case UnaryMath::kSigmoid: return scalar_loop<sigmoid>;
    case UnaryMath::kErf: return scalar_loop<libm::erf>;
    case UnaryMath::kSign: return vector_loop<sign_f64x2>;
    case UnaryMath::kSin: return scalar_loop<libm::sin>;
    case UnaryMath::kCos: return scalar_loop<libm::cos>;
    case UnaryMath::kTan: return scalar_loop<libm::tan>;
    case UnaryMath::kAsin: return scalar_loop<libm::asin>;
    case UnaryMath::kAcos: return scalar_loop<libm::acos>;
    case UnaryMath::kAtan: return scalar_loop<libm::atan>;
    case UnaryMath::kSinh: return scalar_loop<libm::sinh>;
    case UnaryMath::kCosh: return scalar_loop<libm::cosh>;
    case UnaryMath::kAsinh: return scalar_loop<libm::asinh>;
    case UnaryMath::kAcosh: return scalar_loop<libm::acosh>;
    case UnaryMath::kAtanh: return scalar_loop<libm::atanh>;
  }
  return nullptr;
}

}  // namespace ow::kernels
