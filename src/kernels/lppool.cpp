// LpPool: for each output, its window on each axis from the plan, then the taps walked by a counter over
// the axes (innermost fastest).
#include "kernels/lppool.h"

#include <cmath>
#include <vector>

namespace ow::kernels {
namespace {

template <typename T>
T power(T v, T p) {
  if (p == 1) return std::fabs(v);
  if (p == 2) return v * v;
  return std::pow(std::fabs(v), p);
}

template <typename T>
T root(T sum, T p) {
  if (p == 1) return sum;
  if (p == 2) return std::sqrt(sum);
  return std::pow(sum, 1 / p);
}

}  // namespace

template <typename T>
void lppool(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, T p) {
  const size_t rank = plan.axes.size();
  std::vector<size_t> in_stride(rank), out(rank, 0), tap(rank, 0);
  std::vector<AvgPoolAxis::Window> window(rank);
  for (size_t a = rank, stride = 1; a-- > 0;) {
    in_stride[a] = stride;
    stride *= plan.axes[a].input_size;
  }
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xp = x + plane * plan.input_plane;
    for (size_t o = 0; o < plan.output_plane; ++o) {
      bool empty = false;
      for (size_t a = 0; a < rank; ++a) {
        window[a] = plan.axes[a].window(out[a]);
        empty = empty || window[a].taps == 0;
        tap[a] = 0;
      }
      T sum = 0;
      while (!empty) {
        size_t at = 0;
        for (size_t a = 0; a < rank; ++a) at += (window[a].first + tap[a] * plan.axes[a].dilation) * in_stride[a];
        sum += power(xp[at], p);
        size_t a = rank;
        while (a-- > 0 && ++tap[a] == window[a].taps) tap[a] = 0;
        if (a == static_cast<size_t>(-1)) break;  // every tap summed
      }
      *y++ = root(sum, p);
      for (size_t a = rank; a-- > 0;) {  // the next output
        if (++out[a] < plan.axes[a].output_size) break;
        out[a] = 0;
      }
    }
  }
}

template void lppool<float>(const AvgPoolPlan&, size_t, const float*, float*, float);
template void lppool<double>(const AvgPoolPlan&, size_t, const double*, double*, double);

}  // namespace ow::kernels
