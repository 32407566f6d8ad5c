// Hostile sizes and shapes: size arithmetic at the 32-bit limits, protobuf lengths that a 32-bit
// protozero would wrap, and graphs built to exhaust memory or time (enormous, long cycles, many
// attributes). Each must be refused with a clear error, or, for the large but legitimate ones, run.
#include <chrono>

#include "onnx/graph_checks.h"
#include "session_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {

std::string varint(uint64_t v) {
  std::string s;
  do {
    const auto byte = static_cast<char>(v & 0x7f);
    v >>= 7;
    s += v ? static_cast<char>(byte | 0x80) : byte;
  } while (v);
  return s;
}

// A length-delimited field whose stated length is `length`, followed by `content`.
std::string field_with_length(uint32_t field, uint64_t length, const std::string& content) {
  return varint(uint64_t{field} << 3 | 2) + varint(length) + content;
}

}  // namespace

TEST_CASE("Sizes: element and byte counts stop at the 32-bit limit, without wrapping", "[robustness]") {
  CHECK(element_count({}).value() == 1);
  CHECK(element_count({0, 5}).value() == 0);
  CHECK(element_count({65535, 65537}).value() == 4294967295u);  // the largest count there is
  CHECK(byte_count({65535, 65537}, 1).value() == 4294967295u);

  auto too_many = element_count({65536, 65536});  // 2^32: 0 in a 32-bit size_t
  REQUIRE_FALSE(too_many.ok());
  CHECK(too_many.status().code() == ErrorCode::kOutOfMemory);
  CHECK(too_many.status().message() == "shape [65536,65536] has too many elements to allocate");

  auto overflow64 = element_count({1 << 30, 1 << 30, 1 << 30, 1 << 30});  // 2^120
  REQUIRE_FALSE(overflow64.ok());
  CHECK(overflow64.status().code() == ErrorCode::kOutOfMemory);

  // A dimension no memory could hold is refused even when another dimension makes the tensor empty.
  auto huge_dim = element_count({0, int64_t{1} << 40});
  REQUIRE_FALSE(huge_dim.ok());
  CHECK(huge_dim.status().message() == "shape [0,1099511627776] has a dimension too large to allocate");

  auto bytes = byte_count({32768, 32768}, 4);
  REQUIRE_FALSE(bytes.ok());
  CHECK(bytes.status().code() == ErrorCode::kOutOfMemory);
  CHECK(bytes.status().message() ==
        "shape [32768,32768] of 4-byte elements needs 4294967296 bytes, more than the 4294967295 a tensor can have");

  auto negative = element_count({2, -1});
  REQUIRE_FALSE(negative.ok());
  CHECK(negative.status().code() == ErrorCode::kInvalidArgument);
  CHECK(negative.status().message() == "negative dimension -1 in shape [2,-1]");

  auto tensor = Tensor::allocate(DType::kUint8, {65536, 65536});
  REQUIRE_FALSE(tensor.ok());
  CHECK(tensor.status().code() == ErrorCode::kOutOfMemory);
}

TEST_CASE("Protobuf lengths past the buffer are refused, also those a 32-bit protozero would wrap", "[robustness]") {
  const std::string graph = pb::graph({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})}, {}, {pb::value_info("x", kF32, {pb::fixed(2)})},
                                       {pb::value_info("y", kF32, {pb::fixed(2)})}});
  const std::string ir = varint(1 << 3) + varint(8);
  // 2^31 and 2^32 - 1 turn negative as a 32-bit ptrdiff_t; 2^32 + 3 is 3 once cut to 32 bits; 2^63.
  for (uint64_t length : {uint64_t{1} << 31, uint64_t{0xffffffff}, (uint64_t{1} << 32) + 3, uint64_t{1} << 63}) {
    INFO("length " << length);
    const std::string truncated = "cannot decode the model: the protobuf data ends in the middle of a field (truncated file?)";
    // The graph field, an unknown field that is skipped, a node inside the graph, a tensor's raw_data.
    expect_error(load(ir + field_with_length(7, length, graph)), ErrorCode::kInvalidModel, truncated);
    expect_error(load(ir + field_with_length(3, length, graph)), ErrorCode::kInvalidModel, truncated);
    expect_error(load(ir + field_with_length(7, graph.size() + 3, field_with_length(1, length, "") + graph)),
                 ErrorCode::kInvalidModel, truncated);
    const std::string tensor = pb::tensor_header("t", kF32, {1}) + field_with_length(9, length, "abcd");
    auto t = decode_tensor(tensor.data(), tensor.size());
    REQUIRE_FALSE(t.ok());
    CHECK(t.status().message() == "cannot decode the TensorProto: the protobuf data ends in the middle of a field (truncated file?)");
    // A packed list and a shape's dimension list.
    const std::string packed = field_with_length(1, length, std::string(4, '\x01')) + varint(2 << 3) + varint(1);
    CHECK_FALSE(decode_tensor(packed.data(), packed.size()).ok());
  }
}

