// Softmax and LogSoftmax micro-kernels over a tensor viewed as [outer, d, inner]: along the middle axis
// of length d, for each of the outer * inner positions, y = e^(x - max) / sum or (x - max) - ln(sum),
// max and sum over that axis. A NaN, or +inf, among the d inputs makes them all NaN (x - max, or the
// sum, is then NaN); -inf gives 0 (Softmax) or -inf (LogSoftmax). float32 in SIMD128 (its exp,
// kernels/math_f32x4.h): along a row where inner is 1, else across inner positions; float64 with the C
// library's exp and log; float16 and bfloat16 a block of d * inner at a time in float32, rounded once.
// y and x do not overlap.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

struct SoftmaxShape {
  size_t outer, d, inner;
};

void softmax(const float* x, float* y, SoftmaxShape shape, bool log);
void softmax(const double* x, double* y, SoftmaxShape shape, bool log);
void softmax(const Float16* x, Float16* y, SoftmaxShape shape, bool log);
void softmax(const BFloat16* x, BFloat16* y, SoftmaxShape shape, bool log);

}  // namespace ow::kernels
