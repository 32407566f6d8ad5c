// float64 Softmax and LogSoftmax (kernels/softmax.h): scalar, with the C library's exp and log, along
// the d elements of each position at stride inner. (No SIMD128: float64 has no vector exp here, and the
// loops around it are not where the time goes.)
#include <cmath>
#include <limits>

#include "kernels/softmax.h"

namespace ow::kernels {

void softmax(const double* x, double* y, SoftmaxShape shape, bool log) {
  const auto [outer, d, inner] = shape;
  if (d == 0) return;
  for (size_t o = 0; o < outer; ++o) {
    for (size_t j = 0; j < inner; ++j) {
      const double* xs = x + o * d * inner + j;
      double* ys = y + o * d * inner + j;
      double m = xs[0];
      for (size_t k = 1; k < d; ++k)
        m = std::isnan(m) || std::isnan(xs[k * inner]) ? std::numeric_limits<double>::quiet_NaN() : std::fmax(m, xs[k * inner]);
      double sum = 0;
      for (size_t k = 0; k < d; ++k) sum += (ys[k * inner] = std::exp(xs[k * inner] - m));
      const double log_sum = std::log(sum), scale = 1 / sum;
      for (size_t k = 0; k < d; ++k) ys[k * inner] = log ? (xs[k * inner] - m) - log_sum : ys[k * inner] * scale;
    }
  }
}

}  // namespace ow::kernels
