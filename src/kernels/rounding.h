// Elementwise rounding micro-kernels (Floor, Ceil, Round), one overload per element type: a SIMD128
// main loop and a scalar tail. NaN, ±0 and ±Inf pass through.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

enum class RoundingMode { kFloor, kCeil, kNearestEven };

void rounding(RoundingMode mode, const float* x, float* y, size_t n);
void rounding(RoundingMode mode, const double* x, double* y, size_t n);
// float16 Floor and Ceil are rounded on the bit patterns (integer lanes); float16 Round and bfloat16 in
// float32 lanes.
void rounding(RoundingMode mode, const Float16* x, Float16* y, size_t n);
void rounding(RoundingMode mode, const BFloat16* x, BFloat16* y, size_t n);

}  // namespace ow::kernels
