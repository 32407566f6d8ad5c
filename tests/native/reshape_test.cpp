// Reshape, Flatten, Squeeze and Unsqueeze: every version and type; output shapes from hand-written
// tables (0 and -1 in Reshape's shape, allowzero, negative axes, scalars, empty tensors); the elements
// unchanged bit for bit; an input that owns its memory shared, a borrowed one copied; every refusal.
#include <cstdint>
#include <cstring>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

Tensor patterned(DType type, const Dims& dims) {
  auto t = Tensor::allocate(type, dims);
  REQUIRE(t.ok());
  auto* p = static_cast<unsigned char*>(t.value().raw_data());
  for (size_t i = 0; i < t.value().byte_size(); ++i) p[i] = static_cast<unsigned char>(i * 37 + 11);
  return t.take();
}

Tensor int64s(const std::vector<int64_t>& values, bool scalar = false) {
  return make_tensor<int64_t>(scalar ? Dims{} : Dims{static_cast<int64_t>(values.size())}, values);
}

Attributes ints(const std::string& name, std::vector<int64_t> values) {
  Attributes a;
  a.set(name, AttributeValue::Ints(std::move(values)));
  return a;
}

Attributes one_int(const std::string& name, int64_t value) {
  Attributes a;
  a.set(name, AttributeValue::Int(value));
  return a;
}

// Runs op on x (and `second`, if given) and checks the output: `dims`, x's type and bytes.
void check(const std::string& op, int opset, const Attributes& attrs, const Tensor& x, const Tensor* second, const Dims& dims) {
  INFO(op << "-" << opset << " " << dtype_name(x.dtype()) << " " << dims_to_string(x.dims()));
  std::vector<const Tensor*> inputs = {&x};
  if (second) inputs.push_back(second);
  Tensor y;
  Status st = test::run(op, opset, attrs, inputs, &y);
  INFO(st.message());
  REQUIRE(st.ok());
  CHECK(y.dims() == dims);
  CHECK(y.dtype() == x.dtype());
  REQUIRE(y.byte_size() == x.byte_size());
  CHECK(std::memcmp(y.raw_data(), x.raw_data(), x.byte_size()) == 0);
}

// The refusal of op on x (and `second`): kInvalidArgument with `text` in its message.
void refused(const std::string& op, int opset, const Attributes& attrs, const Tensor& x, const Tensor* second, const std::string& text) {
  std::vector<const Tensor*> inputs = {&x};
  if (second) inputs.push_back(second);
  Tensor y;
  Status st = test::run(op, opset, attrs, inputs, &y);
  INFO(op << "-" << opset << ": " << st.message());
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK(st.message().find(text) != std::string::npos);
}

struct ReshapeCase {
  Dims in;
  std::vector<int64_t> shape;
  Dims out;
};

}  // namespace

TEST_CASE("Reshape: 0 copies a dim, -1 is inferred, in every version", "[reshape]") {
  const ReshapeCase cases[] = {
      {{2, 3, 4}, {4, 6}, {4, 6}},          {{2, 3, 4}, {-1}, {24}},           {{2, 3, 4}, {0, -1}, {2, 12}},
      {{2, 3, 4}, {0, 0, 4}, {2, 3, 4}},    {{2, 3, 4}, {-1, 0, 2}, {4, 3, 2}}, {{2, 3, 4}, {2, 3, 4, 1, 1}, {2, 3, 4, 1, 1}},
      {{1}, {}, {}},                        {{}, {1, 1}, {1, 1}},              {{}, {-1}, {1}},
      {{0, 3}, {3, -1}, {3, 0}},            {{0, 3}, {0, 3}, {0, 3}},          {{4, 3, 0}, {0, 5, 0}, {4, 5, 0}},
  };
  for (const ReshapeCase& c : cases) {
    const Tensor x = patterned(DType::kFloat32, c.in);
    check("Reshape", 1, ints("shape", c.shape), x, nullptr, c.out);
    const Tensor shape = int64s(c.shape);
    for (int opset : {5, 13, 14, 19, 21, 23, 24, 25}) check("Reshape", opset, {}, x, &shape, c.out);
  }
}

