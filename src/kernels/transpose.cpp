// Transpose's copy. When the output's innermost axis is also the input's, the copy is rows of contiguous
// elements, one memcpy each. Otherwise the output's innermost axis is strided in the input, and the
// input's innermost axis (stride 1) is some outer axis of the output: the pair is a matrix transposed
// in square tiles of about a cache line a side, so that each line read and each written is used whole
// while it is in cache, for every position of the other axes. A matrix of three rows of 4-byte
// elements, each column three contiguous elements (a channels-last picture's pixels made planes), is
// instead de-interleaved in vectors along whole rows.
#include "kernels/transpose.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// Rows y, y + plane and y + 2 * plane from `columns` triples at x, each row one element of each triple:
// four triples per step, three loads and six shuffles.
void deinterleave3(const uint32_t* x, uint32_t* y, size_t plane, size_t columns) {
  uint32_t* y0 = y;
  uint32_t* y1 = y + plane;
  uint32_t* y2 = y1 + plane;
  size_t j = 0;
  for (; j + 4 <= columns; j += 4, x += 12) {
    // a = 0a 0b 0c 1a, b = 1b 1c 2a 2b, c = 2c 3a 3b 3c
    const v128_t a = wasm_v128_load(x), b = wasm_v128_load(x + 4), c = wasm_v128_load(x + 8);
    wasm_v128_store(y0 + j, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 0, 3, 6, 0), c, 0, 1, 2, 5));
    wasm_v128_store(y1 + j, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 1, 4, 7, 0), c, 0, 1, 2, 6));
    wasm_v128_store(y2 + j, wasm_i32x4_shuffle(wasm_i32x4_shuffle(a, b, 2, 5, 0, 0), c, 0, 1, 4, 7));
  }
  for (; j < columns; ++j, x += 3) {
    y0[j] = x[0];
    y1[j] = x[1];
    y2[j] = x[2];
  }
}

// The axes an odometer walks, outermost first, with the input's and the output's stride along each.
struct Walk {
  std::vector<size_t> extents, in_strides, out_strides;

  void add(size_t extent, size_t in_stride, size_t out_stride) {
    extents.push_back(extent);
    in_strides.push_back(in_stride);
    out_strides.push_back(out_stride);
  }

  // fn(in_offset, out_offset) at every index of the axes, in row-major order (once if there are none).
  template <typename Fn>
  void each(Fn&& fn) const {
    const size_t n = extents.size();
    std::vector<size_t> index(n, 0);
    size_t in = 0, out = 0;
    for (;;) {
      fn(in, out);
      size_t k = n;
      for (;;) {
        if (k == 0) return;
        --k;
        in += in_strides[k];
        out += out_strides[k];
        if (++index[k] < extents[k]) break;
        in -= in_strides[k] * extents[k];
        out -= out_strides[k] * extents[k];
        index[k] = 0;
      }
    }
  }
};

// The copy for elements stored as U, an unsigned integer of their size.
template <typename U>
void transpose_as(const std::vector<TransposeAxis>& axes, const U* x, U* y) {
  const size_t rank = axes.size();
  std::vector<size_t> out_strides(rank);
  for (size_t k = rank, stride = 1; k-- > 0;) {
    out_strides[k] = stride;
    stride *= axes[k].extent;
  }
  const TransposeAxis& last = axes.back();
  if (last.in_stride == 1) {
    Walk rows;
    for (size_t k = 0; k + 1 < rank; ++k) rows.add(axes[k].extent, axes[k].in_stride, out_strides[k]);
    const size_t bytes = last.extent * sizeof(U);
    rows.each([&](size_t in, size_t out) { std::memcpy(y + out, x + in, bytes); });
    return;
  }
  // The matrix: rows along axis q (the input's innermost), columns along the output's innermost.
  size_t q = 0;
  while (axes[q].in_stride != 1) ++q;
  Walk outer;
  for (size_t k = 0; k + 1 < rank; ++k)
    if (k != q) outer.add(axes[k].extent, axes[k].in_stride, out_strides[k]);
  const size_t rows = axes[q].extent, row_stride = out_strides[q];
  const size_t columns = last.extent, column_stride = last.in_stride;
  if constexpr (sizeof(U) == 4) {
    if (rows == 3 && column_stride == 3) {
      outer.each([&](size_t in, size_t out) { deinterleave3(x + in, y + out, row_stride, columns); });
      return;
    }
  }
  constexpr size_t kTile = std::max<size_t>(8, 64 / sizeof(U));
  outer.each([&](size_t in, size_t out) {
    for (size_t i0 = 0; i0 < rows; i0 += kTile) {
      const size_t i1 = std::min(rows, i0 + kTile);
      for (size_t j0 = 0; j0 < columns; j0 += kTile) {
        const size_t j1 = std::min(columns, j0 + kTile);
        for (size_t i = i0; i < i1; ++i) {
          const U* src = x + in + i + j0 * column_stride;
          U* dst = y + out + i * row_stride;
          for (size_t j = j0; j < j1; ++j, src += column_stride) dst[j] = *src;
        }
      }
    }
  });
}

}  // namespace

void transpose(const std::vector<TransposeAxis>& axes, size_t element_size, const void* x, void* y) {
  switch (element_size) {
    case 1: return transpose_as(axes, static_cast<const uint8_t*>(x), static_cast<uint8_t*>(y));
    case 2: return transpose_as(axes, static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y));
    case 4: return transpose_as(axes, static_cast<const uint32_t*>(x), static_cast<uint32_t*>(y));
    default: return transpose_as(axes, static_cast<const uint64_t*>(x), static_cast<uint64_t*>(y));
  }
}

}  // namespace ow::kernels
