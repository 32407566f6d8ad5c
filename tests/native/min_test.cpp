// Min through the SIMD128 kernels (SIMDe natively): every version and type, edge values from hand-written tables, broadcasting
// against an index-by-index reference, and every refusal.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "core/half.h"
#include "kernels/binary.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

struct FloatCase {
  double a, b, min;
};

// NaN on either side wins; -0 is below +0 in both orders; infinities order as usual.
const FloatCase kFloatCases[] = {
    {1.0, 2.0, 1.0},      {2.0, 1.0, 1.0},        {-1.5, 1.5, -1.5},   {1.5, -1.5, -1.5},
    {kNaN, 1.0, kNaN},    {1.0, kNaN, kNaN},      {kNaN, -kInf, kNaN}, {-kInf, kNaN, kNaN},
    {kNaN, kNaN, kNaN},   {-0.0, 0.0, -0.0},      {0.0, -0.0, -0.0},   {0.0, 0.0, 0.0},
    {-0.0, -0.0, -0.0},   {kInf, -kInf, -kInf},   {-kInf, kInf, -kInf}, {kInf, 3.0, 3.0},
    {-kInf, -1e30, -kInf}, {0.0, -1e-6, -1e-6},  {-0.0, 1e-6, -0.0},  {kInf, kInf, kInf},
    {5.0, 5.0, 5.0},      {-2.0, -3.0, -3.0},
};

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

template <typename T>
void check_float_edges(int opset) {
  std::vector<T> a, b;
  for (const FloatCase& c : kFloatCases) {
    a.push_back(from_double<T>(c.a));
    b.push_back(from_double<T>(c.b));
  }
  const auto n = static_cast<int64_t>(a.size());
  Tensor ta = make_tensor<T>({n}, a), tb = make_tensor<T>({n}, b), y;
  REQUIRE(test::run("Min", opset, {}, {&ta, &tb}, &y).ok());
  REQUIRE(y.dtype() == ta.dtype());
  REQUIRE(y.dims() == Dims{n});
  auto got = values_of<T>(y);
  for (size_t i = 0; i < got.size(); ++i) {
    const FloatCase& c = kFloatCases[i];
    INFO("Min-" << opset << " " << dtype_name(DTypeOf<T>::value) << " min(" << c.a << ", " << c.b << ")");
    CHECK(same(to_double(got[i]), to_double(from_double<T>(c.min))));
  }
}

template <typename T>
void check_integer_edges(int opset) {
  using L = std::numeric_limits<T>;
  std::vector<T> edges = {L::min(), static_cast<T>(L::min() + 1), 0, 1, static_cast<T>(L::max() - 1), L::max(),
                          static_cast<T>(L::max() / 2), static_cast<T>(L::max() / 2 + 1)};
  if (L::is_signed) edges.push_back(static_cast<T>(-1));
  // Every ordered pair, so that each value meets each other on both sides.
  std::vector<T> a, b;
  for (T x : edges)
    for (T z : edges) {
      a.push_back(x);
      b.push_back(z);
    }
  const auto n = static_cast<int64_t>(a.size());
  Tensor ta = make_tensor<T>({n}, a), tb = make_tensor<T>({n}, b), y;
  REQUIRE(test::run("Min", opset, {}, {&ta, &tb}, &y).ok());
  auto got = values_of<T>(y);
  for (size_t i = 0; i < got.size(); ++i) {
    INFO(dtype_name(DTypeOf<T>::value) << " min(" << +a[i] << ", " << +b[i] << ")");
    CHECK(got[i] == (a[i] <= b[i] ? a[i] : b[i]));
  }
}

// Reference broadcasting: for every output index, the index of each input, element by element.
Dims broadcast_reference(const std::vector<Dims>& shapes) {
  size_t rank = 0;
  for (const Dims& s : shapes) rank = std::max(rank, s.size());
  Dims out(rank, 1);
  for (const Dims& s : shapes)
    for (size_t i = 0; i < s.size(); ++i) {
      int64_t& o = out[rank - s.size() + i];
      if (s[i] != 1) o = s[i];
    }
  return out;
}

