// Builds a Session (session.h) from a decoded model (model.h).
#pragma once

#include "core/status.h"
#include "onnx/model.h"
#include "onnx/optimization_level.h"
#include "onnx/session.h"

namespace ow::onnx {

// Checks and prepares the model, moving its initializers into the session. Errors name the node and
// the reason: an operator this runtime lacks, an unsupported domain, an input nobody produces, a
// cycle, attributes the operator refuses. `progress`, if given, follows the work (its node is in
// `model`). `level` says which optimizations rewrite the steps (graph_optimizer.h).
Result<Session> build_session(Model&& model, Progress* progress = nullptr, OptimizationLevel level = OptimizationLevel::kAll);

}  // namespace ow::onnx
