// What a graph's passes ask of a Conv node (a Relu or Clip after it applied as it stores its outputs),
// answered by the kernel that computes it (ops/conv.cpp).
#pragma once

#include <optional>

#include "core/attributes.h"
#include "kernels/conv.h"
#include "ops/operator.h"

namespace ow {

// `conv` (its node's attributes `attrs`) with every output clamped as it is stored: the Conv, then
// Max(y, clamp.lo), then Min(y, clamp.hi) as the Max and Min kernels compute them, for float32
// inputs (others are refused); nullopt for another operator.
std::optional<PreparedOp> conv_clamping_output(const PreparedOp& conv, const Attributes& attrs, kernels::OutputClamp clamp);

}  // namespace ow
