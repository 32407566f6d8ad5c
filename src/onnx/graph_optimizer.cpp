// The optimizations of graph_optimizer.h, each a pass over the steps in run order.
#include "onnx/graph_optimizer.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <span>

#include "core/shape.h"

namespace ow::onnx {
namespace {

constexpr const char* kLevelNames[] = {"disabled", "basic", "extended", "all"};

bool is_op(const Step& step, std::string_view name) { return step.op.schema().name == name; }

// Whether the value is read by a step from `from` on, or is a graph output.
bool read_after(const StepGraph& g, size_t v, size_t from) {
  if (std::find(g.graph_outputs.begin(), g.graph_outputs.end(), v) != g.graph_outputs.end()) return true;
  for (size_t s = from; s < g.steps.size(); ++s) {
    const Step& step = g.steps[s];
    if (std::find(step.inputs.begin(), step.inputs.end(), v) != step.inputs.end()) return true;
  }
  return false;
}

// The constant at input `i` of `step`, or null if the input is omitted or not known at creation.
const Tensor* known_input(const StepGraph& g, const Step& step, size_t i) {
  if (i >= step.inputs.size() || step.inputs[i] == kNoValue || !g.known[step.inputs[i]]) return nullptr;
  return &g.constants[step.inputs[i]];
}

// The values of a known int64 tensor.
std::vector<int64_t> int64_values(const Tensor& t) {
  if (t.dtype() != DType::kInt64) return {};
  return std::vector<int64_t>(t.data<int64_t>(), t.data<int64_t>() + t.size());
}

// A Shape node's input as a tensor of the graph input's declared type and fixed dimensions, whose
// elements are never read; false if the input is not such a graph input.
bool declared_shape(const StepGraph& g, size_t v, Tensor& t) {
  const ValueInfo* info = v == kNoValue ? nullptr : g.fed[v];
  if (!info || !info->has_shape || !dtype_is_known(info->elem_type)) return false;
  Dims dims;
  for (const Dim& d : info->shape) {
    if (!d.fixed) return false;
    dims.push_back(d.value);
  }
  static unsigned char nothing;
  auto view = Tensor::view(static_cast<DType>(info->elem_type), std::move(dims), &nothing, SIZE_MAX);
  if (!view.ok()) return false;
  t = view.take();
  return true;
}

// Constant folding: runs each step whose inputs are all known (Shape's: dimensions only) once, with
// its operator; its outputs become constants.
void fold_constants(StepGraph& g, OptimizationReport& report) {
  std::vector<Step> kept;
  Tensor shape_input;
  for (Step& step : g.steps) {
    Inputs inputs;
    bool foldable = true;
    for (size_t i = 0; i < step.inputs.size() && foldable; ++i) {
      const size_t v = step.inputs[i];
      if (v == kNoValue) inputs.push_back(nullptr);
      else if (g.known[v]) inputs.push_back(&g.constants[v]);
      else if (is_op(step, "Shape") && i == 0 && declared_shape(g, v, shape_input)) inputs.push_back(&shape_input);
      else foldable = false;
    }
    Outputs produced;
    if (!foldable || !step.op.run(inputs, produced).ok()) {  // a failure is the run's to report
      kept.push_back(std::move(step));
      continue;
    }
    for (size_t i = 0; i < step.outputs.size(); ++i) {
      if (step.outputs[i] == kNoValue) continue;
      g.constants[step.outputs[i]] = std::move(produced[i]);
      g.known[step.outputs[i]] = 1;
    }
    report.folded.insert(report.folded.end(), step.nodes.begin(), step.nodes.end());
  }
  g.steps = std::move(kept);
}

// A Pad's pads (begin then end, of every axis) when they are known and the padding is constant zeros
// (mode "constant", value 0 or omitted); empty otherwise. `rank` is the padded tensor's, if known
// (needed for an axes input), else 0.
std::vector<int64_t> zero_pads(const StepGraph& g, const Step& step, size_t rank) {
  const Attributes& attrs = g.nodes[step.nodes.back()].attributes;
  auto mode = attrs.get_string("mode", "constant");
  if (!mode.ok() || mode.value() != "constant") return {};
  std::vector<int64_t> pads;
  if (step.op.version().since_version < 11) {
    const AttributeValue* value = attrs.find("value");
    if (value && !(value->kind == AttributeValue::Kind::kFloat && value->f == 0 && !std::signbit(value->f))) return {};
    auto given = attrs.get_ints(step.op.version().since_version < 2 ? "paddings" : "pads");
    if (!given.ok()) return {};
    pads = given.take();
  } else {
    const Tensor* p = known_input(g, step, 1);
    if (!p) return {};
    pads = int64_values(*p);
    if (step.inputs.size() > 2 && step.inputs[2] != kNoValue) {  // constant_value: +0 (all bits zero)
      const Tensor* value = known_input(g, step, 2);
      if (!value || value->size() != 1) return {};
      const auto* bytes = static_cast<const unsigned char*>(value->raw_data());
      if (std::any_of(bytes, bytes + value->byte_size(), [](unsigned char b) { return b != 0; })) return {};
    }
    if (step.inputs.size() > 3 && step.inputs[3] != kNoValue) {  // axes: pads of those axes only
      const Tensor* axes_tensor = known_input(g, step, 3);
      if (!axes_tensor || rank == 0) return {};
      const std::vector<int64_t> axes = int64_values(*axes_tensor);
      if (pads.size() != 2 * axes.size()) return {};
      std::vector<int64_t> all(2 * rank, 0);
      for (size_t k = 0; k < axes.size(); ++k) {
        const int64_t a = axes[k] < 0 ? axes[k] + static_cast<int64_t>(rank) : axes[k];
        if (a < 0 || a >= static_cast<int64_t>(rank)) return {};
        all[a] = pads[k];
        all[rank + a] = pads[axes.size() + k];
      }
      pads = std::move(all);
    }
  }
  if (pads.empty() || pads.size() % 2 != 0 || (rank != 0 && pads.size() != 2 * rank)) return {};
  return pads;
}

bool all_zero(const std::vector<int64_t>& v) {
  return std::all_of(v.begin(), v.end(), [](int64_t x) { return x == 0; });
}

// Replaces reads of `from` by reads of `to` in the steps from `begin` on.
void rewire(StepGraph& g, size_t begin, size_t from, size_t to) {
  for (size_t s = begin; s < g.steps.size(); ++s)
    for (size_t& v : g.steps[s].inputs)
      if (v == from) v = to;
}

// Identity: its readers read the input itself. Not where the output is a graph output (Session::run
// would return it as it is). A Pad of all-zero pads becomes a view of its input, which refuses what
// Pad refuses (a pads count for another rank, a type the version lacks) as the copy did.
void remove_copies(StepGraph& g, OptimizationReport& report) {
  std::vector<Step> kept;
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    if (is_op(step, "Pad")) {
      const std::vector<int64_t> pads = zero_pads(g, step, 0);
      if (!pads.empty() && all_zero(pads)) step.kind = Step::Kind::kView;
    }
    const bool copy = is_op(step, "Identity");
    const size_t out = step.outputs.empty() ? kNoValue : step.outputs[0];
    const bool output_of_graph = std::find(g.graph_outputs.begin(), g.graph_outputs.end(), out) != g.graph_outputs.end();
    if (!copy || out == kNoValue || output_of_graph || step.inputs.empty() || step.inputs[0] == kNoValue) {
      kept.push_back(std::move(step));
      continue;
    }
    rewire(g, s + 1, out, step.inputs[0]);
    report.removed.insert(report.removed.end(), step.nodes.begin(), step.nodes.end());
  }
  g.steps = std::move(kept);
}

// The step that reads `v` next after step `after`, if it is the only step that reads it and `v` is no
// graph output; else g.steps.size().
size_t only_reader(const StepGraph& g, size_t v, size_t after) {
  size_t r = after + 1;
  while (r < g.steps.size() && std::find(g.steps[r].inputs.begin(), g.steps[r].inputs.end(), v) == g.steps[r].inputs.end()) ++r;
  return r == g.steps.size() || read_after(g, v, r + 1) ? g.steps.size() : r;
}

// A Pad of constant zeros on the spatial axes (pads known, non-negative) whose output only an
// AveragePool reads, fused into the pooling's pads. Zeros padded by Pad count in the average; the
// pooling's own padding counts only with count_include_pad (version >= 7), which the fused pooling sets:
// so only where the pooling counts its padding already, or has none. Not for auto_pad, whose padding
// follows the padded size. Where the pooling's kernels would sum the padded plane in another order
// (a window of dilation 1 and 4 or more taps on the last axis, which a wide-window loop sums with two
// accumulators), not fused; where it depends on the input's shape (Step::Unfused), run unfused then.
void fuse_pad_pool(StepGraph& g, OptimizationReport& report) {
  for (size_t s = 0; s + 1 < g.steps.size(); ++s) {
    Step& pad = g.steps[s];
    if (!is_op(pad, "Pad") || pad.outputs.size() != 1 || pad.outputs[0] == kNoValue || pad.inputs[0] == kNoValue) continue;
    const size_t padded = pad.outputs[0];
    const size_t r = only_reader(g, padded, s);
    if (r == g.steps.size() || !is_op(g.steps[r], "AveragePool") || g.steps[r].inputs[0] != padded) continue;
    Step& pool = g.steps[r];
    const int version = pool.op.version().since_version;
    const Attributes& attrs = g.nodes[pool.nodes.back()].attributes;
    auto kernel = attrs.get_ints("kernel_shape");
    auto auto_pad = attrs.get_string("auto_pad", "NOTSET");
    auto own = attrs.get_ints("pads");
    auto dilations = attrs.get_ints("dilations");
    auto counted = attrs.get_int("count_include_pad", 0);
    auto strides = attrs.get_ints("strides");
    auto ceil_mode = attrs.get_int("ceil_mode", 0);
    if (version < 7 || !kernel.ok() || kernel.value().empty() || !auto_pad.ok() || auto_pad.value() != "NOTSET" || !own.ok() ||
        !dilations.ok() || !counted.ok() || !strides.ok() || !ceil_mode.ok())
      continue;
    const size_t spatial = kernel.value().size(), rank = spatial + 2;
    std::vector<int64_t> q = own.take();
    if (q.empty()) q.assign(2 * spatial, 0);
    std::vector<int64_t> d = dilations.take();
    if (d.empty()) d.assign(spatial, 1);
    std::vector<int64_t> st = strides.take();
    if (st.empty()) st.assign(spatial, 1);
    if (q.size() != 2 * spatial || d.size() != spatial || st.size() != spatial || (counted.value() != 1 && !all_zero(q))) continue;
    if (d.back() == 1 && kernel.value().back() >= 4) continue;
    // Pads beyond the largest tensor's bytes Pad refuses: not fused, so that it still does.
    const std::vector<int64_t> p = zero_pads(g, pad, rank);
    if (p.size() != 2 * rank || p[0] != 0 || p[1] != 0 || p[rank] != 0 || p[rank + 1] != 0 ||
        std::any_of(p.begin(), p.end(), [](int64_t v) { return v < 0 || static_cast<uint64_t>(v) > kMaxTensorBytes; }))
      continue;
    std::vector<int64_t> fused(2 * spatial), extent(spatial);
    for (size_t i = 0; i < spatial; ++i) {
      fused[i] = q[i] + p[2 + i];
      fused[spatial + i] = q[spatial + i] + p[rank + 2 + i];
      extent[i] = (kernel.value()[i] - 1) * d[i] + 1;
    }
    Attributes fused_attrs = attrs;
    fused_attrs.set("pads", AttributeValue::Ints(fused));
    fused_attrs.set("count_include_pad", AttributeValue::Int(1));
    auto op = PreparedOp::create("AveragePool", g.opset, fused_attrs);
    if (!op.ok()) continue;
    Step::Unfused unfused{pad.op, pool.op, p, q, std::move(extent), std::move(st), ceil_mode.value() != 0};
    pool.op = op.take();
    pool.inputs = pad.inputs;  // the fused pooling reads the first; the unfused Pad all
    pool.nodes.insert(pool.nodes.begin(), pad.nodes.begin(), pad.nodes.end());
    pool.unfused.push_back(std::move(unfused));
    g.steps.erase(g.steps.begin() + static_cast<ptrdiff_t>(s));
    --s;
  }
  (void)report;
}

// Whether a step computes its node's one output as the node declares it: not fused, not a view.
bool as_declared(const Step& step) {
  return step.kind == Step::Kind::kCompute && step.unfused.empty() && step.chain.empty() && step.shape.empty() &&
         step.outputs.size() == 1 && step.outputs[0] != kNoValue;
}

// Erases the steps at `indices` (ascending).
void erase_steps(StepGraph& g, std::span<const size_t> indices) {
  for (size_t k = indices.size(); k-- > 0;) g.steps.erase(g.steps.begin() + static_cast<ptrdiff_t>(indices[k]));
}

// Adds `step`, whose input `chained` reads the chain's value, to a fused chain being built in `fused`
// if ops/scale_round_clamp.h allows it: its other inputs must be constants (or omitted), which become
// inputs of the fused step.
bool add_link(const StepGraph& g, Step& fused, Step::Chain& chain, const Step& step, size_t chained) {
  if (!as_declared(step) || !step.op.schema().elementwise) return false;
  Inputs constants(step.inputs.size(), nullptr);
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained || step.inputs[i] == kNoValue) continue;
    if (!g.known[step.inputs[i]]) return false;
    constants[i] = &g.constants[step.inputs[i]];
  }
  if (!chain.pass.add(step.op, g.nodes[step.nodes.back()].attributes, chained, constants)) return false;
  Step::Link link{step.op, step.label, chained, std::vector<size_t>(step.inputs.size(), 0)};
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained) continue;
    link.inputs[i] = fused.inputs.size();
    fused.inputs.push_back(step.inputs[i]);
  }
  chain.links.push_back(std::move(link));
  fused.nodes.insert(fused.nodes.end(), step.nodes.begin(), step.nodes.end());
  return true;
}

