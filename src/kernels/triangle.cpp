// Trilu's and EyeLike's loops (kernels/triangle.h): a memcpy and a memset per row.
#include "kernels/triangle.h"

#include <algorithm>
#include <cstring>

namespace ow::kernels {

void triangle(const unsigned char* x, unsigned char* y, size_t matrices, size_t rows, size_t cols, size_t size, int64_t k, bool upper) {
  const size_t row_bytes = cols * size;
  // k clamped to where it still decides a row's split (so that i + k cannot overflow).
  const int64_t diagonal = std::clamp<int64_t>(k, -static_cast<int64_t>(rows) - 1, static_cast<int64_t>(cols) + 1);
  for (size_t m = 0; m < matrices; ++m) {
    for (size_t i = 0; i < rows; ++i) {
      // upper keeps columns [split, cols), lower [0, split)
      const int64_t first = static_cast<int64_t>(i) + diagonal + (upper ? 0 : 1);
      const size_t split = static_cast<size_t>(std::clamp<int64_t>(first, 0, static_cast<int64_t>(cols))) * size;
      const size_t row = (m * rows + i) * row_bytes;
      const size_t kept_from = upper ? split : 0, kept_to = upper ? row_bytes : split;
      std::memcpy(y + row + kept_from, x + row + kept_from, kept_to - kept_from);
      std::memset(y + row + (upper ? 0 : split), 0, upper ? split : row_bytes - split);
    }
  }
}

void eye(unsigned char* y, size_t rows, size_t cols, size_t size, int64_t k, const void* one) {
  std::memset(y, 0, rows * cols * size);
  const int64_t diagonal = std::clamp<int64_t>(k, -static_cast<int64_t>(rows), static_cast<int64_t>(cols));
  for (size_t i = 0; i < rows; ++i) {
    const int64_t j = static_cast<int64_t>(i) + diagonal;
    if (j >= 0 && j < static_cast<int64_t>(cols)) std::memcpy(y + (i * cols + static_cast<size_t>(j)) * size, one, size);
  }
}

}  // namespace ow::kernels
