// What operators answer the optimizer's passes (ARCHITECTURE.md, "Passes ask; operators answer"): each
// answer follows its version's rules, and a node of another operator gets none.
#include <cfloat>
#include <cmath>
#include <optional>

#include "ops/families.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

Attributes attrs_of(std::initializer_list<std::pair<std::string, AttributeValue>> list) {
  Attributes a;
  for (const auto& [name, value] : list) a.set(name, value);
  return a;
}

PreparedOp prepared(const std::string& op_type, int64_t opset, const Attributes& attrs = {}) {
  auto op = PreparedOp::create(op_type, opset, attrs);
  INFO(op_type << " at opset " << opset << ": " << op.status().message());
  REQUIRE(op.ok());
  return op.take();
}

// The chain stage a node of `op_type` at `opset` answers for x at input `chained` and the constants given
// by input (the others nullopt).
std::optional<ChainStage> stage(const std::string& op_type, int64_t opset, size_t count, size_t chained,
                                std::array<std::optional<float>, 3> constants, const Attributes& attrs = {}, unsigned compared = 0) {
  const PreparedOp op = prepared(op_type, opset, attrs);
  REQUIRE(op.schema().chain_stage != nullptr);
  return op.schema().chain_stage(op.version(), attrs, {.count = count, .chained = chained, .constants = constants, .compared = compared});
}

template <typename S>
S stage_as(const std::optional<ChainStage>& s) {
  REQUIRE(s.has_value());
  REQUIRE(std::holds_alternative<S>(*s));
  return std::get<S>(*s);
}

}  // namespace

TEST_CASE("Chain stages: arithmetic from the version that broadcasts, x first where it does not commute", "[passes][facts]") {
  CHECK_FALSE(stage("Add", 6, 2, 0, {std::nullopt, 2.0f}, attrs_of({{"broadcast", AttributeValue::Int(1)}})));
  CHECK(stage_as<ChainOffset>(stage("Add", 7, 2, 1, {2.0f, std::nullopt})).addend == 2.0f);
  CHECK(std::signbit(stage_as<ChainOffset>(stage("Sub", 7, 2, 0, {std::nullopt, 0.0f})).addend));  // x - +0 is x + -0
  CHECK_FALSE(stage("Sub", 13, 2, 1, {2.0f, std::nullopt}));  // 2 - x
  const ChainScale div = stage_as<ChainScale>(stage("Div", 13, 2, 0, {std::nullopt, 4.0f}));
  CHECK((div.factor == 4.0f && div.divide));
  CHECK_FALSE(stage("Div", 13, 2, 1, {4.0f, std::nullopt}));  // 4 / x
  CHECK_FALSE(stage("Mul", 13, 2, 0, {}));                    // no constant
  CHECK_FALSE(stage_as<ChainScale>(stage("Mul", 14, 2, 1, {3.0f, std::nullopt})).divide);
}

TEST_CASE("Chain stages: Max and Min from 8, Relu, Clip's bounds by version, rounding", "[passes][facts]") {
  CHECK_FALSE(stage("Max", 6, 2, 0, {std::nullopt, 1.0f}));
  const ChainClamp max = stage_as<ChainClamp>(stage("Max", 8, 2, 1, {1.0f, std::nullopt}));
  CHECK((max.lo == 1.0f && !max.hi));
  const ChainClamp min = stage_as<ChainClamp>(stage("Min", 13, 2, 0, {std::nullopt, 1.0f}));
  CHECK((!min.lo && min.hi == 1.0f));
  CHECK_FALSE(stage("Min", 13, 3, 0, {std::nullopt, 1.0f, 2.0f}));  // three inputs
  const ChainClamp relu = stage_as<ChainClamp>(stage("Relu", 6, 1, 0, {}));
  CHECK((relu.lo == 0.0f && !std::signbit(*relu.lo) && !relu.hi));
  // Clip-6 from its attributes (absent: float32's lowest and highest), Clip-11 from its inputs.
  const ChainClamp clip6 = stage_as<ChainClamp>(stage("Clip", 6, 1, 0, {}, attrs_of({{"min", AttributeValue::Float(-1.0)}})));
  CHECK((clip6.lo == -1.0f && clip6.hi == FLT_MAX));
  CHECK_FALSE(stage("Clip", 6, 1, 0, {}, attrs_of({{"max", AttributeValue::Float(NAN)}})));
  const ChainClamp clip11 = stage_as<ChainClamp>(stage("Clip", 11, 3, 0, {std::nullopt, std::nullopt, 6.0f}));
  CHECK((clip11.lo == -FLT_MAX && clip11.hi == 6.0f));
  CHECK(stage_as<ChainRounding>(stage("Round", 11, 1, 0, {})).mode == kernels::RoundingMode::kNearestEven);
  CHECK(stage_as<ChainRounding>(stage("Floor", 6, 1, 0, {})).mode == kernels::RoundingMode::kFloor);
}

TEST_CASE("Chain stages: comparisons of float32 (swapped where x is second), Where and Cast choose by the mask", "[passes][facts]") {
  using kernels::Comparison;
  CHECK_FALSE(stage("Equal", 7, 2, 0, {std::nullopt, 1.0f}));  // no float32 before 11
  CHECK(stage_as<ChainCompare>(stage("Equal", 11, 2, 1, {1.0f, std::nullopt})).comparison == Comparison::kEqual);
  CHECK_FALSE(stage("Less", 1, 2, 0, {std::nullopt, 1.0f}));  // the legacy broadcast
  const ChainCompare less = stage_as<ChainCompare>(stage("Less", 7, 2, 1, {1.0f, std::nullopt}));  // 1 < x: x > 1
  CHECK((less.comparison == Comparison::kGreater && less.threshold == 1.0f));
  CHECK(stage_as<ChainCompare>(stage("GreaterOrEqual", 12, 2, 1, {1.0f, std::nullopt})).comparison == Comparison::kLessOrEqual);
  // Where(mask, x, 0): the compared value where true, else +0.
  const ChainSelect where = stage_as<ChainSelect>(stage("Where", 16, 3, 0, {std::nullopt, std::nullopt, 0.0f}, {}, 2));
  CHECK((where.when_true.value && !where.when_false.value && where.when_false.constant == 0.0f));
  CHECK_FALSE(stage("Where", 16, 3, 0, {}, {}, 2));  // Y neither a constant nor the compared value
  const ChainSelect cast1 = stage_as<ChainSelect>(stage("Cast", 1, 1, 0, {}, attrs_of({{"to", AttributeValue::String("FLOAT")}})));
  CHECK((cast1.when_true.constant == 1.0f && cast1.when_false.constant == 0.0f));
  CHECK(stage("Cast", 13, 1, 0, {}, attrs_of({{"to", AttributeValue::Int(1)}})));
  CHECK_FALSE(stage("Cast", 13, 1, 0, {}, attrs_of({{"to", AttributeValue::Int(11)}})));  // to float64
  CHECK(prepared("Sigmoid", 13).schema().chain_stage == nullptr);
}
