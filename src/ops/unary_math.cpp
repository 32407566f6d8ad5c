// Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal, Erf, Sign, Sin, Cos, Tan, Asin, Acos, Atan, Sinh,
// Cosh, Asinh, Acosh, Atanh: elementwise math of one input; the output has its shape and type (kernels/unary_math.h has the semantics and the accuracy).
#include "kernels/unary_math.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using kernels::UnaryMath;

class UnaryMathKernel final : public Kernel {
 public:
  explicit UnaryMathKernel(UnaryMath op) : op_(op) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    kernels::UnaryLoop loop;
    switch (x.dtype()) {
      case DType::kFloat32: loop = kernels::unary_math_f32(op_); break;
      case DType::kFloat64: loop = kernels::unary_math_f64(op_); break;
      case DType::kFloat16: loop = kernels::unary_math_f16(op_); break;
      case DType::kBFloat16: loop = kernels::unary_math_bf16(op_); break;
      default: loop = kernels::unary_math_int(op_, x.dtype());
    }
    if (!loop) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    loop(x.raw_data(), y->raw_data(), x.size());
    return Status::Ok();
  }

 private:
  UnaryMath op_;
};

template <UnaryMath kOp>
Result<std::unique_ptr<Kernel>> make_unary_math(int /*version*/, const Attributes& /*attrs*/) {
  // The only attribute any version defines is version 1's consumed_inputs, which is ignored.
  return std::unique_ptr<Kernel>(new UnaryMathKernel(kOp));
}

// Sigmoid, Tanh, Exp, Log, Sqrt, Reciprocal: 1 has consumed_inputs, 6 drops it, 13 adds bfloat16.
constexpr OpVersion kFloatVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                        {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                        {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

// Abs: 6 takes every numeric type.
constexpr OpVersion kAbsVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                      {.since_version = 6, .types = type_t<kNumericTypes>, .attributes = {}},
                                      {.since_version = 13, .types = type_t<kAllTypes>, .attributes = {}}};

// Neg: 6 adds the signed integer types.
constexpr auto kNegTypes6 = with(kFloatTypes, DType::kInt8, DType::kInt16, DType::kInt32, DType::kInt64);
constexpr auto kNegTypes13 = with(kNegTypes6, DType::kBFloat16);
constexpr OpVersion kNegVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                      {.since_version = 6, .types = type_t<kNegTypes6>, .attributes = {}},
                                      {.since_version = 13, .types = type_t<kNegTypes13>, .attributes = {}}};

// Erf: 9 takes every numeric type, 13 adds bfloat16.
constexpr OpVersion kErfVersions[] = {{.since_version = 9, .types = type_t<kNumericTypes>, .attributes = {}},
                                      {.since_version = 13, .types = type_t<kAllTypes>, .attributes = {}}};

// Sign: 9 takes every numeric type, 13 adds bfloat16.
constexpr OpVersion kSignVersions[] = {{.since_version = 9, .types = type_t<kNumericTypes>, .attributes = {}},
                                       {.since_version = 13, .types = type_t<kAllTypes>, .attributes = {}}};

// The trigonometric functions from 7, the hyperbolic ones from 9, of the float types; 22 adds bfloat16.
template <int kSince>
constexpr OpVersion kTrigVersions[] = {{.since_version = kSince, .types = type_t<kFloatTypes>, .attributes = {}},
                                       {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

// Sign's and the trigonometric functions' input and output are named input and output.
constexpr Param kInputInputs[] = {{"input", "T"}};
constexpr Param kOutputOutputs[] = {{"output", "T"}};

constexpr OpSchema unary_math_schema(std::string_view name, std::span<const OpVersion> versions, KernelFactory make_kernel,
                                     std::span<const Param> inputs = kUnaryInputs, std::span<const Param> outputs = kUnaryOutputs) {
  return {.name = name,
          .inputs = inputs,
          .outputs = outputs,
          .versions = versions,
          .make_kernel = make_kernel,
          .elementwise = true};
}

}  // namespace

constexpr OpSchema kSigmoidSchema = unary_math_schema("Sigmoid", kFloatVersions, make_unary_math<UnaryMath::kSigmoid>);
constexpr OpSchema kTanhSchema = unary_math_schema("Tanh", kFloatVersions, make_unary_math<UnaryMath::kTanh>);
constexpr OpSchema kExpSchema = unary_math_schema("Exp", kFloatVersions, make_unary_math<UnaryMath::kExp>);
constexpr OpSchema kLogSchema = unary_math_schema("Log", kFloatVersions, make_unary_math<UnaryMath::kLog>);
constexpr OpSchema kSqrtSchema = unary_math_schema("Sqrt", kFloatVersions, make_unary_math<UnaryMath::kSqrt>);
constexpr OpSchema kReciprocalSchema = unary_math_schema("Reciprocal", kFloatVersions, make_unary_math<UnaryMath::kReciprocal>);
constexpr OpSchema kAbsSchema = unary_math_schema("Abs", kAbsVersions, make_unary_math<UnaryMath::kAbs>);
constexpr OpSchema kNegSchema = unary_math_schema("Neg", kNegVersions, make_unary_math<UnaryMath::kNeg>);
constexpr OpSchema kErfSchema = unary_math_schema("Erf", kErfVersions, make_unary_math<UnaryMath::kErf>);
constexpr OpSchema kSignSchema =
    unary_math_schema("Sign", kSignVersions, make_unary_math<UnaryMath::kSign>, kInputInputs, kOutputOutputs);
constexpr OpSchema kSinSchema = unary_math_schema("Sin", kTrigVersions<7>, make_unary_math<UnaryMath::kSin>, kInputInputs, kOutputOutputs);
constexpr OpSchema kCosSchema = unary_math_schema("Cos", kTrigVersions<7>, make_unary_math<UnaryMath::kCos>, kInputInputs, kOutputOutputs);
constexpr OpSchema kTanSchema = unary_math_schema("Tan", kTrigVersions<7>, make_unary_math<UnaryMath::kTan>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAsinSchema = unary_math_schema("Asin", kTrigVersions<7>, make_unary_math<UnaryMath::kAsin>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAcosSchema = unary_math_schema("Acos", kTrigVersions<7>, make_unary_math<UnaryMath::kAcos>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAtanSchema = unary_math_schema("Atan", kTrigVersions<7>, make_unary_math<UnaryMath::kAtan>, kInputInputs, kOutputOutputs);
constexpr OpSchema kSinhSchema = unary_math_schema("Sinh", kTrigVersions<9>, make_unary_math<UnaryMath::kSinh>, kInputInputs, kOutputOutputs);
constexpr OpSchema kCoshSchema = unary_math_schema("Cosh", kTrigVersions<9>, make_unary_math<UnaryMath::kCosh>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAsinhSchema = unary_math_schema("Asinh", kTrigVersions<9>, make_unary_math<UnaryMath::kAsinh>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAcoshSchema = unary_math_schema("Acosh", kTrigVersions<9>, make_unary_math<UnaryMath::kAcosh>, kInputInputs, kOutputOutputs);
constexpr OpSchema kAtanhSchema = unary_math_schema("Atanh", kTrigVersions<9>, make_unary_math<UnaryMath::kAtanh>, kInputInputs, kOutputOutputs);

}  // namespace ow