size_t input_index(const Dims& out, const Dims& in, size_t flat) {
  size_t index = 0, stride = 1;
  for (size_t j = out.size(); j-- > 0;) {
    const auto coordinate = static_cast<size_t>(flat % out[j]);
    flat /= out[j];
    const size_t k = j + in.size();
    if (k < out.size()) continue;  // leading dim the input does not have
    const int64_t d = in[k - out.size()];
    if (d != 1) index += coordinate * stride;
    stride *= static_cast<size_t>(d);
  }
  return index;
}

// Runs Min over inputs of the given shapes filled with distinct pseudo-random values, against the
// reference.
template <typename T>
void check_broadcast(int opset, const std::vector<Dims>& shapes) {
  std::vector<std::vector<T>> data;
  std::vector<Tensor> tensors;
  uint32_t state = 12345;
  for (const Dims& s : shapes) {
    size_t n = 1;
    for (int64_t d : s) n *= static_cast<size_t>(d);
    std::vector<T> v(n);
    for (T& x : v) {
      state = state * 1664525u + 1013904223u;
      x = static_cast<T>(static_cast<int32_t>(state >> 8) % 2001 - 1000);
    }
    data.push_back(v);
    tensors.push_back(make_tensor<T>(s, v));
  }
  std::vector<const Tensor*> inputs;
  for (const Tensor& t : tensors) inputs.push_back(&t);
  Tensor y;
  Status st = test::run("Min", opset, {}, inputs, &y);
  INFO(st.message());
  REQUIRE(st.ok());
  const Dims out = broadcast_reference(shapes);
  REQUIRE(y.dims() == out);
  auto got = values_of<T>(y);
  for (size_t i = 0; i < got.size(); ++i) {
    T want = data[0][input_index(out, shapes[0], i)];
    for (size_t k = 1; k < shapes.size(); ++k) {
      T v = data[k][input_index(out, shapes[k], i)];
      if (v < want) want = v;
    }
    INFO("output element " << i);
    REQUIRE(got[i] == want);
  }
}

const std::vector<std::vector<Dims>> kBroadcastCases = {
    {{}},
    {{}, {}},
    {{2, 3}, {3}},
    {{3}, {2, 3}},
    {{2, 1}, {1, 3}},
    {{2, 1, 4}, {3, 1}, {1}},
    {{4, 1, 3, 1}, {1, 5, 1, 2}, {5, 3, 2}, {}},
    {{1, 1}, {1}},
    {{2, 0, 3}, {1, 3}},
    {{0}, {1}},
    {{3, 5000}, {5000}, {3, 1}, {1, 1}},  // runs that cross chunk boundaries
    {{3, 5000}, {3, 5000}, {5000}, {3, 5000}, {3, 5000}, {3, 1}, {3, 5000}},  // like the output and not, mixed
    {{9000}, {9000}, {9000}},
    {{2, 3, 4}, {2, 3, 4}, {2, 3, 4}, {2, 3, 4}, {2, 3, 4}},
    {{9000}, {1}},
    {{2, 3, 4}, {2, 3, 4}, {2, 3, 4}},
    {{4, 1, 6}, {4, 5, 1}, {1, 5, 6}},
};

}  // namespace

TEST_CASE("Min: float edge values in every version and float type", "[min]") {
  for (int opset : {1, 6, 8, 12, 13}) {
    check_float_edges<double>(opset);
    check_float_edges<float>(opset);
    check_float_edges<Float16>(opset);
    if (opset >= 13) check_float_edges<BFloat16>(opset);
  }
}

TEST_CASE("Min: integer extremes in versions 12 and 13", "[min]") {
  for (int opset : {12, 13}) {
    check_integer_edges<int8_t>(opset);
    check_integer_edges<int16_t>(opset);
    check_integer_edges<int32_t>(opset);
    check_integer_edges<int64_t>(opset);
    check_integer_edges<uint8_t>(opset);
    check_integer_edges<uint16_t>(opset);
    check_integer_edges<uint32_t>(opset);
    check_integer_edges<uint64_t>(opset);
  }
  // The 64-bit extremes, spelled out.
  Tensor a = make_tensor<int64_t>({3}, {INT64_MIN, INT64_MAX, -1}), b = make_tensor<int64_t>({3}, {INT64_MAX, INT64_MIN, 0}), y;
  REQUIRE(test::run("Min", 13, {}, {&a, &b}, &y).ok());
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{INT64_MIN, INT64_MIN, -1});
  Tensor c = make_tensor<uint64_t>({3}, {UINT64_MAX, uint64_t{1} << 63, 0}),
         d = make_tensor<uint64_t>({3}, {UINT64_MAX - 1, (uint64_t{1} << 63) - 1, UINT64_MAX});
  REQUIRE(test::run("Min", 12, {}, {&c, &d}, &y).ok());
  CHECK(values_of<uint64_t>(y) == std::vector<uint64_t>{UINT64_MAX - 1, (uint64_t{1} << 63) - 1, 0});
}

