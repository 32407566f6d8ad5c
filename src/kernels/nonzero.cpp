#include "kernels/nonzero.h"

#include <vector>

namespace ow::kernels {
namespace {

// Elements stored as U; `sign` the bit a float's zero may carry.
template <typename U>
size_t flags_of(const U* x, size_t n, U sign, uint8_t* flags) {
  size_t count = 0;
  for (size_t i = 0; i < n; ++i) {
    flags[i] = (x[i] & static_cast<U>(~sign)) != 0;
    count += flags[i];
  }
  return count;
}

}  // namespace

size_t nonzero_flags(const void* x, size_t n, size_t size, bool is_float, uint8_t* flags) {
  switch (size) {
    case 1: return flags_of(static_cast<const uint8_t*>(x), n, uint8_t{0}, flags);
    case 2: return flags_of(static_cast<const uint16_t*>(x), n, static_cast<uint16_t>(is_float ? 0x8000u : 0u), flags);
    case 4: return flags_of(static_cast<const uint32_t*>(x), n, is_float ? 0x80000000u : 0u, flags);
    default: return flags_of(static_cast<const uint64_t*>(x), n, is_float ? uint64_t{1} << 63 : uint64_t{0}, flags);
  }
}

void nonzero_indices(const uint8_t* flags, size_t n, const int64_t* dims, size_t rank, size_t count, int64_t* out) {
  std::vector<int64_t> index(rank, 0);
  for (size_t i = 0, k = 0; i < n; ++i) {
    if (flags[i]) {
      for (size_t d = 0; d < rank; ++d) out[d * count + k] = index[d];
      ++k;
    }
    for (size_t d = rank; d-- > 0 && ++index[d] == dims[d];) index[d] = 0;
  }
}

}  // namespace ow::kernels
