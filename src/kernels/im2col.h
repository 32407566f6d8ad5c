// Conv's columns: each output position's input window as a column of a [C x K, P] matrix (K kernel
// taps, P output positions), zeros where the window reaches into the padding, for a GEMM with the
// weights [M, C x K] (float64; float32 gathers its columns as it goes, kernels/conv.h). And
// ConvTranspose's, the other way: a GEMM makes the columns [M x K, P] (P input positions) and col2im
// adds each into the output positions its taps reach. Up to three spatial axes: fewer are given as
// leading axes of size 1. ConvAxis describes an axis to all.
#pragma once

#include <cstddef>

namespace ow::kernels {

// Conv's output position o reads, by tap t, input position o * stride + t * dilation - pad;
// ConvTranspose's input position i adds, by tap t, into output position i * stride + t * dilation - pad.
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

// ConvTranspose: adds columns [p0, p0 + count) of the matrix [outputs x K, count] at cols (rows `count`
// apart; column p is input position p) into the `outputs` planes at y, each (row, column) to the output
// position its tap reaches from that input position, if inside the output. Per output element, the
// adds come in the order of the rows, then of the columns. T = float, double.
template <typename T>
void col2im_add(const T* cols, size_t outputs, const ConvAxis (&axes)[3], size_t p0, size_t count, T* y);

extern template void col2im_add<float>(const float*, size_t, const ConvAxis (&)[3], size_t, size_t, float*);
extern template void col2im_add<double>(const double*, size_t, const ConvAxis (&)[3], size_t, size_t, double*);

}  // namespace ow::kernels
