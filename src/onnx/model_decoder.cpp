// Decoding with protozero. protozero reports malformed wire data (truncation, bad varints, bad tags)
// by throwing; this file turns that into Status at its two entry points. Everything else here reports
// errors as values: the wire format is read into plain fields, which are then checked and turned into
// tensors and attributes.
#include "onnx/model_decoder.h"

#include <protozero/exception.hpp>
#include <protozero/pbf_message.hpp>
#include <protozero/varint.hpp>

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "kernels/cast.h"

namespace ow::onnx {
namespace {

using protozero::data_view;
using protozero::pbf_reader;
using protozero::pbf_tag_type;
using protozero::pbf_wire_type;

// Field numbers from onnx.proto; only the fields this runtime reads or refuses.
// clang-format off
enum class ModelField : pbf_tag_type { kIrVersion = 1, kGraph = 7, kOpsetImport = 8 };
enum class OpsetField : pbf_tag_type { kDomain = 1, kVersion = 2 };
enum class GraphField : pbf_tag_type {
  kNode = 1, kName = 2, kInitializer = 5, kInput = 11, kOutput = 12, kSparseInitializer = 15 };
enum class NodeField : pbf_tag_type { kInput = 1, kOutput = 2, kName = 3, kOpType = 4, kAttribute = 5, kDomain = 7 };
enum class AttributeField : pbf_tag_type {
  kName = 1, kF = 2, kI = 3, kS = 4, kT = 5, kG = 6, kFloats = 7, kInts = 8, kStrings = 9, kGraphs = 11, kType = 20,
  kRefAttrName = 21 };
enum class ValueInfoField : pbf_tag_type { kName = 1, kType = 2 };
enum class TypeField : pbf_tag_type { kTensorType = 1 };
enum class TensorTypeField : pbf_tag_type { kElemType = 1, kShape = 2 };
enum class ShapeField : pbf_tag_type { kDim = 1 };
enum class DimField : pbf_tag_type { kDimValue = 1, kDimParam = 2 };
enum class StringEntryField : pbf_tag_type { kKey = 1, kValue = 2 };
// clang-format on

const char* wire_type_name(pbf_wire_type t) {
  switch (t) {
    case pbf_wire_type::varint: return "varint";
    case pbf_wire_type::fixed64: return "64-bit";
    case pbf_wire_type::length_delimited: return "length-delimited";
    case pbf_wire_type::fixed32: return "32-bit";
    default: return "unknown";
  }
}

// protozero checks a field's length against the bytes left by comparing them as ptrdiff_t: on wasm32
// a length of 2^31 or more turns negative, passes, and moves the read position outside the buffer
// (protozero 1.7.1). So every length-delimited field is checked here, in 64 bits, before protozero
// reads or skips it; like protozero's own checks, this throws (decode_guarded catches).
void check_length(const pbf_reader& m) {
  if (m.wire_type() != pbf_wire_type::length_delimited) return;
  const data_view rest = m.data();  // from the field's length on
  const char* p = rest.data();
  const char* const end = p + rest.size();
  const uint64_t length = protozero::decode_varint(&p, end);
  if (length > static_cast<uint64_t>(end - p)) throw protozero::end_of_buffer_exception{};
}

// m.skip(), after check_length.
void skip(pbf_reader& m) {
  check_length(m);
  m.skip();
}

Status expect_wire_type(const pbf_reader& m, pbf_wire_type want) {
  if (m.wire_type() == want) {
    check_length(m);
    return Status::Ok();
  }
  return InvalidModel("field " + std::to_string(m.tag()) + " has wire type " + wire_type_name(m.wire_type()) +
                      " where " + wire_type_name(want) + " was expected");
}

// Typed readers for the current field; each checks the wire type first.
Status read(pbf_reader& m, std::string& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::length_delimited));
  out = m.get_string();
  return Status::Ok();
}

Status read(pbf_reader& m, int64_t& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::varint));
  out = m.get_int64();
  return Status::Ok();
}

Status read(pbf_reader& m, int32_t& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::varint));
  out = m.get_int32();
  return Status::Ok();
}

Status read(pbf_reader& m, float& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::fixed32));
  out = m.get_float();
  return Status::Ok();
}

Status read(pbf_reader& m, data_view& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::length_delimited));
  out = m.get_view();
  return Status::Ok();
}

