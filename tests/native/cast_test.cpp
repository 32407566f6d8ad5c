// Cast's conversions (kernels/cast.h) against independent references: truncation and clamping
// written out for floating point to integer (saturating, the behaviour chosen for NaN and values out
// of range), a search over all 65,536 bit patterns for the nearest float16/bfloat16, masking for integer to
// integer; then the operator's versions and refusals.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/half.h"
#include "kernels/cast.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

const double kFloatEdges[] = {kNaN, -kNaN, kInf, -kInf, 0.0, -0.0, 0.4, -0.4, 1.5, -1.5, 2.5, -2.9, 127.9, 128.0, -128.5,
                              -129.0, 255.9, 256.0, 300.0, -1.0, 32767.5, 32768.0, 65535.9, 65536.0, 2147483647.5,
                              2147483648.0, -2147483648.0, -2147483648.9, -2147483649.0, 4294967295.0, 4294967296.0, 5e9,
                              0x1p53, 0x1p63, -0x1p63, 0x1p63 + 4096, 0x1p64, -0x1p64, 1e30, -1e30, 1e300};

// The bits of y as an unsigned 64-bit number, sign-extended for signed types.
template <typename T>
uint64_t bits_of(T v) {
  if constexpr (std::is_signed_v<T>) return static_cast<uint64_t>(static_cast<int64_t>(v));
  else return static_cast<uint64_t>(v);
}

// The low `bytes` bytes of v, as type T would hold them (sign-extended for signed T).
template <typename T>
uint64_t low_bits(uint64_t v) {
  if constexpr (sizeof(T) == 8) {
    return v;
  } else {
    const uint64_t mask = (uint64_t{1} << (8 * sizeof(T))) - 1;
    uint64_t low = v & mask;
    if (std::is_signed_v<T> && (low >> (8 * sizeof(T) - 1)) != 0) low |= ~mask;
    return low;
  }
}

// The saturating conversion, written out: NaN to 0, the value truncated, then clamped to the range of
// the type, or of int32 for the types narrower than 32 bits (whose low bits are then kept).
uint64_t saturated(double x, size_t size, bool is_signed) {
  if (std::isnan(x)) return 0;
  const int width = size < 4 ? 32 : static_cast<int>(8 * size);
  const bool signed_range = size < 4 || is_signed;
  const double low = signed_range ? -std::ldexp(1.0, width - 1) : 0.0;
  const double high = signed_range ? std::ldexp(1.0, width - 1) : std::ldexp(1.0, width);  // one past the maximum
  const double t = std::trunc(x);
  if (t <= low) return signed_range ? static_cast<uint64_t>(static_cast<int64_t>(low)) : 0;
  if (t >= high) return signed_range ? (uint64_t{1} << (width - 1)) - 1 : width == 64 ? UINT64_MAX : (uint64_t{1} << width) - 1;
  return signed_range ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t);
}

template <typename D, typename S>
void check_to_integer() {
  for (double e : kFloatEdges) {
    const S s = kernels::convert<S>(e);  // the float type's nearest value
    const double x = kernels::to_f64(s);
    INFO(dtype_name(DTypeOf<S>::value) << " " << x << " -> " << dtype_name(DTypeOf<D>::value));
    CHECK(bits_of(kernels::convert<D>(s)) == low_bits<D>(saturated(x, sizeof(D), std::is_signed_v<D>)));
  }
}

template <typename S>
void check_to_integers() {
  check_to_integer<int8_t, S>();
  check_to_integer<int16_t, S>();
  check_to_integer<int32_t, S>();
  check_to_integer<int64_t, S>();
  check_to_integer<uint8_t, S>();
  check_to_integer<uint16_t, S>();
  check_to_integer<uint32_t, S>();
  check_to_integer<uint64_t, S>();
}

