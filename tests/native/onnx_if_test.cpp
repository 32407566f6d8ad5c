// If in sessions: branches decoded from GRAPH attributes, the condition read as the session runs, outer
// values read by name, nested Ifs, branch outputs of other shapes, the branch's values released, and
// refusals naming the node and the branch, against scalar references.
#include <cmath>

#include "session_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {

constexpr int32_t kBool = 9;

std::string info(const std::string& name, int32_t type, std::vector<pb::DimSpec> dims) { return pb::value_info(name, type, dims); }

// An If node named `name` choosing between the two graphs.
std::string if_node(const std::string& name, const std::string& cond, std::vector<std::string> outputs, const pb::GraphSpec& then_branch,
                    const pb::GraphSpec& else_branch) {
  return pb::node({"If", {cond}, std::move(outputs), name, {pb::attr_graph("then_branch", then_branch), pb::attr_graph("else_branch", else_branch)}, ""});
}

Tensor cond_of(bool value, Dims dims = {}) {
  Tensor t = Tensor::allocate(DType::kBool, std::move(dims)).take();
  if (t.size() == 1) t.data<Bool>()[0].value = value ? 1 : 0;
  return t;
}

const std::vector<float> kX = {-2.5f, 0.5f, 3.75f, -0.0f};

// y = cond ? Floor(x) + w : Ceil(x) with x a graph input and w an initializer of the graph; the then
// branch's Floor output is its own intermediate.
pb::GraphSpec floor_or_ceil() {
  return {{if_node("if", "cond", {"y"},
                   {{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Add", {"f", "w"}, {"s"}, "add", {}, ""})},
                    {},
                    {},
                    {info("s", kF32, {pb::symbolic()})}},
                   {{pb::node({"Ceil", {"x"}, {"c"}, "ceil", {}, ""})}, {}, {}, {info("c", kF32, {pb::symbolic()})}})},
          {pb::tensor_raw<float>("w", kF32, {1}, {10.0f})},
          {info("cond", kBool, {}), info("x", kF32, {pb::fixed(4)})},
          {info("y", kF32, {pb::symbolic()})}};
}

}  // namespace

TEST_CASE("If: the condition chooses the branch; branches read the graph's inputs and initializers", "[onnx][if]") {
  for (OptimizationLevel level : {OptimizationLevel::kDisabled, OptimizationLevel::kAll}) {
    auto session = load(floor_or_ceil(), 16, level);
    REQUIRE(session.ok());
    for (bool c : {true, false}) {
      Outputs out;
      REQUIRE(session.value().run({{"cond", cond_of(c)}, {"x", make_tensor<float>({4}, kX)}}, out).ok());
      REQUIRE(out.size() == 1);
      std::vector<float> want;
      for (float v : kX) want.push_back(c ? std::floor(v) + 10.0f : std::ceil(v));
      CHECK(values_of<float>(out[0]) == want);
      CHECK(std::signbit(values_of<float>(out[0])[3]) == !c);  // Ceil(-0) is -0; Floor(-0) + 10 is 10
    }
  }
}

TEST_CASE("If: nested, reading the enclosing branch's values; outputs of different shapes", "[onnx][if]") {
  // y = c1 ? (c2 ? Concat(t, t) : t) : x, t = Floor(x) the outer then branch's own value.
  const pb::GraphSpec inner_then{{pb::node({"Concat", {"t", "t"}, {"cat"}, "cat", {pb::attr_int("axis", 0)}, ""})}, {}, {}, {info("cat", kF32, {pb::symbolic()})}};
  const pb::GraphSpec inner_else{{}, {}, {}, {info("t", kF32, {pb::symbolic()})}};
  const pb::GraphSpec outer_then{{pb::node({"Floor", {"x"}, {"t"}, "floor", {}, ""}), if_node("inner", "c2", {"r"}, inner_then, inner_else)},
                                 {},
                                 {},
                                 {info("r", kF32, {pb::symbolic()})}};
  const pb::GraphSpec outer_else{{}, {}, {}, {info("x", kF32, {pb::symbolic()})}};
  auto session = load({{if_node("outer", "c1", {"y"}, outer_then, outer_else)},
                       {},
                       {info("c1", kBool, {}), info("c2", kBool, {pb::fixed(1)}), info("x", kF32, {pb::fixed(4)})},
                       {info("y", kF32, {pb::symbolic()})}},
                      16);
  REQUIRE(session.ok());
  std::vector<float> floors;
  for (float v : kX) floors.push_back(std::floor(v));
  std::vector<float> twice = floors;
  twice.insert(twice.end(), floors.begin(), floors.end());
  const struct {
    bool c1, c2;
    std::vector<float> want;
  } cases[] = {{true, true, twice}, {true, false, floors}, {false, true, kX}, {false, false, kX}};
  for (const auto& k : cases) {
    Outputs out;
    REQUIRE(session.value().run({{"c1", cond_of(k.c1)}, {"c2", cond_of(k.c2, {1})}, {"x", make_tensor<float>({4}, kX)}}, out).ok());
    CHECK(values_of<float>(out[0]) == k.want);
    CHECK(out[0].dims() == Dims{static_cast<int64_t>(k.want.size())});
    CHECK(out[0].exclusive());  // a copy where the branch gave the feed itself
  }
}

TEST_CASE("If: refusals name the node and the branch; a bad condition is refused as the session runs", "[onnx][if]") {
  const pb::GraphSpec unknown{{pb::node({"Floor", {"nope"}, {"f"}, "floor", {}, ""})}, {}, {}, {info("f", kF32, {pb::symbolic()})}};
  const pb::GraphSpec ok{{}, {}, {}, {info("x", kF32, {pb::symbolic()})}};
  expect_error(load({{if_node("if", "cond", {"y"}, unknown, ok)}, {}, {info("cond", kBool, {}), info("x", kF32, {pb::fixed(4)})}, {info("y", kF32, {pb::symbolic()})}}, 16),
               ErrorCode::kInvalidModel,
               "node 'if' (If): then_branch: node 'floor' (Floor): input 'nope' is produced by no node and is neither a graph input nor an initializer");

  auto session = load(floor_or_ceil(), 16);
  REQUIRE(session.ok());
  Outputs out;
  Status st = session.value().run({{"cond", cond_of(true, {2})}, {"x", make_tensor<float>({4}, kX)}}, out);
  CHECK(st.message().rfind("input 'cond' must have 0 dimensions, got shape [2]", 0) == 0);
  auto any_shape = load({{if_node("if", "cond", {"y"}, ok, ok)}, {}, {info("cond", kBool, {pb::symbolic()}), info("x", kF32, {pb::fixed(4)})}, {info("y", kF32, {pb::symbolic()})}}, 16);
  REQUIRE(any_shape.ok());
  st = any_shape.value().run({{"cond", cond_of(true, {0})}, {"x", make_tensor<float>({4}, kX)}}, out);
  CHECK(st.message() == "node 'if' (If): If-16: the condition must hold one element, got shape [0]");
  CHECK(st.code() == ErrorCode::kInvalidArgument);
}

TEST_CASE("If: the branch's intermediates are freed when it ends; the model's graph plans around the If", "[onnx][if]") {
  auto session = load(floor_or_ceil(), 16);
  REQUIRE(session.ok());
  const auto plan = session.value().plan();
  REQUIRE(plan.size() == 1);
  CHECK(plan[0].node == "node 'if' (If)");
  const auto& steps = session.value().description().steps;
  REQUIRE(steps.size() == 1);
  // The condition, then what the branches read, by value id (initializers come first).
  CHECK(steps[0].inputs == std::vector<std::string>{"cond", "w", "x"});
}
