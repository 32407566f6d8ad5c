#include "onnx/passes/chain_rules.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>

#include "ops/families.h"

namespace ow::onnx {
namespace {

// The value of a scalar constant, if it is one float32 element that is not NaN.
std::optional<float> scalar_of(const Tensor* t) {
  if (!t || t->dtype() != DType::kFloat32 || t->size() != 1 || std::isnan(*t->data<float>())) return std::nullopt;
  return *t->data<float>();
}

}  // namespace

bool ChainRules::add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs) {
  const OpSchema& schema = op.schema();
  const int version = op.version().since_version;
  if (chained >= inputs.size()) return false;
  // The constants, all of one element and not NaN; their highest rank.
  std::optional<float> constant[3];
  size_t rank = rank_;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i == chained || !inputs[i]) continue;
    if (i > 2 || !(constant[i] = scalar_of(inputs[i]))) return false;
    rank = std::max(rank, inputs[i]->rank());
  }
  const std::optional<float> other = constant[1 - std::min<size_t>(chained, 1)];
  kernels::ScaleRoundClamp pass = pass_;
  // The stages the node sets must follow those set so far; next_ moves past them if the node joins.
  int next = next_;
  const auto take = [&next](Stage stage) {
    if (stage < next) return false;
    next = stage + 1;
    return true;
  };
  bool joins = false;
  // Mul, Add, Sub and Div broadcast from version 7, Max and Min from 8: before, they refuse a
  // constant of another shape, which the pass would not.
  if (&schema == &kMulSchema || &schema == &kDivSchema) {
    joins = version >= 7 && inputs.size() == 2 && other && (&schema == &kMulSchema || chained == 0) && take(kScale);
    pass.arithmetic = true;
    pass.scale = other.value_or(1.0f);
    pass.divide = &schema == &kDivSchema;
  } else if (&schema == &kAddSchema || &schema == &kSubSchema) {
    // x - c is x + -c in IEEE arithmetic (c not NaN); c - x is not in the pass.
    joins = version >= 7 && inputs.size() == 2 && other && (&schema == &kAddSchema || chained == 0) && take(kOffset);
    pass.arithmetic = true;
    pass.offset = &schema == &kSubSchema ? -other.value_or(0.0f) : other.value_or(0.0f);
  } else if (&schema == &kFloorSchema || &schema == &kCeilSchema || &schema == &kRoundSchema) {
    joins = inputs.size() == 1 && take(kRounding);
    pass.rounding = &schema == &kFloorSchema ? kernels::RoundingMode::kFloor
                    : &schema == &kCeilSchema ? kernels::RoundingMode::kCeil
                                              : kernels::RoundingMode::kNearestEven;
  } else if (&schema == &kReluSchema) {
    joins = inputs.size() == 1 && take(kLow);
    pass.lo = 0.0f;  // Max(x, +0): Relu(-0) is +0
  } else if (&schema == &kMaxSchema || &schema == &kMinSchema) {
    const bool max = &schema == &kMaxSchema;
    joins = version >= 8 && inputs.size() == 2 && other && take(max ? kLow : kHigh);
    (max ? pass.lo : pass.hi) = other.value_or(0.0f);
  } else if (&schema == &kClipSchema && chained == 0) {
    // Versions 1 and 6 take the bounds as attributes (clip_attribute_bounds); later ones as optional
    // inputs, absent ones being float32's lowest and highest values, as the Clip kernel takes them.
    float lo = constant[1].value_or(-FLT_MAX), hi = constant[2].value_or(FLT_MAX);
    if (version < 11) {
      auto bounds = clip_attribute_bounds(attrs);
      if (!bounds.ok() || std::isnan(bounds.value().min) || std::isnan(bounds.value().max)) return false;
      lo = static_cast<float>(bounds.value().min);
      hi = static_cast<float>(bounds.value().max);
    }
    // A bound at float32's lowest (highest) value changes nothing where the chain's value is already
    // at least (at most) that: Relu then Clip with only a max adds just the max.
    const bool lo_needed = !(lo == -FLT_MAX && pass.lo >= -FLT_MAX && pass.hi >= -FLT_MAX);
    const bool hi_needed = !(hi == FLT_MAX && pass.hi <= FLT_MAX);
    joins = (!lo_needed || take(kLow)) && (!hi_needed || take(kHigh));
    if (lo_needed) pass.lo = lo;
    if (hi_needed) pass.hi = hi;
  }
  if (!joins) return false;
  next_ = next;
  pass_ = pass;
  rank_ = rank;
  return true;
}

}  // namespace ow::onnx
