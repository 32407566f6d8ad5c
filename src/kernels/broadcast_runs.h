// The runs of an input broadcast along an output (ops/broadcast_fold.h plans them and cuts the output
// into chunks): the output's elements in row-major order, read from the input in runs over which it
// is either contiguous or a single broadcast element; index arithmetic happens once per run, never per
// element.
#pragma once

#include <cstddef>
#include <vector>

#include "kernels/binary.h"

namespace ow::kernels {

// How an input is read along the output in row-major order: the output dims (those of extent 1
// dropped) merged into groups over which the input's offset grows by a constant stride, outermost
// first. The innermost stride is 1 (the input is contiguous there) or 0 (it is broadcast).
struct Broadcast {
  std::vector<size_t> extents;
  std::vector<size_t> strides;
};

// to[pos - begin] = the input's element for output element pos, for pos in [begin, end): the input
// (`data`, elements of `size` bytes) expanded.
void expand_broadcast(const Broadcast& b, const unsigned char* data, size_t size, size_t begin, size_t end, unsigned char* to);

// out[pos - begin] = op(acc[pos - begin], the input's element for output element pos), for pos in
// [begin, end), through the operation's loops (acc's and the input's elements of loops.element_size
// bytes, out's of loops.output_size); out may be acc.
void fold_broadcast(const Broadcast& b, const unsigned char* data, const BinaryLoops& loops, size_t begin, size_t end,
                    const unsigned char* acc, unsigned char* out);

}  // namespace ow::kernels
