// The loops of average pooling, shared by the float32 and float64 kernels. A plane is pooled one output
// row (last spatial axis) at a time: the input rows inside the window on the outer axes are summed into
// one row, then each output column sums its taps along that row and divides.
//
// V is the vector type of the kernel's ISA (load, load_even, store, add, div, splat, kLanes), or
// NoVector<T> (kLanes = 1) where there is none; only the scalar loops run then.
#pragma once

#include <cstddef>

#include "kernels/avgpool.h"

namespace ow::kernels::avgpool_detail {

template <typename T>
struct NoVector {
  using Scalar = T;
  static constexpr size_t kLanes = 1;
};

constexpr size_t align16(size_t bytes) { return (bytes + 15) & ~size_t{15}; }

// Scratch of the plane loops, carved from the workspace.
template <typename T>
struct PlaneScratch {
  T* row_sum;           // the window's input rows summed (one input row long)
  size_t* row_offsets;  // plane offsets of the window's input rows
  size_t* position;     // the output row's index on each outer axis

  // The longest list of row offsets: the product of the outer axes' largest tap counts (at least 1,
  // as the list starts with one entry before an axis without taps empties it).
  static size_t max_rows(const AvgPoolPlan& plan) {
    size_t rows = 1;
    for (size_t i = 0; i + 1 < plan.axes.size(); ++i) {
      uint32_t most = 1;
      for (uint32_t t : plan.axes[i].taps) most = t > most ? t : most;
      rows *= most;
    }
    return rows;
  }

  static size_t bytes(const AvgPoolPlan& plan) {
    return align16(plan.axes.back().input_size * sizeof(T)) + align16(max_rows(plan) * sizeof(size_t)) +
           align16(plan.axes.size() * sizeof(size_t));
  }

  static PlaneScratch carve(const AvgPoolPlan& plan, void* workspace) {
    auto* p = static_cast<unsigned char*>(workspace);
    PlaneScratch s;
    s.row_sum = reinterpret_cast<T*>(p);
    p += align16(plan.axes.back().input_size * sizeof(T));
    s.row_offsets = reinterpret_cast<size_t*>(p);
    p += align16(max_rows(plan) * sizeof(size_t));
    s.position = reinterpret_cast<size_t*>(p);
    return s;
  }
};

// out[i] = sum over r < count of base[offsets[r] + i], for i < n.
template <class V, typename T>
void sum_rows(const T* base, const size_t* offsets, size_t count, size_t n, T* out) {
  size_t i = 0;
  if constexpr (V::kLanes > 1) {
    for (; i + V::kLanes <= n; i += V::kLanes) {
      auto acc = V::load(base + offsets[0] + i);
      for (size_t r = 1; r < count; ++r) acc = V::add(acc, V::load(base + offsets[r] + i));
      V::store(out + i, acc);
    }
  }
  for (; i < n; ++i) {
    T acc = base[offsets[0] + i];
    for (size_t r = 1; r < count; ++r) acc += base[offsets[r] + i];
    out[i] = acc;
  }
}

// Outputs [o, end) whose windows are partly outside the input, from the axis tables.
template <typename T>
void pool_partial_windows(const AvgPoolAxis& ax, const T* row, T row_divisor, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const uint32_t taps = ax.taps[o];
    const T* p = row + ax.first[o];
    T sum = taps ? p[0] : T(0);
    for (uint32_t t = 1; t < taps; ++t) sum += p[t * ax.dilation];
    y[o] = sum / (row_divisor * T(ax.divisor[o]));
  }
}

// Outputs [o, end) whose windows lie inside the input, kLanes at a time with unit stride. Returns the
// first output left for the scalar loop.
template <class V, typename T>
size_t pool_full_windows_stride1(const AvgPoolAxis& ax, const T* row, T divisor, size_t o, size_t end, T* y) {
  const auto d = V::splat(divisor);
  for (; o + V::kLanes <= end; o += V::kLanes) {
    const T* p = row + (static_cast<ptrdiff_t>(o) + ax.full_origin);
    auto acc = V::load(p);
    for (size_t t = 1; t < ax.kernel; ++t) acc = V::add(acc, V::load(p + t * ax.dilation));
    V::store(y + o, V::div(acc, d));
  }
  return o;
}

