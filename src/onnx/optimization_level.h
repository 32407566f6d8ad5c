// Which optimizations a session's steps get (graph_optimizer.h), as onnxruntime's
// graphOptimizationLevel names them, and what became of the declared nodes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace ow::onnx {

enum class OptimizationLevel : uint8_t { kDisabled, kBasic, kExtended, kAll };

// onnxruntime's names: "disabled", "basic", "extended", "all"; an error naming the option otherwise.
Result<OptimizationLevel> optimization_level(std::string_view name);
const char* optimization_level_name(OptimizationLevel level);

// What became of the declared nodes, for InferenceSession.graph.
struct OptimizationReport {
  OptimizationLevel level = OptimizationLevel::kDisabled;
  std::vector<size_t> folded;   // computed once at creation: their outputs are constants
  std::vector<size_t> removed;  // their readers read their input instead
};

}  // namespace ow::onnx
