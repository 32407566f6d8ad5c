// The ONNX protobuf decoder: every tensor data encoding, attributes, value infos, and refusal of
// external data, truncated and garbage input. Messages are written with protozero's writer.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "onnx/model_decoder.h"
#include "onnx_writer.h"
#include "test_util.h"

using namespace ow;
using namespace ow::onnx;
namespace pb = ow::test::pb;
using protozero::pbf_writer;

namespace {

Result<NamedTensor> decode(const std::string& bytes) { return decode_tensor(bytes.data(), bytes.size()); }
Result<Model> decode_m(const std::string& bytes) { return decode_model(bytes.data(), bytes.size()); }

template <typename T>
std::vector<T> bits_of(const Tensor& t) {
  std::vector<T> out(t.size());
  if (t.size()) std::memcpy(out.data(), t.raw_data(), t.byte_size());
  return out;
}

// A tensor holding `values` in raw_data and, separately, in its typed field; both must decode to
// the same bits. `typed` appends the typed field to a tensor header.
template <typename T, typename AddTyped>
void check_both_encodings(DType type, const std::vector<T>& values, AddTyped typed) {
  INFO("type " << dtype_name(type));
  const std::vector<int64_t> dims = {static_cast<int64_t>(values.size())};
  auto raw = decode(pb::tensor_raw("t", static_cast<int32_t>(type), dims, values));
  REQUIRE(raw.ok());
  CHECK(raw.value().name == "t");
  CHECK(raw.value().tensor.dtype() == type);
  CHECK(raw.value().tensor.dims() == Dims(dims));
  CHECK(bits_of<T>(raw.value().tensor) == values);

  std::string msg = pb::tensor_header("t", static_cast<int32_t>(type), dims);
  pbf_writer w(msg);
  typed(w);
  auto decoded = decode(msg);
  REQUIRE(decoded.ok());
  CHECK(decoded.value().tensor.dtype() == type);
  CHECK(bits_of<T>(decoded.value().tensor) == values);
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("TensorProto: every element type in raw_data and in its typed field", "[onnx][decoder]") {
  const std::vector<float> f32 = {0.0f, -0.0f, 1.5f, -3.25f, std::numeric_limits<float>::infinity(), 1e-45f};
  check_both_encodings(DType::kFloat32, f32, [&](pbf_writer& w) { w.add_packed_float(4, f32.begin(), f32.end()); });

  const std::vector<double> f64 = {0.1, -2.5, 1e300, -std::numeric_limits<double>::infinity()};
  check_both_encodings(DType::kFloat64, f64, [&](pbf_writer& w) { w.add_packed_double(10, f64.begin(), f64.end()); });

  const std::vector<int64_t> i64 = {std::numeric_limits<int64_t>::min(), -1, 0, std::numeric_limits<int64_t>::max()};
  check_both_encodings(DType::kInt64, i64, [&](pbf_writer& w) { w.add_packed_int64(7, i64.begin(), i64.end()); });

  const std::vector<uint64_t> u64 = {0, 1, std::numeric_limits<uint64_t>::max()};
  check_both_encodings(DType::kUint64, u64, [&](pbf_writer& w) { w.add_packed_uint64(11, u64.begin(), u64.end()); });

  // uint32 travels in uint64_data; the narrower integers and the 16-bit floats' bit patterns in int32_data.
  const std::vector<uint32_t> u32 = {0, 7, 4294967295u};
  check_both_encodings(DType::kUint32, u32, [&](pbf_writer& w) {
    const std::vector<uint64_t> wide(u32.begin(), u32.end());
    w.add_packed_uint64(11, wide.begin(), wide.end());
  });
  const std::vector<int32_t> i32 = {std::numeric_limits<int32_t>::min(), -5, 0, std::numeric_limits<int32_t>::max()};
  check_both_encodings(DType::kInt32, i32, [&](pbf_writer& w) { w.add_packed_int32(5, i32.begin(), i32.end()); });

  auto via_int32 = [](const auto& values) {
    return [values](pbf_writer& w) {
      const std::vector<int32_t> wide(values.begin(), values.end());
      w.add_packed_int32(5, wide.begin(), wide.end());
    };
  };
  const std::vector<int16_t> i16 = {-32768, -1, 0, 32767};
  check_both_encodings(DType::kInt16, i16, via_int32(i16));
  const std::vector<int8_t> i8 = {-128, -1, 0, 127};
  check_both_encodings(DType::kInt8, i8, via_int32(i8));
  const std::vector<uint16_t> u16 = {0, 1, 65535};
  check_both_encodings(DType::kUint16, u16, via_int32(u16));
  const std::vector<uint8_t> u8 = {0, 200, 255};
  check_both_encodings(DType::kUint8, u8, via_int32(u8));
  // float16 1.0, -2.0, +Inf, NaN; bfloat16 1.0, -2.0, smallest subnormal.
  const std::vector<uint16_t> f16 = {0x3c00, 0xc000, 0x7c00, 0x7e00};
  check_both_encodings(DType::kFloat16, f16, via_int32(f16));
  const std::vector<uint16_t> bf16 = {0x3f80, 0xc000, 0x0001};
  check_both_encodings(DType::kBFloat16, bf16, via_int32(bf16));
}

TEST_CASE("TensorProto: typed fields written one element per field, dims packed, scalars and empties",
          "[onnx][decoder]") {
  SECTION("unpacked float_data and packed dims") {
    std::string msg;
    pbf_writer w(msg);
    const std::vector<int64_t> dims = {2, 1};
    w.add_packed_int64(1, dims.begin(), dims.end());
    w.add_int32(2, 1);
    w.add_float(4, 2.5f);
    w.add_float(4, -1.0f);
    auto t = decode(msg);
    REQUIRE(t.ok());
    CHECK(t.value().tensor.dims() == Dims{2, 1});
    CHECK(ow::test::values_of<float>(t.value().tensor) == std::vector<float>{2.5f, -1.0f});
  }
  SECTION("a scalar has no dims and one element") {
    auto t = decode(pb::tensor_raw<double>("", 11, {}, {4.0}));
    REQUIRE(t.ok());
    CHECK(t.value().tensor.rank() == 0);
    CHECK(same_bits(t.value().tensor.data<double>()[0], 4.0));
  }
  SECTION("an empty tensor needs no data") {
    auto t = decode(pb::tensor_header("e", 1, {3, 0}));
    REQUIRE(t.ok());
    CHECK(t.value().tensor.size() == 0);
    CHECK(t.value().tensor.dims() == Dims{3, 0});
  }
}

TEST_CASE("TensorProto: data that does not fit the type or shape is refused", "[onnx][decoder]") {
  auto expect = [](const std::string& msg, ErrorCode code, const std::string& fragment) {
    auto t = decode(msg);
    REQUIRE_FALSE(t.ok());
    INFO(t.status().message());
    CHECK(t.status().code() == code);
    CHECK(t.status().message().find(fragment) != std::string::npos);
  };
  expect(pb::tensor_raw<float>("w", 1, {3}, {1, 2}), ErrorCode::kInvalidModel,
         "tensor 'w': raw_data holds 8 bytes but its shape [3] of float32 needs 12");
  {
    std::string msg = pb::tensor_header("w", 1, {3});
    pbf_writer w(msg);
    const std::vector<float> two = {1, 2};
    w.add_packed_float(4, two.begin(), two.end());
    expect(msg, ErrorCode::kInvalidModel, "float_data holds 2 values but its shape [3] of float32 needs 3");
  }
  {
    std::string msg = pb::tensor_header("w", 6, {1});  // int32 in float_data
    pbf_writer w(msg);
    w.add_float(4, 1.0f);
    expect(msg, ErrorCode::kInvalidModel, "stores its values in float_data, which cannot hold that type");
  }
  {
    std::string msg = pb::tensor_raw<float>("w", 1, {1}, {1});
    pbf_writer w(msg);
    w.add_float(4, 1.0f);
    expect(msg, ErrorCode::kInvalidModel, "holds data in both raw_data and float_data");
  }
  expect(pb::tensor_header("w", 1, {2}), ErrorCode::kInvalidModel, "has no data, but its shape [2] of float32 needs 2");
  expect(pb::tensor_header("w", 0, {}), ErrorCode::kInvalidModel, "tensor 'w' has no data_type");
  expect(pb::tensor_raw<uint64_t>("b", 14, {1}, {1}), ErrorCode::kUnsupported,
         "tensor 'b' has element type complex64, which this runtime does not support");
  expect(pb::tensor_header("s", 8, {0}), ErrorCode::kUnsupported, "element type string");
  expect(pb::tensor_raw<float>("n", 1, {2, -1}, {}), ErrorCode::kInvalidModel,
         "tensor 'n' has a negative dimension in its shape [2,-1]");
  // A shape far larger than its data is malformed, not a request for memory: nothing is allocated.
  expect(pb::tensor_raw<float>("huge", 1, {1 << 30, 1 << 30}, {}), ErrorCode::kInvalidModel,
         "tensor 'huge': raw_data holds 0 bytes but its shape [1073741824,1073741824] of float32 needs more than 4294967295");
}

TEST_CASE("TensorProto: external data is refused with the file it names", "[onnx][decoder]") {
  std::string entry;
  {
    pbf_writer e(entry);
    e.add_string(1, "location");
    e.add_string(2, "weights.bin");
  }
  SECTION("external_data with data_location EXTERNAL") {
    std::string msg = pb::tensor_header("w", 1, {4});
    pbf_writer w(msg);
    w.add_message(13, entry);
    w.add_int32(14, 1);
    auto t = decode(msg);
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().code() == ErrorCode::kUnsupported);
    CHECK(t.status().message() ==
          "tensor 'w' keeps its data in an external file ('weights.bin'); external data is not supported: save the "
          "model with its tensors inside the .onnx file");
  }
  SECTION("data_location EXTERNAL alone") {
    std::string msg = pb::tensor_header("w", 1, {4});
    pbf_writer w(msg);
    w.add_int32(14, 1);
    auto t = decode(msg);
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().code() == ErrorCode::kUnsupported);
    CHECK(t.status().message().find("external file;") != std::string::npos);
  }
  SECTION("an initializer of a model") {
    std::string init = pb::tensor_header("w", 1, {4});
    pbf_writer w(init);
    w.add_message(13, entry);
    const std::string m = pb::model({8, {{"", 13}}, pb::graph({{}, {init}, {}, {}})});
    auto model = decode_m(m);
    REQUIRE_FALSE(model.ok());
    CHECK(model.status().code() == ErrorCode::kUnsupported);
    CHECK(model.status().message().find("initializer: tensor 'w' keeps its data in an external file") == 0);
  }
}

