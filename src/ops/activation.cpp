// The activations of one input and float attributes (kernels/activation.h has their semantics and
// accuracy): HardSigmoid, HardSwish, LeakyRelu, ThresholdedRelu, Shrink, Softsign, Elu, Selu, Celu,
// Softplus, Mish, Gelu; and PRelu, whose slope is a second input broadcast to X's shape
// (kernels/binary.h's loops, ops/broadcast_fold.h). The output has X's shape and type.
#include "kernels/activation.h"
#include "kernels/binary.h"
#include "ops/broadcast_fold.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using kernels::Activation;
using kernels::ActivationParams;

class ActivationKernel final : public Kernel {
 public:
  explicit ActivationKernel(ActivationParams params) : params_(params) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const kernels::ActivationLoop loop = kernels::activation_loop(x.dtype(), params_.kind);
    if (!loop) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    loop(x.raw_data(), y->raw_data(), x.size(), params_);
    return Status::Ok();
  }

 private:
  ActivationParams params_;
};

std::unique_ptr<Kernel> activation_kernel(ActivationParams params) { return std::unique_ptr<Kernel>(new ActivationKernel(params)); }

// A float attribute: a float32 value, as ONNX stores it (ops.* options are JS numbers, rounded here).
Result<double> float_attribute(const Attributes& attrs, std::string_view name, float fallback) {
  OW_ASSIGN_OR_RETURN(double v, attrs.get_float(name, fallback));
  return static_cast<float>(v);
}

// The float attributes' defaults, as ONNX's schemas state them (float32 values).
constexpr float kSeluAlpha1 = 1.6732f, kSeluGamma1 = 1.0507f;
constexpr float kSeluAlpha6 = 1.67326319217681884765625f, kSeluGamma6 = 1.05070102214813232421875f;

// An activation whose one attribute is alpha (LeakyRelu, Elu, Celu, ThresholdedRelu): LeakyRelu's
// defaults to 0.01, the others' to 1.
template <Activation kKind>
Result<std::unique_ptr<Kernel>> make_alpha_activation(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double alpha, float_attribute(attrs, "alpha", kKind == Activation::kLeakyRelu ? 0.01f : 1.0f));
  if (kKind == Activation::kCelu && alpha == 0) return InvalidArgument("attribute 'alpha' must not be 0");
  return activation_kernel({.kind = kKind, .alpha = alpha});
}

// Softsign, Softplus, Mish: no attribute (version 1's consumed_inputs ignored).
template <Activation kKind>
Result<std::unique_ptr<Kernel>> make_plain_activation(int /*version*/, const Attributes& /*attrs*/) {
  return activation_kernel({.kind = kKind});
}

Result<std::unique_ptr<Kernel>> make_hard_sigmoid(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double alpha, float_attribute(attrs, "alpha", 0.2f));
  OW_ASSIGN_OR_RETURN(double beta, float_attribute(attrs, "beta", 0.5f));
  return activation_kernel({.kind = Activation::kHardSigmoid, .alpha = alpha, .beta = beta});
}

// HardSwish is HardSigmoid with alpha 1/6 (in each type: float32's rounded) and beta 1/2.
Result<std::unique_ptr<Kernel>> make_hard_swish(int /*version*/, const Attributes& /*attrs*/) {
  return activation_kernel({.kind = Activation::kHardSwish, .alpha = 1.0 / 6, .beta = 0.5});
}

Result<std::unique_ptr<Kernel>> make_selu(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double alpha, float_attribute(attrs, "alpha", version < 6 ? kSeluAlpha1 : kSeluAlpha6));
  OW_ASSIGN_OR_RETURN(double gamma, float_attribute(attrs, "gamma", version < 6 ? kSeluGamma1 : kSeluGamma6));
  return activation_kernel({.kind = Activation::kSelu, .alpha = alpha, .gamma = gamma});
}

// Shrink: alpha is lambd, beta bias.
Result<std::unique_ptr<Kernel>> make_shrink(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double lambd, float_attribute(attrs, "lambd", 0.5f));
  OW_ASSIGN_OR_RETURN(double bias, float_attribute(attrs, "bias", 0.0f));
  return activation_kernel({.kind = Activation::kShrink, .alpha = lambd, .beta = bias});
}

