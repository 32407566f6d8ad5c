// The loops of average pooling, shared by the float32 and float64 kernels. A plane is pooled one output
// row (last spatial axis) at a time (or, for 3x3 windows, two, which share input rows): the input rows
// inside the window on the outer axes are summed into one row (for the common windows, on the fly,
// column by column), then each output column sums its taps along that row and divides.
//
// V is the kernel's SIMD128 vector of kLanes lanes of T: it provides load, store, add, div, splat,
// sum_lanes (of one vector), mul, and the lane moves below, for vectors a = (a0 .. aL-1) and b = (b0 .. bL-1) of L lanes:
//   even(a, b) = (a0, a2, .., b0, b2, ..)    odd(a, b) = (a1, a3, .., b1, b3, ..)
//   shift1(a, b) = (a1 .. aL-1, b0)          shift2(a, b) = (a2 .. aL-1, b0, b1)
//   behind(a, b) = (aL-1, b0 .. bL-2)
//   load_lo(p) = (p[0], 0, ..)               load_lo2(p) = (p[0], p[1], 0, ..)
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "kernels/avgpool.h"

// Before a loop that the wasm build compiles once, not unrolled. (GCC, which builds only the native
// tests, is left to its own choice.)
#ifdef __clang__
#define OW_NOUNROLL _Pragma("clang loop unroll(disable)")
#else
#define OW_NOUNROLL
#endif

namespace ow::kernels::avgpool_detail {

constexpr uint64_t align16(uint64_t bytes) { return (bytes + 15) & ~uint64_t{15}; }

template <size_t K, size_t S>
struct FixedWindow {
  static constexpr size_t kKernel = K, kStride = S;
};

// The common windows of image models, kernel K and stride S without dilation, which have loops of
// their own (pool_windows_fixed, pool_row_fixed): if `ax` has one, calls f(FixedWindow<K, S>{}) and
// returns true.
template <typename F>
bool with_fixed_window(const AvgPoolAxis& ax, F&& f) {
  const auto is = [&ax, &f](auto window) {
    using W = decltype(window);
    if (ax.kernel != W::kKernel || ax.stride != W::kStride) return false;
    f(window);
    return true;
  };
  return ax.dilation == 1 && (is(FixedWindow<2, 2>{}) || is(FixedWindow<3, 1>{}) || is(FixedWindow<3, 2>{}));
}

// Scratch of the plane loops, carved from the workspace.
template <typename T>
struct PlaneScratch {
  T* row_sum;           // the window's input rows summed (one input row long)
  T* column_divisor;    // the last axis' divisor factors, as T
  size_t* row_offsets;  // plane offsets of the window's input rows
  size_t* position;     // the output row's index on each outer axis

  // The longest list of row offsets: the product of the outer axes' largest tap counts (at least 1,
  // as the list starts with one entry before an axis without taps empties it).
  static uint64_t max_rows(const AvgPoolPlan& plan) {
    uint64_t rows = 1;
    for (size_t i = 0; i + 1 < plan.axes.size(); ++i) {
      size_t most = 1;
      const AvgPoolAxis& ax = plan.axes[i];
      for (size_t o = 0; o < ax.output_size; ++o) most = std::max(most, ax.window(o).taps);
      rows *= most;
    }
    return rows;
  }

  // Rows are summed (into row_sum, or on the fly by the fixed-window loops, which read column_divisor)
  // only under outer axes: a single axis is pooled where it lies, with neither. In 64 bits: the
  // operator checks the size before allocating.
  static bool sums_rows(const AvgPoolPlan& plan) { return plan.axes.size() > 1; }
  static uint64_t row_length(const AvgPoolPlan& plan) { return sums_rows(plan) ? plan.axes.back().input_size : 0; }
  static uint64_t columns(const AvgPoolPlan& plan) { return sums_rows(plan) ? plan.axes.back().output_size : 0; }

  static uint64_t bytes(const AvgPoolPlan& plan) {
    return align16(row_length(plan) * sizeof(T)) + align16(columns(plan) * sizeof(T)) + align16(uint64_t{max_rows(plan)} * sizeof(size_t)) +
           align16(plan.axes.size() * sizeof(size_t));
  }

