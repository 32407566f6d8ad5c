// Conv + activation fusion (passes.h).
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "onnx/passes/chain_rules.h"
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/conv.h"
#include "ops/families.h"

namespace ow::onnx {
namespace {

// The bounds of the clamp step `r` reading the Conv's output v (a node that is a chain's clamp stage
// and nothing else: Relu, Clip, Max or Min by a constant, chain_rules.h) of rank at most Y's, `rank`;
// nullopt where it is not one.
std::optional<kernels::OutputActivation> clamp_bounds(const StepGraph& g, const Step& clamp, size_t v, size_t rank) {
  size_t chained = 0;
  while (clamp.inputs[chained] != v) ++chained;
  Inputs constants(clamp.inputs.size(), nullptr);
  for (size_t i = 0; i < clamp.inputs.size(); ++i) {
    if (i == chained || clamp.inputs[i] == kNoValue) continue;
    constants[i] = known_input(g, clamp, i);
    if (!constants[i]) return std::nullopt;
  }
  ChainRules rules;
  if (!rules.add(clamp.op, node_attributes(g, clamp), chained, constants)) return std::nullopt;
  const kernels::ScaleRoundClamp& pass = rules.pass();
  if (pass.arithmetic || pass.rounding || pass.mask || rules.rank() > rank) return std::nullopt;
  return kernels::OutputActivation{.lo = pass.lo, .hi = pass.hi};
}

// The steps of v's SiLU: v read once by a Sigmoid and once by a Mul of v and that Sigmoid's output,
// which the Mul alone reads, both as declared and v no graph output; {kNoStep, kNoStep} where not.
std::pair<size_t, size_t> silu_steps(const StepGraph& g, size_t v) {
  const std::span<const StepIndex::Read> reads = g.index.readers(v);
  if (g.index.is_graph_output(v) || reads.size() != 2 || reads[0].step == reads[1].step) return {kNoStep, kNoStep};
  for (size_t k = 0; k < 2; ++k) {
    const size_t sigmoid = reads[k].step, mul = reads[1 - k].step;
    if (is_op(g.steps[sigmoid], kSigmoidSchema) && as_declared(g.steps[sigmoid]) && is_op(g.steps[mul], kMulSchema) &&
        as_declared(g.steps[mul]) && g.index.sole_reader(g.steps[sigmoid].outputs[0]) == mul)
      return {sigmoid, mul};
  }
  return {kNoStep, kNoStep};
}

}  // namespace

// A float32 Conv's output read only by a clamp, or only by the Sigmoid and Mul of a SiLU, fused into
// the Conv, which applies it to each output as it stores it (ops/conv.h) with those kernels' vector
// instructions: the bytes the nodes give, but that the last elements the Max and Min kernels take one
// at a time keep a NaN's sign, which their vectors clear (a NaN's payload, graph_optimizer.h). Only
// where W is a float32 constant, so that the Conv runs on float32. The fused step takes the Conv's
// place and label (the Conv is what may fail) and runs all the nodes.
void fuse_conv_activations(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s) || !as_declared(g.steps[s]) || g.steps[s].nodes.size() != 1) continue;
    Step& conv = g.steps[s];
    const Tensor* w = known_input(g, conv, 1);
    if (!w || w->dtype() != DType::kFloat32) continue;
    const size_t v = conv.outputs[0];
    std::vector<size_t> fused_steps;  // after the Conv, in order
    std::optional<kernels::OutputActivation> activation;
    if (const size_t r = g.index.sole_reader(v); r != kNoStep && as_declared(g.steps[r])) {
      activation = clamp_bounds(g, g.steps[r], v, w->rank());
      fused_steps = {r};
    } else if (const auto [sigmoid, mul] = silu_steps(g, v); mul != kNoStep) {
      activation = kernels::OutputActivation{.silu = true};
      fused_steps = {sigmoid, mul};
    }
    if (!activation) continue;
    std::optional<PreparedOp> fused = conv_activating_output(conv.op, node_attributes(g, conv), *activation);
    if (!fused) continue;
    g.index.detach(s);
    conv.op = std::move(*fused);
    conv.outputs = g.steps[fused_steps.back()].outputs;
    for (const size_t f : fused_steps) {
      conv.nodes.insert(conv.nodes.end(), g.steps[f].nodes.begin(), g.steps[f].nodes.end());
      g.index.erase(f);
    }
    g.index.attach(s);
  }
}

}  // namespace ow::onnx
