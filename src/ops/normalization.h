// What the optimizer asks of the normalizations (ops/normalization.cpp): BatchNormalization's
// per-channel map, and that map folded into the weights of the Conv before it
// (onnx/passes/batch_norm_folding.cpp).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "ops/operator.h"

namespace ow {

// y = (x - shift[c]) * factor[c] + bias[c] per channel c, factor = scale / sqrt(var + epsilon), in
// float64.
struct ChannelMap {
  std::vector<double> factor, shift, bias;
};

// The map a BatchNormalization node (attributes `attrs`) computes in inference from its constant
// parameters `params` (scale, B, mean, var at inputs 1 to 4; input 0 null), as its kernel computes
// it; nullopt for a node of another operator, in training, without `spatial`, or whose parameters
// its kernel would refuse (not 1-D of one length).
std::optional<ChannelMap> batch_norm_channel_map(const PreparedOp& op, const Attributes& attrs, const Inputs& params);

// Convolution weights (output channel first: M x ...) and bias (M, or null: none) with `map` applied
// after them: weights[m] * factor[m], rounded once to their type, and (bias[m] - shift[m]) * factor[m]
// + bias of the map[m], a new bias of the weights' type. nullopt where the weights are not float32 or
// float64, or do not have the map's M output channels (nor the bias M values of their type).
Result<std::optional<std::pair<Tensor, Tensor>>> fold_channel_map(const Tensor& weights, const Tensor* bias, const ChannelMap& map);

}  // namespace ow
