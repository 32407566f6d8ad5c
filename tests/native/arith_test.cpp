// Min, Max, Add, Sub, Mul, Div, Relu and Clip through the SIMD128 kernels (SIMDe natively): every type
// against references computed here (floats in long double, rounded once to the type; integers in
// unsigned 64-bit arithmetic, wrapped to the type), edge values in every pair, lengths around the
// vector widths, broadcasting both ways, in place, the legacy broadcast, and refusals.
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

// Rounds an exact (long double) result to T once: double → float → half would round twice, which for
// +, -, *, / of these types gives the same value (the wider format has over twice the precision).
template <typename T> T round_to(long double v) {
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) return from_double<T>(static_cast<double>(v));
  else return static_cast<T>(v);
}

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

const double kFloatEdges[] = {0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 7.0, -7.0, 1e-3, 65504.0, -1e30, 1e-40, 3.4e38,
                              kInf, -kInf, kNaN, 1e300, 5e-324};

template <typename T>
double float_reference(const std::string& op, double a, double b) {
  const long double x = a, y = b;
  if (op == "Max" || op == "Min") {
    if (std::isnan(a) || std::isnan(b)) return kNaN;
    if (a == b) return std::signbit(a) == (op == "Max") ? b : a;  // -0 below +0
    return (a < b) == (op == "Max") ? b : a;
  }
  const long double r = op == "Add" ? x + y : op == "Sub" ? x - y : op == "Mul" ? x * y : x / y;
  return to_double(round_to<T>(r));
}

template <typename T>
T int_reference(const std::string& op, T a, T b) {
  const auto x = static_cast<uint64_t>(static_cast<int64_t>(a)), y = static_cast<uint64_t>(static_cast<int64_t>(b));
  if constexpr (std::is_unsigned_v<T>) {
    const uint64_t ux = a, uy = b;
    if (op == "Div") return uy == 0 ? T{0} : static_cast<T>(ux / uy);
  } else if (op == "Div") {
    if (b == 0) return 0;
    if (b == -1) return static_cast<T>(uint64_t{0} - x);  // wraps for the lowest value
    return static_cast<T>(static_cast<int64_t>(a) / static_cast<int64_t>(b));
  }
  if (op == "Max") return a < b ? b : a;
  if (op == "Min") return b < a ? b : a;
  return static_cast<T>(op == "Add" ? x + y : op == "Sub" ? x - y : x * y);
}

template <typename T>
std::vector<T> edges() {
  if constexpr (std::is_integral_v<T>) {
    using L = std::numeric_limits<T>;
    std::vector<T> e = {L::min(), static_cast<T>(L::min() + 1), 0, 1, 2, 3, static_cast<T>(L::max() - 1), L::max(),
                        static_cast<T>(L::max() / 2), static_cast<T>(L::max() / 2 + 1)};
    if (L::is_signed) e.insert(e.end(), {static_cast<T>(-1), static_cast<T>(-2), static_cast<T>(-7)});
    return e;
  } else {
    std::vector<T> e;
    for (double d : kFloatEdges) e.push_back(from_double<T>(d));
    return e;
  }
}

// Whether `got` is op(x, z) as the reference of its type computes it.
template <typename T>
bool is_reference(const std::string& op, T got, T x, T z) {
  if constexpr (std::is_integral_v<T>) return got == int_reference(op, x, z);
  else return same(to_double(got), float_reference<T>(op, to_double(x), to_double(z)));
}

// Every ordered pair of edge values, repeated to lengths that cover the main loops and the tails.
template <typename T>
void check_pairs(const std::string& op, int opset) {
  const std::vector<T> e = edges<T>();
  std::vector<T> a, b;
  for (T x : e)
    for (T z : e) {
      a.push_back(x);
      b.push_back(z);
    }
  for (size_t n : {a.size(), size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{33}, size_t{0}}) {
    std::vector<T> an(a.begin(), a.begin() + static_cast<ptrdiff_t>(std::min(n, a.size())));
    std::vector<T> bn(b.end() - static_cast<ptrdiff_t>(std::min(n, b.size())), b.end());
    const auto len = static_cast<int64_t>(an.size());
    Tensor ta = make_tensor<T>({len}, an), tb = make_tensor<T>({len}, bn), y;
    REQUIRE(test::run(op, opset, {}, {&ta, &tb}, &y).ok());
    const auto got = values_of<T>(y);
    for (size_t i = 0; i < got.size(); ++i) {
      INFO(op << "-" << opset << " " << dtype_name(DTypeOf<T>::value) << " (" << to_double(an[i]) << ", " << to_double(bn[i]) << ") gave "
              << to_double(got[i]));
      CHECK(is_reference(op, got[i], an[i], bn[i]));
    }
  }
}

