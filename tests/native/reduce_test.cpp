// ReduceSum, ReduceProd, ReduceMax and ReduceMin through PreparedOp against a scalar reference written
// here (per output element, in the order of the input): integer sums and products wrapped to the type,
// Max and Min propagating NaN and ordering -0 below +0, the results over no elements.
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

enum class Fold { kSum, kProd, kMax, kMin };
constexpr const char* kNames[] = {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMin"};

template <typename T>
T fold_step(Fold f, T a, T b) {
  using W = std::conditional_t<std::is_integral_v<T>, uint64_t, T>;  // integers wrap
  if constexpr (std::is_floating_point_v<T>) {
    if ((f == Fold::kMax || f == Fold::kMin) && (std::isnan(a) || std::isnan(b))) return std::numeric_limits<T>::quiet_NaN();
    if ((f == Fold::kMax || f == Fold::kMin) && a == b) return std::signbit(a) == (f == Fold::kMin) ? a : b;
  }
  switch (f) {
    case Fold::kSum: return static_cast<T>(static_cast<W>(a) + static_cast<W>(b));
    case Fold::kProd: return static_cast<T>(static_cast<W>(a) * static_cast<W>(b));
    case Fold::kMax: return a < b ? b : a;
    default: return b < a ? b : a;
  }
}

template <typename T>
T fold_start(Fold f) {
  using L = std::numeric_limits<T>;
  if (f == Fold::kSum) return T(0);
  if (f == Fold::kProd) return T(1);
  if (f == Fold::kMax) return L::has_infinity ? -L::infinity() : L::lowest();
  return L::has_infinity ? L::infinity() : L::max();
}

Tensor int64s(const std::vector<int64_t>& v) { return make_tensor<int64_t>({static_cast<int64_t>(v.size())}, v); }

template <typename T>
void check_reduce(Fold f, int opset, const Dims& dims, const std::vector<int64_t>& axes, bool keepdims, const std::vector<T>& data) {
  const size_t rank = dims.size();
  std::vector<bool> reduced(rank, axes.empty());
  for (int64_t a : axes) reduced[static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(rank) : a)] = true;
  Dims out_dims;
  size_t outputs = 1;
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d]) outputs *= static_cast<size_t>(dims[d]);
    if (!reduced[d] || keepdims) out_dims.push_back(reduced[d] ? 1 : dims[d]);
  }
  std::vector<T> want(outputs, fold_start<T>(f));
  std::vector<double> magnitude(outputs, 0);
  for (size_t flat = 0; flat < data.size(); ++flat) {
    size_t rest = flat, o = 0, stride = 1;
    for (size_t d = rank; d-- > 0;) {
      const auto i = rest % static_cast<size_t>(dims[d]);
      rest /= static_cast<size_t>(dims[d]);
      if (!reduced[d]) o += i * stride, stride *= static_cast<size_t>(dims[d]);
    }
    want[o] = fold_step(f, want[o], data[flat]);
    magnitude[o] += std::fabs(static_cast<double>(data[flat]));
  }
  const bool axes_input = opset >= (f == Fold::kSum ? 13 : 18);
  Attributes attrs;
  attrs.set("keepdims", AttributeValue::Int(keepdims));
  Tensor x = make_tensor<T>(dims, data), a = int64s(axes), y;
  std::vector<const Tensor*> inputs = {&x};
  if (axes_input && !axes.empty()) inputs.push_back(&a);
  if (!axes_input && !axes.empty()) attrs.set("axes", AttributeValue::Ints(axes));
  const Status st = test::run(kNames[static_cast<int>(f)], opset, attrs, inputs, &y);
  INFO(kNames[static_cast<int>(f)] << "-" << opset << " " << dtype_name(DTypeOf<T>::value) << " dims " << dims_to_string(dims) << " axes "
                                   << dims_to_string(axes) << " keepdims " << keepdims << ": " << st.message());
  REQUIRE(st.ok());
  REQUIRE(y.dims() == out_dims);
  const std::vector<T> got = values_of<T>(y);
  REQUIRE(got.size() == outputs);
  for (size_t o = 0; o < outputs; ++o) {
    INFO("output " << o << ": got " << +got[o] << ", want " << +want[o]);
    if constexpr (std::is_integral_v<T>) {
      CHECK(got[o] == want[o]);
    } else if (f == Fold::kMax || f == Fold::kMin || !std::isfinite(want[o])) {
      CHECK(((std::isnan(got[o]) && std::isnan(want[o])) || (got[o] == want[o] && std::signbit(got[o]) == std::signbit(want[o])) ||
             (f == Fold::kSum && !std::isnan(want[o]))));  // a sum of infinities and huge values depends on the order
    } else {
      const double eps = std::is_same_v<T, float> ? 0x1p-24 : 0x1p-53;
      const double n = static_cast<double>(data.size());
      const double bound = f == Fold::kSum ? (n + 1) * eps * magnitude[o] : (n + 1) * eps * std::fabs(static_cast<double>(want[o]));
      CHECK(std::fabs(static_cast<double>(got[o]) - static_cast<double>(want[o])) <= bound + 1e-300);
    }
  }
}

