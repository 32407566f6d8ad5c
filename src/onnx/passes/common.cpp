#include "onnx/passes/common.h"

#include <algorithm>

namespace ow::onnx {

const Tensor* known_input(const StepGraph& g, const Step& step, size_t i) {
  if (i >= step.inputs.size() || step.inputs[i] == kNoValue || !g.known[step.inputs[i]]) return nullptr;
  return &g.constants[step.inputs[i]];
}

std::optional<Inputs> known_inputs(const StepGraph& g, const Step& step, size_t first) {
  Inputs inputs(step.inputs.size(), nullptr);
  for (size_t i = first; i < step.inputs.size(); ++i) {
    if (step.inputs[i] == kNoValue) continue;
    if (!(inputs[i] = known_input(g, step, i))) return std::nullopt;
  }
  return inputs;
}

Result<Tensor> shape_only_tensor(DType type, Dims dims) {
  static unsigned char nothing;
  return Tensor::view(type, std::move(dims), &nothing, SIZE_MAX);
}

bool all_zero(const std::vector<int64_t>& v) {
  return std::all_of(v.begin(), v.end(), [](int64_t x) { return x == 0; });
}

bool as_declared(const Step& step) {
  return step.kind == Step::Kind::kCompute && step.is_node() && step.outputs.size() == 1 && step.outputs[0] != kNoValue;
}

}  // namespace ow::onnx
