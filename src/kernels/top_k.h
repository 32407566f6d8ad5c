// TopK: the k first elements of each line along an axis, largest first (or smallest first), equal
// values by lower index, NaN after every number (ONNX's reference: numpy's sort, which puts NaN last),
// -0 and +0 equal; with their int64 indices along the axis. The input is `outer` blocks of `axis` x
// `inner` elements; the outputs `outer` blocks of k x `inner`. float16 and bfloat16 order by value as
// the others. Each element is ranked by an unsigned key that orders as its value does, so that one sort
// serves every type.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

// False (nothing written) for a type the runtime lacks. k <= axis.
bool top_k(DType t, bool largest, const void* x, size_t outer, size_t axis, size_t inner, size_t k, void* values, int64_t* indices);

}  // namespace ow::kernels
