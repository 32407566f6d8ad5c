#include "onnx/proto_values.h"

#include <cstring>
#include <type_traits>

namespace ow::onnx {
namespace {

constexpr int32_t kTensorDataLocationExternal = 1;

// The typed field that holds each element type when raw_data is not used.
TensorField typed_data_field(DType t) {
  switch (t) {
    case DType::kFloat32: return TensorField::kFloatData;
    case DType::kFloat64: return TensorField::kDoubleData;
    case DType::kInt64: return TensorField::kInt64Data;
    case DType::kUint32:
    case DType::kUint64: return TensorField::kUint64Data;
    default: return TensorField::kInt32Data;  // int8/16/32, uint8/16 and the 16-bit floats' bit patterns
  }
}

const char* data_field_name(TensorField f) {
  switch (f) {
    case TensorField::kFloatData: return "float_data";
    case TensorField::kDoubleData: return "double_data";
    case TensorField::kInt32Data: return "int32_data";
    case TensorField::kInt64Data: return "int64_data";
    case TensorField::kUint64Data: return "uint64_data";
    case TensorField::kStringData: return "string_data";
    default: return "raw_data";
  }
}

// Converts the typed field's values to the element type; the 16-bit floats come as bit patterns.
template <typename T, typename Src>
void copy_elements(const std::vector<Src>& values, Tensor& t) {
  T* out = t.data<T>();
  for (size_t i = 0; i < values.size(); ++i) {
    if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>)
      out[i] = T{static_cast<uint16_t>(values[i])};
    else
      out[i] = static_cast<T>(values[i]);
  }
}

size_t typed_data_count(const TensorFields& f, TensorField field) {
  switch (field) {
    case TensorField::kFloatData: return f.float_data.size();
    case TensorField::kDoubleData: return f.double_data.size();
    case TensorField::kInt32Data: return f.int32_data.size();
    case TensorField::kInt64Data: return f.int64_data.size();
    default: return f.uint64_data.size();
  }
}

}  // namespace

Result<NamedTensor> tensor_from_fields(const TensorFields& f) {
  const std::string label = f.name.empty() ? "an unnamed tensor" : "tensor '" + f.name + "'";
  if (f.has_external_data || f.data_location == kTensorDataLocationExternal)
    return Unsupported(label + " keeps its data in an external file" +
                       (f.external_location.empty() ? "" : " ('" + f.external_location + "')") +
                       "; external data is not supported: save the model with its tensors inside the .onnx file");
  if (f.has_segment) return Unsupported(label + " is stored in segments, which are not supported");
  if (f.data_type == 0) return InvalidModel(label + " has no data_type");
  if (!dtype_is_known(f.data_type))
    return Unsupported(label + " has element type " + element_type_name(f.data_type) +
                       ", which this runtime does not support");
  const auto type = static_cast<DType>(f.data_type);
  if (f.data_fields.size() > 1)
    return InvalidModel(label + " holds data in both " + data_field_name(f.data_fields[0]) + " and " +
                        data_field_name(f.data_fields[1]));
  for (int64_t d : f.dims)
    if (d < 0) return InvalidModel(label + " has a negative dimension in its shape " + dims_to_string(f.dims));
  const bool has_data = !f.data_fields.empty();
  const TensorField field = has_data ? f.data_fields[0] : typed_data_field(type);
  const bool raw = field == TensorField::kRawData;
  if (!raw && field != typed_data_field(type))
    return InvalidModel(label + " of type " + dtype_name(type) + " stores its values in " + data_field_name(field) +
                        ", which cannot hold that type (expected " + data_field_name(typed_data_field(type)) + ")");
  // The data present must fit the shape before anything is allocated: a shape far larger than its data
  // is a malformed file, not a request for memory. raw_data is counted in bytes, typed fields in values.
  const auto count = element_count(f.dims);
  const size_t unit = raw ? dtype_size(type) : 1;
  const size_t have = raw ? f.raw_data.size() : typed_data_count(f, field);
  if (!count.ok() || count.value() > kMaxTensorBytes / unit || have != count.value() * unit) {
    const std::string what = "shape " + dims_to_string(f.dims) + " of " + dtype_name(type);
    const std::string need = count.ok() ? std::to_string(static_cast<uint64_t>(count.value()) * unit)
                                         : "more than " + std::to_string(kMaxTensorBytes);
    if (!has_data) return InvalidModel(label + " has no data, but its " + what + " needs " + need + " elements");
    return InvalidModel(label + ": " + data_field_name(field) + " holds " + std::to_string(have) +
                        (raw ? " bytes" : " values") + " but its " + what + " needs " + need);
  }
  auto allocated = Tensor::allocate(type, f.dims);
  if (!allocated.ok()) return allocated.status().with_context(label + ": ");
  NamedTensor out{f.name, allocated.take()};
  Tensor& t = out.tensor;
  if (t.size() == 0) return out;
  if (raw) {
    std::memcpy(t.raw_data(), f.raw_data.data(), t.byte_size());  // little-endian, as are wasm and the hosts
    return out;
  }
  switch (type) {  // the element types typed_data_field() maps to `field`
    case DType::kFloat32: copy_elements<float>(f.float_data, t); break;
    case DType::kFloat64: copy_elements<double>(f.double_data, t); break;
    case DType::kInt64: copy_elements<int64_t>(f.int64_data, t); break;
    case DType::kUint64: copy_elements<uint64_t>(f.uint64_data, t); break;
    case DType::kUint32: copy_elements<uint32_t>(f.uint64_data, t); break;
    case DType::kInt32: copy_elements<int32_t>(f.int32_data, t); break;
    case DType::kInt16: copy_elements<int16_t>(f.int32_data, t); break;
    case DType::kInt8: copy_elements<int8_t>(f.int32_data, t); break;
    case DType::kUint16: copy_elements<uint16_t>(f.int32_data, t); break;
    case DType::kUint8: copy_elements<uint8_t>(f.int32_data, t); break;
    case DType::kFloat16: copy_elements<Float16>(f.int32_data, t); break;
    case DType::kBFloat16: copy_elements<BFloat16>(f.int32_data, t); break;
    case DType::kUndefined: break;  // refused above
  }
  return out;
}

