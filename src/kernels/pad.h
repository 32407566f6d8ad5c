// Pad's data movement, for elements of any type (moved as bytes): the input's kept part is copied
// row by row into the output, then the padding of each axis, innermost first, is filled with the
// constant or copied from the output's own slices (edge, reflect and wrap repeat slices already
// written, padding of the inner axes included).
#pragma once

#include <cstddef>
#include <vector>

namespace ow::kernels {

enum class PadFill { kConstant, kReflect, kEdge, kWrap };

// One axis: the output holds `begin` padded elements, then input elements [first, first + kept), then
// `end` padded elements.
struct PadAxis {
  size_t input_size = 0;
  size_t first = 0;
  size_t kept = 0;
  size_t begin = 0;
  size_t end = 0;
  size_t output_size() const { return begin + kept + end; }
};

// Pads x (of the axes' input sizes) into y (of their output sizes); elements have element_size bytes,
// `constant` points at one. Every output element is written. An axis with nothing kept is only
// allowed in constant mode (the operator checks it): then the whole output is the constant.
void pad(const std::vector<PadAxis>& axes, PadFill fill, size_t element_size, const void* constant, const void* x, void* y);

}  // namespace ow::kernels
