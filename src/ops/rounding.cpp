// Floor, Ceil, Round: elementwise rounding; the output has the input's shape and type.
#include <optional>

#include "kernels/rounding.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using kernels::RoundingMode;

class RoundingKernel final : public Kernel {
 public:
  explicit RoundingKernel(RoundingMode mode) : mode_(mode) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    const size_t n = x.size();
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      kernels::rounding(mode_, x.data<T>(), y->data<T>(), n);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  RoundingMode mode_;
};

template <RoundingMode M>
Result<std::unique_ptr<Kernel>> make_rounding(int /*version*/, const Attributes& /*attrs*/) {
  // The only attribute any version defines is version 1's consumed_inputs, which is ignored.
  return std::unique_ptr<Kernel>(new RoundingKernel(M));
}

// Every version is a chain's rounding: it computes x's rounding for every float32 x.
template <RoundingMode M>
std::optional<ChainStage> rounding_chain_stage(const OpVersion& /*version*/, const Attributes& /*attrs*/, const ChainOperands& operands) {
  if (operands.count != 1) return std::nullopt;
  return ChainRounding{M};
}

// Floor and Ceil share their history: 1 has consumed_inputs, 6 drops it, 13 adds bfloat16.
constexpr OpVersion kFloorCeilVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                            {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                            {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

// 22 adds bfloat16.
constexpr OpVersion kRoundVersions[] = {{.since_version = 11, .types = type_t<kFloatTypes>, .attributes = {}},
                                        {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = {}}};

}  // namespace

constexpr OpSchema kFloorSchema{.name = "Floor",
                                .inputs = kUnaryInputs,
                                .outputs = kUnaryOutputs,
                                .versions = kFloorCeilVersions,
                                .make_kernel = make_rounding<RoundingMode::kFloor>,
                                .elementwise = true,
                                .chain_stage = rounding_chain_stage<RoundingMode::kFloor>};

constexpr OpSchema kCeilSchema{.name = "Ceil",
                               .inputs = kUnaryInputs,
                               .outputs = kUnaryOutputs,
                               .versions = kFloorCeilVersions,
                               .make_kernel = make_rounding<RoundingMode::kCeil>,
                               .elementwise = true,
                               .chain_stage = rounding_chain_stage<RoundingMode::kCeil>};

constexpr OpSchema kRoundSchema{.name = "Round",
                                .inputs = kUnaryInputs,
                                .outputs = kUnaryOutputs,
                                .versions = kRoundVersions,
                                .make_kernel = make_rounding<RoundingMode::kNearestEven>,
                                .elementwise = true,
                                .chain_stage = rounding_chain_stage<RoundingMode::kNearestEven>};

}  // namespace ow