  // Also writes the divisors, which no row changes.
  static PlaneScratch carve(const AvgPoolPlan& plan, void* workspace) {
    const AvgPoolAxis& last = plan.axes.back();
    auto* p = static_cast<unsigned char*>(workspace);
    PlaneScratch s;
    s.row_sum = reinterpret_cast<T*>(p);
    p += align16(row_length(plan) * sizeof(T));
    s.column_divisor = reinterpret_cast<T*>(p);
    for (size_t o = 0; o < columns(plan); ++o) s.column_divisor[o] = T(last.window(o).divisor);
    p += align16(columns(plan) * sizeof(T));
    s.row_offsets = reinterpret_cast<size_t*>(p);
    p += align16(max_rows(plan) * sizeof(size_t));
    s.position = reinterpret_cast<size_t*>(p);
    return s;
  }
};

// out[i] = a[i] + b[i] for i < n; out may be a.
template <class V, typename T>
void add_rows(const T* a, const T* b, size_t n, T* out) {
  size_t i = 0;
  for (; i + V::kLanes <= n; i += V::kLanes) V::store(out + i, V::add(V::load(a + i), V::load(b + i)));
  for (; i < n; ++i) out[i] = a[i] + b[i];
}

// out[i] = sum over r < count of base[offsets[r] + i], for i < n and count >= 2: one pass per row, each
// a stream the compiler can unroll, while out stays in cache.
template <class V, typename T>
void sum_rows(const T* base, const size_t* offsets, size_t count, size_t n, T* out) {
  add_rows<V>(base + offsets[0], base + offsets[1], n, out);
  for (size_t r = 2; r < count; ++r) add_rows<V>(out, base + offsets[r], n, out);
}

// p[0] + ... + p[n - 1].
template <class V, typename T>
T sum_contiguous(const T* p, size_t n) {
  size_t i = 0;
  T total = 0;
  if (n >= avgpool_split_sum_taps(V::kLanes)) {  // two accumulators: the adds of one wait on each other
    auto a = V::load(p), b = V::load(p + V::kLanes);
    for (i = 2 * V::kLanes; i + 2 * V::kLanes <= n; i += 2 * V::kLanes) {
      a = V::add(a, V::load(p + i));
      b = V::add(b, V::load(p + i + V::kLanes));
    }
    total = V::sum_lanes(V::add(a, b));
  }
  for (; i < n; ++i) total += p[i];
  return total;
}

// Outputs [o, end) whose windows are partly outside the input, from the axis tables.
template <typename T>
void pool_partial_windows(const AvgPoolAxis& ax, const T* row, T row_divisor, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const size_t e = ax.entry(o);
    const uint32_t taps = ax.taps[e];
    const T* p = row + ax.first[e];
    T sum = taps ? p[0] : T(0);
    for (uint32_t t = 1; t < taps; ++t) sum += p[t * ax.dilation];
    if (ax.divisor[e] > taps && sum == T(0)) sum = T(0);  // counted padding: zeros summed (+0, as Pad's)
    y[o] = sum / (row_divisor * T(ax.divisor[e]));
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
  auto load_even = [](const T* p) { return V::even(V::load(p), V::load(p + V::kLanes)); };
  for (; o + V::kLanes <= end &&
         static_cast<ptrdiff_t>(2 * o + span + 2 * V::kLanes) + ax.full_origin <= static_cast<ptrdiff_t>(ax.input_size);
       o += V::kLanes) {
    const T* p = row + (static_cast<ptrdiff_t>(2 * o) + ax.full_origin);
    auto acc = load_even(p);
    for (size_t t = 1; t < ax.kernel; ++t) acc = V::add(acc, load_even(p + t * ax.dilation));
    V::store(y + o, V::div(acc, d));
  }
  return o;
}

// The R input rows of a window (R known when compiling), read as their sum.
template <class V, size_t R, typename T>
struct SummedRows {
  const T* rows[R];

  template <class Load>
  auto sum(Load load, size_t i) const {
    auto acc = load(rows[0] + i);
    for (size_t r = 1; r < R; ++r) acc = V::add(acc, load(rows[r] + i));
    return acc;
  }
  auto load(size_t i) const { return sum([](const T* p) { return V::load(p); }, i); }
  auto load_lo(size_t i) const { return sum([](const T* p) { return V::load_lo(p); }, i); }
  auto load_lo2(size_t i) const { return sum([](const T* p) { return V::load_lo2(p); }, i); }
  T at(size_t i) const {
    T acc = rows[0][i];
    for (size_t r = 1; r < R; ++r) acc += rows[r][i];
    return acc;
  }
  // The rows from their element i on.
  SummedRows from(size_t i) const {
    SummedRows shifted = *this;
    for (size_t r = 0; r < R; ++r) shifted.rows[r] += i;
    return shifted;
  }

