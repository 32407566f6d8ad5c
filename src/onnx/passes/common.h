// What several passes ask of a step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "onnx/graph_optimizer.h"

namespace ow::onnx {

// Whether a step runs (or fuses, last) a node of the operator `schema`.
inline bool is_op(const Step& step, const OpSchema& schema) { return &step.op.schema() == &schema; }

// The attributes of the (last) node a step runs.
inline const Attributes& node_attributes(const StepGraph& g, const Step& step) { return g.nodes[step.nodes.back()].attributes; }

// The constant at input `i` of `step`, or null if the input is omitted or not known at creation.
const Tensor* known_input(const StepGraph& g, const Step& step, size_t i);

// The constants at the inputs of `step` from `first` on (null where omitted; those before `first`
// null), where every one given is known at creation; nullopt otherwise.
std::optional<Inputs> known_inputs(const StepGraph& g, const Step& step, size_t first);

inline const Tensor* input_or_null(const Inputs& inputs, size_t i) { return i < inputs.size() ? inputs[i] : nullptr; }

// A tensor of `type` and `dims` whose elements are never read, for a kernel to compute what depends on
// shapes alone (OpSchema::reads_only_shapes, PreparedOp::view_shape).
Result<Tensor> shape_only_tensor(DType type, Dims dims);

bool all_zero(const std::vector<int64_t>& v);

// Whether a step computes its node's one output as the node declares it: not fused, not a view.
bool as_declared(const Step& step);

}  // namespace ow::onnx
