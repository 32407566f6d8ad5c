// Integer wrapping and Mul, lane-wise and scalar: the operation of the Mul loops (kernels/binary.h),
// also the product of ReduceProd (kernels/reduce.h), so that both compute alike.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/binary_loops.h"

namespace ow::kernels {

template <typename T>
T wrap(Wrapping<T> v) { return static_cast<T>(v); }

template <typename T>
struct Mul {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a * b;
    else return wrap<T>(Wrapping<T>(a) * Wrapping<T>(b));
  }
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_same_v<T, float>) return wasm_f32x4_mul(a, b);
    else if constexpr (std::is_same_v<T, double>) return wasm_f64x2_mul(a, b);
    else if constexpr (sizeof(T) == 1) {
      // SIMD128 has no 8-bit multiply: the low byte of a 16-bit lane's product is that of its low
      // bytes' product; the high bytes are multiplied shifted down, and their product's low byte moved up.
      const v128_t even = wasm_v128_and(wasm_i16x8_mul(a, b), wasm_i16x8_const_splat(0x00ff));
      const v128_t odd = wasm_i16x8_mul(wasm_u16x8_shr(a, 8), wasm_u16x8_shr(b, 8));
      return wasm_v128_or(even, wasm_i16x8_shl(odd, 8));
    } else if constexpr (sizeof(T) == 2) return wasm_i16x8_mul(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_mul(a, b);
    else return i64x2_mul_wrapping(a, b);
  }
  // i64x2.mul wraps, but SIMDe (native builds) multiplies the lanes as signed C++ integers, whose
  // overflow is undefined: the two lanes are multiplied as unsigned ones instead.
  static v128_t i64x2_mul_wrapping(v128_t a, v128_t b) {
    const auto mul = [](int64_t x, int64_t y) { return static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)); };
    return wasm_i64x2_make(mul(wasm_i64x2_extract_lane(a, 0), wasm_i64x2_extract_lane(b, 0)),
                           mul(wasm_i64x2_extract_lane(a, 1), wasm_i64x2_extract_lane(b, 1)));
  }
};

}  // namespace ow::kernels
