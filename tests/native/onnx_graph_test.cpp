// Sessions over decoded models: order, initializers, several outputs, opset resolution, release of
// intermediates, feed checks, and every refusal naming the node and the reason.
#include <cmath>

#include "session_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {


std::string f32_info(const std::string& name, std::vector<pb::DimSpec> dims = {pb::symbolic("N")}) {
  return pb::value_info(name, kF32, dims);
}

Status run(const Session& s, std::vector<Feed> feeds, Outputs& outputs) { return s.run(feeds, outputs); }

std::vector<float> floor_of(std::vector<float> v) {
  for (float& x : v) x = std::floor(x);
  return v;
}
std::vector<float> ceil_of(std::vector<float> v) {
  for (float& x : v) x = std::ceil(x);
  return v;
}

const std::vector<float> kX = {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 3.7f, -3.7f};

}  // namespace

TEST_CASE("Graph: nodes in any file order run in topological order", "[onnx][graph]") {
  // y = Ceil(Floor(x) ... ) written consumer first: c <- b <- a.
  auto session = load({{pb::node({"Round", {"b"}, {"y"}, "c", {}, ""}), pb::node({"Ceil", {"a"}, {"b"}, "b", {}, ""}),
                        pb::node({"Floor", {"x"}, {"a"}, "a", {}, ""})},
                       {},
                       {f32_info("x")},
                       {f32_info("y")}});
  REQUIRE(session.ok());
  const auto plan = session.value().plan();
  REQUIRE(plan.size() == 3);
  CHECK(plan[0].node == "node 'a' (Floor)");
  CHECK(plan[1].node == "node 'b' (Ceil)");
  CHECK(plan[2].node == "node 'c' (Round)");
  // Each intermediate is freed right after its only reader; the graph output never is.
  CHECK(plan[0].frees.empty());
  CHECK(plan[1].frees == std::vector<std::string>{"a"});
  CHECK(plan[2].frees == std::vector<std::string>{"b"});

  Tensor x = make_tensor<float>({8}, kX);
  Outputs out;
  REQUIRE(run(session.value(), {{"x", x}}, out).ok());
  REQUIRE(out.size() == 1);
  CHECK(values_of<float>(out[0]) == ceil_of(floor_of(kX)));  // Round of integers is the identity
}

TEST_CASE("Graph: initializers, optional feeds that replace them, several outputs", "[onnx][graph]") {
  // Outputs: f = Floor(x) (also read by a later node), c = Ceil(w) with w an initializer that is also
  // an input, k = Ceil(f).
  auto session = load({{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Ceil", {"w"}, {"c"}, "", {}, ""}),
                        pb::node({"Ceil", {"f"}, {"k"}, "", {}, ""})},
                       {pb::tensor_raw<float>("w", kF32, {2}, {0.25f, -1.75f})},
                       {f32_info("x"), f32_info("w", {pb::fixed(2)})},
                       {f32_info("f"), f32_info("c"), f32_info("k")}});
  REQUIRE(session.ok());
  const Session& s = session.value();
  CHECK(s.input_names() == std::vector<std::string>{"x"});  // w has a default
  CHECK(s.output_names() == std::vector<std::string>{"f", "c", "k"});
  for (const auto& step : s.plan()) CHECK(step.frees.empty());  // every produced value is an output

  Tensor x = make_tensor<float>({8}, kX);
  Outputs out;
  REQUIRE(run(s, {{"x", x}}, out).ok());
  REQUIRE(out.size() == 3);
  CHECK(values_of<float>(out[0]) == floor_of(kX));
  CHECK(values_of<float>(out[1]) == std::vector<float>{1.0f, -1.0f});
  CHECK(values_of<float>(out[2]) == floor_of(kX));

  Tensor w = make_tensor<float>({2}, {5.5f, 6.5f});
  REQUIRE(run(s, {{"x", x}, {"w", w}}, out).ok());
  CHECK(values_of<float>(out[1]) == std::vector<float>{6.0f, 7.0f});

  // A graph output can be an initializer or a graph input itself.
  auto passthrough =
      load({{}, {pb::tensor_raw<float>("w", kF32, {1}, {2.0f})}, {f32_info("x")}, {f32_info("x"), f32_info("w")}});
  REQUIRE(passthrough.ok());
  REQUIRE(run(passthrough.value(), {{"x", x}}, out).ok());
  CHECK(values_of<float>(out[0]) == kX);
  CHECK(values_of<float>(out[1]) == std::vector<float>{2.0f});
}

