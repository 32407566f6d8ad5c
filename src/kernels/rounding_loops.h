// The loop shared by the rounding micro-kernels (kernels/rounding.h): a SIMD128 main loop of four
// vectors, then one vector, then a scalar tail (all of a native build). Each kernel file specialises
// VecRound<T, M> with its lane-wise rounding instruction (float32's are below) and instantiates the
// loop.
#pragma once

#include <cmath>
#include <cstddef>

#include "kernels/rounding.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ow::kernels {

template <RoundingMode M, typename T>
inline T round_scalar(T v) {
  if constexpr (M == RoundingMode::kFloor) return std::floor(v);
  else if constexpr (M == RoundingMode::kCeil) return std::ceil(v);
  else return std::nearbyint(v);  // default rounding mode: to nearest, ties to even
}

#if defined(__wasm_simd128__)
template <typename T, RoundingMode M>
struct VecRound;

// float32's here rather than in its kernel file: the float16 and bfloat16 kernels round in float32 too.
template <> struct VecRound<float, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f32x4_floor(v); } };
template <> struct VecRound<float, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f32x4_ceil(v); } };
template <> struct VecRound<float, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f32x4_nearest(v); } };
#endif

// The main loop stores each vector as soon as it is computed (see min_loops.h).
template <typename T, RoundingMode M>
void rounding_loop(const T* x, T* y, size_t n) {
  size_t i = 0;
#if defined(__wasm_simd128__)
  constexpr size_t kLanes = 16 / sizeof(T);
  for (; i + 4 * kLanes <= n; i += 4 * kLanes)
    for (size_t k = 0; k < 4; ++k) wasm_v128_store(y + i + k * kLanes, VecRound<T, M>::apply(wasm_v128_load(x + i + k * kLanes)));
  for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, VecRound<T, M>::apply(wasm_v128_load(x + i)));
#endif
  for (; i < n; ++i) y[i] = round_scalar<M>(x[i]);
}

template <typename T>
void rounding_dispatch(RoundingMode mode, const T* x, T* y, size_t n) {
  switch (mode) {
    case RoundingMode::kFloor: return rounding_loop<T, RoundingMode::kFloor>(x, y, n);
    case RoundingMode::kCeil: return rounding_loop<T, RoundingMode::kCeil>(x, y, n);
    case RoundingMode::kNearestEven: return rounding_loop<T, RoundingMode::kNearestEven>(x, y, n);
  }
}

}  // namespace ow::kernels