TEST_CASE("Reshape: allowzero keeps a 0 as 0 from version 14", "[reshape]") {
  const Tensor x = patterned(DType::kInt32, {0, 3}), shape = int64s({3, 0});
  for (int opset : {14, 19, 25}) check("Reshape", opset, one_int("allowzero", 1), x, &shape, {3, 0});
  check("Reshape", 14, one_int("allowzero", 0), patterned(DType::kInt32, {3, 2}), &shape, {3, 2});  // 0 copies
  const Tensor empty = patterned(DType::kUint8, {2, 0, 3}), to_zero = int64s({0, 7});
  check("Reshape", 25, one_int("allowzero", 1), empty, &to_zero, {0, 7});
  refused("Reshape", 14, one_int("allowzero", 1), empty, nullptr, "expects 2 inputs, got 1");
  const Tensor both = int64s({0, -1});
  refused("Reshape", 14, one_int("allowzero", 1), empty, &both, "input 'shape' [0,-1] has both 0 and -1");
  refused("Reshape", 14, one_int("allowzero", 2), empty, &both, "attribute 'allowzero' must be 0 or 1, got 2");
  refused("Reshape", 13, one_int("allowzero", 1), empty, &both, "Reshape-13: attribute 'allowzero' is not defined by this version");
}

TEST_CASE("Reshape: refusals name the shape", "[reshape]") {
  const Tensor x = patterned(DType::kFloat64, {2, 3});
  // `text` names the shape as @, which each version names its own way.
  const auto with_shape = [&](std::vector<int64_t> s, const std::string& text) {
    const auto named = [&](const std::string& what) {
      std::string t = text;
      return t.replace(t.find('@'), 1, what);
    };
    const Tensor shape = int64s(s);
    refused("Reshape", 25, {}, x, &shape, "Reshape-25: " + named("input 'shape'"));
    refused("Reshape", 1, ints("shape", s), x, nullptr, "Reshape-1: " + named("attribute 'shape'"));
  };
  with_shape({-1, -1}, "@ [-1,-1] has more than one -1");
  with_shape({2, -2}, "@ [2,-2] has -2 at index 1 (dims are at least -1)");
  with_shape({0, 0, 0}, "@ [0,0,0] has 0 at index 2, which copies the input's dim there, but input 'data' of shape [2,3] has rank 2");
  with_shape({4, 2}, "cannot reshape input 'data' of shape [2,3] (6 elements) to @ [4,2] (8 elements)");
  with_shape({4, -1}, "cannot reshape input 'data' of shape [2,3] (6 elements) to @ [4,-1]: no size for -1");
  with_shape({INT64_MAX, 1}, "@ [9223372036854775807,1] has 9223372036854775807 at index 0, more than any tensor can have");
  with_shape({1 << 30, 1 << 30, 1 << 30}, "cannot reshape input 'data' of shape [2,3] (6 elements) to @ [1073741824,1073741824,1073741824] (more elements)");
  const Tensor empty = patterned(DType::kFloat32, {0, 2});
  const Tensor ambiguous = int64s({0, -1});
  refused("Reshape", 5, {}, empty, &ambiguous, "cannot reshape input 'data' of shape [0,2] (0 elements) to input 'shape' [0,-1]: no size for -1");
  // No element: any dims a tensor may have, whatever their product.
  const Tensor huge = int64s({0, 1 << 30, 1 << 30, 1 << 30});
  check("Reshape", 14, one_int("allowzero", 1), empty, &huge, {0, 1 << 30, 1 << 30, 1 << 30});
  const Tensor matrix = make_tensor<int64_t>({1, 2}, {3, 2});
  refused("Reshape", 13, {}, x, &matrix, "input 'shape' must be a 1-D tensor, got shape [1,2]");
  refused("Reshape", 1, {}, x, nullptr, "Reshape-1: attribute 'shape' is required");
  const Tensor i32 = make_tensor<int32_t>({2}, {3, 2});
  refused("Reshape", 13, {}, x, &i32, "Reshape-13: input 1 ('shape') has type int32, which this version does not accept (it accepts int64)");
}