Status read(pbf_reader& m, pbf_reader& out) {
  OW_RETURN_IF_ERROR(expect_wire_type(m, pbf_wire_type::length_delimited));
  out = m.get_message();
  return Status::Ok();
}

template <typename T>
Status read_appending(pbf_reader& m, std::vector<T>& out) {
  T value{};
  OW_RETURN_IF_ERROR(read(m, value));
  out.push_back(std::move(value));
  return Status::Ok();
}

// A repeated number field arrives packed (one length-delimited field) or one element per field;
// protobuf requires readers to accept both.
template <typename T, typename Range, typename Out>
Status read_repeated(pbf_reader& m, pbf_wire_type element_wire, Range (pbf_reader::*packed)(),
                     T (pbf_reader::*single)(), std::vector<Out>& out) {
  if (m.wire_type() == pbf_wire_type::length_delimited) {
    check_length(m);
    for (T v : (m.*packed)()) out.push_back(v);
    return Status::Ok();
  }
  OW_RETURN_IF_ERROR(expect_wire_type(m, element_wire));
  out.push_back((m.*single)());
  return Status::Ok();
}

Status read_repeated(pbf_reader& m, std::vector<int64_t>& out) {
  return read_repeated(m, pbf_wire_type::varint, &pbf_reader::get_packed_int64, &pbf_reader::get_int64, out);
}
Status read_repeated(pbf_reader& m, std::vector<int32_t>& out) {
  return read_repeated(m, pbf_wire_type::varint, &pbf_reader::get_packed_int32, &pbf_reader::get_int32, out);
}
Status read_repeated(pbf_reader& m, std::vector<uint64_t>& out) {
  return read_repeated(m, pbf_wire_type::varint, &pbf_reader::get_packed_uint64, &pbf_reader::get_uint64, out);
}
// float_data, and AttributeProto.floats into the double AttributeValue keeps.
template <typename Out>
Status read_repeated_floats(pbf_reader& m, std::vector<Out>& out) {
  return read_repeated(m, pbf_wire_type::fixed32, &pbf_reader::get_packed_float, &pbf_reader::get_float, out);
}
Status read_repeated(pbf_reader& m, std::vector<double>& out) {
  return read_repeated(m, pbf_wire_type::fixed64, &pbf_reader::get_packed_double, &pbf_reader::get_double, out);
}

// ---- TensorProto

// TensorProto's field numbers (onnx.proto).
// clang-format off
enum class TensorField : uint32_t {
  kDims = 1, kDataType = 2, kSegment = 3, kFloatData = 4, kInt32Data = 5, kStringData = 6, kInt64Data = 7,
  kName = 8, kRawData = 9, kDoubleData = 10, kUint64Data = 11, kExternalData = 13, kDataLocation = 14 };
// clang-format on

struct TensorFields {
  std::string name;
  Dims dims;
  int32_t data_type = 0;
  bool has_segment = false;
  int32_t data_location = 0;
  std::string external_location;
  bool has_external_data = false;
  std::vector<TensorField> data_fields;  // the *_data fields present, in file order, without repeats
  std::string_view raw_data;
  std::vector<float> float_data;
  std::vector<double> double_data;
  std::vector<int32_t> int32_data;
  std::vector<int64_t> int64_data;
  std::vector<uint64_t> uint64_data;

  void saw(TensorField f) {
    for (TensorField seen : data_fields)
      if (seen == f) return;
    data_fields.push_back(f);
  }
};

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

// A typed field's values: where they are, how many, and their type.
struct TypedValues {
  const void* data;
  size_t count;
  DType type;
};
TypedValues typed_values(const TensorFields& f, TensorField field) {
  switch (field) {
    case TensorField::kFloatData: return {f.float_data.data(), f.float_data.size(), DType::kFloat32};
    case TensorField::kDoubleData: return {f.double_data.data(), f.double_data.size(), DType::kFloat64};
    case TensorField::kInt32Data: return {f.int32_data.data(), f.int32_data.size(), DType::kInt32};
    case TensorField::kInt64Data: return {f.int64_data.data(), f.int64_data.size(), DType::kInt64};
    default: return {f.uint64_data.data(), f.uint64_data.size(), DType::kUint64};
  }
}

