// Constant, Identity, Shape, Gather and Concat through PreparedOp: results against index-by-index
// references written here, memory shared where the tensor owns it, negative axes and indices, empty
// tensors, and every refusal.
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "core/half.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

Attributes with_int(const char* name, int64_t v) {
  Attributes a;
  a.set(name, AttributeValue::Int(v));
  return a;
}

std::vector<int32_t> iota(size_t n, int32_t from = 0) {
  std::vector<int32_t> v(n);
  std::iota(v.begin(), v.end(), from);
  return v;
}

// out[o, i..., r] = data[o, k(i), r] by index arithmetic, for data of dims `dims` gathered on `axis`.
std::vector<int32_t> gather_reference(const std::vector<int32_t>& data, const Dims& dims, const std::vector<int64_t>& indices, size_t axis) {
  size_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= static_cast<size_t>(dims[k]);
  for (size_t k = axis + 1; k < dims.size(); ++k) inner *= static_cast<size_t>(dims[k]);
  const int64_t extent = dims[axis];
  std::vector<int32_t> out;
  for (size_t o = 0; o < outer; ++o)
    for (int64_t k : indices)
      for (size_t r = 0; r < inner; ++r) out.push_back(data[(o * static_cast<size_t>(extent) + static_cast<size_t>(k < 0 ? k + extent : k)) * inner + r]);
  return out;
}

}  // namespace

TEST_CASE("Gather: every axis, negative ones too, int32 and int64 indices of any rank, negative indices") {
  const Dims dims = {2, 3, 4};
  const std::vector<int32_t> data = iota(24, 100);
  const Tensor x = make_tensor<int32_t>(dims, data);
  for (int64_t axis : {0, 1, 2, -1, -2, -3}) {
    const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
    const int64_t extent = dims[a];
    for (const std::vector<int64_t>& indices : {std::vector<int64_t>{0}, {extent - 1, -1, -extent, 0}, {}}) {
      for (bool wide : {false, true}) {
        const Dims index_dims = indices.size() == 4 ? Dims{2, 2} : Dims{static_cast<int64_t>(indices.size())};
        Tensor idx = wide ? make_tensor<int64_t>(index_dims, indices)
                          : make_tensor<int32_t>(index_dims, std::vector<int32_t>(indices.begin(), indices.end()));
        Tensor y;
        INFO("axis " << axis << ", " << indices.size() << " indices, " << (wide ? "int64" : "int32"));
        REQUIRE(test::run("Gather", 13, with_int("axis", axis), {&x, &idx}, &y).ok());
        Dims want_dims(dims.begin(), dims.begin() + static_cast<ptrdiff_t>(a));
        want_dims.insert(want_dims.end(), index_dims.begin(), index_dims.end());
        want_dims.insert(want_dims.end(), dims.begin() + static_cast<ptrdiff_t>(a) + 1, dims.end());
        CHECK(y.dims() == want_dims);
        CHECK(values_of<int32_t>(y) == gather_reference(data, dims, indices, a));
      }
    }
  }
  // a scalar index drops the axis; elements of every size (the kernel's 1-, 2-, 4- and 8-byte rows)
  Tensor scalar = make_tensor<int64_t>({}, {-1}), y;
  REQUIRE(test::run("Gather", 1, with_int("axis", 1), {&x, &scalar}, &y).ok());
  CHECK(y.dims() == Dims{2, 4});
  CHECK(values_of<int32_t>(y) == std::vector<int32_t>{108, 109, 110, 111, 120, 121, 122, 123});
  Tensor bytes = make_tensor<uint8_t>({3}, {7, 8, 9}), halves = make_tensor<Float16>({2}, {Float16{1}, Float16{2}});
  Tensor doubles = make_tensor<double>({2}, {1.5, -0.0}), idx = make_tensor<int32_t>({3}, {2, 0, -1});
  REQUIRE(test::run("Gather", 11, {}, {&bytes, &idx}, &y).ok());
  CHECK(values_of<uint8_t>(y) == std::vector<uint8_t>{9, 7, 9});
  Tensor idx2 = make_tensor<int32_t>({2}, {1, 1});
  REQUIRE(test::run("Gather", 11, {}, {&halves, &idx2}, &y).ok());
  CHECK(y.data<Float16>()[0].bits == 2);
  REQUIRE(test::run("Gather", 11, {}, {&doubles, &idx2}, &y).ok());
  CHECK(std::signbit(y.data<double>()[1]));
}

