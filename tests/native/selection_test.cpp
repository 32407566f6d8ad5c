// ArgMax, ArgMin, TopK and NonMaxSuppression through PreparedOp against scalar references written here:
// ArgMax/ArgMin as numpy.argmax (NaN chosen, ties to the first or last), TopK as a stable sort (NaN
// last), NonMaxSuppression's selection on boxes given in both formats.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <cstring>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

Tensor int64s(const std::vector<int64_t>& v) { return make_tensor<int64_t>({static_cast<int64_t>(v.size())}, v); }

Status run_all(const std::string& op, int opset, const Attributes& attrs, const std::vector<const Tensor*>& inputs, Outputs& outputs) {
  auto prepared = PreparedOp::create(op, opset, attrs);
  if (!prepared.ok()) return prepared.status();
  return prepared.value().run(inputs, outputs);
}

template <typename T>
bool is_nan(T v) {
  if constexpr (std::is_floating_point_v<T>) return std::isnan(v);
  else return false;
}

template <typename T>
std::vector<T> values_with_ties(size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) {
    const int r = static_cast<int>(rng() % 8);
    if constexpr (std::is_floating_point_v<T>) x = r == 0 ? std::numeric_limits<T>::quiet_NaN() : r == 1 ? T(-0.0) : static_cast<T>(r % 4);
    else x = static_cast<T>(r % 4 - (std::is_signed_v<T> ? 2 : 0));
  }
  return v;
}

template <typename T>
void check_arg(bool max, bool last, const Dims& dims, size_t axis, std::mt19937& rng) {
  size_t outer = 1, inner = 1;
  for (size_t d = 0; d < dims.size(); ++d)
    if (d != axis) (d < axis ? outer : inner) *= static_cast<size_t>(dims[d]);
  const auto extent = static_cast<size_t>(dims[axis]);
  const std::vector<T> data = values_with_ties<T>(outer * extent * inner, rng);
  Attributes attrs;
  attrs.set("axis", AttributeValue::Int(static_cast<int64_t>(axis)));
  attrs.set("select_last_index", AttributeValue::Int(last));
  Tensor x = make_tensor<T>(dims, data), y;
  REQUIRE(test::run(max ? "ArgMax" : "ArgMin", 13, attrs, {&x}, &y).ok());
  const std::vector<int64_t> got = values_of<int64_t>(y);
  for (size_t o = 0; o < outer; ++o)
    for (size_t i = 0; i < inner; ++i) {
      // numpy: the first NaN, else the first extreme; select_last_index: the same from the end
      size_t at = last ? extent - 1 : 0;
      for (size_t s = 1; s < extent; ++s) {
        const size_t k = last ? extent - 1 - s : s;
        const T v = data[(o * extent + k) * inner + i], best = data[(o * extent + at) * inner + i];
        if (!is_nan(best) && (is_nan(v) || (max ? v > best : v < best))) at = k;
      }
      INFO((max ? "ArgMax" : "ArgMin") << (last ? " last" : "") << " dims " << dims_to_string(dims) << " axis " << axis << " at " << o << ", " << i);
      CHECK(got[o * inner + i] == static_cast<int64_t>(at));
    }
}

template <typename T>
void check_top_k(bool largest, const Dims& dims, size_t axis, int64_t k, const std::vector<T>& data) {
  size_t outer = 1, inner = 1;
  for (size_t d = 0; d < dims.size(); ++d)
    if (d != axis) (d < axis ? outer : inner) *= static_cast<size_t>(dims[d]);
  const auto extent = static_cast<size_t>(dims[axis]);
  Attributes attrs;
  attrs.set("axis", AttributeValue::Int(static_cast<int64_t>(axis)));
  attrs.set("largest", AttributeValue::Int(largest));
  Tensor x = make_tensor<T>(dims, data), kt = int64s({k});
  Outputs outputs;
  REQUIRE(run_all("TopK", 11, attrs, {&x, &kt}, outputs).ok());
  REQUIRE(outputs.size() == 2);
  const std::vector<T> values = values_of<T>(outputs[0]);
  const std::vector<int64_t> indices = values_of<int64_t>(outputs[1]);
  for (size_t o = 0; o < outer; ++o)
    for (size_t i = 0; i < inner; ++i) {
      std::vector<size_t> order(extent);
      std::iota(order.begin(), order.end(), 0);
      const auto at = [&](size_t a) { return data[(o * extent + a) * inner + i]; };
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (is_nan(at(a)) || is_nan(at(b))) return !is_nan(at(a));
        return largest ? at(a) > at(b) : at(a) < at(b);
      });
      for (size_t j = 0; j < static_cast<size_t>(k); ++j) {
        const size_t p = (o * static_cast<size_t>(k) + j) * inner + i;
        INFO("TopK " << (largest ? "largest" : "smallest") << " dims " << dims_to_string(dims) << " axis " << axis << " k " << k << " output " << p);
        CHECK(indices[p] == static_cast<int64_t>(order[j]));
        CHECK(std::memcmp(&values[p], &data[(o * extent + order[j]) * inner + i], sizeof(T)) == 0);
      }
    }
}