TEST_CASE("ModelProto: graph, nodes, attributes, opsets and value infos decode", "[onnx][decoder]") {
  const std::string n = pb::node({"AveragePool",
                                  {"x"},
                                  {"y"},
                                  "pool1",
                                  {pb::attr_ints("kernel_shape", {2, 2}), pb::attr_ints("pads", {0, 1, 0, 1}, true),
                                   pb::attr_int("ceil_mode", 1), pb::attr_string("auto_pad", "NOTSET"),
                                   pb::attr_float("alpha", 0.5f), pb::attr_floats("scales", {1.5f, 2})},
                                  ""});
  const std::vector<pb::DimSpec> dims = {pb::fixed(1), pb::symbolic("N"), pb::symbolic()};
  const std::string m = pb::model({7,
                                   {{"", 19}, {"ai.onnx.ml", 3}},
                                   pb::graph({{n},
                                              {pb::tensor_raw<float>("w", 1, {1}, {3})},
                                              {pb::value_info("x", 1, dims)},
                                              {pb::value_info("y", 1, nullptr)}})});
  auto decoded = decode_m(m);
  REQUIRE(decoded.ok());
  const Model& model = decoded.value();
  CHECK(model.ir_version == 7);
  REQUIRE(model.opset_imports.size() == 2);
  CHECK(model.opset_imports[0].domain.empty());
  CHECK(model.opset_imports[0].version == 19);
  CHECK(model.opset_imports[1].domain == "ai.onnx.ml");
  REQUIRE(model.has_graph);
  REQUIRE(model.graph.nodes.size() == 1);
  const Node& node = model.graph.nodes[0];
  CHECK(node.name == "pool1");
  CHECK(node.op_type == "AveragePool");
  CHECK(node.inputs == std::vector<std::string>{"x"});
  CHECK(node.outputs == std::vector<std::string>{"y"});
  CHECK(node.attributes.find("kernel_shape")->ints == std::vector<int64_t>{2, 2});
  CHECK(node.attributes.find("pads")->ints == std::vector<int64_t>{0, 1, 0, 1});
  CHECK(node.attributes.find("ceil_mode")->kind == AttributeValue::Kind::kInt);
  CHECK(node.attributes.find("ceil_mode")->i == 1);
  CHECK(node.attributes.find("auto_pad")->s == "NOTSET");
  CHECK(node.attributes.find("alpha")->kind == AttributeValue::Kind::kFloat);
  CHECK(node.attributes.find("alpha")->f == 0.5);
  CHECK(node.attributes.find("scales")->floats == std::vector<double>{1.5, 2});
  REQUIRE(model.graph.initializers.size() == 1);
  CHECK(model.graph.initializers[0].name == "w");
  REQUIRE(model.graph.inputs.size() == 1);
  const ValueInfo& x = model.graph.inputs[0];
  CHECK(x.name == "x");
  CHECK((x.has_type && x.is_tensor && x.elem_type == 1 && x.has_shape));
  REQUIRE(x.shape.size() == 3);
  CHECK((x.shape[0].fixed && x.shape[0].value == 1));
  CHECK((!x.shape[1].fixed && x.shape[1].param == "N"));
  CHECK((!x.shape[2].fixed && x.shape[2].param.empty()));
  REQUIRE(model.graph.outputs.size() == 1);
  CHECK_FALSE(model.graph.outputs[0].has_shape);
}

