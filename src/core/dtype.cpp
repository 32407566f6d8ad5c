#include "core/dtype.h"

namespace ow {
namespace {

struct DTypeInfo {
  DType type;
  const char* name;
  size_t size;
};

constexpr DTypeInfo kDTypes[] = {
    {DType::kFloat32, "float32", 4}, {DType::kFloat64, "float64", 8}, {DType::kFloat16, "float16", 2},
    {DType::kBFloat16, "bfloat16", 2}, {DType::kInt8, "int8", 1},     {DType::kUint8, "uint8", 1},
    {DType::kInt16, "int16", 2},       {DType::kUint16, "uint16", 2}, {DType::kInt32, "int32", 4},
    {DType::kUint32, "uint32", 4},     {DType::kInt64, "int64", 8},   {DType::kUint64, "uint64", 8},
    {DType::kBool, "bool", 1},
};

const DTypeInfo* find(DType t) {
  for (const auto& info : kDTypes)
    if (info.type == t) return &info;
  return nullptr;
}

}  // namespace

size_t dtype_size(DType t) {
  const DTypeInfo* info = find(t);
  return info ? info->size : 0;
}

const char* dtype_name(DType t) {
  const DTypeInfo* info = find(t);
  return info ? info->name : "undefined";
}

bool dtype_is_known(int32_t raw) { return find(static_cast<DType>(raw)) != nullptr; }

std::string element_type_name(int32_t type) {
  if (dtype_is_known(type)) return dtype_name(static_cast<DType>(type));
  switch (type) {  // the ONNX types this runtime lacks
    case 8: return "string";
    case 14: return "complex64";
    case 15: return "complex128";
    case 17: return "float8e4m3fn";
    case 18: return "float8e4m3fnuz";
    case 19: return "float8e5m2";
    case 20: return "float8e5m2fnuz";
    case 21: return "uint4";
    case 22: return "int4";
    case 23: return "float4e2m1";
    case 24: return "float8e8m0";
    case 25: return "uint2";
    case 26: return "int2";
    default: return "number " + std::to_string(type);
  }
}

}  // namespace ow
