// Element types. Values are ONNX TensorProto.DataType numbers, so model decoding needs no table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace ow {

enum class DType : int32_t {
  kUndefined = 0,
  kFloat32 = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kBool = 9,
  kFloat16 = 10,
  kFloat64 = 11,
  kUint32 = 12,
  kUint64 = 13,
  kBFloat16 = 16,
};

// Half-precision values are stored as their bit patterns; arithmetic goes through float32.
struct Float16 { uint16_t bits; };
struct BFloat16 { uint16_t bits; };
// bool is one byte, 0 or 1 when this runtime writes it; a byte read as bool is true when it is not zero,
// so that any byte a caller's Uint8Array holds has a meaning (C++'s bool would make other bytes UB).
struct Bool { uint8_t value; };

// Size in bytes of one element; 0 for types this runtime does not know.
size_t dtype_size(DType t);
// onnxruntime-web's names ("float32", "bfloat16", ...); "undefined" for unknown values.
const char* dtype_name(DType t);
// Whether `raw` is the number of one of the supported types above.
bool dtype_is_known(int32_t raw);
// "float32", "bool", "complex64", ...: the name of a TensorProto.DataType number, known here or not.
std::string element_type_name(int32_t raw);

template <typename T> struct DTypeOf;
template <> struct DTypeOf<float> { static constexpr DType value = DType::kFloat32; };
template <> struct DTypeOf<double> { static constexpr DType value = DType::kFloat64; };
template <> struct DTypeOf<Float16> { static constexpr DType value = DType::kFloat16; };
template <> struct DTypeOf<BFloat16> { static constexpr DType value = DType::kBFloat16; };
template <> struct DTypeOf<int8_t> { static constexpr DType value = DType::kInt8; };
template <> struct DTypeOf<int16_t> { static constexpr DType value = DType::kInt16; };
template <> struct DTypeOf<int32_t> { static constexpr DType value = DType::kInt32; };
template <> struct DTypeOf<int64_t> { static constexpr DType value = DType::kInt64; };
template <> struct DTypeOf<uint8_t> { static constexpr DType value = DType::kUint8; };
template <> struct DTypeOf<uint16_t> { static constexpr DType value = DType::kUint16; };
template <> struct DTypeOf<uint32_t> { static constexpr DType value = DType::kUint32; };
template <> struct DTypeOf<uint64_t> { static constexpr DType value = DType::kUint64; };
template <> struct DTypeOf<Bool> { static constexpr DType value = DType::kBool; };

namespace detail {
template <typename T, typename... Ts, typename Fn>
[[gnu::always_inline]] inline bool visit_if_listed(Fn& fn) {
  if constexpr (sizeof...(Ts) == 0 || (std::is_same_v<T, Ts> || ...)) {
    fn(T{});
    return true;
  } else {
    return false;
  }
}
}  // namespace detail

// Calls fn(T{}) with the C++ storage type T of `t` when it is one of Ts (by default every numeric type
// above; Bool only where listed, as few kernels compute with it); returns whether it was. The one way operators pick a kernel by element type. Callers mark fn
// __attribute__((always_inline)): operator setup is built for size (-Os), which would otherwise leave
// each instantiation a function of its own, for more code than a switch.
template <typename... Ts, typename Fn>
[[gnu::always_inline]] inline bool visit_dtype(DType t, Fn&& fn) {
  switch (t) {
    case DType::kFloat32: return detail::visit_if_listed<float, Ts...>(fn);
    case DType::kFloat64: return detail::visit_if_listed<double, Ts...>(fn);
    case DType::kFloat16: return detail::visit_if_listed<Float16, Ts...>(fn);
    case DType::kBFloat16: return detail::visit_if_listed<BFloat16, Ts...>(fn);
    case DType::kInt8: return detail::visit_if_listed<int8_t, Ts...>(fn);
    case DType::kInt16: return detail::visit_if_listed<int16_t, Ts...>(fn);
    case DType::kInt32: return detail::visit_if_listed<int32_t, Ts...>(fn);
    case DType::kInt64: return detail::visit_if_listed<int64_t, Ts...>(fn);
    case DType::kUint8: return detail::visit_if_listed<uint8_t, Ts...>(fn);
    case DType::kUint16: return detail::visit_if_listed<uint16_t, Ts...>(fn);
    case DType::kUint32: return detail::visit_if_listed<uint32_t, Ts...>(fn);
    case DType::kUint64: return detail::visit_if_listed<uint64_t, Ts...>(fn);
    case DType::kBool:
      if constexpr ((std::is_same_v<Bool, Ts> || ...)) return detail::visit_if_listed<Bool, Ts...>(fn);
      else return false;
    default: return false;
  }
}

}  // namespace ow
