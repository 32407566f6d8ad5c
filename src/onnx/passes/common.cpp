#include "onnx/passes/common.h"

#include <algorithm>
#include <cmath>

namespace ow::onnx {

const Tensor* known_input(const StepGraph& g, const Step& step, size_t i) {
  if (i >= step.inputs.size() || step.inputs[i] == kNoValue || !g.known[step.inputs[i]]) return nullptr;
  return &g.constants[step.inputs[i]];
}

std::vector<int64_t> int64_values(const Tensor& t) {
  if (t.dtype() != DType::kInt64) return {};
  return std::vector<int64_t>(t.data<int64_t>(), t.data<int64_t>() + t.size());
}

bool all_zero(const std::vector<int64_t>& v) {
  return std::all_of(v.begin(), v.end(), [](int64_t x) { return x == 0; });
}

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

bool as_declared(const Step& step) {
  return step.kind == Step::Kind::kCompute && step.is_node() && step.outputs.size() == 1 && step.outputs[0] != kNoValue;
}

}  // namespace ow::onnx
