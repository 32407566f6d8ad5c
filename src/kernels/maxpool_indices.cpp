// maxpool_indices_to_column_major (kernels/maxpool.h): each index's row-major coordinates within its
// plane, last axis first, weighted by the column-major strides.
#include <vector>

#include "kernels/maxpool.h"

namespace ow::kernels {

void maxpool_indices_to_column_major(std::span<const int64_t> spatial, int64_t* indices, size_t count) {
  std::vector<uint64_t> column_stride(spatial.size());
  uint64_t plane = 1;
  for (size_t i = 0; i < spatial.size(); ++i) {
    column_stride[i] = plane;
    plane *= static_cast<uint64_t>(spatial[i]);
  }
  for (size_t o = 0; o < count; ++o) {
    if (indices[o] < 0) continue;
    const auto index = static_cast<uint64_t>(indices[o]);
    uint64_t rest = index % plane, column_major = index - rest;
    for (size_t i = spatial.size(); i-- > 0;) {
      column_major += rest % static_cast<uint64_t>(spatial[i]) * column_stride[i];
      rest /= static_cast<uint64_t>(spatial[i]);
    }
    indices[o] = static_cast<int64_t>(column_major);
  }
}

}  // namespace ow::kernels
