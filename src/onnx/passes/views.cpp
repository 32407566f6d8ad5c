// Views (passes.h): Reshape, Flatten, Squeeze, Unsqueeze and Identity steps (PreparedOp::reshapes())
// become views of their input; a fused Pad + AveragePool, whose operator is the pooling's, never. Slice
// and Split steps (PreparedOp::selects_parts()) become steps of parts, views where their parts are
// contiguous in the input at hand (Step::Kind::kParts).
#include "onnx/passes/passes.h"

namespace ow::onnx {

void make_views(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    if (!g.index.alive(s) || step.as<Step::PadPool>()) continue;
    if (step.op.reshapes()) step.kind = Step::Kind::kView;
    else if (step.op.selects_parts() && step.kind == Step::Kind::kCompute && step.is_node()) step.kind = Step::Kind::kParts;
  }
}

}  // namespace ow::onnx
