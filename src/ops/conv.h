// What a graph's passes ask of a Conv node (a Relu, Clip or SiLU after it applied as it stores its outputs),
// answered by the kernel that computes it (ops/conv.cpp).
#pragma once

#include <optional>

#include "core/attributes.h"
#include "kernels/conv.h"
#include "ops/operator.h"

namespace ow {

// `conv` (its node's attributes `attrs`) with every output activated as it is stored: the Conv, then
// Max(y, activation.lo), then Min(y, activation.hi) as the Max and Min kernels compute them, then with
// `silu` y * sigmoid(y) as the Sigmoid and Mul kernels do (kernels/conv.h), for float32 inputs (others
// are refused); nullopt for another operator.
std::optional<PreparedOp> conv_activating_output(const PreparedOp& conv, const Attributes& attrs, kernels::OutputActivation activation);

}  // namespace ow
