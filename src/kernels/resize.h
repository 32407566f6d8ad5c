// Resize micro-kernels over tensors of any rank, separable: the operator (ops/resize.cpp) resolves each
// axis into a table of input taps and weights for each output index, so the kernels only loop. Axes
// before the last two are resized one at a time (slabs combined), the last two together, one output row
// at a time: its input rows combined into one row (SIMD), then each output column from its taps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/dtype.h"

namespace ow::kernels {

// One axis. Output o reads the input indices index[t * output_size + o] for t < taps (each in [0,
// input_size)), weighted by weight[t * output_size + o] (interpolating modes; nearest has one tap and no
// weights): tap-major, so that a vector loop loads the weights of consecutive outputs. `outside[o]` (when
// non-null) marks outputs that tf_crop_and_resize maps outside the input: every output element with
// such an index on any axis is the extrapolation value.
struct ResizeAxis {
  size_t input_size = 0;
  size_t output_size = 0;
  size_t taps = 1;
  const uint32_t* index = nullptr;
  const float* weight = nullptr;
  const uint8_t* outside = nullptr;
  bool identity = false;  // output o is input o: the axis is not resized
  size_t repeat = 0;      // nearest: output o is input o / repeat (each input repeated, an integer upscale), or 0
};

struct ResizePlan {
  std::vector<ResizeAxis> axes;  // every axis of X, outermost first; at least one
  bool extrapolates = false;     // some axis has outside outputs
};

// Bytes of scratch memory the kernels need for `plan` with elements of `element_size` bytes (the
// interpolating kernels': 4 for float32, 8 for float64), in 64 bits; the operator checks and allocates
// it. Intermediate tensors of the outer axes' passes, and one input row.
uint64_t resize_workspace_size(const ResizePlan& plan, size_t element_size);

// Nearest: y[o...] = x[index...], for elements of element_size bytes (1, 2, 4 or 8); then the
// extrapolation value's bits (its low element_size bytes) where the plan extrapolates.
void resize_nearest(const ResizePlan& plan, size_t element_size, const void* x, void* y, uint64_t extrapolation, void* workspace);

// Linear and cubic (any tap count): each output the weighted sum of its taps, axis by axis; then
// `extrapolation` where the plan extrapolates.
void resize_interpolate(const ResizePlan& plan, const float* x, float* y, float extrapolation, void* workspace);
void resize_interpolate(const ResizePlan& plan, const double* x, double* y, double extrapolation, void* workspace);

// Interpolated values as X's type, rounded to nearest even, integers saturated (NaN 0)
// (resize_narrow_simd128.cpp): from float32 for float16, bfloat16 and the 8- and 16-bit integers where
// float32 holds their sums exactly (uint8 pictures, 16 at a time), from float64 for every type (the
// extrapolation value too). X is widened by kernels::cast, which converts these exactly.
void resize_narrow(const float* x, uint8_t* y, size_t n);
void resize_narrow(const float* x, int8_t* y, size_t n);
void resize_narrow(const float* x, int16_t* y, size_t n);
void resize_narrow(const float* x, uint16_t* y, size_t n);
void resize_narrow(const float* x, Float16* y, size_t n);
void resize_narrow(const float* x, BFloat16* y, size_t n);
void resize_narrow(const double* x, float* y, size_t n);
void resize_narrow(const double* x, double* y, size_t n);
void resize_narrow(const double* x, Float16* y, size_t n);
void resize_narrow(const double* x, BFloat16* y, size_t n);
void resize_narrow(const double* x, int8_t* y, size_t n);
void resize_narrow(const double* x, int16_t* y, size_t n);
void resize_narrow(const double* x, int32_t* y, size_t n);
void resize_narrow(const double* x, int64_t* y, size_t n);
void resize_narrow(const double* x, uint8_t* y, size_t n);
void resize_narrow(const double* x, uint16_t* y, size_t n);
void resize_narrow(const double* x, uint32_t* y, size_t n);
void resize_narrow(const double* x, uint64_t* y, size_t n);

}  // namespace ow::kernels
