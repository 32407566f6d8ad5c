// Index tensors read as positions: Gather's and GatherElements' indices along one axis, GatherND's and
// ScatterND's tuples as rows. Negative values count from the back of their axis. Each returns the
// number of indices when every one is in range, else the position of the first one outside it (for
// the caller's message).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// resolved[i] = indices[i] (int32 or, `wide`, int64) in [0, extent), for i < n; each in [-extent,
// extent - 1].
size_t resolve_indices(const void* indices, bool wide, size_t n, int64_t extent, int64_t* resolved);

// The row of each of `tuples` tuples of m int64 indices (tuple t at indices + t * m) into axes of
// dims[0..m): the tuple's row-major position in those axes, plus (t / per_batch) * extent, where extent
// is the product of those dims (the batch the tuple is in, per_batch tuples each). Returns tuples * m,
// or the position in `indices` of the first index out of range.
size_t tuple_rows(const int64_t* indices, size_t tuples, size_t m, const int64_t* dims, size_t per_batch, size_t extent, int64_t* rows);

}  // namespace ow::kernels
