// Gather and Concat: rows of the input(s) copied into the output, whatever the element type.
//
// Gather: the slices of `data` along `axis` that `indices` (int32 or int64, any shape) name; an index
// may be negative (counted from the back), one outside [-size, size - 1] is an error naming it. The
// output's dims are data's before the axis, then the indices', then data's after it. Versions: 1; 11
// states negative indices (accepted in every version, as onnxruntime does); 13 adds bfloat16.
//
// Concat: the inputs joined along `axis` (negative: counted from the back), every other dim equal.
// Version 1's axis defaults to 1; 4 makes it required and takes every type; 11 states negative axes
// (accepted in every version, as onnxruntime does); 13 adds bfloat16.
#include <string>

#include "kernels/copy_rows.h"
#include "kernels/indices.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// `axis` in [-rank, rank - 1] as an index, or an error.
Result<size_t> resolve_axis(int64_t axis, size_t rank, const char* what) {
  const auto r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r)
    return InvalidArgument("attribute 'axis' is " + std::to_string(axis) + ", outside [" + std::to_string(-r) + ", " +
                           std::to_string(r - 1) + "] for " + what + " of rank " + std::to_string(rank));
  return static_cast<size_t>(axis < 0 ? axis + r : axis);
}

size_t product(const Dims& dims, size_t begin, size_t end) {
  size_t n = 1;
  for (size_t k = begin; k < end; ++k) n *= static_cast<size_t>(dims[k]);
  return n;
}

class GatherKernel final : public Kernel {
 public:
  explicit GatherKernel(int64_t axis) : axis_(axis) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& data = *inputs[0];
    const Tensor& indices = *inputs[1];
    if (data.rank() == 0) return InvalidArgument("input 0 ('data') is a scalar; it must have rank 1 or more");
    OW_ASSIGN_OR_RETURN(const size_t axis, resolve_axis(axis_, data.rank(), "input 0 ('data')"));
    const int64_t extent = data.dims()[axis];
    // The indices, checked and made non-negative, before anything is allocated for the output.
    std::vector<int64_t> resolved(indices.size());
    const bool wide = indices.dtype() == DType::kInt64;
    const size_t bad = kernels::resolve_indices(indices.raw_data(), wide, resolved.size(), extent, resolved.data());
    if (bad != resolved.size()) {
      const int64_t k = wide ? indices.data<int64_t>()[bad] : indices.data<int32_t>()[bad];
      return InvalidArgument("input 1 ('indices') holds " + std::to_string(k) + " at position " + std::to_string(bad) + ", outside [" +
                             std::to_string(-extent) + ", " + std::to_string(extent - 1) + "] for axis " + std::to_string(axis) +
                             " of size " + std::to_string(extent));
    }
    Dims dims(data.dims().begin(), data.dims().begin() + static_cast<ptrdiff_t>(axis));
    dims.insert(dims.end(), indices.dims().begin(), indices.dims().end());
    dims.insert(dims.end(), data.dims().begin() + static_cast<ptrdiff_t>(axis) + 1, data.dims().end());
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, data.dtype(), std::move(dims), y));
    if (y->size() == 0) return Status::Ok();
    const size_t row = product(data.dims(), axis + 1, data.rank()) * dtype_size(data.dtype());
    kernels::gather_rows(static_cast<const unsigned char*>(data.raw_data()), resolved.data(), resolved.size(),
                         product(data.dims(), 0, axis), static_cast<size_t>(extent), row, static_cast<unsigned char*>(y->raw_data()));
    return Status::Ok();
  }

 private:
  int64_t axis_;
};

Result<int64_t> gather_axis_attribute(const Attributes& attrs) { return attrs.get_int("axis", 0); }

Result<std::unique_ptr<Kernel>> make_gather(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t axis, gather_axis_attribute(attrs));
  return std::unique_ptr<Kernel>(new GatherKernel(axis));
}

