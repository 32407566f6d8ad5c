// OneHot's loop (kernels/one_hot.h): every element *off, then *on at each index in range.
#include "kernels/one_hot.h"

#include <cstring>

#include "kernels/copy_rows.h"

namespace ow::kernels {

void one_hot(const int64_t* indices, size_t outer, size_t depth, size_t inner, size_t size, const void* off, const void* on, unsigned char* y) {
  fill_elements(y, off, size, outer * depth * inner);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t j = 0; j < inner; ++j) {
      const int64_t d = indices[o * inner + j];
      if (d >= 0 && static_cast<uint64_t>(d) < depth) std::memcpy(y + ((o * depth + static_cast<size_t>(d)) * inner + j) * size, on, size);
    }
  }
}

}  // namespace ow::kernels
