// The normalizations' loops (kernels/normalization_simd128.cpp): BatchNormalization's per-channel
// affine map, LayerNormalization's rows and LpNormalization's norms. float32 and float64 compute in their own type, each
// operation rounded as the ONNX definitions write them; float16 and bfloat16 are converted to float32,
// computed there and rounded once.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

// x viewed as [outer, channels, inner]: the channel of an element is its index along the middle axis.
struct ChannelShape {
  size_t outer, channels, inner;
};

// y = (x - shift[c]) * scale[c] + bias[c], c the element's channel; the parameters hold `channels`
// values each. y may be x.
void channel_affine(const float* x, float* y, ChannelShape shape, const float* shift, const float* scale, const float* bias);
void channel_affine(const double* x, double* y, ChannelShape shape, const double* shift, const double* scale, const double* bias);
void channel_affine(const Float16* x, Float16* y, ChannelShape shape, const float* shift, const float* scale, const float* bias);
void channel_affine(const BFloat16* x, BFloat16* y, ChannelShape shape, const float* shift, const float* scale, const float* bias);

// BatchNormalization's training statistics: each channel's mean and population variance (the sum of
// (x - mean)^2 over the outer * inner elements, divided by their count), summed in the type.
void channel_statistics(const float* x, ChannelShape shape, float* mean, float* variance);
void channel_statistics(const double* x, ChannelShape shape, double* mean, double* variance);

// out[c * size + i] = w[c * size + i] * factor[c] for c < channels, computed in float64 and rounded
// once: a per-channel map folded into weights.
void scale_channels(const float* w, float* out, size_t channels, size_t size, const double* factor);
void scale_channels(const double* w, double* out, size_t channels, size_t size, const double* factor);

// x viewed as `rows` rows of d elements; scale and bias (bias may be null: none added) hold
// `param_rows` rows of d, row r reading their row r % param_rows.
struct RowShape {
  size_t rows, d, param_rows;
};

// LayerNormalization along each row: mean = sum / d, var = sum((x - mean)^2) / d,
// inv_std_dev = 1 / sqrt(var + epsilon), y = ((x - mean) * inv_std_dev) * scale + bias. mean and
// inv_std_dev, where not null, receive each row's (float64 ones rounded to float32). A row of no
// elements has a NaN mean. y does not overlap x.
void layer_normalize(const float* x, float* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev);
void layer_normalize(const double* x, double* y, RowShape shape, const double* scale, const double* bias, double epsilon, float* mean,
                     float* inv_std_dev);
void layer_normalize(const Float16* x, Float16* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev);
void layer_normalize(const BFloat16* x, BFloat16* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev);

// LpNormalization over x viewed as `shape`, the normalized axis the middle one: y = x / norm, norm
// the p-norm (p 1: sum |x|; p 2: sqrt(sum x^2)) of the axis's values at each (outer, inner) summed in
// the computing type, and y 0 where the norm is 0. y does not overlap x.
void lp_normalize(const float* x, float* y, ChannelShape shape, int p);
void lp_normalize(const double* x, double* y, ChannelShape shape, int p);
void lp_normalize(const Float16* x, Float16* y, ChannelShape shape, int p);
void lp_normalize(const BFloat16* x, BFloat16* y, ChannelShape shape, int p);

}  // namespace ow::kernels
