// AveragePool through the SIMD128 kernels (SIMDe natively): each version's output-shape formulas, hand-checked values for every
// type, and every attribute refusal.
#include <cmath>
#include <initializer_list>
#include <string>

#include "core/half.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

const int kVersions[] = {1, 7, 10, 11, 19, 22};

using Attr = std::pair<std::string, AttributeValue>;  // attrs_of (test_util.h) takes these

Attr ints(const std::string& name, std::vector<int64_t> v) { return {name, AttributeValue::Ints(std::move(v))}; }
Attr one(const std::string& name, int64_t v) { return {name, AttributeValue::Int(v)}; }
Attr str(const std::string& name, std::string v) { return {name, AttributeValue::String(std::move(v))}; }

int64_t count_of(const Dims& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

// 1, 2, 3, ... in the shape `dims`.
template <typename T>
Tensor iota(const Dims& dims) {
  std::vector<T> v;
  for (int64_t i = 0; i < count_of(dims); ++i) {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) v.push_back(static_cast<T>(i + 1));
    else v.push_back(half_from_f32<T>(static_cast<float>(i + 1)));
  }
  return make_tensor<T>(dims, v);
}

template <typename T>
double as_double(T v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return v;
  else return to_f32(v);
}

double relative_precision(DType t) {
  switch (t) {
    case DType::kFloat64: return 0x1p-52;
    case DType::kFloat32: return 0x1p-23;
    case DType::kFloat16: return 0x1p-11;
    default: return 0x1p-8;
  }
}

Status run_pool(int opset, const Attributes& attrs, const Tensor& x, Tensor* y) {
  return test::run("AveragePool", opset, attrs, {&x}, y);
}

Dims output_shape(int opset, const Attributes& attrs, const Dims& x_dims) {
  Tensor x = iota<float>(x_dims), y;
  Status st = run_pool(opset, attrs, x, &y);
  INFO(st.message());
  REQUIRE(st.ok());
  return y.dims();
}

// Runs on 1, 2, 3, ... in `dims` for every type the opset accepts and checks the values to the type's
// precision (most averages here are exact in every type).
void check_values(int opset, const Attributes& attrs, const Dims& dims, const Dims& want_dims, const std::vector<double>& want) {
  auto check = [&](auto type_tag) {
    using T = decltype(type_tag);
    Tensor x = iota<T>(dims), y;
    Status st = run_pool(opset, attrs, x, &y);
    INFO("opset " << opset << ": " << st.message());
    REQUIRE(st.ok());
    REQUIRE(y.dims() == want_dims);
    auto got = values_of<T>(y);
    REQUIRE(got.size() == want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      INFO("opset " << opset << " type " << dtype_name(DTypeOf<T>::value) << " output " << i);
      if (std::isnan(want[i])) CHECK(std::isnan(as_double(got[i])));
      else CHECK(std::abs(as_double(got[i]) - want[i]) <= std::abs(want[i]) * relative_precision(DTypeOf<T>::value));
    }
  };
  check(double{});
  check(float{});
  check(Float16{});
  if (opset >= 22) check(BFloat16{});
}

void check_values_from(int first_version, const Attributes& attrs, const Dims& dims, const Dims& want_dims,
                       const std::vector<double>& want) {
  for (int v : kVersions)
    if (v >= first_version) check_values(v, attrs, dims, want_dims, want);
}

Status refusal(int opset, const Attributes& attrs, const Dims& dims) {
  Tensor x = iota<float>(dims), y;
  return run_pool(opset, attrs, x, &y);
}

void check_refused(int opset, const Attributes& attrs, const Dims& dims, const std::string& names) {
  Status st = refusal(opset, attrs, dims);
  INFO("opset " << opset << ": " << st.message());
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK_THAT(st.message(), Catch::Contains(names));
  CHECK_THAT(st.message(), Catch::StartsWith("AveragePool-"));
}

}  // namespace

