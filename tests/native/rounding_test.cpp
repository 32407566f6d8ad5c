// Floor, Ceil, Round through the SIMD128 kernels (SIMDe natively): every version and type, edge values from hand-written tables.
#include <cmath>
#include <type_traits>

#include "core/half.h"
#include "kernels/rounding.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

struct Case {
  double x, floor, ceil, round;
};

// Round is half-to-even; ±0, ±Inf and NaN pass through unchanged.
const Case kCases[] = {
    {0.0, 0.0, 0.0, 0.0},       {-0.0, -0.0, -0.0, -0.0},    {0.5, 0.0, 1.0, 0.0},
    {-0.5, -1.0, -0.0, -0.0},   {1.5, 1.0, 2.0, 2.0},        {2.5, 2.0, 3.0, 2.0},
    {-2.5, -3.0, -2.0, -2.0},   {-4.5, -5.0, -4.0, -4.0},    {0.9, 0.0, 1.0, 1.0},
    {2.3, 2.0, 3.0, 2.0},       {-1.2, -2.0, -1.0, -1.0},    {1024.0, 1024.0, 1024.0, 1024.0},
    {kInf, kInf, kInf, kInf},   {-kInf, -kInf, -kInf, -kInf}, {kNaN, kNaN, kNaN, kNaN},
};

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); }

double expected(const std::string& op, const Case& c) { return op == "Floor" ? c.floor : op == "Ceil" ? c.ceil : c.round; }

template <typename T, typename ToT, typename FromT>
void check(const std::string& op, int opset, ToT to, FromT from) {
  std::vector<T> xs;
  for (const Case& c : kCases) xs.push_back(to(c.x));
  // Repeated past 32 elements: the 4-vector main loop, the 1-vector loop and the scalar tail all run.
  while (xs.size() < 37) xs.push_back(xs[xs.size() % std::size(kCases)]);
  Tensor x = make_tensor<T>({static_cast<int64_t>(xs.size())}, xs), y;
  REQUIRE(test::run(op, opset, {}, {&x}, &y).ok());
  REQUIRE(y.dtype() == x.dtype());
  auto got = values_of<T>(y);
  for (size_t i = 0; i < xs.size(); ++i) {
    const Case& c = kCases[i % std::size(kCases)];
    INFO(op << "-" << opset << " x=" << c.x);
    CHECK(same(from(got[i]), expected(op, c)));
  }
}

}  // namespace

TEST_CASE("Floor, Ceil and Round: every version and type", "[rounding]") {
  struct Variant {
    std::string op;
    int opset;
    bool bf16;
  };
  for (const Variant& v : {Variant{"Floor", 1, false}, Variant{"Floor", 6, false}, Variant{"Floor", 13, true},
                           Variant{"Ceil", 1, false}, Variant{"Ceil", 6, false}, Variant{"Ceil", 13, true},
                           Variant{"Round", 11, false}, Variant{"Round", 22, true}}) {
    check<double>(v.op, v.opset, [](double d) { return d; }, [](double d) { return d; });
    check<float>(v.op, v.opset, [](double d) { return static_cast<float>(d); }, [](float f) { return double{f}; });
    check<Float16>(v.op, v.opset, [](double d) { return f16_from_f32(static_cast<float>(d)); },
                   [](Float16 h) { return double{to_f32(h)}; });
    if (v.bf16)
      check<BFloat16>(v.op, v.opset, [](double d) { return bf16_from_f32(static_cast<float>(d)); },
                      [](BFloat16 h) { return double{to_f32(h)}; });
  }
}

// The half kernels round without converting through the general float32 path; compare every bit
// pattern with rounding its float32 value (exact) and converting back (exact for integers).
TEST_CASE("Floor, Ceil and Round: every float16 and bfloat16 bit pattern", "[rounding]") {
  auto every = [](auto type_tag) {
    using H = decltype(type_tag);
    std::vector<H> xs(65536);
    for (size_t i = 0; i < xs.size(); ++i) xs[i].bits = static_cast<uint16_t>(i);
    Tensor x = make_tensor<H>({65536}, xs);
    for (const char* op : {"Floor", "Ceil", "Round"}) {
      Tensor y;
      REQUIRE(test::run(op, 22, {}, {&x}, &y).ok());
      auto got = values_of<H>(y);
      for (size_t i = 0; i < xs.size(); ++i) {
        const float v = to_f32(xs[i]);
        const float want = op[0] == 'F' ? std::floor(v) : op[0] == 'C' ? std::ceil(v) : std::nearbyint(v);
        const float g = to_f32(got[i]);
        if (!same(g, want)) FAIL_CHECK(op << " " << dtype_name(DTypeOf<H>::value) << " bits 0x" << std::hex << i << ": got " << g << ", want " << want);
      }
    }
  };
  every(Float16{});
  every(BFloat16{});
}

