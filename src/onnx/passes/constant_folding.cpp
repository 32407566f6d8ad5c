// Constant folding (passes.h): one sweep; a step folds once its inputs are known, which the steps
// before it in run order have decided.
#include <algorithm>

#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"

namespace ow::onnx {
namespace {

// A graph input as a tensor of its declared type and fixed dimensions, whose elements are never read
// (for an operator that reads only shapes); false if the input is not such a graph input.
bool declared_shape(const StepGraph& g, size_t v, Tensor& t) {
  const ValueInfo* info = v == kNoValue ? nullptr : g.fed[v];
  if (!info || !info->has_shape || !dtype_is_known(info->elem_type)) return false;
  Dims dims;
  for (const Dim& d : info->shape) {
    if (!d.fixed) return false;
    dims.push_back(d.value);
  }
  auto view = shape_only_tensor(static_cast<DType>(info->elem_type), std::move(dims));
  if (!view.ok()) return false;
  t = view.take();
  return true;
}

}  // namespace

void fold_constants(StepGraph& g, OptimizationReport& report) {
  std::vector<Tensor> declared;  // by input: what declared_shape() gives
  Inputs inputs;
  Outputs produced;
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    const Step& step = g.steps[s];
    if (step.as<Step::Conditional>()) continue;  // an If's branches run as the session runs
    inputs.clear();
    declared.resize(std::max(declared.size(), step.inputs.size()));
    bool foldable = true;
    for (size_t i = 0; i < step.inputs.size() && foldable; ++i) {
      const size_t v = step.inputs[i];
      if (v == kNoValue) inputs.push_back(nullptr);
      else if (g.known[v]) inputs.push_back(&g.constants[v]);
      else if (step.op.schema().reads_only_shapes && declared_shape(g, v, declared[i])) inputs.push_back(&declared[i]);
      else foldable = false;
    }
    if (!foldable || !step.op.run(inputs, produced).ok()) continue;  // a failure is the run's to report
    for (size_t i = 0; i < step.outputs.size(); ++i) {
      if (step.outputs[i] == kNoValue) continue;
      g.constants[step.outputs[i]] = std::move(produced[i]);
      g.known[step.outputs[i]] = 1;
    }
    report.folded.insert(report.folded.end(), step.nodes.begin(), step.nodes.end());
    g.index.erase(s);
  }
}

}  // namespace ow::onnx
