// Shapes: overflow-checked sizes and multidirectional (NumPy) broadcasting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace ow {

using Dims = std::vector<int64_t>;

// Largest tensor, in bytes, that the runtime will try to allocate (wasm32 has 4 GiB at most).
constexpr uint64_t kMaxTensorBytes = uint64_t{1} << 32;

// Product of dims; an error for a negative dim or a product of more than `kMaxTensorBytes` elements.
Result<size_t> element_count(const Dims& dims);
// element_count * element size, an error when it exceeds kMaxTensorBytes.
Result<size_t> byte_count(const Dims& dims, size_t element_size);

// The broadcast of all shapes, or an error naming the first incompatible dimension.
Result<Dims> broadcast_shapes(const std::vector<const Dims*>& shapes);

std::string dims_to_string(const Dims& dims);

}  // namespace ow
