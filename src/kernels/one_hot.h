// OneHot's loop, of any value type in bytes.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// y, of outer x depth x inner elements of `size` bytes: *on where d = indices[o * inner + j], else *off.
// An index outside [0, depth) gives a line of *off.
void one_hot(const int64_t* indices, size_t outer, size_t depth, size_t inner, size_t size, const void* off, const void* on, unsigned char* y);

}  // namespace ow::kernels
