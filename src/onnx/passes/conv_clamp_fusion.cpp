// Conv + clamp fusion (passes.h).
#include "onnx/passes/chain_rules.h"
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/conv.h"

namespace ow::onnx {

// A Conv whose output only a clamp reads (a node that is a chain's clamp stage and nothing else:
// Relu, Clip, Max or Min by a constant, chain_rules.h), fused into the Conv, which clamps each output
// as it stores it (ops/conv.h) with the Max and Min kernels' vector instructions: the bytes the two
// nodes give, but that the last elements those kernels take one at a time keep a NaN's sign, which
// their vectors clear (a NaN's payload, graph_optimizer.h). Only where W is a float32 constant, so that the Conv runs on float32. The fused step takes the
// Conv's place and label (the Conv is what may fail) and runs both nodes.
void fuse_conv_clamps(StepGraph& g) {
  for (size_t s = 0; s < g.steps.size(); ++s) {
    if (!g.index.alive(s) || !as_declared(g.steps[s]) || g.steps[s].nodes.size() != 1) continue;
    Step& conv = g.steps[s];
    const Tensor* w = known_input(g, conv, 1);
    if (!w || w->dtype() != DType::kFloat32) continue;
    const size_t r = g.index.sole_reader(conv.outputs[0]);
    if (r == kNoStep || !as_declared(g.steps[r])) continue;
    const Step& clamp = g.steps[r];
    size_t chained = 0;
    while (clamp.inputs[chained] != conv.outputs[0]) ++chained;
    Inputs constants(clamp.inputs.size(), nullptr);
    bool known = true;
    for (size_t i = 0; i < clamp.inputs.size() && known; ++i) {
      if (i == chained || clamp.inputs[i] == kNoValue) continue;
      constants[i] = known_input(g, clamp, i);
      known = constants[i] != nullptr;
    }
    ChainRules rules;
    if (!known || !rules.add(clamp.op, node_attributes(g, clamp), chained, constants)) continue;
    const kernels::ScaleRoundClamp& pass = rules.pass();
    if (pass.arithmetic || pass.rounding || pass.mask || rules.rank() > w->rank()) continue;  // Y has W's rank
    std::optional<PreparedOp> fused = conv_clamping_output(conv.op, node_attributes(g, conv), {pass.lo, pass.hi});
    if (!fused) continue;
    g.index.detach(s);
    conv.op = std::move(*fused);
    conv.outputs = clamp.outputs;
    conv.nodes.insert(conv.nodes.end(), clamp.nodes.begin(), clamp.nodes.end());
    g.index.erase(r);
    g.index.attach(s);
  }
}

}  // namespace ow::onnx