// The tensor `f` describes; an error when its data does not fit its type and shape, or is external.
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
  const size_t have = raw ? f.raw_data.size() : typed_values(f, field).count;
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
    // Little-endian, as are wasm and the hosts. Any byte of a bool but 0 is true, as in onnxruntime;
    // stored as 1.
    if (type == DType::kBool) kernels::cast(DType::kUint8, f.raw_data.data(), DType::kBool, t.raw_data(), t.size());
    else std::memcpy(t.raw_data(), f.raw_data.data(), t.byte_size());
    return out;
  }
  // The typed field's values converted to the element type (kernels/cast.h): integers keep their low
  // bits, so the 16-bit floats' bit patterns (int32_data) land as they are, through uint16; a bool is
  // true where its value is not 0.
  const TypedValues values = typed_values(f, field);
  const bool half = type == DType::kFloat16 || type == DType::kBFloat16;
  kernels::cast(values.type, values.data, half ? DType::kUint16 : type, t.raw_data(), t.size());
  return out;
}


Status read_external_location(pbf_reader entry, std::string& location) {
  std::string key, value;
  while (entry.next()) {
    switch (static_cast<StringEntryField>(entry.tag())) {
      case StringEntryField::kKey: OW_RETURN_IF_ERROR(read(entry, key)); break;
      case StringEntryField::kValue: OW_RETURN_IF_ERROR(read(entry, value)); break;
      default: skip(entry);
    }
  }
  if (key == "location") location = value;
  return Status::Ok();
}

Status read_tensor_fields(pbf_reader m, TensorFields& f) {
  while (m.next()) {
    const auto field = static_cast<TensorField>(m.tag());
    switch (field) {
      case TensorField::kDims: OW_RETURN_IF_ERROR(read_repeated(m, f.dims)); break;
      case TensorField::kDataType: OW_RETURN_IF_ERROR(read(m, f.data_type)); break;
      case TensorField::kName: OW_RETURN_IF_ERROR(read(m, f.name)); break;
      case TensorField::kSegment:
        f.has_segment = true;
        skip(m);
        break;
      case TensorField::kDataLocation: OW_RETURN_IF_ERROR(read(m, f.data_location)); break;
      case TensorField::kExternalData: {
        f.has_external_data = true;
        pbf_reader entry;
        OW_RETURN_IF_ERROR(read(m, entry));
        OW_RETURN_IF_ERROR(read_external_location(entry, f.external_location));
        break;
      }
      case TensorField::kRawData: {
        data_view raw;
        OW_RETURN_IF_ERROR(read(m, raw));
        f.raw_data = std::string_view(raw.data(), raw.size());
        f.saw(field);
        break;
      }
      case TensorField::kStringData:
        skip(m);
        f.saw(field);
        break;
      case TensorField::kFloatData:
        OW_RETURN_IF_ERROR(read_repeated_floats(m, f.float_data));
        f.saw(field);
        break;
      case TensorField::kDoubleData:
        OW_RETURN_IF_ERROR(read_repeated(m, f.double_data));
        f.saw(field);
        break;
      case TensorField::kInt32Data:
        OW_RETURN_IF_ERROR(read_repeated(m, f.int32_data));
        f.saw(field);
        break;
      case TensorField::kInt64Data:
        OW_RETURN_IF_ERROR(read_repeated(m, f.int64_data));
        f.saw(field);
        break;
      case TensorField::kUint64Data:
        OW_RETURN_IF_ERROR(read_repeated(m, f.uint64_data));
        f.saw(field);
        break;
      default: skip(m);
    }
  }
  return Status::Ok();
}

Result<NamedTensor> decode_tensor_message(pbf_reader m) {
  TensorFields fields;
  OW_RETURN_IF_ERROR(read_tensor_fields(m, fields));
  return tensor_from_fields(fields);
}

// ---- AttributeProto

// An AttributeProto's fields: `value` holds whatever value fields were present; its kind is set by
// add_attribute from the type field (or, in IR version 1 models, from the one value field present).
struct AttributeFields {
  std::string name;
  int32_t type = 0;
  std::string ref_attr_name;
  std::vector<uint32_t> value_fields;  // field numbers of the value fields present, without repeats
  AttributeValue value;
  TensorFields tensor;  // field t, made into value.t by add_attribute
};

