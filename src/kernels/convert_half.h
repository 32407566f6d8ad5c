// Bulk float16/bfloat16 <-> float32 conversion (round-to-nearest-even, NaN stays NaN).
// Half-precision kernels convert a block to float32, compute there, and convert back.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

void f16_to_f32(const Float16* x, float* y, size_t n);
void f32_to_f16(const float* x, Float16* y, size_t n);
void bf16_to_f32(const BFloat16* x, float* y, size_t n);
void f32_to_bf16(const float* x, BFloat16* y, size_t n);

inline void half_to_f32(const Float16* x, float* y, size_t n) { f16_to_f32(x, y, n); }
inline void half_to_f32(const BFloat16* x, float* y, size_t n) { bf16_to_f32(x, y, n); }
inline void f32_to_half(const float* x, Float16* y, size_t n) { f32_to_f16(x, y, n); }
inline void f32_to_half(const float* x, BFloat16* y, size_t n) { f32_to_bf16(x, y, n); }

// Block size, in elements, of the float32 scratch that half kernels use on the stack.
constexpr size_t kHalfBlock = 512;

}  // namespace ow::kernels
