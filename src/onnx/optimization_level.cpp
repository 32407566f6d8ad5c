#include "onnx/optimization_level.h"

#include <iterator>
#include <string>

namespace ow::onnx {
namespace {

constexpr const char* kLevelNames[] = {"disabled", "basic", "extended", "all"};

}  // namespace

Result<OptimizationLevel> optimization_level(std::string_view name) {
  for (size_t i = 0; i < std::size(kLevelNames); ++i)
    if (name == kLevelNames[i]) return static_cast<OptimizationLevel>(i);
  return InvalidArgument("graphOptimizationLevel must be 'disabled', 'basic', 'extended' or 'all', got '" + std::string(name) + "'");
}

const char* optimization_level_name(OptimizationLevel level) { return kLevelNames[static_cast<size_t>(level)]; }

}  // namespace ow::onnx
