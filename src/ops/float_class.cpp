// IsNaN and IsInf: whether each floating-point element is a NaN, or an infinity of a sign IsInf's
// detect_negative and detect_positive choose (kernels/float_class.h); a bool output of the input's
// shape. IsNaN 9 of float16, float32, float64, 13 adds bfloat16, 20 float8 (which the runtime lacks);
// IsInf 10 of float32 and float64, 20 adds float16, bfloat16 and float8.
#include <optional>

#include "kernels/float_class.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class FloatClassKernel final : public Kernel {
 public:
  // signs: IsInf's; nullopt for IsNaN
  explicit FloatClassKernel(std::optional<kernels::InfinitySigns> signs) : signs_(signs) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kBool, x.dims(), y));
    if (signs_) kernels::is_inf(x.dtype(), x.raw_data(), y->data<Bool>(), x.size(), *signs_);
    else kernels::is_nan(x.dtype(), x.raw_data(), y->data<Bool>(), x.size());
    return Status::Ok();
  }

 private:
  std::optional<kernels::InfinitySigns> signs_;
};

Result<std::unique_ptr<Kernel>> make_is_nan(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new FloatClassKernel(std::nullopt));
}

Result<bool> flag(const Attributes& attrs, const char* name) {
  OW_ASSIGN_OR_RETURN(const int64_t value, attrs.get_int(name, 1));
  if (value != 0 && value != 1) return InvalidArgument(std::string("attribute '") + name + "' must be 0 or 1, not " + std::to_string(value));
  return value == 1;
}

Result<std::unique_ptr<Kernel>> make_is_inf(int /*version*/, const Attributes& attrs) {
  kernels::InfinitySigns signs;
  OW_ASSIGN_OR_RETURN(signs.negative, flag(attrs, "detect_negative"));
  OW_ASSIGN_OR_RETURN(signs.positive, flag(attrs, "detect_positive"));
  return std::unique_ptr<Kernel>(new FloatClassKernel(signs));
}

constexpr TypeConstraint kBoolOutput = {"T2", kBoolType};
constexpr TypeConstraint kFloatConstraints[] = {{"T1", kFloatTypes}, kBoolOutput};
constexpr TypeConstraint kFloatBf16Constraints[] = {{"T1", kFloatTypesBf16}, kBoolOutput};
constexpr std::array<DType, 2> kFloat32And64 = {DType::kFloat64, DType::kFloat32};
constexpr TypeConstraint kFloat32And64Constraints[] = {{"T1", kFloat32And64}, kBoolOutput};
constexpr OpVersion kIsNaNVersions[] = {{.since_version = 9, .types = kFloatConstraints, .attributes = {}},
                                        {.since_version = 13, .types = kFloatBf16Constraints, .attributes = {}},
                                        {.since_version = 20, .types = kFloatBf16Constraints, .attributes = {}}};
constexpr AttributeSpec kDetectSigns[] = {{"detect_negative", AttrKind::kFlag, "1"}, {"detect_positive", AttrKind::kFlag, "1"}};
constexpr OpVersion kIsInfVersions[] = {{.since_version = 10, .types = kFloat32And64Constraints, .attributes = kDetectSigns},
                                        {.since_version = 20, .types = kFloatBf16Constraints, .attributes = kDetectSigns}};
constexpr Param kInputs[] = {{"X", "T1"}};
constexpr Param kOutputs[] = {{"Y", "T2"}};

}  // namespace

constexpr OpSchema kIsNaNSchema{
    .name = "IsNaN", .inputs = kInputs, .outputs = kOutputs, .versions = kIsNaNVersions, .make_kernel = make_is_nan, .elementwise = true};
constexpr OpSchema kIsInfSchema{
    .name = "IsInf", .inputs = kInputs, .outputs = kOutputs, .versions = kIsInfVersions, .make_kernel = make_is_inf, .elementwise = true};

}  // namespace ow
