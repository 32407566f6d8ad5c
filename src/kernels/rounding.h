// Elementwise rounding micro-kernels (Floor, Ceil, Round). Each: WebAssembly SIMD128 main loop when
// compiled with -msimd128, scalar loop for the tail and for native builds. NaN, ±0 and ±Inf pass through.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

enum class RoundingMode { kFloor, kCeil, kNearestEven };

void rounding_f32(RoundingMode mode, const float* x, float* y, size_t n);
void rounding_f64(RoundingMode mode, const double* x, double* y, size_t n);
// Half types go through float32 in blocks and are converted back with round-to-nearest-even.
void rounding_f16(RoundingMode mode, const Float16* x, Float16* y, size_t n);
void rounding_bf16(RoundingMode mode, const BFloat16* x, BFloat16* y, size_t n);

}  // namespace ow::kernels