TEST_CASE("Reshape, Flatten, Squeeze, Unsqueeze: every type in every version that has it", "[reshape]") {
  for (DType type : kEveryType) {
    const bool float_type = type == DType::kFloat32 || type == DType::kFloat64 || type == DType::kFloat16;
    const int first = type == DType::kBFloat16 ? 13 : 1;
    const Tensor x = patterned(type, {2, 1, 3});
    const Tensor shape = int64s({3, 2}), axes1 = int64s({1}), axes0 = int64s({0});
    if (float_type) check("Reshape", 1, ints("shape", {3, 2}), x, nullptr, {3, 2});
    for (int opset : {5, 13, 14, 19, 21, 23, 24, 25})
      if (opset >= first) check("Reshape", opset, {}, x, &shape, {3, 2});
    if (float_type) check("Flatten", 1, {}, x, nullptr, {2, 3});
    for (int opset : {9, 11, 13, 21, 23, 24, 25})
      if (opset >= first) check("Flatten", opset, one_int("axis", 2), x, nullptr, {2, 3});
    for (int opset : {1, 11})
      if (opset >= first) {
        check("Squeeze", opset, ints("axes", {1}), x, nullptr, {2, 3});
        check("Unsqueeze", opset, ints("axes", {0}), x, nullptr, {1, 2, 1, 3});
      }
    for (int opset : {13, 21, 23, 24, 25}) {
      check("Squeeze", opset, {}, x, &axes1, {2, 3});
      check("Unsqueeze", opset, {}, x, &axes0, {1, 2, 1, 3});
    }
  }
  const Tensor bf = patterned(DType::kBFloat16, {2});
  refused("Flatten", 11, {}, bf, nullptr, "Flatten-11: input 0 has type bfloat16, which this version does not accept");
  refused("Flatten", 1, {}, patterned(DType::kInt8, {2}), nullptr, "Flatten-1: input 0 has type int8");
  refused("Reshape", 1, ints("shape", {2}), patterned(DType::kUint64, {2}), nullptr, "Reshape-1: input 0 has type uint64");
}

TEST_CASE("Reshape and its kind share an owned input's memory, copy a borrowed one and fill a given output", "[reshape]") {
  Tensor x = patterned(DType::kFloat32, {2, 3});
  const Tensor shape = int64s({3, 2});
  Tensor y;
  REQUIRE(test::run("Reshape", 25, {}, {&x, &shape}, &y).ok());
  CHECK(y.raw_data() == x.raw_data());
  REQUIRE(test::run("Flatten", 25, {}, {&x}, &y).ok());
  CHECK(y.raw_data() == x.raw_data());

  std::vector<float> memory = {1, -0.0f, INFINITY, NAN, -1, 2};
  auto view = Tensor::view(DType::kFloat32, {2, 3}, memory.data(), memory.size() * sizeof(float));
  REQUIRE(view.ok());
  const Tensor axes = int64s({0});
  REQUIRE(test::run("Unsqueeze", 13, {}, {&view.value(), &axes}, &y).ok());
  CHECK(y.raw_data() != memory.data());
  CHECK(y.owns_data());
  CHECK(y.dims() == Dims{1, 2, 3});
  CHECK(std::memcmp(y.raw_data(), memory.data(), memory.size() * sizeof(float)) == 0);

  auto prepared = PreparedOp::create("Squeeze", 13, {});
  REQUIRE(prepared.ok());
  Outputs outputs;
  outputs.push_back(patterned(DType::kFloat32, {3, 2}));
  const void* given = outputs[0].raw_data();
  const Tensor x132 = patterned(DType::kFloat32, {3, 1, 2});
  REQUIRE(prepared.value().run_into({&x132}, outputs).ok());
  REQUIRE(outputs.size() == 1);
  CHECK(outputs[0].raw_data() == given);
  CHECK(std::memcmp(given, x132.raw_data(), x132.byte_size()) == 0);
  outputs[0] = patterned(DType::kFloat32, {6});
  Status st = prepared.value().run_into({&x132}, outputs);
  CHECK(st.message() == "Squeeze-13: options.out is float32 [6] but the output is float32 [3,2]");
}

