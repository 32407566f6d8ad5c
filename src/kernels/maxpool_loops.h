// The loops of max pooling, shared by the float32 and float64 kernels (kernels/maxpool.h). A plane is pooled
// one output row at a time: the input rows inside the window on the outer axes are reduced into one
// row (read in place when there is one), then each output column reduces its taps along that row,
// kLanes columns at a time for unit stride and stride 2 (3x3 stride 2 windows with loads of their own).
// Windows three taps wide over two or three rows (3 x 3) are reduced from the rows directly instead
// (pool_row_3x3). With Indices, a scalar loop over each window's taps in row-major order instead.
//
// V is the kernel's SIMD128 vector of kLanes lanes of T: load, store, splat, max (IEEE 754's maximum: NaN
// wins, -0 below +0; Max's, kernels/min_max_ops.h), even(a, b) = (a0, a2, .., b0, b2, ..), odd(a, b) =
// (a1, a3, .., b1, b3, ..), and shift1, shift2: the pair's lanes from the second, the third on.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "kernels/avgpool_loops.h"
#include "kernels/maxpool.h"
#include "kernels/min_max_ops.h"
#include "kernels/simd128.h"

namespace ow::kernels::maxpool_detail {

using avgpool_detail::align16;

// The value of a window without taps: the identity of the maximum.
template <typename T>
constexpr T lowest() {
  return -std::numeric_limits<T>::infinity();
}

// Whether a ranks above b: -inf < ... < -0 < +0 < ... < +inf < NaN.
template <typename T>
bool above(T a, T b) {
  if (std::isnan(b)) return false;
  if (std::isnan(a)) return true;
  if (a == b) return !std::signbit(a) && std::signbit(b);
  return a > b;
}

template <typename T>
T max_of(T a, T b) {
  return above(b, a) ? b : a;
}

// The longest list of input rows of an output row (as average pooling's).
inline uint64_t max_rows(const AvgPoolPlan& plan) { return avgpool_detail::PlaneScratch<float>::max_rows(plan); }

// Scratch of the plane loops, carved from the workspace.
template <typename T>
struct Scratch {
  T* row;               // the window's input rows reduced (one input row long)
  size_t* row_offsets;  // plane offsets of the window's input rows
  size_t* position;     // the output row's index on each outer axis

  static uint64_t bytes(const AvgPoolPlan& plan) {
    return align16(uint64_t{plan.axes.back().input_size} * sizeof(T)) + align16(max_rows(plan) * sizeof(size_t)) +
           align16(plan.axes.size() * sizeof(size_t));
  }

  static Scratch carve(const AvgPoolPlan& plan, void* workspace) {
    auto* p = static_cast<unsigned char*>(workspace);
    Scratch s;
    s.row = reinterpret_cast<T*>(p);
    p += align16(plan.axes.back().input_size * sizeof(T));
    s.row_offsets = reinterpret_cast<size_t*>(p);
    p += align16(max_rows(plan) * sizeof(size_t));
    s.position = reinterpret_cast<size_t*>(p);
    return s;
  }
};

// Scratch of the Indices loop: per axis the output's position, its window, the tap's position and the
// input stride.
struct IndexScratch {
  static uint64_t bytes(const AvgPoolPlan& plan) { return align16(plan.axes.size() * 6 * sizeof(size_t)); }
};

// out[i] = max(a[i], b[i]) for i < n; out may be a.
template <class V, typename T>
void max_rows_into(const T* a, const T* b, size_t n, T* out) {
  size_t i = 0;
  for (; i + V::kLanes <= n; i += V::kLanes) V::store(out + i, V::max(V::load(a + i), V::load(b + i)));
  for (; i < n; ++i) out[i] = max_of(a[i], b[i]);
}

// The scalar loops read the window's input rows reduced through `column(i)`: the maximum of column i
// over them (one row read in place, or the rows of a 3-tap window, RowsOf3).
template <typename T>
struct OneRow {
  const T* row;
  T operator()(size_t i) const { return row[i]; }
};

// Outputs [o, end) from the axis tables (windows partly outside the input).
template <typename T, class Column>
void pool_partial_windows(const AvgPoolAxis& ax, const Column& column, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const size_t e = ax.entry(o);
    T m = lowest<T>();
    for (uint32_t t = 0; t < ax.taps[e]; ++t) m = max_of(m, column(ax.first[e] + t * ax.dilation));
    y[o] = m;
  }
}

