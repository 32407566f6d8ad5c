#include "core/shape.h"

#include <algorithm>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#endif

namespace ow {

uint64_t memory_limit() {
#ifdef __EMSCRIPTEN__
  return std::min<uint64_t>(tensor_byte_limit, emscripten_get_heap_max());
#else
  return tensor_byte_limit;
#endif
}

Result<size_t> element_count(const Dims& dims) {
  bool empty = false;
  for (int64_t d : dims) {
    if (d < 0) return InvalidArgument("negative dimension " + std::to_string(d) + " in shape " + dims_to_string(dims));
    if (static_cast<uint64_t>(d) > tensor_byte_limit)
      return OutOfMemory("shape " + dims_to_string(dims) + " has a dimension too large to allocate");
    empty = empty || d == 0;
  }
  if (empty) return size_t{0};
  uint64_t n = 1;
  for (int64_t d : dims) {
    n *= static_cast<uint64_t>(d);  // both factors are below 2^32: no 64-bit overflow
    if (n > tensor_byte_limit) return OutOfMemory("shape " + dims_to_string(dims) + " has too many elements to allocate");
  }
  return static_cast<size_t>(n);
}

Result<size_t> byte_count(const Dims& dims, size_t element_size) {
  OW_ASSIGN_OR_RETURN(size_t n, element_count(dims));
  if (element_size != 0 && n > tensor_byte_limit / element_size)
    return OutOfMemory("shape " + dims_to_string(dims) + " of " + std::to_string(element_size) + "-byte elements needs " +
                       std::to_string(static_cast<uint64_t>(n) * element_size) + " bytes, more than the " +
                       std::to_string(tensor_byte_limit) + " a tensor can have");
  return n * element_size;
}

Result<Dims> broadcast_shapes(const std::vector<const Dims*>& shapes) {
  size_t rank = 0;
  for (const Dims* s : shapes) rank = std::max(rank, s->size());
  Dims out(rank, 1);
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Dims& s = *shapes[k];
    size_t offset = rank - s.size();
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t d = s[i];
      int64_t& o = out[offset + i];
      if (d == o || d == 1) continue;
      if (o == 1) {
        o = d;
        continue;
      }
      std::string all;
      for (const Dims* t : shapes) all += (all.empty() ? "" : ", ") + dims_to_string(*t);
      return InvalidArgument("shapes " + all + " cannot be broadcast: dimension " + std::to_string(offset + i) +
                             " is " + std::to_string(o) + " in one input and " + std::to_string(d) + " in input " +
                             std::to_string(k));
    }
  }
  return out;
}

std::string dims_to_string(const Dims& dims) {
  return list_to_string(dims, [](int64_t d) { return std::to_string(d); });
}

}  // namespace ow
