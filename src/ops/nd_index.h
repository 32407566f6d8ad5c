// The tuples of GatherND's and ScatterND's `indices`: each tuple (the last axis of indices, m values)
// names a row of data seen as [batches * extent, inner], where batches is the product of data's first
// batch_dims dims (which indices shares), extent of the m dims after them and inner of the rest.
#pragma once

#include <cstdint>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"

namespace ow {

// The row of each tuple of `indices` (int64, rank at least 1, its last dim m with batch_dims + m <= data's
// rank: checked by the caller). Negative values count from the back of their axis; one out of range is
// an error naming its position in input 'indices'.
Result<std::vector<int64_t>> tuple_rows(const Tensor& indices, const Dims& data_dims, size_t batch_dims);

}  // namespace ow