// Elementwise nodes by scalar constants, each reading the one before (the only reader of its output,
// which is no graph output), fused into one step where ops/scale_round_clamp.h says a pass computes
// them. The fused step runs where the last of them ran.
void fuse_chains(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    // The first node's chained input: its one input not known at creation.
    const Step& first = g.steps[s];
    size_t chained = kNoValue, unknown = 0;
    for (size_t i = 0; i < first.inputs.size(); ++i)
      if (first.inputs[i] != kNoValue && !g.known[first.inputs[i]]) chained = i, ++unknown;
    if (unknown != 1) continue;
    Step fused;
    fused.inputs = {first.inputs[chained]};
    Step::Chain chain;
    if (!add_link(g, fused, chain, first, chained)) continue;
    std::vector<size_t> members = {s};
    for (size_t last = s;;) {
      const size_t value = g.steps[last].outputs[0], r = only_reader(g, value, last);
      if (r == g.steps.size()) break;
      const std::vector<size_t>& in = g.steps[r].inputs;
      if (std::count(in.begin(), in.end(), value) != 1) break;
      if (!add_link(g, fused, chain, g.steps[r], std::find(in.begin(), in.end(), value) - in.begin())) break;
      members.push_back(last = r);
    }
    if (members.size() < 2) continue;
    Step& last = g.steps[members.back()];
    fused.label = last.label;
    fused.op = last.op;
    fused.outputs = last.outputs;
    fused.chain.push_back(std::move(chain));
    last = std::move(fused);
    erase_steps(g, std::span(members).first(members.size() - 1));
    --s;  // step s is now the one after the chain's first
  }
}

