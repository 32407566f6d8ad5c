// The normalizations' loops (kernels/normalization.h): one template over the lanes of float32
// (f32x4) and float64 (f64x2), each with its scalar tail; float16 and bfloat16 through float32 blocks.
#include <algorithm>
#include <cmath>
#include <vector>

#include "kernels/cast.h"
#include "kernels/convert_half.h"
#include "kernels/normalization.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

template <typename T>
struct Lanes;

template <>
struct Lanes<float> {
  static constexpr size_t kCount = 4;
  static v128_t splat(float v) { return wasm_f32x4_splat(v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_f32x4_sub(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
  static v128_t abs(v128_t a) { return wasm_f32x4_abs(a); }
  static v128_t is_zero(v128_t a) { return wasm_f32x4_eq(a, wasm_f32x4_splat(0)); }
  static float total(v128_t v) {
    return (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) + (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
  }
};

template <>
struct Lanes<double> {
  static constexpr size_t kCount = 2;
  static v128_t splat(double v) { return wasm_f64x2_splat(v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
  static v128_t sub(v128_t a, v128_t b) { return wasm_f64x2_sub(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }
  static v128_t abs(v128_t a) { return wasm_f64x2_abs(a); }
  static v128_t is_zero(v128_t a) { return wasm_f64x2_eq(a, wasm_f64x2_splat(0)); }
  static double total(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }
};

// y[i] = (x[i] - shift) * scale + bias for i < n: one channel's run.
template <typename T>
void affine_run(const T* x, T* y, size_t n, T shift, T scale, T bias) {
  using L = Lanes<T>;
  const v128_t s = L::splat(shift), a = L::splat(scale), b = L::splat(bias);
  size_t i = 0;
  for (; i + L::kCount <= n; i += L::kCount) wasm_v128_store(y + i, L::add(L::mul(L::sub(wasm_v128_load(x + i), s), a), b));
  for (; i < n; ++i) y[i] = (x[i] - shift) * scale + bias;
}

// y[c] = (x[c] - shift[c]) * scale[c] + bias[c] for c < n: a row across channels (inner 1).
template <typename T>
void affine_across(const T* x, T* y, size_t n, const T* shift, const T* scale, const T* bias) {
  using L = Lanes<T>;
  size_t c = 0;
  for (; c + L::kCount <= n; c += L::kCount) {
    const v128_t centred = L::sub(wasm_v128_load(x + c), wasm_v128_load(shift + c));
    wasm_v128_store(y + c, L::add(L::mul(centred, wasm_v128_load(scale + c)), wasm_v128_load(bias + c)));
  }
  for (; c < n; ++c) y[c] = (x[c] - shift[c]) * scale[c] + bias[c];
}

template <typename T>
void channel_affine_loop(const T* x, T* y, ChannelShape shape, const T* shift, const T* scale, const T* bias) {
  const auto [outer, channels, inner] = shape;
  const size_t plane = channels * inner;
  for (size_t o = 0; o < outer; ++o) {
    const T* xo = x + o * plane;
    T* yo = y + o * plane;
    if (inner == 1) {
      affine_across(xo, yo, channels, shift, scale, bias);
      continue;
    }
    for (size_t c = 0; c < channels; ++c) affine_run(xo + c * inner, yo + c * inner, inner, shift[c], scale[c], bias[c]);
  }
}

// float16 and bfloat16: whole channels at a time in a float32 block (a channel longer than a block in
// parts of one).
template <typename H>
void channel_affine_half(const H* x, H* y, ChannelShape shape, const float* shift, const float* scale, const float* bias) {
  const auto [outer, channels, inner] = shape;
  float block[kHalfBlock];
  const size_t plane = channels * inner;
  for (size_t o = 0; o < outer; ++o) {
    const H* xo = x + o * plane;
    H* yo = y + o * plane;
    if (inner > kHalfBlock) {
      for (size_t c = 0; c < channels; ++c) {
        for (size_t at = c * inner, end = at + inner; at < end; at += kHalfBlock) {
          const size_t n = std::min(kHalfBlock, end - at);
          half_to_f32(xo + at, block, n);
          affine_run(block, block, n, shift[c], scale[c], bias[c]);
          f32_to_half(block, yo + at, n);
        }
      }
      continue;
    }
    const size_t group = kHalfBlock / std::max<size_t>(inner, 1);
    for (size_t c = 0; c < channels; c += group) {
      const size_t count = std::min(group, channels - c), n = count * inner;
      half_to_f32(xo + c * inner, block, n);
      channel_affine_loop(block, block, {1, count, inner}, shift + c, scale + c, bias + c);
      f32_to_half(block, yo + c * inner, n);
    }
  }
}

template <typename T>
T row_sum(const T* x, size_t d) {
  using L = Lanes<T>;
  v128_t sums = L::splat(0);
  size_t i = 0;
  for (; i + L::kCount <= d; i += L::kCount) sums = L::add(sums, wasm_v128_load(x + i));
  T sum = L::total(sums);
  for (; i < d; ++i) sum += x[i];
  return sum;
}

// The sum of (x - mean)^2 along a row.
template <typename T>
T row_squared_deviations(const T* x, size_t d, T mean) {
  using L = Lanes<T>;
  const v128_t m = L::splat(mean);
  v128_t sums = L::splat(0);
  size_t i = 0;
  for (; i + L::kCount <= d; i += L::kCount) {
    const v128_t deviation = L::sub(wasm_v128_load(x + i), m);
    sums = L::add(sums, L::mul(deviation, deviation));
  }
  T sum = L::total(sums);
  for (; i < d; ++i) sum += (x[i] - mean) * (x[i] - mean);
  return sum;
}

// y = ((x - mean) * inv_std_dev) * scale (+ bias) along a row.
template <typename T>
void normalize_row(const T* x, T* y, size_t d, T mean, T inv_std_dev, const T* scale, const T* bias) {
  using L = Lanes<T>;
  const v128_t m = L::splat(mean), inv = L::splat(inv_std_dev);
  size_t i = 0;
  for (; i + L::kCount <= d; i += L::kCount) {
    v128_t v = L::mul(L::mul(L::sub(wasm_v128_load(x + i), m), inv), wasm_v128_load(scale + i));
    if (bias) v = L::add(v, wasm_v128_load(bias + i));
    wasm_v128_store(y + i, v);
  }
  for (; i < d; ++i) {
    const T scaled = ((x[i] - mean) * inv_std_dev) * scale[i];
    y[i] = bias ? scaled + bias[i] : scaled;
  }
}

template <typename T>
void channel_statistics_loop(const T* x, ChannelShape shape, T* mean, T* variance) {
  const auto [outer, channels, inner] = shape;
  const T count = static_cast<T>(outer * inner);
  for (size_t c = 0; c < channels; ++c) {
    T sum = 0;
    for (size_t o = 0; o < outer; ++o) sum += row_sum(x + (o * channels + c) * inner, inner);
    mean[c] = sum / count;
    T squares = 0;
    for (size_t o = 0; o < outer; ++o) squares += row_squared_deviations(x + (o * channels + c) * inner, inner, mean[c]);
    variance[c] = squares / count;
  }
}

// One row's statistics and normalization; mean and inv_std_dev written where not null.
template <typename T>
void layer_normalize_row(const T* x, T* y, size_t d, const T* scale, const T* bias, T epsilon, float* mean_out, float* inv_out) {
  const T count = static_cast<T>(d);
  const T mean = row_sum(x, d) / count;
  const T variance = row_squared_deviations(x, d, mean) / count;
  const T inv_std_dev = T(1) / std::sqrt(variance + epsilon);
  normalize_row(x, y, d, mean, inv_std_dev, scale, bias);
  if (mean_out) *mean_out = narrow_to_f32(mean);
  if (inv_out) *inv_out = narrow_to_f32(inv_std_dev);
}

template <typename T>
void layer_normalize_loop(const T* x, T* y, RowShape shape, const T* scale, const T* bias, T epsilon, float* mean, float* inv_std_dev) {
  const auto [rows, d, param_rows] = shape;
  for (size_t r = 0; r < rows; ++r) {
    const size_t p = (r % param_rows) * d;
    layer_normalize_row(x + r * d, y + r * d, d, scale + p, bias ? bias + p : nullptr, epsilon, mean ? mean + r : nullptr,
                        inv_std_dev ? inv_std_dev + r : nullptr);
  }
}

// float16 and bfloat16: each row converted to float32, normalized there, rounded once.
template <typename H>
void layer_normalize_half(const H* x, H* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                          float* inv_std_dev) {
  const auto [rows, d, param_rows] = shape;
  std::vector<float> in(d), out(d);
  for (size_t r = 0; r < rows; ++r) {
    const size_t p = (r % param_rows) * d;
    half_to_f32(x + r * d, in.data(), d);
    layer_normalize_row(in.data(), out.data(), d, scale + p, bias ? bias + p : nullptr, epsilon, mean ? mean + r : nullptr,
                        inv_std_dev ? inv_std_dev + r : nullptr);
    f32_to_half(out.data(), y + r * d, d);
  }
}

// An element's term of the p-norm: |x| for p 1, x^2 for p 2.
template <typename T>
T lp_term(T v, int p) {
  return p == 1 ? std::abs(v) : v * v;
}
template <typename T>
v128_t lp_terms(v128_t v, int p) {
  return p == 1 ? Lanes<T>::abs(v) : Lanes<T>::mul(v, v);
}

// The p-norm from the sum of its terms.
template <typename T>
T lp_norm(T sum, int p) {
  return p == 1 ? sum : std::sqrt(sum);
}

// y[i] = x[i] / norm[i], 0 where norm[i] is 0, for i < n; norm is one value repeated where
// `norm_step` is 0, else n values.
template <typename T>
void divide_by_norms(const T* x, T* y, size_t n, const T* norm, size_t norm_step) {
  using L = Lanes<T>;
  size_t i = 0;
  const v128_t repeated = L::splat(*norm);
  for (; i + L::kCount <= n; i += L::kCount) {
    const v128_t d = norm_step == 0 ? repeated : wasm_v128_load(norm + i);
    wasm_v128_store(y + i, wasm_v128_andnot(L::div(wasm_v128_load(x + i), d), L::is_zero(d)));
  }
  for (; i < n; ++i) {
    const T d = norm[i * norm_step];
    y[i] = d == 0 ? T(0) : x[i] / d;
  }
}

template <typename T>
void lp_normalize_loop(const T* x, T* y, ChannelShape shape, int p) {
  using L = Lanes<T>;
  const auto [outer, channels, inner] = shape;
  std::vector<T> norms(inner);
  for (size_t o = 0; o < outer; ++o) {
    const T* xo = x + o * channels * inner;
    T* yo = y + o * channels * inner;
    if (inner == 1) {  // the axis is contiguous: one norm, summed along it
      v128_t sums = L::splat(0);
      size_t c = 0;
      for (; c + L::kCount <= channels; c += L::kCount) sums = L::add(sums, lp_terms<T>(wasm_v128_load(xo + c), p));
      T sum = L::total(sums);
      for (; c < channels; ++c) sum += lp_term(xo[c], p);
      const T norm = lp_norm(sum, p);
      divide_by_norms(xo, yo, channels, &norm, 0);
      continue;
    }
    // inner norms at once, each axis step adding its run of inner terms.
    std::fill(norms.begin(), norms.end(), T(0));
    for (size_t c = 0; c < channels; ++c) {
      const T* run = xo + c * inner;
      size_t i = 0;
      for (; i + L::kCount <= inner; i += L::kCount)
        wasm_v128_store(norms.data() + i, L::add(wasm_v128_load(norms.data() + i), lp_terms<T>(wasm_v128_load(run + i), p)));
      for (; i < inner; ++i) norms[i] += lp_term(run[i], p);
    }
    for (T& norm : norms) norm = lp_norm(norm, p);
    for (size_t c = 0; c < channels; ++c) divide_by_norms(xo + c * inner, yo + c * inner, inner, norms.data(), 1);
  }
}

// float16 and bfloat16: each outer slice converted to float32, normalized there, rounded once.
template <typename H>
void lp_normalize_half(const H* x, H* y, ChannelShape shape, int p) {
  const size_t plane = shape.channels * shape.inner;
  std::vector<float> in(plane), out(plane);
  for (size_t o = 0; o < shape.outer; ++o) {
    half_to_f32(x + o * plane, in.data(), plane);
    lp_normalize_loop(in.data(), out.data(), {1, shape.channels, shape.inner}, p);
    f32_to_half(out.data(), y + o * plane, plane);
  }
}

}  // namespace

void lp_normalize(const float* x, float* y, ChannelShape shape, int p) { lp_normalize_loop(x, y, shape, p); }
void lp_normalize(const double* x, double* y, ChannelShape shape, int p) { lp_normalize_loop(x, y, shape, p); }
void lp_normalize(const Float16* x, Float16* y, ChannelShape shape, int p) { lp_normalize_half(x, y, shape, p); }
void lp_normalize(const BFloat16* x, BFloat16* y, ChannelShape shape, int p) { lp_normalize_half(x, y, shape, p); }

void channel_affine(const float* x, float* y, ChannelShape shape, const float* shift, const float* scale, const float* bias) {
  channel_affine_loop(x, y, shape, shift, scale, bias);
}
void channel_affine(const double* x, double* y, ChannelShape shape, const double* shift, const double* scale, const double* bias) {
  channel_affine_loop(x, y, shape, shift, scale, bias);
}
void channel_affine(const Float16* x, Float16* y, ChannelShape shape, const float* shift, const float* scale, const float* bias) {
  channel_affine_half(x, y, shape, shift, scale, bias);
}
void channel_affine(const BFloat16* x, BFloat16* y, ChannelShape shape, const float* shift, const float* scale, const float* bias) {
  channel_affine_half(x, y, shape, shift, scale, bias);
}

void channel_statistics(const float* x, ChannelShape shape, float* mean, float* variance) { channel_statistics_loop(x, shape, mean, variance); }
void channel_statistics(const double* x, ChannelShape shape, double* mean, double* variance) {
  channel_statistics_loop(x, shape, mean, variance);
}

void scale_channels(const float* w, float* out, size_t channels, size_t size, const double* factor) {
  for (size_t c = 0; c < channels; ++c)
    for (size_t i = c * size; i < (c + 1) * size; ++i) out[i] = narrow_to_f32(static_cast<double>(w[i]) * factor[c]);
}
void scale_channels(const double* w, double* out, size_t channels, size_t size, const double* factor) {
  for (size_t c = 0; c < channels; ++c)
    for (size_t i = c * size; i < (c + 1) * size; ++i) out[i] = w[i] * factor[c];
}

void layer_normalize(const float* x, float* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev) {
  layer_normalize_loop(x, y, shape, scale, bias, epsilon, mean, inv_std_dev);
}
void layer_normalize(const double* x, double* y, RowShape shape, const double* scale, const double* bias, double epsilon, float* mean,
                     float* inv_std_dev) {
  layer_normalize_loop(x, y, shape, scale, bias, epsilon, mean, inv_std_dev);
}
void layer_normalize(const Float16* x, Float16* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev) {
  layer_normalize_half(x, y, shape, scale, bias, epsilon, mean, inv_std_dev);
}
void layer_normalize(const BFloat16* x, BFloat16* y, RowShape shape, const float* scale, const float* bias, float epsilon, float* mean,
                     float* inv_std_dev) {
  layer_normalize_half(x, y, shape, scale, bias, epsilon, mean, inv_std_dev);
}

}  // namespace ow::kernels
