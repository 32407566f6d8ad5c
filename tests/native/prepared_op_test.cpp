// PreparedOp's checks of a call's inputs against the version, before any kernel runs: the count, each
// input's type against its param's type constraint, and inputs of one constraint sharing one type
// (the first such input given, omitted optional ones skipped), each named in the message.
#include "test_util.h"

using namespace ow;
using ow::test::make_tensor;

namespace {

// The message of running `op` at `opset` on `inputs` (null: omitted), which must fail.
std::string refusal(const std::string& op, int opset, const std::vector<const Tensor*>& inputs) {
  auto prepared = PreparedOp::create(op, opset, Attributes());
  REQUIRE(prepared.ok());
  Outputs outputs;
  const Status st = prepared.value().run(inputs, outputs);
  REQUIRE_FALSE(st.ok());
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK(outputs.empty());
  return st.message();
}

}  // namespace

TEST_CASE("PreparedOp: input counts, types and shared types are checked, each named", "[prepared_op]") {
  const Tensor f32 = make_tensor<float>({2}, {1.5f, -2.5f});
  const Tensor f64 = make_tensor<double>({2}, {1.5, -2.5});
  const Tensor i64 = make_tensor<int64_t>({2}, {0, 0});
  const Tensor i32 = make_tensor<int32_t>({1}, {0});

  CHECK(refusal("Min", 13, {}) == "Min-13: expects at least 1 input, got 0");
  CHECK(refusal("Clip", 13, {&f32, &f32, &f32, &f32}) == "Clip-13: expects 1 to 3 inputs, got 4");
  CHECK(refusal("Floor", 13, {&f32, &f32}) == "Floor-13: expects 1 input, got 2");

  // One constraint: a variadic param repeats its constraint; the first input given sets the type.
  CHECK(refusal("Min", 13, {&f32, &f32, &f64}) ==
        "Min-13: input 2 has type float64 but input 0 has type float32; all inputs must share one type");
  CHECK(refusal("Clip", 13, {&f32, nullptr, &f64}) ==
        "Clip-13: input 2 ('max') has type float64 but input 0 has type float32; all inputs must share one type");
  CHECK(refusal("Floor", 13, {&i64}) ==
        "Floor-13: input 0 has type int64, which this version does not accept (it accepts float64, float32, float16, bfloat16)");

  // Several constraints: the message names the constraint; an input of another constraint between
  // two of T does not count.
  CHECK(refusal("Pad", 18, {&f32, &i64, &f64}) ==
        "Pad-18: input 2 ('constant_value') has type float64 but input 0 has type float32; the inputs of type T must share one type");
  CHECK(refusal("Pad", 18, {&f32, &i32}) ==
        "Pad-18: input 1 ('pads') has type int32, which this version does not accept (it accepts int64)");
  CHECK(refusal("Pad", 18, {&f32, &i64, nullptr, &f32}) ==
        "Pad-18: input 3 ('axes') has type float32, which this version does not accept (it accepts int32, int64)");
  CHECK(refusal("Pad", 18, {nullptr, &i64}) == "Pad-18: input 0 ('data') is required but was omitted");
  CHECK(refusal("Pad", 18, {&f32, nullptr}) == "Pad-18: input 1 ('pads') is required but was omitted");
}

TEST_CASE("find_operator finds every operator of the table by its name, and nothing else", "[ops][registry]") {
  CHECK(all_operators().size() <= 512);  // find_operator's slots stay at most half full (registry.cpp)
  for (const OpSchema* schema : all_operators()) {
    INFO(schema->name);
    CHECK(find_operator(schema->name) == schema);
    CHECK(find_operator(std::string(schema->name) + "x") == nullptr);
    // A name one letter shorter finds nothing, unless it is itself an operator's (PRelu's "Relu").
    const std::string shorter = std::string(schema->name).substr(1);
    const OpSchema* found = find_operator(shorter);
    CHECK((found == nullptr || found->name == shorter));
  }
  for (std::string_view name : {"", "floor", "FLOOR", "Zzz", "A", " Floor"}) CHECK(find_operator(name) == nullptr);
}