TEST_CASE("AveragePool output shapes: explicit pads (every version)", "[average_pool]") {
  for (int v : kVersions) {
    INFO("opset " << v);
    // floor((in + pads - kernel) / stride) + 1
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {3, 3}), ints("pads", {1, 1, 1, 1})}), {1, 1, 5, 5}) == Dims{1, 1, 5, 5});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2, 2}), ints("strides", {2, 2})}), {2, 3, 5, 5}) == Dims{2, 3, 2, 2});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {5, 5}), ints("strides", {3, 3})}), {1, 3, 32, 32}) == Dims{1, 3, 10, 10});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2}), ints("pads", {0, 3})}), {1, 1, 4}) == Dims{1, 1, 6});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2, 1, 3}), ints("pads", {1, 0, 0, 0, 2, 1})}), {1, 2, 4, 3, 5}) ==
          Dims{1, 2, 4, 5, 4});
  }
}

TEST_CASE("AveragePool output shapes: ceil_mode (version 10 and later)", "[average_pool]") {
  for (int v : {10, 11, 19, 22}) {
    INFO("opset " << v);
    // ceil((in + pads - kernel) / stride) + 1
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), one("ceil_mode", 1)}), {1, 1, 4, 4}) ==
          Dims{1, 1, 2, 2});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), one("ceil_mode", 1)}), {1, 1, 5}) ==
          Dims{1, 1, 3});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), one("ceil_mode", 0)}), {1, 1, 5}) ==
          Dims{1, 1, 2});
    // The last window would start in the end padding: dropped (2 -> 1).
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {3, 3}), ints("strides", {3, 3}), ints("pads", {1, 1, 1, 1}),
                                    one("ceil_mode", 1)}),
                       {1, 3, 2, 2}) == Dims{1, 3, 1, 1});
    // A window longer than the input: ceil((2 - 4) / 3) + 1 = 1, where floor gives 0 (refused below).
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {4}), ints("strides", {3}), one("ceil_mode", 1)}), {1, 1, 2}) ==
          Dims{1, 1, 1});
    // ... but one that starts inside the input is kept even when it overhangs the end padding.
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {3}), ints("strides", {3}), ints("pads", {1, 0}), one("ceil_mode", 1)}),
                       {1, 1, 6}) == Dims{1, 1, 3});
  }
}

TEST_CASE("AveragePool output shapes: auto_pad, where ceil_mode changes nothing", "[average_pool]") {
  for (int v : kVersions) {
    INFO("opset " << v);
    for (int64_t ceil : {0, 1}) {
      if (ceil && v < 10) continue;
      auto with = [&](std::initializer_list<Attr> list) {
        Attributes a = attrs_of(list);
        if (v >= 10) a.set("ceil_mode", AttributeValue::Int(ceil));
        return a;
      };
      // SAME: ceil(in / stride)
      CHECK(output_shape(v, with({str("auto_pad", "SAME_UPPER"), ints("kernel_shape", {3, 3}), ints("strides", {2, 2})}),
                         {1, 1, 5, 5}) == Dims{1, 1, 3, 3});
      CHECK(output_shape(v, with({str("auto_pad", "SAME_LOWER"), ints("kernel_shape", {2, 2})}), {1, 3, 32, 32}) ==
            Dims{1, 3, 32, 32});
      CHECK(output_shape(v, with({str("auto_pad", "SAME_UPPER"), ints("kernel_shape", {4}), ints("strides", {3})}), {1, 1, 7}) ==
            Dims{1, 1, 3});
      // VALID: floor((in - kernel) / stride) + 1
      CHECK(output_shape(v, with({str("auto_pad", "VALID"), ints("kernel_shape", {3}), ints("strides", {2})}), {1, 1, 6}) ==
            Dims{1, 1, 2});
      CHECK(output_shape(v, with({str("auto_pad", "VALID"), ints("kernel_shape", {3, 2}), ints("strides", {2, 3})}),
                         {1, 1, 7, 7}) == Dims{1, 1, 3, 2});
      // NOTSET is explicit padding (none here).
      CHECK(output_shape(v, with({str("auto_pad", "NOTSET"), ints("kernel_shape", {3})}), {1, 1, 6}) == Dims{1, 1, 4});
      // An empty auto_pad is NOTSET, as onnxruntime reads it: explicit pads are allowed with it.
      CHECK(output_shape(v, with({str("auto_pad", ""), ints("kernel_shape", {3})}), {1, 1, 6}) == Dims{1, 1, 4});
      CHECK(output_shape(v, with({str("auto_pad", ""), ints("kernel_shape", {3}), ints("pads", {1, 1})}), {1, 1, 6}) == Dims{1, 1, 6});
    }
  }
}

