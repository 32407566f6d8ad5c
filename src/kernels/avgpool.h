// Average pooling micro-kernels over N x C x D1 x ... x Dn tensors: each of the N * C planes is pooled
// alone. The operator (ops/average_pool.cpp) resolves the window for an input shape into the per-axis
// tables below, so the kernels only loop. It plans only the outputs whose windows reach into the input
// (a box, which follows the input rather than the padding); avgpool_spread puts them in their places
// among the outputs whose windows lie wholly in the padding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/dtype.h"

namespace ow::kernels {

// One spatial axis, resolved over the outputs the kernels compute. Output o averages the input indices
// first + t * dilation for t < taps of its window(o) (the taps inside the input); the window's divisor
// is its factor of the divisor (the taps, or with count_include_pad the taps inside the padded input).
// The divisor of an N-D window is the product of its axes' factors. Outputs [full_begin, full_end) have
// every tap inside the input, so they need no table; the others are in the tables, in order: at either
// end about the window's extent over the stride, which reach past the input (all of them where the
// window is longer than the input). The tables point into one block the operator allocates, through
// the error-value path.
struct AvgPoolAxis {
  size_t input_size = 0;
  size_t output_size = 0;
  size_t stride = 1;
  size_t dilation = 1;
  size_t kernel = 1;
  size_t* first = nullptr;  // output_size - (full_end - full_begin) entries each
  uint32_t* taps = nullptr;
  uint32_t* divisor = nullptr;
  size_t full_begin = 0;
  size_t full_end = 0;
  ptrdiff_t full_origin = 0;  // where output 0's window would start, were it full

  // The table entry of output o, not full.
  size_t entry(size_t o) const { return o < full_begin ? o : o - (full_end - full_begin); }

  struct Window {
    size_t first, taps, divisor;
  };
  // Output o's window, full or from the tables.
  Window window(size_t o) const {
    if (o >= full_begin && o < full_end) return {static_cast<size_t>(static_cast<ptrdiff_t>(o * stride) + full_origin), kernel, kernel};
    return {first[entry(o)], taps[entry(o)], divisor[entry(o)]};
  }
};

// The fewest taps of a window that the kernels for a vector of `lanes` lanes sum with two accumulators
// (sum_contiguous: one wide window along the last axis without dilation, or a whole plane), in another
// order than tap by tap; a graph that pads a plane into such a window would change the bytes
// (onnx/passes/pad_pool_fusion.cpp asks avgpool_may_split_sum).
constexpr size_t avgpool_split_sum_taps(size_t lanes) { return 2 * lanes; }

// Whether the kernels of some type (float64's vectors have the fewest lanes) may sum a window of
// `kernel` taps of `dilation` along the last axis in another order than tap by tap.
constexpr bool avgpool_may_split_sum(int64_t kernel, int64_t dilation) {
  return dilation == 1 && kernel >= static_cast<int64_t>(avgpool_split_sum_taps(16 / sizeof(double)));
}

struct AvgPoolPlan {
  std::vector<AvgPoolAxis> axes;  // spatial axes, outermost first; at least one
  size_t input_plane = 0;         // elements of one input plane (product of input sizes)
  size_t output_plane = 0;
};

// The input rows of the window of the output row at `position` (an output index per outer axis): their
// offsets in the input plane into row_offsets, expanded one outer axis at a time, innermost first, in
// place from the back. `rows` of them (0 where an axis's window is empty); `divisor` is the product of
// the outer axes' divisors.
struct AvgPoolWindowRows {
  size_t rows;
  size_t divisor;
};
inline AvgPoolWindowRows avgpool_window_rows(const AvgPoolPlan& plan, const size_t* position, size_t* row_offsets) {
  size_t rows = 1;
  size_t divisor = 1;
  size_t row_stride = plan.axes.back().input_size;
  row_offsets[0] = 0;
  for (size_t i = plan.axes.size() - 1; i-- > 0;) {
    const AvgPoolAxis& ax = plan.axes[i];
    const AvgPoolAxis::Window w = ax.window(position[i]);
    for (size_t r = rows; r-- > 0;) {
      const size_t base = row_offsets[r];
      for (size_t t = w.taps; t-- > 0;) row_offsets[r * w.taps + t] = base + (w.first + t * ax.dilation) * row_stride;
    }
    rows *= w.taps;
    divisor *= w.divisor;
    row_stride *= ax.input_size;
  }
  return {rows, divisor};
}

// Bytes of scratch memory the kernel for `type` needs for `plan`, in 64 bits (it may pass what a 32-bit
// size_t holds). The operator checks and allocates it, so that running out of memory is an error value
// rather than an abort. Under outer axes it follows the last axis (about an input row and an output
// row); for halves, also a plane of the input and one of the output as float32.
uint64_t avgpool_workspace_size(const AvgPoolPlan& plan, DType type);

// Pools `planes` consecutive planes of x into y. float16 and bfloat16 accumulate in float32, float32 in
// float32, float64 in float64.
void avgpool(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, void* workspace);
void avgpool(const AvgPoolPlan& plan, size_t planes, const double* x, double* y, void* workspace);
void avgpool(const AvgPoolPlan& plan, size_t planes, const Float16* x, Float16* y, void* workspace);
void avgpool(const AvgPoolPlan& plan, size_t planes, const BFloat16* x, BFloat16* y, void* workspace);

// Along one axis of the output, the outputs [begin, end) of `size` that the box holds.
struct AvgPoolBoxAxis {
  size_t size = 0;
  size_t begin = 0;
  size_t end = 0;
};

// y holds the box's outputs, pooled compactly at its start (the planes as its first axis, `axes[0]`):
// moves each to its place among `axes` and sets every output outside the box to `empty`, the bits of
// an element of element_size bytes (its low bytes: wasm and the native targets are little-endian).
void avgpool_spread(const std::vector<AvgPoolBoxAxis>& axes, size_t element_size, uint64_t empty, void* y);

}  // namespace ow::kernels
