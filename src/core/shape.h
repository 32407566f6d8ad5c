// Shapes: overflow-checked sizes and multidirectional (NumPy) broadcasting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace ow {

using Dims = std::vector<int64_t>;

// Largest tensor, in bytes, that the runtime will try to allocate: what a 32-bit size_t holds, as a wasm32
// memory holds 4 GiB at most. Larger sizes are errors, never wrap-arounds.
constexpr uint64_t kMaxTensorBytes = 0xFFFFFFFFu;
static_assert(kMaxTensorBytes <= SIZE_MAX, "tensor sizes must fit size_t");

// The largest tensor this process allocates, which the size checks below read: kMaxTensorBytes, unless
// a native program lowered it before its first call (the fuzz targets, tests/fuzz/harness.h, refuse
// tensors above 16 MiB, so that the fuzzer explores models rather than legitimately huge computations).
inline uint64_t tensor_byte_limit = kMaxTensorBytes;

// The most memory one call can use: the wasm memory's maximum size (natively, tensor_byte_limit). Work
// that needs more is refused before anything is allocated.
uint64_t memory_limit();

// Product of dims. Errors: a negative dim (kInvalidArgument); a dim, or a product, above
// tensor_byte_limit (kOutOfMemory), even when another dim is 0.
Result<size_t> element_count(const Dims& dims);
// element_count * element size; an error (kOutOfMemory) when it exceeds tensor_byte_limit.
Result<size_t> byte_count(const Dims& dims, size_t element_size);

// byte_count for the usual shape, inline, as it runs for every tensor of every call: true, with the
// bytes, when every dim and every partial product (element size first) is within tensor_byte_limit.
// False sends the caller to byte_count(), which has the last word (and the error).
inline bool byte_count_fast(const Dims& dims, size_t element_size, size_t& bytes) {
  uint64_t n = element_size;
  for (int64_t d : dims) {
    if (d < 0 || static_cast<uint64_t>(d) > tensor_byte_limit) return false;
    n *= static_cast<uint64_t>(d);  // both factors are below 2^32: no 64-bit overflow
    if (n > tensor_byte_limit) return false;
  }
  bytes = static_cast<size_t>(n);
  return true;
}

// The broadcast of all shapes, or an error naming the first incompatible dimension.
Result<Dims> broadcast_shapes(const std::vector<const Dims*>& shapes);

// "[a,b,c]": how every message writes a list (a shape, an attribute's values, a declared shape);
// item(v) writes one value.
template <typename T, typename Item>
std::string list_to_string(const std::vector<T>& values, Item item) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) s += ',';
    s += item(values[i]);
  }
  return s + "]";
}

// A shape, or any list of integers, as list_to_string writes it.
std::string dims_to_string(const Dims& dims);

}  // namespace ow
