// Decoding with protozero. protozero reports malformed wire data (truncation, bad varints, bad tags)
// by throwing; this file is compiled with exceptions and turns them into Status at its two entry
// points, as it does std::bad_alloc (what it decodes grows with the model, beyond the heap's reserve).
// Everything else here reports errors as values. This file only walks the wire format: the checks that
// turn fields into tensors and attributes are in proto_values.cpp, built without exceptions (here each
// of their temporary strings would cost cleanup code), which is called only while the heap's reserve is
// held (require_heap_reserve(), core/heap_reserve.h).
#include "onnx/model_decoder.h"

#include <protozero/exception.hpp>
#include <protozero/pbf_message.hpp>
#include <protozero/varint.hpp>

#include <algorithm>
#include <new>
#include <stdexcept>

#include "core/heap_reserve.h"
#include "onnx/proto_values.h"

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
  kName = 1, kF = 2, kI = 3, kS = 4, kFloats = 7, kInts = 8, kStrings = 9, kType = 20, kRefAttrName = 21 };
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
  require_heap_reserve();
  return tensor_from_fields(fields);
}

// ---- AttributeProto

Status read_attribute_fields(pbf_reader m, AttributeFields& a) {
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
      case AttributeField::kFloats: OW_RETURN_IF_ERROR(read_repeated_floats(m, v.floats)); break;
      case AttributeField::kInts: OW_RETURN_IF_ERROR(read_repeated(m, v.ints)); break;
      case AttributeField::kStrings: OW_RETURN_IF_ERROR(read_appending(m, v.strings)); break;
      default: skip(m);
    }
  }
  return Status::Ok();
}

// ---- NodeProto, ValueInfoProto, GraphProto, ModelProto

Status decode_node_fields(pbf_reader m, Node& node, Status& attribute_error) {
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
        Status st = read_attribute_fields(sub, attribute);
        require_heap_reserve();
        attribute_error = add_attribute(st, attribute, node.attributes);
        break;
      }
      default: skip(m);
    }
  }
  return Status::Ok();
}

// Attribute errors wait until the whole node is read, so that they can name it.
Status decode_node(pbf_reader m, size_t index, Node& node) {
  Status attribute_error;
  Status st = decode_node_fields(m, node, attribute_error);
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

Status decode_graph(pbf_reader m, Graph& graph) {
  while (m.next()) {
    pbf_reader sub;
    switch (static_cast<GraphField>(m.tag())) {
      case GraphField::kName: OW_RETURN_IF_ERROR(read(m, graph.name)); break;
      case GraphField::kNode: {
        OW_RETURN_IF_ERROR(read(m, sub));
        Node& node = graph.nodes.emplace_back();
        OW_RETURN_IF_ERROR(decode_node(sub, graph.nodes.size() - 1, node));
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
        OW_RETURN_IF_ERROR(decode_graph(sub, model.graph));
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
  } catch (const std::bad_alloc&) {
    return heap_full_error(std::string("cannot decode the ") + what);
  } catch (const std::length_error&) {  // a container asked for more than it can hold
    return OutOfMemory(prefix + "out of memory");
  }
}

}  // namespace

std::string element_type_name(int32_t type) {
  if (dtype_is_known(type)) return dtype_name(static_cast<DType>(type));
  switch (type) {  // the ONNX types this runtime lacks
    case 8: return "string";
    case 9: return "bool";
    case 14: return "complex64";
    case 15: return "complex128";
    case 17: return "float8e4m3fn";
    case 18: return "float8e4m3fnuz";
    case 19: return "float8e5m2";
    case 20: return "float8e5m2fnuz";
    case 21: return "uint4";
    case 22: return "int4";
    case 23: return "float4e2m1";
    default: return "number " + std::to_string(type);
  }
}

std::string node_label(const Node& node) {
  std::string id = !node.name.empty()      ? "node '" + node.name + "'"
                   : !node.outputs.empty() ? "the node computing '" + node.outputs[0] + "'"
                                           : "an unnamed node";
  return id + " (" + (node.op_type.empty() ? "no op_type" : node.op_type) + ")";
}

Result<Model> decode_model(const void* data, size_t size) {
  return decode_guarded<Model>("model", data, size, decode_model_message);
}

Result<NamedTensor> decode_tensor(const void* data, size_t size) {
  return decode_guarded<NamedTensor>("TensorProto", data, size, decode_tensor_message);
}

}  // namespace ow::onnx
