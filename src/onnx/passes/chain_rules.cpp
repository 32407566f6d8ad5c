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

// The comparison a node computes of the chain's value at input `chained` and a constant, if it is one
// (c < x is x > c).
std::optional<kernels::Comparison> comparison_of(const OpSchema& schema, size_t chained) {
  using kernels::Comparison;
  const bool swapped = chained == 1;
  if (&schema == &kEqualSchema) return Comparison::kEqual;
  if (&schema == &kLessSchema) return swapped ? Comparison::kGreater : Comparison::kLess;
  if (&schema == &kGreaterSchema) return swapped ? Comparison::kLess : Comparison::kGreater;
  if (&schema == &kLessOrEqualSchema) return swapped ? Comparison::kGreaterOrEqual : Comparison::kLessOrEqual;
  if (&schema == &kGreaterOrEqualSchema) return swapped ? Comparison::kLessOrEqual : Comparison::kGreaterOrEqual;
  return std::nullopt;
}

}  // namespace

bool ChainRules::add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs, unsigned compared) {
  const OpSchema& schema = op.schema();
  const int version = op.version().since_version;
  if (chained >= inputs.size() || inputs.size() > 3) return false;
  // After a comparison the value is a bool mask: only a Where or a Cast reads it.
  const bool masked = next_ > kCompare;
  if (masked != (&schema == &kWhereSchema || &schema == &kCastSchema)) return false;
  // The constants, all of one element and not NaN; their highest rank.
  std::optional<float> constant[3];
  size_t rank = rank_;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i == chained || (compared >> i & 1) || !inputs[i]) continue;
    if (!(constant[i] = scalar_of(inputs[i]))) return false;
    rank = std::max(rank, inputs[i]->rank());
  }
  if (compared != 0 && &schema != &kWhereSchema) return false;
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
  } else if (const std::optional<kernels::Comparison> comparison = comparison_of(schema, chained)) {
    // Equal takes float32 from version 11; the others broadcast from 7 (1 has the legacy broadcast).
    const std::span<const DType> types = constraint_types(op.version(), "T");
    joins = version >= 7 && inputs.size() == 2 && other && std::find(types.begin(), types.end(), DType::kFloat32) != types.end() &&
            take(kCompare);
    pass.mask.emplace();
    pass.mask->compare = *comparison;
    pass.mask->threshold = other.value_or(0.0f);
  } else if (&schema == &kWhereSchema && chained == 0 && pass.mask) {
    // Where(mask, a, b), each of a and b the compared value or a constant.
    const auto choice = [&](size_t i) { return kernels::Choice{(compared >> i & 1) != 0, constant[i].value_or(0.0f)}; };
    joins = inputs.size() == 3 && ((compared & 2) || constant[1]) && ((compared & 4) || constant[2]) && take(kSelect);
    pass.mask->selects = true;
    pass.mask->when_true = choice(1);
    pass.mask->when_false = choice(2);
  } else if (&schema == &kCastSchema && pass.mask) {
    // A Cast of the mask to float32 (version 1 names the type, the others number it): 1 or +0.
    const AttributeValue* to = attrs.find("to");
    const bool to_float = to && (version == 1 ? to->kind == AttributeValue::Kind::kString && to->s == "FLOAT"
                                              : to->kind == AttributeValue::Kind::kInt && to->i == static_cast<int64_t>(DType::kFloat32));
    joins = inputs.size() == 1 && to_float && take(kSelect);
    pass.mask->selects = true;
    pass.mask->when_true = {false, 1.0f};
    pass.mask->when_false = {false, 0.0f};
  }
  if (!joins) return false;
  next_ = next;
  pass_ = pass;
  rank_ = rank;
  return true;
}

}  // namespace ow::onnx