// AttributeProto.AttributeType: the field holding each type's value, and the AttributeValue kind it
// becomes. Kinds kOther (lists of tensors, sparse tensors, type protos) are kept as placeholders: no
// operator here takes them, so PreparedOp or the operator refuses them by name.
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
    {4, "TENSOR", 5, AttributeValue::Kind::kTensor},
    {5, "GRAPH", 6, AttributeValue::Kind::kGraph},
    {6, "FLOATS", 7, AttributeValue::Kind::kFloats},
    {7, "INTS", 8, AttributeValue::Kind::kInts},
    {8, "STRINGS", 9, AttributeValue::Kind::kStrings},
    {9, "TENSORS", 10, AttributeValue::Kind::kOther},
    {10, "GRAPHS", 11, AttributeValue::Kind::kGraphs},
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

// Whether AttributeProto field `field` holds a value (f, i, s, t, g, floats, ints, ...).
bool is_attribute_value_field(uint32_t field) { return attribute_type_by_field(field) != nullptr; }

// Checks the attribute read (with status `read`) and adds it to `attributes`; the first problem is the
// error: a read error, no name, no or an unknown type, a value of another type, a duplicate name.
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
  // A GRAPH attribute without its field holds the empty graph, as protobuf reads a message left out.
  if (a.value.kind == AttributeValue::Kind::kGraph && a.value.graphs.empty()) a.value.graphs.push_back(std::make_shared<Graph>());
  if (a.value.kind == AttributeValue::Kind::kTensor) {
    auto tensor = tensor_from_fields(a.tensor);
    if (!tensor.ok()) return tensor.status().with_context(label + ": ");
    a.value.t = std::move(tensor.value().tensor);
  }
  attributes.set(std::move(a.name), std::move(a.value));
  return Status::Ok();
}


Status decode_graph(pbf_reader m, Graph& graph, size_t depth);

// A GRAPH or GRAPHS attribute's graph, `depth` subgraphs deep, appended to `graphs`; refused past
// kMaxGraphNesting, before it is read, so that decoding never recurses deeper.
Status read_subgraph(pbf_reader& m, size_t depth, std::vector<std::shared_ptr<const Graph>>& graphs) {
  pbf_reader sub;
  OW_RETURN_IF_ERROR(read(m, sub));
  if (depth > kMaxGraphNesting)
    return Unsupported("subgraphs are nested more than " + std::to_string(kMaxGraphNesting) + " deep");
  auto graph = std::make_shared<Graph>();
  OW_RETURN_IF_ERROR(decode_graph(sub, *graph, depth));
  graphs.push_back(std::move(graph));
  return Status::Ok();
}

// `depth`: how many graphs deep the attribute's node is (0: the model's graph).
Status read_attribute_fields(pbf_reader m, AttributeFields& a, size_t depth) {
  AttributeValue& v = a.value;
  while (m.next()) {
    const pbf_tag_type tag = m.tag();
    if (is_attribute_value_field(tag) &&
        std::find(a.value_fields.begin(), a.value_fields.end(), tag) == a.value_fields.end())
      a.value_fields.push_back(tag);
    switch (static_cast<AttributeField>(tag)) {
      case AttributeField::kName: OW_RETURN_IF_ERROR(read(m, a.name)); break;
      case AttributeField::kType: OW_RETURN_IF_ERROR(read(m, a.type)); break;
      case AttributeField::kRefAttrName: OW_RETURN_IF_ERROR(read(m, a.ref_attr_name)); break;
      case AttributeField::kF: {
        float f = 0;
        OW_RETURN_IF_ERROR(read(m, f));
        v.f = f;
        break;
      }
      case AttributeField::kI: OW_RETURN_IF_ERROR(read(m, v.i)); break;
      case AttributeField::kS: OW_RETURN_IF_ERROR(read(m, v.s)); break;
      case AttributeField::kT: {
        pbf_reader tensor;
        OW_RETURN_IF_ERROR(read(m, tensor));
        a.tensor = TensorFields();  // protobuf: the last one given counts
        OW_RETURN_IF_ERROR(read_tensor_fields(tensor, a.tensor));
        break;
      }
      case AttributeField::kG:
        v.graphs.clear();  // protobuf: the last one given counts
        OW_RETURN_IF_ERROR(read_subgraph(m, depth + 1, v.graphs));
        break;
      case AttributeField::kGraphs: OW_RETURN_IF_ERROR(read_subgraph(m, depth + 1, v.graphs)); break;
      case AttributeField::kFloats: OW_RETURN_IF_ERROR(read_repeated_floats(m, v.floats)); break;
      case AttributeField::kInts: OW_RETURN_IF_ERROR(read_repeated(m, v.ints)); break;
      case AttributeField::kStrings: OW_RETURN_IF_ERROR(read_appending(m, v.strings)); break;
      default: skip(m);
    }
  }
  return Status::Ok();
}

