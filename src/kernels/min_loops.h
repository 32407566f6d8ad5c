// The loops shared by the Min micro-kernels (kernels/min.h): a SIMD128 main loop of four vectors, then
// one vector, then a scalar tail (min_vvvv, of four inputs: two vectors, then the scalar tail). Each
// kernel file specialises VecMin<T> with its lane-wise min and instantiates the loops.
#pragma once

#include <cmath>
#include <cstddef>
#include <type_traits>

#include "kernels/simd128.h"

namespace ow::kernels {

// The scalar min: floating point propagates NaN and orders -0 below +0, in either argument order
// (std::min does neither); integers compare exactly.
template <typename T>
inline T min_scalar(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    if (a == b) return std::signbit(a) ? a : b;  // equal values differ only as -0 and +0
  }
  return b < a ? b : a;
}

// Lane-wise min of two vectors of T, with the semantics of min_scalar.
template <typename T>
struct VecMin;

template <typename T>
inline v128_t splat(T v) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(T) == 1) return wasm_v128_load8_splat(&v);
  else if constexpr (sizeof(T) == 2) return wasm_v128_load16_splat(&v);
  else if constexpr (sizeof(T) == 4) return wasm_v128_load32_splat(&v);
  else return wasm_v128_load64_splat(&v);
}

// The main loops store each vector as soon as it is computed: computed first and stored together, the
// four were stored in descending order, which V8 keeps, and which ran a tenth slower.
template <typename T>
void min_vv_row(const T* a, const T* b, T* y, size_t n) {
  size_t i = 0;
  constexpr size_t kLanes = 16 / sizeof(T);
  for (; i + 4 * kLanes <= n; i += 4 * kLanes)
    for (size_t k = 0; k < 4; ++k)
      wasm_v128_store(y + i + k * kLanes, VecMin<T>::apply(wasm_v128_load(a + i + k * kLanes), wasm_v128_load(b + i + k * kLanes)));
  for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, VecMin<T>::apply(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  for (; i < n; ++i) y[i] = min_scalar(a[i], b[i]);
}

template <typename T>
void min_vv_loop(const T* a, const T* b, T* y, size_t n, size_t rows) {
  for (size_t r = 0; r < rows; ++r) min_vv_row(a + r * n, b, y + r * n, n);
}

// y = min(a, b, c, d) in one pass (d may be c): a Min of many inputs reads each once and writes y once,
// rather than y being read and written again for every input.
template <typename T>
void min_vvvv_loop(const T* a, const T* b, const T* c, const T* d, T* y, size_t n) {
  size_t i = 0;
  constexpr size_t kLanes = 16 / sizeof(T);
  using Min = VecMin<T>;
  for (; i + 2 * kLanes <= n; i += 2 * kLanes)
    for (size_t j = i; j < i + 2 * kLanes; j += kLanes) {
      const v128_t ab = Min::apply(wasm_v128_load(a + j), wasm_v128_load(b + j));
      wasm_v128_store(y + j, Min::apply(ab, Min::apply(wasm_v128_load(c + j), wasm_v128_load(d + j))));
    }
  for (; i < n; ++i) y[i] = min_scalar(min_scalar(a[i], b[i]), min_scalar(c[i], d[i]));
}

template <typename T>
void min_vs_loop(const T* a, T b, T* y, size_t n) {
  size_t i = 0;
  constexpr size_t kLanes = 16 / sizeof(T);
  const v128_t vb = splat(b);
  for (; i + 4 * kLanes <= n; i += 4 * kLanes)
    for (size_t k = 0; k < 4; ++k) wasm_v128_store(y + i + k * kLanes, VecMin<T>::apply(wasm_v128_load(a + i + k * kLanes), vb));
  for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, VecMin<T>::apply(wasm_v128_load(a + i), vb));
  for (; i < n; ++i) y[i] = min_scalar(a[i], b);
}

}  // namespace ow::kernels
