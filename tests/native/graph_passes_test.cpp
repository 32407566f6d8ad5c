// The optimizer's passes (onnx/passes/passes.h), each run alone on steps built here, with the index
// (onnx/step_index.h) they keep: what each rewrites, that the index stays what a fresh one would be,
// and that the steps still give the unoptimized outputs bit for bit (onnx/executor.h; a NaN may be
// another NaN).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <optional>
#include <tuple>

#include "kernels/avgpool.h"
#include "onnx/executor.h"
#include "onnx/passes/passes.h"
#include "ops/families.h"
#include "test_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {

// Steps made by hand, one per node, as build_session makes them before optimizing.
struct Built {
  int64_t opset = 13;
  std::vector<Node> nodes;
  std::vector<Step> steps;
  std::vector<Tensor> constants;
  std::vector<uint8_t> known;
  std::vector<const ValueInfo*> fed;
  std::vector<size_t> outputs;
  // Where set, the steps are a branch's, over these values (else over all).
  std::optional<GraphValues> branch;

  size_t value() {
    constants.emplace_back();
    known.push_back(0);
    fed.push_back(nullptr);
    return constants.size() - 1;
  }
  size_t constant(Tensor t) {
    const size_t v = value();
    constants[v] = std::move(t);
    known[v] = 1;
    return v;
  }
  // A node of `op_type` reading `in`, computing a new value (returned) and any others in `more_out`.
  size_t node(const std::string& op_type, std::vector<size_t> in, Attributes attrs = {}) {
    const size_t out = value();
    Node& n = nodes.emplace_back();
    n.name = op_type + std::to_string(nodes.size() - 1);
    n.op_type = op_type;
    n.attributes = std::move(attrs);
    auto op = PreparedOp::create(op_type, opset, n.attributes);
    REQUIRE(op.ok());
    Step& step = steps.emplace_back();
    step.label = node_label(n);
    step.op = op.take();
    step.inputs = std::move(in);
    step.outputs = {out};
    step.nodes = {nodes.size() - 1};
    return out;
  }
  StepGraph graph() {
    return StepGraph(steps, branch ? *branch : GraphValues{0, constants.size(), {}}, constants, known, fed, outputs, nodes);
  }
};

// Runs `steps` on the feeds (value id, tensor) through the executor; the graph outputs.
Outputs run(const Built& b, const std::vector<Step>& steps, const std::vector<std::pair<size_t, Tensor>>& feeds) {
  std::vector<Tensor> values = b.constants;
  for (const auto& [v, t] : feeds) values[v] = t;
  StepScratch scratch;
  for (const Step& step : steps) {
    Status st = run_step(step, values, scratch);
    INFO(st.message());
    REQUIRE(st.ok());
    for (size_t v : step.release) values[v] = Tensor();
  }
  Outputs out;
  for (size_t v : b.outputs) out.push_back(values[v]);
  return out;
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.dtype() == b.dtype() && a.dims() == b.dims() && std::memcmp(a.raw_data(), b.raw_data(), a.byte_size()) == 0;
}

// Bit for bit, but that a float32 NaN may come out as another NaN (graph_optimizer.h: which one a sum
// of infinities of both signs gives depends on its order).
bool same_values(const Tensor& a, const Tensor& b) {
  if (same_bits(a, b) || a.dtype() != DType::kFloat32 || a.dims() != b.dims()) return same_bits(a, b);
  for (size_t e = 0; e < a.size(); ++e) {
    const float p = a.data<float>()[e], q = b.data<float>()[e];
    if (!(std::isnan(p) && std::isnan(q)) && std::memcmp(&p, &q, 4) != 0) return false;
  }
  return true;
}

// The index of the alive steps, as a fresh index over them would be: producers and readers.
void check_index(StepGraph& g) {
  std::vector<Step> alive;
  std::vector<size_t> id;  // alive step -> its id in g.steps
  for (size_t s = 0; s < g.steps.size(); ++s)
    if (g.index.alive(s)) alive.push_back(g.steps[s]), id.push_back(s);
  std::vector<size_t> outputs;
  for (size_t k = 0; k < g.index.value_count(); ++k)
    if (g.index.is_graph_output(g.index.value(k))) outputs.push_back(g.index.value(k));
  StepIndex fresh(alive, g.index.values(), outputs);
  for (size_t k = 0; k < g.index.value_count(); ++k) {
    const size_t v = g.index.value(k);
    INFO("value " << v);
    CHECK(g.index.producer(v) == (fresh.producer(v) == kNoStep ? kNoStep : id[fresh.producer(v)]));
    std::vector<std::pair<size_t, size_t>> want, got;
    for (const StepIndex::Read& r : fresh.readers(v)) want.emplace_back(id[r.step], r.input);
    for (const StepIndex::Read& r : g.index.readers(v)) {
      got.emplace_back(r.step, r.input);
      CHECK(g.steps[r.step].inputs[r.input] == v);
    }
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    CHECK(got == want);
  }
}