template <typename T>
void check_top_k(bool largest, const Dims& dims, size_t axis, int64_t k, std::mt19937& rng) {
  size_t size = 1;
  for (int64_t d : dims) size *= static_cast<size_t>(d);
  check_top_k<T>(largest, dims, axis, k, values_with_ties<T>(size, rng));
}

}  // namespace

TEST_CASE("ArgMax and ArgMin: random shapes with ties and NaN against numpy's choice", "[selection]") {
  std::mt19937 rng(3);
  for (int c = 0; c < 60; ++c) {
    const size_t rank = 1 + rng() % 3;
    Dims dims(rank);
    for (auto& d : dims) d = 1 + static_cast<int64_t>(rng() % 5) + (rng() % 4 == 0 ? 30 : 0);
    const size_t axis = rng() % rank;
    for (bool max : {true, false})
      for (bool last : {false, true}) {
        check_arg<float>(max, last, dims, axis, rng);  // the SIMD128 rows and runs
        check_arg<double>(max, last, dims, axis, rng);
        check_arg<int8_t>(max, last, dims, axis, rng);
        check_arg<uint64_t>(max, last, dims, axis, rng);
      }
  }
}

TEST_CASE("TopK: random shapes with ties and NaN against a stable sort", "[selection]") {
  std::mt19937 rng(4);
  for (int c = 0; c < 40; ++c) {
    const size_t rank = 1 + rng() % 3;
    Dims dims(rank);
    for (auto& d : dims) d = 1 + static_cast<int64_t>(rng() % 6) + (rng() % 4 == 0 ? 20 : 0);
    const size_t axis = rng() % rank;
    const auto k = static_cast<int64_t>(rng() % static_cast<size_t>(dims[axis] + 1));
    for (bool largest : {true, false}) {
      check_top_k<float>(largest, dims, axis, k, rng);
      check_top_k<double>(largest, dims, axis, k, rng);
      check_top_k<int32_t>(largest, dims, axis, k, rng);
      check_top_k<uint16_t>(largest, dims, axis, k, rng);
    }
  }
}

TEST_CASE("TopK: long lines, of distinct values with NaN, infinities and zeros, and of ties", "[selection]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  const float specials[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f};
  for (const size_t n : {5u, 9u, 130u, 1001u, 8400u}) {
    std::vector<float> distinct(2 * n);
    for (float& v : distinct) v = rng() % 16 == 0 ? specials[rng() % 5] : uniform(rng);
    for (const int64_t k : {int64_t{1}, int64_t{3}, int64_t{100}, static_cast<int64_t>(n)}) {
      if (static_cast<size_t>(k) > n) continue;
      for (bool largest : {true, false}) {
        INFO("n " << n << " k " << k);
        check_top_k<float>(largest, {2, static_cast<int64_t>(n)}, 1, k, distinct);  // read in place, in vectors
        check_top_k<float>(largest, {static_cast<int64_t>(n), 2}, 0, k, distinct);  // strided
        check_top_k<float>(largest, {2, static_cast<int64_t>(n)}, 1, k, rng);       // ties
        check_top_k<double>(largest, {2, static_cast<int64_t>(n)}, 1, k, rng);
      }
    }
  }
}

TEST_CASE("NonMaxSuppression: the same boxes in both formats, suppression and score order", "[selection]") {
  // corners [y1, x1, y2, x2] (box 2 flipped) and the same boxes as centers and sizes
  Tensor corners = make_tensor<float>({1, 4, 4}, {0, 0, 10, 10, 0, 1, 10, 11, 10, 30, 0, 20, 0, 50, 10, 60});
  Tensor centers = make_tensor<float>({1, 4, 4}, {5, 5, 10, 10, 6, 5, 10, 10, 25, 5, 10, 10, 55, 5, 10, 10});
  Tensor scores = make_tensor<float>({1, 2, 4}, {0.5f, 0.9f, 0.7f, 0.7f, 0.1f, 0.2f, 0.3f, std::numeric_limits<float>::quiet_NaN()});
  Tensor most = int64s({4}), iou = make_tensor<float>({1}, {0.5f}), threshold = make_tensor<float>({1}, {0.15f});
  for (const auto& [boxes, center] : {std::pair{&corners, 0}, std::pair{&centers, 1}}) {
    Attributes attrs;
    attrs.set("center_point_box", AttributeValue::Int(center));
    Tensor y;
    REQUIRE(test::run("NonMaxSuppression", 11, attrs, {boxes, &scores, &most, &iou, &threshold}, &y).ok());
    REQUIRE(y.dims() == Dims{5, 3});
    // class 0: 1 (0.9), then 2 and 3 tie at 0.7 (lower index first), 0 suppressed by 1 (IoU 9/11);
    // class 1: 2 (0.3), 1 (0.2); 0 is under the threshold and 3's NaN is not above it
    CHECK(values_of<int64_t>(y) == std::vector<int64_t>{0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 1, 2, 0, 1, 1});
  }
}
