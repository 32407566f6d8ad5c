// TopK, versions 1, 10, 11, 24: the k largest (or, from 11, smallest) elements along `axis` and their
// int64 indices (kernels/top_k.h). 1 takes k as an attribute, 10 as an input K (one int64, so that the
// outputs' shape depends on a value); 11 adds `largest` and `sorted` and the integer types, 24 bfloat16.
// The elements are always sorted: with sorted = 0 ONNX leaves their order open.
#include <string>

#include "kernels/top_k.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class TopKKernel final : public Kernel {
 public:
  TopKKernel(int64_t k, int64_t axis, bool largest) : k_(k), axis_(axis), largest_(largest) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    int64_t k = k_;
    const char* k_source = "attribute 'k'";
    if (inputs.size() > 1) {
      const Tensor& kt = *inputs[1];
      if (kt.size() != 1 || kt.rank() > 1) return InvalidArgument("input 'K' must hold one value, got shape " + dims_to_string(kt.dims()));
      k = kt.data<int64_t>()[0];
      k_source = "input 'K'";
    }
    const auto rank = static_cast<int64_t>(x.rank());
    if (axis_ < -rank || axis_ >= rank)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input X of rank " + std::to_string(rank) +
                             " (accepted: [" + std::to_string(-rank) + ", " + std::to_string(rank - 1) + "])");
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + rank : axis_);
    const int64_t extent = x.dims()[axis];
    if (k < 0 || k > extent)
      return InvalidArgument(std::string(k_source) + " is " + std::to_string(k) + ", out of range for axis " + std::to_string(axis) + " of " +
                             std::to_string(extent) + " elements (input X of shape " + dims_to_string(x.dims()) + ")");
    Dims y_dims = x.dims();
    y_dims[axis] = k;
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < x.rank(); ++d) {
      if (d < axis) outer *= static_cast<size_t>(x.dims()[d]);
      if (d > axis) inner *= static_cast<size_t>(x.dims()[d]);
    }
    Tensor* values;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), y_dims, values));
    Tensor* indices;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 1, DType::kInt64, std::move(y_dims), indices));
    values = &outputs[0];  // outputs may have grown
    if (indices->size() == 0) return Status::Ok();
    if (!kernels::top_k(x.dtype(), largest_, x.raw_data(), outer, static_cast<size_t>(extent), inner, static_cast<size_t>(k), values->raw_data(),
                        indices->data<int64_t>()))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  int64_t k_;  // version 1
  int64_t axis_;
  bool largest_;
};

Result<std::unique_ptr<Kernel>> make_top_k(int version, const Attributes& attrs) {
  int64_t k = 0;
  if (version < 10) {
    OW_ASSIGN_OR_RETURN(k, attrs.get_int("k", -1));
    if (k < 0) return InvalidArgument("attribute 'k' is required and must be at least 0, got " + std::to_string(k));
  }
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", -1));
  OW_ASSIGN_OR_RETURN(int64_t largest, attrs.get_int("largest", 1));
  OW_ASSIGN_OR_RETURN(int64_t sorted, attrs.get_int("sorted", 1));
  if (largest != 0 && largest != 1) return InvalidArgument("attribute 'largest' must be 0 or 1, got " + std::to_string(largest));
  if (sorted != 0 && sorted != 1) return InvalidArgument("attribute 'sorted' must be 0 or 1, got " + std::to_string(sorted));
  return std::unique_ptr<Kernel>(new TopKKernel(k, axis, largest == 1));
}

constexpr Param kInputs1[] = {{"X", "T"}};
constexpr Param kInputs10[] = {{"X", "T"}, {"K", "tensor(int64)"}};
constexpr Param kOutputs[] = {{"Values", "T"}, {"Indices", "I"}};
constexpr std::array<AttributeSpec, 1> kAttributes10 = {{{"axis", AttrKind::kInt, "-1"}}};
constexpr auto kAttributes1 = with(kAttributes10, AttributeSpec{"k", AttrKind::kInt, {}, {}, true});
constexpr auto kAttributes11 = with(kAttributes10, AttributeSpec{"largest", AttrKind::kFlag, "1"}, AttributeSpec{"sorted", AttrKind::kFlag, "1"});
constexpr TypeConstraint kTypes1[] = {{"T", kFloatTypes}, {"I", kInt64Type}};
constexpr TypeConstraint kTypes10[] = {{"T", kFloatTypes}, {"tensor(int64)", kInt64Type}, {"I", kInt64Type}};
constexpr TypeConstraint kTypes11[] = {{"T", kNumericTypes}, {"tensor(int64)", kInt64Type}, {"I", kInt64Type}};
constexpr TypeConstraint kTypes24[] = {{"T", kAllTypes}, {"tensor(int64)", kInt64Type}, {"I", kInt64Type}};
constexpr OpVersion kVersions[] = {
    {.since_version = 1, .types = kTypes1, .attributes = kAttributes1, .inputs = kInputs1},
    {.since_version = 10, .types = kTypes10, .attributes = kAttributes10},
    {.since_version = 11, .types = kTypes11, .attributes = kAttributes11},
    {.since_version = 24, .types = kTypes24, .attributes = kAttributes11}};

}  // namespace

constexpr OpSchema kTopKSchema{.name = "TopK", .inputs = kInputs10, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_top_k};

}  // namespace ow
