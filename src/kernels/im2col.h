// Conv's columns: each output position's input window as a column of a [C x K, P] matrix (K kernel
// taps, P output positions), zeros where the window reaches into the padding, for a GEMM with the
// weights [M, C x K] (float64; float32 gathers its columns as it goes, kernels/conv.h). Up to three
// spatial axes: fewer are given as leading axes of size 1. ConvAxis describes an axis to both.
#pragma once

#include <cstddef>

namespace ow::kernels {

struct ConvAxis {
  size_t input;      // input size
  size_t output;     // output size
  size_t kernel;     // taps
  size_t stride;
  size_t dilation;
  ptrdiff_t pad;     // padding before the input
};

// Columns [p0, p0 + count) of the matrix of `channels` planes at x (each the product of the input
// sizes), into cols (rows `count` apart). axes: depth, height, width.
template <typename T>
void im2col(const T* x, size_t channels, const ConvAxis (&axes)[3], size_t p0, size_t count, T* cols);

extern template void im2col<double>(const double*, size_t, const ConvAxis (&)[3], size_t, size_t, double*);

}  // namespace ow::kernels