// The half-type bit pattern nearest x, ties to the even pattern, found by search: infinity when x is
// at least halfway between the largest finite value and the next power of two.
template <typename H>
uint16_t nearest_half(double x) {
  if (std::isnan(x)) return 0xFFFF;  // any NaN: checked apart
  double best = kInf;
  uint16_t best_bits = 0;
  for (uint32_t b = 0; b < 0x10000; ++b) {
    const double v = to_f32(H{static_cast<uint16_t>(b)});
    if (std::isnan(v) || std::signbit(v) != std::signbit(x)) continue;
    double d = std::fabs(v - x);
    if (std::isinf(v)) {
      // infinity stands for the next power of two past the largest finite value
      const double max = to_f32(H{static_cast<uint16_t>(std::is_same_v<H, Float16> ? 0x7BFF : 0x7F7F)});
      const double ulp = max - to_f32(H{static_cast<uint16_t>(std::is_same_v<H, Float16> ? 0x7BFE : 0x7F7E)});
      d = std::isinf(x) ? 0 : std::fabs(std::fabs(x) - (max + ulp));
    }
    if (d < best || (d == best && (b & 1) == 0)) {
      best = d;
      best_bits = static_cast<uint16_t>(b);
    }
  }
  return best_bits;
}

template <typename H, typename S>
void check_to_half(const std::vector<S>& values) {
  for (S s : values) {
    const double x = kernels::to_f64(s);
    INFO(dtype_name(DTypeOf<S>::value) << " " << x << " -> " << dtype_name(DTypeOf<H>::value));
    const uint16_t got = kernels::convert<H>(s).bits;
    if (std::isnan(x)) CHECK(std::isnan(to_f32(H{got})));
    else CHECK(got == nearest_half<H>(x));
  }
}

// Values beside the ties of a half type's rounding, closer than float32 resolves: rounding through
// float32 first would land on the tie and round to even, the wrong way for half of them.
template <typename H>
std::vector<double> near_ties() {
  std::vector<double> values;
  for (uint16_t b : {0x0001, 0x0400, 0x3C00, 0x3C01, 0x4000, 0x5640, 0x7BFE, 0x0081, 0x3F81, 0x7F7E}) {
    const double a = to_f32(H{b}), c = to_f32(H{static_cast<uint16_t>(b + 1)});
    if (std::isinf(c) || std::isnan(c) || std::isnan(a)) continue;
    const double mid = (a + c) / 2;
    const double tiny = (c - a) * 0x1p-30;
    for (double v : {mid, mid + tiny, mid - tiny, -mid, -(mid + tiny), a, c}) values.push_back(v);
  }
  return values;
}

}  // namespace

TEST_CASE("Cast: floating point to every integer type truncates, saturating") {
  check_to_integers<double>();
  check_to_integers<float>();
  check_to_integers<Float16>();
  check_to_integers<BFloat16>();
}

TEST_CASE("Cast: named results for NaN and out-of-range floats") {
  CHECK(kernels::convert<int8_t>(kNaN) == 0);
  CHECK(kernels::convert<int32_t>(kNaN) == 0);
  CHECK(kernels::convert<uint64_t>(kNaN) == 0);
  CHECK(kernels::convert<int64_t>(kInf) == INT64_MAX);
  CHECK(kernels::convert<int64_t>(-kInf) == INT64_MIN);
  CHECK(kernels::convert<int32_t>(2147483648.0) == INT32_MAX);
  CHECK(kernels::convert<int32_t>(-2147483648.9) == INT32_MIN);
  CHECK(kernels::convert<int64_t>(0x1p63) == INT64_MAX);
  CHECK(kernels::convert<int8_t>(300.0) == 44);
  CHECK(kernels::convert<int8_t>(1e10) == -1);
  CHECK(kernels::convert<uint8_t>(-1.0) == 255);
  CHECK(kernels::convert<uint32_t>(-1.0) == 0);
  CHECK(kernels::convert<uint32_t>(5e9) == UINT32_MAX);
  CHECK(kernels::convert<uint64_t>(-1.0) == 0);
  CHECK(kernels::convert<uint64_t>(0x1p64) == UINT64_MAX);
  CHECK(kernels::convert<uint64_t>(0x1p63 + 4096) == (uint64_t{1} << 63) + 4096);
  CHECK(kernels::convert<int32_t>(-2.9) == -2);
}

