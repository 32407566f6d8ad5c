// Conv as an implicit GEMM: the weights [M, C x K] (K kernel taps), packed once into the GEMM core's
// panels (gemm_f32_pack_a), times the input windows, which are never laid out as a whole im2col matrix:
// for each run of up to 8 output positions along an output row, the windows' [C x K, 8] columns are
// gathered straight from the input into one small panel (zeros where a window reaches into the padding,
// columns past the row's end), which stays in L1 while every row tile of the weights multiplies it; at
// stride 1 along the width the tiles read them from a copy of the input with its padding as zeros
// instead, where they are 8 consecutive floats.
#pragma once

#include <cmath>
#include <cstddef>

#include "kernels/im2col.h"

namespace ow::kernels {

// What each output goes through as it is stored (onnx/passes/conv_activation_fusion.cpp): the bounds,
// Min(Max(y, lo), hi), as the Max and Min kernels by a scalar compute them (kernels/min_max_ops.h): a
// Relu or Clip after the Conv (never NaN; the default bounds give every y back unchanged); then, with
// `silu`, y * sigmoid(y) with the Sigmoid kernel's sigmoid_f32x4 (kernels/math_f32x4.h) and the Mul
// kernel's product: a Sigmoid and a Mul after the Conv.
struct OutputActivation {
  float lo = -INFINITY, hi = INFINITY;
  bool silu = false;
};

// y (`outputs` planes of the output positions, one after another) = bias (per output plane; null: 0) +
// the weights (packed by gemm_f32_pack_a for outputs x channels * taps) times the windows of the
// `channels` input planes at x. axes: depth, height, width, as im2col's. Sums in depth order from the
// bias, so that the result is the same for any blocking of the output; each output then activated.
void conv_f32(const float* x, size_t channels, const ConvAxis (&axes)[3], const float* packed_weights, size_t outputs, const float* bias,
              const OutputActivation& activation, float* y);

// y[0..n) through `activation` in place, with conv_f32's instructions: for the outputs of a Conv
// computed by another path (the depthwise one, kernels/dwconv.h).
void activate_f32(const OutputActivation& activation, float* y, size_t n);

}  // namespace ow::kernels