  // One output row: pool_row_fixed takes SummedRows and RowGroup alike.
  using Vector = V;
  static constexpr size_t kOutputRows = 1;
  const SummedRows& row(size_t) const { return *this; }
  static T* output(T* y, size_t) { return y; }
};

// N output rows' vectors of V, each operation done on every one: the vector pool_windows_fixed computes
// with for a RowGroup.
template <class V, size_t N>
struct VectorsOf {
  using Vec = decltype(V::splat(0));
  struct Each {
    Vec v[N];
  };
  // Where they are stored: y, and the output rows after it `stride` elements apart.
  template <typename T>
  struct Out {
    T* y;
    size_t stride;
    Out operator+(size_t i) const { return {y + i, stride}; }
  };
  static constexpr size_t kLanes = V::kLanes;
  template <typename T>
  static void store(Out<T> p, Each e) {
    for (size_t n = 0; n < N; ++n) V::store(p.y + n * p.stride, e.v[n]);
  }
  template <class F, class... Args>
  static Each each(F f, Args... args) {
    Each e;
    for (size_t n = 0; n < N; ++n) e.v[n] = f(args.v[n]...);
    return e;
  }
  static Each splat(typename V::Scalar s) {
    Each e;
    for (size_t n = 0; n < N; ++n) e.v[n] = V::splat(s);
    return e;
  }
  static Each add(Each a, Each b) { return each(V::add, a, b); }
  static Each div(Each a, Each b) { return each(V::div, a, b); }
  static Each even(Each a, Each b) { return each(V::even, a, b); }
  static Each odd(Each a, Each b) { return each(V::odd, a, b); }
  static Each shift1(Each a, Each b) { return each(V::shift1, a, b); }
  static Each shift2(Each a, Each b) { return each(V::shift2, a, b); }
};

// The R input rows of each of N output rows, each output row's Step rows after the one before: the
// R + (N - 1) * Step rows are loaded once and summed for each output row as SummedRows sums them, so
// that rows the output rows share are loaded once for all.
template <class V, size_t R, size_t Step, size_t N, typename T>
struct RowGroup {
  static constexpr size_t kRows = R + (N - 1) * Step;
  const T* rows[kRows];

  template <class Load>
  typename VectorsOf<V, N>::Each sum(Load load, size_t i) const {
    decltype(load(rows[0])) v[kRows];
    for (size_t r = 0; r < kRows; ++r) v[r] = load(rows[r] + i);
    typename VectorsOf<V, N>::Each e;
    for (size_t n = 0; n < N; ++n) {
      e.v[n] = v[n * Step];
      for (size_t r = 1; r < R; ++r) e.v[n] = V::add(e.v[n], v[n * Step + r]);
    }
    return e;
  }
  auto load(size_t i) const { return sum([](const T* p) { return V::load(p); }, i); }
  auto load_lo(size_t i) const { return sum([](const T* p) { return V::load_lo(p); }, i); }
  auto load_lo2(size_t i) const { return sum([](const T* p) { return V::load_lo2(p); }, i); }
  RowGroup from(size_t i) const {
    RowGroup shifted = *this;
    for (size_t r = 0; r < kRows; ++r) shifted.rows[r] += i;
    return shifted;
  }

  using Vector = VectorsOf<V, N>;
  static constexpr size_t kOutputRows = N;
  // Output row n's rows.
  SummedRows<V, R, T> row(size_t n) const {
    SummedRows<V, R, T> one;
    for (size_t r = 0; r < R; ++r) one.rows[r] = rows[n * Step + r];
    return one;
  }
  static typename Vector::template Out<T> output(T* y, size_t stride) { return {y, stride}; }
};

// Divides sums by one divisor. Where the divisor is a power of two (2x2 and 2x2x2 windows), multiplying
// by its inverse gives the same results, and a multiply is several times cheaper than a divide.
template <class V, typename T>
struct UniformDivide {
  bool exact_inverse;
  decltype(V::splat(T(1))) divisor, inverse;