// Runs `pass` alone on the steps `b` holds: checks the index it leaves, then compacts the steps and
// checks that they give the outputs of the steps before it, bit for bit (or, for a pass that changes
// the rounding, as `same` says). Returns the steps left.
std::vector<Step> run_alone(Built& b, const std::function<void(StepGraph&)>& pass, const std::vector<std::pair<size_t, Tensor>>& feeds,
                            const std::function<bool(const Tensor&, const Tensor&)>& same = same_values) {
  const Outputs want = run(b, b.steps, feeds);
  std::vector<Step> before = b.steps;
  StepGraph g = b.graph();
  pass(g);
  check_index(g);
  plan_releases(g);
  g.index.compact();
  check_index(g);
  const Outputs got = run(b, b.steps, feeds);
  REQUIRE(got.size() == want.size());
  for (size_t k = 0; k < got.size(); ++k) {
    if (!same(got[k], want[k]) && got[k].dtype() == DType::kFloat32 && got[k].size() == want[k].size())
      for (size_t e = 0; e < got[k].size(); ++e)
        if (std::memcmp(got[k].data<float>() + e, want[k].data<float>() + e, 4))
          UNSCOPED_INFO("element " << e << ": " << got[k].data<float>()[e] << " vs " << want[k].data<float>()[e]);
    CHECK(same(got[k], want[k]));
  }
  std::vector<Step> after = std::move(b.steps);
  b.steps = std::move(before);
  return after;
}

Attributes ints_attribute(const std::string& name, std::vector<int64_t> v) {
  Attributes a;
  a.set(name, AttributeValue::Ints(std::move(v)));
  return a;
}

const std::vector<float> kEdges = {-2.5f, -1.5f, -0.5f, -0.0f, 0.0f, 0.5f, 1.5f, 2.5f, 3.7f, -3.7f, INFINITY, -INFINITY, NAN, 1e30f, -1e-30f, 7.0f};

}  // namespace

TEST_CASE("Step index: producers and readers follow detach, attach, replace_reads, erase and compact", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t f = b.node("Floor", {x});
  const size_t m = b.node("Min", {f, f});
  const size_t c = b.node("Ceil", {m});
  b.outputs = {c};
  StepGraph g = b.graph();
  CHECK(g.index.producer(f) == 0);
  CHECK(g.index.producer(x) == kNoStep);
  CHECK(g.index.readers(f).size() == 2);
  CHECK(g.index.sole_reader(f) == kNoStep);  // read twice
  CHECK(g.index.sole_reader(m) == 2);
  CHECK(g.index.sole_reader(c) == kNoStep);  // a graph output
  CHECK(g.index.last_readers()[f] == 1);
  g.index.replace_reads(f, x);  // Min reads x twice
  CHECK(g.steps[1].inputs == std::vector<size_t>{x, x});
  CHECK(g.index.readers(f).empty());
  g.index.erase(0);
  CHECK_FALSE(g.index.alive(0));
  CHECK(g.index.producer(f) == kNoStep);
  g.index.detach(2);
  CHECK(g.index.readers(m).empty());
  g.steps[2].inputs = {x};
  g.index.attach(2);
  CHECK(g.index.readers(x).size() == 3);
  check_index(g);
  g.index.compact();
  REQUIRE(g.steps.size() == 2);
  CHECK(g.index.producer(c) == 1);
  check_index(g);
}

TEST_CASE("Step index: a branch's, over its own values and those it reads of the graphs around it", "[onnx][passes]") {
  Built b;
  std::vector<size_t> before;  // values of the graphs around the branch, defined before it
  for (int k = 0; k < 5; ++k) before.push_back(b.value());
  const size_t f = b.node("Floor", {before[1]});
  const size_t m = b.node("Min", {f, before[3]});
  const size_t c = b.node("Ceil", {m});
  b.value();  // a value of a branch inside it, defined after its own
  b.outputs = {c, before[3]};
  b.branch = GraphValues{f, 3, {before[1], before[3]}};
  {
    StepGraph g = b.graph();
    REQUIRE(g.index.value_count() == 5);
    CHECK(g.index.value(0) == f);
    CHECK(g.index.value(2) == c);
    CHECK(g.index.value(3) == before[1]);
    CHECK(g.index.slot(before[3]) == 4);
    CHECK(g.index.producer(m) == 1);
    CHECK(g.index.producer(before[1]) == kNoStep);
    CHECK(g.index.sole_reader(before[1]) == 0);
    CHECK(g.index.sole_reader(before[3]) == kNoStep);  // a graph output
    CHECK(g.index.is_graph_output(c));
    CHECK(g.index.last_readers()[before[3]] == 1);
  }
  // The passes over it: the outer values are never computed into nor released; its own are.
  const auto steps = run_alone(b, [](StepGraph& g) { compute_in_place(g); }, {{before[1], make_tensor<float>({16}, kEdges)},
                                                                            {before[3], make_tensor<float>({16}, kEdges)}});
  REQUIRE(steps.size() == 3);
  CHECK(steps[0].kind == Step::Kind::kCompute);
  CHECK(steps[1].kind == Step::Kind::kInPlace);
  CHECK(steps[1].in_place == 0);
  CHECK(steps[2].kind == Step::Kind::kInPlace);
  CHECK(steps[0].release.empty());
  CHECK(steps[1].release == std::vector<size_t>{f});
  CHECK(steps[2].release == std::vector<size_t>{m});
}

