// float64 elementwise math (kernels/unary_math.h): Abs, Neg, Reciprocal and Sqrt in SIMD128 (exact);
// Exp, Log, Tanh, Erf and Sigmoid from the C library's functions, scalar.
#include <cmath>

#include "kernels/binary_loops.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

inline v128_t abs_f64x2(v128_t x) { return wasm_f64x2_abs(x); }
inline v128_t neg_f64x2(v128_t x) { return wasm_f64x2_neg(x); }
inline v128_t reciprocal_f64x2(v128_t x) { return wasm_f64x2_div(wasm_f64x2_splat(1.0), x); }
inline v128_t sqrt_f64x2(v128_t x) { return wasm_f64x2_sqrt(x); }

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

// The C library's, named: <cmath> overloads them.
double exp(double x) { return std::exp(x); }
double log(double x) { return std::log(x); }
double tanh(double x) { return std::tanh(x); }
double erf(double x) { return std::erf(x); }

}  // namespace

UnaryLoop unary_math_f64(UnaryMath op) {
  switch (op) {
    case UnaryMath::kAbs: return vector_loop<abs_f64x2>;
    case UnaryMath::kNeg: return vector_loop<neg_f64x2>;
    case UnaryMath::kReciprocal: return vector_loop<reciprocal_f64x2>;
    case UnaryMath::kSqrt: return vector_loop<sqrt_f64x2>;
    case UnaryMath::kExp: return scalar_loop<exp>;
    case UnaryMath::kLog: return scalar_loop<log>;
    case UnaryMath::kTanh: return scalar_loop<tanh>;
    case UnaryMath::kSigmoid: return scalar_loop<sigmoid>;
    case UnaryMath::kErf: return scalar_loop<erf>;
  }
  return nullptr;
}

}  // namespace ow::kernels
