// LRN: for each channel c, the squares of its window's channels are summed row by row into one row of
// sums over the inner positions, which then scale c's row.
#include "kernels/lrn.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ow::kernels {

template <typename T>
void lrn(const T* x, T* y, ChannelShape shape, LrnWindow window, T alpha_over_size, T beta, T bias) {
  const size_t inner = shape.inner;
  std::vector<T> sums(inner);
  for (size_t o = 0; o < shape.outer; ++o) {
    const T* xo = x + o * shape.channels * inner;
    T* yo = y + o * shape.channels * inner;
    for (size_t c = 0; c < shape.channels; ++c) {
      std::fill(sums.begin(), sums.end(), T(0));
      const size_t first = c > window.before ? c - window.before : 0, last = std::min(shape.channels - 1, c + window.after);
      for (size_t i = first; i <= last; ++i) {
        const T* row = xo + i * inner;
        for (size_t j = 0; j < inner; ++j) sums[j] += row[j] * row[j];
      }
      const T* row = xo + c * inner;
      T* out = yo + c * inner;
      for (size_t j = 0; j < inner; ++j) out[j] = row[j] / std::pow(bias + alpha_over_size * sums[j], beta);
    }
  }
}

template void lrn<float>(const float*, float*, ChannelShape, LrnWindow, float, float, float);
template void lrn<double>(const double*, double*, ChannelShape, LrnWindow, double, double, double);

}  // namespace ow::kernels
