// Release planning (passes.h), from each value's producer and last reader in the index.
#include "onnx/passes/passes.h"

namespace ow::onnx {

// Each value a step produces is released after the last step that reads it (by the step producing it
// when none does), graph outputs never, and one a view takes (Step::takes_input) by that view.
void plan_releases(StepGraph& g) {
  const ValueTable<size_t> last_reader = g.index.last_readers();
  // By value: the step after which it is released, or kNoStep.
  const auto last_use = [&](size_t v) {
    if (g.index.producer(v) == kNoStep || g.index.is_graph_output(v)) return kNoStep;
    return last_reader[v] == kNoStep ? g.index.producer(v) : last_reader[v];
  };
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    Step& step = g.steps[s];
    step.release.clear();
    step.takes_input = step.kind == Step::Kind::kView && !step.inputs.empty() && step.inputs[0] != kNoValue &&
                       last_use(step.inputs[0]) == s && !step.outputs.empty() && step.outputs[0] != kNoValue;
  }
  for (size_t k = 0; k < g.index.value_count(); ++k) {
    const size_t v = g.index.value(k), s = last_use(v);
    if (s == kNoStep) continue;
    Step& last = g.steps[s];
    if (!(last.takes_input && last.inputs[0] == v)) last.release.push_back(v);
  }
}

}  // namespace ow::onnx
