// MeanVarianceNormalization: three passes over the elements in order (sums, squared deviations, the
// output), each element's group found by a counter over its coordinates, so that any set of axes is
// one loop without copies.
#include "kernels/mean_variance.h"

#include <cmath>

namespace ow::kernels {
namespace {

// Calls f(i, g) for each element i of a tensor of shape dims, g its group: its coordinates along the
// kept axes as a row-major index (group_strides: 0 along the reduced axes).
template <typename F>
void for_each_element(const std::vector<size_t>& dims, const std::vector<size_t>& group_strides, size_t count, F f) {
  std::vector<size_t> at(dims.size(), 0);
  size_t g = 0;
  for (size_t i = 0; i < count; ++i) {
    f(i, g);
    for (size_t a = dims.size(); a-- > 0;) {  // the next coordinates
      g += group_strides[a];
      if (++at[a] < dims[a]) break;
      g -= group_strides[a] * dims[a];
      at[a] = 0;
    }
  }
}

}  // namespace

void mean_variance_normalize(const double* x, double* y, const std::vector<size_t>& dims, const std::vector<bool>& reduced, double epsilon) {
  size_t count = 1, groups = 1;
  std::vector<size_t> group_strides(dims.size(), 0);
  for (size_t a = dims.size(); a-- > 0;) {
    count *= dims[a];
    if (!reduced[a]) {
      group_strides[a] = groups;
      groups *= dims[a];
    }
  }
  if (count == 0) return;
  const auto per_group = static_cast<double>(count / groups);
  std::vector<double> mean(groups, 0.0), deviation(groups, 0.0);
  for_each_element(dims, group_strides, count, [&](size_t i, size_t g) { mean[g] += x[i]; });
  for (double& m : mean) m /= per_group;
  for_each_element(dims, group_strides, count, [&](size_t i, size_t g) { deviation[g] += (x[i] - mean[g]) * (x[i] - mean[g]); });
  for (double& d : deviation) d = std::sqrt(d / per_group) + epsilon;
  for_each_element(dims, group_strides, count, [&](size_t i, size_t g) { y[i] = (x[i] - mean[g]) / deviation[g]; });
}

}  // namespace ow::kernels
