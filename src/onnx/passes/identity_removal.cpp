// Copies removed (passes.h): an Identity's readers read its input, through the index, so that each
// read is rewired once; a Pad of all-zero pads becomes a view of its input.
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/families.h"
#include "ops/pad.h"

namespace ow::onnx {
namespace {

bool read_by_branches(const StepGraph& g, size_t v) {
  for (const StepIndex::Read& r : g.index.readers(v))
    if (g.steps[r.step].as<Step::Conditional>()) return true;
  return false;
}

}  // namespace

// Not where the Identity's output is a graph output (Session::run would return it as it is), nor where
// an If reads it (its branches' steps read it by its id, which the If's inputs list). The Pad's
// view refuses what Pad refuses (a pads count for another rank, a type the version lacks) as the copy
// did (ops/pad.h, pads_nothing).
void remove_identities(StepGraph& g, OptimizationReport& report) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    Step& step = g.steps[s];
    if (pads_nothing(step.op, node_attributes(g, step), known_input(g, step, 1))) {
      step.kind = Step::Kind::kView;
      continue;
    }
    if (!is_op(step, kIdentitySchema) || step.outputs.empty() || step.inputs.empty()) continue;
    const size_t out = step.outputs[0], in = step.inputs[0];
    if (out == kNoValue || in == kNoValue || g.index.is_graph_output(out) || read_by_branches(g, out)) continue;
    g.index.replace_reads(out, in);
    report.removed.insert(report.removed.end(), step.nodes.begin(), step.nodes.end());
    g.index.erase(s);
  }
}

}  // namespace ow::onnx
