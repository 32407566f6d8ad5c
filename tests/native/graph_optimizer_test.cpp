// Graph optimization (onnx/graph_optimizer.h): what each level does to the steps, and that the outputs
// are bit for bit those of the unoptimized graph, with no feed written and no output sharing memory.
#include <cmath>
#include <cstring>

#include "session_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {

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
    auto session = load(g, opset, level);
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
        if (!same_bits(out[k], reference[k]) && out[k].dtype() == DType::kFloat32 && out[k].size() == reference[k].size())
          for (size_t e = 0; e < out[k].size(); ++e)
            if (std::memcmp(out[k].data<float>() + e, reference[k].data<float>() + e, 4))
              UNSCOPED_INFO("element " << e << ": " << out[k].data<float>()[e] << " vs " << reference[k].data<float>()[e]);
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
    auto session = load(g, 7, level);
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
  auto session = load(g);
  REQUIRE(session.ok());
  CHECK(session.value().description().optimization.folded.empty());
  Outputs out;
  REQUIRE(session.value().run({{"w", make_tensor<float>({2}, {5, 6})}}, out).ok());
  CHECK(values_of<float>(out[0]) == std::vector<float>{5, 6});
  REQUIRE(session.value().run({}, out).ok());
  CHECK(values_of<float>(out[0]) == std::vector<float>{1, 2});
  CHECK(only_step(session.value()).op_type == "Min");
}

namespace {


std::string i64_init(const std::string& name, const std::vector<int64_t>& values) {
  return pb::tensor_raw<int64_t>(name, kI64, {static_cast<int64_t>(values.size())}, values);
}

size_t count_kind(const Session& s, Step::Kind kind) {
  size_t n = 0;
  for (const auto& step : s.description().steps) n += step.kind == kind;
  return n;
}

// Deterministic values, a third of them zeros of either sign (so that sums of zeros are tested).
std::vector<float> test_values(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    const uint32_t r = seed >> 8;
    v[i] = r % 3 == 0 ? (r % 2 ? -0.0f : 0.0f) : static_cast<float>(static_cast<int32_t>(r % 2001) - 1000) / 7.0f;
  }
  return v;
}

}  // namespace

TEST_CASE("Graph optimizer: Shape arithmetic of fixed dimensions folds, and Reshape becomes a view", "[onnx][optimizer]") {
  // x.view(x.size(0), -1) as exporters write it: Shape, Gather, Unsqueeze, Concat, Reshape.
  for (const bool fixed : {true, false}) {
    const pb::GraphSpec g{{pb::node({"Shape", {"x"}, {"s"}, "shape", {}, ""}), pb::node({"Gather", {"s", "zero"}, {"n"}, "gather", {}, ""}),
                           pb::node({"Unsqueeze", {"n", "axes"}, {"n1"}, "unsqueeze", {}, ""}),
                           pb::node({"Concat", {"n1", "minus1"}, {"shape2"}, "concat", {pb::attr_int("axis", 0)}, ""}),
                           pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Reshape", {"f", "shape2"}, {"r"}, "reshape", {}, ""}),
                           pb::node({"Round", {"r"}, {"y"}, "round", {}, ""})},
                          {pb::tensor_raw<int64_t>("zero", kI64, {}, {0}), i64_init("axes", {0}), i64_init("minus1", {-1})},
                          {f32_info("x", {fixed ? pb::fixed(2) : pb::symbolic("N"), pb::fixed(3), pb::fixed(2)})},
                          {f32_info("y", {pb::symbolic("N"), pb::fixed(6)})}};
    Tensor x = make_tensor<float>({2, 3, 2}, test_values(12, 7));
    const auto sessions = run_every_level(g, {{"x", x}});
    const Session& all = sessions[3];
    INFO("fixed " << fixed);
    CHECK(all.description().optimization.folded == (fixed ? std::vector<size_t>{0, 1, 2, 3} : std::vector<size_t>{}));
    // A dynamic batch: the Reshape reads its shape off x's dimensions, in place of the arithmetic.
    REQUIRE(all.description().steps.size() == 3);
    const auto& steps = all.description().steps;
    CHECK(steps[1].op_type == "Reshape");
    CHECK(steps[1].kind == Step::Kind::kView);
    CHECK(steps[1].nodes == (fixed ? std::vector<size_t>{5} : std::vector<size_t>{0, 1, 2, 3, 5}));
    CHECK(steps[1].inputs == (fixed ? std::vector<std::string>{"f", "shape2"} : std::vector<std::string>{"f", "x"}));
    CHECK(steps.back().kind == Step::Kind::kInPlace);  // into the view of f, which nothing else holds
    CHECK(sessions[1].description().steps.size() == (fixed ? 3u : 7u));  // 'basic' runs the arithmetic
  }
}

