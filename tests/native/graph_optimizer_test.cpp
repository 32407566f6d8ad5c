// Graph optimization (onnx/graph_optimizer.h): what each level does to the steps, and that the outputs
// are bit for bit those of the unoptimized graph, with no feed written and no output sharing memory.
#include <cmath>
#include <cstring>

#include "onnx/graph.h"
#include "onnx_writer.h"
#include "test_util.h"

using namespace ow;
using namespace ow::onnx;
namespace pb = ow::test::pb;
using ow::test::make_tensor;
using ow::test::values_of;

namespace {

constexpr int32_t kF32 = 1;

Result<Session> load(const pb::GraphSpec& g, OptimizationLevel level, int64_t opset = 13) {
  const std::string bytes = pb::model({8, {{"", opset}}, pb::graph(g)});
  auto model = decode_model(bytes.data(), bytes.size());
  if (!model.ok()) return model.status();
  return Session::create(model.take(), level);
}

std::string f32_info(const std::string& name, std::vector<pb::DimSpec> dims) { return pb::value_info(name, kF32, dims); }

constexpr OptimizationLevel kLevels[] = {OptimizationLevel::kDisabled, OptimizationLevel::kBasic, OptimizationLevel::kExtended,
                                         OptimizationLevel::kAll};

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.dims() == b.dims() && std::memcmp(a.raw_data(), b.raw_data(), a.byte_size()) == 0;
}

// Runs the graph at every level on `feeds`: the outputs of each must be those of 'disabled', bit for
// bit; no output may share memory with a feed or another output, and the feeds keep their values.
// Returns the sessions, by level.
std::vector<Session> run_every_level(const pb::GraphSpec& g, const std::vector<Feed>& feeds, int64_t opset = 13) {
  std::vector<std::vector<unsigned char>> before;
  for (const Feed& f : feeds) {
    const auto* p = static_cast<const unsigned char*>(f.tensor.raw_data());
    before.emplace_back(p, p + f.tensor.byte_size());
  }
  std::vector<Session> sessions;
  Outputs reference;
  for (OptimizationLevel level : kLevels) {
    INFO("level " << optimization_level_name(level));
    auto session = load(g, level, opset);
    REQUIRE(session.ok());
    for (int repeat = 0; repeat < 2; ++repeat) {  // a second run must not see what the first did
      Outputs out;
      Status st = session.value().run(feeds, out);
      INFO(st.message());
      REQUIRE(st.ok());
      for (const Tensor& y : out) CHECK(y.exclusive());
      if (level == OptimizationLevel::kDisabled && repeat == 0) reference = out;
      REQUIRE(out.size() == reference.size());
      for (size_t k = 0; k < out.size(); ++k) {
        CHECK(same_bits(out[k], reference[k]));
        const auto* lo = static_cast<const unsigned char*>(out[k].raw_data());
        for (const Feed& f : feeds) {
          const auto* flo = static_cast<const unsigned char*>(f.tensor.raw_data());
          CHECK((lo + out[k].byte_size() <= flo || flo + f.tensor.byte_size() <= lo || out[k].byte_size() == 0));
        }
      }
    }
    sessions.push_back(session.take());
  }
  for (size_t i = 0; i < feeds.size(); ++i)
    CHECK(std::memcmp(before[i].data(), feeds[i].tensor.raw_data(), before[i].size()) == 0);
  return sessions;
}

const ModelDescription::StepDescription& only_step(const Session& s) {
  REQUIRE(s.description().steps.size() == 1);
  return s.description().steps[0];
}

const std::vector<float> kEdges = {-2.5f, -1.5f, -0.5f, -0.0f, 0.0f, 0.5f, 1.5f, 2.5f, 3.7f, -3.7f, INFINITY, -INFINITY, NAN, 1e30f, -1e-30f, 7.0f};

}  // namespace