TEST_CASE("Graph: unused values are freed after the step that makes them", "[onnx][graph]") {
  auto session = load({{pb::node({"Floor", {"x"}, {"unused"}, "u", {}, ""}), pb::node({"Ceil", {"x"}, {"y"}, "c", {}, ""})},
                       {},
                       {f32_info("x")},
                       {f32_info("y")}});
  REQUIRE(session.ok());
  const auto plan = session.value().plan();
  REQUIRE(plan.size() == 2);
  CHECK(plan[0].node == "node 'u' (Floor)");
  CHECK(plan[0].frees == std::vector<std::string>{"unused"});
}

TEST_CASE("Graph: Min and AveragePool nodes with an initializer match the operators run one by one", "[onnx][graph]") {
  // a = Floor(x), b = Ceil(x), m = Min(a, b, w) with w broadcast over the channels, y = AveragePool(m).
  auto session = load({{pb::node({"AveragePool", {"m"}, {"y"}, "pool", {pb::attr_ints("kernel_shape", {2, 2}),
                                                                          pb::attr_ints("pads", {1, 1, 0, 0}),
                                                                          pb::attr_int("count_include_pad", 1)}, ""}),
                        pb::node({"Min", {"a", "b", "w"}, {"m"}, "min", {}, ""}),
                        pb::node({"Ceil", {"x"}, {"b"}, "ceil", {}, ""}),
                        pb::node({"Floor", {"x"}, {"a"}, "floor", {}, ""})},
                       {pb::tensor_raw<float>("w", kF32, {1, 2, 1, 1}, {0.5f, -1.0f})},
                       {f32_info("x", {pb::symbolic("N"), pb::fixed(2), pb::fixed(2), pb::fixed(2)})},
                       {f32_info("y")}},
                      19);
  REQUIRE(session.ok());
  const auto plan = session.value().plan();
  REQUIRE(plan.size() == 4);
  CHECK(plan[2].node == "node 'min' (Min)");
  CHECK(plan[2].frees == std::vector<std::string>{"b", "a"});  // in the file order of their producers
  CHECK(plan[3].frees == std::vector<std::string>{"m"});

  Tensor x = make_tensor<float>({1, 2, 2, 2}, kX);
  Outputs out;
  REQUIRE(run(session.value(), {{"x", x}}, out).ok());
  Tensor a, b, m, y, w = make_tensor<float>({1, 2, 1, 1}, {0.5f, -1.0f});
  REQUIRE(test::run("Floor", 19, {}, {&x}, &a).ok());
  REQUIRE(test::run("Ceil", 19, {}, {&x}, &b).ok());
  REQUIRE(test::run("Min", 19, {}, {&a, &b, &w}, &m).ok());
  Attributes pool;
  pool.set("kernel_shape", AttributeValue::Ints({2, 2}));
  pool.set("pads", AttributeValue::Ints({1, 1, 0, 0}));
  pool.set("count_include_pad", AttributeValue::Int(1));
  REQUIRE(test::run("AveragePool", 19, pool, {&m}, &y).ok());
  REQUIRE(out.size() == 1);
  CHECK(out[0].dims() == y.dims());
  CHECK(values_of<float>(out[0]) == values_of<float>(y));

  // An input nobody produces, on a node whose operator exists.
  expect_error(load({{pb::node({"Min", {"x", "ghost"}, {"y"}, "m", {}, ""})}, {}, {f32_info("x")}, {f32_info("y")}}),
               ErrorCode::kInvalidModel,
               "node 'm' (Min): input 'ghost' is produced by no node and is neither a graph input nor an initializer");
}

