// Equal, Less, Greater, LessOrEqual and GreaterOrEqual (kernels/binary.h) of every type, into bool.
// float32 and int32 (the types of scores, thresholds and indices) compare in SIMD128 lane masks that
// the shared loops narrow to bytes; the other types' loops are scalar (kVector false), which the
// compiler vectorizes where it can.
#include <functional>
#include <type_traits>

#include "kernels/binary_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// A bool input compares as true (any nonzero byte) or false.
template <typename T>
T key(T v) { return v; }
bool key(Bool v) { return v.value != 0; }

// Lane masks of a comparison of float32 or int32 vectors; as the scalar ones, the float ones order NaN
// with nothing and take -0 equal to +0.
template <typename T>
v128_t lanes(std::equal_to<>, v128_t a, v128_t b) { return std::is_same_v<T, float> ? wasm_f32x4_eq(a, b) : wasm_i32x4_eq(a, b); }
template <typename T>
v128_t lanes(std::less<>, v128_t a, v128_t b) { return std::is_same_v<T, float> ? wasm_f32x4_lt(a, b) : wasm_i32x4_lt(a, b); }
template <typename T>
v128_t lanes(std::greater<>, v128_t a, v128_t b) { return std::is_same_v<T, float> ? wasm_f32x4_gt(a, b) : wasm_i32x4_gt(a, b); }
template <typename T>
v128_t lanes(std::less_equal<>, v128_t a, v128_t b) { return std::is_same_v<T, float> ? wasm_f32x4_le(a, b) : wasm_i32x4_le(a, b); }
template <typename T>
v128_t lanes(std::greater_equal<>, v128_t a, v128_t b) { return std::is_same_v<T, float> ? wasm_f32x4_ge(a, b) : wasm_i32x4_ge(a, b); }

template <typename T>
constexpr bool kLaneMasks = std::is_same_v<T, float> || std::is_same_v<T, int32_t>;

// The built-in comparisons order NaN with nothing and take -0 equal to +0, as ONNX's reference does.
template <typename Compare>
struct Comparison {
  template <typename T>
  struct Op {
    static constexpr bool kVector = false;
    static Bool scalar(T a, T b) { return Bool{static_cast<uint8_t>(Compare{}(key(a), key(b)))}; }
    static v128_t mask(v128_t a, v128_t b)
      requires kLaneMasks<T>
    { return lanes<T>(Compare{}, a, b); }
  };
};

template <typename T> using Equal = Comparison<std::equal_to<>>::Op<T>;
template <typename T> using Less = Comparison<std::less<>>::Op<T>;
template <typename T> using Greater = Comparison<std::greater<>>::Op<T>;
template <typename T> using LessOrEqual = Comparison<std::less_equal<>>::Op<T>;
template <typename T> using GreaterOrEqual = Comparison<std::greater_equal<>>::Op<T>;

}  // namespace

const BinaryLoops* equal_loops(DType t) {
  return t == DType::kBool ? &kBinaryLoops<Equal, Bool> : binary_loops_of<Equal>(t);
}
const BinaryLoops* less_loops(DType t) { return binary_loops_of<Less>(t); }
const BinaryLoops* greater_loops(DType t) { return binary_loops_of<Greater>(t); }
const BinaryLoops* less_or_equal_loops(DType t) { return binary_loops_of<LessOrEqual>(t); }
const BinaryLoops* greater_or_equal_loops(DType t) { return binary_loops_of<GreaterOrEqual>(t); }

}  // namespace ow::kernels
