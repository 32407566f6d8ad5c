// float64 activations and the integer Shrink (kernels/activation.h), scalar, on
// kernels/activation_formulas.h.
#include <cmath>
#include <limits>

#include "kernels/activation_formulas.h"

namespace ow::kernels {
namespace {

template <Activation kKind>
void f64_loop(const void* x, void* y, size_t n, const ActivationParams& p) {
  const auto* from = static_cast<const double*>(x);
  auto* to = static_cast<double*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = activate<kKind>(from[i], p);
}

// v truncated toward zero and saturated to T; NaN gives 0.
template <typename T>
T saturate(double v) {
  if (std::isnan(v)) return 0;
  constexpr double kLow = static_cast<double>(std::numeric_limits<T>::lowest());
  // T's largest value + 1, a power of two, exact in double (the largest rounds up to it for 64 bits).
  constexpr double kAboveHigh = (static_cast<double>(std::numeric_limits<T>::max() / 2 + 1)) * 2;
  if (v <= kLow) return std::numeric_limits<T>::lowest();
  if (v >= kAboveHigh) return std::numeric_limits<T>::max();
  return static_cast<T>(v);
}

template <typename T>
void shrink_loop(const void* x, void* y, size_t n, const ActivationParams& p) {
  const auto* from = static_cast<const T*>(x);
  auto* to = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = saturate<T>(activate<Activation::kShrink>(static_cast<double>(from[i]), p));
}

}  // namespace

ActivationLoop activation_f64_loop(Activation kind) {
  switch (kind) {
    case Activation::kHardSigmoid: return f64_loop<Activation::kHardSigmoid>;
    case Activation::kHardSwish: return f64_loop<Activation::kHardSwish>;
    case Activation::kLeakyRelu: return f64_loop<Activation::kLeakyRelu>;
    case Activation::kThresholdedRelu: return f64_loop<Activation::kThresholdedRelu>;
    case Activation::kShrink: return f64_loop<Activation::kShrink>;
    case Activation::kSoftsign: return f64_loop<Activation::kSoftsign>;
    case Activation::kElu: return f64_loop<Activation::kElu>;
    case Activation::kSelu: return f64_loop<Activation::kSelu>;
    case Activation::kCelu: return f64_loop<Activation::kCelu>;
    case Activation::kSoftplus: return f64_loop<Activation::kSoftplus>;
    case Activation::kMish: return f64_loop<Activation::kMish>;
    case Activation::kGelu: return f64_loop<Activation::kGelu>;
    case Activation::kGeluTanh: return f64_loop<Activation::kGeluTanh>;
  }
  return nullptr;
}

ActivationLoop activation_int_loop(DType t, Activation kind) {
  if (kind != Activation::kShrink) return nullptr;
  switch (t) {
    case DType::kInt8: return shrink_loop<int8_t>;
    case DType::kUint8: return shrink_loop<uint8_t>;
    case DType::kInt16: return shrink_loop<int16_t>;
    case DType::kUint16: return shrink_loop<uint16_t>;
    case DType::kInt32: return shrink_loop<int32_t>;
    case DType::kUint32: return shrink_loop<uint32_t>;
    case DType::kInt64: return shrink_loop<int64_t>;
    case DType::kUint64: return shrink_loop<uint64_t>;
    default: return nullptr;
  }
}

}  // namespace ow::kernels