template <typename T>
void check_all_ops(int opset) {
  for (const char* op : {"Max", "Add", "Sub", "Mul", "Div"}) check_pairs<T>(op, opset);
}

// Every edge value against each edge value as a scalar operand, on either side (the loops by a scalar,
// whose forms may depend on its value), at lengths that cover the unrolled loop and the tails.
template <typename T>
void check_by_scalar(const std::string& op) {
  const std::vector<T> e = edges<T>();
  std::vector<T> a;
  for (int repeat = 0; repeat < 4; ++repeat) a.insert(a.end(), e.begin(), e.end());
  for (T b : e)
    for (size_t n : {a.size(), size_t{1}, size_t{17}, size_t{33}}) {
      const std::vector<T> an(a.end() - static_cast<ptrdiff_t>(n), a.end());
      Tensor ta = make_tensor<T>({static_cast<int64_t>(n)}, an), tb = make_tensor<T>({}, {b}), y;
      for (const bool scalar_first : {false, true}) {
        REQUIRE(test::run(op, 14, {}, scalar_first ? Inputs{&tb, &ta} : Inputs{&ta, &tb}, &y).ok());
        const auto got = values_of<T>(y);
        for (size_t i = 0; i < n; ++i) {
          const T x = scalar_first ? b : an[i], z = scalar_first ? an[i] : b;
          INFO(op << " " << dtype_name(DTypeOf<T>::value) << " (" << to_double(x) << ", " << to_double(z) << ") at " << i << " of " << n
                  << " gave " << to_double(got[i]));
          CHECK(is_reference(op, got[i], x, z));
        }
      }
    }
}

template <typename T>
void check_all_by_scalar() {
  for (const char* op : {"Min", "Max", "Add", "Sub", "Mul", "Div"}) check_by_scalar<T>(op);
}

}  // namespace

TEST_CASE("Max, Add, Sub, Mul, Div: every pair of edge values, every type", "[arith]") {
  check_all_ops<float>(14);
  check_all_ops<double>(14);
  check_all_ops<Float16>(14);
  check_all_ops<BFloat16>(14);
  check_all_ops<int8_t>(14);
  check_all_ops<int16_t>(14);
  check_all_ops<int32_t>(14);
  check_all_ops<int64_t>(14);
  check_all_ops<uint8_t>(14);
  check_all_ops<uint16_t>(14);
  check_all_ops<uint32_t>(14);
  check_all_ops<uint64_t>(14);
}

TEST_CASE("Min, Max, Add, Sub, Mul, Div by a scalar: every edge value as the scalar, every type", "[arith]") {
  check_all_by_scalar<float>();
  check_all_by_scalar<double>();
  check_all_by_scalar<Float16>();
  check_all_by_scalar<BFloat16>();
  check_all_by_scalar<int8_t>();
  check_all_by_scalar<int64_t>();
  check_all_by_scalar<uint16_t>();
  check_all_by_scalar<uint64_t>();
}

TEST_CASE("Sub and Div: a broadcast first input, in place into the second", "[arith]") {
  // Sub and Div do not commute: A broadcast over B is expanded apart, so that B, the output, is read first.
  for (const char* op : {"Sub", "Div"}) {
    const std::vector<float> row = {1, -2, 3, 0.5f, -0.0f, 8, 9};
    std::vector<float> b(7 * 5000);
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<float>(static_cast<int>(i % 13) - 6) * 0.25f;
    Tensor ta = make_tensor<float>({7}, row), tb = make_tensor<float>({5000, 7}, b);
    auto prepared = PreparedOp::create(op, 14, {});
    REQUIRE(prepared.ok());
    Outputs outputs = {tb};  // computed into B itself
    REQUIRE(prepared.value().run_into({&ta, &tb}, outputs).ok());
    REQUIRE(outputs[0].raw_data() == tb.raw_data());
    for (size_t i = 0; i < b.size(); ++i) {
      INFO(op << " element " << i);
      CHECK(same(tb.data<float>()[i], float_reference<float>(op, row[i % 7], b[i])));
    }
  }
}

