// Reshape from dimensions (passes.h): follows shape arithmetic (Shape, Gather, Unsqueeze, Concat) in
// one sweep, and gives a Reshape whose shape it computes the dimensions to read as it runs.
#include <algorithm>

#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/families.h"

namespace ow::onnx {
namespace {

// What shape arithmetic holds where it follows dimensions known only as the session runs: elements
// each a constant or a dimension of a value (Step::ShapeEntry, `of` a value id here), or the whole
// shape of a value, whose rank may not be known.
struct ShapeInts {
  bool scalar = false;         // 0-D, else 1-D
  size_t shape_of = kNoValue;  // Shape(v): v's dimensions, not listed
  std::vector<Step::ShapeEntry> entries;
  std::vector<size_t> steps;  // the steps computing it, ascending ids
};

// What the values computed so far hold, for those that hold something.
class Held {
 public:
  explicit Held(const StepIndex& index) : at_(index, kNone) {}
  const ShapeInts* find(size_t v) const { return at_[v] == kNone ? nullptr : &list_[at_[v]]; }
  void set(size_t v, ShapeInts&& ints) {
    at_[v] = list_.size();
    list_.push_back(std::move(ints));
  }

 private:
  static constexpr size_t kNone = SIZE_MAX;
  ValueTable<size_t> at_;  // its entry in list_
  std::vector<ShapeInts> list_;
};

// Shape arithmetic longer than this is not followed, so that following it takes constant time a step
// (a Concat of Concats would otherwise copy ever longer lists): a Reshape's shape lists a few
// dimensions, computed by a few steps.
constexpr size_t kMostFollowed = 64;

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
bool ints_of(const StepGraph& g, const Held& held, size_t v, ShapeInts& out) {
  if (v == kNoValue) return false;
  if (const ShapeInts* ints = held.find(v)) {
    out = *ints;
    return true;
  }
  std::vector<int64_t> values;
  if (!g.known[v] || !small_ints(&g.constants[v], false, values)) return false;
  out = {g.constants[v].rank() == 0, kNoValue, {}, {}};
  for (int64_t x : values) out.entries.push_back({x, kNoValue});
  return true;
}

// Whether an axis is that of a 1-D list.
bool list_axis(std::optional<int64_t> axis) { return axis && (*axis == 0 || *axis == -1); }

// What step s computes, if it is shape arithmetic this follows: Shape (whole), Gather of a Shape by
// constant indices, a reshape (Unsqueeze, Reshape, ...) of a scalar or a list of entries into a scalar
// or a list, Concat of 1-D lists. Each computes what its operator does where the run finds every
// dimension it lists in range; elsewhere the steps run as declared and one of them reports it. (A
// Gather of a list holding dimensions would drop some, whose range the run would then not check: not
// followed.)
bool follow_shape(const StepGraph& g, size_t s, const Held& held, ShapeInts& out) {
  const Step& step = g.steps[s];
  if (!as_declared(step) || step.inputs.empty()) return false;
  const Attributes& attrs = node_attributes(g, step);
  std::vector<int64_t> ints;
  if (gives_whole_shape(step.op, attrs)) {
    if (step.inputs[0] == kNoValue) return false;
    out = {false, step.inputs[0], {}, {}};
  } else if (const std::optional<int64_t> axis = gather_axis(step.op, attrs)) {
    if (!ints_of(g, held, step.inputs[0], out) || out.shape_of == kNoValue || !small_ints(known_input(g, step, 1), true, ints) ||
        !list_axis(axis))
      return false;
    out.scalar = known_input(g, step, 1)->rank() == 0;
    for (int64_t k : ints) out.entries.push_back({k, out.shape_of});
    out.shape_of = kNoValue;
  } else if (step.op.reshapes()) {
    // The shape its kernel gives the entries, as a scalar or a list of as many, with its other inputs
    // (known) as they are.
    std::optional<Inputs> inputs = known_inputs(g, step, 1);
    if (!inputs || !ints_of(g, held, step.inputs[0], out) || out.shape_of != kNoValue) return false;
    const Result<Tensor> entries = shape_only_tensor(DType::kInt64, out.scalar ? Dims{} : Dims{static_cast<int64_t>(out.entries.size())});
    if (!entries.ok()) return false;
    (*inputs)[0] = &entries.value();
    Dims dims;
    if (!step.op.view_shape(*inputs, dims).ok() || dims.size() > 1) return false;
    out.scalar = dims.empty();
  } else if (const std::optional<int64_t> axis = concat_axis(step.op, attrs)) {
    if (!list_axis(axis)) return false;
    out = {false, kNoValue, {}, {}};
    ShapeInts part;
    for (size_t v : step.inputs) {
      if (!ints_of(g, held, v, part) || part.scalar || part.shape_of != kNoValue) return false;
      out.entries.insert(out.entries.end(), part.entries.begin(), part.entries.end());
      out.steps.insert(out.steps.end(), part.steps.begin(), part.steps.end());
      if (out.entries.size() > kMostFollowed || out.steps.size() > kMostFollowed) return false;
    }
  } else {
    return false;
  }
  out.steps.push_back(s);
  std::sort(out.steps.begin(), out.steps.end());
  out.steps.erase(std::unique(out.steps.begin(), out.steps.end()), out.steps.end());
  return out.steps.size() <= kMostFollowed;
}

// Whether the values `steps` compute are read by those steps and step `reshape` (its shape input) alone,
// none is a graph output, and none is a value whose dimensions the shape reads.
bool serve_alone(const StepGraph& g, const ShapeInts& shape, size_t reshape) {
  for (size_t k : shape.steps)
    for (size_t v : g.steps[k].outputs) {
      if (v == kNoValue) continue;
      if (g.index.is_graph_output(v) || g.steps[reshape].inputs[0] == v) return false;
      for (const Step::ShapeEntry& e : shape.entries)
        if (e.of == v) return false;
      for (const StepIndex::Read& r : g.index.readers(v))
        if (r.step != reshape && !std::binary_search(shape.steps.begin(), shape.steps.end(), r.step)) return false;
    }
  return true;
}

}  // namespace

// Reshapes whose shape is computed from dimensions known only as the session runs read them off those
// values instead (Step::ReshapeFromDims), where the steps computing it serve that Reshape alone. One
// sweep: a rewrite takes steps before the Reshape away, which stay where they are (dead), so what
// `held` lists of the others holds.
void reshape_from_dims(StepGraph& g) {
  Held held(g.index);
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    Step& step = g.steps[s];
    const bool reshape = shape_input(step.op) == 1 && step.kind == Step::Kind::kCompute && step.is_node() && step.inputs.size() == 2 &&
                         step.inputs[0] != kNoValue && step.inputs[1] != kNoValue;
    const ShapeInts* shape = reshape ? held.find(step.inputs[1]) : nullptr;
    if (!shape || shape->scalar || shape->shape_of != kNoValue || !serve_alone(g, *shape, s)) {
      ShapeInts ints;
      if (follow_shape(g, s, held, ints)) held.set(step.outputs[0], std::move(ints));
      continue;
    }
    Step::ReshapeFromDims from{{}, {}, step.inputs[1]};
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
    g.index.detach(s);
    for (size_t k : shape->steps) {
      g.index.erase(k);
      nodes.insert(nodes.end(), g.steps[k].nodes.begin(), g.steps[k].nodes.end());
      from.steps.push_back(std::move(g.steps[k]));
    }
    nodes.insert(nodes.end(), step.nodes.begin(), step.nodes.end());
    step.inputs = std::move(inputs);
    step.nodes = std::move(nodes);
    step.work = std::move(from);
    g.index.attach(s);
  }
}

}  // namespace ow::onnx