TEST_CASE("Flatten: axis from 0 to the rank, negative from version 11", "[reshape]") {
  const Tensor x = patterned(DType::kFloat32, {2, 3, 4, 5});
  const std::pair<int64_t, Dims> cases[] = {{0, {1, 120}}, {1, {2, 60}}, {2, {6, 20}}, {3, {24, 5}}, {4, {120, 1}}};
  for (const auto& [axis, out] : cases) {
    for (int opset : {1, 9, 11, 13, 21, 25}) check("Flatten", opset, one_int("axis", axis), x, nullptr, out);
    if (axis < 4)
      for (int opset : {11, 13, 25}) check("Flatten", opset, one_int("axis", axis - 4), x, nullptr, out);
  }
  check("Flatten", 1, {}, x, nullptr, {2, 60});
  check("Flatten", 13, one_int("axis", 0), patterned(DType::kFloat32, {}), nullptr, {1, 1});
  check("Flatten", 13, {}, patterned(DType::kInt16, {3, 0, 2}), nullptr, {3, 0});
  check("Flatten", 13, one_int("axis", 2), patterned(DType::kInt16, {3, 0, 2}), nullptr, {0, 2});
  refused("Flatten", 9, one_int("axis", -1), x, nullptr, "Flatten-9: attribute 'axis' is -1, out of range for input 'input' of shape [2,3,4,5] (valid: 0 to 4)");
  refused("Flatten", 11, one_int("axis", 5), x, nullptr, "Flatten-11: attribute 'axis' is 5, out of range for input 'input' of shape [2,3,4,5] (valid: -4 to 4)");
  refused("Flatten", 11, one_int("axis", -5), x, nullptr, "(valid: -4 to 4)");
  refused("Flatten", 13, {}, patterned(DType::kFloat32, {}), nullptr, "attribute 'axis' is 1, out of range for input 'input' of shape [] (valid: 0 to 0)");
}

TEST_CASE("Squeeze: listed axes of size 1, or every 1; negative from version 11", "[reshape]") {
  const Tensor x = patterned(DType::kFloat32, {1, 3, 1, 2, 1});
  struct Case {
    std::vector<int64_t> axes;
    Dims out;
  };
  const Case positive[] = {{{0}, {3, 1, 2, 1}}, {{4, 0}, {3, 1, 2}}, {{0, 2, 4}, {3, 2}}, {{}, {1, 3, 1, 2, 1}}};
  for (const Case& c : positive) {
    for (int opset : {1, 11}) check("Squeeze", opset, ints("axes", c.axes), x, nullptr, c.out);
    const Tensor axes = int64s(c.axes);
    for (int opset : {13, 21, 25}) check("Squeeze", opset, {}, x, &axes, c.out);
  }
  for (int opset : {1, 11}) check("Squeeze", opset, {}, x, nullptr, {3, 2});
  Tensor y;
  for (int opset : {13, 25}) {
    REQUIRE(test::run("Squeeze", opset, {}, {&x, nullptr}, &y).ok());
    CHECK(y.dims() == Dims{3, 2});
    check("Squeeze", opset, {}, x, nullptr, {3, 2});
  }
  check("Squeeze", 11, ints("axes", {-1, -5}), x, nullptr, {3, 1, 2});
  const Tensor negative = int64s({-3}), scalar = int64s({2}, true);
  check("Squeeze", 13, {}, x, &negative, {1, 3, 2, 1});
  check("Squeeze", 13, {}, x, &scalar, {1, 3, 2, 1});
  check("Squeeze", 13, {}, patterned(DType::kInt64, {1}), nullptr, {});
  check("Squeeze", 13, {}, patterned(DType::kInt64, {0, 1}), nullptr, {0});
  check("Squeeze", 13, {}, patterned(DType::kInt64, {}), nullptr, {});

  refused("Squeeze", 1, ints("axes", {-1}), x, nullptr, "Squeeze-1: attribute 'axes' [-1] has axis -1, out of range for input 'data' of shape [1,3,1,2,1] (valid: 0 to 4)");
  refused("Squeeze", 11, ints("axes", {5}), x, nullptr, "attribute 'axes' [5] has axis 5, out of range for input 'data' of shape [1,3,1,2,1] (valid: -5 to 4)");
  refused("Squeeze", 11, ints("axes", {1}), x, nullptr, "attribute 'axes' [1] lists axis 1, of size 3 in input 'data' of shape [1,3,1,2,1]; only axes of size 1 can be squeezed");
  refused("Squeeze", 11, ints("axes", {0, -5}), x, nullptr, "attribute 'axes' [0,-5] lists axis 0 more than once");
  const Tensor twice = int64s({2, 2}), matrix = make_tensor<int64_t>({1, 1}, {0});
  refused("Squeeze", 13, {}, x, &twice, "Squeeze-13: input 'axes' [2,2] lists axis 2 more than once");
  refused("Squeeze", 13, {}, x, &matrix, "input 'axes' must be a 1-D tensor or a scalar, got shape [1,1]");
  refused("Squeeze", 13, ints("axes", {0}), x, nullptr, "Squeeze-13: attribute 'axes' is not defined by this version (defined by version 1)");
}