TEST_CASE("Min: one input is copied; several inputs of one shape fold", "[min]") {
  Tensor a = make_tensor<float>({2, 2}, {1, -0.0f, NAN, 4}), y;
  REQUIRE(test::run("Min", 1, {}, {&a}, &y).ok());
  CHECK(y.raw_data() != a.raw_data());
  CHECK(y.dims() == Dims{2, 2});
  auto got = values_of<float>(y);
  CHECK(got[0] == 1.0f);
  CHECK((got[1] == 0.0f && std::signbit(got[1])));
  CHECK(std::isnan(got[2]));
  CHECK(got[3] == 4.0f);

  Tensor b = make_tensor<double>({3}, {3, 2, 1}), c = make_tensor<double>({3}, {1, 4, 4}), d = make_tensor<double>({3}, {2, 5, 0});
  for (int opset : {1, 6, 8, 13}) {
    REQUIRE(test::run("Min", opset, {}, {&b, &c, &d}, &y).ok());
    CHECK(values_of<double>(y) == std::vector<double>{1, 2, 0});
  }
}

// The reference min of float values: NaN if any is, else the least, -0 below +0.
double min_reference(const std::vector<double>& values) {
  double m = values[0];
  for (double v : values) {
    if (std::isnan(m) || std::isnan(v)) return kNaN;
    if (v < m || (v == m && std::signbit(v))) m = v;
  }
  return m;
}

// float32 folds inputs laid out like the output three at a time (kernels::min_loops(DType::kFloat32)->vvvv): every count of
// such inputs, lengths around the vector width, edge values anywhere.
TEST_CASE("Min: many float32 inputs of one shape, edge values in any of them", "[min]") {
  const double pool[] = {kNaN, -0.0, 0.0, 1.0, -1.0, kInf, -kInf, 2.5, -2.5, 1e-40};
  uint32_t state = 7;
  for (size_t count = 2; count <= 8; ++count)
    for (int64_t n : {1, 3, 4, 7, 8, 9, 15, 16, 17, 40, 5000}) {
      std::vector<std::vector<double>> columns(static_cast<size_t>(n));
      std::vector<Tensor> tensors;
      for (size_t k = 0; k < count; ++k) {
        std::vector<float> v(static_cast<size_t>(n));
        for (size_t i = 0; i < v.size(); ++i) {
          state = state * 1664525u + 1013904223u;
          v[i] = static_cast<float>(pool[(state >> 8) % std::size(pool)]);
          columns[i].push_back(v[i]);
        }
        tensors.push_back(make_tensor<float>({n}, v));
      }
      std::vector<const Tensor*> inputs;
      for (const Tensor& t : tensors) inputs.push_back(&t);
      Tensor y;
      REQUIRE(test::run("Min", 13, {}, inputs, &y).ok());
      const auto got = values_of<float>(y);
      for (size_t i = 0; i < got.size(); ++i) {
        INFO(count << " inputs of " << n << ", element " << i);
        CHECK(same(got[i], min_reference(columns[i])));
      }
    }
}

TEST_CASE("Min: the one-pass float32 kernel in place, with its fourth input the third", "[min]") {
  const std::vector<float> b = {1, -0.0f, NAN, 4, 0, -INFINITY, 7, 8, 9}, c = {2, 0, 1, NAN, -0.0f, 0, -7, 8, 10};
  std::vector<float> a = {3, 0, 0, 0, 0, INFINITY, 7, -8, 9};
  const std::vector<float> a0 = a;
  kernels::min_loops(DType::kFloat32)->vvvv(a.data(), b.data(), c.data(), c.data(), a.data(), a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO("element " << i);
    CHECK(same(a[i], min_reference({a0[i], b[i], c[i]})));
  }
}