// The half kernels themselves over every bit pattern, against rounding its float32 value (exact) and
// converting back: in one array (the vector loop, then seven more: float16's last vector overlaps the
// one before, bfloat16's scalar tail), the same in place, each pattern alone (float16's buffer,
// bfloat16's tail), and every length to 40 (the overlap at each offset). float16 NaNs keep their bits.
TEST_CASE("Half rounding kernels: every bit pattern, in the vector loop, its end and alone, in place too", "[rounding]") {
  using kernels::RoundingMode;
  auto every = [](auto type_tag) {
    using H = decltype(type_tag);
    constexpr size_t kCount = 65536 + 8 + 7;
    std::vector<H> xs(kCount), ys(kCount);
    for (size_t i = 0; i < kCount; ++i) xs[i].bits = static_cast<uint16_t>(i);
    for (RoundingMode mode : {RoundingMode::kFloor, RoundingMode::kCeil, RoundingMode::kNearestEven}) {
      const char* name = mode == RoundingMode::kFloor ? "Floor" : mode == RoundingMode::kCeil ? "Ceil" : "Round";
      auto check = [&](H x, H got, const char* where) {
        const float v = to_f32(x);
        const float want = mode == RoundingMode::kFloor ? std::floor(v) : mode == RoundingMode::kCeil ? std::ceil(v) : std::nearbyint(v);
        const bool ok = same(to_f32(got), want) && (!std::is_same_v<H, Float16> || !std::isnan(v) || got.bits == x.bits);
        if (!ok) FAIL_CHECK(name << " " << dtype_name(DTypeOf<H>::value) << " " << where << " bits 0x" << std::hex << x.bits << ": got 0x" << got.bits);
      };
      kernels::rounding(mode, xs.data(), ys.data(), kCount);
      for (size_t i = 0; i < kCount; ++i) check(xs[i], ys[i], "(one array)");
      ys = xs;
      kernels::rounding(mode, ys.data(), ys.data(), kCount);
      for (size_t i = 0; i < kCount; ++i) check(xs[i], ys[i], "(in place)");
      for (size_t i = 0; i < 65536; ++i) {
        H one;
        kernels::rounding(mode, &xs[i], &one, 1);
        check(xs[i], one, "(alone)");
      }
      // Lengths 1..40 over patterns with fractions (from 0.5 up, from -1 down), in place and not.
      for (size_t n = 1; n <= 40; ++n) {
        for (float from : {0.5f, -1.0f}) {
          const size_t start = half_from_f32<H>(from).bits;
          std::vector<H> in(xs.begin() + start, xs.begin() + start + n), out(n), inplace = in;
          kernels::rounding(mode, in.data(), out.data(), n);
          kernels::rounding(mode, inplace.data(), inplace.data(), n);
          for (size_t i = 0; i < n; ++i) {
            check(in[i], out[i], "(length to 40)");
            check(in[i], inplace[i], "(length to 40, in place)");
          }
        }
      }
    }
  };
  every(Float16{});
  every(BFloat16{});
}

TEST_CASE("Rounding refuses types and versions outside the schema", "[rounding]") {
  Tensor bf = make_tensor<BFloat16>({1}, {bf16_from_f32(1.5f)});
  Tensor i32 = make_tensor<int32_t>({1}, {3});
  Tensor y;
  CHECK(test::run("Floor", 12, {}, {&bf}, &y).code() == ErrorCode::kInvalidArgument);
  CHECK(test::run("Round", 21, {}, {&bf}, &y).code() == ErrorCode::kInvalidArgument);
  CHECK(test::run("Ceil", 13, {}, {&i32}, &y).code() == ErrorCode::kInvalidArgument);
  CHECK(test::run("Round", 10, {}, {&i32}, &y).code() == ErrorCode::kUnsupported);
  CHECK(test::run("Floor", 0, {}, {&i32}, &y).code() == ErrorCode::kUnsupported);
}

TEST_CASE("Floor-1 accepts and ignores consumed_inputs; later versions refuse it", "[rounding]") {
  Attributes attrs;
  attrs.set("consumed_inputs", AttributeValue::Ints({0}));
  Tensor x = make_tensor<float>({2}, {1.5f, -1.5f}), y;
  REQUIRE(test::run("Floor", 5, attrs, {&x}, &y).ok());
  CHECK(values_of<float>(y) == std::vector<float>{1.0f, -2.0f});
  Status st = test::run("Floor", 6, attrs, {&x}, &y);
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK_THAT(st.message(), Catch::Contains("consumed_inputs"));
}

TEST_CASE("Half conversions round to nearest even and keep NaN", "[half]") {
  CHECK(f16_from_f32(1.0f).bits == 0x3c00);
  CHECK(f16_from_f32(65520.0f).bits == 0x7c00);            // rounds up to +Inf
  CHECK(f16_from_f32(1.0f + 1.0f / 2048).bits == 0x3c00);  // tie → even
  CHECK(f16_from_f32(1.0f + 3.0f / 2048).bits == 0x3c02);  // tie → even (up)
  CHECK(std::isnan(to_f32(f16_from_f32(NAN))));
  CHECK(bf16_from_f32(1.0f).bits == 0x3f80);
  CHECK(bf16_from_f32(f32_from_bits(0x3f808000)).bits == 0x3f80);  // tie → even
  CHECK(bf16_from_f32(f32_from_bits(0x3f818000)).bits == 0x3f82);  // tie → even (up)
  CHECK(std::isnan(to_f32(bf16_from_f32(NAN))));
  CHECK(bf16_from_f32(f32_from_bits(0x7f800001)).bits != 0x7f80);  // signalling NaN is not turned into Inf
}