TEST_CASE("Graph optimizer: a view's memory is not computed into while another value holds it", "[onnx][optimizer]") {
  // f = Floor(x); r = Reshape(f) (a view of f); y1 = Round(r) may not write f, which Ceil reads after.
  const pb::GraphSpec g{{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Reshape", {"f", "shape"}, {"r"}, "reshape", {}, ""}),
                         pb::node({"Round", {"r"}, {"y1"}, "round", {}, ""}), pb::node({"Ceil", {"f"}, {"y2"}, "ceil", {}, ""}),
                         pb::node({"Identity", {"y2"}, {"y3"}, "identity", {}, ""}), pb::node({"Identity", {"x"}, {"y4"}, "x_out", {}, ""})},
                        {i64_init("shape", {4, 4})},
                        {f32_info("x", {pb::fixed(16)})},
                        {f32_info("y1", {pb::fixed(4), pb::fixed(4)}), f32_info("y2", {pb::fixed(16)}), f32_info("y3", {pb::fixed(16)}),
                         f32_info("y4", {pb::fixed(16)})}};
  std::vector<float> data = test_values(16, 3);
  for (size_t i = 0; i < 16; i += 3) data[i] += 0.5f;
  auto x = Tensor::view(DType::kFloat32, {16}, data.data(), data.size() * sizeof(float));
  REQUIRE(x.ok());
  const auto sessions = run_every_level(g, {{"x", x.value()}});
  CHECK(sessions[1].description().optimization.removed.empty());  // both Identity outputs are graph outputs
  CHECK(count_kind(sessions[3], Step::Kind::kView) == 3);
}

TEST_CASE("Graph optimizer: chained views take their input's tensor, or share one read later", "[onnx][optimizer]") {
  // a, b, c, d are views of f's memory. b is read by Squeeze and by Ceil: Squeeze shares it rather than
  // take it, and Ceil runs (after Squeeze, before Reshape) while c still holds that memory, so it may
  // not compute into b; Round, last, may compute into d.
  const pb::GraphSpec g{{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Flatten", {"f"}, {"a"}, "flatten", {}, ""}),
                         pb::node({"Unsqueeze", {"a", "axes"}, {"b"}, "unsqueeze", {}, ""}),
                         pb::node({"Squeeze", {"b", "axes"}, {"c"}, "squeeze", {}, ""}),
                         pb::node({"Reshape", {"c", "minus1"}, {"d"}, "reshape", {}, ""}), pb::node({"Round", {"d"}, {"y1"}, "round", {}, ""}),
                         pb::node({"Ceil", {"b"}, {"y2"}, "ceil", {}, ""})},
                        {i64_init("axes", {0}), i64_init("minus1", {-1})},
                        {f32_info("x", {pb::fixed(2), pb::fixed(3), pb::fixed(2)})},
                        {f32_info("y1", {pb::fixed(12)}), f32_info("y2", {pb::fixed(1), pb::fixed(2), pb::fixed(6)})}};
  std::vector<float> data = test_values(12, 5);
  for (size_t i = 0; i < 12; i += 2) data[i] += 0.5f;
  const auto sessions = run_every_level(g, {{"x", make_tensor<float>({2, 3, 2}, data)}});
  CHECK(count_kind(sessions[3], Step::Kind::kView) == 4);
  CHECK(count_kind(sessions[3], Step::Kind::kInPlace) == 2);  // chosen at creation; whether they may, checked as they run
  // Flatten, Unsqueeze and Reshape take their input, whose memory lives on in their output: none of
  // f, a, c is freed. b is freed after its last reader, Ceil.
  const auto plan = sessions[3].plan();
  REQUIRE(plan.size() == 7);
  for (const auto& step : plan) {
    INFO(step.node);
    const std::vector<std::string> frees = step.node == "node 'ceil' (Ceil)"    ? std::vector<std::string>{"b"}
                                           : step.node == "node 'round' (Round)" ? std::vector<std::string>{"d"}
                                                                                 : std::vector<std::string>{};
    CHECK(step.frees == frees);
  }
}

