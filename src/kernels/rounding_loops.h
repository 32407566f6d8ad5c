// The loop shared by the rounding micro-kernels (kernels/rounding.h): a SIMD128 main loop of four
// vectors, then one vector, then a scalar tail. Each kernel file specialises
// VecRound<T, M> with its lane-wise rounding instruction (float32's are below) and instantiates the
// loop.
#pragma once

#include <cmath>
#include <cstddef>
#include <type_traits>

#include "kernels/rounding.h"

#include "kernels/simd128.h"

namespace ow::kernels {

template <RoundingMode M, typename T>
inline T round_scalar(T v) {
  if constexpr (M == RoundingMode::kFloor) return std::floor(v);
  else if constexpr (M == RoundingMode::kCeil) return std::ceil(v);
  else return std::nearbyint(v);  // default rounding mode: to nearest, ties to even
}

template <typename T, RoundingMode M>
struct VecRound;

// float32's here rather than in its kernel file: the float16 and bfloat16 kernels round in float32 too.
template <> struct VecRound<float, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f32x4_floor(v); } };
template <> struct VecRound<float, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f32x4_ceil(v); } };
template <> struct VecRound<float, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f32x4_nearest(v); } };

// The main loop stores each vector as soon as it is computed (see min_loops.h).
template <typename T, RoundingMode M>
void rounding_loop(const T* x, T* y, size_t n) {
  using Round = VecRound<T, M>;  // named: SIMDe's intrinsics are macros, which split arguments at commas
  size_t i = 0;
  constexpr size_t kLanes = 16 / sizeof(T);
  for (; i + 4 * kLanes <= n; i += 4 * kLanes)
    for (size_t k = 0; k < 4; ++k) wasm_v128_store(y + i + k * kLanes, Round::apply(wasm_v128_load(x + i + k * kLanes)));
  for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, Round::apply(wasm_v128_load(x + i)));
  for (; i < n; ++i) y[i] = round_scalar<M>(x[i]);
}

// Calls loop(std::integral_constant<RoundingMode, mode>{}): each kernel compiles one loop per mode and
// picks it here, once per call.
template <typename Loop>
void with_rounding_mode(RoundingMode mode, Loop&& loop) {
  switch (mode) {
    case RoundingMode::kFloor: return loop(std::integral_constant<RoundingMode, RoundingMode::kFloor>{});
    case RoundingMode::kCeil: return loop(std::integral_constant<RoundingMode, RoundingMode::kCeil>{});
    case RoundingMode::kNearestEven: return loop(std::integral_constant<RoundingMode, RoundingMode::kNearestEven>{});
  }
}

}  // namespace ow::kernels