// Outputs [o, end) whose windows lie inside the input, one at a time.
template <typename T, class Column>
void pool_full_windows_scalar(const AvgPoolAxis& ax, const Column& column, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const auto first = static_cast<size_t>(static_cast<ptrdiff_t>(o * ax.stride) + ax.full_origin);
    T m = column(first);
    for (size_t t = 1; t < ax.kernel; ++t) m = max_of(m, column(first + t * ax.dilation));
    y[o] = m;
  }
}

// Outputs [o, end) whose windows lie inside the input, kLanes at a time with unit stride. Returns the
// first output left for the scalar loop.
template <class V, typename T>
size_t pool_full_windows_stride1(const AvgPoolAxis& ax, const T* row, size_t o, size_t end, T* y) {
  for (; o + V::kLanes <= end; o += V::kLanes) {
    const T* p = row + (static_cast<ptrdiff_t>(o) + ax.full_origin);
    auto acc = V::load(p);
    for (size_t t = 1; t < ax.kernel; ++t) acc = V::max(acc, V::load(p + t * ax.dilation));
    V::store(y + o, acc);
  }
  return o;
}

// As above with stride 2: tap t of kLanes outputs is every other element of the 2 * kLanes from it,
// the last of which lies past the window: blocks stop where it would lie past the row.
template <class V, typename T>
size_t pool_full_windows_stride2(const AvgPoolAxis& ax, const T* row, size_t o, size_t end, T* y) {
  constexpr size_t L = V::kLanes;
  const ptrdiff_t span = static_cast<ptrdiff_t>((ax.kernel - 1) * ax.dilation);
  const ptrdiff_t in = static_cast<ptrdiff_t>(ax.input_size);
  const auto fits = [&](size_t o) { return o + L <= end && static_cast<ptrdiff_t>(2 * o) + ax.full_origin + span + ptrdiff_t{2 * L} <= in; };
  if (ax.kernel == 3 && ax.dilation == 1) {  // 3x3 stride 2, the image models' window: taps 0 and 1 share loads
    for (; fits(o); o += L) {
      const T* p = row + (static_cast<ptrdiff_t>(2 * o) + ax.full_origin);
      const auto a = V::load(p), b = V::load(p + L);
      V::store(y + o, V::max(V::max(V::even(a, b), V::odd(a, b)), V::even(V::load(p + 2), V::load(p + 2 + L))));
    }
    return o;
  }
  for (; fits(o); o += L) {
    const T* p = row + (static_cast<ptrdiff_t>(2 * o) + ax.full_origin);
    auto acc = V::even(V::load(p), V::load(p + L));
    for (size_t t = 1; t < ax.kernel; ++t) {
      const T* q = p + t * ax.dilation;
      acc = V::max(acc, V::even(V::load(q), V::load(q + L)));
    }
    V::store(y + o, acc);
  }
  return o;
}

// One output row of the last axis from `row`.
template <class V, typename T>
void pool_row(const AvgPoolAxis& ax, const T* row, T* y) {
  const OneRow<T> column{row};
  pool_partial_windows(ax, column, 0, ax.full_begin, y);
  size_t o = ax.full_begin;
  if (ax.stride == 1) o = pool_full_windows_stride1<V>(ax, row, o, ax.full_end, y);
  else if (ax.stride == 2) o = pool_full_windows_stride2<V>(ax, row, o, ax.full_end, y);
  pool_full_windows_scalar(ax, column, o, ax.full_end, y);
  pool_partial_windows(ax, column, ax.full_end, ax.output_size, y);
}

// Windows of 3 x 3 taps (two or three input rows, three columns without dilation, stride 1 or 2: the
// image models' MaxPool), as XNNPACK's 9-tap max pooling reduces them: in registers, the three rows'
// vectors first, each such vector then serving the taps of neighbouring outputs, with no row of
// scratch; the last block of a row ends at its last full window, reading no element past the row (its
// outputs computed again where it overlaps the block before: the same values). The maxima are taken as minima of the values negated, -max(a, b) = min(-a, -b), with Min's
// instructions (kernels/min_max_ops.h): each input vector is negated once as it is loaded and each
// result once as it is stored, rather than around every maximum as V::max does, for the same values.
template <typename T>
struct RowsOf3 {
  const T* rows[3];  // the last repeated where the window has two
  T operator()(size_t i) const { return max_of(max_of(rows[0][i], rows[1][i]), rows[2][i]); }
};