constexpr std::string_view kGeluApproximations[] = {"none", "tanh"};

Result<std::unique_ptr<Kernel>> make_gelu(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(std::string approximate, attrs.get_string("approximate", "none"));
  if (approximate != "none" && approximate != "tanh")
    return InvalidArgument("attribute 'approximate' must be 'none' or 'tanh', not '" + approximate + "'");
  return activation_kernel({.kind = approximate == "tanh" ? Activation::kGeluTanh : Activation::kGelu});
}

class PReluKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor &x = *inputs[0], &slope = *inputs[1];
    OW_ASSIGN_OR_RETURN(Dims dims, broadcast_dims(inputs));
    // The slope broadcasts to X's shape (unidirectionally): the output is X's shape.
    if (dims != x.dims())
      return InvalidArgument("input 'slope' of shape " + dims_to_string(slope.dims()) + " does not broadcast to X's shape " +
                             dims_to_string(x.dims()));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    broadcast_fold(inputs, *y, *kernels::prelu_loops(x.dtype()), false);
    return Status::Ok();
  }
};

// Versions 1 and 6 take the slope of X's shape or of one element, which version 7's broadcasting
// includes: every version runs as 7.
Result<std::unique_ptr<Kernel>> make_prelu(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new PReluKernel);
}

constexpr std::array<AttributeSpec, 1> kAlpha001 = {{{"alpha", AttrKind::kFloat, "0.01"}}};
constexpr std::array<AttributeSpec, 1> kAlpha1 = {{{"alpha", AttrKind::kFloat, "1"}}};
constexpr auto kLeakyReluAttributes1 = with(kAlpha001, kConsumedInputs[0]);
constexpr auto kEluAttributes1 = with(kAlpha1, kConsumedInputs[0]);
constexpr std::array<AttributeSpec, 2> kHardSigmoidAttributes = {{{"alpha", AttrKind::kFloat, "0.2"}, {"beta", AttrKind::kFloat, "0.5"}}};
constexpr auto kHardSigmoidAttributes1 = with(kHardSigmoidAttributes, kConsumedInputs[0]);
constexpr std::array<AttributeSpec, 3> kSeluAttributes1 = {
    {{"alpha", AttrKind::kFloat, "1.6732"}, {"gamma", AttrKind::kFloat, "1.0507"}, kConsumedInputs[0]}};
constexpr std::array<AttributeSpec, 2> kSeluAttributes6 = {
    {{"alpha", AttrKind::kFloat, "1.67326319217681884765625"}, {"gamma", AttrKind::kFloat, "1.05070102214813232421875"}}};
constexpr AttributeSpec kShrinkAttributes[] = {{"bias", AttrKind::kFloat, "0"}, {"lambd", AttrKind::kFloat, "0.5"}};
constexpr AttributeSpec kGeluAttributes[] = {{"approximate", AttrKind::kString, "none", kGeluApproximations}};

// Versions 1 (with consumed_inputs), 6 and the one adding bfloat16 (HardSigmoid, LeakyRelu, Elu, Selu).
template <const auto& kAttributes1, const auto& kAttributes6, int kBf16From>
constexpr OpVersion kVersions1And6[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
                                        {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kAttributes6},
                                        {.since_version = kBf16From, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes6}};