TEST_CASE("AveragePool output shapes: dilations (version 19 and later)", "[average_pool]") {
  for (int v : {19, 22}) {
    INFO("opset " << v);
    // The dilated extent (kernel - 1) * dilation + 1 takes the kernel's place in every formula.
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2, 2}), ints("dilations", {2, 2}), one("ceil_mode", 1)}), {1, 1, 4, 4}) ==
          Dims{1, 1, 2, 2});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {5, 5, 5}), ints("strides", {3, 3, 3}), ints("dilations", {2, 2, 2})}),
                       {1, 1, 32, 32, 32}) == Dims{1, 1, 8, 8, 8});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {5, 5, 5}), ints("strides", {3, 3, 3}), ints("dilations", {2, 2, 2}),
                                    one("ceil_mode", 1)}),
                       {1, 1, 32, 32, 32}) == Dims{1, 1, 9, 9, 9});
    CHECK(output_shape(v, attrs_of({str("auto_pad", "VALID"), ints("kernel_shape", {3}), ints("dilations", {2})}), {1, 1, 7}) ==
          Dims{1, 1, 3});
    CHECK(output_shape(v, attrs_of({str("auto_pad", "SAME_LOWER"), ints("kernel_shape", {3}), ints("dilations", {3}),
                                    ints("strides", {2})}),
                       {1, 1, 7}) == Dims{1, 1, 4});
    CHECK(output_shape(v, attrs_of({ints("kernel_shape", {2}), ints("dilations", {3}), ints("pads", {1, 1})}), {1, 1, 4}) ==
          Dims{1, 1, 3});
  }
}

TEST_CASE("AveragePool values: 1-D padding and the divisor", "[average_pool]") {
  const Dims x5 = {1, 1, 5};  // 1 2 3 4 5
  check_values_from(1, attrs_of({ints("kernel_shape", {2})}), x5, {1, 1, 4}, {1.5, 2.5, 3.5, 4.5});
  // Padding is excluded from the divisor unless count_include_pad.
  check_values_from(1, attrs_of({ints("kernel_shape", {3}), ints("pads", {1, 1})}), x5, {1, 1, 5}, {1.5, 2, 3, 4, 4.5});
  check_values_from(7, attrs_of({ints("kernel_shape", {3}), ints("pads", {1, 1}), one("count_include_pad", 1)}), x5, {1, 1, 5},
                    {1, 2, 3, 4, 3});
  check_values_from(7, attrs_of({ints("kernel_shape", {4}), ints("pads", {2, 0}), ints("strides", {2}), one("count_include_pad", 1)}),
                    x5, {1, 1, 2}, {0.75, 2.5});
  // A window entirely in the padding: nothing to average (0 / 0) or zeros over the padding.
  check_values_from(1, attrs_of({ints("kernel_shape", {2}), ints("pads", {0, 3})}), {1, 1, 1}, {1, 1, 3}, {1, NAN, NAN});
  check_values_from(7, attrs_of({ints("kernel_shape", {2}), ints("pads", {0, 3}), one("count_include_pad", 1)}), {1, 1, 1},
                    {1, 1, 3}, {0.5, 0, 0});
}

TEST_CASE("AveragePool values: SAME padding counts as padding", "[average_pool]") {
  const Dims x4 = {1, 1, 4};  // 1 2 3 4; k2 pads one: at the end (UPPER) or the beginning (LOWER)
  check_values_from(1, attrs_of({str("auto_pad", "SAME_UPPER"), ints("kernel_shape", {2})}), x4, {1, 1, 4}, {1.5, 2.5, 3.5, 4});
  check_values_from(1, attrs_of({str("auto_pad", "SAME_LOWER"), ints("kernel_shape", {2})}), x4, {1, 1, 4}, {1, 1.5, 2.5, 3.5});
  check_values_from(7, attrs_of({str("auto_pad", "SAME_UPPER"), ints("kernel_shape", {2}), one("count_include_pad", 1)}), x4,
                    {1, 1, 4}, {1.5, 2.5, 3.5, 2});
  check_values_from(7, attrs_of({str("auto_pad", "SAME_LOWER"), ints("kernel_shape", {2}), one("count_include_pad", 1)}), x4,
                    {1, 1, 4}, {0.5, 1.5, 2.5, 3.5});
  // 5x5 k3 s2 SAME_UPPER: pads 1 and 1 (test_averagepool_2d_precomputed_same_upper).
  check_values_from(1, attrs_of({str("auto_pad", "SAME_UPPER"), ints("kernel_shape", {3, 3}), ints("strides", {2, 2})}),
                    {1, 1, 5, 5}, {1, 1, 3, 3}, {4, 5.5, 7, 11.5, 13, 14.5, 19, 20.5, 22});
  // VALID never pads.
  check_values_from(1, attrs_of({str("auto_pad", "VALID"), ints("kernel_shape", {2}), ints("strides", {2})}), {1, 1, 5}, {1, 1, 2},
                    {1.5, 3.5});
}

