// The loop shared by the rounding micro-kernels (kernels/rounding.h). Each kernel file specialises
// VecRound<T, M> with its lane-wise rounding (float32's are below) and instantiates the loop.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "core/half.h"
#include "kernels/rounding.h"

#include "kernels/simd128.h"

namespace ow::kernels {

template <RoundingMode M, typename T>
inline T round_scalar(T v) {
  if constexpr (std::is_same_v<T, BFloat16>) {
    // As the float32 it is the upper half of, which rounds to the float32 of another bfloat16.
    return BFloat16{static_cast<uint16_t>(f32_bits(round_scalar<M>(to_f32(v))) >> 16)};
  } else if constexpr (M == RoundingMode::kFloor) {
    return std::floor(v);
  } else if constexpr (M == RoundingMode::kCeil) {
    return std::ceil(v);
  } else {
    return std::nearbyint(v);  // default rounding mode: to nearest, ties to even
  }
}

template <typename T, RoundingMode M>
struct VecRound;

// float32's here rather than in its kernel file: the bfloat16 kernel rounds in float32 too.
template <> struct VecRound<float, RoundingMode::kFloor> { static v128_t apply(v128_t v) { return wasm_f32x4_floor(v); } };
template <> struct VecRound<float, RoundingMode::kCeil> { static v128_t apply(v128_t v) { return wasm_f32x4_ceil(v); } };
template <> struct VecRound<float, RoundingMode::kNearestEven> { static v128_t apply(v128_t v) { return wasm_f32x4_nearest(v); } };

// float and double: a SIMD128 loop of four vectors, then one vector at a time, then a scalar tail;
// bfloat16: one vector at a time, then the scalar tail. Each vector is stored as soon as it is computed (see
// min_loops.h). float16 has no scalar arithmetic for a tail, and its vector rounding is long, so it
// is compiled once: one vector at a time, the last ending at the last element, overlapping the one
// before (rounding a rounded value gives it back, so in place too); fewer than eight elements are
// rounded in place in a buffer.
template <typename T, RoundingMode M>
void rounding_loop(const T* x, T* y, size_t n) {
  using Round = VecRound<T, M>;  // named: SIMDe's intrinsics are macros, which split arguments at commas
  constexpr size_t kLanes = 16 / sizeof(T);
  if constexpr (!std::is_same_v<T, Float16>) {
    size_t i = 0;
    if constexpr (std::is_floating_point_v<T>)
      for (; i + 4 * kLanes <= n; i += 4 * kLanes)
        for (size_t k = 0; k < 4; ++k) wasm_v128_store(y + i + k * kLanes, Round::apply(wasm_v128_load(x + i + k * kLanes)));
    for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, Round::apply(wasm_v128_load(x + i)));
    for (; i < n; ++i) y[i] = round_scalar<M>(x[i]);
  } else {
    if (n == 0) return;
    T buffer[kLanes] = {};
    const bool short_input = n < kLanes;
    if (short_input) std::memcpy(buffer, x, n * sizeof(T));
    const T* from = short_input ? buffer : x;
    T* to = short_input ? buffer : y;
    const size_t last = short_input ? 0 : n - kLanes;
    for (size_t i = 0;; i = i + kLanes < last ? i + kLanes : last) {
      wasm_v128_store(to + i, Round::apply(wasm_v128_load(from + i)));
      if (i == last) break;
    }
    if (short_input) std::memcpy(y, buffer, n * sizeof(T));
  }
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