// A first version of the float types, then one adding bfloat16 (HardSwish, Softplus, Softsign, Mish,
// ThresholdedRelu).
template <int kSince, const auto& kAttributes, int kBf16From>
constexpr OpVersion kFloatThenBf16[] = {{.since_version = kSince, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                        {.since_version = kBf16From, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes}};

constexpr std::array<AttributeSpec, 0> kNoAttributes = {};

// Celu 12 of float32 only; 28 adds float64, float16 and bfloat16.
constexpr std::array<DType, 1> kFloat32Type = {DType::kFloat32};
constexpr OpVersion kCeluVersions[] = {{.since_version = 12, .types = type_t<kFloat32Type>, .attributes = kAlpha1},
                                       {.since_version = 28, .types = type_t<kFloatTypesBf16>, .attributes = kAlpha1}};
constexpr OpVersion kGeluVersions[] = {{.since_version = 20, .types = type_t<kFloatTypesBf16>, .attributes = kGeluAttributes}};
// Shrink 9: the float types but bfloat16, and the integers.
constexpr auto kShrinkTypes = concat(kFloatTypes, kIntegerTypes);
constexpr OpVersion kShrinkVersions[] = {{.since_version = 9, .types = type_t<kShrinkTypes>, .attributes = kShrinkAttributes}};
// PRelu: 1 with consumed_inputs, 6, 7 broadcasting, 9 adds the 32- and 64-bit integers, 16 bfloat16.
constexpr auto kPReluTypes9 = with(kFloatTypes, DType::kUint32, DType::kUint64, DType::kInt32, DType::kInt64);
constexpr auto kPReluTypes16 = with(kPReluTypes9, DType::kBFloat16);
constexpr OpVersion kPReluVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                        {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                        {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = {}},
                                        {.since_version = 9, .types = type_t<kPReluTypes9>, .attributes = {}},
                                        {.since_version = 16, .types = type_t<kPReluTypes16>, .attributes = {}}};
constexpr Param kPReluInputs[] = {{"X", "T"}, {"slope", "T"}};
// Softsign's and Shrink's input and output are named input and output.
constexpr Param kInputInputs[] = {{"input", "T"}};
constexpr Param kOutputOutputs[] = {{"output", "T"}};

constexpr OpSchema activation_schema(std::string_view name, std::span<const OpVersion> versions, KernelFactory make_kernel,
                                     std::span<const Param> inputs = kUnaryInputs, std::span<const Param> outputs = kUnaryOutputs) {
  return {.name = name, .inputs = inputs, .outputs = outputs, .versions = versions, .make_kernel = make_kernel, .elementwise = true};
}

}  // namespace

constexpr OpSchema kHardSigmoidSchema =
    activation_schema("HardSigmoid", kVersions1And6<kHardSigmoidAttributes1, kHardSigmoidAttributes, 22>, make_hard_sigmoid);
constexpr OpSchema kHardSwishSchema = activation_schema("HardSwish", kFloatThenBf16<14, kNoAttributes, 22>, make_hard_swish);
constexpr OpSchema kLeakyReluSchema = activation_schema("LeakyRelu", kVersions1And6<kLeakyReluAttributes1, kAlpha001, 16>,
                                                        make_alpha_activation<Activation::kLeakyRelu>);
constexpr OpSchema kPReluSchema = activation_schema("PRelu", kPReluVersions, make_prelu, kPReluInputs);
constexpr OpSchema kEluSchema =
    activation_schema("Elu", kVersions1And6<kEluAttributes1, kAlpha1, 22>, make_alpha_activation<Activation::kElu>);
constexpr OpSchema kSeluSchema = activation_schema("Selu", kVersions1And6<kSeluAttributes1, kSeluAttributes6, 22>, make_selu);
constexpr OpSchema kCeluSchema = activation_schema("Celu", kCeluVersions, make_alpha_activation<Activation::kCelu>);
constexpr OpSchema kSoftplusSchema =
    activation_schema("Softplus", kFloatThenBf16<1, kNoAttributes, 22>, make_plain_activation<Activation::kSoftplus>);
constexpr OpSchema kSoftsignSchema = activation_schema("Softsign", kFloatThenBf16<1, kNoAttributes, 22>,
                                                       make_plain_activation<Activation::kSoftsign>, kInputInputs, kOutputOutputs);
constexpr OpSchema kGeluSchema = activation_schema("Gelu", kGeluVersions, make_gelu);
constexpr OpSchema kMishSchema = activation_schema("Mish", kFloatThenBf16<18, kNoAttributes, 22>, make_plain_activation<Activation::kMish>);
constexpr OpSchema kThresholdedReluSchema = activation_schema("ThresholdedRelu", kFloatThenBf16<10, kAlpha1, 22>,
                                                              make_alpha_activation<Activation::kThresholdedRelu>);
constexpr OpSchema kShrinkSchema = activation_schema("Shrink", kShrinkVersions, make_shrink, kInputInputs, kOutputOutputs);

}  // namespace ow