TEST_CASE("Cast: to float16 and bfloat16 rounds once, to nearest even") {
  std::vector<double> doubles(std::begin(kFloatEdges), std::end(kFloatEdges));
  for (double v : near_ties<Float16>()) doubles.push_back(v);
  for (double v : {65504.0, 65519.99, 65520.0, 0x1p-25, 0x1.0000000001p-25, 0x1p-26, 3.4e38, 0x1.fffffffffp127}) doubles.push_back(v);
  check_to_half<Float16>(doubles);
  std::vector<double> bf = doubles;
  for (double v : near_ties<BFloat16>()) bf.push_back(v);
  check_to_half<BFloat16>(bf);
  std::vector<float> floats;
  for (double v : bf) floats.push_back(kernels::narrow_to_f32(v));
  check_to_half<Float16>(floats);
  check_to_half<BFloat16>(floats);
  // Integers beyond 2^53: bfloat16 of 2^60 + 2^52 + 1 is above the tie, so it rounds up.
  CHECK(kernels::convert<BFloat16>(int64_t{(int64_t{1} << 60) + (int64_t{1} << 52) + 1}).bits ==
        bf16_from_f32(0x1p60f + 0x1p53f).bits);
  CHECK(kernels::convert<BFloat16>(int64_t{(int64_t{1} << 60) + (int64_t{1} << 52)}).bits == bf16_from_f32(0x1p60f).bits);
  CHECK(kernels::convert<BFloat16>(UINT64_MAX).bits == bf16_from_f32(0x1p64f).bits);
  CHECK(kernels::convert<Float16>(int32_t{65519}).bits == 0x7BFF);
  CHECK(kernels::convert<Float16>(int32_t{65520}).bits == 0x7C00);
  CHECK(kernels::convert<Float16>(int64_t{-70000}).bits == 0xFC00);
  CHECK(kernels::convert<Float16>(uint8_t{255}).bits == f16_from_f32(255.0f).bits);
  // Every half value survives the trip through float32 and float64.
  for (uint32_t b = 0; b < 0x10000; ++b) {
    const Float16 h{static_cast<uint16_t>(b)};
    const BFloat16 g{static_cast<uint16_t>(b)};
    if (std::isnan(to_f32(h))) continue;
    REQUIRE(kernels::convert<Float16>(kernels::convert<double>(h)).bits == b);
    REQUIRE(kernels::convert<Float16>(kernels::convert<float>(h)).bits == b);
    if (!std::isnan(to_f32(g))) REQUIRE(kernels::convert<BFloat16>(kernels::convert<double>(g)).bits == b);
  }
}

TEST_CASE("Cast: between floating-point types") {
  CHECK(std::isinf(kernels::convert<float>(1e300)));
  CHECK(kernels::convert<float>(-1e300) == -std::numeric_limits<float>::infinity());
  CHECK(kernels::convert<float>(static_cast<double>(std::numeric_limits<float>::max()) + 0x1p102) == std::numeric_limits<float>::max());
  CHECK(std::isinf(kernels::convert<float>(static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103)));
  CHECK(std::isnan(kernels::convert<float>(kNaN)));
  CHECK(std::signbit(kernels::convert<float>(-0.0)));
  CHECK(kernels::convert<float>(0.1) == 0.1f);
  CHECK(kernels::convert<double>(Float16{0x3C00}) == 1.0);
  CHECK(kernels::convert<BFloat16>(Float16{0x7BFF}).bits == bf16_from_f32(65504.0f).bits);
  CHECK(kernels::convert<Float16>(BFloat16{0x4780}).bits == 0x7C00);  // 65536
}

TEST_CASE("Cast: integers keep their low bits; to floating point they round to nearest even") {
  const int64_t values[] = {0, 1, -1, 127, 128, -128, -129, 200, 255, 256, 32767, -32768, 65535, 65536, INT32_MAX, INT32_MIN,
                            4294967295LL, INT64_MAX, INT64_MIN, 0x123456789ABCDEF0LL};
  for (int64_t v : values) {
    const auto u = static_cast<uint64_t>(v);
    CHECK(bits_of(kernels::convert<int8_t>(v)) == low_bits<int8_t>(u));
    CHECK(bits_of(kernels::convert<uint8_t>(v)) == low_bits<uint8_t>(u));
    CHECK(bits_of(kernels::convert<int16_t>(v)) == low_bits<int16_t>(u));
    CHECK(bits_of(kernels::convert<uint16_t>(v)) == low_bits<uint16_t>(u));
    CHECK(bits_of(kernels::convert<int32_t>(v)) == low_bits<int32_t>(u));
    CHECK(bits_of(kernels::convert<uint32_t>(v)) == low_bits<uint32_t>(u));
    CHECK(kernels::convert<uint64_t>(v) == u);
    CHECK(kernels::convert<int64_t>(u) == v);
  }
  CHECK(kernels::convert<int8_t>(int16_t{200}) == -56);
  CHECK(kernels::convert<float>(INT64_MAX) == 0x1p63f);
  CHECK(kernels::convert<float>(UINT64_MAX) == 0x1p64f);
  CHECK(kernels::convert<double>(int64_t{(int64_t{1} << 53) + 1}) == 0x1p53);
  CHECK(kernels::convert<double>(int64_t{(int64_t{1} << 53) + 3}) == 0x1p53 + 4);
  CHECK(kernels::convert<float>(int32_t{16777217}) == 16777216.0f);
  CHECK(kernels::convert<double>(uint32_t{4294967295u}) == 4294967295.0);
}