TEST_CASE("Graph optimizer: Identity is removed, its readers read the input; a zero Pad is a view", "[onnx][optimizer]") {
  const pb::GraphSpec g{{pb::node({"Identity", {"x"}, {"a"}, "id", {}, ""}), pb::node({"Pad", {"a", "zeros"}, {"b"}, "pad", {}, ""}),
                         pb::node({"Floor", {"b"}, {"y"}, "floor", {}, ""})},
                        {i64_init("zeros", {0, 0, 0, 0})},
                        {f32_info("x", {pb::fixed(3), pb::fixed(4)})},
                        {f32_info("y", {pb::fixed(3), pb::fixed(4)})}};
  Tensor x = make_tensor<float>({3, 4}, test_values(12, 5));
  const auto sessions = run_every_level(g, {{"x", x}});
  CHECK(sessions[1].description().optimization.removed == std::vector<size_t>{0});
  const auto& steps = sessions[1].description().steps;
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].op_type == "Pad");
  CHECK(steps[0].kind == Step::Kind::kView);
  CHECK(steps[0].inputs == std::vector<std::string>{"x", "zeros"});
}

TEST_CASE("Graph optimizer: a zero Pad refuses what Pad refuses, at every level", "[onnx][optimizer]") {
  // Pad-2 with 4 pads for an input of rank 4 (found by fuzz_model, which runs both ways), and Pad-2 of
  // an int32 input, a type version 2 lacks.
  for (const int32_t type : {kF32, int32_t{6}}) {
    const int64_t rank = type == kF32 ? 4 : 2;
    const pb::GraphSpec g{{pb::node({"Pad", {"x"}, {"p"}, "pad", {pb::attr_ints("pads", {0, 0, 0, 0})}, ""}),
                           pb::node({"Identity", {"p"}, {"y"}, "id", {}, ""})},
                          {},
                          {pb::value_info("x", type, std::vector<pb::DimSpec>(static_cast<size_t>(rank), pb::symbolic()))},
                          {pb::value_info("y", type, {})}};
    Tensor x = type == kF32 ? make_tensor<float>({2, 2, 4, 4}, test_values(64, 2)) : make_tensor<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6});
    for (OptimizationLevel level : kLevels) {
      auto session = load(g, 10, level);
      REQUIRE(session.ok());
      Outputs out;
      const Status st = session.value().run({{"x", x}}, out);
      INFO(optimization_level_name(level) << ": " << st.message());
      CHECK(st.message().find("node 'pad' (Pad): Pad-2: ") == 0);
    }
  }
}

TEST_CASE("Graph optimizer: Pad of zeros fused into AveragePool, bit for bit, over a sweep of settings", "[onnx][optimizer]") {
  // Pad (spatial pads 0..2) then AveragePool with every combination of kernel, stride, dilation,
  // ceil_mode, count_include_pad and own pads the fusion must handle or leave; inputs full of zeros of
  // both signs. Every level must give the unfused outputs.
  uint32_t seed = 1;
  const auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  size_t fused = 0, cases = 0;
  for (int c = 0; c < 300; ++c) {
    const size_t spatial = 1 + next(3);
    const int64_t opset = std::vector<int64_t>{11, 13, 19}[next(3)];
    std::vector<int64_t> pads(2 * (spatial + 2), 0), kernel, strides, dilations, own(2 * spatial, 0), dims{1 + next(2), 1 + next(2)};
    for (size_t i = 0; i < spatial; ++i) {
      pads[2 + i] = next(3);
      pads[spatial + 4 + i] = next(3);
      kernel.push_back(1 + next(4));
      strides.push_back(1 + next(3));
      dilations.push_back(opset >= 19 ? 1 + next(2) : 1);
      dims.push_back(1 + next(spatial == 3 ? 4 : 7));
    }
    const bool counted = next(2), ceil = next(2), with_own = next(3) == 0;
    if (with_own)
      for (size_t i = 0; i < 2 * spatial; ++i) own[i] = next(static_cast<uint32_t>(kernel[i % spatial]));
    std::vector<std::string> attrs = {pb::attr_ints("kernel_shape", kernel), pb::attr_ints("strides", strides),
                                      pb::attr_int("count_include_pad", counted), pb::attr_int("ceil_mode", ceil)};
    if (with_own) attrs.push_back(pb::attr_ints("pads", own));
    if (opset >= 19) attrs.push_back(pb::attr_ints("dilations", dilations));
    const pb::GraphSpec spec{{pb::node({"Pad", {"x", "pads"}, {"p"}, "pad", {}, ""}), pb::node({"AveragePool", {"p"}, {"y"}, "pool", attrs, ""})},
                             {i64_init("pads", pads)},
                             {f32_info("x", std::vector<pb::DimSpec>(dims.size(), pb::symbolic()))},
                             {f32_info("y", {})}};
    size_t n = 1;
    for (int64_t d : dims) n *= static_cast<size_t>(d);
    Tensor x = make_tensor<float>(dims, test_values(n, static_cast<uint32_t>(c)));
    INFO("case " << c << " opset " << opset << " dims " << dims_to_string(dims) << " pads " << dims_to_string(pads) << " kernel "
                  << dims_to_string(kernel) << " strides " << dims_to_string(strides) << " dilations " << dims_to_string(dilations)
                  << " counted " << counted << " ceil " << ceil << " own " << (with_own ? dims_to_string(own) : "-"));
    // A pooling whose output would be empty is refused at every level alike.
    auto plain = load(spec, opset, OptimizationLevel::kDisabled);
    REQUIRE(plain.ok());
    Outputs out;
    if (!plain.value().run({{"x", x}}, out).ok()) continue;
    const auto sessions = run_every_level(spec, {{"x", x}}, opset);
    ++cases;
    fused += sessions[2].description().steps.size() == 1;
  }
  CHECK(cases > 200);
  CHECK(fused > 50);
}

