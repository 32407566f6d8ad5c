#include "kernels/indices.h"

namespace ow::kernels {
namespace {

template <typename I>
size_t resolve(const I* indices, size_t n, int64_t extent, int64_t* resolved) {
  for (size_t i = 0; i < n; ++i) {
    const int64_t k = indices[i];
    if (k < -extent || k >= extent) return i;
    resolved[i] = k < 0 ? k + extent : k;
  }
  return n;
}

}  // namespace

size_t resolve_indices(const void* indices, bool wide, size_t n, int64_t extent, int64_t* resolved) {
  return wide ? resolve(static_cast<const int64_t*>(indices), n, extent, resolved) : resolve(static_cast<const int32_t*>(indices), n, extent, resolved);
}

size_t tuple_rows(const int64_t* indices, size_t tuples, size_t m, const int64_t* dims, size_t per_batch, size_t extent, int64_t* rows) {
  for (size_t t = 0; t < tuples; ++t) {
    int64_t row = 0;
    for (size_t j = 0; j < m; ++j) {
      const int64_t dim = dims[j];
      const int64_t k = indices[t * m + j];
      if (k < -dim || k >= dim) return t * m + j;
      row = row * dim + (k < 0 ? k + dim : k);
    }
    rows[t] = static_cast<int64_t>(t / per_batch * extent) + row;
  }
  return tuples * m;
}

}  // namespace ow::kernels
