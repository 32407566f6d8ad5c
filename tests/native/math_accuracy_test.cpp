// The accuracy of the elementwise math kernels (kernels/unary_math.h) against references in a wider
// type: float32 within 2 ulp of the correctly rounded result (the double reference rounded) over a dense
// sweep of every binade, both signs, and every pattern near the subnormal, overflow, infinity and NaN
// boundaries and the kernels' own thresholds; float64 within 2 ulp of the long double reference; float16
// and bfloat16, every pattern, the correctly rounded result of a float32 within 2 ulp of the exact one
// (they compute in float32 and round once), exact where the float32 is (Abs, Neg, Reciprocal, Sqrt).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/half.h"
#include "kernels/unary_math.h"
#include "test_util.h"

using namespace ow;
using kernels::UnaryMath;

namespace {

struct Op {
  UnaryMath op;
  const char* name;
  long double (*reference)(long double);
  int ulps;  // the bound
  // The exact ops' float64 reference, IEEE's own operation in double: the long double one rounded to
  // double could round twice.
  double (*exact64)(double) = nullptr;
};

long double sigmoid(long double x) {
  const long double e = std::exp(-std::fabs(x));
  return (x < 0 ? e : 1.0L) / (1.0L + e);
}

const Op kOps[] = {
    {UnaryMath::kAbs, "Abs", [](long double x) { return std::fabs(x); }, 0, [](double x) { return std::fabs(x); }},
    {UnaryMath::kNeg, "Neg", [](long double x) { return -x; }, 0, [](double x) { return -x; }},
    {UnaryMath::kReciprocal, "Reciprocal", [](long double x) { return 1.0L / x; }, 0, [](double x) { return 1.0 / x; }},
    {UnaryMath::kSqrt, "Sqrt", [](long double x) { return std::sqrt(x); }, 0, [](double x) { return std::sqrt(x); }},
    {UnaryMath::kExp, "Exp", [](long double x) { return std::exp(x); }, 2},
    {UnaryMath::kLog, "Log", [](long double x) { return std::log(x); }, 2},
    {UnaryMath::kTanh, "Tanh", [](long double x) { return std::tanh(x); }, 2},
    {UnaryMath::kSigmoid, "Sigmoid", sigmoid, 2},
    {UnaryMath::kErf, "Erf", [](long double x) { return std::erf(x); }, 2},
    {UnaryMath::kSign, "Sign", [](long double x) { return x > 0 ? 1.0L : x < 0 ? -1.0L : x == 0 ? 0.0L : x; }, 0,
     [](double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x; }},
    {UnaryMath::kSin, "Sin", [](long double x) { return std::sin(x); }, 2},
    {UnaryMath::kCos, "Cos", [](long double x) { return std::cos(x); }, 2},
    {UnaryMath::kTan, "Tan", [](long double x) { return std::tan(x); }, 2},
    {UnaryMath::kAsin, "Asin", [](long double x) { return std::asin(x); }, 2},
    {UnaryMath::kAcos, "Acos", [](long double x) { return std::acos(x); }, 2},
    {UnaryMath::kAtan, "Atan", [](long double x) { return std::atan(x); }, 2},
    {UnaryMath::kSinh, "Sinh", [](long double x) { return std::sinh(x); }, 2},
    {UnaryMath::kCosh, "Cosh", [](long double x) { return std::cosh(x); }, 2},
    {UnaryMath::kAsinh, "Asinh", [](long double x) { return std::asinh(x); }, 2},
    {UnaryMath::kAcosh, "Acosh", [](long double x) { return std::acosh(x); }, 2},
    {UnaryMath::kAtanh, "Atanh", [](long double x) { return std::atanh(x); }, 2},
};

// A float's or double's position on the number line in ulps: adjacent values differ by 1, ±0 are both 0.
int64_t ordinal(float f) {
  int32_t i;
  std::memcpy(&i, &f, sizeof i);
  return i < 0 ? -int64_t{i & 0x7fffffff} : int64_t{i};
}
__int128 ordinal(double d) {
  int64_t i;
  std::memcpy(&i, &d, sizeof i);
  return i < 0 ? -__int128{i & INT64_MAX} : __int128{i};
}

// Whether `got` is within `ulps` of `want` (NaN only for NaN).
template <typename F>
bool within(F got, F want, int ulps) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
  const auto d = ordinal(got) - ordinal(want);
  return (d < 0 ? -d : d) <= ulps;
}

template <typename T>
std::vector<T> run(kernels::UnaryLoop loop, const std::vector<T>& xs) {
  std::vector<T> ys(xs.size());
  loop(xs.data(), ys.data(), xs.size());
  return ys;
}

// Every float32 pattern at a stride through the whole range (both signs: every binade, subnormals, inf
// and NaN), and every pattern within 2048 of the boundaries.
std::vector<float> float32_points() {
  std::vector<uint32_t> bits;
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += 997) bits.push_back(static_cast<uint32_t>(b));
  // Densely where the functions change shape: |x| up to 128.
  for (uint32_t b = 0; b < 0x43000000u; b += 331) {
    bits.push_back(b);
    bits.push_back(b | 0x80000000u);
  }
  const float edges[] = {0.0f, 0x1p-149f, 0x1p-126f, 0x1p-24f, 0.5f, 0.625f, 0.7071067811865476f, 1.0f, 1.4142135623730951f, 2.0f,
                         9.0f, 87.33654f, 88.72284f, 89.0f, 103.97208f, 104.0f, 0x1p127f, __builtin_inff(), __builtin_nanf("")};
  for (float e : edges) {
    uint32_t u;
    std::memcpy(&u, &e, sizeof u);
    for (int64_t d = -2048; d <= 2048; ++d) {
      const int64_t b = int64_t{u} + d;
      if (b < 0 || b > 0x7fffffff) continue;
      bits.push_back(static_cast<uint32_t>(b));
      bits.push_back(static_cast<uint32_t>(b) | 0x80000000u);
    }
  }
  std::vector<float> xs(bits.size());
  std::memcpy(xs.data(), bits.data(), bits.size() * sizeof(float));
  return xs;
}

}  // namespace