TEST_CASE("AttributeProto: malformed attributes are refused naming the node", "[onnx][decoder]") {
  auto attribute = [](auto fill) {
    std::string s;
    pbf_writer w(s);
    fill(w);
    return s;
  };
  auto expect = [](const std::string& attr, const std::string& message) {
    const std::string m = pb::model({8, {{"", 13}}, pb::graph({{pb::node({"Floor", {"x"}, {"y"}, "f1", {attr}, ""})}})});
    auto model = decode_m(m);
    REQUIRE_FALSE(model.ok());
    CHECK(model.status().code() == ErrorCode::kInvalidModel);
    CHECK(model.status().message() == "cannot decode the model: node 'f1' (Floor): " + message);
  };
  expect(attribute([](pbf_writer& w) { w.add_int64(3, 1); }), "an attribute has no name");
  expect(attribute([](pbf_writer& w) {
           w.add_string(1, "axes");
           w.add_int32(20, 7);  // INTS
           w.add_float(2, 1.0f);
         }),
         "attribute 'axes' has type INTS but also holds a value of type FLOAT");
  expect(attribute([](pbf_writer& w) {
           w.add_string(1, "k");
           w.add_int32(20, 99);
         }),
         "attribute 'k' has unknown type 99");
  expect(attribute([](pbf_writer& w) { w.add_string(1, "k"); }), "attribute 'k' has no type");
  expect(attribute([](pbf_writer& w) {
           w.add_string(1, "k");
           w.add_string(21, "outer");
         }),
         "attribute 'k' refers to attribute 'outer' of an enclosing function (ref_attr_name), which only function "
         "bodies may do");

  // Twice the same name.
  const std::string twice = pb::node({"Floor", {"x"}, {"y"}, "f1", {pb::attr_int("a", 1), pb::attr_int("a", 2)}, ""});
  auto model = decode_m(pb::model({8, {{"", 13}}, pb::graph({{twice}})}));
  REQUIRE_FALSE(model.ok());
  CHECK(model.status().message() == "cannot decode the model: node 'f1' (Floor): attribute 'a' is given twice");

  // IR version 1 attributes have no type field: the one value present tells it.
  const std::string typeless = attribute([](pbf_writer& w) {
    w.add_string(1, "k");
    w.add_int64(3, 5);
  });
  auto ok = decode_m(pb::model({1, {{"", 1}}, pb::graph({{pb::node({"Floor", {"x"}, {"y"}, "", {typeless}, ""})}})}));
  REQUIRE(ok.ok());
  CHECK(ok.value().graph.nodes[0].attributes.find("k")->i == 5);
}

