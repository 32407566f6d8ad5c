// Element types. Values are ONNX TensorProto.DataType numbers, so model decoding needs no table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

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
  kFloat16 = 10,
  kFloat64 = 11,
  kUint32 = 12,
  kUint64 = 13,
  kBFloat16 = 16,
};

// Half-precision values are stored as their bit patterns; arithmetic goes through float32.
struct Float16 { uint16_t bits; };
struct BFloat16 { uint16_t bits; };

// Size in bytes of one element; 0 for types this runtime does not know.
size_t dtype_size(DType t);
// onnxruntime-web's names ("float32", "bfloat16", ...); "undefined" for unknown values.
const char* dtype_name(DType t);
// Inverse of dtype_name; kUndefined when the name is not a supported type.
DType dtype_from_name(std::string_view name);
// Whether `raw` is the number of one of the supported types above.
bool dtype_is_known(int32_t raw);

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

// Calls fn(T{}) with the C++ storage type of `t`; returns false for an unknown type.
template <typename Fn>
bool visit_dtype(DType t, Fn&& fn) {
  switch (t) {
    case DType::kFloat32: fn(float{}); return true;
    case DType::kFloat64: fn(double{}); return true;
    case DType::kFloat16: fn(Float16{}); return true;
    case DType::kBFloat16: fn(BFloat16{}); return true;
    case DType::kInt8: fn(int8_t{}); return true;
    case DType::kInt16: fn(int16_t{}); return true;
    case DType::kInt32: fn(int32_t{}); return true;
    case DType::kInt64: fn(int64_t{}); return true;
    case DType::kUint8: fn(uint8_t{}); return true;
    case DType::kUint16: fn(uint16_t{}); return true;
    case DType::kUint32: fn(uint32_t{}); return true;
    case DType::kUint64: fn(uint64_t{}); return true;
    default: return false;
  }
}

}  // namespace ow
