// NonZero's loops: which elements of a tensor are not zero, and their indices.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// flags[i] = 1 where element i of x (n elements of `size` bytes: 1, 2, 4 or 8) is not zero, else 0,
// by its bits: NaN is not zero, and for a float (`is_float`) -0 is zero (its sign bit ignored).
// Returns the count of non-zero elements.
size_t nonzero_flags(const void* x, size_t n, size_t size, bool is_float, uint8_t* flags);

// out[d * count + k] = the index along dim d of the k-th flagged element (row-major order) of a tensor
// of `rank` dims (rank >= 1) and n elements; count the flagged elements.
void nonzero_indices(const uint8_t* flags, size_t n, const int64_t* dims, size_t rank, size_t count, int64_t* out);

}  // namespace ow::kernels
