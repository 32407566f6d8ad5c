// Chain fusion (passes.h): elementwise steps by scalar constants, each the sole reader of the one
// before, fused into one step where the rules (chain_rules.h) say a pass computes them. A chain is
// followed through the index, link by link; the fused step takes the last link's place, where the last
// of its nodes ran.
#include <algorithm>

#include "onnx/passes/chain_rules.h"
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"

namespace ow::onnx {
namespace {

// Adds `step`, whose input `chained` reads the chain's value, to a fused chain being built in `fused`
// if the rules allow it: its other inputs must be constants (or omitted), which become inputs of the
// fused step.
bool add_link(const StepGraph& g, Step& fused, ChainRules& rules, std::vector<Step::Link>& links, const Step& step, size_t chained) {
  if (!as_declared(step) || !step.op.schema().elementwise) return false;
  Inputs constants(step.inputs.size(), nullptr);
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained || step.inputs[i] == kNoValue) continue;
    if (!g.known[step.inputs[i]]) return false;
    constants[i] = &g.constants[step.inputs[i]];
  }
  if (!rules.add(step.op, g.nodes[step.nodes.back()].attributes, chained, constants)) return false;
  Step::Link link{step.op, step.label, chained, std::vector<size_t>(step.inputs.size(), 0)};
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained) continue;
    link.inputs[i] = fused.inputs.size();
    fused.inputs.push_back(step.inputs[i]);
  }
  links.push_back(std::move(link));
  fused.nodes.insert(fused.nodes.end(), step.nodes.begin(), step.nodes.end());
  return true;
}

}  // namespace

void fuse_chains(StepGraph& g) {
  std::vector<size_t> members;
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s)) continue;
    // The first node's chained input: its one input not known at creation.
    const Step& first = g.steps[s];
    size_t chained = kNoValue, unknown = 0;
    for (size_t i = 0; i < first.inputs.size(); ++i)
      if (first.inputs[i] != kNoValue && !g.known[first.inputs[i]]) chained = i, ++unknown;
    if (unknown != 1) continue;
    Step fused;
    fused.inputs = {first.inputs[chained]};
    ChainRules rules;
    std::vector<Step::Link> links;
    if (!add_link(g, fused, rules, links, first, chained)) continue;
    members.assign(1, s);
    for (size_t last = s;;) {
      const size_t value = g.steps[last].outputs[0], r = g.index.sole_reader(value);
      if (r == kNoStep) break;
      const std::vector<size_t>& in = g.steps[r].inputs;
      if (!add_link(g, fused, rules, links, g.steps[r], std::find(in.begin(), in.end(), value) - in.begin())) break;
      members.push_back(last = r);
    }
    if (members.size() < 2) continue;
    for (size_t k = 0; k + 1 < members.size(); ++k) g.index.erase(members[k]);
    g.index.detach(members.back());
    Step& last = g.steps[members.back()];
    fused.label = last.label;
    fused.op = last.op;
    fused.outputs = last.outputs;
    fused.work = Step::Chain{rules.pass(), rules.rank(), std::move(links)};
    last = std::move(fused);
    g.index.attach(members.back());
  }
}

}  // namespace ow::onnx
