// Depthwise convolution of one plane, directly (no im2col columns, no GEMM): each output is its bias
// plus the kernel's taps times the input under the window. For Conv when every group has one input
// channel, where a GEMM of k = taps (9 for 3x3) spends its time packing rather than multiplying.
#pragma once

#include <cstddef>

#include "kernels/im2col.h"

namespace ow::kernels {

// y (rows.output x cols.output) = bias + the kernel w (rows.kernel x cols.kernel) over the plane x
// (rows.input x cols.input), the padding being zeros. A tap in the padding adds 0 x w, as the GEMM
// path's zero columns do: an infinite or NaN weight makes NaN there too. For 1-D, rows is the
// trivial axis {1, 1, 1, 1, 1, 0}.
void dwconv_f32(const float* x, const ConvAxis& rows, const ConvAxis& cols, const float* w, float bias, float* y);

}  // namespace ow::kernels
