// Constant folding (passes.h): one sweep; a step folds once its inputs are known, which the steps
// before it in run order have decided.
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"

namespace ow::onnx {
namespace {

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

}  // namespace

void fold_constants(StepGraph& g, OptimizationReport& report) {
  Tensor shape_input;
  Inputs inputs;
  Outputs produced;
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    const Step& step = g.steps[s];
    if (step.as<Step::Conditional>()) continue;  // an If's branches run as the session runs
    inputs.clear();
    bool foldable = true;
    for (size_t i = 0; i < step.inputs.size() && foldable; ++i) {
      const size_t v = step.inputs[i];
      if (v == kNoValue) inputs.push_back(nullptr);
      else if (g.known[v]) inputs.push_back(&g.constants[v]);
      else if (is_op(step, "Shape") && i == 0 && declared_shape(g, v, shape_input)) inputs.push_back(&shape_input);
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
