// Steps of parts (Step::Kind::kParts): a Slice or Split step's outputs are views into its input where
// each part is contiguous in it for the input at hand, else copies; either way the bytes of the
// operator run as declared. And Tensor::part_of keeps the memory alive and never exclusive() while the
// whole is held.
#include <cstring>
#include <string>

#include "onnx/executor.h"
#include "test_util.h"

using namespace ow;
using namespace ow::onnx;
using namespace ow::test;

namespace {

Tensor i64(std::vector<int64_t> v) { return make_tensor<int64_t>({static_cast<int64_t>(v.size())}, v); }

std::vector<float> iota(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i) + 0.5f;
  return v;
}

// Whether `part`'s bytes lie inside `whole`'s.
bool inside(const Tensor& part, const Tensor& whole) {
  const auto* p = static_cast<const unsigned char*>(part.raw_data());
  const auto* w = static_cast<const unsigned char*>(whole.raw_data());
  return p >= w && p + part.byte_size() <= w + whole.byte_size();
}

// Runs `op` as a step of parts on values[0..inputs) and as declared: the outputs must agree bit for
// bit, and be views of values[0] exactly when `viewed`.
void check_parts(const std::string& op, int opset, const Attributes& attrs, std::vector<Tensor> inputs, size_t outputs, bool viewed) {
  auto prepared = PreparedOp::create(op, opset, attrs, outputs);
  REQUIRE(prepared.ok());
  Step step;
  step.op = prepared.take();
  step.label = "node 'parts' (" + op + ")";
  step.kind = Step::Kind::kParts;
  std::vector<Tensor> values = inputs;
  Inputs declared_inputs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    step.inputs.push_back(i);
    declared_inputs.push_back(&inputs[i]);
  }
  for (size_t k = 0; k < outputs; ++k) step.outputs.push_back(inputs.size() + k);
  values.resize(inputs.size() + outputs);
  StepScratch scratch;
  REQUIRE(run_step(step, values, scratch).ok());
  Outputs declared;
  REQUIRE(step.op.run(declared_inputs, declared).ok());
  for (size_t k = 0; k < outputs; ++k) {
    INFO("output " << k);
    const Tensor& y = values[inputs.size() + k];
    CHECK(y.dims() == declared[k].dims());
    REQUIRE(y.byte_size() == declared[k].byte_size());
    CHECK(std::memcmp(y.raw_data(), declared[k].raw_data(), y.byte_size()) == 0);
    if (y.size() != 0) CHECK(inside(y, values[0]) == viewed);
    CHECK(y.exclusive() == !viewed);  // a view shares the input's memory; a copy is its own
  }
}

}  // namespace

TEST_CASE("Tensor::part_of: a part shares the memory, keeps it alive and is not whole", "[tensor]") {
  Tensor part;
  {
    Tensor x = make_tensor<float>({2, 3}, iota(6));
    Dims dims{3};
    part.part_of(x, 3, dims);
    CHECK_FALSE(x.exclusive());
    CHECK_FALSE(part.exclusive());
    CHECK(part.data<float>() == x.data<float>() + 3);
    CHECK(x.whole());
  }
  CHECK(part.exclusive());  // the whole is gone: the part alone holds the memory
  CHECK_FALSE(part.whole());
  CHECK(values_of<float>(part) == std::vector<float>{3.5f, 4.5f, 5.5f});
}

TEST_CASE("Slice as a step of parts: contiguous parts are views, others copies", "[onnx][optimizer]") {
  const Tensor x = make_tensor<float>({1, 4, 3}, iota(12));
  const int64_t big = INT64_MAX, small = INT64_MIN;
  struct Case {
    std::vector<int64_t> starts, ends, axes, steps;
    bool viewed;
  };
  const Case cases[] = {
      {{1}, {3}, {1}, {1}, true},                    // rows 1 and 2, whole rows
      {{3}, {big}, {1}, {1}, true},                  // the last row
      {{-4}, {1}, {1}, {1}, true},                   // the first row, counted from the back
      {{0, 1}, {1, 2}, {1, 2}, {1, 1}, true},        // one element
      {{2, 1}, {3, 3}, {1, 2}, {1, 1}, true},        // the end of row 2
      {{0}, {big}, {0}, {1}, true},                  // all of it
      {{1}, {1}, {1}, {1}, true},                    // empty
      {{0, 0}, {4, 2}, {1, 2}, {1, 1}, false},       // the first two of each row
      {{3}, {small}, {1}, {-1}, false},              // rows reversed
      {{2}, {1}, {1}, {-1}, true},                   // one row, by a negative step
      {{0}, {4}, {1}, {2}, false},                   // every other row
      {{0, 1}, {big, 2}, {-1, 1}, {3, 1}, true},     // row 1, its first element by a step past the end
  };
  for (const Case& c : cases) {
    INFO("starts " << dims_to_string(c.starts) << " ends " << dims_to_string(c.ends) << " axes " << dims_to_string(c.axes) << " steps "
                   << dims_to_string(c.steps));
    check_parts("Slice", 13, {}, {x, i64(c.starts), i64(c.ends), i64(c.axes), i64(c.steps)}, 1, c.viewed);
  }
  // Version 1: attributes.
  Attributes attrs;
  attrs.set("starts", AttributeValue::Ints({1}));
  attrs.set("ends", AttributeValue::Ints({2}));
  attrs.set("axes", AttributeValue::Ints({1}));
  check_parts("Slice", 1, attrs, {x}, 1, true);
  // Errors are the operator's, naming the step.
  auto prepared = PreparedOp::create("Slice", 13, {});
  REQUIRE(prepared.ok());
  Step step;
  step.op = prepared.take();
  step.label = "node 's' (Slice)";
  step.kind = Step::Kind::kParts;
  step.inputs = {0, 1, 2, 3, 4};
  step.outputs = {5};
  std::vector<Tensor> values = {x, i64({0}), i64({1}), i64({1}), i64({0}), Tensor()};
  StepScratch scratch;
  Status st = run_step(step, values, scratch);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message() == "node 's' (Slice): Slice-13: input 'steps' has 0 at position 0; a step must not be 0");
}

TEST_CASE("Split as a step of parts: views where the axes before have one element", "[onnx][optimizer]") {
  Attributes axis1;
  axis1.set("axis", AttributeValue::Int(1));
  check_parts("Split", 13, axis1, {make_tensor<float>({1, 6, 2}, iota(12)), i64({1, 0, 5})}, 3, true);
  check_parts("Split", 13, axis1, {make_tensor<float>({2, 6, 2}, iota(24)), i64({2, 4})}, 2, false);
  check_parts("Split", 13, axis1, {make_tensor<float>({0, 6, 2}, {}), i64({2, 4})}, 2, true);
  Attributes last;
  last.set("axis", AttributeValue::Int(-1));
  last.set("num_outputs", AttributeValue::Int(3));
  check_parts("Split", 18, last, {make_tensor<float>({1, 1, 7}, iota(7))}, 3, true);
  check_parts("Split", 18, last, {make_tensor<float>({1, 2, 7}, iota(14))}, 3, false);
}
