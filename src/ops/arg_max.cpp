// ArgMax and ArgMin, versions 1, 11, 12, 13: the int64 index of the extreme element along `axis`
// (kernels/arg_extreme.h). 11 states the axis' range [-r, r - 1] (accepted by every version here), 12
// adds select_last_index, 13 bfloat16. An axis of no elements has no extreme: refused where the output
// has elements.
#include <string>

#include "kernels/arg_extreme.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ArgExtremeKernel final : public Kernel {
 public:
  ArgExtremeKernel(bool max, int64_t axis, bool keepdims, bool last) : max_(max), axis_(axis), keepdims_(keepdims), last_(last) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const auto rank = static_cast<int64_t>(x.rank());
    if (axis_ < -rank || axis_ >= rank)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input data of rank " + std::to_string(rank) +
                             " (accepted: [" + std::to_string(-rank) + ", " + std::to_string(rank - 1) + "])");
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + rank : axis_);
    Dims y_dims;
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < x.rank(); ++d) {
      const auto n = static_cast<size_t>(x.dims()[d]);
      if (d < axis) outer *= n;
      if (d > axis) inner *= n;
      if (d != axis || keepdims_) y_dims.push_back(d == axis ? 1 : x.dims()[d]);
    }
    const auto extent = static_cast<size_t>(x.dims()[axis]);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kInt64, std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();
    if (extent == 0) return InvalidArgument("input data has no elements along axis " + std::to_string(axis) + " (shape " + dims_to_string(x.dims()) + ")");
    if (!kernels::arg_extreme(x.dtype(), max_, last_, x.raw_data(), outer, extent, inner, y->data<int64_t>()))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  bool max_;
  int64_t axis_;
  bool keepdims_, last_;
};

Result<bool> flag(const Attributes& attrs, std::string_view name) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, name == "keepdims" ? 1 : 0));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

template <bool kMax>
Result<std::unique_ptr<Kernel>> make_arg_extreme(int, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", 0));
  OW_ASSIGN_OR_RETURN(bool keepdims, flag(attrs, "keepdims"));
  OW_ASSIGN_OR_RETURN(bool last, flag(attrs, "select_last_index"));
  return std::unique_ptr<Kernel>(new ArgExtremeKernel(kMax, axis, keepdims, last));
}

constexpr Param kInputs[] = {{"data", "T"}};
constexpr Param kOutputs[] = {{"reduced", "tensor(int64)"}};
constexpr std::array<AttributeSpec, 2> kAttributes1 = {{{"axis", AttrKind::kInt, "0"}, {"keepdims", AttrKind::kFlag, "1"}}};
constexpr auto kAttributes12 = with(kAttributes1, AttributeSpec{"select_last_index", AttrKind::kFlag, "0"});
constexpr TypeConstraint kTypes1[] = {{"T", kNumericTypes}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kTypes13[] = {{"T", kAllTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kVersions[] = {
    {.since_version = 1, .types = kTypes1, .attributes = kAttributes1},
    {.since_version = 11, .types = kTypes1, .attributes = kAttributes1},
    {.since_version = 12, .types = kTypes1, .attributes = kAttributes12},
    {.since_version = 13, .types = kTypes13, .attributes = kAttributes12}};

}  // namespace

constexpr OpSchema kArgMaxSchema{.name = "ArgMax", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_arg_extreme<true>};
constexpr OpSchema kArgMinSchema{.name = "ArgMin", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_arg_extreme<false>};

}  // namespace ow