TEST_CASE("Graph: each node resolves its version from the model's opset", "[onnx][graph]") {
  auto floor_model = [](int64_t opset) {
    return load(
        {{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})}, {}, {pb::value_info("x", kBF16, {pb::fixed(2)})}, {f32_info("y")}},
        opset);
  };
  Tensor bf16 = make_tensor<BFloat16>({2}, {BFloat16{0x3fc0}, BFloat16{0xbfc0}});  // 1.5, -1.5
  Outputs out;
  auto v13 = floor_model(13);
  REQUIRE(v13.ok());
  REQUIRE(run(v13.value(), {{"x", bf16}}, out).ok());
  CHECK(out[0].data<BFloat16>()[0].bits == 0x3f80);  // 1.0
  CHECK(out[0].data<BFloat16>()[1].bits == 0xc000);  // -2.0

  auto v12 = floor_model(12);  // Floor-6: no bfloat16
  REQUIRE(v12.ok());
  Status st = run(v12.value(), {{"x", bf16}}, out);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() ==
        "node 'f' (Floor): Floor-6: input 0 has type bfloat16, which this version does not accept (it accepts float64, "
        "float32, float16)");

  // Version 1's consumed_inputs is refused from opset 6 on, naming the node.
  auto consumed = [](int64_t opset) {
    return load({{pb::node({"Floor", {"x"}, {"y"}, "f", {pb::attr_ints("consumed_inputs", {0})}, ""})},
                 {},
                 {f32_info("x")},
                 {f32_info("y")}},
                opset);
  };
  REQUIRE(consumed(5).ok());
  expect_error(consumed(6), ErrorCode::kInvalidArgument,
               "node 'f' (Floor): Floor-6: attribute 'consumed_inputs' is not defined by this version (defined by "
               "version 1)");

  auto round10 = load({{pb::node({"Round", {"x"}, {"y"}, "r", {}, ""})}, {}, {f32_info("x")}, {f32_info("y")}}, 10);
  expect_error(round10, ErrorCode::kUnsupported, "node 'r' (Round): Round: opset 10 is older than its first version 11");

  // "ai.onnx" names the default domain too, in opset_import and in nodes.
  auto named = load(pb::model({8,
                               {{"ai.onnx", 11}},
                               pb::graph({{pb::node({"Round", {"x"}, {"y"}, "r", {}, "ai.onnx"})},
                                          {},
                                          {f32_info("x")},
                                          {f32_info("y")}})}));
  REQUIRE(named.ok());
}

TEST_CASE("Graph: run checks each feed's type and fixed dimensions; symbolic ones take any size", "[onnx][graph]") {
  auto session = load({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})},
                       {},
                       {f32_info("x", {pb::fixed(2), pb::symbolic("N"), pb::symbolic()})},
                       {f32_info("y")}});
  REQUIRE(session.ok());
  const Session& s = session.value();
  Outputs out;
  for (int64_t n : {1, 3}) {
    Tensor x = make_tensor<float>({2, n, 2}, std::vector<float>(static_cast<size_t>(4 * n), 1.5f));
    REQUIRE(run(s, {{"x", x}}, out).ok());
    CHECK(out[0].dims() == Dims{2, n, 2});
  }
  auto error_of = [&](std::vector<Feed> feeds) { return run(s, std::move(feeds), out).message(); };
  CHECK(error_of({{"x", make_tensor<double>({2, 1, 1}, {1, 2})}}) == "input 'x' must have type float32, got float64");
  CHECK(error_of({{"x", make_tensor<float>({3, 1, 1}, {1, 2, 3})}}) ==
        "input 'x': dimension 0 must be 2, got 3 (the model declares shape [2,N,?])");
  CHECK(error_of({{"x", make_tensor<float>({2, 1}, {1, 2})}}) ==
        "input 'x' must have 3 dimensions, got shape [2,1] (the model declares shape [2,N,?])");
  CHECK(error_of({}) == "input 'x' is missing from the feeds");
  Tensor x = make_tensor<float>({2, 1, 1}, {1, 2});
  CHECK(error_of({{"x", x}, {"z", x}}) == "'z' is not an input of the model (its inputs: 'x')");
  CHECK(error_of({{"x", x}, {"x", x}}) == "input 'x' is fed twice");
}