// As above with stride 2: the taps of kLanes outputs are every other element of 2 * kLanes. The last
// of those may lie past the row, so blocks stop where that would happen.
template <class V, typename T>
size_t pool_full_windows_stride2(const AvgPoolAxis& ax, const T* row, T divisor, size_t o, size_t end, T* y) {
  const auto d = V::splat(divisor);
  const size_t span = (ax.kernel - 1) * ax.dilation;
  for (; o + V::kLanes <= end &&
         static_cast<ptrdiff_t>(2 * o + span + 2 * V::kLanes) + ax.full_origin <= static_cast<ptrdiff_t>(ax.input_size);
       o += V::kLanes) {
    const T* p = row + (static_cast<ptrdiff_t>(2 * o) + ax.full_origin);
    auto acc = V::load_even(p);
    for (size_t t = 1; t < ax.kernel; ++t) acc = V::add(acc, V::load_even(p + t * ax.dilation));
    V::store(y + o, V::div(acc, d));
  }
  return o;
}

// One output row: y[o] = (sum of the window's taps along `row`) / (row_divisor * divisor[o]).
template <class V, typename T>
void pool_row(const AvgPoolAxis& ax, const T* row, T row_divisor, T* y) {
  pool_partial_windows(ax, row, row_divisor, 0, ax.full_begin, y);
  const T divisor = row_divisor * T(ax.kernel);
  size_t o = ax.full_begin;
  if constexpr (V::kLanes > 1) {
    if (ax.stride == 1) o = pool_full_windows_stride1<V>(ax, row, divisor, o, ax.full_end, y);
    else if (ax.stride == 2) o = pool_full_windows_stride2<V>(ax, row, divisor, o, ax.full_end, y);
  }
  for (; o < ax.full_end; ++o) {
    const T* p = row + (static_cast<ptrdiff_t>(o * ax.stride) + ax.full_origin);
    T sum = p[0];
    for (size_t t = 1; t < ax.kernel; ++t) sum += p[t * ax.dilation];
    y[o] = sum / divisor;
  }
  pool_partial_windows(ax, row, row_divisor, ax.full_end, ax.output_size, y);
}

template <class V, typename T = typename V::Scalar>
void pool_planes(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, void* workspace) {
  const PlaneScratch<T> scratch = PlaneScratch<T>::carve(plan, workspace);
  const size_t outer_axes = plan.axes.size() - 1;
  const AvgPoolAxis& last = plan.axes.back();
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xp = x + plane * plan.input_plane;
    T* yp = y + plane * plan.output_plane;
    for (size_t i = 0; i < outer_axes; ++i) scratch.position[i] = 0;
    for (size_t out_row = 0; out_row < plan.output_plane / last.output_size; ++out_row) {
      // The window's input rows: expand the list of row offsets one outer axis at a time, innermost
      // first, in place from the back.
      size_t rows = 1;
      size_t row_stride = last.input_size;
      T row_divisor = 1;
      scratch.row_offsets[0] = 0;
      for (size_t i = outer_axes; i-- > 0;) {
        const AvgPoolAxis& ax = plan.axes[i];
        const size_t o = scratch.position[i];
        const size_t taps = ax.taps[o];
        for (size_t r = rows; r-- > 0;) {
          const size_t base = scratch.row_offsets[r];
          for (size_t t = taps; t-- > 0;) scratch.row_offsets[r * taps + t] = base + (ax.first[o] + t * ax.dilation) * row_stride;
        }
        rows *= taps;
        row_stride *= ax.input_size;
        row_divisor *= T(ax.divisor[o]);
      }
      const T* row = scratch.row_sum;
      if (rows == 1) {
        row = xp + scratch.row_offsets[0];
      } else if (rows == 0) {
        for (size_t i = 0; i < last.input_size; ++i) scratch.row_sum[i] = 0;
      } else {
        sum_rows<V>(xp, scratch.row_offsets, rows, last.input_size, scratch.row_sum);
      }
      pool_row<V>(last, row, row_divisor, yp + out_row * last.output_size);
      // Next output row: odometer over the outer axes.
      for (size_t i = outer_axes; i-- > 0;) {
        if (++scratch.position[i] < plan.axes[i].output_size) break;
        scratch.position[i] = 0;
      }
    }
  }
}

}  // namespace ow::kernels::avgpool_detail
