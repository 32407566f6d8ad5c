// Trilu's and EyeLike's loops, of any element type in bytes: the parts of each row of a matrix kept
// or set by its diagonal's offset k (column j - row i).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// Trilu: for each of `matrices` matrices of rows x cols elements of `size` bytes, the elements with
// j - i >= k (upper) or <= k (lower) copied from x, the others zero bytes. y does not overlap x.
void triangle(const unsigned char* x, unsigned char* y, size_t matrices, size_t rows, size_t cols, size_t size, int64_t k, bool upper);

// EyeLike: a rows x cols matrix of elements of `size` bytes, *one where j - i = k, zero bytes elsewhere.
void eye(unsigned char* y, size_t rows, size_t cols, size_t size, int64_t k, const void* one);

}  // namespace ow::kernels
