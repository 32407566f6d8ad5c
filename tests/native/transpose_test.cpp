// Transpose: every version and type, against a reference that computes each output element's input
// index on its own; shapes of rank 0 to 6 with extents of 0, 1 and more, every permutation of small
// ranks, element sizes 1 to 8 with random bits (NaN payloads, -0, integer limits are bits like any
// other), and every refusal.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

// A tensor of `type` and `dims` whose bytes are random.
Tensor random_tensor(DType type, const Dims& dims, uint32_t& state) {
  auto t = Tensor::allocate(type, dims);
  REQUIRE(t.ok());
  auto* p = static_cast<unsigned char*>(t.value().raw_data());
  for (size_t i = 0; i < t.value().byte_size(); ++i) p[i] = static_cast<unsigned char>(next_random(state) >> 24);
  return t.take();
}

// Output element by output element: its multi-index, the input index it reads.
std::vector<unsigned char> reference(const Tensor& x, const std::vector<int64_t>& perm) {
  const size_t rank = x.rank(), size = dtype_size(x.dtype());
  std::vector<unsigned char> y(x.byte_size());
  std::vector<int64_t> out_dims(rank);
  for (size_t i = 0; i < rank; ++i) out_dims[i] = x.dims()[static_cast<size_t>(perm[i])];
  const auto* in = static_cast<const unsigned char*>(x.raw_data());
  for (size_t flat = 0; flat < x.size(); ++flat) {
    std::vector<int64_t> index(rank);
    size_t rest = flat;
    for (size_t i = rank; i-- > 0;) {
      index[i] = static_cast<int64_t>(rest % static_cast<size_t>(out_dims[i]));
      rest /= static_cast<size_t>(out_dims[i]);
    }
    std::vector<int64_t> in_index(rank);
    for (size_t i = 0; i < rank; ++i) in_index[static_cast<size_t>(perm[i])] = index[i];
    size_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset = offset * static_cast<size_t>(x.dims()[k]) + static_cast<size_t>(in_index[k]);
    std::memcpy(&y[flat * size], in + offset * size, size);
  }
  return y;
}

void check_transpose(const Tensor& x, const std::vector<int64_t>& perm, int opset, bool give_perm = true) {
  Attributes attrs;
  if (give_perm) attrs.set("perm", AttributeValue::Ints(perm));
  Tensor y;
  INFO("Transpose-" << opset << " " << dtype_name(x.dtype()) << " " << dims_to_string(x.dims()) << " perm " << dims_to_string(perm));
  REQUIRE(test::run("Transpose", opset, attrs, {&x}, &y).ok());
  REQUIRE(y.dtype() == x.dtype());
  Dims want_dims;
  for (int64_t p : perm) want_dims.push_back(x.dims()[static_cast<size_t>(p)]);
  REQUIRE(y.dims() == want_dims);
  const auto want = reference(x, perm);
  CHECK((want.empty() || std::memcmp(y.raw_data(), want.data(), want.size()) == 0));
}

}  // namespace

TEST_CASE("Transpose: every permutation of ranks 0 to 4, every element size, every version", "[transpose]") {
  uint32_t state = 11;
  const std::vector<Dims> shapes = {{}, {5}, {3, 7}, {2, 3, 5}, {1, 4, 1}, {2, 3, 4, 5}, {3, 1, 17, 2}, {0, 3, 2}};
  for (DType type : {DType::kUint8, DType::kFloat16, DType::kFloat32, DType::kFloat64})
    for (const Dims& dims : shapes) {
      const Tensor x = random_tensor(type, dims, state);
      std::vector<int64_t> perm(dims.size());
      std::iota(perm.begin(), perm.end(), 0);
      do {
        for (int opset : {1, 13, 21, 25}) check_transpose(x, perm, opset);
      } while (std::next_permutation(perm.begin(), perm.end()));
    }
}

