#include "ops/nd_index.h"

#include <string>

#include "kernels/indices.h"

namespace ow {

Result<std::vector<int64_t>> tuple_rows(const Tensor& indices, const Dims& data_dims, size_t batch_dims) {
  const auto m = static_cast<size_t>(indices.dims().back());
  size_t batches = 1, extent = 1;
  for (size_t d = 0; d < batch_dims; ++d) batches *= static_cast<size_t>(data_dims[d]);
  for (size_t d = batch_dims; d < batch_dims + m; ++d) extent *= static_cast<size_t>(data_dims[d]);
  const size_t tuples = indices.size() / m;
  const size_t per_batch = batches == 0 ? 0 : tuples / batches;  // no tuples when 0
  std::vector<int64_t> rows(tuples);
  const int64_t* idx = indices.data<int64_t>();
  const size_t bad = kernels::tuple_rows(idx, tuples, m, data_dims.data() + batch_dims, per_batch, extent, rows.data());
  if (bad != indices.size()) {
    const size_t axis = batch_dims + bad % m;
    const int64_t dim = data_dims[axis];
    return InvalidArgument("input 'indices' holds " + std::to_string(idx[bad]) + " at position " + std::to_string(bad) + ", outside [" +
                           std::to_string(-dim) + ", " + std::to_string(dim - 1) + "] for axis " + std::to_string(axis) + " of input 'data'");
  }
  return rows;
}

}  // namespace ow
