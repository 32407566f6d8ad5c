// im2col: for each row (channel, kernel tap), the output positions p0.. walk the output rows; along a
// row, the taps inside the input form one run (stride 1: a copy) between zeros. col2im_add the other
// way: along an input row, the taps inside the output form one run of adds (stride 1: vectors).
#include "kernels/im2col.h"

#include "kernels/float_vectors.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace ow::kernels {
namespace {

// The positions p of [begin, begin + run) with p * stride + offset in [0, size): [lo, hi).
std::pair<ptrdiff_t, ptrdiff_t> inside(ptrdiff_t offset, size_t stride, size_t size, size_t begin, size_t run) {
  const auto s = static_cast<ptrdiff_t>(stride), n = static_cast<ptrdiff_t>(size);
  const ptrdiff_t first = offset >= 0 ? 0 : (-offset + s - 1) / s;
  const ptrdiff_t last = n - 1 - offset < 0 ? 0 : (n - 1 - offset) / s + 1;  // past the last inside
  const auto b = static_cast<ptrdiff_t>(begin), e = static_cast<ptrdiff_t>(begin + run);
  const ptrdiff_t lo = std::clamp(first, b, e);
  return {lo, std::clamp(last, lo, e)};
}

// x's lanes [0, half) and [half, 2 half) spread to the even lanes of two vectors, -0 in the odd ones.
inline void spread_even(const F32x4&, v128_t x, v128_t& lo, v128_t& hi) {
  const v128_t minus_zero = wasm_f32x4_splat(-0.0f);
  lo = wasm_i32x4_shuffle(x, minus_zero, 0, 4, 1, 4);
  hi = wasm_i32x4_shuffle(x, minus_zero, 2, 4, 3, 4);
}
inline void spread_even(const F64x2&, v128_t x, v128_t& lo, v128_t& hi) {
  const v128_t minus_zero = wasm_f64x2_splat(-0.0);
  lo = wasm_i64x2_shuffle(x, minus_zero, 0, 2);
  hi = wasm_i64x2_shuffle(x, minus_zero, 1, 2);
}

// y[j * step] += x[j] for j < n. At step 2 the vectors add -0 to the odd elements between, which
// leaves every value as it was (-0 included); they stop before the vector past y[2 (n - 1)].
template <typename V>
void add_run(const typename V::Scalar* x, size_t n, size_t step, typename V::Scalar* y) {
  size_t j = 0;
  if (step == 1) {
    for (; j + V::kLanes <= n; j += V::kLanes) V::store(y + j, V::add(V::load(y + j), V::load(x + j)));
  } else if (step == 2) {
    for (; j + V::kLanes < n; j += V::kLanes) {
      v128_t lo, hi;
      spread_even(V{}, V::load(x + j), lo, hi);
      V::store(y + 2 * j, V::add(V::load(y + 2 * j), lo));
      V::store(y + 2 * j + V::kLanes, V::add(V::load(y + 2 * j + V::kLanes), hi));
    }
  }
  for (; j < n; ++j) y[j * step] += x[j];
}

template <typename T> struct VectorOf;
template <> struct VectorOf<float> { using type = F32x4; };
template <> struct VectorOf<double> { using type = F64x2; };

}  // namespace

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
              const auto s = static_cast<ptrdiff_t>(aw.stride);
              const auto [lo, hi] = inside(offset, aw.stride, aw.input, ow0, run);
              const auto begin = static_cast<ptrdiff_t>(ow0);
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

template <typename T>
void col2im_add(const T* cols, size_t outputs, const ConvAxis (&axes)[3], size_t p0, size_t count, T* y) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t out_plane = ad.output * ah.output * aw.output;
  const size_t in_hw = ah.input * aw.input;
  for (size_t m = 0; m < outputs; ++m) {
    T* ym = y + m * out_plane;
    for (size_t kd = 0; kd < ad.kernel; ++kd)
      for (size_t kh = 0; kh < ah.kernel; ++kh)
        for (size_t kw = 0; kw < aw.kernel; ++kw) {
          const T* row = cols;
          cols += count;
          // Input positions in runs along the width.
          size_t p = p0;
          const size_t end = p0 + count;
          while (p < end) {
            const size_t id = p / in_hw, ih = (p / aw.input) % ah.input, iw0 = p % aw.input;
            const size_t run = std::min(aw.input - iw0, end - p);
            const ptrdiff_t od = static_cast<ptrdiff_t>(id * ad.stride + kd * ad.dilation) - ad.pad;
            const ptrdiff_t oh = static_cast<ptrdiff_t>(ih * ah.stride + kh * ah.dilation) - ah.pad;
            if (od >= 0 && od < static_cast<ptrdiff_t>(ad.output) && oh >= 0 && oh < static_cast<ptrdiff_t>(ah.output)) {
              // Output column of input iw: iw * stride + offset; inside [0, output) for iw in [lo, hi).
              const ptrdiff_t offset = static_cast<ptrdiff_t>(kw * aw.dilation) - aw.pad;
              const auto [lo, hi] = inside(offset, aw.stride, aw.output, iw0, run);
              T* dst = ym + (static_cast<size_t>(od) * ah.output + static_cast<size_t>(oh)) * aw.output;
              add_run<typename VectorOf<T>::type>(row + (p - p0) + (lo - static_cast<ptrdiff_t>(iw0)), static_cast<size_t>(hi - lo), aw.stride,
                                                  dst + lo * static_cast<ptrdiff_t>(aw.stride) + offset);
            }
            p += run;
          }
        }
  }
}

template void col2im_add<float>(const float*, size_t, const ConvAxis (&)[3], size_t, size_t, float*);
template void col2im_add<double>(const double*, size_t, const ConvAxis (&)[3], size_t, size_t, double*);

}  // namespace ow::kernels