TEST_CASE("Graph optimizer: level names are onnxruntime's; others are refused naming the option", "[onnx][optimizer]") {
  for (OptimizationLevel level : kLevels) CHECK(optimization_level(optimization_level_name(level)).value() == level);
  auto bad = optimization_level("ALL");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() == "graphOptimizationLevel must be 'disabled', 'basic', 'extended' or 'all', got 'ALL'");
}

TEST_CASE("Graph optimizer: a Min of two initializers is folded, and Floor then Round run in place", "[onnx][optimizer]") {
  // c = Min(w1, w2) (both initializers: folded), y = Round(Floor(Min(x, c))).
  const pb::GraphSpec g{{pb::node({"Min", {"w1", "w2"}, {"c"}, "fold", {}, ""}), pb::node({"Min", {"x", "c"}, {"m"}, "min", {}, ""}),
                         pb::node({"Floor", {"m"}, {"f"}, "floor", {}, ""}), pb::node({"Round", {"f"}, {"y"}, "round", {}, ""})},
                        {pb::tensor_raw<float>("w1", kF32, {16}, {3, -1, 2, 5, 0, 0, 1, 1, -0.0f, 4, 4, 4, 4, 4, 4, 4}),
                         pb::tensor_raw<float>("w2", kF32, {16}, {1, 2, -3, 5, -0.0f, 0, NAN, 1, 0, 4, 4, 4, 4, 4, 4, -4})},
                        {f32_info("x", {pb::fixed(16)})},
                        {f32_info("y", {pb::fixed(16)})}};
  Tensor x = make_tensor<float>({16}, kEdges);
  const auto sessions = run_every_level(g, {{"x", x}});
  const ModelDescription& off = sessions[0].description();
  CHECK(off.steps.size() == 4);
  CHECK(off.optimization.folded.empty());
  for (const auto& step : off.steps) CHECK(step.kind == Step::Kind::kCompute);
  const ModelDescription& basic = sessions[1].description();
  CHECK(basic.optimization.folded == std::vector<size_t>{0});
  CHECK(basic.steps.size() == 3);
  const ModelDescription& all = sessions[3].description();
  REQUIRE(all.steps.size() == 3);
  CHECK(all.steps[0].kind == Step::Kind::kCompute);  // reads a feed and a constant: neither its own
  CHECK(all.steps[1].kind == Step::Kind::kInPlace);
  CHECK(all.steps[2].kind == Step::Kind::kInPlace);
  CHECK(all.steps[2].inputs == std::vector<std::string>{"f"});
}

TEST_CASE("Graph optimizer: a value read again later, or a graph output, is not computed into", "[onnx][optimizer]") {
  // f = Floor(x) is read by Round and by Min (later), and is an output; r = Round(f); y = Min(r, f).
  const pb::GraphSpec g{{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Round", {"f"}, {"r"}, "round", {}, ""}),
                         pb::node({"Ceil", {"r"}, {"c"}, "ceil", {}, ""}), pb::node({"Min", {"c", "f"}, {"y"}, "min", {}, ""})},
                        {},
                        {f32_info("x", {pb::fixed(16)})},
                        {f32_info("y", {pb::fixed(16)}), f32_info("f", {pb::fixed(16)})}};
  Tensor x = make_tensor<float>({16}, kEdges);
  const auto sessions = run_every_level(g, {{"x", x}});
  const auto& steps = sessions[3].description().steps;
  REQUIRE(steps.size() == 4);
  CHECK(steps[0].kind == Step::Kind::kCompute);  // reads the feed
  CHECK(steps[1].kind == Step::Kind::kCompute);  // f is read later and is an output
  CHECK(steps[2].kind == Step::Kind::kInPlace);  // r has no other reader
  CHECK(steps[3].kind == Step::Kind::kInPlace);  // into c (f is an output)
}