// What shape arithmetic holds where it follows dimensions known only as the session runs: elements
// each a constant or a dimension of a value (Step::ShapeEntry, `of` a value id here), or the whole
// shape of a value, whose rank may not be known.
struct ShapeInts {
  bool followed = false;       // whether this holds anything
  bool scalar = false;         // 0-D, else 1-D
  size_t shape_of = kNoValue;  // Shape(v): v's dimensions, not listed
  std::vector<Step::ShapeEntry> entries;
  std::vector<size_t> steps;  // the steps computing it, ascending indices in g.steps
};

// The elements of an int64 (or, where `int32` allows, int32) constant of rank 0 or 1 holding a
// handful; false for anything else.
bool small_ints(const Tensor* t, bool int32, std::vector<int64_t>& values) {
  const bool int64 = t && t->dtype() == DType::kInt64;
  if (!t || t->rank() > 1 || t->size() > 64 || !(int64 || (int32 && t->dtype() == DType::kInt32))) return false;
  values.resize(t->size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = int64 ? t->data<int64_t>()[i] : t->data<int32_t>()[i];
  return true;
}

// What value v holds: what `held` says, or a small int64 constant's elements; false for neither.
bool ints_of(const StepGraph& g, const std::vector<ShapeInts>& held, size_t v, ShapeInts& out) {
  if (v == kNoValue) return false;
  if (held[v].followed) {
    out = held[v];
    return true;
  }
  std::vector<int64_t> values;
  if (!g.known[v] || !small_ints(&g.constants[v], false, values)) return false;
  out = {true, g.constants[v].rank() == 0, kNoValue, {}, {}};
  for (int64_t x : values) out.entries.push_back({x, kNoValue});
  return true;
}

// What step s computes, if it is shape arithmetic this follows: Shape (whole), Gather of a Shape by
// constant indices, Unsqueeze of a scalar into a 1-D list, Concat of 1-D lists (axis 0 or -1). Each
// computes what its operator does where the run finds every dimension it lists in range; elsewhere the
// steps run as declared and one of them reports it. (A Gather of a list holding dimensions would drop
// some, whose range the run would then not check: not followed.)
bool follow_shape(const StepGraph& g, size_t s, const std::vector<ShapeInts>& held, ShapeInts& out) {
  const Step& step = g.steps[s];
  if (!as_declared(step) || step.inputs.empty()) return false;
  const Attributes& attrs = g.nodes[step.nodes.back()].attributes;
  const int version = step.op.version().since_version;
  std::vector<int64_t> ints;
  if (is_op(step, "Shape")) {
    if (!attrs.items().empty() || step.inputs[0] == kNoValue) return false;  // start, end (15 on)
    out = {true, false, step.inputs[0], {}, {}};
  } else if (is_op(step, "Gather")) {
    const auto axis = attrs.get_int("axis", 0);
    if (!ints_of(g, held, step.inputs[0], out) || out.shape_of == kNoValue || !small_ints(known_input(g, step, 1), true, ints) ||
        !axis.ok() || (axis.value() != 0 && axis.value() != -1))
      return false;
    out.scalar = known_input(g, step, 1)->rank() == 0;
    for (int64_t k : ints) out.entries.push_back({k, out.shape_of});
    out.shape_of = kNoValue;
  } else if (is_op(step, "Unsqueeze")) {
    // The axes: an attribute before 13, then an int64 input.
    if (version < 13) {
      auto axes = attrs.get_ints("axes");
      if (axes.ok()) ints = axes.take();
    } else if (!small_ints(known_input(g, step, 1), false, ints)) {
      return false;
    }
    if (!ints_of(g, held, step.inputs[0], out) || !out.scalar || ints.size() != 1 || (ints[0] != 0 && !(version >= 11 && ints[0] == -1)))
      return false;
    out.scalar = false;
  } else if (is_op(step, "Concat")) {
    const auto axis = attrs.get_int("axis", 1);
    if (!axis.ok() || (axis.value() != 0 && axis.value() != -1)) return false;
    out = {true, false, kNoValue, {}, {}};
    ShapeInts part;
    for (size_t v : step.inputs) {
      if (!ints_of(g, held, v, part) || part.scalar || part.shape_of != kNoValue) return false;
      out.entries.insert(out.entries.end(), part.entries.begin(), part.entries.end());
      out.steps.insert(out.steps.end(), part.steps.begin(), part.steps.end());
    }
  } else {
    return false;
  }
  out.steps.push_back(s);
  std::sort(out.steps.begin(), out.steps.end());
  out.steps.erase(std::unique(out.steps.begin(), out.steps.end()), out.steps.end());
  return true;
}

// Whether the values `steps` compute are read by those steps and step `reshape` (its shape input) alone,
// none is a graph output, and none is a value whose dimensions the shape reads.
bool serve_alone(const StepGraph& g, const ShapeInts& shape, size_t reshape) {
  for (size_t k : shape.steps)
    for (size_t v : g.steps[k].outputs) {
      if (v == kNoValue) continue;
      if (std::find(g.graph_outputs.begin(), g.graph_outputs.end(), v) != g.graph_outputs.end() || g.steps[reshape].inputs[0] == v) return false;
      for (const Step::ShapeEntry& e : shape.entries)
        if (e.of == v) return false;
      for (size_t r = 0; r < g.steps.size(); ++r) {
        const std::vector<size_t>& in = g.steps[r].inputs;
        if (r != reshape && std::find(in.begin(), in.end(), v) != in.end() && !std::binary_search(shape.steps.begin(), shape.steps.end(), r)) return false;
      }
    }
  return true;
}

// Reshapes whose shape is computed from dimensions known only as the session runs read them off those
// values instead (Step::ShapeFromDims), where the steps computing it serve that Reshape alone.
void shapes_from_dims(StepGraph& g) {
  std::vector<ShapeInts> held(g.constants.size());
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    const bool reshape = is_op(step, "Reshape") && step.op.version().since_version >= 5 && step.kind == Step::Kind::kCompute &&
                         step.shape.empty() && step.inputs.size() == 2 && step.inputs[0] != kNoValue && step.inputs[1] != kNoValue;
    const ShapeInts* shape = reshape ? &held[step.inputs[1]] : nullptr;
    if (!shape || !shape->followed || shape->scalar || shape->shape_of != kNoValue || !serve_alone(g, *shape, s)) {
      ShapeInts ints;
      if (follow_shape(g, s, held, ints)) held[step.outputs[0]] = std::move(ints);
      continue;
    }
    Step::ShapeFromDims from{{}, {}, step.inputs[1]};
    std::vector<size_t> inputs = {step.inputs[0]}, nodes;
    const auto input = [&inputs](size_t v) {
      const size_t at = std::find(inputs.begin(), inputs.end(), v) - inputs.begin();
      if (at == inputs.size()) inputs.push_back(v);
      return at;
    };
    for (Step::ShapeEntry e : shape->entries) {
      if (e.of != kNoValue) e.of = input(e.of);
      from.entries.push_back(e);
    }
    // What the steps read and do not compute stays alive for them, should they run.
    for (size_t k : shape->steps)
      for (size_t v : g.steps[k].inputs)
        if (v != kNoValue && !g.known[v] && std::none_of(shape->steps.begin(), shape->steps.end(), [&](size_t j) {
              return std::find(g.steps[j].outputs.begin(), g.steps[j].outputs.end(), v) != g.steps[j].outputs.end();
            }))
          input(v);
    for (size_t k : shape->steps) {
      nodes.insert(nodes.end(), g.steps[k].nodes.begin(), g.steps[k].nodes.end());
      from.steps.push_back(std::move(g.steps[k]));  // erased below
    }
    nodes.insert(nodes.end(), step.nodes.begin(), step.nodes.end());
    step.inputs = std::move(inputs);
    step.nodes = std::move(nodes);
    step.shape.push_back(std::move(from));
    erase_steps(g, shape->steps);
    // The indices `held` lists moved: start again (each pass takes a Reshape's steps away).
    held.assign(held.size(), ShapeInts{});
    s = SIZE_MAX;
  }
}

