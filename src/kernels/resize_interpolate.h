// The interpolating Resize kernels' element operations (kernels/resize_loops.h), for a SIMD128 vector V
// of kLanes lanes of T: load, store, add, mul, splat; load_weights(w) (kLanes float32 weights as T),
// gather(row, index) (row[index[l]] in lane l).
#pragma once

#include "kernels/resize.h"
#include "kernels/resize_loops.h"

namespace ow::kernels::resize_detail {

template <class V, typename T = typename V::Scalar>
struct Interpolate {
  // Rows combined (count >= 1): the common count (two rows: linear) in one pass.
  static void combine(const T* const* rows, const float* weights, size_t count, size_t n, T* out) {
    const auto w0 = V::splat(T(weights[0]));
    size_t i = 0;
    if (count == 2) {
      const auto w1 = V::splat(T(weights[1]));
      for (; i + V::kLanes <= n; i += V::kLanes)
        V::store(out + i, V::add(V::mul(V::load(rows[0] + i), w0), V::mul(V::load(rows[1] + i), w1)));
      for (; i < n; ++i) out[i] = rows[0][i] * T(weights[0]) + rows[1][i] * T(weights[1]);
      return;
    }
    for (; i + V::kLanes <= n; i += V::kLanes) V::store(out + i, V::mul(V::load(rows[0] + i), w0));
    for (; i < n; ++i) out[i] = rows[0][i] * T(weights[0]);
    for (size_t r = 1; r < count; ++r) {
      const auto w = V::splat(T(weights[r]));
      i = 0;
      for (; i + V::kLanes <= n; i += V::kLanes) V::store(out + i, V::add(V::load(out + i), V::mul(V::load(rows[r] + i), w)));
      for (; i < n; ++i) out[i] += rows[r][i] * T(weights[r]);
    }
  }

  // Each output of a row from its taps. Two taps (linear): kLanes outputs at a time, their taps gathered.
  static void columns(const T* row, const ResizeAxis& ax, T* out) {
    const size_t n = ax.output_size;
    size_t o = 0;
    if (ax.taps == 2) {
      const uint32_t *i0 = ax.index, *i1 = ax.index + n;
      const float *w0 = ax.weight, *w1 = ax.weight + n;
      for (; o + V::kLanes <= n; o += V::kLanes) {
        const auto a = V::load_weights(w0 + o), b = V::load_weights(w1 + o);
        V::store(out + o, V::add(V::mul(V::gather(row, i0 + o), a), V::mul(V::gather(row, i1 + o), b)));
      }
    }
    column_scalar(row, ax, o, n, out);
  }

  // Outputs [o, end) of a row, one at a time.
  static void column_scalar(const T* row, const ResizeAxis& ax, size_t o, size_t end, T* out) {
    const size_t n = ax.output_size;
    for (; o < end; ++o) {
      T sum = row[ax.index[o]] * T(ax.weight[o]);
      for (size_t t = 1; t < ax.taps; ++t) sum += row[ax.index[t * n + o]] * T(ax.weight[t * n + o]);
      out[o] = sum;
    }
  }
};

template <class V, typename T>
void interpolate(const ResizePlan& plan, const T* x, T* y, T extrapolation, void* workspace) {
  run<Interpolate<V>>(plan, x, y, workspace);
  if (plan.extrapolates) extrapolate(plan, extrapolation, y);
}

}  // namespace ow::kernels::resize_detail