TEST_CASE("Add-1 and Add-6: broadcast = 1 places B from axis; otherwise shapes must match", "[arith]") {
  std::vector<float> av(24);
  for (size_t i = 0; i < av.size(); ++i) av[i] = static_cast<float>(i);
  Tensor a = make_tensor<float>({2, 3, 4}, av), b = make_tensor<float>({3}, {100, 200, 300}), y;
  Attributes attrs;
  attrs.set("broadcast", AttributeValue::Int(1));
  attrs.set("axis", AttributeValue::Int(1));
  for (int opset : {1, 6}) {
    REQUIRE(test::run("Sub", opset, attrs, {&a, &b}, &y).ok());
    for (size_t i = 0; i < 24; ++i) CHECK(y.data<float>()[i] == av[i] - 100.0f * static_cast<float>((i / 4) % 3 + 1));
    const Status no_broadcast = test::run("Sub", opset, {}, {&a, &b}, &y);
    CHECK(no_broadcast.code() == ErrorCode::kInvalidArgument);
    CHECK(no_broadcast.message().find("without broadcast = 1") != std::string::npos);
  }
  Attributes suffix;
  suffix.set("broadcast", AttributeValue::Int(1));
  CHECK(test::run("Add", 6, suffix, {&a, &b}, &y).message().find("each of B's dims must equal A's from axis 2 on, or be 1") != std::string::npos);
  // B's dims of 1 repeat along A's: B [3, 1] as a suffix of A [2, 3, 4].
  Tensor column = make_tensor<float>({3, 1}, {100, 200, 300});
  REQUIRE(test::run("Add", 6, suffix, {&a, &column}, &y).ok());
  for (size_t i = 0; i < 24; ++i) CHECK(y.data<float>()[i] == av[i] + 100.0f * static_cast<float>((i / 4) % 3 + 1));
  CHECK(test::run("Add", 7, attrs, {&a, &b}, &y).code() == ErrorCode::kInvalidArgument);  // no such attribute from 7
}

TEST_CASE("Relu: max(x, 0), NaN kept, every type it has", "[arith]") {
  const std::vector<float> x = {-1, 0, -0.0f, 2, NAN, -INFINITY, INFINITY, -1e-40f, 5, -5, 1, -1, 3, -3, 7, -7, 0.5f};
  Tensor tx = make_tensor<float>({static_cast<int64_t>(x.size())}, x), y;
  REQUIRE(test::run("Relu", 14, {}, {&tx}, &y).ok());
  for (size_t i = 0; i < x.size(); ++i) CHECK(same(y.data<float>()[i], float_reference<float>("Max", x[i], 0.0)));
  const std::vector<int64_t> xi = {INT64_MIN, -1, 0, 1, INT64_MAX};
  Tensor ti = make_tensor<int64_t>({5}, xi);
  REQUIRE(test::run("Relu", 14, {}, {&ti}, &y).ok());
  CHECK(values_of<int64_t>(y) == std::vector<int64_t>{0, 0, 0, 1, INT64_MAX});
  Tensor tu = make_tensor<uint8_t>({1}, {1});
  CHECK(test::run("Relu", 14, {}, {&tu}, &y).code() == ErrorCode::kInvalidArgument);
}