// Reshape, Flatten, Squeeze, Unsqueeze and Identity steps become views of their input.
void make_views(StepGraph& g) {
  for (Step& step : g.steps)
    if (step.op.reshapes() && step.unfused.empty()) step.kind = Step::Kind::kView;
}

// Elementwise steps compute into an input that no later step reads, that is no graph output and that a
// step produced (a feed or a constant is never its own; Session::run checks as it runs that no other
// tensor shares its memory), when the output's type constraint is that input's.
void compute_in_place(StepGraph& g) {
  std::vector<size_t> producer(g.constants.size(), kNoValue), last_use(g.constants.size(), kNoValue);
  for (size_t s = 0; s < g.steps.size(); ++s) {
    for (size_t v : g.steps[s].inputs)
      if (v != kNoValue) last_use[v] = s;
    for (size_t v : g.steps[s].outputs)
      if (v != kNoValue) producer[v] = s;
  }
  for (size_t v : g.graph_outputs) last_use[v] = kNoValue;
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    if (step.kind != Step::Kind::kCompute || !step.op.schema().elementwise || step.outputs.size() != 1 || !step.unfused.empty()) continue;
    const std::span<const Param> params = step.op.inputs();
    const std::string_view output_type = step.op.outputs()[0].type;
    // A fused chain's pass computes into its input (the first) alone, which is of its output's type.
    const bool chain = !step.chain.empty();
    for (size_t i = 0; i < (chain ? 1 : step.inputs.size()); ++i) {
      const size_t v = step.inputs[i];
      if (v == kNoValue || producer[v] == kNoValue || last_use[v] != s || (!chain && params[std::min(i, params.size() - 1)].type != output_type)) continue;
      step.kind = Step::Kind::kInPlace;
      step.in_place = i;
      break;
    }
  }
}