TEST_CASE("Cast: to bool, non-zero is true (NaN too, -0 not); from bool, 0 or 1 (any byte but 0 true)") {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  for (double v : {0.0, -0.0}) {
    CHECK(kernels::convert<Bool>(v).value == 0);
    CHECK(kernels::convert<Bool>(static_cast<float>(v)).value == 0);
    CHECK(kernels::convert<Bool>(half_from_f32<Float16>(static_cast<float>(v))).value == 0);
  }
  for (double v : {kNaN, -kNaN, 1e-300, -1.0, std::numeric_limits<double>::infinity()}) CHECK(kernels::convert<Bool>(v).value == 1);
  CHECK(kernels::convert<Bool>(half_from_f32<BFloat16>(std::numeric_limits<float>::quiet_NaN())).value == 1);
  CHECK(kernels::convert<Bool>(std::numeric_limits<int64_t>::min()).value == 1);
  CHECK(kernels::convert<Bool>(uint64_t{1} << 63).value == 1);
  CHECK(kernels::convert<Bool>(int8_t{0}).value == 0);
  for (uint8_t byte : {1, 2, 128, 255}) {
    CHECK(kernels::convert<float>(Bool{byte}) == 1.0f);
    CHECK(kernels::convert<int64_t>(Bool{byte}) == 1);
    CHECK(kernels::convert<Bool>(Bool{byte}).value == byte);  // the same type: unchanged
  }
  CHECK(kernels::convert<double>(Bool{0}) == 0.0);
  CHECK(kernels::convert<Float16>(Bool{7}).bits == 0x3c00);
  // bool -> float32 through the operator: its vectors and its tail
  auto mask = Tensor::allocate(DType::kBool, {37});
  REQUIRE(mask.ok());
  auto* bytes = static_cast<uint8_t*>(mask.value().raw_data());
  for (size_t i = 0; i < 37; ++i) bytes[i] = static_cast<uint8_t>(i % 5 == 0 ? 0 : i * 37);
  Attributes to_float;
  to_float.set("to", AttributeValue::Int(1));
  Tensor y;
  REQUIRE(test::run("Cast", 13, to_float, {&mask.value()}, &y).ok());
  const std::vector<float> got = values_of<float>(y);
  for (size_t i = 0; i < 37; ++i) CHECK(got[i] == (bytes[i] == 0 ? 0.0f : 1.0f));
}

