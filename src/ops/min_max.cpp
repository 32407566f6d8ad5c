// Min and Max: elementwise minimum or maximum of one or more inputs of one type. Versions 1 and 6 need
// identical shapes; from 8 the inputs broadcast (NumPy rules) to the output shape (ops/broadcast_fold.h).
#include <optional>
#include <string>

#include "ops/broadcast_fold.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using LoopsOf = const kernels::BinaryLoops* (*)(DType);

// From this version the inputs broadcast; before, they need identical shapes.
constexpr int kBroadcastsFrom = 8;

class VariadicKernel final : public Kernel {
 public:
  VariadicKernel(LoopsOf loops, bool broadcasts) : loops_(loops), broadcasts_(broadcasts) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    OW_ASSIGN_OR_RETURN(Dims dims, output_dims(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, inputs[0]->dtype(), std::move(dims), y));
    broadcast_fold(inputs, *y, *loops_(y->dtype()), /*commutative=*/true);
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

  LoopsOf loops_;
  bool broadcasts_;
};

// The only attribute any version defines is version 1's consumed_inputs, which is ignored.
Result<std::unique_ptr<Kernel>> make_min(int version, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new VariadicKernel(kernels::min_loops, version >= kBroadcastsFrom));
}

Result<std::unique_ptr<Kernel>> make_max(int version, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new VariadicKernel(kernels::max_loops, version >= kBroadcastsFrom));
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
constexpr Param kInputs[] = {{"data_0", "T", Param::Arity::kVariadic}};
constexpr Param kMinOutputs[] = {{"min", "T"}};
constexpr Param kMaxOutputs[] = {{"max", "T"}};

}  // namespace

constexpr OpSchema kMinSchema{.name = "Min",
                              .inputs = kInputs,
                              .outputs = kMinOutputs,
                              .versions = kMinMaxVersions,
                              .make_kernel = make_min,
                              .elementwise = true,
                              .chain_stage = min_max_chain_stage<false>};

constexpr OpSchema kMaxSchema{.name = "Max",
                              .inputs = kInputs,
                              .outputs = kMaxOutputs,
                              .versions = kMinMaxVersions,
                              .make_kernel = make_max,
                              .elementwise = true,
                              .chain_stage = min_max_chain_stage<true>};

}  // namespace ow