// Whether every input broadcasts to x's shape (the output of an elementwise step computed into x).
bool broadcasts_to(const Inputs& inputs, const Tensor& x) {
  const Dims& to = x.dims();
  for (const Tensor* t : inputs) {
    if (!t || t == &x) continue;
    const Dims& from = t->dims();
    if (from.size() > to.size()) return false;
    const size_t shift = to.size() - from.size();
    for (size_t k = 0; k < from.size(); ++k)
      if (from[k] != 1 && from[k] != to[shift + k]) return false;
  }
  return true;
}

// Whether a fused Pad + AveragePool must run unfused on x (Step::Unfused).
bool needs_unfused(const Step::Unfused& u, const Tensor& x) {
  const size_t rank = x.rank(), spatial = u.extent.size();
  if (rank != spatial + 2) return true;  // the unfused run reports the error
  bool spans_plane = true;
  for (size_t i = 0; i < spatial; ++i) {
    const int64_t begin = u.pads[2 + i] + u.own[i], zeros_end = u.pads[rank + 2 + i];
    const int64_t in = x.dims()[2 + i], length = in + begin + zeros_end + u.own[spatial + i];
    if (in > u.extent[i]) spans_plane = false;
    if (u.ceil_mode && zeros_end > 0 && length >= u.extent[i]) {
      const int64_t last_start = (length - u.extent[i] + u.strides[i] - 1) / u.strides[i] * u.strides[i];
      if (last_start >= in + begin && last_start < in + begin + zeros_end) return true;
    }
  }
  return spans_plane;
}

}  // namespace

