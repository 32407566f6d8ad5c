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

}  // namespace ow