TEST_CASE("Graph optimizer: an output that is a feed, an initializer or another output is returned as a copy", "[onnx][optimizer]") {
  // Outputs: x itself, the initializer w, Min(w, w) folded (a constant), and f twice over through Min.
  const pb::GraphSpec g{{pb::node({"Min", {"w", "w"}, {"c"}, "fold", {}, ""}), pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""})},
                        {pb::tensor_raw<float>("w", kF32, {4}, {1, 2, 3, 4})},
                        {f32_info("x", {pb::fixed(4)})},
                        {f32_info("x", {pb::fixed(4)}), f32_info("w", {pb::fixed(4)}), f32_info("c", {pb::fixed(4)}),
                         f32_info("f", {pb::fixed(4)}), f32_info("f", {pb::fixed(4)})}};
  std::vector<float> data = {1.5f, -2.5f, 0.5f, 9.0f};
  auto x = Tensor::view(DType::kFloat32, {4}, data.data(), data.size() * sizeof(float));  // as JS feeds it
  REQUIRE(x.ok());
  auto sessions = run_every_level(g, {{"x", x.value()}});
  for (Session& s : sessions) {
    Outputs out;
    REQUIRE(s.run({{"x", x.value()}}, out).ok());
    for (size_t a = 0; a < out.size(); ++a)
      for (size_t b = a + 1; b < out.size(); ++b) CHECK(out[a].raw_data() != out[b].raw_data());
    out[1].data<float>()[0] = 100;  // writing an output changes neither the session nor the caller's data
    out[2].data<float>()[0] = 100;
    out[0].data<float>()[0] = 100;
    Outputs again;
    REQUIRE(s.run({{"x", x.value()}}, again).ok());
    CHECK(values_of<float>(again[1]) == std::vector<float>{1, 2, 3, 4});
    CHECK(values_of<float>(again[2]) == std::vector<float>{1, 2, 3, 4});
    CHECK(data[0] == 1.5f);
  }
  CHECK(sessions[1].description().optimization.folded == std::vector<size_t>{0});
}

TEST_CASE("Graph optimizer: a node that fails to fold fails when the session runs, as unoptimized", "[onnx][optimizer]") {
  // Min-6 needs equal shapes: the two initializers cannot be folded, and the run reports it.
  const pb::GraphSpec g{{pb::node({"Min", {"w1", "w2"}, {"c"}, "bad", {}, ""}), pb::node({"Min", {"x", "c"}, {"y"}, "min", {}, ""})},
                        {pb::tensor_raw<float>("w1", kF32, {2}, {1, 2}), pb::tensor_raw<float>("w2", kF32, {3}, {1, 2, 3})},
                        {f32_info("x", {pb::fixed(2)})},
                        {f32_info("y", {pb::fixed(2)})}};
  Tensor x = make_tensor<float>({2}, {1, 2});
  std::string message;
  for (OptimizationLevel level : kLevels) {
    auto session = load(g, level, 7);
    REQUIRE(session.ok());
    Outputs out;
    Status st = session.value().run({{"x", x}}, out);
    REQUIRE_FALSE(st.ok());
    if (message.empty()) message = st.message();
    CHECK(st.message() == message);
    CHECK(session.value().description().optimization.folded.empty());
  }
}

TEST_CASE("Graph optimizer: an initializer a feed may replace is not folded", "[onnx][optimizer]") {
  // w is also a graph input: Min(w, w) must follow the feed.
  const pb::GraphSpec g{{pb::node({"Min", {"w", "w"}, {"y"}, "min", {}, ""})},
                        {pb::tensor_raw<float>("w", kF32, {2}, {1, 2})},
                        {f32_info("w", {pb::fixed(2)})},
                        {f32_info("y", {pb::fixed(2)})}};
  auto session = load(g, OptimizationLevel::kAll);
  REQUIRE(session.ok());
  CHECK(session.value().description().optimization.folded.empty());
  Outputs out;
  REQUIRE(session.value().run({{"w", make_tensor<float>({2}, {5, 6})}}, out).ok());
  CHECK(values_of<float>(out[0]) == std::vector<float>{5, 6});
  REQUIRE(session.value().run({}, out).ok());
  CHECK(values_of<float>(out[0]) == std::vector<float>{1, 2});
  CHECK(only_step(session.value()).op_type == "Min");
}