TEST_CASE("Malformed protobuf is refused cleanly: truncation, bad tags, wrong wire types, garbage",
          "[onnx][decoder]") {
  const std::string valid = pb::model(
      {8,
       {{"", 13}},
       pb::graph({{pb::node({"Floor", {"x"}, {"y"}, "f", {pb::attr_ints("consumed_inputs", {0})}, ""})},
                  {pb::tensor_raw<float>("w", 1, {2}, {1, 2})},
                  {pb::value_info("x", 1, {pb::fixed(2)})},
                  {pb::value_info("y", 1, {pb::fixed(2)})}})});
  REQUIRE(decode_m(valid).ok());

  SECTION("every truncation is an error value or a shorter valid message") {
    size_t truncated_errors = 0;
    for (size_t n = 0; n < valid.size(); ++n) {
      auto m = decode_model(valid.data(), n);
      if (m.ok()) continue;
      CHECK(m.status().code() == ErrorCode::kInvalidModel);
      truncated_errors += m.status().message().find("ends in the middle of a field") != std::string::npos;
    }
    CHECK(truncated_errors > valid.size() / 2);
    auto cut = decode_model(valid.data(), valid.size() - 3);
    REQUIRE_FALSE(cut.ok());
    CHECK(cut.status().message() ==
          "cannot decode the model: the protobuf data ends in the middle of a field (truncated file?)");
  }
  SECTION("tag 0 and wire type 7") {
    const std::string zero_tag("\x00\x01", 2);
    auto m = decode_m(zero_tag);
    REQUIRE_FALSE(m.ok());
    CHECK(m.status().message() == "cannot decode the model: malformed protobuf data (invalid tag exception)");
    auto t = decode(std::string("\x0f", 1));  // field 1, wire type 7
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().message() == "cannot decode the TensorProto: malformed protobuf data (unknown pbf field type exception)");
  }
  SECTION("a varint longer than 10 bytes") {
    auto m = decode_m(std::string("\x08") + std::string(11, '\xff'));
    REQUIRE_FALSE(m.ok());
    CHECK(m.status().message() == "cannot decode the model: malformed protobuf data (varint too long exception)");
  }
  SECTION("a known field with the wrong wire type") {
    std::string n;
    pbf_writer w(n);
    w.add_int64(4, 3);  // op_type as a varint
    auto m = decode_m(pb::model({8, {{"", 13}}, pb::graph({{n}})}));
    REQUIRE_FALSE(m.ok());
    CHECK(m.status().message() ==
          "cannot decode the model: node #0: field 4 has wire type varint where length-delimited was expected");
  }
  SECTION("packed float_data whose length is not a multiple of 4") {
    std::string msg = pb::tensor_header("w", 1, {1});
    pbf_writer w(msg);
    w.add_bytes(4, std::string("\x00\x00\x80", 3));
    auto t = decode(msg);
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().message() == "cannot decode the TensorProto: malformed protobuf data (invalid length exception)");
  }
  SECTION("random bytes and random corruptions of a valid model never crash") {
    std::mt19937 rng(12345);
    for (int i = 0; i < 2000; ++i) {
      std::string bytes = valid;
      if (i % 2) {
        bytes.resize(rng() % 64);
        for (char& c : bytes) c = static_cast<char>(rng());
      } else {
        for (int k = 0; k < 3; ++k) bytes[rng() % bytes.size()] = static_cast<char>(rng());
      }
      // Nothing escapes as an exception; failures are the decoder's error kinds.
      for (ErrorCode code : {decode_m(bytes).status().code(), decode(bytes).status().code()})
        CHECK((code == ErrorCode::kOk || code == ErrorCode::kInvalidModel || code == ErrorCode::kUnsupported ||
               code == ErrorCode::kInvalidArgument || code == ErrorCode::kOutOfMemory));
    }
  }
}