Result<OptimizationLevel> optimization_level(std::string_view name) {
  for (size_t i = 0; i < std::size(kLevelNames); ++i)
    if (name == kLevelNames[i]) return static_cast<OptimizationLevel>(i);
  return InvalidArgument("graphOptimizationLevel must be 'disabled', 'basic', 'extended' or 'all', got '" + std::string(name) + "'");
}

const char* optimization_level_name(OptimizationLevel level) { return kLevelNames[static_cast<size_t>(level)]; }

Status optimize(OptimizationLevel level, StepGraph& graph, OptimizationReport& report) {
  report.level = level;
  if (level >= OptimizationLevel::kBasic) {
    fold_constants(graph, report);
    remove_copies(graph, report);
  }
  if (level >= OptimizationLevel::kExtended) {
    fuse_pad_pool(graph, report);
    fuse_chains(graph);
    shapes_from_dims(graph);
  }
  if (level >= OptimizationLevel::kAll) {
    make_views(graph);
    compute_in_place(graph);
  }
  std::sort(report.folded.begin(), report.folded.end());
  std::sort(report.removed.begin(), report.removed.end());
  return Status::Ok();
}

void plan_releases(std::vector<Step>& steps, size_t value_count, const std::vector<size_t>& graph_outputs) {
  std::vector<size_t> last_use(value_count, kNoValue);
  std::vector<uint8_t> produced(value_count, 0);
  for (size_t s = 0; s < steps.size(); ++s) {
    steps[s].release.clear();
    for (size_t v : steps[s].inputs)
      if (v != kNoValue) last_use[v] = s;
    for (size_t v : steps[s].outputs) {
      if (v == kNoValue) continue;
      produced[v] = 1;
      if (last_use[v] == kNoValue) last_use[v] = s;  // produced but never read
    }
  }
  for (size_t v : graph_outputs) last_use[v] = kNoValue;
  for (size_t s = 0; s < steps.size(); ++s) {
    Step& step = steps[s];
    step.takes_input = step.kind == Step::Kind::kView && !step.inputs.empty() && step.inputs[0] != kNoValue &&
                       produced[step.inputs[0]] && last_use[step.inputs[0]] == s && !step.outputs.empty() &&
                       step.outputs[0] != kNoValue;
  }
  for (size_t v = 0; v < value_count; ++v) {
    if (!produced[v] || last_use[v] == kNoValue) continue;
    Step& last = steps[last_use[v]];
    if (!(last.takes_input && last.inputs[0] == v)) last.release.push_back(v);
  }
}