TEST_CASE("Pass alone: constant folding runs steps whose inputs are known, in one sweep", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t w = b.constant(make_tensor<float>({4}, {1.5f, -2.5f, -0.0f, 3.0f}));
  const size_t fw = b.node("Floor", {w});  // folded
  const size_t cw = b.node("Ceil", {fw});  // folded: its input is once Floor is
  const size_t y = b.node("Min", {x, cw});
  b.outputs = {y};
  OptimizationReport report;
  const auto steps = run_alone(b, [&](StepGraph& g) { fold_constants(g, report); }, {{x, make_tensor<float>({4}, {0, -9, 1, NAN})}});
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].nodes == std::vector<size_t>{2});
  CHECK(report.folded == std::vector<size_t>{0, 1});
  CHECK(b.known[cw]);
  CHECK(same_bits(b.constants[cw], make_tensor<float>({4}, {1.0f, -3.0f, -0.0f, 3.0f})));
}

TEST_CASE("Pass alone: Identity removal rewires each reader once; a graph output's Identity and zero Pads stay", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t a = b.node("Identity", {x});
  const size_t f = b.node("Floor", {a});
  const size_t g2 = b.node("Ceil", {a});
  const size_t m = b.node("Min", {f, g2});
  const size_t pads = b.constant(make_tensor<int64_t>({2}, {0, 0}));
  const size_t p = b.node("Pad", {m, pads});
  const size_t y = b.node("Identity", {p});
  b.outputs = {y};
  OptimizationReport report;
  const auto steps = run_alone(b, [&](StepGraph& g) { remove_identities(g, report); }, {{x, make_tensor<float>({16}, kEdges)}});
  REQUIRE(steps.size() == 5);
  CHECK(report.removed == std::vector<size_t>{0});
  CHECK(steps[0].inputs == std::vector<size_t>{x});
  CHECK(steps[1].inputs == std::vector<size_t>{x});
  CHECK(steps[3].kind == Step::Kind::kView);  // the Pad of zeros
  CHECK(steps[4].op.schema().name == "Identity");  // its output is the graph's
}

TEST_CASE("Pass alone: Pad + AveragePool fusion, but where the kernel says it may sum in another order", "[onnx][passes]") {
  for (int64_t width : {2, 3, 4, 5}) {
    INFO("kernel width " << width);
    Built b;
    const size_t x = b.value();
    const size_t pads = b.constant(make_tensor<int64_t>({8}, {0, 0, 1, 1, 0, 0, 1, 2}));
    const size_t p = b.node("Pad", {x, pads});
    Attributes attrs = ints_attribute("kernel_shape", {2, width});
    attrs.set("count_include_pad", AttributeValue::Int(1));
    const size_t y = b.node("AveragePool", {p}, attrs);
    b.outputs = {y};
    std::vector<float> data(2 * 5 * 7);
    for (size_t i = 0; i < data.size(); ++i) data[i] = kEdges[i % kEdges.size()] * static_cast<float>(i % 5 + 1);
    const auto steps = run_alone(b, [](StepGraph& g) { fuse_pad_pool(g); }, {{x, make_tensor<float>({1, 2, 5, 7}, data)}});
    const bool fused = !kernels::avgpool_may_split_sum(width, 1);
    CHECK(fused == (width < 4));  // float64's two lanes: two accumulators from 4 taps
    REQUIRE(steps.size() == (fused ? 1u : 2u));
    if (fused) {
      CHECK(steps[0].as<Step::PadPool>() != nullptr);
      CHECK(steps[0].nodes == std::vector<size_t>{0, 1});
      CHECK(steps[0].inputs == std::vector<size_t>{x, pads});
    }
  }
}

