// The logical operators' micro-kernels, of bool only: And, Or and Xor as binary loops for the
// broadcasting fold (ops/broadcast_fold.h), Not as one loop. Any nonzero byte is true; y is 0 or 1.
#pragma once

#include <cstddef>

#include "core/dtype.h"
#include "kernels/binary.h"

namespace ow::kernels {

// The loops for element type t: bool's, null for any other type.
const BinaryLoops* and_loops(DType t);
const BinaryLoops* or_loops(DType t);
const BinaryLoops* xor_loops(DType t);

// y[i] = !x[i] over n elements; y may be x.
void logical_not(const Bool* x, Bool* y, size_t n);

}  // namespace ow::kernels
