#include "kernels/copy_rows.h"

#include <algorithm>
#include <cstring>

namespace ow::kernels {
namespace {

// memcpy of a size known at compile time is a load and a store; rows of one element are common
// (Gather of a shape's entries, of a vector's elements).
template <size_t kSize>
void gather_fixed(const unsigned char* x, const int64_t* indices, size_t n, size_t outer, size_t extent, unsigned char* y) {
  for (size_t o = 0; o < outer; ++o, x += extent * kSize)
    for (size_t i = 0; i < n; ++i, y += kSize) std::memcpy(y, x + static_cast<size_t>(indices[i]) * kSize, kSize);
}

}  // namespace

void gather_rows(const unsigned char* x, const int64_t* indices, size_t n, size_t outer, size_t extent, size_t row,
                 unsigned char* y) {
  switch (row) {
    case 1: return gather_fixed<1>(x, indices, n, outer, extent, y);
    case 2: return gather_fixed<2>(x, indices, n, outer, extent, y);
    case 4: return gather_fixed<4>(x, indices, n, outer, extent, y);
    case 8: return gather_fixed<8>(x, indices, n, outer, extent, y);
    default: break;
  }
  for (size_t o = 0; o < outer; ++o, x += extent * row)
    for (size_t i = 0; i < n; ++i, y += row) std::memcpy(y, x + static_cast<size_t>(indices[i]) * row, row);
}

void scatter_rows(const unsigned char* updates, const int64_t* indices, size_t n, size_t row, unsigned char* y) {
  for (size_t i = 0; i < n; ++i, updates += row) std::memcpy(y + static_cast<size_t>(indices[i]) * row, updates, row);
}

void concat_rows(const unsigned char* const* inputs, const size_t* rows, size_t count, size_t outer, unsigned char* y) {
  for (size_t o = 0; o < outer; ++o) {
    for (size_t j = 0; j < count; ++j) {
      std::memcpy(y, inputs[j] + o * rows[j], rows[j]);
      y += rows[j];
    }
  }
}

void fill_elements(unsigned char* out, const void* element, size_t size, size_t count) {
  if (count == 0) return;
  std::memcpy(out, element, size);
  for (size_t filled = 1; filled < count;) {
    const size_t n = std::min(filled, count - filled);
    std::memcpy(out + filled * size, out, n * size);
    filled += n;
  }
}

}  // namespace ow::kernels