  // d is a count of taps (a whole number, at least 1).
  explicit UniformDivide(T d) : divisor(V::splat(d)), inverse(V::splat(T(1) / d)) {
    const auto n = d < T(1ull << 62) ? static_cast<uint64_t>(d) : 0;
    exact_inverse = n && T(n) == d && (n & (n - 1)) == 0;
  }
  template <class Vec>
  Vec operator()(Vec sum, size_t) const { return exact_inverse ? V::mul(sum, inverse) : V::div(sum, divisor); }
};

// Divides sums by one divisor, always (3x3 windows, whose divisors are not powers of two).
template <class V, typename T>
struct PlainDivide {
  decltype(V::splat(T(1))) divisor;

  explicit PlainDivide(T d) : divisor(V::splat(d)) {}
  template <class Vec>
  Vec operator()(Vec sum, size_t) const { return V::div(sum, divisor); }
};

// A fixed window (with_fixed_window), with the taps of kLanes outputs gathered by lane moves from the
// fewest loads: output o's taps start at rows[o * S + origin], average(sum, o) divides the sums of
// outputs o.. by their divisors. Each block reads only inside its windows, so every window in
// [o, end) is covered where there are at least kLanes (the last block may overlap the one before it,
// computing the same outputs again); returns the first output not covered. A block's taps past its
// own S * kLanes are the first of the next block's, which are carried over rather than loaded twice;
// only the last blocks load them alone. The rows advance with the blocks, so that the loads' offsets
// are constants. Rows is a SummedRows, or a RowGroup with V its VectorsOf and y its Out.
template <class V, size_t K, size_t S, class Rows, class Average, class Y>
size_t pool_windows_fixed(const Rows& rows, ptrdiff_t origin, Average average, size_t o, size_t end, Y y) {
  constexpr size_t L = V::kLanes;
  if (o + L > end) return o;
  const auto at = [&rows, origin](size_t o) { return rows.from(static_cast<size_t>(static_cast<ptrdiff_t>(o * S) + origin)); };
  // A block's taps from its first vectors: for S == 2, even and odd lanes apart, (p0, p2, ..) +
  // (p1, p3, ..) [+ (p2, p4, ..), the first lanes of `next`, the even lanes after them]; for K == 3,
  // S == 1, (p0, p1, ..) + (p1, p2, ..) + (p2, p3, ..), from a = (p0, p1, ..) and the vector after it.
  const auto sum = [](auto even_or_a, auto odd, auto next) {
    if constexpr (S == 1) return V::add(V::add(even_or_a, V::shift1(even_or_a, next)), V::shift2(even_or_a, next));
    else if constexpr (K == 2) return V::add(even_or_a, odd);
    else return V::add(V::add(even_or_a, odd), V::shift1(even_or_a, next));
  };
  // The loop carries the next block's first vectors over (2x2 windows need none of them).
  Rows taps = at(o);
  if constexpr (K == 2) {
    for (; o + 2 * L <= end; o += L, taps = taps.from(2 * L)) {
      const auto a = taps.load(0), b = taps.load(L);
      V::store(y + o, average(sum(V::even(a, b), V::odd(a, b), a), o));
    }
  } else if constexpr (S == 2) {
    auto a = taps.load(0), b = taps.load(L);
    auto even = V::even(a, b), odd = V::odd(a, b);
    for (; o + 2 * L <= end; o += L) {
      taps = taps.from(2 * L);
      a = taps.load(0);
      b = taps.load(L);
      const auto next_even = V::even(a, b);
      V::store(y + o, average(sum(even, odd, next_even), o));
      even = next_even;
      odd = V::odd(a, b);
    }
  } else {
    auto a = taps.load(0);
    for (; o + 2 * L <= end; o += L) {
      taps = taps.from(L);
      const auto next = taps.load(0);
      V::store(y + o, average(sum(a, a, next), o));
      a = next;
    }
  }
  // The last block, then, if windows remain, the block that ends with them: from their own loads, the
  // taps after them loaded alone; last_block(last) says whether it ends the row.
  const auto last_block = [&](size_t last) {
    const Rows own = at(last);
    if constexpr (S == 1) {
      const auto a = own.load(0);
      V::store(y + last, average(sum(a, a, own.load_lo2(L)), last));
    } else {
      const auto a = own.load(0), b = own.load(L), even = V::even(a, b);
      if constexpr (K == 2) V::store(y + last, average(sum(even, V::odd(a, b), even), last));
      else V::store(y + last, average(sum(even, V::odd(a, b), own.load_lo(2 * L)), last));
    }
    return last + L >= end;
  };
  if constexpr (Rows::kOutputRows == 1) {
    for (size_t last = o; !last_block(last); last = end - L) {}
  } else {  // a row group's blocks are large: one copy of them in the wasm, not unrolled
    OW_NOUNROLL
    for (size_t last = o; !last_block(last); last = end - L) {}
  }
  return end;
}

// Outputs [o, end) whose windows lie inside the input, one at a time.
template <typename T>
void pool_full_windows_scalar(const AvgPoolAxis& ax, const T* row, T divisor, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const T* p = row + (static_cast<ptrdiff_t>(o * ax.stride) + ax.full_origin);
    T sum = p[0];
    for (size_t t = 1; t < ax.kernel; ++t) sum += p[t * ax.dilation];
    y[o] = sum / divisor;
  }
}