namespace {

// A fused chain: the pass where it serves the chain's input, into that input where the step may
// compute into it; else the nodes one by one. Its errors name the node.
Status run_chain(const Step& step, const Inputs& inputs, Outputs& produced) {
  const Step::Chain& chain = step.chain[0];
  const Tensor& x = *inputs[0];
  produced.clear();
  if (chain.pass.serves(x)) {
    if (step.kind == Step::Kind::kInPlace && x.exclusive()) produced.push_back(x);
    Status st = chain.pass.compute(x, produced);
    return st.ok() ? st : st.with_context(step.label + ": ");
  }
  Tensor value = x;  // the chain's value: its input, then each node's output
  Inputs link_inputs;
  for (const Step::Link& link : chain.links) {
    link_inputs.clear();
    for (size_t i = 0; i < link.inputs.size(); ++i) link_inputs.push_back(i == link.chained ? &value : inputs[link.inputs[i]]);
    Status st = link.op.run(link_inputs, produced);
    if (!st.ok()) return st.with_context(link.label + ": ");
    value = std::move(produced[0]);
  }
  produced.assign(1, std::move(value));
  return Status::Ok();
}

// A step that computes its outputs (not a view) into `produced`, in order.
Status compute_step(const Step& step, const Inputs& inputs, Outputs& produced) {
  if (step.kind == Step::Kind::kInPlace) {
    produced.clear();
    const Tensor* x = inputs[step.in_place];
    if (x->exclusive() && broadcasts_to(inputs, *x)) produced.push_back(*x);
    return step.op.run_into(inputs, produced);
  }
  if (step.unfused.empty()) return step.op.run(inputs, produced);
  const Step::Unfused& u = step.unfused[0];
  if (!needs_unfused(u, *inputs[0])) return step.op.run({inputs[0]}, produced);
  OW_RETURN_IF_ERROR(u.pad.run(inputs, produced));
  const Tensor padded = std::move(produced[0]);
  return u.pool.run({&padded}, produced);
}

// A Reshape's inputs where it reads its shape off dimensions (Step::ShapeFromDims): the data and the
// shape, which the steps it replaced compute (one reporting an error) where a dimension is out of range.
Status shape_from_dims(const Step& step, std::vector<Tensor>& values, StepScratch& scratch) {
  const Step::ShapeFromDims& from = step.shape[0];
  auto allocated = Tensor::allocate(DType::kInt64, {static_cast<int64_t>(from.entries.size())});
  if (!allocated.ok()) return allocated.status().with_context(step.label + ": ");
  scratch.shape = allocated.take();
  int64_t* shape = scratch.shape.data<int64_t>();
  bool in_range = true;
  for (size_t k = 0; k < from.entries.size() && in_range; ++k) {
    const Step::ShapeEntry& e = from.entries[k];
    if (e.of == kNoValue) {
      shape[k] = e.number;
      continue;
    }
    const Dims& dims = values[step.inputs[e.of]].dims();
    const int64_t rank = static_cast<int64_t>(dims.size()), d = e.number < 0 ? e.number + rank : e.number;
    in_range = d >= 0 && d < rank;
    if (in_range) shape[k] = dims[d];
  }
  const Tensor* shape_input = &scratch.shape;
  if (!in_range) {
    for (const Step& declared : from.steps) OW_RETURN_IF_ERROR(run_step(declared, values, scratch));
    shape_input = &values[from.value];
  }
  scratch.inputs = {&values[step.inputs[0]], shape_input};
  return Status::Ok();
}

}  // namespace

