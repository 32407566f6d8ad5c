// Add, Sub, Mul and Div (kernels/binary.h) of every type.
#include <cstdint>

#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

template <typename T>
T wrap(Wrapping<T> v) { return static_cast<T>(v); }

template <typename T>
struct Add {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a + b;
    else return wrap<T>(Wrapping<T>(a) + Wrapping<T>(b));
  }
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_same_v<T, float>) return wasm_f32x4_add(a, b);
    else if constexpr (std::is_same_v<T, double>) return wasm_f64x2_add(a, b);
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_add(a, b);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_add(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_add(a, b);
    else return wasm_i64x2_add(a, b);
  }
};

template <typename T>
struct Sub {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) return a - b;
    else return wrap<T>(Wrapping<T>(a) - Wrapping<T>(b));
  }
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_same_v<T, float>) return wasm_f32x4_sub(a, b);
    else if constexpr (std::is_same_v<T, double>) return wasm_f64x2_sub(a, b);
    else if constexpr (sizeof(T) == 1) return wasm_i8x16_sub(a, b);
    else if constexpr (sizeof(T) == 2) return wasm_i16x8_sub(a, b);
    else if constexpr (sizeof(T) == 4) return wasm_i32x4_sub(a, b);
    else return wasm_i64x2_sub(a, b);
  }
};

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

// Integer division has no SIMD128 instruction (nor a float path that is cheaper per element here).
template <typename T>
struct Div {
  static constexpr bool kVector = std::is_floating_point_v<T>;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      return a / b;
    } else {
      if (b == 0) return 0;
      // The lowest value / -1 overflows; its wrapped quotient is the negation, wrapped.
      if constexpr (std::is_signed_v<T>)
        if (b == -1) return wrap<T>(Wrapping<T>(0) - Wrapping<T>(a));
      return static_cast<T>(a / b);
    }
  }
  static v128_t vec(v128_t a, v128_t b) {
    if constexpr (std::is_same_v<T, float>) return wasm_f32x4_div(a, b);
    else return wasm_f64x2_div(a, b);
  }
};

}  // namespace

const BinaryLoops* add_loops(DType t) { return binary_loops_of<Add>(t); }
const BinaryLoops* sub_loops(DType t) { return binary_loops_of<Sub>(t); }
const BinaryLoops* mul_loops(DType t) { return binary_loops_of<Mul>(t); }
const BinaryLoops* div_loops(DType t) { return binary_loops_of<Div>(t); }

}  // namespace ow::kernels