// One output row: y[o] = (sum of the window's taps along `row`) / (row_divisor * divisor[o]).
template <class V, typename T>
void pool_row(const AvgPoolAxis& ax, const T* row, T row_divisor, T* y) {
  pool_partial_windows(ax, row, row_divisor, 0, ax.full_begin, y);
  const T divisor = row_divisor * T(ax.kernel);
  size_t o = ax.full_begin;
  const SummedRows<V, 1, T> one{{row}};
  const auto d = [v = V::splat(divisor)](auto sum, size_t) { return V::div(sum, v); };
  const auto fixed = [&](auto w) {
    o = pool_windows_fixed<V, decltype(w)::kKernel, decltype(w)::kStride>(one, ax.full_origin, d, o, ax.full_end, y);
  };
  if (!with_fixed_window(ax, fixed)) {
    if (ax.stride == 1) o = pool_full_windows_stride1<V>(ax, row, divisor, o, ax.full_end, y);
    else if (ax.stride == 2) o = pool_full_windows_stride2<V>(ax, row, divisor, o, ax.full_end, y);
  }
  if (ax.dilation == 1 && o < ax.full_end && o + 1 == ax.output_size && ax.kernel >= avgpool_split_sum_taps(V::kLanes)) {
    // One wide window, as in global pooling: a sum over contiguous elements.
    y[o] = sum_contiguous<V>(row + (static_cast<ptrdiff_t>(o * ax.stride) + ax.full_origin), ax.kernel) / divisor;
    ++o;
  }
  pool_full_windows_scalar(ax, row, divisor, o, ax.full_end, y);
  pool_partial_windows(ax, row, row_divisor, ax.full_end, ax.output_size, y);
}

// Outputs [o, end) of a fixed window along `taps`, one at a time: output o's window starts at
// taps[o * S + full_origin], where taps outside the input add zeros (those of the padding, in the
// order the vector loop adds them), and its sum is divided by row_divisor times its column's divisor.
template <size_t K, size_t S, class Taps, typename T>
void pool_fixed_windows_scalar(const AvgPoolAxis& ax, const Taps& taps, T row_divisor, const T* divisor, size_t o, size_t end, T* y) {
  for (; o < end; ++o) {
    const ptrdiff_t start = static_cast<ptrdiff_t>(o * S) + ax.full_origin;
    const auto tap = [&taps, &ax, start](size_t t) {
      const ptrdiff_t i = start + static_cast<ptrdiff_t>(t);
      return i >= 0 && i < static_cast<ptrdiff_t>(ax.input_size) ? taps.at(static_cast<size_t>(i)) : T(0);
    };
    T sum = tap(0);
    for (size_t t = 1; t < K; ++t) sum += tap(t);
    y[o] = sum / (row_divisor * divisor[o]);
  }
}

// Outputs [0, kLanes) of a fixed window along `rows` whose output 0 starts one tap before the row (pads
// of 1) and the others inside it: one block, its taps loaded from the row's start and moved a lane
// behind a zero (the padding's, added where pool_fixed_windows_scalar adds it), each output divided by
// row_divisor times its column's divisor.
template <class V, size_t K, size_t S, size_t R, typename T>
void pool_first_block(const SummedRows<V, R, T>& rows, T row_divisor, const T* column_divisor, T* y) {
  constexpr size_t L = V::kLanes;
  const auto first = rows.load(0), a = V::behind(V::splat(T(0)), first);
  const auto sum = [&] {
    if constexpr (S == 1) {  // taps -1 .. L: a and the two after it
      const auto next = V::behind(first, rows.load_lo(L));
      return V::add(V::add(a, V::shift1(a, next)), V::shift2(a, next));
    } else {  // taps -1 .. 2L - 2 [.. 2L - 1]: a, b [and the first of the even lanes after them]
      const auto b = rows.load(L - 1), even = V::even(a, b), pairs = V::add(even, V::odd(a, b));
      if constexpr (K == 2) return pairs;
      else return V::add(pairs, V::shift1(even, rows.load_lo(2 * L - 1)));
    }
  }();
  V::store(y, V::div(sum, V::mul(V::splat(row_divisor), V::load(column_divisor))));
}

