// Min, Max, Sum and Mean: elementwise minimum, maximum, sum or mean of one or more inputs of one type.
// Versions 1 and 6 need identical shapes; from 8 the inputs broadcast (NumPy rules) to the output shape
// (ops/broadcast_fold.h). Sum adds the inputs in their order, rounding after each addition in the type
// (float16 and bfloat16 through float32), as ONNX's reference does; Mean divides that sum by the input
// count, rounded once more.
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

#include "core/half.h"

#include "ops/broadcast_fold.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// From this version the inputs broadcast; before, they need identical shapes.
constexpr int kBroadcastsFrom = 8;

// What a variadic operator folds its inputs with.
enum class Fold { kMin, kMax, kSum, kMean };

// The input count of a Mean as an element of the (float) type t, for the division.
void count_as(DType t, size_t count, unsigned char (&element)[8]) {
  visit_dtype<float, double, Float16, BFloat16>(t, [&](auto zero) {
    using T = decltype(zero);
    T v;
    if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) v = half_from_f32<T>(static_cast<float>(count));
    else v = static_cast<T>(count);
    std::memcpy(element, &v, sizeof v);
  });
}

class VariadicKernel final : public Kernel {
 public:
  VariadicKernel(Fold fold, bool broadcasts) : fold_(fold), broadcasts_(broadcasts) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    OW_ASSIGN_OR_RETURN(Dims dims, output_dims(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, inputs[0]->dtype(), std::move(dims), y));
    const DType t = y->dtype();
    switch (fold_) {
      case Fold::kMin: broadcast_fold(inputs, *y, *kernels::min_loops(t), /*commutative=*/true); break;
      case Fold::kMax: broadcast_fold(inputs, *y, *kernels::max_loops(t), /*commutative=*/true); break;
      // Float addition is not associative: the inputs are added in their order.
      case Fold::kSum: broadcast_fold(inputs, *y, *kernels::add_loops(t), /*commutative=*/false); break;
      case Fold::kMean: {
        broadcast_fold(inputs, *y, *kernels::add_loops(t), /*commutative=*/false);
        alignas(8) unsigned char count[8];
        count_as(t, inputs.size(), count);
        kernels::div_loops(t)->vs(y->raw_data(), count, y->raw_data(), y->size());
        break;
      }
    }
    return Status::Ok();
  }

 private:
  Result<Dims> output_dims(const Inputs& inputs) const {
    if (broadcasts_) return broadcast_dims(inputs);
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (inputs[k]->dims() != inputs[0]->dims())
        return InvalidArgument("input " + std::to_string(k) + " has shape " + dims_to_string(inputs[k]->dims()) +
                               " but input 0 has shape " + dims_to_string(inputs[0]->dims()) +
                               "; this version needs identical shapes (broadcasting starts with version " + std::to_string(kBroadcastsFrom) + ")");
    }
    return inputs[0]->dims();
  }

  Fold fold_;
  bool broadcasts_;
};

// The only attribute any version defines is version 1's consumed_inputs, which is ignored.
template <Fold kFold>
Result<std::unique_ptr<Kernel>> make_variadic(int version, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new VariadicKernel(kFold, version >= kBroadcastsFrom));
}

// Max and Min of the chain's value and one constant as a chain's clamp, where the version broadcasts:
// an older one refuses a constant of another shape, which the chain would not.
template <bool max>
std::optional<ChainStage> min_max_chain_stage(const OpVersion& version, const Attributes& /*attrs*/, const ChainOperands& operands) {
  const std::optional<float> c = operands.count == 2 ? operands.constants[1 - operands.chained] : std::nullopt;
  if (version.since_version < kBroadcastsFrom || !c) return std::nullopt;
  return max ? ChainClamp{c, std::nullopt} : ChainClamp{std::nullopt, c};
}

// 1 has consumed_inputs, 6 drops it, 8 broadcasts, 12 adds the integer types, 13 adds bfloat16.
constexpr OpVersion kMinMaxVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                         {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                         {.since_version = 8, .types = type_t<kFloatTypes>, .attributes = {}},
                                         {.since_version = 12, .types = type_t<kNumericTypes>, .attributes = {}},
                                         {.since_version = 13, .types = type_t<kAllTypes>, .attributes = {}}};
// Sum and Mean: 1 has consumed_inputs, 6 drops it, 8 broadcasts, 13 adds bfloat16.
constexpr OpVersion kSumMeanVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                          {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                          {.since_version = 8, .types = type_t<kFloatTypes>, .attributes = {}},
                                          {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = {}}};
constexpr Param kInputs[] = {{"data_0", "T", Param::Arity::kVariadic}};
constexpr Param kMinOutputs[] = {{"min", "T"}};
constexpr Param kMaxOutputs[] = {{"max", "T"}};
constexpr Param kSumOutputs[] = {{"sum", "T"}};
constexpr Param kMeanOutputs[] = {{"mean", "T"}};

}  // namespace

constexpr OpSchema kMinSchema{.name = "Min",
                              .inputs = kInputs,
                              .outputs = kMinOutputs,
                              .versions = kMinMaxVersions,
                              .make_kernel = make_variadic<Fold::kMin>,
                              .elementwise = true,
                              .chain_stage = min_max_chain_stage<false>};

constexpr OpSchema kMaxSchema{.name = "Max",
                              .inputs = kInputs,
                              .outputs = kMaxOutputs,
                              .versions = kMinMaxVersions,
                              .make_kernel = make_variadic<Fold::kMax>,
                              .elementwise = true,
                              .chain_stage = min_max_chain_stage<true>};

constexpr OpSchema kSumSchema{.name = "Sum",
                              .inputs = kInputs,
                              .outputs = kSumOutputs,
                              .versions = kSumMeanVersions,
                              .make_kernel = make_variadic<Fold::kSum>,
                              .elementwise = true};

constexpr OpSchema kMeanSchema{.name = "Mean",
                               .inputs = kInputs,
                               .outputs = kMeanOutputs,
                               .versions = kSumMeanVersions,
                               .make_kernel = make_variadic<Fold::kMean>,
                               .elementwise = true};

}  // namespace ow