TEST_CASE("Gather: refusals name the index, the axis, the type") {
  Tensor x = make_tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}), y;
  Tensor far = make_tensor<int64_t>({2}, {0, 3});
  Status st = test::run("Gather", 13, with_int("axis", 1), {&x, &far}, &y);
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK(st.message() == "Gather-13: input 1 ('indices') holds 3 at position 1, outside [-3, 2] for axis 1 of size 3");
  Tensor below = make_tensor<int32_t>({1}, {-3});
  CHECK(test::run("Gather", 13, {}, {&x, &below}, &y).message().find("holds -3") != std::string::npos);
  Tensor ok = make_tensor<int32_t>({1}, {0});
  CHECK(test::run("Gather", 13, with_int("axis", 2), {&x, &ok}, &y).message().find("'axis' is 2") != std::string::npos);
  Tensor scalar = make_tensor<float>({}, {1});
  CHECK(test::run("Gather", 13, {}, {&scalar, &ok}, &y).message().find("scalar") != std::string::npos);
  Tensor narrow = make_tensor<int16_t>({1}, {0});
  CHECK(test::run("Gather", 13, {}, {&x, &narrow}, &y).code() == ErrorCode::kInvalidArgument);
  // an empty axis takes no index at all, and empty indices give an empty output
  Tensor none = make_tensor<float>({2, 0}, {}), empty = make_tensor<int32_t>({0}, {});
  CHECK(test::run("Gather", 13, with_int("axis", 1), {&none, &ok}, &y).code() == ErrorCode::kInvalidArgument);
  REQUIRE(test::run("Gather", 13, with_int("axis", 1), {&none, &empty}, &y).ok());
  CHECK(y.dims() == Dims{2, 0});
}

TEST_CASE("Concat: every axis, negative ones too, one to three inputs, empty ones") {
  for (int64_t axis : {0, 1, 2, -1, -2, -3}) {
    const size_t a = static_cast<size_t>(axis < 0 ? axis + 3 : axis);
    std::vector<Tensor> inputs;
    std::vector<Dims> shapes;
    int32_t next = 0;
    for (int64_t extent : {2, 0, 3}) {
      Dims d = {2, 3, 2};
      d[a] = extent;
      const size_t n = static_cast<size_t>(d[0] * d[1] * d[2]);
      inputs.push_back(make_tensor<int32_t>(d, iota(n, next)));
      next += 100;
      shapes.push_back(d);
    }
    for (size_t count = 1; count <= 3; ++count) {
      std::vector<const Tensor*> ptrs;
      for (size_t j = 0; j < count; ++j) ptrs.push_back(&inputs[j]);
      Tensor y;
      INFO("axis " << axis << ", " << count << " inputs");
      REQUIRE(test::run("Concat", 13, with_int("axis", axis), ptrs, &y).ok());
      Dims want = shapes[0];
      for (size_t j = 1; j < count; ++j) want[a] += shapes[j][a];
      REQUIRE(y.dims() == want);
      // each output element, by index, from the input whose range along the axis holds it
      const std::vector<int32_t> got = values_of<int32_t>(y);
      size_t i = 0;
      for (int64_t p = 0; p < want[0]; ++p)
        for (int64_t q = 0; q < want[1]; ++q)
          for (int64_t r = 0; r < want[2]; ++r, ++i) {
            int64_t idx[3] = {p, q, r};
            size_t j = 0;
            while (idx[a] >= shapes[j][a]) idx[a] -= shapes[j++][a];
            const Dims& s = shapes[j];
            CHECK(got[i] == inputs[j].data<int32_t>()[(idx[0] * s[1] + idx[1]) * s[2] + idx[2]]);
          }
    }
  }
}

