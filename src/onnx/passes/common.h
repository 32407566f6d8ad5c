// What several passes ask of a step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "onnx/graph_optimizer.h"

namespace ow::onnx {

inline bool is_op(const Step& step, std::string_view name) { return step.op.schema().name == name; }

// The constant at input `i` of `step`, or null if the input is omitted or not known at creation.
const Tensor* known_input(const StepGraph& g, const Step& step, size_t i);

// The values of a known int64 tensor (none for another type).
std::vector<int64_t> int64_values(const Tensor& t);

bool all_zero(const std::vector<int64_t>& v);

// A Pad's pads (begin then end, of every axis) when they are known and the padding is constant zeros
// (mode "constant", value 0 or omitted); empty otherwise. `rank` is the padded tensor's, if known
// (needed for an axes input), else 0.
std::vector<int64_t> zero_pads(const StepGraph& g, const Step& step, size_t rank);

// Whether a step computes its node's one output as the node declares it: not fused, not a view.
bool as_declared(const Step& step);

}  // namespace ow::onnx