TEST_CASE("AveragePool values: ceil_mode windows and their divisor", "[average_pool]") {
  // 4x4 1..16, k3 s2 ceil (test_averagepool_2d_ceil): the overhanging windows average what they cover.
  check_values_from(10, attrs_of({ints("kernel_shape", {3, 3}), ints("strides", {2, 2}), one("ceil_mode", 1)}), {1, 1, 4, 4},
                    {1, 1, 2, 2}, {6, 7.5, 12, 13.5});
  // With count_include_pad, overhang past the end padding is not counted: [4,5] then [5,-], pads 0.
  check_values_from(10, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), one("ceil_mode", 1), one("count_include_pad", 1)}),
                    {1, 1, 5}, {1, 1, 3}, {1.5, 3.5, 5});
  // ... while the end padding is: the last window covers 5 and one pad.
  check_values_from(10, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), ints("pads", {0, 1}), one("ceil_mode", 1),
                                  one("count_include_pad", 1)}),
                    {1, 1, 5}, {1, 1, 3}, {1.5, 3.5, 2.5});
  // A window longer than the input averages all of it; padding-free overhang is not counted.
  check_values_from(10, attrs_of({ints("kernel_shape", {4}), ints("strides", {3}), one("ceil_mode", 1), one("count_include_pad", 1)}),
                    {1, 1, 2}, {1, 1, 1}, {1.5});
  // The dropped window (test_averagepool_2d_ceil_last_window_starts_on_pad): one output, 9 taps counted.
  check_values_from(10, attrs_of({ints("kernel_shape", {3, 3}), ints("strides", {3, 3}), ints("pads", {1, 1, 1, 1}),
                                  one("ceil_mode", 1), one("count_include_pad", 1)}),
                    {1, 1, 2, 2}, {1, 1, 1, 1}, {10.0 / 9});
}

TEST_CASE("AveragePool values: dilations", "[average_pool]") {
  // 4x4 1..16, k2 d2 (test_averagepool_2d_dilations).
  check_values_from(19, attrs_of({ints("kernel_shape", {2, 2}), ints("dilations", {2, 2}), one("ceil_mode", 1)}), {1, 1, 4, 4},
                    {1, 1, 2, 2}, {6, 7, 10, 11});
  // 1..8, k2 d3 s3 ceil: taps {0,3} {3,6} {6,(9)}; the overhanging tap is not counted even with count_include_pad.
  check_values_from(19, attrs_of({ints("kernel_shape", {2}), ints("dilations", {3}), ints("strides", {3}), one("ceil_mode", 1),
                                  one("count_include_pad", 1)}),
                    {1, 1, 8}, {1, 1, 3}, {2.5, 5.5, 7});
  // Taps skip over the input: k2 d3 pads 1: taps {-1,2} {0,3} {1,(4)} on 1..4, padding counted.
  check_values_from(19, attrs_of({ints("kernel_shape", {2}), ints("dilations", {3}), ints("pads", {1, 1}), one("count_include_pad", 1)}),
                    {1, 1, 4}, {1, 1, 3}, {1.5, 2.5, 1});
  check_values_from(19, attrs_of({ints("kernel_shape", {2}), ints("dilations", {3}), ints("pads", {1, 1})}), {1, 1, 4}, {1, 1, 3},
                    {3, 2.5, 2});
}