// ---- NodeProto, ValueInfoProto, GraphProto, ModelProto

Status decode_node_fields(pbf_reader m, Node& node, Status& attribute_error, size_t depth) {
  while (m.next()) {
    switch (static_cast<NodeField>(m.tag())) {
      case NodeField::kInput: OW_RETURN_IF_ERROR(read_appending(m, node.inputs)); break;
      case NodeField::kOutput: OW_RETURN_IF_ERROR(read_appending(m, node.outputs)); break;
      case NodeField::kName: OW_RETURN_IF_ERROR(read(m, node.name)); break;
      case NodeField::kOpType: OW_RETURN_IF_ERROR(read(m, node.op_type)); break;
      case NodeField::kDomain: OW_RETURN_IF_ERROR(read(m, node.domain)); break;
      case NodeField::kAttribute: {
        pbf_reader sub;
        OW_RETURN_IF_ERROR(read(m, sub));
        if (!attribute_error.ok()) break;  // only the first error is reported
        if (node.attributes.items().size() == kMaxNodeAttributes) {
          attribute_error = Unsupported("the node has more than " + std::to_string(kMaxNodeAttributes) + " attributes");
          break;
        }
        AttributeFields attribute;
        Status st = read_attribute_fields(sub, attribute, depth);
        attribute_error = add_attribute(st, attribute, node.attributes);
        break;
      }
      default: skip(m);
    }
  }
  return Status::Ok();
}

// Attribute errors wait until the whole node is read, so that they can name it.
Status decode_node(pbf_reader m, size_t index, Node& node, size_t depth) {
  Status attribute_error;
  Status st = decode_node_fields(m, node, attribute_error, depth);
  if (!st.ok()) return st.with_context("node #" + std::to_string(index) + ": ");
  if (!attribute_error.ok()) return attribute_error.with_context(node_label(node) + ": ");
  return Status::Ok();
}

Status decode_shape(pbf_reader m, std::vector<Dim>& shape) {
  while (m.next()) {
    if (static_cast<ShapeField>(m.tag()) != ShapeField::kDim) {
      skip(m);
      continue;
    }
    pbf_reader dim_msg;
    OW_RETURN_IF_ERROR(read(m, dim_msg));
    Dim dim;
    while (dim_msg.next()) {
      switch (static_cast<DimField>(dim_msg.tag())) {
        case DimField::kDimValue:
          OW_RETURN_IF_ERROR(read(dim_msg, dim.value));
          dim.fixed = true;
          break;
        case DimField::kDimParam: OW_RETURN_IF_ERROR(read(dim_msg, dim.param)); break;
        default: skip(dim_msg);
      }
    }
    shape.push_back(std::move(dim));
  }
  return Status::Ok();
}

Status decode_tensor_type(pbf_reader m, ValueInfo& info) {
  while (m.next()) {
    switch (static_cast<TensorTypeField>(m.tag())) {
      case TensorTypeField::kElemType: OW_RETURN_IF_ERROR(read(m, info.elem_type)); break;
      case TensorTypeField::kShape: {
        pbf_reader shape;
        OW_RETURN_IF_ERROR(read(m, shape));
        info.has_shape = true;
        OW_RETURN_IF_ERROR(decode_shape(shape, info.shape));
        break;
      }
      default: skip(m);
    }
  }
  return Status::Ok();
}

Status decode_type(pbf_reader m, ValueInfo& info) {
  while (m.next()) {
    if (static_cast<TypeField>(m.tag()) == TypeField::kTensorType) {
      pbf_reader tensor_type;
      OW_RETURN_IF_ERROR(read(m, tensor_type));
      info.is_tensor = true;
      OW_RETURN_IF_ERROR(decode_tensor_type(tensor_type, info));
    } else {
      skip(m);  // other kinds (sequence, map, optional, sparse) leave is_tensor false
    }
  }
  return Status::Ok();
}

Status decode_value_info(pbf_reader m, ValueInfo& info) {
  while (m.next()) {
    switch (static_cast<ValueInfoField>(m.tag())) {
      case ValueInfoField::kName: OW_RETURN_IF_ERROR(read(m, info.name)); break;
      case ValueInfoField::kType: {
        pbf_reader type;
        OW_RETURN_IF_ERROR(read(m, type));
        info.has_type = true;
        OW_RETURN_IF_ERROR(decode_type(type, info));
        break;
      }
      default: skip(m);
    }
  }
  return Status::Ok();
}