// How the full windows of a fixed window divide their sums: only 2x2 (2x2x2) windows, whose divisor is
// a power of two inside the input, try the multiply: a second loop for every window would cost more
// code than it saves time.
template <class V, size_t K, typename T>
using FullWindowDivide = std::conditional_t<K == 2, UniformDivide<V, T>, PlainDivide<V, T>>;

// As pool_row for a fixed window over R input rows, summed on the fly, for each output row of `rows`
// (a SummedRows, or a RowGroup, whose output rows are ax.output_size apart): the windows inside the
// input by the vector loop, of the output rows together, dividing by `divide` (row_divisor * K); those
// reaching into the padding (a few at either end), and all where fewer than kLanes lie inside, one
// output row and window at a time.
template <class V, size_t K, size_t S, class Rows, typename T, class Divide>
void pool_row_fixed(const AvgPoolAxis& ax, const Rows& rows, T row_divisor, const Divide& divide, const T* column_divisor, T* y) {
  // Pads of 1 put one window before the full ones: the vector loop takes it too.
  const bool first_block = ax.full_begin == 1 && ax.full_origin == -1 && ax.full_end >= V::kLanes;
  for (size_t n = 0; first_block && n < Rows::kOutputRows; ++n)
    pool_first_block<V, K, S>(rows.row(n), row_divisor, column_divisor, y + n * ax.output_size);
  const size_t o = pool_windows_fixed<typename Rows::Vector, K, S>(rows, ax.full_origin, divide, first_block ? V::kLanes : ax.full_begin,
                                                                   ax.full_end, Rows::output(y, ax.output_size));
  // The windows before the vector loop's, then those after it (for a row group, one copy of the loop,
  // as in pool_windows_fixed); scalar(begin, end) says whether they end the row.
  for (size_t n = 0; n < Rows::kOutputRows; ++n) {
    const auto scalar = [&](size_t begin, size_t end) {
      pool_fixed_windows_scalar<K, S>(ax, rows.row(n), row_divisor, column_divisor, begin, end, y + n * ax.output_size);
      return end == ax.output_size;
    };
    const size_t first_end = first_block ? 0 : ax.full_begin;
    if constexpr (Rows::kOutputRows == 1) {
      for (size_t begin = 0, end = first_end; !scalar(begin, end); begin = o, end = ax.output_size) {}
    } else {
      OW_NOUNROLL
      for (size_t begin = 0, end = first_end; !scalar(begin, end); begin = o, end = ax.output_size) {}
    }
  }
}

// pool_row_fixed for pool_output_row and pool_full_rows: inlined into each for 2x2 windows, whose
// short loop gains most from a divide known when compiling (a multiply) and values kept across rows;
// one copy for both for the others, which are larger (and for row groups).
template <class V, size_t K, size_t S, class Rows, typename T, class Divide>
__attribute__((noinline)) void pool_row_fixed_shared(const AvgPoolAxis& ax, const Rows& rows, T row_divisor, const Divide& divide,
                                                     const T* column_divisor, T* y) {
  pool_row_fixed<V, K, S>(ax, rows, row_divisor, divide, column_divisor, y);
}
template <class V, size_t K, size_t S, size_t R, typename T>
void pool_row_fixed_any(const AvgPoolAxis& ax, const SummedRows<V, R, T>& rows, T row_divisor, const FullWindowDivide<V, K, T>& divide,
                        const T* column_divisor, T* y) {
  if constexpr (K == 2) pool_row_fixed<V, K, S>(ax, rows, row_divisor, divide, column_divisor, y);
  else pool_row_fixed_shared<V, K, S>(ax, rows, row_divisor, divide, column_divisor, y);
}

// Calls f(std::integral_constant<size_t, R>{}) for R = `rows` from 2 to 4 (the row counts of the
// windows of 2-D and 3-D image models, which the fixed-window loops sum on the fly); false for others.
template <class F>
bool with_row_count(size_t rows, F&& f) {
  switch (rows) {
    case 2: f(std::integral_constant<size_t, 2>{}); return true;
    case 3: f(std::integral_constant<size_t, 3>{}); return true;
    case 4: f(std::integral_constant<size_t, 4>{}); return true;
    default: return false;
  }
}