TEST_CASE("AveragePool values: 3-D, 4-D and several planes", "[average_pool]") {
  check_values_from(1, attrs_of({ints("kernel_shape", {2, 2, 2})}), {1, 1, 2, 2, 2}, {1, 1, 1, 1, 1}, {4.5});
  check_values_from(1, attrs_of({ints("kernel_shape", {2, 2, 2, 2})}), {1, 1, 2, 2, 2, 2}, {1, 1, 1, 1, 1, 1}, {8.5});
  // 2x2x2 with pads 1 everywhere, k2: corner windows see one value, the centre all eight.
  {
    std::vector<double> want;
    for (int d = 0; d < 3; ++d)
      for (int h = 0; h < 3; ++h)
        for (int w = 0; w < 3; ++w) {
          double sum = 0, n = 0;
          for (int a = d - 1; a <= d; ++a)
            for (int b = h - 1; b <= h; ++b)
              for (int c = w - 1; c <= w; ++c)
                if (a >= 0 && a < 2 && b >= 0 && b < 2 && c >= 0 && c < 2) sum += 1 + a * 4 + b * 2 + c, ++n;
          want.push_back(sum / n);
        }
    CHECK(want[0] == 1);
    CHECK(want[13] == 4.5);
    check_values_from(1, attrs_of({ints("kernel_shape", {2, 2, 2}), ints("pads", {1, 1, 1, 1, 1, 1})}), {1, 1, 2, 2, 2},
                      {1, 1, 3, 3, 3}, want);
  }
  // N=2, C=2: planes 1..4, 5..8, 9..12, 13..16 each pooled alone.
  check_values_from(1, attrs_of({ints("kernel_shape", {2, 2})}), {2, 2, 2, 2}, {2, 2, 1, 1}, {2.5, 6.5, 10.5, 14.5});
  // An outer-axis window entirely in the padding: rows of 0 / 0, or of zeros with count_include_pad.
  check_values_from(1, attrs_of({ints("kernel_shape", {1, 2}), ints("pads", {1, 0, 0, 0})}), {1, 1, 1, 3}, {1, 1, 2, 2},
                    {NAN, NAN, 1.5, 2.5});
  check_values_from(7, attrs_of({ints("kernel_shape", {1, 2}), ints("pads", {1, 0, 0, 0}), one("count_include_pad", 1)}),
                    {1, 1, 1, 3}, {1, 1, 2, 2}, {0, 0, 1.5, 2.5});
  // An empty batch gives an empty output of the right shape.
  CHECK(output_shape(22, attrs_of({ints("kernel_shape", {2})}), {0, 3, 5}) == Dims{0, 3, 4});
}

TEST_CASE("AveragePool values: global windows (merged axes) and windows over several rows", "[average_pool]") {
  // Global windows over 2 and 3 axes are summed as one block: the mean of 1..n is (n + 1) / 2.
  check_values_from(1, attrs_of({ints("kernel_shape", {7, 7})}), {1, 2, 7, 7}, {1, 2, 1, 1}, {25, 74});
  check_values_from(1, attrs_of({ints("kernel_shape", {3, 4, 5})}), {1, 1, 3, 4, 5}, {1, 1, 1, 1, 1}, {30.5});
  // Only the last two axes whole: each depth pair of 4x5 slabs averages to the mean of its 40 values.
  check_values_from(1, attrs_of({ints("kernel_shape", {2, 4, 5})}), {1, 1, 3, 4, 5}, {1, 1, 2, 1, 1}, {20.5, 40.5});
  // Whole last axis but a padded one before it: not merged; the padded row counts only with
  // count_include_pad.
  check_values_from(7, attrs_of({ints("kernel_shape", {2, 3}), ints("pads", {0, 0, 1, 0}), one("count_include_pad", 1)}),
                    {1, 1, 2, 3}, {1, 1, 2, 1}, {3.5, 5.0 / 2});
  // A 3-D window of 3 x 3 rows (nine rows summed) with stride 2 and kernel 3 along the row.
  {
    const Dims dims = {1, 1, 4, 5, 7};
    std::vector<double> want;
    for (int d = 0; d < 1; ++d)
      for (int h = 0; h < 2; ++h)
        for (int w = 0; w < 3; ++w) {
          double sum = 0;
          for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
              for (int c = 0; c < 3; ++c) sum += 1 + (2 * d + a) * 35 + (2 * h + b) * 7 + (2 * w + c);
          want.push_back(sum / 27);
        }
    check_values_from(1, attrs_of({ints("kernel_shape", {3, 3, 3}), ints("strides", {2, 2, 2})}), dims, {1, 1, 1, 2, 3}, want);
  }
}