TEST_CASE("Unsqueeze: axes of the output, in any order; negative from version 11", "[reshape]") {
  const Tensor x = patterned(DType::kFloat32, {3, 4, 5});
  struct Case {
    std::vector<int64_t> axes;
    Dims out;
  };
  const Case positive[] = {{{0}, {1, 3, 4, 5}}, {{3}, {3, 4, 5, 1}}, {{0, 4}, {1, 3, 4, 5, 1}}, {{5, 1, 3}, {3, 1, 4, 1, 5, 1}}, {{}, {3, 4, 5}}};
  for (const Case& c : positive) {
    for (int opset : {1, 11}) check("Unsqueeze", opset, ints("axes", c.axes), x, nullptr, c.out);
    const Tensor axes = int64s(c.axes);
    for (int opset : {13, 21, 25}) check("Unsqueeze", opset, {}, x, &axes, c.out);
  }
  check("Unsqueeze", 11, ints("axes", {-1, -4}), x, nullptr, {3, 1, 4, 5, 1});
  check("Unsqueeze", 11, ints("axes", {-1, -5}), x, nullptr, {1, 3, 4, 5, 1});
  const Tensor negative = int64s({-1}), scalar = int64s({0}, true);
  check("Unsqueeze", 13, {}, x, &negative, {3, 4, 5, 1});
  check("Unsqueeze", 13, {}, x, &scalar, {1, 3, 4, 5});
  check("Unsqueeze", 13, {}, patterned(DType::kUint32, {}), &scalar, {1});
  check("Unsqueeze", 13, {}, patterned(DType::kUint32, {0, 2}), &negative, {0, 2, 1});

  refused("Unsqueeze", 1, ints("axes", {-1}), x, nullptr, "Unsqueeze-1: attribute 'axes' [-1] has axis -1, out of range for an output of rank 4 (input 'data' of shape [3,4,5]) (valid: 0 to 3)");
  refused("Unsqueeze", 11, ints("axes", {4}), x, nullptr, "attribute 'axes' [4] has axis 4, out of range for an output of rank 4");
  refused("Unsqueeze", 11, ints("axes", {-6, 0}), x, nullptr, "attribute 'axes' [-6,0] has axis -6, out of range for an output of rank 5 (input 'data' of shape [3,4,5]) (valid: -5 to 4)");
  refused("Unsqueeze", 11, ints("axes", {1, -4}), x, nullptr, "attribute 'axes' [1,-4] lists axis 1 more than once");
  refused("Unsqueeze", 1, {}, x, nullptr, "Unsqueeze-1: attribute 'axes' is required");
  refused("Unsqueeze", 13, {}, x, nullptr, "Unsqueeze-13: expects 2 inputs, got 1");
  Tensor y;
  Status st = test::run("Unsqueeze", 13, {}, {&x, nullptr}, &y);
  CHECK(st.message() == "Unsqueeze-13: input 1 ('axes') is required but was omitted");
}