TEST_CASE("float32 math: within its bound of the correctly rounded result over the whole range", "[math][accuracy]") {
  const std::vector<float> xs = float32_points();
  for (const Op& op : kOps) {
    const std::vector<float> ys = run(kernels::unary_math_f32(op.op), xs);
    size_t failures = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const float want = static_cast<float>(static_cast<double>(op.reference(xs[i])));
      if (within(ys[i], want, op.ulps) || failures++ >= 5) continue;
      INFO(op.name << "(" << std::hexfloat << xs[i] << ") = " << ys[i] << ", correctly rounded " << want);
      CHECK(false);
    }
    INFO(op.name << " float32: " << xs.size() << " points");
    CHECK(failures == 0);
  }
}

TEST_CASE("float64 math: within its bound of the long double reference", "[math][accuracy]") {
  std::vector<uint64_t> bits;
  for (uint64_t b = 0; b < (uint64_t{1} << 63); b += (uint64_t{1} << 63) / 400000) {
    bits.push_back(b);
    bits.push_back(b | (uint64_t{1} << 63));
  }
  // |x| in [2^-30, 2^10) densely, and the subnormal, overflow and special boundaries.
  for (uint64_t b = 0x3e10000000000000u; b < 0x4090000000000000u; b += 0x0090000000000000u / 20000) {
    bits.push_back(b);
    bits.push_back(b | (uint64_t{1} << 63));
  }
  std::vector<double> xs(bits.size());
  std::memcpy(xs.data(), bits.data(), bits.size() * sizeof(double));
  for (double e : {0.0, 0x1p-1074, 0x1p-1022, 0.5, 1.0, 709.782712893384, 745.1332191019411, 0x1.fffffffffffffp1023,
                   static_cast<double>(__builtin_inf()), static_cast<double>(__builtin_nan(""))}) {
    for (double v = e, k = 0; k < 64; ++k, v = std::nextafter(v, 0.0)) {
      xs.push_back(v);
      xs.push_back(-v);
    }
  }
  for (const Op& op : kOps) {
    const std::vector<double> ys = run(kernels::unary_math_f64(op.op), xs);
    size_t failures = 0;
    for (size_t i = 0; i < xs.size(); ++i) {
      const double want = op.exact64 ? op.exact64(xs[i]) : static_cast<double>(op.reference(xs[i]));
      if (within(ys[i], want, op.ulps) || failures++ >= 5) continue;
      INFO(op.name << "(" << std::hexfloat << xs[i] << ") = " << ys[i] << ", reference " << want);
      CHECK(false);
    }
    INFO(op.name << " float64: " << xs.size() << " points");
    CHECK(failures == 0);
  }
}

namespace {

// Every pattern of half type H through op's loop: the result must be the correctly rounded half of a
// float32 within op.ulps of the exact result (for op.ulps = 0, of the exact result itself).
template <typename H>
void half_sweep(const Op& op, kernels::UnaryLoop loop, const char* type) {
  std::vector<H> xs(65536);
  for (size_t i = 0; i < xs.size(); ++i) xs[i] = H{static_cast<uint16_t>(i)};
  const std::vector<H> ys = run(loop, xs);
  size_t failures = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    const float x = to_f32(xs[i]);
    const float got = to_f32(ys[i]);
    const long double exact = op.reference(x);
    const float nearest = static_cast<float>(static_cast<double>(exact));
    bool ok;
    if (std::isnan(nearest) || std::isnan(got)) {
      ok = std::isnan(nearest) && std::isnan(got);
    } else if (op.ulps == 0) {
      // exact ops: the float32 is the correctly rounded result, rounded again without harm (24 >= 2 * 11 + 2)
      ok = ordinal(got) == ordinal(to_f32(half_from_f32<H>(nearest)));
    } else {
      float lo = nearest, hi = nearest;
      for (int k = 0; k < op.ulps; ++k) {
        lo = std::nextafter(lo, -__builtin_inff());
        hi = std::nextafter(hi, __builtin_inff());
      }
      ok = ordinal(got) >= ordinal(to_f32(half_from_f32<H>(lo))) && ordinal(got) <= ordinal(to_f32(half_from_f32<H>(hi)));
    }
    if (ok || failures++ >= 5) continue;
    INFO(op.name << " " << type << "(" << x << ") = " << got << ", exact " << static_cast<double>(exact));
    CHECK(false);
  }
  INFO(op.name << " " << type);
  CHECK(failures == 0);
}

}  // namespace

TEST_CASE("float16 and bfloat16 math: every pattern, rounded once from float32", "[math][accuracy]") {
  for (const Op& op : kOps) {
    half_sweep<Float16>(op, kernels::unary_math_f16(op.op), "float16");
    half_sweep<BFloat16>(op, kernels::unary_math_bf16(op.op), "bfloat16");
  }
}
