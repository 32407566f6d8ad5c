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

// The positions of some groups (outermost first) as input offsets, in order.
class Odometer {
 public:
  explicit Odometer(std::vector<ReduceGroup> groups) : groups_(std::move(groups)), index_(groups_.size(), 0) {}
  size_t offset() const { return offset_; }
  // Moves to the next position; false (back at the first) after the last.
  bool next() {
    for (size_t g = groups_.size(); g-- > 0;) {
      offset_ += groups_[g].stride;
      if (++index_[g] < groups_[g].extent) return true;
      offset_ -= groups_[g].stride * groups_[g].extent;
      index_[g] = 0;
    }
    return false;
  }

 private:
  std::vector<ReduceGroup> groups_;
  std::vector<size_t> index_;
  size_t offset_ = 0;
};

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

void fold_groups(const ReducePlan& plan, const kernels::FoldLoops& loops, size_t element_size, const void* x, void* acc) {
  const std::vector<ReduceGroup>& groups = plan.groups;
  std::vector<ReduceGroup> kept_groups, reduced_groups;
  for (size_t g = 0; g + 1 < groups.size(); ++g) (groups[g].reduced ? reduced_groups : kept_groups).push_back(groups[g]);
  const bool inner_reduced = !groups.empty() && groups.back().reduced;
  const size_t inner = groups.empty() ? 1 : groups.back().extent;
  const auto* in = static_cast<const unsigned char*>(x);
  Odometer at(std::move(kept_groups));
  // Each output element (the innermost group reduced: folds of runs) or row of them (kept: rows
  // folded in), over the positions of the other reduced groups.
  for (auto* s = static_cast<unsigned char*>(acc);; s += (inner_reduced ? 1 : inner) * loops.acc_size) {
    Odometer from(reduced_groups);
    do {
      const unsigned char* p = in + (at.offset() + from.offset()) * element_size;
      if (inner_reduced) loops.run(s, p, inner);
      else loops.rows(s, p, inner);
    } while (from.next());
    if (!at.next()) break;
  }
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
  if (x.size() != 0) fold_groups(plan, loops->fold, dtype_size(half ? DType::kFloat32 : x.dtype()), data, acc);
  return Status::Ok();
}

}  // namespace ow