namespace {

// A brute-force 2-D AveragePool of 1, 2, 3, ... in {planes, 1, h, w} with explicit pads (ceil_mode off):
// each window's taps inside the input summed, divided by their count or by the taps inside the padding.
struct Pool2d {
  int64_t kernel[2], stride[2], dilation[2], pad_begin[2], pad_end[2];
  bool count_include_pad;

  Attributes attributes() const {
    return attrs_of({ints("kernel_shape", {kernel[0], kernel[1]}), ints("strides", {stride[0], stride[1]}),
                     ints("dilations", {dilation[0], dilation[1]}), ints("pads", {pad_begin[0], pad_begin[1], pad_end[0], pad_end[1]}),
                     one("count_include_pad", count_include_pad)});
  }
  int64_t output(int axis, int64_t in) const {
    return (in + pad_begin[axis] + pad_end[axis] - ((kernel[axis] - 1) * dilation[axis] + 1)) / stride[axis] + 1;
  }
  std::vector<double> values(int64_t planes, int64_t h, int64_t w) const {
    std::vector<double> y;
    for (int64_t p = 0; p < planes; ++p)
      for (int64_t oh = 0; oh < output(0, h); ++oh)
        for (int64_t ow = 0; ow < output(1, w); ++ow) {
          double sum = 0, inside = 0, padded = 0;
          for (int64_t kh = 0; kh < kernel[0]; ++kh)
            for (int64_t kw = 0; kw < kernel[1]; ++kw) {
              const int64_t i = oh * stride[0] - pad_begin[0] + kh * dilation[0], j = ow * stride[1] - pad_begin[1] + kw * dilation[1];
              if (i >= 0 && i < h && j >= 0 && j < w) sum += 1 + (p * h + i) * w + j, ++inside;
              if (i < h + pad_end[0] && j < w + pad_end[1]) ++padded;
            }
          y.push_back(sum / (count_include_pad ? padded : inside));
        }
    return y;
  }
  void check(int64_t planes, int64_t h, int64_t w) const {
    INFO("planes " << planes << ", " << h << " x " << w << ", count_include_pad " << count_include_pad);
    check_values_from(19, attributes(), {planes, 1, h, w}, {planes, 1, output(0, h), output(1, w)}, values(planes, h, w));
  }
};

}  // namespace

TEST_CASE("AveragePool values: windows wholly in the padding, at either end of one axis or several", "[average_pool]") {
  for (bool count_include_pad : {false, true}) {
    // Rows 0, 1 and 5 and columns 0, 3 and 4 are windows in the padding: NaN (0 / 0), or 0 counting it.
    Pool2d{{2, 1}, {1, 1}, {1, 1}, {3, 1}, {2, 2}, count_include_pad}.check(1, 2, 2);
    Pool2d{{2, 1}, {1, 1}, {1, 1}, {3, 1}, {2, 2}, count_include_pad}.check(3, 2, 3);
    // Dilated and strided: taps that skip over the input inside the run of windows that reach it.
    Pool2d{{2, 2}, {2, 1}, {2, 3}, {4, 0}, {3, 5}, count_include_pad}.check(2, 3, 2);
    Pool2d{{3, 2}, {3, 2}, {1, 2}, {7, 6}, {8, 1}, count_include_pad}.check(1, 4, 5);
    // Strides past the window: no window reaches the input on the first axis, or on either.
    Pool2d{{1, 1}, {5, 1}, {1, 1}, {2, 0}, {2, 0}, count_include_pad}.check(2, 2, 2);
    Pool2d{{1, 1}, {5, 5}, {1, 1}, {2, 2}, {2, 2}, count_include_pad}.check(1, 2, 2);
  }
  // ceil_mode and the empty runs: 1, 2, 3 with pads 4 + 0, k2 s2: windows [-4,-3] [-2,-1] [0,1] [2,(3)];
  // the first two average nothing, the last overhangs the end (never counted).
  check_values_from(10, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), ints("pads", {4, 0}), one("ceil_mode", 1)}),
                    {1, 1, 3}, {1, 1, 4}, {NAN, NAN, 1.5, 3});
  check_values_from(10, attrs_of({ints("kernel_shape", {2}), ints("strides", {2}), ints("pads", {4, 0}), one("ceil_mode", 1),
                                  one("count_include_pad", 1)}),
                    {1, 1, 3}, {1, 1, 4}, {0, 0, 1.5, 3});
  // An empty spatial axis, padded: every window is in the padding.
  check_values_from(1, attrs_of({ints("kernel_shape", {1}), ints("pads", {1, 1})}), {1, 2, 0}, {1, 2, 2}, {NAN, NAN, NAN, NAN});
  check_values_from(7, attrs_of({ints("kernel_shape", {1}), ints("pads", {1, 1}), one("count_include_pad", 1)}), {1, 2, 0}, {1, 2, 2},
                    {0, 0, 0, 0});
}