TEST_CASE("Pass alone: BatchNormalization folded into the Conv before it, within the rounding it changes", "[onnx][passes]") {
  // A 1x1 Conv of 3 input channels to 4, with or without a bias, then BatchNormalization: each output
  // is a sum of K = 3 products and the bias; folding rounds the scaled weights and bias once each and
  // sums other products, so the folded output is within 2 (K + 8) float32 roundings of the magnitude
  // of its terms, |factor| * (sum |w x| + |b - mean|) + |B|, of the unfused one (graph_optimizer.h).
  const std::vector<float> weights = {0.5f, -1.25f, 2.0f, 0.75f, -0.3f, 1.1f, -2.2f, 0.9f, 1.7f, -0.6f, 0.4f, -1.9f};
  const std::vector<float> conv_bias = {0.1f, -0.7f, 1.3f, 0.0f};
  const std::vector<float> scale = {1.5f, -0.8f, 0.25f, 3.0f}, shift = {0.2f, -1.0f, 0.5f, 2.0f}, mean = {0.3f, -0.4f, 1.1f, -2.0f},
                           variance = {0.9f, 2.5f, 0.0f, 0.04f};
  std::vector<float> data(2 * 3 * 5);
  for (size_t i = 0; i < data.size(); ++i) data[i] = kEdges[i % 9] * static_cast<float>(i % 7 + 1) / 3.0f;  // finite values
  for (const bool with_bias : {true, false}) {
    INFO("conv bias " << with_bias);
    Built b;
    b.opset = 15;
    const size_t x = b.value();
    const size_t w = b.constant(make_tensor<float>({4, 3, 1, 1}, weights));
    std::vector<size_t> conv_inputs = {x, w};
    if (with_bias) conv_inputs.push_back(b.constant(make_tensor<float>({4}, conv_bias)));
    const size_t c = b.node("Conv", conv_inputs);
    const size_t params[] = {b.constant(make_tensor<float>({4}, scale)), b.constant(make_tensor<float>({4}, shift)),
                             b.constant(make_tensor<float>({4}, mean)), b.constant(make_tensor<float>({4}, variance))};
    Attributes attrs;
    attrs.set("epsilon", AttributeValue::Float(0.01));
    const size_t y = b.node("BatchNormalization", {c, params[0], params[1], params[2], params[3]}, attrs);
    b.outputs = {y};
    const auto within = [&](const Tensor& got, const Tensor& want) {
      if (got.dims() != want.dims()) return false;
      for (size_t e = 0; e < got.size(); ++e) {
        const size_t n = e / 20, m = e / 5 % 4, p = e % 5;
        double terms = 0;
        for (size_t k = 0; k < 3; ++k) terms += std::fabs(static_cast<double>(weights[m * 3 + k]) * data[(n * 3 + k) * 5 + p]);
        const double factor = scale[m] / std::sqrt(variance[m] + static_cast<double>(0.01f));
        const double magnitude = std::fabs(factor) * (terms + std::fabs((with_bias ? conv_bias[m] : 0.0) - mean[m])) + std::fabs(shift[m]);
        if (std::fabs(static_cast<double>(got.data<float>()[e]) - want.data<float>()[e]) > 2 * (3 + 8) * 0x1p-24 * magnitude) return false;
      }
      return true;
    };
    const auto steps = run_alone(b, [](StepGraph& g) { fold_batch_norms(g); }, {{x, make_tensor<float>({2, 3, 1, 5}, data)}}, within);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].nodes == std::vector<size_t>{0, 1});
    CHECK(steps[0].inputs == std::vector<size_t>{x, w, with_bias ? conv_inputs[2] : params[1]});
    CHECK(&steps[0].op.schema() == &kConvSchema);
  }
}