TEST_CASE("Graph: refusals name the node and the reason", "[onnx][graph]") {
  const std::string x = f32_info("x");
  const std::string y = f32_info("y");

  SECTION("an operator the runtime lacks, with its domain") {
    expect_error(load({{pb::node({"MaxRoiPool", {"x"}, {"y"}, "roi", {}, ""})}, {}, {x}, {y}}),
                 ErrorCode::kUnsupported, "node 'roi' (MaxRoiPool): unsupported operator 'MaxRoiPool' (domain ai.onnx)");
    // An unnamed node is named by its output.
    expect_error(load({{pb::node({"DFT", {"x"}, {"y"}, "", {}, ""})}, {}, {x}, {y}}), ErrorCode::kUnsupported,
                 "the node computing 'y' (DFT): unsupported operator 'DFT' (domain ai.onnx)");
  }
  SECTION("an operator domain the runtime lacks") {
    auto s = load(pb::model({8,
                             {{"", 13}, {"com.microsoft", 1}},
                             pb::graph({{pb::node({"FusedConv", {"x"}, {"y"}, "fc", {}, "com.microsoft"})}, {}, {x}, {y}})}));
    expect_error(s, ErrorCode::kUnsupported,
                 "node 'fc' (FusedConv): unsupported operator domain 'com.microsoft'; this runtime implements only the "
                 "default ONNX domain (ai.onnx)");
  }
  SECTION("an input nobody produces") {
    expect_error(load({{pb::node({"Ceil", {"ghost"}, {"y"}, "c", {}, ""})}, {}, {x}, {y}}), ErrorCode::kInvalidModel,
                 "node 'c' (Ceil): input 'ghost' is produced by no node and is neither a graph input nor an initializer");
  }
  SECTION("a node naming more outputs than its operator produces") {
    expect_error(load({{pb::node({"Floor", {"x"}, {"y", "z"}, "f", {}, ""})}, {}, {x}, {y}}), ErrorCode::kInvalidModel,
                 "node 'f' (Floor): the node names 2 outputs but Floor-13 produces 1");
  }
  SECTION("a cycle") {
    auto s = load({{pb::node({"Floor", {"x"}, {"a"}, "start", {}, ""}), pb::node({"Ceil", {"c"}, {"b"}, "p", {}, ""}),
                    pb::node({"Round", {"b"}, {"c"}, "q", {}, ""}), pb::node({"Floor", {"c"}, {"y"}, "end", {}, ""})},
                   {},
                   {x},
                   {y}});
    expect_error(s, ErrorCode::kInvalidModel,
                 "node 'p' (Ceil) is on a cycle: node 'p' (Ceil) -> node 'q' (Round) -> node 'p' (Ceil)");
    auto self = load({{pb::node({"Floor", {"s"}, {"s"}, "self", {}, ""})}, {}, {x}, {f32_info("s")}});
    expect_error(self, ErrorCode::kInvalidModel, "node 'self' (Floor) is on a cycle: node 'self' (Floor) -> node 'self' (Floor)");
  }
  SECTION("a malformed attribute") {
    std::string attr;
    {
      protozero::pbf_writer w(attr);
      w.add_string(1, "consumed_inputs");
      w.add_int32(20, 7);  // INTS
      w.add_string(4, "not ints");
    }
    expect_error(load({{pb::node({"Floor", {"x"}, {"y"}, "f", {attr}, ""})}, {}, {x}, {y}}), ErrorCode::kInvalidModel,
                 "cannot decode the model: node 'f' (Floor): attribute 'consumed_inputs' has type INTS but also holds "
                 "a value of type STRING");
  }
  SECTION("a value defined twice") {
    expect_error(load({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""}), pb::node({"Ceil", {"x"}, {"y"}, "c", {}, ""})},
                       {},
                       {x},
                       {y}}),
                 ErrorCode::kInvalidModel,
                 "node 'c' (Ceil): 'y' is defined twice: as an output of node 'f' (Floor) and as an output of node 'c' (Ceil)");
    expect_error(load({{pb::node({"Floor", {"x"}, {"x"}, "f", {}, ""})}, {}, {x}, {x}}), ErrorCode::kInvalidModel,
                 "node 'f' (Floor): 'x' is defined twice: as a graph input and as an output of node 'f' (Floor)");
  }
  SECTION("graph inputs and outputs") {
    expect_error(load({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})}, {}, {x}, {f32_info("z")}}),
                 ErrorCode::kInvalidModel,
                 "graph output 'z' is produced by no node and is neither a graph input nor an initializer");
    expect_error(load({{}, {}, {x}, {}}), ErrorCode::kInvalidModel, "the graph has no outputs");
    expect_error(load({{}, {}, {pb::value_info("b", 8, {pb::fixed(1)})}, {f32_info("b")}}), ErrorCode::kUnsupported,
                 "graph input 'b' has element type string, which this runtime does not support");
    expect_error(load({{}, {}, {x, x}, {x}}), ErrorCode::kInvalidModel, "graph input 'x' is listed twice");
    expect_error(load({{}, {pb::tensor_raw<double>("w", kF64, {1}, {1.0})}, {f32_info("w")}, {f32_info("w")}}),
                 ErrorCode::kInvalidModel, "graph input 'w' is declared float32 but its initializer is float64");
  }
  SECTION("missing IR version, opset or graph") {
    const std::string g = pb::graph({{pb::node({"Floor", {"x"}, {"y"}, "f", {}, ""})}, {}, {x}, {y}});
    expect_error(load(pb::model({0, {{"", 13}}, g})), ErrorCode::kInvalidModel, "the model has no ir_version");
    expect_error(load(pb::model({8, {}, g})), ErrorCode::kInvalidModel, "the model has no opset_import");
    expect_error(load(pb::model({8, {{"ai.onnx.ml", 3}}, g})), ErrorCode::kInvalidModel,
                 "node 'f' (Floor): the model imports no opset for the default ONNX domain (ai.onnx)");
    expect_error(load(pb::model({8, {{"", 11}, {"ai.onnx", 13}}, g})), ErrorCode::kInvalidModel,
                 "the model imports the default ONNX domain twice, as opset 11 and 13");
    expect_error(load(pb::model({8, {{"", 13}}, ""})), ErrorCode::kInvalidModel, "the model has no graph");
  }
}

