#include "onnx/passes/chain_rules.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>
#include <variant>

namespace ow::onnx {
namespace {

// The value of a scalar constant, if it is one float32 element that is not NaN.
std::optional<float> scalar_of(const Tensor* t) {
  if (!t || t->dtype() != DType::kFloat32 || t->size() != 1 || std::isnan(*t->data<float>())) return std::nullopt;
  return *t->data<float>();
}

}  // namespace

bool ChainRules::add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs, unsigned compared) {
  const ChainStageOf stage_of = op.schema().chain_stage;
  if (!stage_of || chained >= inputs.size() || inputs.size() > 3) return false;
  // The constants, all of one element and not NaN; their highest rank.
  ChainOperands operands{.count = inputs.size(), .chained = chained, .constants = {}, .compared = compared};
  size_t rank = rank_;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i == chained || (compared >> i & 1) || !inputs[i]) continue;
    if (!(operands.constants[i] = scalar_of(inputs[i]))) return false;
    rank = std::max(rank, inputs[i]->rank());
  }
  const std::optional<ChainStage> stage = stage_of(op.version(), attrs, operands);
  if (!stage) return false;
  // After a comparison the value is a bool mask, which a selection alone reads, and only a selection
  // reads the value the comparison read.
  const bool selects = std::holds_alternative<ChainSelect>(*stage);
  if ((next_ > kCompare) != selects || (compared != 0 && !selects)) return false;
  kernels::ScaleRoundClamp pass = pass_;
  // The stages the node sets must follow those set so far; next_ moves past them if the node joins.
  int next = next_;
  const auto take = [&next](Stage s) {
    if (s < next) return false;
    next = s + 1;
    return true;
  };
  bool joins = false;
  if (const auto* scale = std::get_if<ChainScale>(&*stage)) {
    joins = take(kScale);
    pass.arithmetic = true;
    pass.scale = scale->factor;
    pass.divide = scale->divide;
  } else if (const auto* offset = std::get_if<ChainOffset>(&*stage)) {
    joins = take(kOffset);
    pass.arithmetic = true;
    pass.offset = offset->addend;
  } else if (const auto* rounding = std::get_if<ChainRounding>(&*stage)) {
    joins = take(kRounding);
    pass.rounding = rounding->mode;
  } else if (const auto* clamp = std::get_if<ChainClamp>(&*stage)) {
    // A bound at float32's lowest (highest) value changes nothing where the chain's value is already
    // at least (at most) that: Relu then Clip with only a max adds just the max.
    const bool lo_needed = clamp->lo && !(*clamp->lo == -FLT_MAX && pass.lo >= -FLT_MAX && pass.hi >= -FLT_MAX);
    const bool hi_needed = clamp->hi && !(*clamp->hi == FLT_MAX && pass.hi <= FLT_MAX);
    joins = (!lo_needed || take(kLow)) && (!hi_needed || take(kHigh));
    if (lo_needed) pass.lo = *clamp->lo;
    if (hi_needed) pass.hi = *clamp->hi;
  } else if (const auto* comparison = std::get_if<ChainCompare>(&*stage)) {
    joins = take(kCompare);
    pass.mask.emplace();
    pass.mask->compare = comparison->comparison;
    pass.mask->threshold = comparison->threshold;
  } else if (const auto* selection = std::get_if<ChainSelect>(&*stage)) {
    joins = take(kSelect);
    pass.mask->selects = true;
    pass.mask->when_true = selection->when_true;
    pass.mask->when_false = selection->when_false;
  }
  if (!joins) return false;
  next_ = next;
  pass_ = pass;
  rank_ = rank;
  return true;
}

}  // namespace ow::onnx