TEST_CASE("Pass alone: BatchNormalization folded into the Gemm (a linear layer) before it, within the rounding it changes", "[onnx][passes]") {
  // Gemm of A [5, 3] by B [4, 3] transposed (alpha 0.5), with C [4] or none, then
  // BatchNormalization over the 4 columns: the bound of the Conv's case, K = 3, alpha in the terms.
  const std::vector<float> weights = {0.5f, -1.25f, 2.0f, 0.75f, -0.3f, 1.1f, -2.2f, 0.9f, 1.7f, -0.6f, 0.4f, -1.9f};
  const std::vector<float> gemm_bias = {0.1f, -0.7f, 1.3f, 0.0f};
  const std::vector<float> scale = {1.5f, -0.8f, 0.25f, 3.0f}, shift = {0.2f, -1.0f, 0.5f, 2.0f}, mean = {0.3f, -0.4f, 1.1f, -2.0f},
                           variance = {0.9f, 2.5f, 0.0f, 0.04f};
  std::vector<float> data(5 * 3);
  for (size_t i = 0; i < data.size(); ++i) data[i] = kEdges[i % 9] * static_cast<float>(i % 7 + 1) / 3.0f;  // finite values
  for (const Dims& c_dims : {Dims{4}, Dims{}}) {
    const bool with_bias = !c_dims.empty();
    INFO("C " << dims_to_string(c_dims));
    Built b;
    b.opset = 15;
    const size_t x = b.value();
    const size_t w = b.constant(make_tensor<float>({4, 3}, weights));
    std::vector<size_t> gemm_inputs = {x, w};
    if (with_bias) gemm_inputs.push_back(b.constant(make_tensor<float>(c_dims, gemm_bias)));
    Attributes gemm_attrs;
    gemm_attrs.set("transB", AttributeValue::Int(1));
    gemm_attrs.set("alpha", AttributeValue::Float(0.5));
    const size_t g = b.node("Gemm", gemm_inputs, gemm_attrs);
    const size_t params[] = {b.constant(make_tensor<float>({4}, scale)), b.constant(make_tensor<float>({4}, shift)),
                             b.constant(make_tensor<float>({4}, mean)), b.constant(make_tensor<float>({4}, variance))};
    Attributes attrs;
    attrs.set("epsilon", AttributeValue::Float(0.01));
    b.outputs = {b.node("BatchNormalization", {g, params[0], params[1], params[2], params[3]}, attrs)};
    const auto within = [&](const Tensor& got, const Tensor& want) {
      if (got.dims() != want.dims()) return false;
      for (size_t e = 0; e < got.size(); ++e) {
        const size_t row = e / 4, n = e % 4;
        double terms = 0;
        for (size_t k = 0; k < 3; ++k) terms += std::fabs(0.5 * weights[n * 3 + k] * data[row * 3 + k]);
        const double factor = scale[n] / std::sqrt(variance[n] + static_cast<double>(0.01f));
        const double magnitude = std::fabs(factor) * (terms + std::fabs((with_bias ? gemm_bias[n] : 0.0) - mean[n])) + std::fabs(shift[n]);
        if (std::fabs(static_cast<double>(got.data<float>()[e]) - want.data<float>()[e]) > 2 * (3 + 8) * 0x1p-24 * magnitude) return false;
      }
      return true;
    };
    const auto steps = run_alone(b, [](StepGraph& graph) { fold_batch_norms(graph); }, {{x, make_tensor<float>({5, 3}, data)}}, within);
    REQUIRE(steps.size() == 1);
    CHECK(steps[0].nodes == std::vector<size_t>{0, 1});
    CHECK(steps[0].inputs == std::vector<size_t>{x, w, with_bias ? gemm_inputs[2] : params[1]});
    CHECK(&steps[0].op.schema() == &kGemmSchema);
  }
}

TEST_CASE("Pass alone: no BatchNormalization fold into a Gemm whose columns are not B's rows as they are", "[onnx][passes]") {
  // transB 0 (B's columns are Y's), beta 2 (C scaled), C [5, 1] (one value per row), C [1, 4] (not
  // the [N] of an exported linear layer), Gemm-6 (legacy C).
  struct Case {
    int64_t trans_b;
    float beta;
    Dims c_dims;
    int opset;
  };
  const Case cases[] = {{0, 1.0f, {4}, 15}, {1, 2.0f, {4}, 15}, {1, 1.0f, {5, 1}, 15}, {1, 1.0f, {1, 4}, 15}, {1, 1.0f, {5, 4}, 6}};
  for (const Case& c : cases) {
    INFO("transB " << c.trans_b << " beta " << c.beta << " C " << dims_to_string(c.c_dims) << " opset " << c.opset);
    Built b;
    b.opset = c.opset;
    const size_t x = b.value();
    const size_t w = b.constant(make_tensor<float>({4, 4}, std::vector<float>(16, 0.5f)));
    const size_t bias = b.constant(make_tensor<float>(c.c_dims, std::vector<float>(c.c_dims[0] * (c.c_dims.size() > 1 ? c.c_dims[1] : 1), 0.25f)));
    Attributes gemm_attrs;
    gemm_attrs.set("transB", AttributeValue::Int(c.trans_b));
    gemm_attrs.set("beta", AttributeValue::Float(c.beta));
    const size_t g = b.node("Gemm", {x, w, bias}, gemm_attrs);
    std::vector<size_t> params;
    for (float v : {1.5f, 0.5f, 0.25f, 4.0f}) params.push_back(b.constant(make_tensor<float>({4}, {v, v, v, v})));
    b.outputs = {b.node("BatchNormalization", {g, params[0], params[1], params[2], params[3]})};
    const size_t before = b.steps.size();
    const auto steps = run_alone(b, [](StepGraph& graph) { fold_batch_norms(graph); }, {{x, make_tensor<float>({5, 4}, std::vector<float>(20, 1.0f))}});
    CHECK(steps.size() == before);
  }
}

