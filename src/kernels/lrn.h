// LRN's loop (kernels/lrn.cpp): each element divided by (bias + alpha / size * the sum of the squares of
// its channel's neighbours)^beta, in the element's type (float32 or float64).
#pragma once

#include <cstddef>

#include "kernels/normalization.h"

namespace ow::kernels {

// The neighbours of channel c: channels [c - before, c + after] inside [0, channels).
struct LrnWindow {
  size_t before, after;
};

// y = x / (bias + alpha_over_size * square_sum)^beta over x viewed as `shape` (the channels the middle
// axis); square_sum summed in the type from the window's first channel to its last. y does not overlap x.
template <typename T>
void lrn(const T* x, T* y, ChannelShape shape, LrnWindow window, T alpha_over_size, T beta, T bias);

extern template void lrn<float>(const float*, float*, ChannelShape, LrnWindow, float, float, float);
extern template void lrn<double>(const double*, double*, ChannelShape, LrnWindow, double, double, double);

}  // namespace ow::kernels
