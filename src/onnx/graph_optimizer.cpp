// The optimizer: the passes of each level in order (passes/passes.h), then release planning.
#include "onnx/graph_optimizer.h"

#include <algorithm>

#include "onnx/passes/passes.h"

namespace ow::onnx {
Status optimize(OptimizationLevel level, StepGraph& graph, OptimizationReport& report) {
  report.level = level;
  if (level >= OptimizationLevel::kBasic) {
    fold_constants(graph, report);
    remove_identities(graph, report);
  }
  if (level >= OptimizationLevel::kExtended) {
    fuse_pad_pool(graph);
    fold_batch_norms(graph);
    fuse_conv_activations(graph);
    fuse_chains(graph);
    reshape_from_dims(graph);
  }
  if (level >= OptimizationLevel::kAll) {
    make_views(graph);
    compute_in_place(graph);
  }
  plan_releases(graph);
  graph.index.compact();
  std::sort(report.folded.begin(), report.folded.end());
  std::sort(report.removed.begin(), report.removed.end());
  return Status::Ok();
}

}  // namespace ow::onnx