template <class V, typename T = typename V::Scalar>
struct Negated {
  static v128_t sign() { return V::splat(T(-0.0)); }
  static v128_t min(v128_t a, v128_t b) { return Min<T>::vec(a, b); }
  // -max of the three rows' vectors at column i, each read by `load` (V::load, or V::load_lo, V::load_lo2
  // for the first lanes only, where a row ends within the vector)
  template <v128_t (*Load)(const T*) = V::load>
  static v128_t column(RowsOf3<T> r, size_t i) {
    const v128_t s = sign();
    return min(min(wasm_v128_xor(Load(r.rows[0] + i), s), wasm_v128_xor(Load(r.rows[1] + i), s)), wasm_v128_xor(Load(r.rows[2] + i), s));
  }
  static void store(T* p, v128_t negated) { V::store(p, wasm_v128_xor(negated, sign())); }
};

// Full windows [o, end) with stride 1, kLanes at a time: outputs o.. take columns p.., p + 1.., p + 2..
// of the row vectors at p and p + kLanes. Near the row's end, the blocks read only the first two lanes
// of the second (their last window's end), the last one ending at `end`. Returns the first output left
// (where fewer than kLanes are full).
template <class V, typename T>
size_t pool_3x3_stride1(const AvgPoolAxis& ax, RowsOf3<T> r, size_t o, size_t end, T* y) {
  using N = Negated<V>;
  constexpr size_t L = V::kLanes;
  if (o + L > end) return o;
  const auto at = [&](size_t o) { return static_cast<size_t>(static_cast<ptrdiff_t>(o) + ax.full_origin); };
  const auto block = [&](size_t o, v128_t a, v128_t b) { N::store(y + o, N::min(N::min(a, V::shift1(a, b)), V::shift2(a, b))); };
  v128_t a = N::column(r, at(o));
  for (; o + L <= end && at(o) + 2 * L <= ax.input_size; o += L) {
    const v128_t b = N::column(r, at(o) + L);
    block(o, a, b);
    a = b;
  }
  for (; o < end; o += L) {
    const size_t q = std::min(o, end - L);
    block(q, N::column(r, at(q)), N::template column<V::load_lo2>(r, at(q) + L));
  }
  return end;
}

// Full windows [o, end) with stride 2, kLanes at a time: outputs o.. take the even columns from p, the
// odd ones, and the even ones from p + 2, of the row vectors at p, p + kLanes and p + 2 kLanes. Near the
// row's end, the blocks read only the first lane of the third (their last window's end), the last one
// ending at `end`.
template <class V, typename T>
size_t pool_3x3_stride2(const AvgPoolAxis& ax, RowsOf3<T> r, size_t o, size_t end, T* y) {
  using N = Negated<V>;
  constexpr size_t L = V::kLanes;
  if (o + L > end) return o;
  const auto at = [&](size_t o) { return static_cast<size_t>(static_cast<ptrdiff_t>(2 * o) + ax.full_origin); };
  const auto block = [&](size_t o, v128_t a, v128_t b, v128_t next) {
    const v128_t third = V::even(V::shift2(a, b), V::shift2(b, next));
    N::store(y + o, N::min(N::min(V::even(a, b), V::odd(a, b)), third));
  };
  v128_t a = N::column(r, at(o));
  for (; o + L <= end && at(o) + 3 * L <= ax.input_size; o += L) {
    const v128_t b = N::column(r, at(o) + L), next = N::column(r, at(o) + 2 * L);
    block(o, a, b, next);
    a = next;
  }
  for (; o < end; o += L) {
    const size_t q = std::min(o, end - L), p = at(q);
    block(q, N::column(r, p), N::column(r, p + L), N::template column<V::load_lo>(r, p + 2 * L));
  }
  return end;
}

template <class V, typename T>
void pool_row_3x3(const AvgPoolAxis& ax, const RowsOf3<T>& rows, T* y) {
  pool_partial_windows(ax, rows, 0, ax.full_begin, y);
  size_t o = ax.full_begin;
  o = ax.stride == 1 ? pool_3x3_stride1<V>(ax, rows, o, ax.full_end, y) : pool_3x3_stride2<V>(ax, rows, o, ax.full_end, y);
  pool_full_windows_scalar(ax, rows, o, ax.full_end, y);
  pool_partial_windows(ax, rows, ax.full_end, ax.output_size, y);
}

