#include "kernels/broadcast_runs.h"

#include <algorithm>
#include <cstring>

#include "kernels/copy_rows.h"

namespace ow::kernels {
namespace {

// Calls run(pos, len, p, contiguous, rows) over output elements [begin, end) in runs: p is the
// input's element for output element pos (data and p point at elements of `size` bytes); the run reads
// p[0..len) when contiguous, else *p for all of it. A run covers `rows` blocks of len elements, one
// after the other, that read the same input elements (the group outside the innermost is broadcast):
// a row broadcast over a matrix is one run, not one per row.
template <typename Run>
void for_each_run(const Broadcast& b, const unsigned char* data, size_t size, size_t begin, size_t end, Run&& run) {
  const size_t outer = b.extents.size() - 1;
  const size_t inner = b.extents.back();
  const bool contiguous = b.strides.back() == 1;
  // Where `begin` is: an index into each outer group, and the input offset they make.
  std::vector<size_t> index(outer);
  size_t block = begin / inner, within = begin % inner, offset = 0;
  for (size_t g = outer; g-- > 0;) {
    index[g] = block % b.extents[g];
    block /= b.extents[g];
    offset += index[g] * b.strides[g];
  }
  for (size_t pos = begin; pos < end;) {
    const size_t len = std::min(inner - within, end - pos);
    size_t rows = 1;
    if (len == inner && outer > 0 && b.strides[outer - 1] == 0)
      rows = std::min(b.extents[outer - 1] - index[outer - 1], (end - pos) / inner);
    run(pos, len, data + (offset + (contiguous ? within : 0)) * size, contiguous, rows);
    pos += len * rows;
    within = 0;
    if (rows > 1) index[outer - 1] += rows - 1;  // its stride is 0: the offset stays
    for (size_t g = outer; g-- > 0;) {  // next block: an odometer over the outer groups
      offset += b.strides[g];
      if (++index[g] < b.extents[g]) break;
      offset -= b.strides[g] * b.extents[g];
      index[g] = 0;
    }
  }
}

}  // namespace

void expand_broadcast(const Broadcast& b, const unsigned char* data, size_t size, size_t begin, size_t end, unsigned char* to) {
  for_each_run(b, data, size, begin, end, [to, begin, size](size_t pos, size_t len, const unsigned char* p, bool contiguous, size_t rows) {
    unsigned char* at = to + (pos - begin) * size;
    if (!contiguous) return fill_elements(at, p, size, len * rows);
    for (size_t r = 0; r < rows; ++r) std::memcpy(at + r * len * size, p, len * size);
  });
}

void fold_broadcast(const Broadcast& b, const unsigned char* data, const BinaryLoops& loops, size_t begin, size_t end,
                    const unsigned char* acc, unsigned char* out) {
  const size_t size = loops.element_size, out_size = loops.output_size;
  for_each_run(b, data, size, begin, end, [&](size_t pos, size_t len, const unsigned char* p, bool contiguous, size_t rows) {
    const size_t at = (pos - begin) * size, out_at = (pos - begin) * out_size;
    if (contiguous) loops.vv_rows(acc + at, p, out + out_at, len, rows);
    else loops.vs(acc + at, p, out + out_at, len * rows);
  });
}

}  // namespace ow::kernels
