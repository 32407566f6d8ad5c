// Chain fusion (passes.h): elementwise steps by scalar constants, each the sole reader of the one
// before (a comparison and the Where choosing by it: the two readers of the value before them), fused
// into one step where the rules (chain_rules.h) say a pass computes them. A chain is
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
// fused step, or (a Where's) `compared`, the value the link before read.
bool add_link(const StepGraph& g, Step& fused, ChainRules& rules, std::vector<Step::Link>& links, const Step& step, size_t chained,
              size_t compared) {
  if (!as_declared(step)) return false;
  Inputs constants(step.inputs.size(), nullptr);
  unsigned reads_compared = 0;
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained || step.inputs[i] == kNoValue) continue;
    if (step.inputs[i] == compared) {
      reads_compared |= 1u << i;
      continue;
    }
    if (!g.known[step.inputs[i]]) return false;
    constants[i] = &g.constants[step.inputs[i]];
  }
  if (!rules.add(step.op, node_attributes(g, step), chained, constants, reads_compared)) return false;
  Step::Link link{step.op, step.label, chained, std::vector<size_t>(step.inputs.size(), 0)};
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    if (i == chained) continue;
    if (reads_compared >> i & 1) {
      link.inputs[i] = Step::Link::kCompared;
      continue;
    }
    link.inputs[i] = fused.inputs.size();
    fused.inputs.push_back(step.inputs[i]);
  }
  links.push_back(std::move(link));
  fused.nodes.insert(fused.nodes.end(), step.nodes.begin(), step.nodes.end());
  return true;
}

// Where value v, no graph output, is read by a step (a comparison) and by a second (a Where) that
// alone reads the first's output, as its condition, and reads v only as its operands (x > c ? x : 0):
// the two, else kNoStep.
std::pair<size_t, size_t> compared_and_chosen(const StepGraph& g, size_t v) {
  constexpr std::pair<size_t, size_t> kNone{kNoStep, kNoStep};
  if (g.index.is_graph_output(v)) return kNone;
  const std::span<const StepIndex::Read> reads = g.index.readers(v);
  if (reads.size() < 2 || reads.size() > 3) return kNone;
  for (const StepIndex::Read& c : reads) {
    const Step& compare = g.steps[c.step];
    if (compare.outputs.size() != 1 || compare.outputs[0] == kNoValue) continue;
    const size_t w = g.index.sole_reader(compare.outputs[0]);
    if (w == kNoStep || w == c.step || g.steps[w].inputs.size() != 3 || g.steps[w].inputs[0] != compare.outputs[0]) continue;
    const bool rest_are_operands = std::all_of(reads.begin(), reads.end(), [&](const StepIndex::Read& r) {
      return (r.step == c.step && r.input == c.input) || (r.step == w && r.input != 0);
    });
    if (rest_are_operands) return {c.step, w};
  }
  return kNone;
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
    if (!add_link(g, fused, rules, links, first, chained, kNoValue)) continue;
    members.assign(1, s);
    size_t read = fused.inputs[0];  // the value the last link read
    for (size_t last = s;;) {
      const size_t value = g.steps[last].outputs[0], r = g.index.sole_reader(value);
      if (r == kNoStep) {
        // A comparison and the Where choosing by it both read the value: they join together or not at
        // all (the value, fused away, would be missing for the one left out).
        const auto [compare, where] = compared_and_chosen(g, value);
        if (compare == kNoStep) break;
        Step joined = fused;
        ChainRules joined_rules = rules;
        std::vector<Step::Link> joined_links = links;
        const std::vector<size_t>& in = g.steps[compare].inputs;
        if (!add_link(g, joined, joined_rules, joined_links, g.steps[compare], std::find(in.begin(), in.end(), value) - in.begin(), kNoValue) ||
            !add_link(g, joined, joined_rules, joined_links, g.steps[where], 0, value))
          break;
        fused = std::move(joined);
        rules = joined_rules;
        links = std::move(joined_links);
        members.push_back(compare);
        members.push_back(last = where);
        read = kNoValue;
        continue;
      }
      const std::vector<size_t>& in = g.steps[r].inputs;
      if (!add_link(g, fused, rules, links, g.steps[r], std::find(in.begin(), in.end(), value) - in.begin(), read)) break;
      members.push_back(last = r);
      read = value;
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
