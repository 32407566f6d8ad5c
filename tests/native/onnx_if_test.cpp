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
  REQUIRE(plan.size() == 4);
  CHECK(plan[0].node == "node 'if' (If)");
  CHECK(plan[1].node == "node 'if' (If): then_branch: node 'floor' (Floor)");
  CHECK(plan[2].node == "node 'if' (If): then_branch: node 'add' (Add)");
  CHECK(plan[2].frees == std::vector<std::string>{"f"});
  CHECK(plan[3].node == "node 'if' (If): else_branch: node 'ceil' (Ceil)");
  const auto& steps = session.value().description().steps;
  REQUIRE(steps.size() == 1);
  // The condition, then what the branches read, by value id (initializers come first).
  CHECK(steps[0].inputs == std::vector<std::string>{"cond", "w", "x"});
}

TEST_CASE("If: branches are optimized after the graph around them, whose folded values theirs read", "[onnx][if]") {
  // y = cond ? x + w[1:3] : Ceil(x), w a Constant node of the model's graph (as a scripted export's
  // weights are), the Slice's starts and ends Constant nodes of the branch: at 'all' the Slice folds.
  const pb::GraphSpec then_branch{{pb::node({"Constant", {}, {"starts"}, "starts", {pb::attr_ints("value_ints", {1})}, ""}),
                                   pb::node({"Constant", {}, {"ends"}, "ends", {pb::attr_ints("value_ints", {3})}, ""}),
                                   pb::node({"Slice", {"w", "starts", "ends"}, {"s"}, "slice", {}, ""}),
                                   pb::node({"Add", {"x", "s"}, {"sum"}, "add", {}, ""})},
                                  {},
                                  {},
                                  {info("sum", kF32, {pb::symbolic()})}};
  const pb::GraphSpec else_branch{{pb::node({"Ceil", {"x"}, {"c"}, "ceil", {}, ""})}, {}, {}, {info("c", kF32, {pb::symbolic()})}};
  const pb::GraphSpec graph{{pb::node({"Constant", {}, {"w"}, "w", {pb::attr_floats("value_floats", {1.0f, 2.0f, 3.0f, 4.0f})}, ""}),
                             if_node("if", "cond", {"y"}, then_branch, else_branch)},
                            {},
                            {info("cond", kBool, {}), info("x", kF32, {pb::fixed(2)})},
                            {info("y", kF32, {pb::symbolic()})}};
  const std::vector<float> x = {0.5f, -1.5f};
  for (OptimizationLevel level : {OptimizationLevel::kDisabled, OptimizationLevel::kAll}) {
    auto session = load(graph, 16, level);
    REQUIRE(session.ok());
    std::vector<std::string> steps;
    for (const auto& step : session.value().plan()) steps.push_back(step.node);
    const std::string then_ = "node 'if' (If): then_branch: ";
    if (level == OptimizationLevel::kAll) {
      CHECK(steps == std::vector<std::string>{"node 'if' (If)", then_ + "node 'add' (Add)", "node 'if' (If): else_branch: node 'ceil' (Ceil)"});
    } else {
      CHECK(steps == std::vector<std::string>{"node 'w' (Constant)", "node 'if' (If)", then_ + "node 'starts' (Constant)", then_ + "node 'ends' (Constant)",
                                              then_ + "node 'slice' (Slice)", then_ + "node 'add' (Add)", "node 'if' (If): else_branch: node 'ceil' (Ceil)"});
    }
    for (bool c : {true, false}) {
      Outputs out;
      REQUIRE(session.value().run({{"cond", cond_of(c)}, {"x", make_tensor<float>({2}, x)}}, out).ok());
      CHECK(values_of<float>(out[0]) == (c ? std::vector<float>{2.5f, 1.5f} : std::vector<float>{1.0f, -1.0f}));
    }
  }
}
