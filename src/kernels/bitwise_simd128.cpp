// The bitwise operations of the integer types (kernels/binary.h): And, Or, Xor and Not on whole
// vectors whatever the lane width; the shifts by a vector of one count per lane (SIMD128 shifts every
// lane by one count), or, by one count, a vector shift.
#include <cstdint>
#include <optional>
#include <type_traits>

#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

template <typename T>
struct BitAnd {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) { return static_cast<T>(a & b); }
  static v128_t vec(v128_t a, v128_t b) { return wasm_v128_and(a, b); }
};
template <typename T>
struct BitOr {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) { return static_cast<T>(a | b); }
  static v128_t vec(v128_t a, v128_t b) { return wasm_v128_or(a, b); }
};
template <typename T>
struct BitXor {
  static constexpr bool kVector = true;
  static T scalar(T a, T b) { return static_cast<T>(a ^ b); }
  static v128_t vec(v128_t a, v128_t b) { return wasm_v128_xor(a, b); }
};

constexpr bool kLeft = true;

// a << b or a >> b of unsigned T (made for those alone); 0 where b is the width or more.
template <typename T, bool left>
struct Shift {
  static constexpr T kWidth = 8 * sizeof(T);
  static constexpr size_t kLanes = 16 / sizeof(T);
  static constexpr bool kVector = true;
  static T scalar(T a, T b) {
    if (b >= kWidth) return 0;
    return static_cast<T>(left ? Wrapping<T>(a) << b : a >> b);
  }
  static v128_t by_count(v128_t a, uint32_t count) {
    if constexpr (sizeof(T) == 1) return left ? wasm_i8x16_shl(a, count) : wasm_u8x16_shr(a, count);
    else if constexpr (sizeof(T) == 2) return left ? wasm_i16x8_shl(a, count) : wasm_u16x8_shr(a, count);
    else if constexpr (sizeof(T) == 4) return left ? wasm_i32x4_shl(a, count) : wasm_u32x4_shr(a, count);
    else return left ? wasm_i64x2_shl(a, count) : wasm_u64x2_shr(a, count);
  }
  // Lane by lane: each lane has its own count.
  static v128_t vec(v128_t a, v128_t b) {
    T x[kLanes], counts[kLanes];
    wasm_v128_store(x, a);
    wasm_v128_store(counts, b);
    for (size_t i = 0; i < kLanes; ++i) x[i] = scalar(x[i], counts[i]);
    return wasm_v128_load(x);
  }
  // One count for every lane: one vector shift, its result cleared where the count shifts out every bit.
  struct ByCount {
    uint32_t count;
    v128_t keep;
    v128_t operator()(v128_t a) const { return wasm_v128_and(by_count(a, count), keep); }
  };
  static std::optional<ByCount> by_scalar(T b) {
    const bool in_range = b < kWidth;
    return ByCount{in_range ? static_cast<uint32_t>(b) : 0u, wasm_i32x4_splat(in_range ? -1 : 0)};
  }
};

template <typename T>
using ShiftLeft = Shift<T, kLeft>;
template <typename T>
using ShiftRight = Shift<T, !kLeft>;

template <template <typename> class Op>
const BinaryLoops* integer_loops(DType t) {
  return binary_loops_of<Op, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>(t);
}

}  // namespace

const BinaryLoops* bitwise_and_loops(DType t) { return integer_loops<BitAnd>(t); }
const BinaryLoops* bitwise_or_loops(DType t) { return integer_loops<BitOr>(t); }
const BinaryLoops* bitwise_xor_loops(DType t) { return integer_loops<BitXor>(t); }
const BinaryLoops* shift_left_loops(DType t) { return binary_loops_of<ShiftLeft, uint8_t, uint16_t, uint32_t, uint64_t>(t); }
const BinaryLoops* shift_right_loops(DType t) { return binary_loops_of<ShiftRight, uint8_t, uint16_t, uint32_t, uint64_t>(t); }

bool bitwise_not(DType t, const void* x, void* y, size_t n) {
  return visit_dtype<int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>(t, [&](auto element) __attribute__((always_inline)) {
    using T = decltype(element);
    map_loop<true>(static_cast<const T*>(x), static_cast<T*>(y), n, [](v128_t v) { return wasm_v128_not(v); },
                   [](T v) { return static_cast<T>(~v); });
  });
}

}  // namespace ow::kernels
