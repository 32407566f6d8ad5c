// LpNormalization 1, 22 (kernels/normalization.h): input / its p-norm (p 1 or 2) along `axis`, 0 where
// that norm is 0. float64 computes in float64, float32 in float32, float16 and bfloat16 (22) in
// float32 rounded once.
#include <string>

#include "kernels/normalization.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class LpNormKernel final : public Kernel {
 public:
  LpNormKernel(int64_t axis, int p) : axis_(axis), p_(p) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const Dims& dims = x.dims();
    const auto r = static_cast<int64_t>(dims.size());
    if (axis_ < -r || axis_ >= r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input 'input' of shape " + dims_to_string(dims) +
                             (r == 0 ? " (it needs rank 1 or more)" : " (valid: " + std::to_string(-r) + " to " + std::to_string(r - 1) + ")"));
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), dims, y));
    if (x.size() == 0) return Status::Ok();
    kernels::ChannelShape shape{1, static_cast<size_t>(dims[axis]), 1};
    for (size_t k = 0; k < axis; ++k) shape.outer *= static_cast<size_t>(dims[k]);
    for (size_t k = axis + 1; k < dims.size(); ++k) shape.inner *= static_cast<size_t>(dims[k]);
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      kernels::lp_normalize(x.data<T>(), y->data<T>(), shape, p_);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run)) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  int64_t axis_;
  int p_;
};

Result<std::unique_ptr<Kernel>> make_lp_norm(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", -1));
  OW_ASSIGN_OR_RETURN(int64_t p, attrs.get_int("p", 2));
  if (p != 1 && p != 2) return InvalidArgument("attribute 'p' must be 1 or 2, got " + std::to_string(p));
  return std::unique_ptr<Kernel>(new LpNormKernel(axis, static_cast<int>(p)));
}

constexpr AttributeSpec kLpNormAttributes[] = {{"axis", AttrKind::kInt, "-1"}, {"p", AttrKind::kInt, "2"}};
// 22 adds bfloat16.
constexpr OpVersion kLpNormVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kLpNormAttributes},
                                         {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kLpNormAttributes}};
constexpr Param kInputs[] = {{"input", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kLpNormalizationSchema{
    .name = "LpNormalization", .inputs = kInputs, .outputs = kOutputs, .versions = kLpNormVersions, .make_kernel = make_lp_norm};

}  // namespace ow
