// Views (passes.h): Reshape, Flatten, Squeeze, Unsqueeze and Identity steps (PreparedOp::reshapes())
// become views of their input; a fused Pad + AveragePool, whose operator is the pooling's, never.
#include "onnx/passes/passes.h"

namespace ow::onnx {

void make_views(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    if (g.index.alive(s) && step.op.reshapes() && !step.as<Step::PadPool>()) step.kind = Step::Kind::kView;
  }
}

}  // namespace ow::onnx