Status run_step(const Step& step, std::vector<Tensor>& values, StepScratch& scratch) {
  Inputs& inputs = scratch.inputs;
  inputs.clear();
  if (!step.shape.empty()) OW_RETURN_IF_ERROR(shape_from_dims(step, values, scratch));
  else
    for (size_t v : step.inputs) inputs.push_back(v == kNoValue ? nullptr : &values[v]);
  if (step.kind == Step::Kind::kView) {
    if (Status st = step.op.view_shape(inputs, scratch.dims); !st.ok()) return st.with_context(step.label + ": ");
    if (step.outputs.empty() || step.outputs[0] == kNoValue) return Status::Ok();
    Tensor& y = values[step.outputs[0]];
    if (step.takes_input) y.view_of(std::move(values[step.inputs[0]]), scratch.dims);
    else y.view_of(*inputs[0], scratch.dims);
    return Status::Ok();
  }
  Outputs& produced = scratch.produced;
  if (!step.chain.empty()) {
    OW_RETURN_IF_ERROR(run_chain(step, inputs, produced));
  } else if (Status st = compute_step(step, inputs, produced); !st.ok()) {
    return st.with_context(step.label + ": ");
  }
  // The node names at most the outputs its operator produces (checked at create).
  for (size_t i = 0; i < step.outputs.size(); ++i)
    if (step.outputs[i] != kNoValue) values[step.outputs[i]] = std::move(produced[i]);
  return Status::Ok();
}

}  // namespace ow::onnx