TEST_CASE("Pass alone: no BatchNormalization fold where a value it rewrites is read elsewhere, or in training", "[onnx][passes]") {
  const auto build = [](Built& b, bool training, bool weights_read_again, bool conv_read_again) {
    b.opset = 15;
    const size_t x = b.value();
    const size_t w = b.constant(make_tensor<float>({2, 1, 1, 1}, {2.0f, -3.0f}));
    const size_t c = b.node("Conv", {x, w});
    std::vector<size_t> params;
    for (float v : {1.5f, 0.5f, 0.25f, 4.0f}) params.push_back(b.constant(make_tensor<float>({2}, {v, v})));
    Attributes attrs;
    if (training) attrs.set("training_mode", AttributeValue::Int(1));
    b.outputs = {b.node("BatchNormalization", {c, params[0], params[1], params[2], params[3]}, attrs)};
    if (weights_read_again) b.outputs.push_back(b.node("Floor", {w}));
    if (conv_read_again) b.outputs.push_back(b.node("Floor", {c}));
    return x;
  };
  const std::tuple<bool, bool, bool> cases[] = {{true, false, false}, {false, true, false}, {false, false, true}};
  for (const auto& [training, weights_again, conv_again] : cases) {
    Built b;
    const size_t x = build(b, training, weights_again, conv_again);
    const size_t before = b.steps.size();
    const auto steps = run_alone(b, [](StepGraph& g) { fold_batch_norms(g); }, {{x, make_tensor<float>({1, 1, 2, 2}, {1.0f, -2.0f, 0.5f, 3.0f})}});
    CHECK(steps.size() == before);
  }
}

// A Conv on [1, 2, 5, 9] of the edge values (NaN, infinities, zeros) with weights `w` ([M, 2 / group,
// kh, kw]; -0 bias), its output read by the nodes `activation` adds; whether the pass fused them all,
// having checked (run_alone) that the fused step gives the nodes' bytes.
bool conv_activation_fused(const Tensor& w, int64_t group, const std::function<size_t(Built&, size_t)>& activation, int64_t opset = 13) {
  Built b;
  b.opset = opset;
  const size_t x = b.value();
  const size_t weights = b.constant(w);
  const size_t bias = b.constant(make_tensor<float>({w.dims()[0]}, std::vector<float>(static_cast<size_t>(w.dims()[0]), -0.0f)));
  Attributes attrs = ints_attribute("pads", {1, 0, 1, 2});
  attrs.set("group", AttributeValue::Int(group));
  const size_t y = b.node("Conv", {x, weights, bias}, attrs);
  const size_t activated = activation(b, y);
  b.outputs.insert(b.outputs.begin(), activated);
  std::vector<float> data(2 * 5 * 9);
  for (size_t i = 0; i < data.size(); ++i) data[i] = i % 7 == 3 ? 0.0f : kEdges[i % kEdges.size()] * static_cast<float>(i % 4 + 1) / 8;
  const auto steps = run_alone(b, [](StepGraph& g) { fuse_conv_activations(g); }, {{x, make_tensor<float>({1, 2, 5, 9}, data)}});
  if (steps.size() != 1) return false;
  CHECK(steps[0].is_node());
  std::vector<size_t> all_nodes(b.nodes.size());
  std::iota(all_nodes.begin(), all_nodes.end(), 0);
  CHECK(steps[0].nodes == all_nodes);
  CHECK(steps[0].outputs == std::vector<size_t>{b.outputs[0]});
  CHECK(steps[0].label == b.steps[0].label);
  return true;
}

