#include "ops/reduce_axes.h"

#include <algorithm>
#include <string>

#include "kernels/convert_half.h"

namespace ow {
namespace {

Result<bool> flag(const Attributes& attrs, std::string_view name, int64_t fallback) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, fallback));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

}  // namespace

Result<ReduceAxes> ReduceAxes::from_attributes(const Attributes& attrs, bool axes_input) {
  ReduceAxes r;
  r.axes_input_ = axes_input;
  if (!axes_input) {
    OW_ASSIGN_OR_RETURN(r.axes_, attrs.get_ints("axes"));
  }
  OW_ASSIGN_OR_RETURN(r.keepdims_, flag(attrs, "keepdims", 1));
  OW_ASSIGN_OR_RETURN(r.noop_with_empty_axes_, flag(attrs, "noop_with_empty_axes", 0));
  return r;
}

Result<ReducePlan> ReduceAxes::plan(const Inputs& inputs) const {
  const Tensor& x = *inputs[0];
  const size_t rank = x.rank();
  std::vector<int64_t> axes = axes_;
  const char* source = "attribute 'axes'";
  if (axes_input_) {
    source = "input 'axes'";
    const Tensor* a = inputs.size() > 1 ? inputs[1] : nullptr;
    if (a && a->rank() != 1) return InvalidArgument("input 'axes' must be 1-D, got shape " + dims_to_string(a->dims()));
    if (a) axes.assign(a->data<int64_t>(), a->data<int64_t>() + a->size());
  }
  std::vector<uint8_t> reduced(rank, axes.empty() && !noop_with_empty_axes_);
  for (int64_t a : axes) {
    const auto r = static_cast<int64_t>(rank);
    if (a < -r || a >= r)
      return InvalidArgument(std::string(source) + " has " + std::to_string(a) + ", out of range for input data of rank " + std::to_string(rank) +
                             " (accepted: [" + std::to_string(-r) + ", " + std::to_string(r - 1) + "])");
    const auto axis = static_cast<size_t>(a < 0 ? a + r : a);
    if (reduced[axis]) return InvalidArgument(std::string(source) + " names axis " + std::to_string(axis) + " twice: " + dims_to_string(axes));
    reduced[axis] = true;
  }
  ReducePlan plan;
  for (size_t d = 0; d < rank; ++d) {
    if (reduced[d]) plan.count *= static_cast<size_t>(x.dims()[d]);
    if (!reduced[d] || keepdims_) plan.y_dims.push_back(reduced[d] ? 1 : x.dims()[d]);
  }
  // Innermost first, then reversed.
  for (size_t d = rank, stride = 1; d-- > 0; stride *= static_cast<size_t>(x.dims()[d])) {
    const auto extent = static_cast<size_t>(x.dims()[d]);
    if (extent == 1) continue;
    if (!plan.groups.empty() && plan.groups.back().reduced == static_cast<bool>(reduced[d])) plan.groups.back().extent *= extent;
    else plan.groups.push_back({extent, stride, static_cast<bool>(reduced[d])});
  }
  std::reverse(plan.groups.begin(), plan.groups.end());
  return plan;
}

Status fold_reduced(const ReducePlan& plan, ReduceLoopsOf loops_of, const Tensor& x, Tensor& y, Tensor& buffer, void*& acc) {
  const bool half = x.dtype() == DType::kFloat16 || x.dtype() == DType::kBFloat16;
  const kernels::ReduceLoops* loops = loops_of(half ? DType::kFloat32 : x.dtype());
  if (!loops) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schemas
  const void* data = x.raw_data();
  acc = y.raw_data();
  if (half) {
    OW_ASSIGN_OR_RETURN(buffer, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(y.size() + x.size())}));
    auto* wide = static_cast<float*>(buffer.raw_data());
    if (x.dtype() == DType::kFloat16) kernels::f16_to_f32(x.data<Float16>(), wide + y.size(), x.size());
    else kernels::bf16_to_f32(x.data<BFloat16>(), wide + y.size(), x.size());
    acc = wide;
    data = wide + y.size();
  }
  loops->start(acc, y.size());
  if (x.size() != 0) kernels::fold_groups(plan.groups, loops->fold, dtype_size(half ? DType::kFloat32 : x.dtype()), data, acc);
  return Status::Ok();
}

}  // namespace ow
