// Data movement of any element type, in bytes: Gather's, ScatterND's and Concat's loops, each copying
// whole rows (the largest runs that are contiguous in both input and output) with memcpy; and one
// element repeated (ConstantOfShape, a broadcast input, Conv's bias).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// Gather: for each of `outer` blocks, for each of the n indices k (already in [0, extent)), the row of
// `row` bytes at x + (o * extent + k) * row goes to y + (o * n + i) * row.
void gather_rows(const unsigned char* x, const int64_t* indices, size_t n, size_t outer, size_t extent, size_t row,
                 unsigned char* y);

// ScatterND: the n rows of `row` bytes at `updates`, one after another, go to y + indices[i] * row
// (already in range), in order: of two rows to one place the later stays.
void scatter_rows(const unsigned char* updates, const int64_t* indices, size_t n, size_t row, unsigned char* y);

// Concat: for each of `outer` blocks, the inputs' rows one after the other; input j's row is rows[j]
// bytes, at inputs[j] + o * rows[j].
void concat_rows(const unsigned char* const* inputs, const size_t* rows, size_t count, size_t outer, unsigned char* y);

// `count` elements of `size` bytes at out, each a copy of *element, by doubling copies: log2(count)
// memcpy calls of growing length.
void fill_elements(unsigned char* out, const void* element, size_t size, size_t count);

}  // namespace ow::kernels
