// im2col: for each row (channel, kernel tap), the output positions p0.. walk the output rows; along a
// row, the taps inside the input form one run (stride 1: a copy) between zeros.
#include "kernels/im2col.h"

#include <algorithm>
#include <cstring>

namespace ow::kernels {

template <typename T>
void im2col(const T* x, size_t channels, const ConvAxis (&axes)[3], size_t p0, size_t count, T* cols) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t plane = ad.input * ah.input * aw.input;
  const size_t out_hw = ah.output * aw.output;
  for (size_t c = 0; c < channels; ++c) {
    const T* xc = x + c * plane;
    for (size_t kd = 0; kd < ad.kernel; ++kd)
      for (size_t kh = 0; kh < ah.kernel; ++kh)
        for (size_t kw = 0; kw < aw.kernel; ++kw) {
          T* row = cols;
          cols += count;
          // Output positions in runs along the width.
          size_t p = p0;
          const size_t end = p0 + count;
          while (p < end) {
            const size_t od = p / out_hw, oh = (p / aw.output) % ah.output, ow0 = p % aw.output;
            const size_t run = std::min(aw.output - ow0, end - p);
            T* dst = row + (p - p0);
            const ptrdiff_t id = static_cast<ptrdiff_t>(od * ad.stride + kd * ad.dilation) - ad.pad;
            const ptrdiff_t ih = static_cast<ptrdiff_t>(oh * ah.stride + kh * ah.dilation) - ah.pad;
            if (id < 0 || id >= static_cast<ptrdiff_t>(ad.input) || ih < 0 || ih >= static_cast<ptrdiff_t>(ah.input)) {
              std::fill(dst, dst + run, T(0));
            } else {
              const T* src = xc + (static_cast<size_t>(id) * ah.input + static_cast<size_t>(ih)) * aw.input;
              // Input column of output ow: ow * stride + offset; inside [0, input) for ow in [lo, hi).
              const ptrdiff_t offset = static_cast<ptrdiff_t>(kw * aw.dilation) - aw.pad;
              const auto s = static_cast<ptrdiff_t>(aw.stride), in = static_cast<ptrdiff_t>(aw.input);
              const ptrdiff_t first = std::max<ptrdiff_t>(0, offset >= 0 ? 0 : (-offset + s - 1) / s);
              const ptrdiff_t last = in - 1 - offset < 0 ? 0 : (in - 1 - offset) / s + 1;  // past the last inside
              const auto begin = static_cast<ptrdiff_t>(ow0), stop = static_cast<ptrdiff_t>(ow0 + run);
              const ptrdiff_t lo = std::clamp(first, begin, stop), hi = std::clamp(last, lo, stop);
              std::fill(dst, dst + (lo - begin), T(0));
              if (s == 1) {
                std::memcpy(dst + (lo - begin), src + lo + offset, static_cast<size_t>(hi - lo) * sizeof(T));
              } else {
                for (ptrdiff_t o = lo; o < hi; ++o) dst[o - begin] = src[o * s + offset];
              }
              std::fill(dst + (hi - begin), dst + run, T(0));
            }
            p += run;
          }
        }
  }
}

template void im2col<double>(const double*, size_t, const ConvAxis (&)[3], size_t, size_t, double*);

}  // namespace ow::kernels
