// Integer Abs, Neg, Erf and Sign (kernels/unary_math.h): Abs and Neg one loop per element size, signed
// ones wrapping (two's complement, as the SIMD128 instructions do), unsigned Abs the value; Erf and Sign
// per type.
#include <cmath>
#include <cstring>

#include <type_traits>

#include "kernels/binary_loops.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

template <typename S>
v128_t abs_lanes(v128_t v) {
  if constexpr (sizeof(S) == 1) return wasm_i8x16_abs(v);
  else if constexpr (sizeof(S) == 2) return wasm_i16x8_abs(v);
  else if constexpr (sizeof(S) == 4) return wasm_i32x4_abs(v);
  else return wasm_i64x2_abs(v);
}

template <typename S>
v128_t neg_lanes(v128_t v) {
  if constexpr (sizeof(S) == 1) return wasm_i8x16_neg(v);
  else if constexpr (sizeof(S) == 2) return wasm_i16x8_neg(v);
  else if constexpr (sizeof(S) == 4) return wasm_i32x4_neg(v);
  else return wasm_i64x2_neg(v);
}

// S is the signed type of the element size; the scalars wrap in its unsigned type.
template <typename S, bool kAbs>
void signed_loop(const void* x, void* y, size_t n) {
  using U = Wrapping<S>;
  const auto vec = [](v128_t v) { return kAbs ? abs_lanes<S>(v) : neg_lanes<S>(v); };
  const auto lane = [](S v) { return kAbs && v >= 0 ? v : static_cast<S>(U(0) - U(v)); };
  map_loop<true>(static_cast<const S*>(x), static_cast<S*>(y), n, vec, lane);
}

template <size_t kSize>
void copy_loop(const void* x, void* y, size_t n) {
  if (x != y) std::memcpy(y, x, n * kSize);
}

// erf(x) in float64, truncated toward zero: 0, or ±1 from |x| = 6, where erf rounds to ±1 in float64.
template <typename T>
void erf_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const T*>(x);
  auto* to = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = static_cast<T>(std::erf(static_cast<double>(from[i])));
}

template <typename T>
void sign_loop(const void* x, void* y, size_t n) {
  const auto* from = static_cast<const T*>(x);
  auto* to = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = static_cast<T>((from[i] > 0) - (from[i] < 0));
}

// T the element type, S the signed type of its size.
template <typename T, typename S = std::make_signed_t<T>>
UnaryLoop loop_of(UnaryMath op) {
  constexpr bool kSigned = std::is_signed_v<T>;
  switch (op) {
    case UnaryMath::kAbs: return kSigned ? signed_loop<S, true> : copy_loop<sizeof(T)>;
    case UnaryMath::kNeg: return kSigned ? signed_loop<S, false> : nullptr;
    case UnaryMath::kErf: return erf_loop<T>;
    case UnaryMath::kSign: return sign_loop<T>;
    default: return nullptr;
  }
}

}  // namespace

UnaryLoop unary_math_int(UnaryMath op, DType t) {
  switch (t) {
    case DType::kInt8: return loop_of<int8_t>(op);
    case DType::kUint8: return loop_of<uint8_t>(op);
    case DType::kInt16: return loop_of<int16_t>(op);
    case DType::kUint16: return loop_of<uint16_t>(op);
    case DType::kInt32: return loop_of<int32_t>(op);
    case DType::kUint32: return loop_of<uint32_t>(op);
    case DType::kInt64: return loop_of<int64_t>(op);
    case DType::kUint64: return loop_of<uint64_t>(op);
    default: return nullptr;
  }
}

}  // namespace ow::kernels
