// run_pool (ops/pool_plan.h).
#include "ops/pool_plan.h"

#include <string>

namespace ow {

Status run_pool(const PoolGeometry& geometry, const Tensor& x, std::span<const PoolOutput> outs, Outputs& outputs,
                const PoolWorkspaceSize& workspace_size, const PoolKernelRun& run) {
  OW_ASSIGN_OR_RETURN(std::vector<AxisWindow> windows, geometry.resolve(x.dims()));
  Dims y_dims = {x.dims()[0], x.dims()[1]};
  for (const AxisWindow& w : windows) y_dims.push_back(w.output);
  uint64_t y_bytes = 0;
  for (const PoolOutput& out : outs) {
    OW_ASSIGN_OR_RETURN(size_t bytes, byte_count(y_dims, dtype_size(out.type)));
    y_bytes += bytes;
  }
  const uint64_t table_bytes = y_bytes ? PoolGeometry::table_bytes(windows) : 0;
  // What no memory could hold is refused before it is allocated: the outputs and the tables before
  // any, the workspace (which the tables tell) before it.
  const auto check = [&](uint64_t workspace_bytes) {
    const uint64_t total = y_bytes + table_bytes + workspace_bytes;
    if (total <= memory_limit()) return Status::Ok();
    const char* with = workspace_bytes ? " with its window tables and workspace" : table_bytes ? " with its window tables" : "";
    return OutOfMemory((outs.size() > 1 ? "outputs of shape " : "output of shape ") + dims_to_string(y_dims) + " need" +
                       (outs.size() > 1 ? " " : "s ") + std::to_string(total) + " bytes" + with + ", more than the " +
                       std::to_string(memory_limit()) + " a call can have");
  };
  OW_RETURN_IF_ERROR(check(0));
  std::vector<Tensor*> ys(outs.size());
  for (size_t i = 0; i < outs.size(); ++i) OW_RETURN_IF_ERROR(output_tensor(outputs, i, outs[i].type, y_dims, ys[i]));
  // output_tensor may move the tensors as outputs grows: their addresses once all are placed.
  for (size_t i = 0; i < outs.size(); ++i) ys[i] = &outputs[i];
  if (y_bytes == 0) return Status::Ok();
  // The box of reaching outputs, the planes as its first axis: pooled compactly at each y's start
  // (unless some axis has none), then spread over y where it is not all of it.
  const size_t planes = static_cast<size_t>(x.dims()[0] * x.dims()[1]);
  std::vector<kernels::AvgPoolBoxAxis> box(windows.size() + 1);
  box[0] = {planes, 0, planes};
  bool reaching = true, spread = false;
  for (size_t i = 0; i < windows.size(); ++i) {
    const AxisWindow& w = windows[i];
    box[i + 1] = {static_cast<size_t>(w.output), static_cast<size_t>(w.reaching_begin), static_cast<size_t>(w.reaching_end)};
    reaching = reaching && w.reaching_end > w.reaching_begin;
    spread = spread || w.reaching_begin != 0 || w.reaching_end != w.output;
  }
  if (reaching) {
    // Their errors name the bytes: "cannot allocate N bytes for a tensor of shape [N]".
    OW_ASSIGN_OR_RETURN(Tensor tables, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(table_bytes)}));
    const kernels::AvgPoolPlan plan = geometry.plan(x.dims(), windows, tables);
    const uint64_t workspace_bytes = workspace_size(plan);
    OW_RETURN_IF_ERROR(check(workspace_bytes));
    OW_ASSIGN_OR_RETURN(Tensor workspace, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(workspace_bytes)}));
    run(plan, planes, workspace.raw_data(), ys);
  }
  if (spread)
    for (size_t i = 0; i < outs.size(); ++i) kernels::avgpool_spread(box, dtype_size(outs[i].type), outs[i].empty, ys[i]->raw_data());
  return Status::Ok();
}

}  // namespace ow