TEST_CASE("Transpose: every type; the default perm reverses the axes", "[transpose]") {
  uint32_t state = 5;
  for (DType type : kEveryType) {
    const Tensor x = random_tensor(type, {2, 3, 4}, state);
    const int opset = type == DType::kBFloat16 ? 13 : 1;
    check_transpose(x, {2, 1, 0}, opset, false);
    check_transpose(x, {0, 2, 1}, 25);
  }
}

TEST_CASE("Transpose: large shapes across tile edges, ranks up to 6", "[transpose]") {
  uint32_t state = 3;
  const std::vector<std::pair<Dims, std::vector<int64_t>>> cases = {
      {{67, 131}, {1, 0}},
      {{2, 3, 33, 65}, {0, 2, 3, 1}},     // NCHW -> NHWC
      {{2, 65, 33, 3}, {0, 3, 1, 2}},     // NHWC -> NCHW
      {{5, 9, 1, 7, 3, 2}, {4, 2, 0, 5, 3, 1}},
      {{3, 4, 5, 6, 7, 2}, {5, 4, 3, 2, 1, 0}},
      {{4, 1000}, {1, 0}},
      {{1000, 3}, {1, 0}},
      {{3, 7, 3}, {0, 2, 1}},  // channels-last pixels made planes, a tail after the vectors
      {{1, 2, 3}, {0, 2, 1}},  // too few for a vector
  };
  for (DType type : {DType::kInt8, DType::kUint16, DType::kInt32, DType::kInt64})
    for (const auto& [dims, perm] : cases) check_transpose(random_tensor(type, dims, state), perm, 13);
}

TEST_CASE("Transpose: float edge values move bit for bit", "[transpose]") {
  const float nan_payload = [] {
    uint32_t bits = 0x7fa12345;  // a signalling NaN with a payload
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }();
  Tensor x = make_tensor<float>({2, 3}, {-0.0f, INFINITY, -INFINITY, nan_payload, 1e-45f, -3.5f}), y;
  Attributes attrs;
  attrs.set("perm", AttributeValue::Ints({1, 0}));
  REQUIRE(test::run("Transpose", 1, attrs, {&x}, &y).ok());
  const auto got = values_of<float>(y);
  const float want[] = {-0.0f, nan_payload, INFINITY, 1e-45f, -INFINITY, -3.5f};
  CHECK(std::memcmp(got.data(), want, sizeof want) == 0);
  Tensor i = make_tensor<int64_t>({3, 1}, {INT64_MIN, INT64_MAX, -1});
  REQUIRE(test::run("Transpose", 13, {}, {&i}, &y).ok());
  CHECK(y.dims() == Dims{1, 3});
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{INT64_MIN, INT64_MAX, -1});
}

TEST_CASE("Transpose: refusals name perm and the shape", "[transpose]") {
  Tensor x = make_tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}), y;
  const auto refused = [&](std::vector<int64_t> perm, const std::string& text) {
    Attributes attrs;
    attrs.set("perm", AttributeValue::Ints(std::move(perm)));
    Status st = test::run("Transpose", 13, attrs, {&x}, &y);
    INFO(st.message());
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK(st.message().find(text) != std::string::npos);
  };
  refused({0}, "Transpose-13: attribute 'perm' [0] has 1 values but input 'data' of shape [2,3] has rank 2");
  refused({0, 0}, "attribute 'perm' [0,0] is not a permutation of the axes 0 to 1");
  refused({0, 2}, "attribute 'perm' [0,2] is not a permutation");
  refused({-1, 0}, "attribute 'perm' [-1,0] is not a permutation");
  uint32_t state = 1;
  Tensor bf = random_tensor(DType::kBFloat16, {2}, state);
  Status st = test::run("Transpose", 1, {}, {&bf}, &y);
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK(st.message().find("Transpose-1: input 0 has type bfloat16, which this version does not accept") != std::string::npos);
  CHECK(test::run("Transpose", 13, {}, {&bf}, &y).ok());
}