TEST_CASE("AveragePool values: the fixed windows' vector loops over every row width near their blocks", "[average_pool]") {
  // kernel_shape [2, 2] stride 2, [3, 3] stride 1 and 2 (the windows with loops of their own) with pads
  // of 0 to 2 (1 puts one window before the full ones in the vector loop), on rows of 1 to 21, so that
  // each block, carried tap, overlapping last block and one-at-a-time window is met for every lane
  // count (under the sanitizers, also that no load passes the tensors' allocations); on 4, 7 and 8
  // rows, so that 3x3 windows pool full output rows in pairs and, after an odd count of them, one alone.
  for (bool count_include_pad : {false, true})
    for (int64_t k : {2, 3})
      for (int64_t s : {1, 2}) {
        if (k == 2 && s == 1) continue;
        for (int64_t pad : {0, 1, 2}) {
          if (pad >= k) continue;
          const Pool2d pool{{k, k}, {s, s}, {1, 1}, {pad, pad}, {pad, pad}, count_include_pad};
          // Two planes of 4 rows, or one of more, keep the values 1, 2, 3, ... exact in bfloat16 (to 256).
          for (int64_t h : {4, 7, 8})
            for (int64_t w = 1; w <= 21; ++w)
              if (w + 2 * pad >= k) pool.check(h == 4 ? 2 : 1, h, w);  // else the output would be empty
        }
      }
}

TEST_CASE("AveragePool values: one element and a million outputs of padding (issue 12, smaller)", "[average_pool]") {
  for (bool count_include_pad : {false, true}) {
    Tensor x = make_tensor<Float16>({1, 1, 1}, {half_from_f32<Float16>(3)}), y;
    REQUIRE(run_pool(22, attrs_of({ints("kernel_shape", {1}), ints("pads", {0, 1000000}), one("count_include_pad", count_include_pad)}), x, &y)
                .ok());
    REQUIRE(y.dims() == Dims{1, 1, 1000001});
    const Float16* v = y.data<Float16>();
    CHECK(to_f32(v[0]) == 3);
    for (size_t o : {size_t{1}, size_t{2}, size_t{500000}, size_t{1000000}}) {
      INFO("output " << o);
      if (count_include_pad) CHECK(v[o].bits == 0);  // +0
      else CHECK(std::isnan(to_f32(v[o])));
    }
  }
}