// `depth`: 0 for the model's graph, 1 for a subgraph of one of its nodes, ...
Status decode_graph(pbf_reader m, Graph& graph, size_t depth) {
  while (m.next()) {
    pbf_reader sub;
    switch (static_cast<GraphField>(m.tag())) {
      case GraphField::kName: OW_RETURN_IF_ERROR(read(m, graph.name)); break;
      case GraphField::kNode: {
        OW_RETURN_IF_ERROR(read(m, sub));
        Node& node = graph.nodes.emplace_back();
        OW_RETURN_IF_ERROR(decode_node(sub, graph.nodes.size() - 1, node, depth));
        break;
      }
      case GraphField::kInitializer: {
        OW_RETURN_IF_ERROR(read(m, sub));
        auto initializer = decode_tensor_message(sub);
        if (!initializer.ok()) return initializer.status().with_context("initializer: ");
        graph.initializers.push_back(initializer.take());
        break;
      }
      case GraphField::kInput:
      case GraphField::kOutput: {
        const bool is_input = static_cast<GraphField>(m.tag()) == GraphField::kInput;
        OW_RETURN_IF_ERROR(read(m, sub));
        OW_RETURN_IF_ERROR(decode_value_info(sub, (is_input ? graph.inputs : graph.outputs).emplace_back()));
        break;
      }
      case GraphField::kSparseInitializer:
        return Unsupported("the graph has sparse initializers, which are not supported");
      default: skip(m);
    }
  }
  return Status::Ok();
}

Status decode_opset_import(pbf_reader m, OpsetImport& opset) {
  while (m.next()) {
    switch (static_cast<OpsetField>(m.tag())) {
      case OpsetField::kDomain: OW_RETURN_IF_ERROR(read(m, opset.domain)); break;
      case OpsetField::kVersion: OW_RETURN_IF_ERROR(read(m, opset.version)); break;
      default: skip(m);
    }
  }
  return Status::Ok();
}

Result<Model> decode_model_message(pbf_reader m) {
  Model model;
  while (m.next()) {
    pbf_reader sub;
    switch (static_cast<ModelField>(m.tag())) {
      case ModelField::kIrVersion: OW_RETURN_IF_ERROR(read(m, model.ir_version)); break;
      case ModelField::kOpsetImport: {
        OW_RETURN_IF_ERROR(read(m, sub));
        OW_RETURN_IF_ERROR(decode_opset_import(sub, model.opset_imports.emplace_back()));
        break;
      }
      case ModelField::kGraph: {
        OW_RETURN_IF_ERROR(read(m, sub));
        OW_RETURN_IF_ERROR(decode_graph(sub, model.graph, 0));
        model.has_graph = true;
        break;
      }
      default: skip(m);
    }
  }
  return model;
}

// Runs a decoder and turns protozero's exceptions (malformed wire data) into errors.
template <typename T, typename Decode>
Result<T> decode_guarded(const char* what, const void* data, size_t size, Decode decode) {
  const std::string prefix = std::string("cannot decode the ") + what + ": ";
  if (size > UINT32_MAX) return InvalidModel(prefix + "more than 4 GiB");
  try {
    Result<T> result = decode(pbf_reader(static_cast<const char*>(data), size));
    if (!result.ok() && result.status().code() == ErrorCode::kInvalidModel) return result.status().with_context(prefix);
    return result;
  } catch (const protozero::end_of_buffer_exception&) {
    return InvalidModel(prefix + "the protobuf data ends in the middle of a field (truncated file?)");
  } catch (const protozero::exception& e) {
    return InvalidModel(prefix + "malformed protobuf data (" + e.what() + ")");
  } catch (const std::length_error&) {  // a container asked for more than it can hold
    return OutOfMemory(prefix + "out of memory");
  }
}

}  // namespace

Result<Model> decode_model(const void* data, size_t size) {
  return decode_guarded<Model>("model", data, size, decode_model_message);
}

Result<NamedTensor> decode_tensor(const void* data, size_t size) {
  return decode_guarded<NamedTensor>("TensorProto", data, size, decode_tensor_message);
}

}  // namespace ow::onnx