TEST_CASE("Pass alone: a Relu or Clip that alone reads a float32 Conv's output fused into it", "[onnx][passes]") {
  std::vector<float> kernel(4 * 2 * 3 * 2);
  for (size_t i = 0; i < kernel.size(); ++i) kernel[i] = static_cast<float>(static_cast<int>(i % 7) - 4) / 4;  // zeros, most negative
  const Tensor w = make_tensor<float>({4, 2, 3, 2}, kernel);
  const Tensor negative = make_tensor<float>({3, 2, 1, 1}, {-1.0f, -0.5f, -2.0f, -0.25f, -1.5f, -3.0f});  // 1x1: -0 outputs at zeros
  const Tensor depthwise = make_tensor<float>({2, 1, 3, 3}, std::vector<float>(kernel.begin(), kernel.begin() + 18));
  const auto relu = [](Built& b, size_t y) { return b.node("Relu", {y}); };
  const auto clip = [](float lo, float hi) {
    return [lo, hi](Built& b, size_t y) {
      return b.node("Clip", {y, b.constant(make_tensor<float>({}, {lo})), b.constant(make_tensor<float>({}, {hi}))});
    };
  };
  CHECK(conv_activation_fused(w, 1, relu));
  CHECK(conv_activation_fused(negative, 1, relu));  // Relu(-0) is +0
  CHECK(conv_activation_fused(depthwise, 2, relu));  // the depthwise path clamps each plane after it
  CHECK(conv_activation_fused(w, 1, clip(-0.5f, 1.5f)));
  CHECK(conv_activation_fused(w, 1, clip(0.75f, -0.25f)));  // min > max: max everywhere
  CHECK(conv_activation_fused(negative, 1, clip(-0.0f, 0.0f)));
  CHECK(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Clip", {y, kNoValue, b.constant(make_tensor<float>({}, {6.0f}))}); }));
  CHECK(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Max", {b.constant(make_tensor<float>({1}, {0.25f})), y}); }));
  Attributes six;
  six.set("min", AttributeValue::Float(0.0f));
  six.set("max", AttributeValue::Float(6.0f));
  CHECK(conv_activation_fused(w, 1, [&six](Built& b, size_t y) { return b.node("Clip", {y}, six); }, 6));  // Clip-6's attributes
  // Not fused: a NaN bound (Clip gives NaN everywhere), a clamp of another rank than Y's, a node that
  // is more than a clamp, a Conv read twice or a graph output.
  CHECK_FALSE(conv_activation_fused(w, 1, clip(NAN, 1.0f)));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Max", {y, b.constant(make_tensor<float>({1, 1, 1, 1, 1}, {0.0f}))}); }));
}

TEST_CASE("Pass alone: the Sigmoid and Mul of a float32 Conv's SiLU fused into it", "[onnx][passes]") {
  std::vector<float> kernel(4 * 2 * 3 * 2);
  for (size_t i = 0; i < kernel.size(); ++i) kernel[i] = static_cast<float>(static_cast<int>(i % 7) - 4) / 4;
  const Tensor w = make_tensor<float>({4, 2, 3, 2}, kernel);
  const Tensor depthwise = make_tensor<float>({2, 1, 3, 3}, std::vector<float>(kernel.begin(), kernel.begin() + 18));
  const Tensor pointwise = make_tensor<float>({3, 2, 1, 1}, {-1.0f, 0.5f, 2.0f, -0.25f, 1.5f, -3.0f});
  const auto silu = [](Built& b, size_t y) { return b.node("Mul", {y, b.node("Sigmoid", {y})}); };
  CHECK(conv_activation_fused(w, 1, silu));
  CHECK(conv_activation_fused(pointwise, 1, silu));
  CHECK(conv_activation_fused(depthwise, 2, silu));  // the depthwise path activates each plane after it
  CHECK(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Mul", {b.node("Sigmoid", {y}), y}); }));
  CHECK(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Mul", {y, b.node("Sigmoid", {y})}); }, 6));
  // Not fused: a Mul of the Sigmoid by itself or of something else, the Sigmoid or the Conv read
  // again, the Sigmoid of another value.
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) {
    const size_t s = b.node("Sigmoid", {y});
    return b.node("Mul", {s, s});
  }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) {
    const size_t s = b.node("Sigmoid", {y});
    b.outputs.push_back(s);
    return b.node("Mul", {y, s});
  }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) {
    b.outputs.push_back(b.node("Floor", {y}));
    return b.node("Mul", {y, b.node("Sigmoid", {y})});
  }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Mul", {y, b.node("Sigmoid", {b.node("Floor", {y})})}); }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Floor", {y}); }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) { return b.node("Min", {y, y}); }));
  CHECK_FALSE(conv_activation_fused(w, 1, [](Built& b, size_t y) {
    b.outputs.push_back(y);
    return b.node("Relu", {y});
  }));
}

TEST_CASE("Pass alone: chain fusion follows sole readers; the fused step takes the last link's place", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t scale = b.constant(make_tensor<float>({}, {0.5f}));
  const size_t lo = b.constant(make_tensor<float>({}, {-1.0f}));
  const size_t hi = b.constant(make_tensor<float>({}, {2.0f}));
  const size_t m = b.node("Mul", {x, scale});
  const size_t r = b.node("Round", {m});
  const size_t side = b.node("Ceil", {x});  // between the links in run order, not in the chain
  const size_t c = b.node("Clip", {r, lo, hi});
  const size_t y = b.node("Min", {c, side});
  b.outputs = {y};
  const auto steps = run_alone(b, [](StepGraph& g) { fuse_chains(g); }, {{x, make_tensor<float>({16}, kEdges)}});
  REQUIRE(steps.size() == 3);
  CHECK(steps[0].nodes == std::vector<size_t>{2});
  const Step::Chain* chain = steps[1].as<Step::Chain>();
  REQUIRE(chain != nullptr);
  CHECK(chain->links.size() == 3);
  CHECK(chain->rank == 0);
  CHECK(steps[1].nodes == std::vector<size_t>{0, 1, 3});
  CHECK(steps[1].inputs == std::vector<size_t>{x, scale, lo, hi});
  CHECK(steps[1].outputs == std::vector<size_t>{c});
}

