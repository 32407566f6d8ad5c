// MeanVarianceNormalization's loop (kernels/mean_variance.cpp), in float64.
#pragma once

#include <cstddef>
#include <vector>

namespace ow::kernels {

// x (row-major, of shape dims) normalized in groups: the elements that share their coordinates along
// the axes not reduced (reduced[a] false) form one, and y = (x - mean) / (sqrt(variance) + epsilon)
// with the mean and population variance (of x - mean) of x's group, each summed in element order.
// y may be x.
void mean_variance_normalize(const double* x, double* y, const std::vector<size_t>& dims, const std::vector<bool>& reduced, double epsilon);

}  // namespace ow::kernels