TEST_CASE("Clip: bounds as attributes then inputs; NaN stays; min > max gives max", "[arith]") {
  const std::vector<float> x = {-3, -1, 0, 1, 3, NAN, -INFINITY, INFINITY, 2, -2};
  Tensor tx = make_tensor<float>({10}, x), y;
  Attributes attrs;
  attrs.set("min", AttributeValue::Float(-1.5));
  attrs.set("max", AttributeValue::Float(2.5));
  REQUIRE(test::run("Clip", 6, attrs, {&tx}, &y).ok());
  const std::vector<float> want = {-1.5f, -1, 0, 1, 2.5f, NAN, -1.5f, 2.5f, 2, -1.5f};
  for (size_t i = 0; i < x.size(); ++i) CHECK(same(y.data<float>()[i], want[i]));
  // absent attributes: float32's range, which clips the infinities
  REQUIRE(test::run("Clip", 6, {}, {&tx}, &y).ok());
  CHECK(y.data<float>()[6] == -std::numeric_limits<float>::max());
  CHECK(y.data<float>()[7] == std::numeric_limits<float>::max());

  Tensor lo = make_tensor<float>({}, {2}), hi = make_tensor<float>({}, {1});
  REQUIRE(test::run("Clip", 13, {}, {&tx, &lo, &hi}, &y).ok());
  for (size_t i = 0; i < x.size(); ++i) CHECK(same(y.data<float>()[i], std::isnan(x[i]) ? NAN : 1.0f));
  REQUIRE(test::run("Clip", 13, {}, {&tx, nullptr, &hi}, &y).ok());
  CHECK(y.data<float>()[6] == -std::numeric_limits<float>::max());  // an omitted bound is the type's lowest
  CHECK(y.data<float>()[0] == -3);
  CHECK(y.data<float>()[4] == 1);
  // min = +inf and no max: float32's max (numeric_limits) everywhere but NaN; float64's and float16's too.
  Tensor inf = make_tensor<float>({}, {INFINITY});
  REQUIRE(test::run("Clip", 13, {}, {&tx, &inf}, &y).ok());
  for (size_t i = 0; i < x.size(); ++i) CHECK(same(y.data<float>()[i], std::isnan(x[i]) ? NAN : std::numeric_limits<float>::max()));
  Tensor td = make_tensor<double>({2}, {INFINITY, -INFINITY}), th = make_tensor<Float16>({2}, {f16_from_f32(INFINITY), f16_from_f32(-INFINITY)});
  REQUIRE(test::run("Clip", 12, {}, {&td}, &y).ok());
  CHECK(values_of<double>(y) == std::vector<double>{std::numeric_limits<double>::max(), -std::numeric_limits<double>::max()});
  REQUIRE(test::run("Clip", 11, {}, {&th}, &y).ok());
  CHECK(to_f32(values_of<Float16>(y)[0]) == 65504.0f);
  CHECK(to_f32(values_of<Float16>(y)[1]) == -65504.0f);

  std::vector<int8_t> xi = {-128, -1, 0, 1, 127};
  Tensor ti = make_tensor<int8_t>({5}, xi), li = make_tensor<int8_t>({1}, {-1}), hi8 = make_tensor<int8_t>({}, {1});
  REQUIRE(test::run("Clip", 12, {}, {&ti, &li, &hi8}, &y).ok());
  CHECK(values_of<int8_t>(y) == std::vector<int8_t>{-1, -1, 0, 1, 1});
  Tensor two = make_tensor<int8_t>({2}, {1, 2});
  CHECK(test::run("Clip", 12, {}, {&ti, &two}, &y).message().find("input 'min' must be a scalar") != std::string::npos);
}

// Clip(x, lo, hi) = Min(Max(x, lo), hi) for every pair of edge values as bounds (the one-pass loop of
// float32 and float64, Max then Min elsewhere), at lengths that cover the unrolled loop and the tails.
template <typename T>
void check_clip_edges() {
  const std::vector<T> e = edges<T>();
  std::vector<T> x;
  for (int repeat = 0; repeat < 4; ++repeat) x.insert(x.end(), e.begin(), e.end());
  for (T lo : e)
    for (T hi : e)
      for (size_t n : {x.size(), size_t{3}, size_t{21}}) {
        const std::vector<T> xn(x.end() - static_cast<ptrdiff_t>(n), x.end());
        Tensor tx = make_tensor<T>({static_cast<int64_t>(n)}, xn), tlo = make_tensor<T>({}, {lo}), thi = make_tensor<T>({}, {hi}), y;
        REQUIRE(test::run("Clip", 13, {}, {&tx, &tlo, &thi}, &y).ok());
        const auto got = values_of<T>(y);
        for (size_t i = 0; i < n; ++i) {
          INFO(dtype_name(DTypeOf<T>::value) << " Clip(" << to_double(xn[i]) << ", " << to_double(lo) << ", " << to_double(hi) << ")");
          const double low = float_reference<T>("Max", to_double(xn[i]), to_double(lo));
          CHECK(same(to_double(got[i]), float_reference<T>("Min", low, to_double(hi))));
        }
      }
}

TEST_CASE("Clip: every pair of edge values as bounds, every float type", "[arith]") {
  check_clip_edges<float>();
  check_clip_edges<double>();
  check_clip_edges<Float16>();
  check_clip_edges<BFloat16>();
}

TEST_CASE("binary kernels: the second operand may be the output (rows = 1)", "[arith]") {
  for (auto loops : {kernels::sub_loops(DType::kInt16), kernels::div_loops(DType::kInt16)}) {
    std::vector<int16_t> a(37), b(37);
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<int16_t>(1000 - 17 * static_cast<int>(i));
      b[i] = static_cast<int16_t>(static_cast<int>(i % 7) - 3);
    }
    std::vector<int16_t> y = b;
    loops->vv_rows(a.data(), y.data(), y.data(), a.size(), 1);
    const std::string op = loops == kernels::sub_loops(DType::kInt16) ? "Sub" : "Div";
    for (size_t i = 0; i < a.size(); ++i) CHECK(y[i] == int_reference<int16_t>(op, a[i], b[i]));
  }
}
