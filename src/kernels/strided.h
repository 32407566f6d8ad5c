// Data movement through strides, for elements of any type by their size (1, 2, 4 or 8 bytes: the copy
// moves bits, whatever they mean): Slice (the strides of its steps, negative too), Expand and Tile
// (stride 0 along an axis read again), Where (three operands, each broadcast by stride 0).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ow::kernels {

// One axis of a contiguous, row-major output, with each of N operands' strides along it (in elements;
// 0 where an operand is broadcast, negative where it is read backwards).
template <size_t N>
struct StridedAxis {
  size_t extent;
  std::array<ptrdiff_t, N> strides;
};

// The axes with those of extent 1 dropped and neighbours merged where every operand steps over the
// inner one exactly as over one more row of it: fewer, longer rows. Empty when one element remains.
template <size_t N>
void simplify_axes(std::vector<StridedAxis<N>>& axes) {
  size_t kept = 0;
  for (const StridedAxis<N>& a : axes)
    if (a.extent != 1) axes[kept++] = a;
  axes.resize(kept);
  // Merge from the inside out: an outer axis whose strides are the inner's times its extent.
  for (size_t i = axes.size(); i-- > 1;) {
    StridedAxis<N>& outer = axes[i - 1];
    const StridedAxis<N>& inner = axes[i];
    bool mergeable = true;
    for (size_t k = 0; k < N; ++k) mergeable = mergeable && outer.strides[k] == inner.strides[k] * static_cast<ptrdiff_t>(inner.extent);
    if (!mergeable) continue;
    outer.extent *= inner.extent;
    outer.strides = inner.strides;
    axes.erase(axes.begin() + static_cast<ptrdiff_t>(i));
  }
}

// Whether an axis has extent 0: nothing to move.
template <size_t N>
bool any_empty(const std::vector<StridedAxis<N>>& axes) {
  for (const StridedAxis<N>& a : axes)
    if (a.extent == 0) return true;
  return false;
}

// fn(offsets) once for each index of every axis but the innermost, in row-major order, with each
// operand's offset (elements) at the row's first element; once, at offset 0, when there is at most one
// axis. The axes have no extent 0.
template <size_t N, typename Fn>
void each_row(const std::vector<StridedAxis<N>>& axes, Fn&& fn) {
  const size_t outer = axes.empty() ? 0 : axes.size() - 1;
  std::vector<size_t> index(outer, 0);
  std::array<ptrdiff_t, N> at{};
  for (;;) {
    fn(at);
    size_t d = outer;
    for (;;) {
      if (d == 0) return;
      --d;
      for (size_t k = 0; k < N; ++k) at[k] += axes[d].strides[k];
      if (++index[d] < axes[d].extent) break;
      for (size_t k = 0; k < N; ++k) at[k] -= axes[d].strides[k] * static_cast<ptrdiff_t>(axes[d].extent);
      index[d] = 0;
    }
  }
}

// y, contiguous over `axes` (their product of extents elements), from x read through its strides
// (x points at the element all indices 0 read). Axes of extent 0 make nothing.
void strided_copy(std::vector<StridedAxis<1>> axes, size_t element_size, const void* x, void* y);

// Where: out[i] = condition[i] ? x[i] : y[i], each operand (condition of bytes, any non-zero true)
// read through its strides (operands 0, 1, 2), out contiguous (kernels/select_simd128.cpp).
void select(std::vector<StridedAxis<3>> axes, size_t element_size, const unsigned char* condition, const void* x, const void* y,
            void* out);

// GatherElements: for each position of the output (contiguous, of `dims`), the element of x at that
// position but along `axis`, where it is the position's index (already in [0, x's extent)). x_strides:
// x's strides in elements.
void gather_elements(const std::vector<int64_t>& dims, const std::vector<ptrdiff_t>& x_strides, size_t axis, const int64_t* indices,
                     size_t element_size, const void* x, void* y);

}  // namespace ow::kernels
