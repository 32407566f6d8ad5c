// What operators answer the optimizer's passes (ARCHITECTURE.md, "Passes ask; operators answer"): each
// answer follows its version's rules, and a node of another operator gets none.
#include <cfloat>
#include <cmath>
#include <optional>

#include "ops/average_pool.h"
#include "ops/conv.h"
#include "ops/families.h"
#include "ops/normalization.h"
#include "ops/pad.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

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

TEST_CASE("Pad's answers: pads nothing in any mode; zero pads per axis as Pad reads them, none where it would refuse", "[passes][facts]") {
  const Tensor zeros = make_tensor<int64_t>({4}, {0, 0, 0, 0});
  const Tensor some = make_tensor<int64_t>({4}, {0, 1, 0, 0});
  const Attributes reflect = attrs_of({{"mode", AttributeValue::String("reflect")}});
  CHECK(pads_nothing(prepared("Pad", 11, reflect), reflect, &zeros));
  CHECK_FALSE(pads_nothing(prepared("Pad", 11), {}, &some));
  CHECK_FALSE(pads_nothing(prepared("Pad", 11), {}, nullptr));  // not known
  const Attributes v2 = attrs_of({{"pads", AttributeValue::Ints({0, 0, 0, 0})}});
  CHECK(pads_nothing(prepared("Pad", 2, v2), v2, nullptr));
  CHECK_FALSE(pads_nothing(prepared("Identity", 13), {}, &zeros));

  // Version 18's axes place the pads; a negative axis counts from the end.
  const PreparedOp pad18 = prepared("Pad", 18);
  const Tensor pads = make_tensor<int64_t>({2}, {1, 2});
  const Tensor last = make_tensor<int64_t>({1}, {-1});
  CHECK(zero_pads(pad18, {}, 4, &pads, nullptr, &last) == std::vector<int64_t>{0, 0, 0, 1, 0, 0, 0, 2});
  const Tensor twice = make_tensor<int64_t>({2}, {3, -1});
  const Tensor pads2 = make_tensor<int64_t>({4}, {1, 1, 2, 2});
  CHECK_FALSE(zero_pads(pad18, {}, 4, &pads2, nullptr, &twice));  // axis 3 twice: Pad refuses it
  CHECK_FALSE(zero_pads(pad18, {}, 3, &pads2, nullptr, nullptr));  // 4 pads for rank 3
  const Tensor huge = make_tensor<int64_t>({2}, {0, static_cast<int64_t>(kMaxTensorBytes) + 1});
  CHECK_FALSE(zero_pads(pad18, {}, 1, &huge, nullptr, nullptr));
  // The constant: +0 alone, of any type.
  const Tensor plus_zero = make_tensor<float>({}, {0.0f}), minus_zero = make_tensor<float>({}, {-0.0f});
  const Tensor int_zero = make_tensor<int32_t>({}, {0});
  CHECK(zero_pads(pad18, {}, 2, &pads2, &plus_zero, nullptr) == std::vector<int64_t>{1, 1, 2, 2});
  CHECK(zero_pads(pad18, {}, 2, &pads2, &int_zero, nullptr));
  CHECK_FALSE(zero_pads(pad18, {}, 2, &pads2, &minus_zero, nullptr));
  const Attributes edge = attrs_of({{"mode", AttributeValue::String("edge")}});
  CHECK_FALSE(zero_pads(prepared("Pad", 18, edge), edge, 2, &pads2, nullptr, nullptr));
  // Version 2 from its attributes.
  const Attributes v2_value = attrs_of({{"pads", AttributeValue::Ints({1, 1, 2, 2})}, {"value", AttributeValue::Float(-0.0)}});
  CHECK(zero_pads(prepared("Pad", 2, v2), v2, 2, nullptr, nullptr, nullptr) == std::vector<int64_t>{0, 0, 0, 0});
  CHECK_FALSE(zero_pads(prepared("Pad", 2, v2_value), v2_value, 2, nullptr, nullptr, nullptr));
}