namespace {

// A random chain of elementwise nodes by constants after m = Min(x, +inf) (a value a step produced,
// which the chain may compute into): each link one of those onnx/passes/chain_rules.h fuses, in any
// order (most orders break the chain), with constants among edge values and of ranks up to 3 (above
// x's 2: the pass does not serve x, the nodes run one by one).
struct RandomChain {
  pb::GraphSpec spec;
  int64_t opset;
};

RandomChain random_chain(uint32_t& seed) {
  const auto next = [&seed](uint32_t n) {
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
  };
  const float kConstants[] = {2.5f, -1.5f, 0.1f, 255.0f, -0.0f, 0.0f, 1e30f, -1e-30f, INFINITY, -INFINITY, 3.0f, 1.0f, NAN};
  RandomChain c;
  c.opset = next(2) ? 13 : 10;  // 10: Clip-6 (attributes), no Round
  std::vector<std::string>& nodes = c.spec.nodes;
  std::vector<std::string>& inits = c.spec.initializers;
  nodes.push_back(pb::node({"Min", {"x", "big"}, {"v0"}, "m", {}, ""}));
  inits.push_back(pb::tensor_raw<float>("big", kF32, {3, 37}, std::vector<float>(111, INFINITY)));
  const size_t length = 2 + next(4);
  std::string value = "v0";
  const auto constant = [&](size_t k, const char* tag) {
    const std::string name = "c" + std::to_string(k) + tag;
    const float v = kConstants[next(next(8) == 0 ? 13 : 12)];  // NaN rarely
    std::vector<int64_t> dims(next(5) == 0 ? 3 : next(3), 1);
    inits.push_back(pb::tensor_raw<float>(name, kF32, dims, {v}));
    return name;
  };
  for (size_t k = 0; k < length; ++k) {
    const std::string out = "v" + std::to_string(k + 1), name = "n" + std::to_string(k);
    switch (next(11)) {
      case 0: nodes.push_back(pb::node({"Mul", next(2) ? std::vector<std::string>{value, constant(k, "")} : std::vector<std::string>{constant(k, ""), value}, {out}, name, {}, ""})); break;
      case 1: nodes.push_back(pb::node({"Div", next(4) ? std::vector<std::string>{value, constant(k, "")} : std::vector<std::string>{constant(k, ""), value}, {out}, name, {}, ""})); break;
      case 2: nodes.push_back(pb::node({"Add", next(2) ? std::vector<std::string>{value, constant(k, "")} : std::vector<std::string>{constant(k, ""), value}, {out}, name, {}, ""})); break;
      case 3: nodes.push_back(pb::node({"Sub", next(4) ? std::vector<std::string>{value, constant(k, "")} : std::vector<std::string>{constant(k, ""), value}, {out}, name, {}, ""})); break;
      case 4: nodes.push_back(pb::node({std::vector<const char*>{"Floor", "Ceil", c.opset >= 11 ? "Round" : "Floor"}[next(3)], {value}, {out}, name, {}, ""})); break;
      case 5: nodes.push_back(pb::node({"Relu", {value}, {out}, name, {}, ""})); break;
      case 6: case 7: {
        const char* op = next(2) ? "Max" : "Min";
        nodes.push_back(pb::node({op, next(2) ? std::vector<std::string>{value, constant(k, "")} : std::vector<std::string>{constant(k, ""), value}, {out}, name, {}, ""}));
        break;
      }
      default: {
        const uint32_t bounds = 1 + next(3);  // 1: min, 2: max, 3: both
        if (c.opset < 11) {
          std::vector<std::string> attrs;
          if (bounds & 1) attrs.push_back(pb::attr_float("min", kConstants[next(12)]));
          if (bounds & 2) attrs.push_back(pb::attr_float("max", kConstants[next(12)]));
          nodes.push_back(pb::node({"Clip", {value}, {out}, name, attrs, ""}));
        } else {
          nodes.push_back(pb::node({"Clip", {value, bounds & 1 ? constant(k, "lo") : "", bounds & 2 ? constant(k, "hi") : ""}, {out}, name, {}, ""}));
        }
      }
    }
    value = out;
  }
  // Then, at times, a comparison with a constant (Less and Greater alone at opset 10: Equal takes float
  // from 11, LessOrEqual and GreaterOrEqual come in 12), its bool the output, or chosen by a Where
  // between the compared value and constants, or cast to float32.
  int32_t output_type = kF32;
  if (const uint32_t end = next(4); end != 0) {
    const char* compare = std::vector<const char*>{"Less", "Greater", "Equal", "LessOrEqual", "GreaterOrEqual"}[next(c.opset >= 13 ? 5 : 2)];
    const std::string threshold = constant(length, "t"), compared = value;
    nodes.push_back(pb::node({compare, next(2) ? std::vector<std::string>{value, threshold} : std::vector<std::string>{threshold, value}, {"mask"}, "compare", {}, ""}));
    value = "mask";
    if (end == 1) output_type = 9;  // bool
    else if (end == 2)
      nodes.push_back(pb::node({"Where", {"mask", next(3) ? compared : constant(length, "a"), next(3) ? compared : constant(length, "b")}, {"chosen"}, "where", {}, ""}));
    else nodes.push_back(pb::node({"Cast", {"mask"}, {"chosen"}, "cast", {pb::attr_int("to", 1)}, ""}));
    if (end != 1) value = "chosen";
  }
  c.spec.inputs = {f32_info("x", {pb::fixed(3), pb::fixed(37)})};
  c.spec.outputs = {pb::value_info(value, output_type, {})};
  if (next(6) == 0) c.spec.outputs.push_back(f32_info("v" + std::to_string(1 + next(static_cast<uint32_t>(length))), {}));  // read twice
  return c;
}

// Edge values, ties of rounding, and values spread far and near zero.
Tensor chain_input(uint32_t seed) {
  std::vector<float> data = test_values(111, seed);
  for (size_t i = 0; i < kEdges.size(); ++i) data[(i * 7 + seed) % 111] = kEdges[i];
  for (size_t i = 1; i < 111; i += 5) data[i] = std::floor(data[i]) + 0.5f;
  return make_tensor<float>({3, 37}, data);
}

size_t fused_chains(const Session& s) {
  size_t n = 0;
  for (const auto& step : s.description().steps) n += step.op_type.find('+') != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("Graph optimizer: elementwise chains by constants fused into one pass, bit for bit, over random chains", "[onnx][optimizer]") {
  uint32_t seed = 11;
  size_t fused = 0, masked = 0;
  for (int c = 0; c < 900; ++c) {
    const RandomChain chain = random_chain(seed);
    Tensor x = chain_input(static_cast<uint32_t>(c));
    INFO("case " << c << " opset " << chain.opset);
    const auto sessions = run_every_level(chain.spec, {{"x", x}}, chain.opset);
    CHECK(fused_chains(sessions[1]) == 0);
    CHECK(fused_chains(sessions[2]) == fused_chains(sessions[3]));
    fused += fused_chains(sessions[3]);
    for (const auto& step : sessions[3].description().steps)
      masked += step.op_type.find('+') != std::string::npos && (step.op_type.find("Where") != std::string::npos || step.op_type.find("Cast") != std::string::npos);
  }
  CHECK(fused > 150);
  CHECK(masked > 50);
}

TEST_CASE("Graph optimizer: a quantize chain is one step computed in place, shown as its nodes", "[onnx][optimizer]") {
  // (pool(x) * 255).round().clamp(0, 255), as PyTorch exports it, then a Sub the chain cannot take
  // after its Clip: the Sub runs alone.
  const pb::GraphSpec g{{pb::node({"AveragePool", {"x"}, {"p"}, "pool", {pb::attr_ints("kernel_shape", {2})}, ""}),
                         pb::node({"Mul", {"p", "k255"}, {"s"}, "scale", {}, ""}), pb::node({"Round", {"s"}, {"r"}, "round", {}, ""}),
                         pb::node({"Clip", {"r", "zero", "k255"}, {"q"}, "clamp", {}, ""}), pb::node({"Sub", {"q", "k255"}, {"y"}, "shift", {}, ""})},
                        {pb::tensor_raw<float>("k255", kF32, {}, {255}), pb::tensor_raw<float>("zero", kF32, {}, {0})},
                        {f32_info("x", {pb::fixed(1), pb::fixed(2), pb::fixed(41)})},
                        {f32_info("y", {})}};
  std::vector<float> data = test_values(82, 9);
  for (float& v : data) v /= 500.0f;
  const auto sessions = run_every_level(g, {{"x", make_tensor<float>({1, 2, 41}, data)}});
  const auto& extended = sessions[2].description().steps;
  REQUIRE(extended.size() == 3);
  CHECK(extended[1].op_type == "Mul+Round+Clip");
  CHECK(extended[1].nodes == std::vector<size_t>{1, 2, 3});
  CHECK(extended[1].inputs == std::vector<std::string>{"p", "k255", "zero", "k255"});
  CHECK(extended[1].outputs == std::vector<std::string>{"q"});
  CHECK(extended[1].kind == Step::Kind::kCompute);
  const auto& all = sessions[3].description().steps;
  REQUIRE(all.size() == 3);
  CHECK(all[1].kind == Step::Kind::kInPlace);  // into the pooling's output
  CHECK(all[2].op_type == "Sub");
  CHECK(sessions[3].plan()[1].node == "node 'clamp' (Clip)");
}

TEST_CASE("Graph optimizer: a fused chain the pass does not serve runs node by node; errors name the node", "[onnx][optimizer]") {
  // Floor then Mul by a float32 constant: a float64 input makes Mul refuse it, naming Mul, at every level.
  const pb::GraphSpec g{{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Relu", {"f"}, {"r"}, "relu", {}, ""}),
                         pb::node({"Mul", {"r", "k"}, {"y"}, "scale", {}, ""})},
                        {pb::tensor_raw<float>("k", kF32, {1}, {2})},
                        {pb::value_info("x", kF64, {pb::symbolic()})},
                        {pb::value_info("y", kF64, {})}};
  std::string message;
  for (OptimizationLevel level : kLevels) {
    auto session = load(g, 13, level);
    REQUIRE(session.ok());
    Outputs out;
    Status st = session.value().run({{"x", make_tensor<double>({3}, {1.5, -2.5, 0})}}, out);
    REQUIRE_FALSE(st.ok());
    if (message.empty()) message = st.message();
    CHECK(st.message() == message);
    CHECK(st.message().find("node 'scale' (Mul)") == 0);
  }
  CHECK(fused_chains(load(g, 13).value()) == 1);
}

TEST_CASE("Graph optimizer: a Reshape reads a dynamic shape off dimensions, as the arithmetic computes it", "[onnx][optimizer]") {
  // y.view(y.size(0), y.size(-1), -1) of y = Floor(x), at opsets 11 (Unsqueeze's axes an attribute) and
  // 13; then y.view(-1, y.size(1)) through Gather of a 1-D index list, whose Gather output is also
  // read by a Concat that is a graph output (its steps stay).
  for (const int64_t opset : {11, 13}) {
    const auto unsqueeze = [opset](const std::string& in, const std::string& out, const std::string& name) {
      return opset < 13 ? pb::node({"Unsqueeze", {in}, {out}, name, {pb::attr_ints("axes", {0})}, ""})
                        : pb::node({"Unsqueeze", {in, "axes"}, {out}, name, {}, ""});
    };
    const pb::GraphSpec g{{pb::node({"Floor", {"x"}, {"y"}, "floor", {}, ""}), pb::node({"Shape", {"y"}, {"s"}, "shape", {}, ""}),
                           pb::node({"Gather", {"s", "zero"}, {"n"}, "first", {}, ""}), pb::node({"Gather", {"s", "last"}, {"l"}, "last", {}, ""}),
                           unsqueeze("n", "n1", "un"), unsqueeze("l", "l1", "ul"),
                           pb::node({"Concat", {"n1", "l1", "minus1"}, {"shape"}, "concat", {pb::attr_int("axis", 0)}, ""}),
                           pb::node({"Reshape", {"y", "shape"}, {"r"}, "view", {}, ""}),
                           pb::node({"Shape", {"x"}, {"s2"}, "shape2", {}, ""}), pb::node({"Gather", {"s2", "one"}, {"d1"}, "second", {}, ""}),
                           pb::node({"Concat", {"minus1", "d1"}, {"shape2"}, "concat2", {pb::attr_int("axis", -1)}, ""}),
                           pb::node({"Reshape", {"x", "shape2"}, {"r2"}, "view2", {}, ""}), pb::node({"Identity", {"d1"}, {"d1_out"}, "d1", {}, ""})},
                          {pb::tensor_raw<int64_t>("zero", kI64, {}, {0}), pb::tensor_raw<int64_t>("last", kI64, {}, {-1}),
                           i64_init("one", {1}), i64_init("axes", {0}), i64_init("minus1", {-1})},
                          {f32_info("x", std::vector<pb::DimSpec>(4, pb::symbolic()))},
                          {f32_info("r", {}), f32_info("r2", {}), pb::value_info("d1_out", kI64, {})}};
    INFO("opset " << opset);
    for (const Dims& dims : {Dims{2, 3, 4, 5}, Dims{1, 1, 1, 1}, Dims{4, 2, 1, 3}}) {
      size_t n = 1;
      for (int64_t d : dims) n *= static_cast<size_t>(d);
      const auto sessions = run_every_level(g, {{"x", make_tensor<float>(dims, test_values(n, 4))}}, opset);
      const auto& steps = sessions[3].description().steps;
      const auto view = std::find_if(steps.begin(), steps.end(), [](const auto& s) { return s.op_type == "Reshape" && s.outputs[0] == "r"; });
      REQUIRE(view != steps.end());
      CHECK(view->nodes == std::vector<size_t>{1, 2, 3, 4, 5, 6, 7});
      CHECK(view->inputs == std::vector<std::string>{"y"});  // reads y's own dimensions
      CHECK(view->kind == Step::Kind::kView);
      CHECK(std::count_if(steps.begin(), steps.end(), [](const auto& s) { return s.op_type == "Gather"; }) == 1);  // d1 is read by an output
    }
  }
}

TEST_CASE("Graph optimizer: a dimension out of range fails as the Gather would, at every level", "[onnx][optimizer]") {
  // x.view(x.size(2), -1) of an x of unknown rank, fed with rank 2: Gather refuses index 2.
  const pb::GraphSpec g{{pb::node({"Shape", {"x"}, {"s"}, "shape", {}, ""}), pb::node({"Gather", {"s", "two"}, {"n"}, "third", {}, ""}),
                         pb::node({"Unsqueeze", {"n", "axes"}, {"n1"}, "un", {}, ""}),
                         pb::node({"Concat", {"n1", "minus1"}, {"shape"}, "concat", {pb::attr_int("axis", 0)}, ""}),
                         pb::node({"Reshape", {"x", "shape"}, {"y"}, "view", {}, ""})},
                        {pb::tensor_raw<int64_t>("two", kI64, {}, {2}), i64_init("axes", {0}), i64_init("minus1", {-1})},
                        {pb::value_info("x", kF32, nullptr)},
                        {f32_info("y", {})}};
  std::string message;
  for (OptimizationLevel level : kLevels) {
    auto session = load(g, 13, level);
    REQUIRE(session.ok());
    Outputs out;
    REQUIRE(session.value().run({{"x", make_tensor<float>({2, 3, 2}, test_values(12, 1))}}, out).ok());
    CHECK(out[0].dims() == Dims{2, 6});
    Status st = session.value().run({{"x", make_tensor<float>({2, 3}, test_values(6, 1))}}, out);
    REQUIRE_FALSE(st.ok());
    if (message.empty()) message = st.message();
    CHECK(st.message() == message);
    CHECK(st.message().find("node 'third' (Gather)") == 0);
  }
  CHECK(load(g, 13).value().description().steps.size() == 1);
}

namespace {

// The outcome of a run at each level: "ok", or the error's message.
std::vector<std::string> outcome_every_level(const pb::GraphSpec& g, const std::vector<Feed>& feeds, int64_t opset = 13) {
  std::vector<std::string> outcomes;
  for (OptimizationLevel level : kLevels) {
    auto session = load(g, opset, level);
    REQUIRE(session.ok());
    Outputs out;
    const Status st = session.value().run(feeds, out);
    outcomes.push_back(st.ok() ? "ok" : st.message());
  }
  return outcomes;
}

float from_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

}  // namespace

TEST_CASE("Graph optimizer: a chain of Max, Min, Relu and Clip keeps a signalling NaN as they do", "[onnx][optimizer]") {
  // Max and Min by a scalar select: a signalling NaN passes unchanged, where x * 1 + -0 would quiet it.
  const float snan = from_bits(0x7fa00001u), negative_snan = from_bits(0xffa00001u);
  const pb::GraphSpec relu_clip{{pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Relu", {"x"}, {"r"}, "relu", {}, ""}),
                                 pb::node({"Clip", {"r", "", "six"}, {"y"}, "clip", {}, ""})},
                                {pb::tensor_raw<float>("six", kF32, {}, {6})},
                                {f32_info("x", {pb::fixed(9)})},
                                {f32_info("y", {pb::fixed(9)})}};
  const pb::GraphSpec max_min{{pb::node({"Max", {"x", "lo"}, {"r"}, "max", {}, ""}), pb::node({"Min", {"r", "hi"}, {"y"}, "min", {}, ""})},
                              {pb::tensor_raw<float>("lo", kF32, {}, {-1}), pb::tensor_raw<float>("hi", kF32, {}, {6})},
                              {f32_info("x", {pb::fixed(9)})},
                              {f32_info("y", {pb::fixed(9)})}};
  Tensor x = make_tensor<float>({9}, {snan, 1, 2, negative_snan, 7, -1, snan, negative_snan, snan});  // vectors and a tail
  for (const pb::GraphSpec* g : {&relu_clip, &max_min}) {
    const auto sessions = run_every_level(*g, {{"x", x}});
    CHECK(fused_chains(sessions[3]) == 1);
  }
}

TEST_CASE("Graph optimizer: shape arithmetic a Reshape reads off dimensions fails where the operators would", "[onnx][optimizer]") {
  const auto view_of = [](std::vector<std::string> nodes, std::vector<std::string> initializers) {
    return pb::GraphSpec{std::move(nodes), std::move(initializers), {pb::value_info("x", kF32, nullptr)}, {f32_info("y", {})}};
  };
  const std::string concat_then_view[] = {pb::node({"Concat", {"n", "minus1"}, {"shape"}, "concat", {pb::attr_int("axis", 0)}, ""}),
                                          pb::node({"Reshape", {"x", "shape"}, {"y"}, "view", {}, ""})};
  // Unsqueeze-13 refuses int32 axes.
  const pb::GraphSpec int32_axes = view_of(
      {pb::node({"Shape", {"x"}, {"s"}, "shape", {}, ""}), pb::node({"Gather", {"s", "zero"}, {"g"}, "first", {}, ""}),
       pb::node({"Unsqueeze", {"g", "axes"}, {"n"}, "un", {}, ""}), concat_then_view[0], concat_then_view[1]},
      {pb::tensor_raw<int64_t>("zero", kI64, {}, {0}), pb::tensor_raw<int32_t>("axes", 6, {1}, {0}), i64_init("minus1", {-1})});
  // Gather(Shape(x), [0, 5]) fails for x of rank 2, even where a Gather of its result keeps index 0 alone.
  const pb::GraphSpec nested_gather = view_of(
      {pb::node({"Shape", {"x"}, {"s"}, "shape", {}, ""}), pb::node({"Gather", {"s", "idx"}, {"g"}, "two_dims", {}, ""}),
       pb::node({"Gather", {"g", "first"}, {"n"}, "first", {}, ""}), concat_then_view[0], concat_then_view[1]},
      {i64_init("idx", {0, 5}), i64_init("first", {0}), i64_init("minus1", {-1})});
  // Shape(Floor(x)) gathered by no index beside Gather(Shape(x), [7]), out of range: the steps that
  // report it also need Floor's output, which the Reshape does not read.
  const pb::GraphSpec released = view_of(
      {pb::node({"Floor", {"x"}, {"f"}, "floor", {}, ""}), pb::node({"Shape", {"f"}, {"s1"}, "shape1", {}, ""}),
       pb::node({"Gather", {"s1", "none"}, {"a"}, "ga", {}, ""}), pb::node({"Shape", {"x"}, {"s2"}, "shape2", {}, ""}),
       pb::node({"Gather", {"s2", "seven"}, {"b"}, "gb", {}, ""}),
       pb::node({"Concat", {"a", "b", "minus1"}, {"shape"}, "concat", {pb::attr_int("axis", 0)}, ""}), concat_then_view[1]},
      {i64_init("none", {}), i64_init("seven", {7}), i64_init("minus1", {-1})});
  const Tensor x = make_tensor<float>({2, 3}, test_values(6, 1));
  for (const auto& [g, node] : {std::pair{&int32_axes, "node 'un' (Unsqueeze)"}, std::pair{&nested_gather, "node 'two_dims' (Gather)"},
                                std::pair{&released, "node 'gb' (Gather)"}}) {
    INFO(node);
    const auto outcomes = outcome_every_level(*g, {{"x", x}});
    CHECK(outcomes[0].find(node) == 0);
    for (const std::string& outcome : outcomes) CHECK(outcome == outcomes[0]);
  }
}