// The planes row by row.
template <class V, typename T = typename V::Scalar>
void pool_planes(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, void* workspace) {
  const Scratch<T> scratch = Scratch<T>::carve(plan, workspace);
  const size_t outer_axes = plan.axes.size() - 1;
  const AvgPoolAxis last = plan.axes.back();  // a copy: the row loop writes scratch
  const size_t plane_rows = plan.output_plane / last.output_size;
  const bool three_taps = last.kernel == 3 && last.dilation == 1 && (last.stride == 1 || last.stride == 2);
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xp = x + plane * plan.input_plane;
    T* yp = y + plane * plan.output_plane;
    std::fill_n(scratch.position, outer_axes, size_t{0});
    for (size_t out_row = 0; out_row < plane_rows; ++out_row) {
      const size_t rows = avgpool_window_rows(plan, scratch.position, scratch.row_offsets).rows;
      T* y_row = yp + out_row * last.output_size;
      if (rows == 0) {
        std::fill_n(y_row, last.output_size, lowest<T>());
      } else if (three_taps && (rows == 2 || rows == 3)) {
        const size_t* at = scratch.row_offsets;
        pool_row_3x3<V>(last, RowsOf3<T>{{xp + at[0], xp + at[1], xp + at[rows - 1]}}, y_row);
      } else {
        const T* row = xp + scratch.row_offsets[0];
        if (rows > 1) {
          max_rows_into<V>(row, xp + scratch.row_offsets[1], last.input_size, scratch.row);
          for (size_t r = 2; r < rows; ++r) max_rows_into<V>(scratch.row, xp + scratch.row_offsets[r], last.input_size, scratch.row);
          row = scratch.row;
        }
        pool_row<V>(last, row, y_row);
      }
      // Next output row: odometer over the outer axes.
      for (size_t i = outer_axes; i-- > 0;) {
        if (++scratch.position[i] < plan.axes[i].output_size) break;
        scratch.position[i] = 0;
      }
    }
  }
}

// The planes with Indices: each window's taps in row-major order, the first that ranks above all
// before it taken.
template <typename T>
void pool_planes_indices(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, int64_t* indices, void* workspace) {
  const size_t n = plan.axes.size();
  auto* position = static_cast<size_t*>(workspace);
  size_t* first = position + n;
  size_t* taps = first + n;
  size_t* step = taps + n;  // the input stride of a tap
  size_t* tap = step + n;
  size_t* stride = tap + n;
  for (size_t i = n, s = 1; i-- > 0;) {
    stride[i] = s;
    s *= plan.axes[i].input_size;
  }
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xp = x + plane * plan.input_plane;
    std::fill_n(position, n, size_t{0});
    for (size_t o = 0; o < plan.output_plane; ++o) {
      bool empty = false;
      for (size_t i = 0; i < n; ++i) {
        const AvgPoolAxis::Window w = plan.axes[i].window(position[i]);
        first[i] = w.first;
        taps[i] = w.taps;
        step[i] = plan.axes[i].dilation * stride[i];
        tap[i] = 0;
        empty = empty || w.taps == 0;
      }
      T m = lowest<T>();
      int64_t best = -1;
      size_t offset = 0;
      for (size_t i = 0; i < n; ++i) offset += first[i] * stride[i];
      while (!empty) {
        if (best < 0 || above(xp[offset], m)) {
          m = xp[offset];
          best = static_cast<int64_t>(plane * plan.input_plane + offset);
        }
        // Next tap: odometer over the window's axes.
        size_t i = n;
        while (i-- > 0) {
          if (++tap[i] < taps[i]) {
            offset += step[i];
            break;
          }
          offset -= (taps[i] - 1) * step[i];
          tap[i] = 0;
        }
        empty = i == static_cast<size_t>(-1);
      }
      y[plane * plan.output_plane + o] = m;
      indices[plane * plan.output_plane + o] = best;
      for (size_t i = n; i-- > 0;) {
        if (++position[i] < plan.axes[i].output_size) break;
        position[i] = 0;
      }
    }
  }
}

// The kernel of a type with a vector V.
template <class V, typename T = typename V::Scalar>
void maxpool(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, int64_t* indices, void* workspace) {
  if (indices) pool_planes_indices(plan, planes, x, y, indices, workspace);
  else pool_planes<V>(plan, planes, x, y, workspace);
}

template <typename T>
uint64_t workspace_bytes(const AvgPoolPlan& plan, bool indices) {
  return indices ? IndexScratch::bytes(plan) : Scratch<T>::bytes(plan);
}

}  // namespace ow::kernels::maxpool_detail