// One output row of a window without loops of its own, or of a fixed window over other than 2 to 4
// input rows: the rows summed into row_sum (or read in place, if one), then pool_row. Not inlined: one
// copy serves every window.
template <class V, typename T>
__attribute__((noinline)) void pool_row_summed(const AvgPoolAxis& ax, const T* x, const size_t* offsets, size_t rows, T row_divisor,
                                               T* row_sum, T* y) {
  const T* row = row_sum;
  if (rows == 1) row = x + offsets[0];
  else if (rows == 0) std::fill_n(row_sum, ax.input_size, T(0));
  else sum_rows<V>(x, offsets, rows, ax.input_size, row_sum);
  pool_row<V>(ax, row, row_divisor, y);
}

// The last axis' window when it has no loops of its own.
struct AnyWindow {
  static constexpr size_t kKernel = 0, kStride = 0;
};

// One output row over `rows` input rows at x + offsets[r]: pool_row_fixed for a fixed window over 2
// to 4 rows (the windows of 2-D and 3-D image models), else pool_row_summed. `divide` divides by
// row_divisor * K.
template <class V, class Window, typename T, class Divide>
void pool_output_row(const AvgPoolAxis& ax, const T* x, const size_t* offsets, size_t rows, T row_divisor, const Divide& divide,
                     const PlaneScratch<T>& scratch, T* y) {
  if constexpr (Window::kKernel != 0) {
    const bool fixed = with_row_count(rows, [&](auto count) {
      SummedRows<V, decltype(count)::value, T> summed;
      for (size_t r = 0; r < count; ++r) summed.rows[r] = x + offsets[r];
      pool_row_fixed_any<V, Window::kKernel, Window::kStride>(ax, summed, row_divisor, divide, scratch.column_divisor, y);
    });
    if (fixed) return;
  }
  pool_row_summed<V>(ax, x, offsets, rows, row_divisor, scratch.row_sum, y);
}

// Whether every window is a whole plane (global pooling): one output per plane, whose taps are the
// plane's elements, in order.
inline bool windows_are_planes(const AvgPoolPlan& plan) {
  for (const AvgPoolAxis& ax : plan.axes) {
    const AvgPoolAxis::Window w = ax.window(0);
    if (ax.output_size != 1 || w.first != 0 || w.taps != ax.input_size || (ax.input_size > 1 && ax.dilation != 1)) return false;
  }
  return true;
}

// Output rows [begin, end) of a plane of two axes, whose windows lie inside the input on the outer
// axis (without dilation, of 2 to 4 rows, as kernel_shape [2, 2] and [3, 3]): the rows follow from the
// output row alone, so they skip pool_plane_rows' list of row offsets. False for other outer windows.
template <class V, class Window, typename T>
bool pool_full_rows(const AvgPoolAxis& outer, const AvgPoolAxis& last, const T* x, size_t begin, size_t end, const T* column_divisor,
                    T* y) {
  constexpr size_t K = Window::kKernel, S = Window::kStride;
  // Output row o's first input row, and the rows after it.
  const auto fill = [&](size_t o, auto& rows) {
    rows[0] = x + static_cast<size_t>(static_cast<ptrdiff_t>(o * outer.stride) + outer.full_origin) * last.input_size;
    for (size_t r = 1; r < std::size(rows); ++r) rows[r] = rows[r - 1] + last.input_size;
  };
  if (outer.dilation != 1) return false;
  return with_row_count(outer.kernel, [&](auto count) {
    constexpr size_t R = decltype(count)::value;
    size_t o = begin;
    const FullWindowDivide<V, K, T> divide{T(R * K)};
    // 3x3 windows, whose rows overlap, pool two output rows at a time, loading the rows they share
    // once: those of image models, which have the same stride on both axes.
    if constexpr (K == 3 && R == 3) {
      const PlainDivide<VectorsOf<V, 2>, T> group_divide{T(R * K)};
      for (RowGroup<V, R, S, 2, T> rows; outer.stride == S && o + 2 <= end; o += 2) {
        fill(o, rows.rows);
        pool_row_fixed_shared<V, K, S>(last, rows, T(R), group_divide, column_divisor, y + o * last.output_size);
      }
    }
    for (SummedRows<V, R, T> rows; o < end; ++o) {
      fill(o, rows.rows);
      pool_row_fixed_any<V, K, S>(last, rows, T(R), divide, column_divisor, y + o * last.output_size);
    }
  });
}