TEST_CASE("Cast: every pair of types through the operator, in blocks, from the direct conversion") {
  // 600 elements: more than two of the kernel's blocks
  std::vector<double> source;
  for (int i = 0; i < 600; ++i) source.push_back(kFloatEdges[i % std::size(kFloatEdges)] * (i % 7 == 3 ? -1 : 1) + (i % 5));
  const DType types[] = {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16, DType::kInt8, DType::kInt16,
                         DType::kInt32,   DType::kInt64,   DType::kUint8,   DType::kUint16,   DType::kUint32, DType::kUint64,
                         DType::kBool};
  // visit_dtype over every type, bool included
  const auto visit = [](DType t, auto&& fn) {
    return visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, Bool>(t, fn);
  };
  for (DType from : types) {
    auto x = Tensor::allocate(from, {600});
    REQUIRE(x.ok());
    visit(from, [&](auto s) {
      using S = decltype(s);
      for (size_t i = 0; i < 600; ++i) x.value().data<S>()[i] = kernels::convert<S>(source[i]);
    });
    for (DType to : types) {
      Attributes attrs;
      attrs.set("to", AttributeValue::Int(static_cast<int64_t>(to)));
      Tensor y;
      REQUIRE(test::run("Cast", 25, attrs, {&x.value()}, &y).ok());
      REQUIRE(y.dtype() == to);
      REQUIRE(y.dims() == Dims{600});
      visit(from, [&](auto s) {
        using S = decltype(s);
        visit(to, [&](auto d) {
          using D = decltype(d);
          for (size_t i = 0; i < 600; ++i) {
            INFO(dtype_name(from) << " -> " << dtype_name(to) << " at " << i);
            REQUIRE(std::memcmp(&y.data<D>()[i], &static_cast<const D&>(kernels::convert<D>(x.value().data<S>()[i])), sizeof(D)) == 0);
          }
        });
      });
    }
  }
}

TEST_CASE("Cast: versions, `to` and refusals") {
  Tensor x = test::make_tensor<float>({2}, {1.5f, -2.5f}), y;
  Attributes named;
  named.set("to", AttributeValue::String("INT32"));
  REQUIRE(test::run("Cast", 1, named, {&x}, &y).ok());
  CHECK(test::values_of<int32_t>(y) == std::vector<int32_t>{1, -2});
  CHECK(test::run("Cast", 6, named, {&x}, &y).code() == ErrorCode::kInvalidArgument);  // an int from 6 on
  Attributes bad_name;
  bad_name.set("to", AttributeValue::String("int32"));
  CHECK(test::run("Cast", 1, bad_name, {&x}, &y).message().find("not a TensorProto.DataType name") != std::string::npos);
  const auto cast_to = [&](int opset, int64_t to) {
    Attributes a;
    a.set("to", AttributeValue::Int(to));
    return test::run("Cast", opset, a, {&x}, &y);
  };
  CHECK(cast_to(6, 9).ok());  // bool, in every version
  CHECK(cast_to(13, 8).message().find("string") != std::string::npos);
  CHECK(cast_to(25, 26).message().find("int2") != std::string::npos);
  CHECK(cast_to(19, 17).message().find("float8e4m3fn") != std::string::npos);
  CHECK(cast_to(13, 8).code() == ErrorCode::kUnsupported);
  CHECK(cast_to(13, 0).code() == ErrorCode::kInvalidArgument);
  CHECK(cast_to(13, 99).code() == ErrorCode::kInvalidArgument);
  CHECK(cast_to(9, 16).code() == ErrorCode::kInvalidArgument);  // bfloat16 from 13
  CHECK(cast_to(13, 16).ok());
  CHECK(test::run("Cast", 13, {}, {&x}, &y).message().find("'to' is required") != std::string::npos);
  Attributes saturate;
  saturate.set("to", AttributeValue::Int(1));
  saturate.set("saturate", AttributeValue::Int(0));
  CHECK(test::run("Cast", 19, saturate, {&x}, &y).ok());
  CHECK(test::run("Cast", 13, saturate, {&x}, &y).code() == ErrorCode::kInvalidArgument);
  saturate.set("round_mode", AttributeValue::String("nearest"));
  CHECK(test::run("Cast", 24, saturate, {&x}, &y).ok());
  CHECK(test::run("Cast", 23, saturate, {&x}, &y).code() == ErrorCode::kInvalidArgument);
  saturate.set("round_mode", AttributeValue::String("sideways"));
  CHECK(test::run("Cast", 25, saturate, {&x}, &y).code() == ErrorCode::kInvalidArgument);
  // bfloat16 input before version 13 is refused by the type check
  Tensor b = test::make_tensor<BFloat16>({1}, {BFloat16{0x3F80}});
  CHECK(cast_to(9, 1).ok());
  Attributes to_float;
  to_float.set("to", AttributeValue::Int(1));
  CHECK(test::run("Cast", 9, to_float, {&b}, &y).code() == ErrorCode::kInvalidArgument);
  REQUIRE(test::run("Cast", 13, to_float, {&b}, &y).ok());
  CHECK(test::values_of<float>(y) == std::vector<float>{1.0f});
}