TEST_CASE("Graph: the description keeps the model as declared, with each node's resolved version", "[onnx][graph]") {
  // Opset 12: Floor resolves to version 6, AveragePool to 11, Min to 12. w is an initializer also listed
  // as an input (an optional feed): described as an initializer, not as an input.
  auto session = load(
      pb::model({7,
                 {{"", 12}, {"ai.onnx.ml", 3}},
                 pb::graph({{pb::node({"AveragePool", {"m"}, {"y"}, "pool",
                                       {pb::attr_ints("kernel_shape", {2}), pb::attr_string("auto_pad", "VALID")}, ""}),
                             pb::node({"Min", {"f", "w"}, {"m"}, "", {}, ""}),
                             pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""})},
                            {pb::tensor_raw<float>("w", kF32, {1, 3, 1}, {1.0f, 2.0f, 3.0f})},
                            {f32_info("x", {pb::symbolic("N"), pb::fixed(3), pb::symbolic()}), f32_info("w")},
                            {pb::value_info("y", kF32, nullptr), f32_info("m", {pb::symbolic("N"), pb::fixed(3)})}})}));
  REQUIRE(session.ok());
  const ModelDescription& d = session.value().description();
  CHECK(d.ir_version == 7);
  REQUIRE(d.opset_imports.size() == 2);
  CHECK(d.opset_imports[1].domain == "ai.onnx.ml");
  CHECK(d.opset_imports[1].version == 3);
  CHECK(d.graph_name == "graph");
  REQUIRE(d.inputs.size() == 1);
  CHECK(d.inputs[0].name == "x");
  CHECK(d.inputs[0].elem_type == kF32);
  REQUIRE(d.inputs[0].shape.size() == 3);
  CHECK(d.inputs[0].shape[0].param == "N");
  CHECK(d.inputs[0].shape[1].fixed);
  CHECK(d.inputs[0].shape[1].value == 3);
  CHECK_FALSE(d.inputs[0].shape[2].fixed);
  CHECK(d.inputs[0].shape[2].param.empty());
  REQUIRE(d.outputs.size() == 2);
  CHECK(d.outputs[0].name == "y");
  CHECK_FALSE(d.outputs[0].has_shape);
  CHECK(d.outputs[1].shape.size() == 2);
  REQUIRE(d.initializers.size() == 1);
  CHECK(d.initializers[0].name == "w");
  CHECK(d.initializers[0].type == DType::kFloat32);
  CHECK(d.initializers[0].dims == Dims{1, 3, 1});
  REQUIRE(d.nodes.size() == 3);  // file order
  CHECK(d.nodes[0].node.op_type == "AveragePool");
  CHECK(d.nodes[0].version == 11);
  CHECK(d.nodes[0].node.inputs == std::vector<std::string>{"m"});
  REQUIRE(d.nodes[0].node.attributes.items().size() == 2);
  CHECK(d.nodes[0].node.attributes.find("auto_pad")->s == "VALID");
  CHECK(d.nodes[0].node.attributes.find("kernel_shape")->ints == std::vector<int64_t>{2});
  CHECK(d.nodes[1].node.name.empty());
  CHECK(d.nodes[1].version == 12);
  CHECK(d.nodes[1].node.outputs == std::vector<std::string>{"m"});
  CHECK(d.nodes[2].version == 6);
}
