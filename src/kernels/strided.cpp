// The strided loops, one per element size. A row whose input is contiguous is one memcpy and one read
// again (stride 0) a fill; other rows are moved element by element.
#include <cstdint>
#include <cstring>

#include "kernels/strided.h"

namespace ow::kernels {
namespace {

template <typename U>
void copy_as(const std::vector<StridedAxis<1>>& axes, const U* x, U* y) {
  const size_t n = axes.empty() ? 1 : axes.back().extent;
  const ptrdiff_t step = axes.empty() ? 0 : axes.back().strides[0];
  each_row(axes, [&](const std::array<ptrdiff_t, 1>& at) {
    const U* src = x + at[0];
    if (step == 1) {
      std::memcpy(y, src, n * sizeof(U));
    } else if (step == 0) {
      const U v = *src;
      for (size_t i = 0; i < n; ++i) y[i] = v;
    } else {
      for (size_t i = 0; i < n; ++i, src += step) y[i] = *src;
    }
    y += n;
  });
}

template <typename U>
void gather_elements_as(const std::vector<int64_t>& dims, const std::vector<ptrdiff_t>& x_strides, size_t axis, const int64_t* indices,
                        const U* x, U* y) {
  const size_t rank = dims.size();
  std::vector<int64_t> index(rank, 0);
  ptrdiff_t at = 0;  // x's offset of the position, the axis's term left out
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  const ptrdiff_t axis_stride = x_strides[axis];
  for (size_t i = 0; i < n; ++i) {
    y[i] = x[at + static_cast<ptrdiff_t>(indices[i]) * axis_stride];
    for (size_t d = rank; d-- > 0;) {
      const ptrdiff_t step = d == axis ? 0 : x_strides[d];
      at += step;
      if (++index[d] < dims[d]) break;
      at -= step * static_cast<ptrdiff_t>(dims[d]);
      index[d] = 0;
    }
  }
}

}  // namespace

void strided_copy(std::vector<StridedAxis<1>> axes, size_t element_size, const void* x, void* y) {
  if (any_empty(axes)) return;
  simplify_axes(axes);
  switch (element_size) {
    case 1: return copy_as(axes, static_cast<const uint8_t*>(x), static_cast<uint8_t*>(y));
    case 2: return copy_as(axes, static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y));
    case 4: return copy_as(axes, static_cast<const uint32_t*>(x), static_cast<uint32_t*>(y));
    default: return copy_as(axes, static_cast<const uint64_t*>(x), static_cast<uint64_t*>(y));
  }
}

void gather_elements(const std::vector<int64_t>& dims, const std::vector<ptrdiff_t>& x_strides, size_t axis, const int64_t* indices,
                     size_t element_size, const void* x, void* y) {
  switch (element_size) {
    case 1: return gather_elements_as(dims, x_strides, axis, indices, static_cast<const uint8_t*>(x), static_cast<uint8_t*>(y));
    case 2: return gather_elements_as(dims, x_strides, axis, indices, static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y));
    case 4: return gather_elements_as(dims, x_strides, axis, indices, static_cast<const uint32_t*>(x), static_cast<uint32_t*>(y));
    default: return gather_elements_as(dims, x_strides, axis, indices, static_cast<const uint64_t*>(x), static_cast<uint64_t*>(y));
  }
}

}  // namespace ow::kernels
