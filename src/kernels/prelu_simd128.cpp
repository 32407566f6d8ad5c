// PRelu's loops (kernels/binary.h): y = x > 0 ? x : x * slope, of the types PRelu takes. The product is
// Mul's (integers wrap); an unsigned x is never below 0, so y is x.
#include <cstdint>
#include <type_traits>

#include "kernels/arithmetic_ops.h"
#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

template <typename T>
struct PRelu {
  static constexpr bool kVector = true;
  static T scalar(T x, T slope) { return x > 0 ? x : Mul<T>::scalar(x, slope); }
  static v128_t vec(v128_t x, v128_t slope) {
    if constexpr (std::is_unsigned_v<T>) {
      return x;
    } else {
      v128_t positive;
      if constexpr (std::is_same_v<T, float>) positive = wasm_f32x4_gt(x, wasm_f32x4_const_splat(0.0f));
      else if constexpr (std::is_same_v<T, double>) positive = wasm_f64x2_gt(x, wasm_f64x2_splat(0.0));
      else if constexpr (sizeof(T) == 4) positive = wasm_i32x4_gt(x, wasm_i32x4_const_splat(0));
      else positive = wasm_i64x2_gt(x, wasm_i64x2_const_splat(0));
      return wasm_v128_bitselect(x, Mul<T>::vec(x, slope), positive);
    }
  }
};

}  // namespace

const BinaryLoops* prelu_loops(DType t) {
  switch (t) {
    case DType::kFloat32: return &kBinaryLoops<PRelu, float>;
    case DType::kFloat64: return &kBinaryLoops<PRelu, double>;
    case DType::kFloat16: return &kBinaryLoops<PRelu, Float16>;
    case DType::kBFloat16: return &kBinaryLoops<PRelu, BFloat16>;
    case DType::kInt32: return &kBinaryLoops<PRelu, int32_t>;
    case DType::kInt64: return &kBinaryLoops<PRelu, int64_t>;
    case DType::kUint32: return &kBinaryLoops<PRelu, uint32_t>;
    case DType::kUint64: return &kBinaryLoops<PRelu, uint64_t>;
    default: return nullptr;
  }
}

}  // namespace ow::kernels
