// LpPool's loop (kernels/lppool.cpp) over the pooling plan of kernels/avgpool.h.
#pragma once

#include <cstddef>

#include "kernels/avgpool.h"

namespace ow::kernels {

// Each of the plan's outputs of the `planes` planes at x (the box, compactly, into y): the p-norm of its
// window's taps inside the input, (sum |x|^p)^(1/p), summed in T in the window's row-major order (p 1:
// the sum of |x|; p 2: the square root of the sum of squares); 0 for a window without taps.
template <typename T>
void lppool(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, T p);

extern template void lppool<float>(const AvgPoolPlan&, size_t, const float*, float*, float);
extern template void lppool<double>(const AvgPoolPlan&, size_t, const double*, double*, double);

}  // namespace ow::kernels