TEST_CASE("AveragePool's answers: its window where the version counts padding, and the pooling counting new pads", "[passes][facts]") {
  const Attributes attrs = attrs_of({{"kernel_shape", AttributeValue::Ints({2, 3})}, {"pads", AttributeValue::Ints({0, 1, 0, 1})}});
  CHECK_FALSE(average_pool_window(prepared("AveragePool", 6, attrs), attrs));  // count_include_pad from 7
  CHECK_FALSE(average_pool_window(prepared("MaxPool", 13, attrs), attrs));
  const PreparedOp pool = prepared("AveragePool", 19, attrs);
  const std::optional<AveragePoolWindow> window = average_pool_window(pool, attrs);
  REQUIRE(window);
  CHECK_FALSE(window->counts_padding);
  CHECK(window->window.pads() == std::vector<int64_t>{0, 1, 0, 1});
  CHECK(window->window.strides() == std::vector<int64_t>{1, 1});
  CHECK(window->window.dilations() == std::vector<int64_t>{1, 1});
  auto counting = average_pool_counting_pads(pool, attrs, {1, 2, 1, 2});
  REQUIRE(counting.ok());
  CHECK(counting.value().label() == "AveragePool-19");
  Attributes counted = attrs;
  counted.set("pads", AttributeValue::Ints({1, 2, 1, 2}));
  counted.set("count_include_pad", AttributeValue::Int(1));
  const std::optional<AveragePoolWindow> counting_window = average_pool_window(counting.value(), counted);
  REQUIRE(counting_window);
  CHECK(counting_window->counts_padding);
  // The pooling with those pads gives what AveragePool with those attributes gives.
  const Tensor x = make_tensor<float>({1, 1, 2, 3}, {1, 2, 3, 4, 5, 6});
  Outputs a, b;
  REQUIRE(counting.value().run({&x}, a).ok());
  REQUIRE(prepared("AveragePool", 19, counted).run({&x}, b).ok());
  CHECK(a[0].dims() == b[0].dims());
  CHECK(values_of<float>(a[0]) == values_of<float>(b[0]));
}

TEST_CASE("Conv's answer: the Conv clamping its outputs as it stores them, of every version; float32 only", "[passes][facts]") {
  const Attributes attrs = attrs_of({{"pads", AttributeValue::Ints({1, 1, 1, 1})}});
  CHECK_FALSE(conv_activating_output(prepared("Relu", 13, {}), {}, {0.0f, INFINITY}));
  const Tensor x = make_tensor<float>({1, 1, 2, 3}, {1, -2, 3, -4, 5, NAN});
  const Tensor w = make_tensor<float>({1, 1, 1, 1}, {2});
  for (const int64_t opset : {1, 11, 22}) {
    INFO("opset " << opset);
    const std::optional<PreparedOp> conv = conv_activating_output(prepared("Conv", opset, attrs), attrs, {-3.0f, 4.0f});
    REQUIRE(conv);
    CHECK(conv->label() == prepared("Conv", opset, attrs).label());
    Outputs y;
    REQUIRE(conv->run({&x, &w}, y).ok());
    CHECK(y[0].dims() == Dims{1, 1, 4, 5});  // the node's own padding
    const std::vector<float> got = values_of<float>(y[0]);
    CHECK(got[6] == 2.0f);   // 1 x 2
    CHECK(got[7] == -3.0f);  // -2 x 2, clamped
    CHECK(got[8] == 4.0f);   // 3 x 2, clamped
    CHECK(std::isnan(got[13]));
    const Tensor half = make_tensor<Float16>({1, 1, 1, 1}, {f16_from_f32(1.0f)});
    CHECK_FALSE(conv->run({&half, &half}, y).ok());  // float32 only
  }
}

TEST_CASE("Shape arithmetic's answers: whole shapes, Gather's and Concat's axes, Reshape's shape input", "[passes][facts]") {
  CHECK(gives_whole_shape(prepared("Shape", 13), {}));
  const Attributes start0 = attrs_of({{"start", AttributeValue::Int(0)}}), start1 = attrs_of({{"start", AttributeValue::Int(1)}});
  const Attributes end = attrs_of({{"end", AttributeValue::Int(-1)}});
  CHECK(gives_whole_shape(prepared("Shape", 15, start0), start0));
  CHECK_FALSE(gives_whole_shape(prepared("Shape", 15, start1), start1));
  CHECK_FALSE(gives_whole_shape(prepared("Shape", 15, end), end));
  CHECK_FALSE(gives_whole_shape(prepared("Size", 13), {}));
  const Attributes axis_minus_one = attrs_of({{"axis", AttributeValue::Int(-1)}});
  CHECK(gather_axis(prepared("Gather", 13), {}) == 0);
  CHECK(gather_axis(prepared("Gather", 13, axis_minus_one), axis_minus_one) == -1);
  CHECK_FALSE(gather_axis(prepared("Concat", 13, axis_minus_one), axis_minus_one));
  CHECK(concat_axis(prepared("Concat", 1), {}) == 1);  // Concat-1's default
  CHECK(concat_axis(prepared("Concat", 13, axis_minus_one), axis_minus_one) == -1);
  const Attributes shape1 = attrs_of({{"shape", AttributeValue::Ints({-1})}});
  CHECK_FALSE(shape_input(prepared("Reshape", 1, shape1)));
  CHECK(shape_input(prepared("Reshape", 5)) == 1u);
  CHECK_FALSE(shape_input(prepared("Unsqueeze", 13)));
  CHECK(prepared("Shape", 13).schema().reads_only_shapes);
  CHECK(prepared("Size", 13).schema().reads_only_shapes);
  CHECK_FALSE(prepared("Reshape", 13).schema().reads_only_shapes);
}

