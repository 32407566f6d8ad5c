// Scalar rounding shared by the tails of the SIMD kernels and by native builds.
#pragma once

#include <cmath>

#include "kernels/rounding.h"

namespace ow::kernels {

template <RoundingMode M, typename T>
inline T round_scalar(T v) {
  if constexpr (M == RoundingMode::kFloor) return std::floor(v);
  else if constexpr (M == RoundingMode::kCeil) return std::ceil(v);
  else return std::nearbyint(v);  // default rounding mode: to nearest, ties to even
}

}  // namespace ow::kernels
