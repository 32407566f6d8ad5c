// In place (passes.h): each value's producer and last reader from the index.
#include <algorithm>

#include "onnx/passes/passes.h"

namespace ow::onnx {

// Elementwise steps compute into an input that no later step reads, that is no graph output and that a
// step produced (a feed or a constant is never its own; Session::run checks as it runs that no other
// tensor shares its memory), when the output's type constraint is that input's.
void compute_in_place(StepGraph& g) {
  const ValueTable<size_t> last_reader = g.index.last_readers();
  for (size_t s = 0; s < g.steps.size(); ++s) {
    Step& step = g.steps[s];
    // A fused chain's pass computes into its input (the first) alone, which is of its output's type
    // unless the pass writes a bool mask.
    const Step::Chain* fused = step.as<Step::Chain>();
    const bool chain = fused != nullptr;
    if (!g.index.alive(s) || step.kind != Step::Kind::kCompute || !(chain || step.op.schema().elementwise) || step.outputs.size() != 1 ||
        step.as<Step::PadPool>() || (chain && fused->pass.writes_bool()))
      continue;
    const std::span<const Param> params = step.op.inputs();
    const std::string_view output_type = step.op.outputs()[0].type;
    for (size_t i = 0; i < (chain ? 1 : step.inputs.size()); ++i) {
      const size_t v = step.inputs[i];
      if (v == kNoValue || g.index.producer(v) == kNoStep || g.index.is_graph_output(v) || last_reader[v] != s ||
          (!chain && params[std::min(i, params.size() - 1)].type != output_type))
        continue;
      step.kind = Step::Kind::kInPlace;
      step.in_place = i;
      break;
    }
  }
}

}  // namespace ow::onnx