TEST_CASE("Concat: version 1's default axis; refusals") {
  Tensor a = make_tensor<float>({1, 2}, {1, 2}), b = make_tensor<float>({1, 1}, {3}), y;
  REQUIRE(test::run("Concat", 1, {}, {&a, &b}, &y).ok());
  CHECK(values_of<float>(y) == std::vector<float>{1, 2, 3});
  CHECK(test::run("Concat", 4, {}, {&a, &b}, &y).message() == "Concat-4: attribute 'axis' is required");
  CHECK(test::run("Concat", 13, with_int("axis", 0), {&a, &b}, &y).message() ==
        "Concat-13: input 1 has shape [1,1] but input 0 has shape [1,2]; they must match but along axis 0");
  CHECK(test::run("Concat", 13, with_int("axis", 2), {&a}, &y).code() == ErrorCode::kInvalidArgument);
  Tensor c = make_tensor<float>({2}, {1, 2});
  CHECK(test::run("Concat", 13, with_int("axis", 0), {&a, &c}, &y).code() == ErrorCode::kInvalidArgument);
  Tensor s = make_tensor<float>({}, {1});
  CHECK(test::run("Concat", 13, with_int("axis", 0), {&s}, &y).message().find("rank 0") != std::string::npos);
  Tensor i = make_tensor<int32_t>({1}, {1});
  CHECK(test::run("Concat", 1, with_int("axis", 0), {&i}, &y).code() == ErrorCode::kInvalidArgument);
}

TEST_CASE("Shape: every start and end, negative and clamped") {
  const Tensor x = make_tensor<uint8_t>({2, 0, 5}, {});
  Tensor y;
  REQUIRE(test::run("Shape", 1, {}, {&x}, &y).ok());
  CHECK((y.dtype() == DType::kInt64 && values_of<int64_t>(y) == std::vector<int64_t>{2, 0, 5}));
  for (int64_t start = -5; start <= 5; ++start) {
    for (int64_t end = -5; end <= 5; ++end) {
      Attributes attrs = with_int("start", start);
      attrs.set("end", AttributeValue::Int(end));
      REQUIRE(test::run("Shape", 15, attrs, {&x}, &y).ok());
      const auto clamp = [](int64_t v) { return std::min<int64_t>(std::max<int64_t>(v < 0 ? v + 3 : v, 0), 3); };
      std::vector<int64_t> want;
      for (int64_t k = clamp(start); k < clamp(end); ++k) want.push_back(x.dims()[static_cast<size_t>(k)]);
      INFO("start " << start << " end " << end);
      CHECK(values_of<int64_t>(y) == want);
    }
  }
  REQUIRE(test::run("Shape", 15, with_int("start", -1), {&x}, &y).ok());
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{5});
  CHECK(test::run("Shape", 13, with_int("start", 0), {&x}, &y).code() == ErrorCode::kInvalidArgument);
}

TEST_CASE("Identity: an owned input is shared, a view is copied") {
  Tensor owned = make_tensor<int16_t>({3}, {1, -2, 3}), y;
  REQUIRE(test::run("Identity", 25, {}, {&owned}, &y).ok());
  CHECK(y.raw_data() == owned.raw_data());
  int16_t memory[3] = {4, 5, 6};
  auto view = Tensor::view(DType::kInt16, {3}, memory, sizeof memory);
  REQUIRE(view.ok());
  REQUIRE(test::run("Identity", 1, {}, {&view.value()}, &y).ok());
  CHECK(y.raw_data() != static_cast<void*>(memory));
  CHECK(values_of<int16_t>(y) == std::vector<int16_t>{4, 5, 6});
  Tensor bf = make_tensor<BFloat16>({1}, {BFloat16{0x3F80}});
  CHECK(test::run("Identity", 1, {}, {&bf}, &y).code() == ErrorCode::kInvalidArgument);
  CHECK(test::run("Identity", 13, {}, {&bf}, &y).ok());
}

