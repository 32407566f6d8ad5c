// BatchNormalization folded into the Conv or Gemm before it (passes.h).
#include "onnx/passes/common.h"
#include "onnx/passes/passes.h"
#include "ops/families.h"
#include "ops/gemm.h"
#include "ops/normalization.h"

namespace ow::onnx {

// A BatchNormalization in inference whose input only a Conv (or a Gemm whose output columns are the
// rows of its B, ops/gemm.h) of constant weights (and bias) computes, its parameters constant: the
// Conv with its weights scaled and its bias shifted per output channel (ops/normalization.h,
// fold_channel_map) takes the BatchNormalization's place, reading the bias from the
// BatchNormalization's B where the Conv has none; likewise the Gemm, with B and C. The weights and
// bias, and that B, must have no other reader (their values are rewritten). Only float32 and float64
// weights.
void fold_batch_norms(StepGraph& g) {
  for (size_t r = 0; r < g.steps.size(); ++r) {
    if (!g.index.alive(r)) continue;
    Step& norm = g.steps[r];
    if (!norm.is_node() || !is_op(norm, kBatchNormalizationSchema) || norm.outputs.size() != 1 || norm.inputs.size() != 5) continue;
    const size_t s = g.index.producer(norm.inputs[0]);
    if (s == kNoStep || g.index.sole_reader(norm.inputs[0]) != r) continue;
    Step& conv = g.steps[s];
    if (!conv.is_node() || conv.outputs.size() != 1) continue;
    const std::optional<Inputs> params = known_inputs(g, norm, 1);
    if (!params) continue;
    const std::optional<ChannelMap> map = batch_norm_channel_map(norm.op, node_attributes(g, norm), *params);
    if (!map) continue;
    const size_t weights = conv.inputs.size() > 1 ? conv.inputs[1] : kNoValue;
    const size_t bias = conv.inputs.size() > 2 ? conv.inputs[2] : kNoValue;
    // The value the folded bias is written to: the Conv's, else the BatchNormalization's B.
    const size_t folded_bias = bias != kNoValue ? bias : norm.inputs[2];
    if (weights == kNoValue || !g.known[weights] || g.index.sole_reader(weights) != s) continue;
    if (bias != kNoValue && (!g.known[bias] || g.index.sole_reader(bias) != s)) continue;
    if (!is_op(conv, kConvSchema) && !gemm_columns_are_rows_of_b(conv.op, node_attributes(g, conv), bias == kNoValue ? nullptr : &g.constants[bias]))
      continue;
    if (bias == kNoValue && g.index.sole_reader(folded_bias) != r) continue;
    auto folded = fold_channel_map(g.constants[weights], bias == kNoValue ? nullptr : &g.constants[bias], *map);
    if (!folded.ok() || !folded.value()) continue;  // weights of another type or shape: left as declared
    auto [new_weights, new_bias] = std::move(*folded.take());
    g.index.detach(r);
    g.constants[weights] = std::move(new_weights);
    g.constants[folded_bias] = std::move(new_bias);
    norm.op = conv.op;
    norm.inputs = {conv.inputs[0], weights, folded_bias};
    norm.nodes.insert(norm.nodes.begin(), conv.nodes.begin(), conv.nodes.end());
    g.index.erase(s);
    g.index.attach(r);
  }
}

}  // namespace ow::onnx
