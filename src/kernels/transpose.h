// The data movement of Transpose: a copy of a tensor whose axes are read in another order, for elements
// of any type by their size (1, 2, 4 or 8 bytes): the copy moves bits, whatever they mean.
#pragma once

#include <cstddef>
#include <vector>

namespace ow::kernels {

// One axis of the output, with the input's stride along it (in elements).
struct TransposeAxis {
  size_t extent;
  size_t in_stride;
};

// y, contiguous and row-major over `axes` (outermost first), from x read through their strides. The
// caller simplifies the axes (ops/transpose.cpp): none of extent 1, no two neighbours that are
// neighbours in x in the same order (they are one axis), at least one. Exactly one axis then has
// in_stride 1 (x's innermost); x and y do not overlap.
void transpose(const std::vector<TransposeAxis>& axes, size_t element_size, const void* x, void* y);

}  // namespace ow::kernels