TEST_CASE("Graphs: refusals checked before anything is built", "[robustness]") {
  const std::string x = pb::value_info("x", kF32, {pb::fixed(2)});
  const std::string y = pb::value_info("y", kF32, {pb::fixed(2)});

  SECTION("input counts") {
    expect_error(load(model_of({{pb::node({"Min", {}, {"y"}, "m", {}, ""})}, {}, {x}, {y}})), ErrorCode::kInvalidArgument,
                 "node 'm' (Min): Min-13: expects at least 1 input, got 0");
    expect_error(load(model_of({{pb::node({"Floor", {"x", "x"}, {"y"}, "f", {}, ""})}, {}, {x}, {y}})),
                 ErrorCode::kInvalidArgument, "node 'f' (Floor): Floor-13: expects 1 input, got 2");
    // Trailing omitted optional inputs do not count.
    CHECK(load(model_of({{pb::node({"Floor", {"x", ""}, {"y"}, "f", {}, ""})}, {}, {x}, {y}})).ok());
  }
  SECTION("a negative declared dimension") {
    expect_error(load(model_of({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})}, {}, {pb::value_info("x", kF32, {pb::fixed(-2)})}, {y}})),
                 ErrorCode::kInvalidModel, "graph input 'x' declares dimension 0 as -2, which is negative");
  }
  SECTION("more than kMaxNodeAttributes attributes") {
    std::vector<std::string> attributes;
    for (size_t i = 0; i <= kMaxNodeAttributes; ++i) attributes.push_back(pb::attr_int("a" + std::to_string(i), 1));
    expect_error(load(model_of({{pb::node({"Floor", {"x"}, {"y"}, "f", attributes, ""})}, {}, {x}, {y}})),
                 ErrorCode::kUnsupported, "node 'f' (Floor): the node has more than 1024 attributes");
  }
  SECTION("more than kMaxGraphEntries entries") {
    const std::vector<std::string> inputs(kMaxGraphEntries, "x");
    expect_error(load(model_of({{pb::node({"Min", inputs, {"y"}, "m", {}, ""})}, {}, {x}, {y}})), ErrorCode::kUnsupported,
                 "the graph is too large: 2097158 nodes, node inputs, outputs and attributes, initializers, graph inputs "
                 "and outputs (at most 2097152)");
  }
  SECTION("more than kMaxGraphNameBytes of names") {
    const std::string name(kMaxGraphNameBytes, 'n');
    expect_error(load(model_of({{pb::node({"Floor", {"x"}, {"y"}, name, {}, ""})}, {}, {x}, {y}})), ErrorCode::kUnsupported,
                 "the graph is too large: its names and string attributes take 67108873 bytes (at most 67108864)");
  }
}

TEST_CASE("Graphs: 100,000 nodes in a chain run; a cycle through them is reported in part, in linear time", "[robustness]") {
  constexpr int kNodes = 100000;
  const std::string x = pb::value_info("x", kF32, {pb::fixed(3)});
  std::vector<std::string> chain, ring;
  for (int i = kNodes - 1; i >= 0; --i) {  // consumers first
    const std::string in = i ? "v" + std::to_string(i - 1) : "x";
    chain.push_back(pb::node({i % 2 ? "Ceil" : "Floor", {in}, {i == kNodes - 1 ? "y" : "v" + std::to_string(i)}, "", {}, ""}));
    ring.push_back(pb::node({"Floor", {"r" + std::to_string((i + kNodes - 1) % kNodes)}, {"r" + std::to_string(i)}, "n" + std::to_string(i), {}, ""}));
  }
  auto session = load(model_of({chain, {}, {x}, {pb::value_info("y", kF32, {pb::fixed(3)})}}));
  REQUIRE(session.ok());
  Outputs out;
  REQUIRE(session.value().run({{"x", make_tensor<float>({3}, {2.5f, -1.5f, 0.25f})}}, out).ok());
  CHECK(values_of<float>(out[0]) == std::vector<float>{2, -2, 0});

  ring.push_back(pb::node({"Min", {"x", "r0"}, {"y"}, "m", {}, ""}));
  const auto start = std::chrono::steady_clock::now();
  auto cyclic = load(model_of({ring, {}, {x}, {pb::value_info("y", kF32, {pb::fixed(3)})}}));
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE_FALSE(cyclic.ok());
  CHECK(cyclic.status().message() ==
        "node 'n99999' (Floor) is on a cycle: node 'n99999' (Floor) -> node 'n0' (Floor) -> node 'n1' (Floor) -> "
        "node 'n2' (Floor) -> node 'n3' (Floor) -> node 'n4' (Floor) -> node 'n5' (Floor) -> node 'n6' (Floor) -> "
        "... (100000 nodes in all) -> node 'n99999' (Floor)");
  // Quadratic work over 100,000 nodes would take minutes; a generous bound for sanitizer builds.
  CHECK(seconds < 20);
}

TEST_CASE("Feeds: an unknown name lists some of the inputs; an initializer's input takes its type", "[robustness]") {
  std::vector<std::string> inputs;
  std::vector<std::string> min_inputs;
  for (int i = 0; i < 20; ++i) {
    inputs.push_back(pb::value_info("i" + std::to_string(i), kF32, {pb::fixed(1)}));
    min_inputs.push_back("i" + std::to_string(i));
  }
  inputs.push_back(pb::value_info("w", 0, nullptr));  // declared without element type or shape
  min_inputs.push_back("w");
  auto session = load(model_of({{pb::node({"Min", min_inputs, {"y"}, "m", {}, ""})},
                                {pb::tensor_raw<float>("w", kF32, {1}, {0.5f})},
                                inputs,
                                {pb::value_info("y", kF32, {pb::fixed(1)})}}));
  REQUIRE(session.ok());
  Outputs out;
  Status unknown = session.value().run({{"zz", make_tensor<float>({1}, {1})}}, out);
  CHECK(unknown.message() ==
        "'zz' is not an input of the model (its inputs: 'i0', 'i1', 'i2', 'i3', 'i4', 'i5', 'i6', 'i7', 'i8', 'i9', "
        "'i10', 'i11', 'i12', 'i13', 'i14', 'i15' and 4 more)");
  Status wrong_type = session.value().run({{"w", make_tensor<double>({1}, {1})}}, out);
  CHECK(wrong_type.message() == "input 'w' must have type float32, got float64");
}