TEST_CASE("Pass alone: a Reshape reads its shape off dimensions; later Reshapes too, in the same sweep", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t zero = b.constant(make_tensor<int64_t>({1}, {0}));
  const size_t minus_one = b.constant(make_tensor<int64_t>({1}, {-1}));
  const size_t axes = b.constant(make_tensor<int64_t>({1}, {0}));
  size_t v = x;
  for (int k = 0; k < 2; ++k) {  // v = Reshape(v, Concat(Unsqueeze(Gather(Shape(v), 0)), [-1])), twice
    const size_t s = b.node("Shape", {v});
    const size_t g0 = b.node("Gather", {s, b.constant(make_tensor<int64_t>({}, {0}))});
    const size_t u = b.node("Unsqueeze", {g0, axes});
    const size_t shape = b.node("Concat", {u, minus_one}, [] {
      Attributes a;
      a.set("axis", AttributeValue::Int(0));
      return a;
    }());
    v = b.node("Reshape", {v, shape});
  }
  (void)zero;
  b.outputs = {v};
  std::vector<float> data(2 * 3 * 4);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i) - 7.5f;
  const auto steps = run_alone(b, [](StepGraph& g) { reshape_from_dims(g); }, {{x, make_tensor<float>({2, 3, 4}, data)}});
  REQUIRE(steps.size() == 2);
  for (const Step& step : steps) {
    const Step::ReshapeFromDims* from = step.as<Step::ReshapeFromDims>();
    REQUIRE(from != nullptr);
    REQUIRE(from->entries.size() == 2);
    CHECK(from->entries[0].number == 0);
    CHECK(from->entries[0].of == 0);  // input 0: the data
    CHECK(from->entries[1].of == kNoValue);
    CHECK(from->steps.size() == 4);
  }
}

TEST_CASE("Pass alone: views, and in place where nothing later reads the input", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t f = b.node("Floor", {x});
  const size_t shape = b.constant(make_tensor<int64_t>({1}, {-1}));
  const size_t r = b.node("Reshape", {f, shape});
  const size_t c = b.node("Ceil", {r});
  const size_t y = b.node("Min", {c, f});
  b.outputs = {y};
  const std::vector<std::pair<size_t, Tensor>> feeds = {{x, make_tensor<float>({16}, kEdges)}};
  const auto viewed = run_alone(b, [](StepGraph& g) { make_views(g); }, feeds);
  CHECK(viewed[1].kind == Step::Kind::kView);
  CHECK(viewed[0].kind == Step::Kind::kCompute);
  const auto in_place = run_alone(b, [](StepGraph& g) { compute_in_place(g); }, feeds);
  CHECK(in_place[0].kind == Step::Kind::kCompute);  // reads the feed
  CHECK(in_place[2].kind == Step::Kind::kInPlace);  // r: read by nothing later
  CHECK(in_place[3].kind == Step::Kind::kInPlace);  // into c (f is read by the Reshape, earlier)
  CHECK(in_place[3].in_place == 0);
}

TEST_CASE("Pass alone: release planning frees each value after its last reader, a view's input by the view", "[onnx][passes]") {
  Built b;
  const size_t x = b.value();
  const size_t f = b.node("Floor", {x});
  const size_t unread = b.node("Ceil", {x});
  const size_t shape = b.constant(make_tensor<int64_t>({1}, {-1}));
  const size_t r = b.node("Reshape", {f, shape});
  const size_t y = b.node("Round", {r});
  b.outputs = {y};
  b.steps[2].kind = Step::Kind::kView;
  const auto steps = run_alone(b, [](StepGraph&) {}, {{x, make_tensor<float>({16}, kEdges)}});
  CHECK(steps[0].release.empty());
  CHECK(steps[1].release == std::vector<size_t>{unread});  // produced, never read
  CHECK(steps[2].takes_input);                             // f's last reader: the view takes it
  CHECK(steps[2].release.empty());
  CHECK(steps[3].release == std::vector<size_t>{r});
  CHECK(steps[3].release.size() == 1);
  (void)y;
}
