#include "ops/nd_index.h"

#include <string>

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
  for (size_t t = 0; t < tuples; ++t) {
    int64_t row = 0;
    for (size_t j = 0; j < m; ++j) {
      const int64_t dim = data_dims[batch_dims + j];
      const int64_t k = idx[t * m + j];
      if (k < -dim || k >= dim)
        return InvalidArgument("input 'indices' holds " + std::to_string(k) + " at position " + std::to_string(t * m + j) + ", outside [" +
                               std::to_string(-dim) + ", " + std::to_string(dim - 1) + "] for axis " + std::to_string(batch_dims + j) +
                               " of input 'data'");
      row = row * dim + (k < 0 ? k + dim : k);
    }
    rows[t] = static_cast<int64_t>(t / per_batch * extent) + row;
  }
  return rows;
}

}  // namespace ow
