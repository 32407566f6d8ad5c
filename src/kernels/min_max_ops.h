// Min and Max lane-wise and by a scalar, of every type with arithmetic: the operations of the Min and
// Max loops (kernels/binary.h), also used by Clip's one pass and the fused scale-round-clamp pass
// (kernels/scale_round_clamp.h), so that each computes exactly what the others do.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kernels/binary_loops.h"

namespace ow::kernels {

// a < b in 64-bit lanes (SIMD128 has no 64-bit min or max: they select on it); the unsigned order is
// mapped onto the signed one by flipping the sign bits.
template <typename T>
v128_t lt64(v128_t a, v128_t b) {
  if constexpr (std::is_signed_v<T>) return wasm_i64x2_lt(a, b);
  const v128_t sign = wasm_i64x2_const_splat(INT64_MIN);
  return wasm_i64x2_lt(wasm_v128_xor(a, sign), wasm_v128_xor(b, sign));
}

template <typename T>
v128_t int_min(v128_t a, v128_t b) {
  if constexpr (std::is_same_v<T, int8_t>) return wasm_i8x16_min(a, b);
  else if constexpr (std::is_same_v<T, uint8_t>) return wasm_u8x16_min(a, b);
  else if constexpr (std::is_same_v<T, int16_t>) return wasm_i16x8_min(a, b);
  else if constexpr (std::is_same_v<T, uint16_t>) return wasm_u16x8_min(a, b);
  else if constexpr (std::is_same_v<T, int32_t>) return wasm_i32x4_min(a, b);
  else if constexpr (std::is_same_v<T, uint32_t>) return wasm_u32x4_min(a, b);
  else return wasm_v128_bitselect(a, b, lt64<T>(a, b));
}

template <typename T>
v128_t int_max(v128_t a, v128_t b) {
  if constexpr (std::is_same_v<T, int8_t>) return wasm_i8x16_max(a, b);
  else if constexpr (std::is_same_v<T, uint8_t>) return wasm_u8x16_max(a, b);
  else if constexpr (std::is_same_v<T, int16_t>) return wasm_i16x8_max(a, b);
  else if constexpr (std::is_same_v<T, uint16_t>) return wasm_u16x8_max(a, b);
  else if constexpr (std::is_same_v<T, int32_t>) return wasm_i32x4_max(a, b);
  else if constexpr (std::is_same_v<T, uint32_t>) return wasm_u32x4_max(a, b);
  else return wasm_v128_bitselect(b, a, lt64<T>(a, b));
}

// Floating-point Min and Max by a b that is not NaN, one instruction and a mask: pmin(a, b) = b < a ? b : a
// and pmax(a, b) = a < b ? b : a are Min and Max but where a and b are zeros of opposite signs, which
// keep a. Where b is -0 every Min is negative, -0 or NaN, and where b is +0 every Max is positive, +0
// or NaN: setting (Min) or clearing (Max) the sign bit of every result then mends them. Every result
// of a NaN b is NaN: none (the lane-wise vec() then).
template <typename T, bool kMin>
struct FloatByScalar {
  v128_t b, sign;  // sign: the sign bit in every lane where b is the zero that needs mending, else 0

  v128_t operator()(v128_t a) const {
    if constexpr (kMin) return wasm_v128_or(pick(a), sign);
    else return wasm_v128_andnot(pick(a), sign);
  }
  v128_t pick(v128_t a) const {
    if constexpr (std::is_same_v<T, float>) return kMin ? wasm_f32x4_pmin(a, b) : wasm_f32x4_pmax(a, b);
    else return kMin ? wasm_f64x2_pmin(a, b) : wasm_f64x2_pmax(a, b);
  }
  static std::optional<FloatByScalar> of(T b) {
    if (std::isnan(b)) return std::nullopt;
    const bool mend = b == 0 && std::signbit(b) == kMin;
    return FloatByScalar{splat(b), splat(mend ? T(-0.0) : T(0))};
  }
};

template <typename T>
struct Min {
  static constexpr bool kVector = true;
  static constexpr bool kUnrolled = true;  // Min's benchmark cases
  // std::min neither propagates NaN nor orders -0 below +0.
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? a : b;  // equal values differ only as -0 and +0
    }
    return b < a ? b : a;
  }
  // Floating point from pmin(a, b) = b < a ? b : a, one instruction, which keeps a when either is NaN
  // or both are zero: both argument orders OR-ed agree with scalar() (the OR of a NaN and anything is
  // a NaN, that of -0 and +0 is -0). f32x4.min costs several more, to canonicalise the NaN.
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_same_v<T, float>) return wasm_v128_or(wasm_f32x4_pmin(a, b), wasm_f32x4_pmin(b, a));
    else if constexpr (std::is_same_v<T, double>) return wasm_v128_or(wasm_f64x2_pmin(a, b), wasm_f64x2_pmin(b, a));
    else return int_min<T>(a, b);
  }
  template <typename U = T, typename = std::enable_if_t<std::is_floating_point_v<U>>>
  static std::optional<FloatByScalar<T, true>> by_scalar(T b) { return FloatByScalar<T, true>::of(b); }
};

template <typename T>
struct Max {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? b : a;
    }
    return a < b ? b : a;
  }
  // Floating point: max(a, b) = -min(-a, -b), with Min's instructions (negating flips the sign bit; the
  // OR of Min would make max(-0, +0) -0). f32x4.max has these semantics too, but SIMDe's emulation
  // orders -0 and +0 by argument order, and the native tests must run what the wasm runs.
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_floating_point_v<T>) {
      const v128_t sign = splat(T(-0.0));
      return wasm_v128_xor(Min<T>::vec(wasm_v128_xor(a, sign), wasm_v128_xor(b, sign)), sign);
    } else {
      return int_max<T>(a, b);
    }
  }
  template <typename U = T, typename = std::enable_if_t<std::is_floating_point_v<U>>>
  static std::optional<FloatByScalar<T, false>> by_scalar(T b) { return FloatByScalar<T, false>::of(b); }
};

}  // namespace ow::kernels
