#include "kernels/arg_extreme.h"

#include <cmath>
#include <type_traits>

#include "core/half.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// Whether v takes the place of the current choice `best` (which came first): strictly better, or a NaN
// over a number; with `last`, also equal (a later NaN over an earlier one too). The flags are template
// arguments in the float32 loops, run-time ones in the others (one instantiation per type).
template <typename T>
inline bool replaces(T v, T best, bool max, bool last) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return last || !std::isnan(best);
    if (std::isnan(best)) return false;
  }
  if (last) return max ? !(v < best) : !(best < v);
  return max ? best < v : v < best;
}

template <bool kMax, bool kLast, typename T>
inline bool replaces(T v, T best) { return replaces(v, best, kMax, kLast); }

template <typename T>
using Compared = std::conditional_t<std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>, float, T>;

template <typename T>
inline Compared<T> value(T v) {
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) return to_f32(v);
  else return v;
}

// Lanes i < count of rows `stride` apart.
template <typename T>
void scalar_rows(const T* x, size_t axis, size_t stride, size_t count, bool max, bool last, int64_t* y) {
  for (size_t i = 0; i < count; ++i) {
    Compared<T> best = value(x[i]);
    int64_t at = 0;
    for (size_t k = 1; k < axis; ++k) {
      const Compared<T> v = value(x[k * stride + i]);
      if (replaces(v, best, max, last)) best = v, at = static_cast<int64_t>(k);
    }
    y[i] = at;
  }
}

// float32: replaces() lane-wise, as a mask.
template <bool kMax, bool kLast>
inline v128_t choose(v128_t v, v128_t best) {
  const v128_t v_nan = wasm_f32x4_ne(v, v);
  if constexpr (kLast) {
    const v128_t at_least = kMax ? wasm_f32x4_ge(v, best) : wasm_f32x4_le(v, best);
    return wasm_v128_or(v_nan, at_least);  // a number never replaces a NaN: v >= NaN is false
  } else {
    const v128_t better = kMax ? wasm_f32x4_gt(v, best) : wasm_f32x4_lt(v, best);
    return wasm_v128_or(better, wasm_v128_and(v_nan, wasm_f32x4_eq(best, best)));
  }
}

// float32 rows: 16 lanes of `inner` side by side, each with its best value and index (an int32 lane:
// an axis of float32 is shorter than 2^31 in a 32-bit memory), over k.
template <bool kMax, bool kLast>
void f32_rows(const float* x, size_t axis, size_t inner, int64_t* y) {
  constexpr size_t kStep = 16;
  size_t i = 0;
  for (; i + kStep <= inner; i += kStep) {
    v128_t best[4], at[4];
    for (size_t j = 0; j < 4; ++j) best[j] = wasm_v128_load(x + i + 4 * j), at[j] = wasm_i32x4_splat(0);
    for (size_t k = 1; k < axis; ++k) {
      const float* row = x + k * inner + i;
      const v128_t kk = wasm_i32x4_splat(static_cast<int32_t>(k));
      for (size_t j = 0; j < 4; ++j) {
        const v128_t v = wasm_v128_load(row + 4 * j);
        const v128_t take = choose<kMax, kLast>(v, best[j]);
        best[j] = wasm_v128_bitselect(v, best[j], take);
        at[j] = wasm_v128_bitselect(kk, at[j], take);
      }
    }
    for (size_t j = 0; j < 4; ++j) {
      wasm_v128_store(y + i + 4 * j, wasm_i64x2_extend_low_i32x4(at[j]));
      wasm_v128_store(y + i + 4 * j + 2, wasm_i64x2_extend_high_i32x4(at[j]));
    }
  }
  scalar_rows(x + i, axis, inner, inner - i, kMax, kLast, y + i);
}

// float32 along a contiguous run (inner = 1): 4 lanes each choose among the elements k = lane (mod 4),
// then the lanes' choices are merged in index order.
template <bool kMax, bool kLast>
int64_t f32_run(const float* x, size_t n) {
  size_t k = 0;
  float best = x[0];
  int64_t at = 0;
  if (n >= 8) {
    v128_t vbest = wasm_v128_load(x), vat = wasm_i32x4_make(0, 1, 2, 3);
    v128_t kk = vat;
    for (k = 4; k + 4 <= n; k += 4) {
      kk = wasm_i32x4_add(kk, wasm_i32x4_splat(4));
      const v128_t v = wasm_v128_load(x + k);
      const v128_t take = choose<kMax, kLast>(v, vbest);
      vbest = wasm_v128_bitselect(v, vbest, take);
      vat = wasm_v128_bitselect(kk, vat, take);
    }
    alignas(16) float lanes[4];
    alignas(16) int32_t lane_at[4];
    wasm_v128_store(lanes, vbest);
    wasm_v128_store(lane_at, vat);
    best = lanes[0], at = lane_at[0];
    for (size_t j = 1; j < 4; ++j) {
      // The lane whose index comes later replaces as if it came later; one that came earlier, only
      // where it is strictly better (its choice would have stood against this one).
      const bool later = lane_at[j] > at;
      if (later ? replaces<kMax, kLast>(lanes[j], best) : !replaces<kMax, kLast>(best, lanes[j]))
        best = lanes[j], at = lane_at[j];
    }
  }
  for (; k < n; ++k)
    if (replaces<kMax, kLast>(x[k], best)) best = x[k], at = static_cast<int64_t>(k);
  return at;
}

template <bool kMax, bool kLast>
void f32_blocks(const float* x, size_t outer, size_t axis, size_t inner, int64_t* y) {
  for (size_t o = 0; o < outer; ++o, x += axis * inner, y += inner) {
    if (inner == 1) *y = f32_run<kMax, kLast>(x, axis);
    else f32_rows<kMax, kLast>(x, axis, inner, y);
  }
}

}  // namespace

bool arg_extreme(DType t, bool max, bool last, const void* x, size_t outer, size_t axis, size_t inner, int64_t* y) {
  if (t == DType::kFloat32) {
    const auto* p = static_cast<const float*>(x);
    if (max) last ? f32_blocks<true, true>(p, outer, axis, inner, y) : f32_blocks<true, false>(p, outer, axis, inner, y);
    else last ? f32_blocks<false, true>(p, outer, axis, inner, y) : f32_blocks<false, false>(p, outer, axis, inner, y);
    return true;
  }
  return visit_dtype(t, [&](auto element) {
    const auto* p = static_cast<const decltype(element)*>(x);
    for (size_t o = 0; o < outer; ++o) scalar_rows(p + o * axis * inner, axis, inner, inner, max, last, y + o * inner);
  });
}

}  // namespace ow::kernels