TEST_CASE("Min: broadcasting from version 8, inputs of any rank", "[min]") {
  for (const auto& shapes : kBroadcastCases) {
    INFO("case with " << shapes.size() << " inputs, first " << dims_to_string(shapes[0]));
    check_broadcast<float>(8, shapes);
    check_broadcast<double>(13, shapes);
    check_broadcast<int8_t>(12, shapes);
    check_broadcast<uint16_t>(13, shapes);
    check_broadcast<int32_t>(13, shapes);
    check_broadcast<int64_t>(13, shapes);
  }
  // Hand-computed: a column against a row.
  Tensor col = make_tensor<float>({2, 1}, {1, 5}), row = make_tensor<float>({3}, {0, 3, 6}), y;
  REQUIRE(test::run("Min", 8, {}, {&col, &row}, &y).ok());
  CHECK(y.dims() == Dims{2, 3});
  CHECK(values_of<float>(y) == std::vector<float>{0, 1, 1, 0, 3, 5});
}

TEST_CASE("Min: refusals", "[min]") {
  Tensor row = make_tensor<float>({3}, {1, 2, 3}), row2 = make_tensor<float>({1, 3}, {1, 2, 3});
  Tensor four = make_tensor<float>({4}, {1, 2, 3, 4}), mat = make_tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}), y;

  SECTION("versions 1 and 6 need identical shapes") {
    for (int opset : {1, 5, 6, 7}) {
      Status st = test::run("Min", opset, {}, {&row, &row2}, &y);
      CHECK(st.code() == ErrorCode::kInvalidArgument);
      CHECK_THAT(st.message(), Catch::Contains("input 1 has shape [1,3] but input 0 has shape [3]"));
    }
    CHECK(test::run("Min", 8, {}, {&row, &row2}, &y).ok());
  }
  SECTION("from version 8, shapes must broadcast") {
    for (int opset : {8, 12, 13}) {
      Status st = test::run("Min", opset, {}, {&mat, &four}, &y);
      CHECK(st.code() == ErrorCode::kInvalidArgument);
      CHECK_THAT(st.message(), Catch::Contains("[2,3]") && Catch::Contains("[4]") && Catch::Contains("Min-"));
    }
  }
  SECTION("integer types from version 12, bfloat16 from 13") {
    Tensor i8 = make_tensor<int8_t>({1}, {1}), u64 = make_tensor<uint64_t>({1}, {1});
    Tensor bf = make_tensor<BFloat16>({1}, {bf16_from_f32(1.0f)});
    for (const Tensor* t : {&i8, &u64}) {
      for (int opset : {1, 6, 8, 11}) {
        Status st = test::run("Min", opset, {}, {t, t}, &y);
        CHECK(st.code() == ErrorCode::kInvalidArgument);
        CHECK_THAT(st.message(), Catch::Contains(dtype_name(t->dtype())));
      }
      CHECK(test::run("Min", 12, {}, {t, t}, &y).ok());
    }
    Status st = test::run("Min", 12, {}, {&bf, &bf}, &y);
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::Contains("Min-12") && Catch::Contains("bfloat16"));
    CHECK(test::run("Min", 13, {}, {&bf, &bf}, &y).ok());
  }
  SECTION("no inputs, mixed types, opset 0") {
    Status st = test::run("Min", 13, {}, {}, &y);
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::Contains("Min-13") && Catch::Contains("got 0"));
    Tensor d = make_tensor<double>({3}, {1, 2, 3});
    st = test::run("Min", 13, {}, {&row, &d}, &y);
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::Contains("input 1 has type float64"));
    CHECK(test::run("Min", 0, {}, {&row}, &y).code() == ErrorCode::kUnsupported);
  }
  SECTION("consumed_inputs is accepted by version 1 only") {
    Attributes attrs;
    attrs.set("consumed_inputs", AttributeValue::Ints({0, 1}));
    REQUIRE(test::run("Min", 1, attrs, {&row, &row}, &y).ok());
    CHECK(values_of<float>(y) == std::vector<float>{1, 2, 3});
    Status st = test::run("Min", 6, attrs, {&row, &row}, &y);
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::Contains("consumed_inputs"));
  }
}