namespace {

// AttributeProto.AttributeType: the field holding each type's value, and the AttributeValue kind it
// becomes. Kinds kOther (tensors, graphs, type protos) are kept as placeholders: no operator here
// defines such attributes, so PreparedOp refuses them by name.
struct AttributeTypeInfo {
  int32_t type;
  const char* name;
  uint32_t field;
  AttributeValue::Kind kind;
};

constexpr AttributeTypeInfo kAttributeTypes[] = {
    {1, "FLOAT", 2, AttributeValue::Kind::kFloat},
    {2, "INT", 3, AttributeValue::Kind::kInt},
    {3, "STRING", 4, AttributeValue::Kind::kString},
    {4, "TENSOR", 5, AttributeValue::Kind::kOther},
    {5, "GRAPH", 6, AttributeValue::Kind::kOther},
    {6, "FLOATS", 7, AttributeValue::Kind::kFloats},
    {7, "INTS", 8, AttributeValue::Kind::kInts},
    {8, "STRINGS", 9, AttributeValue::Kind::kStrings},
    {9, "TENSORS", 10, AttributeValue::Kind::kOther},
    {10, "GRAPHS", 11, AttributeValue::Kind::kOther},
    {11, "SPARSE_TENSOR", 22, AttributeValue::Kind::kOther},
    {12, "SPARSE_TENSORS", 23, AttributeValue::Kind::kOther},
    {13, "TYPE_PROTO", 14, AttributeValue::Kind::kOther},
    {14, "TYPE_PROTOS", 15, AttributeValue::Kind::kOther},
};

const AttributeTypeInfo* attribute_type_by_number(int32_t type) {
  for (const auto& info : kAttributeTypes)
    if (info.type == type) return &info;
  return nullptr;
}

const AttributeTypeInfo* attribute_type_by_field(uint32_t field) {
  for (const auto& info : kAttributeTypes)
    if (info.field == field) return &info;
  return nullptr;
}

}  // namespace

bool is_attribute_value_field(uint32_t field) { return attribute_type_by_field(field) != nullptr; }

Status add_attribute(const Status& read, AttributeFields& a, Attributes& attributes) {
  if (!read.ok()) return a.name.empty() ? read : read.with_context("attribute '" + a.name + "': ");
  if (a.name.empty()) return InvalidModel("an attribute has no name");
  const std::string label = "attribute '" + a.name + "'";
  if (!a.ref_attr_name.empty())
    return InvalidModel(label + " refers to attribute '" + a.ref_attr_name +
                        "' of an enclosing function (ref_attr_name), which only function bodies may do");
  const AttributeTypeInfo* info = nullptr;
  if (a.type == 0) {
    // IR version 1 had no type field: the one value field present tells the type.
    if (a.value_fields.size() != 1) return InvalidModel(label + " has no type");
    info = attribute_type_by_field(a.value_fields[0]);
  } else {
    info = attribute_type_by_number(a.type);
    if (!info) return InvalidModel(label + " has unknown type " + std::to_string(a.type));
  }
  for (uint32_t field : a.value_fields) {
    if (field != info->field)
      return InvalidModel(label + " has type " + info->name + " but also holds a value of type " +
                          attribute_type_by_field(field)->name);
  }
  if (attributes.has(a.name)) return InvalidModel(label + " is given twice");
  a.value.kind = info->kind;
  attributes.set(std::move(a.name), std::move(a.value));
  return Status::Ok();
}

}  // namespace ow::onnx
