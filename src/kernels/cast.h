// Cast's element conversions between the runtime's thirteen types, and the loop that applies them.
//
// The rules are ONNX's (Cast-13 onward states them), made exact where ONNX leaves them open:
// - integer to integer: the low bits, two's complement (200 int16 -> -56 int8);
// - to float32/float64: rounded to nearest even; beyond float32's range, +-inf;
// - to float16/bfloat16: rounded to nearest even once, from the exact value (float64 and int64 sources
//   too: they are not rounded to float32 first, which could round twice);
// - floating point to integer: truncated toward zero. ONNX leaves NaN and values out of range undefined
//   (and C++ makes them undefined behaviour); they saturate, as WebAssembly's trunc_sat instructions
//   and ARM64's conversions do (so onnxruntime there, and PyTorch's results that exported models
//   carry): NaN -> 0, beyond the range its nearest end (int32, int64, uint32, uint64); to int8/16 and
//   uint8/16 through int32 so saturated, keeping its low bits (300.0 -> 44 for int8, -1.0 -> 255 for
//   uint8, 1e10 -> -1 for int8), as C compilers convert to those types there;
// - to bool: true when not zero (NaN too; -0 is zero), as C++'s conversion and onnxruntime; from bool:
//   0 or 1 (any byte but 0 is true, core/dtype.h).
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "core/dtype.h"
#include "core/half.h"

namespace ow::kernels {

static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559);

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;
template <typename T>
constexpr bool kIsFloat = kIsHalf<T> || std::is_floating_point_v<T>;

// x rounded to float32, nearest even; beyond float32's range +-inf (or +-FLT_MAX where that is nearer).
inline float narrow_to_f32(double x) {
  constexpr double kMax = std::numeric_limits<float>::max();
  if (std::fabs(x) <= kMax) return static_cast<float>(x);
  if (std::isnan(x)) return std::copysign(std::numeric_limits<float>::quiet_NaN(), static_cast<float>(std::signbit(x) ? -1 : 1));
  // Halfway between FLT_MAX and the next power of two rounds to even, which is infinity.
  const float big = std::fabs(x) < kMax + 0x1p103 ? std::numeric_limits<float>::max() : std::numeric_limits<float>::infinity();
  return x < 0 ? -big : big;
}

// x rounded to float32 toward odd: exact values stay; others take the neighbour whose last bit is 1.
// Rounding that again to a half type (fewer than 22 bits of mantissa) rounds x itself correctly.
inline float narrow_to_f32_odd(double x) {
  const float f = narrow_to_f32(x);
  if (!std::isfinite(f) || static_cast<double>(f) == x) return f;
  uint32_t bits = f32_bits(f);
  if ((bits & 1u) == 0) bits += std::fabs(static_cast<double>(f)) < std::fabs(x) ? 1 : -1;  // toward x, in magnitude
  return f32_from_bits(bits);
}

// An int64 or uint64 as a float64 rounded toward odd (exact up to 2^53), for a second rounding.
template <typename T>
double int_to_f64_odd(T v) {
  const bool negative = v < 0;
  uint64_t m = negative ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  if (m >> 53 != 0) {
    const int drop = 64 - std::countl_zero(m) - 53;
    const bool inexact = (m & ((uint64_t{1} << drop) - 1)) != 0;
    m = ((m >> drop) | (inexact ? 1u : 0u)) << drop;  // 53 bits: exact in a double
  }
  const double d = static_cast<double>(m);
  return negative ? -d : d;
}

// The saturating truncations (see above).
template <typename I>
I saturate(double x) {
  constexpr double kLow = static_cast<double>(std::numeric_limits<I>::min());
  if (std::isnan(x)) return 0;
  if (x <= kLow) return std::numeric_limits<I>::min();
  // The first power of two above the maximum: 2^31, 2^63, 2^32, 2^64 (exact as doubles).
  constexpr double kBeyond = std::is_signed_v<I> ? -kLow : 2.0 * (static_cast<double>(std::numeric_limits<I>::max() / 2) + 1.0);
  if (x >= kBeyond) return std::numeric_limits<I>::max();
  return static_cast<I>(x);
}

template <typename T>
double to_f64(T v) {
  if constexpr (kIsHalf<T>) return to_f32(v);
  else return static_cast<double>(v);
}

// One element of S as D, by the rules above.
template <typename D, typename S>
D convert(S s) {
  if constexpr (std::is_same_v<D, S>) {
    return s;
  } else if constexpr (std::is_same_v<S, Bool>) {
    return convert<D>(static_cast<uint8_t>(s.value != 0));
  } else if constexpr (std::is_same_v<D, Bool>) {
    return Bool{static_cast<uint8_t>(to_f64(s) != 0)};  // every non-zero integer is a non-zero double
  } else if constexpr (!kIsFloat<S> && !kIsFloat<D>) {
    return static_cast<D>(s);  // modular (C++20)
  } else if constexpr (!kIsFloat<S> && !kIsHalf<D>) {
    return static_cast<D>(s);  // every integer is in float32's range; rounded to nearest
  } else if constexpr (!kIsFloat<S>) {
    return half_from_f32<D>(narrow_to_f32_odd(sizeof(S) == 8 ? int_to_f64_odd(s) : static_cast<double>(s)));
  } else if constexpr (std::is_same_v<D, double>) {
    return to_f64(s);
  } else if constexpr (std::is_same_v<D, float>) {
    return narrow_to_f32(to_f64(s));
  } else if constexpr (kIsHalf<D>) {
    return half_from_f32<D>(narrow_to_f32_odd(to_f64(s)));
  } else if constexpr (sizeof(D) >= 4) {
    return saturate<D>(to_f64(s));
  } else {
    return static_cast<D>(saturate<int32_t>(to_f64(s)));  // the low bits
  }
}

// y[i] = convert<to>(x[i]) for n elements; x and y may be the same memory only when the types are.
void cast(DType from, const void* x, DType to, void* y, size_t n);

// A loop of n elements from `in` to `out`.
using CastLoop = void (*)(const void* in, void* out, size_t n);
// The SIMD128 loop of a common pair (cast_f32_simd128.cpp), or null: cast() uses it when there is one.
CastLoop direct_cast(DType from, DType to);

}  // namespace ow::kernels
