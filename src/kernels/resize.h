// Resize micro-kernels over tensors of any rank, separable: the operator (ops/resize.cpp) resolves each
// axis into a table of input taps and weights for each output index, so the kernels only loop. Axes
// before the last two are resized one at a time (slabs combined), the last two together, one output row
// at a time: its input rows combined into one row (SIMD), then each output column from its taps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

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

}  // namespace ow::kernels
