// Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal, Erf: elementwise math of one input; the output
// has its shape and type (kernels/unary_math.h has the semantics and the accuracy).
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

constexpr OpSchema unary_math_schema(std::string_view name, std::span<const OpVersion> versions, KernelFactory make_kernel) {
  return {.name = name,
          .inputs = kUnaryInputs,
          .outputs = kUnaryOutputs,
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

}  // namespace ow
