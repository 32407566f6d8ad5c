// IsNaN's and IsInf's tests (kernels/float_class.h) on each element's bits: its magnitude (the bits
// but the sign) above the infinity's is a NaN, equal to it an infinity.
#include "kernels/float_class.h"

#include <cstdint>
#include <cstring>

namespace ow::kernels {
namespace {

// The bits of each floating-point type: their unsigned integer and the magnitude of infinity.
template <typename T>
struct FloatBits;
template <>
struct FloatBits<float> {
  using Bits = uint32_t;
  static constexpr Bits kInfinity = 0x7f800000u;
};
template <>
struct FloatBits<double> {
  using Bits = uint64_t;
  static constexpr Bits kInfinity = 0x7ff0000000000000u;
};
template <>
struct FloatBits<Float16> {
  using Bits = uint16_t;
  static constexpr Bits kInfinity = 0x7c00u;
};
template <>
struct FloatBits<BFloat16> {
  using Bits = uint16_t;
  static constexpr Bits kInfinity = 0x7f80u;
};

// y[i] = test(magnitude, negative) of each element of x, of floating-point type t.
template <typename Test>
bool classify(DType t, const void* x, Bool* y, size_t n, Test test) {
  return visit_dtype<float, double, Float16, BFloat16>(t, [&](auto element) __attribute__((always_inline)) {
    using Bits = typename FloatBits<decltype(element)>::Bits;
    constexpr Bits kSign = Bits(Bits(1) << (8 * sizeof(Bits) - 1));
    const auto* bytes = static_cast<const unsigned char*>(x);
    for (size_t i = 0; i < n; ++i) {
      Bits bits;
      std::memcpy(&bits, bytes + i * sizeof(Bits), sizeof(Bits));
      y[i] = Bool{static_cast<uint8_t>(test(static_cast<Bits>(bits & ~kSign), (bits & kSign) != 0, FloatBits<decltype(element)>::kInfinity))};
    }
  });
}

}  // namespace

bool is_nan(DType t, const void* x, Bool* y, size_t n) {
  return classify(t, x, y, n, [](auto magnitude, bool, auto infinity) { return magnitude > infinity; });
}

bool is_inf(DType t, const void* x, Bool* y, size_t n, InfinitySigns signs) {
  return classify(t, x, y, n, [signs](auto magnitude, bool negative, auto infinity) {
    return magnitude == infinity && (negative ? signs.negative : signs.positive);
  });
}

}  // namespace ow::kernels