// The planes row by row, Window the last axis' (FixedWindow or AnyWindow): a template of its own, so
// that the row loop calls the window's row kernel directly.
template <class V, class Window, typename T>
void pool_plane_rows(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, const PlaneScratch<T>& scratch) {
  const size_t outer_axes = plan.axes.size() - 1;
  // Copies: the row loop writes scratch, which the compiler cannot tell from the plan.
  const AvgPoolAxis first = plan.axes.front(), last = plan.axes.back();
  const size_t plane_rows = plan.output_plane / last.output_size;
  // The divisor of the full windows of a row, kept while rows share it.
  using Divide = FullWindowDivide<V, Window::kKernel, T>;
  T divided_by = 1;
  Divide divide{T(Window::kKernel)};
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xp = x + plane * plan.input_plane;
    T* yp = y + plane * plan.output_plane;
    for (size_t i = 0; i < outer_axes; ++i) scratch.position[i] = 0;
    for (size_t out_row = 0; out_row < plane_rows; ++out_row) {
      bool full_rows = false;
      if constexpr (Window::kKernel != 0)
        full_rows = outer_axes == 1 && out_row == first.full_begin && out_row < first.full_end &&
                    pool_full_rows<V, Window>(first, last, xp, out_row, first.full_end, scratch.column_divisor, yp);
      if (full_rows) {
        out_row = scratch.position[0] = first.full_end - 1;  // the odometer moves past them
      } else {
        const AvgPoolWindowRows window = avgpool_window_rows(plan, scratch.position, scratch.row_offsets);
        const size_t rows = window.rows;
        const T row_divisor = T(window.divisor);
        T* y_row = yp + out_row * last.output_size;
        if (row_divisor != divided_by) {
          divide = Divide(row_divisor * T(Window::kKernel));
          divided_by = row_divisor;
        }
        pool_output_row<V, Window>(last, xp, scratch.row_offsets, rows, row_divisor, divide, scratch, y_row);
        // Windows reaching into counted padding on the outer axes: their zeros are summed, so that no
        // sum is -0 (as with Pad's zeros, and onnxruntime's sums, which start at +0).
        if (row_divisor > T(rows))
          for (size_t o = 0; o < last.output_size; ++o)
            if (y_row[o] == T(0)) y_row[o] = T(0);
      }
      // Next output row: odometer over the outer axes.
      for (size_t i = outer_axes; i-- > 0;) {
        if (++scratch.position[i] < plan.axes[i].output_size) break;
        scratch.position[i] = 0;
      }
    }
  }
}

template <class V, typename T = typename V::Scalar>
void pool_planes(const AvgPoolPlan& plan, size_t planes, const T* x, T* y, void* workspace) {
  if (windows_are_planes(plan)) {
    T divisor = 1;
    for (const AvgPoolAxis& ax : plan.axes) divisor *= T(ax.window(0).divisor);
    for (size_t plane = 0; plane < planes; ++plane) {
      T sum = sum_contiguous<V>(x + plane * plan.input_plane, plan.input_plane);
      if (divisor > T(plan.input_plane) && sum == T(0)) sum = T(0);  // counted padding, as in pool_partial_windows
      y[plane] = sum / divisor;
    }
    return;
  }
  const PlaneScratch<T> scratch = PlaneScratch<T>::carve(plan, workspace);
  // Rows of one input row (1-D pooling) are pooled where they lie by pool_row, with the same lane moves.
  // The plane rows of a fixed window (pool_row_fixed) have loops of their own for float32 (and the half
  // types, pooled as float32); float64, rare in the models this runs, sums its rows for pool_row, which
  // keeps float64 copies of those loops out of the wasm.
  bool fixed = false;
  if constexpr (std::is_same_v<T, float>)
    fixed = PlaneScratch<T>::sums_rows(plan) &&
            with_fixed_window(plan.axes.back(), [&](auto w) { pool_plane_rows<V, decltype(w)>(plan, planes, x, y, scratch); });
  if (!fixed) pool_plane_rows<V, AnyWindow>(plan, planes, x, y, scratch);
}

}  // namespace ow::kernels::avgpool_detail
