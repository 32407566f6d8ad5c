// Add, Sub, Mul and Div (kernels/binary.h) of every type.
#include <cstdint>

#include "kernels/arithmetic_ops.h"
#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

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