TEST_CASE("BatchNormalization's answers: its per-channel map in inference with spatial parameters; folded weights", "[passes][facts]") {
  const Tensor scale = make_tensor<float>({2}, {2.0f, -1.0f}), bias = make_tensor<float>({2}, {0.5f, 0.25f});
  const Tensor mean = make_tensor<float>({2}, {1.0f, -3.0f}), variance = make_tensor<float>({2}, {3.0f, 0.0f});
  const Inputs params = {nullptr, &scale, &bias, &mean, &variance};
  Attributes attrs;
  attrs.set("epsilon", AttributeValue::Float(1.0));
  for (int64_t opset : {6, 7, 9, 14, 15}) {
    INFO("opset " << opset);
    const std::optional<ChannelMap> map = batch_norm_channel_map(prepared("BatchNormalization", opset, attrs), attrs, params);
    REQUIRE(map.has_value());
    CHECK(map->factor == std::vector<double>{1.0, -1.0});  // scale / sqrt(var + 1)
    CHECK(map->shift == std::vector<double>{1.0, -3.0});
    CHECK(map->bias == std::vector<double>{0.5, 0.25});
  }
  Attributes per_sample = attrs;
  per_sample.set("spatial", AttributeValue::Int(0));
  CHECK_FALSE(batch_norm_channel_map(prepared("BatchNormalization", 7, per_sample), per_sample, params));
  Attributes training = attrs;
  training.set("training_mode", AttributeValue::Int(1));
  CHECK_FALSE(batch_norm_channel_map(prepared("BatchNormalization", 15, training), training, params));
  const Tensor three = make_tensor<float>({3}, {1.0f, 1.0f, 1.0f});
  CHECK_FALSE(batch_norm_channel_map(prepared("BatchNormalization", 15, attrs), attrs, {nullptr, &scale, &bias, &three, &variance}));
  CHECK_FALSE(batch_norm_channel_map(prepared("Floor", 13), {}, params));

  // Weights [2, 1, 1, 2] and a bias folded: weights[m] * factor[m]; (bias[m] - shift[m]) * factor[m] + bias of the map.
  const ChannelMap map{.factor = {1.0, -1.0}, .shift = {1.0, -3.0}, .bias = {0.5, 0.25}};
  const Tensor weights = make_tensor<float>({2, 1, 1, 2}, {1.0f, 2.0f, 3.0f, 4.0f}), conv_bias = make_tensor<float>({2}, {10.0f, 20.0f});
  auto folded = fold_channel_map(weights, &conv_bias, map);
  REQUIRE(folded.ok());
  REQUIRE(folded.value().has_value());
  const auto& [w, b] = *folded.value();
  CHECK(std::vector<float>(w.data<float>(), w.data<float>() + 4) == std::vector<float>{1.0f, 2.0f, -3.0f, -4.0f});
  CHECK(std::vector<float>(b.data<float>(), b.data<float>() + 2) == std::vector<float>{9.5f, -22.75f});
  auto without_bias = fold_channel_map(weights, nullptr, map);
  REQUIRE(without_bias.ok());
  REQUIRE(without_bias.value().has_value());
  CHECK(std::vector<float>(without_bias.value()->second.data<float>(), without_bias.value()->second.data<float>() + 2) == std::vector<float>{-0.5f, -2.75f});
  const Tensor half_weights = make_tensor<Float16>({2, 1}, {Float16{0x3c00}, Float16{0x4000}});
  const auto not_folded = fold_channel_map(half_weights, nullptr, map);
  REQUIRE(not_folded.ok());
  CHECK_FALSE(not_folded.value().has_value());
  const auto other_channels = fold_channel_map(make_tensor<float>({3, 1}, {1.0f, 2.0f, 3.0f}), nullptr, map);
  REQUIRE(other_channels.ok());
  CHECK_FALSE(other_channels.value().has_value());
}