TEST_CASE("AveragePool refuses bad attributes, naming them", "[average_pool]") {
  const Dims x = {1, 1, 5, 5};
  for (int v : kVersions) {
    check_refused(v, attrs_of({}), x, "'kernel_shape' is required");
    check_refused(v, attrs_of({ints("kernel_shape", {})}), x, "'kernel_shape'");
    check_refused(v, attrs_of({one("kernel_shape", 2)}), x, "'kernel_shape' must be a list of ints");
    check_refused(v, attrs_of({ints("kernel_shape", {2})}), x, "'kernel_shape' has 1 values but input X");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2, 2})}), x, "'kernel_shape' has 3 values");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 0})}), x, "'kernel_shape' must be positive");
    check_refused(v, attrs_of({ints("kernel_shape", {2, -1})}), x, "'kernel_shape' must be positive");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("strides", {1})}), x, "'strides' has 1 values but needs 2");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("strides", {1, 0})}), x, "'strides' must be positive");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("pads", {1, 1})}), x, "'pads' has 2 values but needs 4");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("pads", {0, 0, -1, 0})}), x, "'pads' must be non-negative");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("strides", {1, 4294967296})}), x, "'strides' has a value too large");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), str("auto_pad", "SAME")}), x, "'auto_pad' must be NOTSET, SAME_UPPER");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), one("auto_pad", 1)}), x, "'auto_pad' must be a string");
    for (const char* mode : {"SAME_UPPER", "SAME_LOWER", "VALID"})
      check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), str("auto_pad", mode), ints("pads", {0, 0, 0, 0})}), x,
                    "'pads' cannot be used with auto_pad '" + std::string(mode) + "'");
    check_refused(v, attrs_of({ints("kernel_shape", {2})}), {1, 5}, "input X must have rank 3 or more");
    // An output dimension below 1.
    check_refused(v, attrs_of({ints("kernel_shape", {6, 2})}), x, "kernel_shape[0] = 6 does not fit in spatial axis 0 of size 5");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 8}), ints("pads", {0, 1, 0, 1})}), x,
                  "kernel_shape[1] = 8 does not fit in spatial axis 1 of size 5 plus pads 1 + 1");
    check_refused(v, attrs_of({ints("kernel_shape", {6, 2}), str("auto_pad", "VALID")}), x, "kernel_shape[0] = 6 does not fit");
    check_refused(v, attrs_of({ints("kernel_shape", {4}), ints("strides", {3})}), {1, 1, 2}, "kernel_shape[0] = 4 does not fit");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), str("auto_pad", "SAME_UPPER")}), {1, 1, 0, 5}, "auto_pad SAME");
  }
  for (int v : {7, 10, 11, 19, 22})
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), one("count_include_pad", 2)}), x, "'count_include_pad' must be 0 or 1");
  for (int v : {10, 11, 19, 22})
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), one("ceil_mode", -1)}), x, "'ceil_mode' must be 0 or 1");
  for (int v : {19, 22}) {
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("dilations", {1, 1, 1})}), x, "'dilations' has 3 values but needs 2");
    check_refused(v, attrs_of({ints("kernel_shape", {2, 2}), ints("dilations", {1, 0})}), x, "'dilations' must be positive");
    check_refused(v, attrs_of({ints("kernel_shape", {3, 2}), ints("dilations", {3, 1})}), x,
                  "kernel_shape[0] = 3 with dilations[0] = 3 (extent 7) does not fit in spatial axis 0 of size 5");
  }
}

TEST_CASE("AveragePool refuses attributes and types a version does not define", "[average_pool]") {
  const Dims x = {1, 1, 4, 4};
  check_refused(6, attrs_of({ints("kernel_shape", {2, 2}), one("count_include_pad", 1)}), x,
                "AveragePool-1: attribute 'count_include_pad' is not defined by this version (defined by version 7)");
  check_refused(9, attrs_of({ints("kernel_shape", {2, 2}), one("ceil_mode", 1)}), x,
                "AveragePool-7: attribute 'ceil_mode' is not defined by this version (defined by version 10)");
  check_refused(18, attrs_of({ints("kernel_shape", {2, 2}), ints("dilations", {1, 1})}), x,
                "AveragePool-11: attribute 'dilations' is not defined by this version (defined by version 19)");
  check_refused(22, attrs_of({ints("kernel_shape", {2, 2}), one("storage_order", 0)}), x, "'storage_order' is not defined");

  Attributes k2 = attrs_of({ints("kernel_shape", {2, 2})});
  Tensor bf = iota<BFloat16>(x), i32 = make_tensor<int32_t>({1, 1, 2, 2}, {1, 2, 3, 4}), y;
  CHECK(run_pool(22, k2, bf, &y).ok());
  Status st = run_pool(21, k2, bf, &y);
  CHECK(st.code() == ErrorCode::kInvalidArgument);
  CHECK_THAT(st.message(), Catch::Contains("AveragePool-19: input 0 has type bfloat16"));
  CHECK(run_pool(22, k2, i32, &y).code() == ErrorCode::kInvalidArgument);
  CHECK(PreparedOp::create("AveragePool", 0, k2).status().code() == ErrorCode::kUnsupported);
}
