// The activations (kernels/activation.h) on one float64 value: float64's loops, float32's transcendental
// ones (then rounded once) and the integer Shrink. Each in a form without cancellation: e^x - 1 as
// expm1, ln(1 + e^x) as log1p of e^-|x|, Gelu's 1 + erf(t) as erfc(-t), its tanh form's
// (1 + tanh z) / 2 as 1 / (1 + e^-2z).
#pragma once

#include <cmath>

#include "kernels/activation.h"

namespace ow::kernels {

// The float64 and integer loops (kernels/activation_scalar.cpp), which activation_loop dispatches to.
ActivationLoop activation_f64_loop(Activation kind);
ActivationLoop activation_int_loop(DType t, Activation kind);

inline double softplus(double x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); }

template <Activation kKind>
inline double activate(double x, const ActivationParams& p) {
  const double alpha = p.alpha, beta = p.beta;
  if constexpr (kKind == Activation::kHardSigmoid || kKind == Activation::kHardSwish) {
    // The comparisons pass NaN through, as the SIMD128 loops' pmax and pmin do.
    double v = alpha * x + beta;
    v = v < 0 ? 0 : v;
    v = 1 < v ? 1 : v;
    return kKind == Activation::kHardSwish ? x * v : v;
  } else if constexpr (kKind == Activation::kLeakyRelu) {
    return x > 0 ? x : x * alpha;
  } else if constexpr (kKind == Activation::kThresholdedRelu) {
    return x > alpha ? x : 0;
  } else if constexpr (kKind == Activation::kShrink) {
    return x < -alpha ? x + beta : x > alpha ? x - beta : 0;
  } else if constexpr (kKind == Activation::kSoftsign) {
    return x / (1 + std::fabs(x));
  } else if constexpr (kKind == Activation::kElu) {
    return x < 0 ? alpha * std::expm1(x) : x;
  } else if constexpr (kKind == Activation::kSelu) {
    // gamma alpha is exact: both are float32 values.
    return x > 0 ? p.gamma * x : p.gamma * alpha * std::expm1(x);
  } else if constexpr (kKind == Activation::kCelu) {
    return x < 0 ? alpha * std::expm1(x / alpha) : x;
  } else if constexpr (kKind == Activation::kSoftplus) {
    return softplus(x);
  } else if constexpr (kKind == Activation::kMish) {
    return x == -HUGE_VAL ? -0.0 : x * std::tanh(softplus(x));
  } else if constexpr (kKind == Activation::kGelu) {
    return x == -HUGE_VAL ? -0.0 : 0.5 * x * std::erfc(-x * M_SQRT1_2);
  } else {
    static_assert(kKind == Activation::kGeluTanh);
    if (x == -HUGE_VAL) return -0.0;
    const double z = 0.7978845608028654 * (x + 0.044715 * x * x * x);  // sqrt(2/pi)
    return x / (1 + std::exp(-2 * z));
  }
}

}  // namespace ow::kernels