template <typename T>
std::vector<T> values(Fold f, size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) {
    if constexpr (std::is_integral_v<T>) {
      const uint64_t bits = (uint64_t{rng()} << 32) | rng();
      x = rng() % 4 == 0 ? static_cast<T>(rng() % 2 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min()) : static_cast<T>(bits);
    } else if (f == Fold::kProd) {  // magnitudes near 1: no order overflows where another does not
      x = static_cast<T>((rng() % 2 ? 1 : -1) * (0.5 + (rng() % 1000) / 666.0));
    } else {
      const T edges[] = {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(), T(-0.0), T(0)};
      x = rng() % 8 == 0 ? edges[rng() % 5] : static_cast<T>(static_cast<double>(static_cast<int32_t>(rng())) / 1e6);
    }
  }
  return v;
}

template <typename T>
void sweep(Fold f, const std::vector<int>& versions, std::mt19937& rng) {
  for (int c = 0; c < 40; ++c) {
    const size_t rank = rng() % 5;
    Dims dims(rank);
    for (auto& d : dims) d = static_cast<int64_t>(rng() % 5) + (rng() % 7 == 0 ? 30 : 0);  // 0 too: empty tensors
    std::vector<int64_t> axes;
    for (size_t d = 0; d < rank; ++d)
      if (rng() % 2) axes.push_back(rng() % 2 ? static_cast<int64_t>(d) : static_cast<int64_t>(d) - static_cast<int64_t>(rank));
    const bool keepdims = rng() % 2;
    size_t n = 1;
    for (int64_t d : dims) n *= static_cast<size_t>(d);
    for (int v : versions) check_reduce<T>(f, v, dims, axes, keepdims, values<T>(f, n, rng));
  }
}

}  // namespace

TEST_CASE("ReduceSum and ReduceProd: random shapes and axes, wrapping integers, against the reference", "[reduce]") {
  std::mt19937 rng(5);
  for (Fold f : {Fold::kSum, Fold::kProd}) {
    const std::vector<int> versions = f == Fold::kSum ? std::vector<int>{1, 11, 13} : std::vector<int>{1, 11, 13, 18};
    sweep<float>(f, versions, rng);
    sweep<double>(f, versions, rng);
    sweep<int32_t>(f, versions, rng);
    sweep<uint32_t>(f, versions, rng);
    sweep<int64_t>(f, versions, rng);
    sweep<uint64_t>(f, versions, rng);
  }
}

TEST_CASE("ReduceMax and ReduceMin: random shapes and axes, NaN, signed zeros, limits, against the reference", "[reduce]") {
  std::mt19937 rng(6);
  for (Fold f : {Fold::kMax, Fold::kMin}) {
    sweep<float>(f, {1, 11, 12, 13, 18, 20}, rng);
    sweep<double>(f, {1, 13, 20}, rng);
    sweep<int8_t>(f, {12, 13, 18, 20}, rng);
    sweep<uint8_t>(f, {12, 20}, rng);
    sweep<int32_t>(f, {1, 18}, rng);
    sweep<uint32_t>(f, {11, 20}, rng);
    sweep<int64_t>(f, {1, 20}, rng);
    sweep<uint64_t>(f, {13, 18}, rng);
  }
}

TEST_CASE("ReduceMax of halves and noop_with_empty_axes", "[reduce]") {
  Tensor h = make_tensor<Float16>({3}, {f16_from_f32(-1), f16_from_f32(65504), f16_from_f32(-65504)}), y;
  REQUIRE(test::run("ReduceMax", 13, Attributes{}, {&h}, &y).ok());
  CHECK(to_f32(values_of<Float16>(y)[0]) == 65504.0f);
  REQUIRE(test::run("ReduceSum", 11, Attributes{}, {&h}, &y).ok());
  CHECK(to_f32(values_of<Float16>(y)[0]) == -1.0f);  // in float32: no overflow on the way
  Tensor x = make_tensor<float>({2}, {-0.0f, 3}), none = int64s({});
  Attributes noop;
  noop.set("noop_with_empty_axes", AttributeValue::Int(1));
  REQUIRE(test::run("ReduceSum", 13, noop, {&x, &none}, &y).ok());
  CHECK(std::signbit(values_of<float>(y)[0]));  // the input itself
}
