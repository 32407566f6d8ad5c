// IsNaN's and IsInf's tests of floating-point elements, read from their bits (the half types need no
// conversion, and no comparison's NaN rules apply). y is bool, 0 or 1.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

// Which infinities IsInf detects.
struct InfinitySigns {
  bool negative = true;
  bool positive = true;
};

// y[i] = x[i] is a NaN, over n elements of floating-point type t; false, nothing written, for another type.
bool is_nan(DType t, const void* x, Bool* y, size_t n);
// y[i] = x[i] is an infinity of a sign `signs` detects; likewise.
bool is_inf(DType t, const void* x, Bool* y, size_t n, InfinitySigns signs);

}  // namespace ow::kernels