class ConcatKernel final : public Kernel {
 public:
  explicit ConcatKernel(int64_t axis) : axis_(axis) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& first = *inputs[0];
    OW_ASSIGN_OR_RETURN(const size_t axis, resolve_axis(axis_, first.rank(), "input 0"));
    Dims dims = first.dims();
    for (size_t j = 1; j < inputs.size(); ++j) {
      const Dims& other = inputs[j]->dims();
      bool fits = other.size() == dims.size();
      for (size_t k = 0; fits && k < dims.size(); ++k) fits = k == axis || other[k] == dims[k];
      if (!fits)
        return InvalidArgument("input " + std::to_string(j) + " has shape " + dims_to_string(other) + " but input 0 has shape " +
                               dims_to_string(first.dims()) + "; they must match but along axis " + std::to_string(axis));
      dims[axis] += other[axis];  // each below 2^32 (a tensor's dims): no overflow
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, first.dtype(), std::move(dims), y));
    if (y->size() == 0) return Status::Ok();
    const size_t inner = product(first.dims(), axis + 1, first.rank()) * dtype_size(first.dtype());
    std::vector<const unsigned char*> data;
    std::vector<size_t> rows;
    for (const Tensor* t : inputs) {
      data.push_back(static_cast<const unsigned char*>(t->raw_data()));
      rows.push_back(static_cast<size_t>(t->dims()[axis]) * inner);
    }
    kernels::concat_rows(data.data(), rows.data(), inputs.size(), product(first.dims(), 0, axis),
                         static_cast<unsigned char*>(y->raw_data()));
    return Status::Ok();
  }

 private:
  int64_t axis_;
};

// Concat-1's axis defaults to 1; from version 4 it is required.
Result<int64_t> concat_axis_attribute(int version, const Attributes& attrs) {
  if (version >= 4 && !attrs.has("axis")) return InvalidArgument("attribute 'axis' is required");
  return attrs.get_int("axis", 1);
}

Result<std::unique_ptr<Kernel>> make_concat(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t axis, concat_axis_attribute(version, attrs));
  return std::unique_ptr<Kernel>(new ConcatKernel(axis));
}

constexpr AttributeSpec kAxis[] = {{"axis", AttrKind::kInt, "0"}};
constexpr AttributeSpec kConcatAxis1[] = {{"axis", AttrKind::kInt, "1"}};
constexpr AttributeSpec kConcatAxis4[] = {{"axis", AttrKind::kInt, {}, {}, true}};
constexpr TypeConstraint kGatherTypes1[] = {{"T", kAnyTypesNoBf16}, {"Tind", kIndexTypes}};
constexpr TypeConstraint kGatherTypes13[] = {{"T", kAnyTypes}, {"Tind", kIndexTypes}};
constexpr OpVersion kGatherVersions[] = {{.since_version = 1, .types = kGatherTypes1, .attributes = kAxis},
                                         {.since_version = 11, .types = kGatherTypes1, .attributes = kAxis},
                                         {.since_version = 13, .types = kGatherTypes13, .attributes = kAxis}};
constexpr Param kGatherInputs[] = {{"data", "T"}, {"indices", "Tind"}};
constexpr Param kGatherOutputs[] = {{"output", "T"}};

constexpr OpVersion kConcatVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConcatAxis1},
                                         {.since_version = 4, .types = type_t<kAnyTypesNoBf16>, .attributes = kConcatAxis4},
                                         {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kConcatAxis4},
                                         {.since_version = 13, .types = type_t<kAnyTypes>, .attributes = kConcatAxis4}};
constexpr Param kConcatInputs[] = {{"inputs", "T", Param::Arity::kVariadic}};
constexpr Param kConcatOutputs[] = {{"concat_result", "T"}};

}  // namespace

std::optional<int64_t> gather_axis(const PreparedOp& op, const Attributes& attrs) {
  if (&op.schema() != &kGatherSchema) return std::nullopt;
  const Result<int64_t> axis = gather_axis_attribute(attrs);
  return axis.ok() ? std::optional<int64_t>(axis.value()) : std::nullopt;
}

std::optional<int64_t> concat_axis(const PreparedOp& op, const Attributes& attrs) {
  if (&op.schema() != &kConcatSchema) return std::nullopt;
  const Result<int64_t> axis = concat_axis_attribute(op.version().since_version, attrs);
  return axis.ok() ? std::optional<int64_t>(axis.value()) : std::nullopt;
}

constexpr OpSchema kGatherSchema{
    .name = "Gather", .inputs = kGatherInputs, .outputs = kGatherOutputs, .versions = kGatherVersions, .make_kernel = make_gather};

constexpr OpSchema kConcatSchema{
    .name = "Concat", .inputs = kConcatInputs, .outputs = kConcatOutputs, .versions = kConcatVersions, .make_kernel = make_concat};

}  // namespace ow