TEST_CASE("Constant: each value attribute, shared value, refusals") {
  Tensor value = make_tensor<uint16_t>({2}, {7, 65535}), y;
  Attributes attrs;
  attrs.set("value", AttributeValue::TensorValue(value));
  REQUIRE(test::run("Constant", 9, attrs, {}, &y).ok());
  CHECK(y.raw_data() == value.raw_data());
  CHECK(test::run("Constant", 1, attrs, {}, &y).message().find("uint16") != std::string::npos);
  Attributes floats;
  floats.set("value_floats", AttributeValue::Floats({0.1, 1e39, -1e300}));
  REQUIRE(test::run("Constant", 12, floats, {}, &y).ok());
  CHECK(y.dims() == Dims{3});
  CHECK(values_of<float>(y) == std::vector<float>{0.1f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()});
  CHECK(test::run("Constant", 11, floats, {}, &y).code() == ErrorCode::kInvalidArgument);
  Attributes one_float;
  one_float.set("value_float", AttributeValue::WholeNumber(-0.0));  // a whole JS number, -0 kept
  REQUIRE(test::run("Constant", 13, one_float, {}, &y).ok());
  CHECK((y.dims().empty() && values_of<float>(y).size() == 1 && values_of<float>(y)[0] == 0.0f && std::signbit(values_of<float>(y)[0])));
  one_float.set("value_float", AttributeValue::Int(2));  // an INT in a model file is not a float
  CHECK(test::run("Constant", 13, one_float, {}, &y).message().find("must be a float, got an int") != std::string::npos);
  Attributes whole;  // whole JS numbers: a list of floats here, -0 kept; a list of ints for value_ints
  whole.set("value_floats", AttributeValue::WholeNumbers({-0.0, 2}));
  REQUIRE(test::run("Constant", 13, whole, {}, &y).ok());
  CHECK((values_of<float>(y) == std::vector<float>{0, 2} && std::signbit(values_of<float>(y)[0])));
  whole.set("value_floats", AttributeValue::Ints({2}));  // INTS in a model file are not floats
  CHECK(test::run("Constant", 13, whole, {}, &y).message().find("must be a list of floats, got a list of ints") != std::string::npos);
  Attributes whole_ints;
  whole_ints.set("value_ints", AttributeValue::WholeNumbers({-0.0, 5}));
  REQUIRE(test::run("Constant", 13, whole_ints, {}, &y).ok());
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{0, 5});
  Attributes ints;
  ints.set("value_ints", AttributeValue::Ints({INT64_MIN, 0}));
  REQUIRE(test::run("Constant", 25, ints, {}, &y).ok());
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{INT64_MIN, 0});
  REQUIRE(test::run("Constant", 25, with_int("value_int", -3), {}, &y).ok());
  CHECK((y.dims().empty() && values_of<int64_t>(y) == std::vector<int64_t>{-3}));
  CHECK(test::run("Constant", 25, with_int("value_ints", 1), {}, &y).message().find("must be a list of ints") != std::string::npos);
  Attributes strings;
  strings.set("value_string", AttributeValue::String("a"));
  CHECK(test::run("Constant", 25, strings, {}, &y).code() == ErrorCode::kUnsupported);
  Attributes sparse;
  sparse.set("sparse_value", AttributeValue{});
  CHECK(test::run("Constant", 11, sparse, {}, &y).code() == ErrorCode::kUnsupported);
  CHECK(test::run("Constant", 13, {}, {}, &y).code() == ErrorCode::kInvalidArgument);
  ints.set("value_int", AttributeValue::Int(1));
  CHECK(test::run("Constant", 13, ints, {}, &y).message().find("exactly one") != std::string::npos);
}
