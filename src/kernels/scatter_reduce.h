// ScatterND's reductions (version 16 on): each update combined with the element it lands on, in the
// element's type, as ONNX's reference (NumPy) computes it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

enum class ScatterReduction : uint8_t { kAdd, kMul, kMax, kMin };

// For each i < n, in order, the row of `row` elements of `type` at y + rows[i] * row combined element by
// element with the i-th row of `updates` (y = y op update): integers wrap; float16 and bfloat16 compute
// in float32 and round once (exact for one operation); max and min keep y's element where it is NaN or
// ties (NumPy's maximum: y >= u || y is NaN ? y : u); bool adds as or, multiplies as and, max is or and
// min is and (NumPy's bool arithmetic), writing 0 or 1. Every type of core/dtype.h.
void scatter_reduce(ScatterReduction op, DType type, const unsigned char* updates, const int64_t* rows, size_t n, size_t row, unsigned char* y);

}  // namespace ow::kernels
