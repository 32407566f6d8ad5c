// Resize through the SIMD128 kernels (SIMDe natively) against scalar references written another way:
// bilinear in onnxruntime's manner (x_original clamped, two neighbours per axis), nearest per mode, on
// several planes and row widths around the vector width; and refusals naming the input or attribute.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

Status resize(int opset, const Attributes& a, const Tensor& x, const std::vector<float>& scales, Tensor* y) {
  const Tensor s = make_tensor<float>({static_cast<int64_t>(scales.size())}, scales);
  return run("Resize", opset, a, {&x, nullptr, &s}, y);
}

// align_corners divides by the output length before flooring, in * scale, as ONNX's reference does.
float bilinear_reference(const std::vector<float>& x, int64_t h, int64_t w, float sy, float sx, int64_t oy, int64_t ox, bool align) {
  const auto coord = [&](int64_t o, float s, int64_t in) {
    const float width = static_cast<float>(in) * s;
    float c = align ? (width == 1 ? 0.0f : static_cast<float>(o) * static_cast<float>(in - 1) / (width - 1))
                    : (static_cast<float>(o) + 0.5f) / s - 0.5f;
    return std::min(std::max(c, 0.0f), static_cast<float>(in - 1));
  };
  const float cy = coord(oy, sy, h), cx = coord(ox, sx, w);
  const int64_t y0 = static_cast<int64_t>(cy), x0 = static_cast<int64_t>(cx);
  const int64_t y1 = std::min(y0 + 1, h - 1), x1 = std::min(x0 + 1, w - 1);
  const float dy = cy - y0, dx = cx - x0;
  const auto at = [&](int64_t r, int64_t c) { return x[static_cast<size_t>(r * w + c)]; };
  return (at(y0, x0) * (1 - dx) + at(y0, x1) * dx) * (1 - dy) + (at(y1, x0) * (1 - dx) + at(y1, x1) * dx) * dy;
}

}  // namespace

TEST_CASE("Resize: bilinear (half_pixel, align_corners) against onnxruntime's formula", "[resize]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> value(-10, 10);
  for (int64_t w : {1, 3, 4, 5, 8, 13, 17}) {
    for (int64_t h : {1, 2, 5}) {
      for (const auto& [sy, sx] : std::vector<std::pair<float, float>>{{2, 2}, {0.5f, 0.5f}, {1.5f, 3}, {1, 0.7f}}) {
        for (bool align : {false, true}) {
          std::vector<float> x(static_cast<size_t>(2 * h * w));
          for (float& v : x) v = value(rng);
          Attributes a;
          a.set("mode", AttributeValue::String("linear"));
          a.set("coordinate_transformation_mode", AttributeValue::String(align ? "align_corners" : "half_pixel"));
          Tensor y;
          const Status st = resize(19, a, make_tensor<float>({2, h, w}, x), {1, sy, sx}, &y);
          INFO("h " << h << " w " << w << " scales " << sy << " " << sx << ": " << st.message());
          REQUIRE(st.ok());
          const int64_t oh = y.dims()[1], ow = y.dims()[2];
          const auto got = values_of<float>(y);
          for (int64_t p = 0; p < 2; ++p) {
            const std::vector<float> plane(x.begin() + p * h * w, x.begin() + (p + 1) * h * w);
            for (int64_t oy = 0; oy < oh; ++oy)
              for (int64_t ox = 0; ox < ow; ++ox) {
                const float want = bilinear_reference(plane, h, w, sy, sx, oy, ox, align);
                INFO("output " << p << "," << oy << "," << ox);
                CHECK(std::abs(got[static_cast<size_t>((p * oh + oy) * ow + ox)] - want) <= 1e-5f * (1 + std::abs(want)));
              }
          }
        }
      }
    }
  }
}

TEST_CASE("Resize: nearest copies the element each nearest_mode picks, for every element size", "[resize]") {
  const std::vector<float> x = {0, 1, 2, 3, 4};
  const std::pair<const char*, std::vector<float>> modes[] = {
      {"floor", {0, 0, 1, 1, 2, 2, 3, 3, 4, 4}}, {"ceil", {0, 1, 1, 2, 2, 3, 3, 4, 4, 4}},
      {"round_prefer_floor", {0, 0, 1, 1, 2, 2, 3, 3, 4, 4}}, {"round_prefer_ceil", {0, 1, 1, 2, 2, 3, 3, 4, 4, 4}}};
  for (const auto& [mode, want] : modes) {
    Attributes a;
    a.set("coordinate_transformation_mode", AttributeValue::String("asymmetric"));
    a.set("nearest_mode", AttributeValue::String(mode));
    Tensor y;
    REQUIRE(resize(13, a, make_tensor<float>({5}, x), {2}, &y).ok());
    INFO(mode);
    CHECK(values_of<float>(y) == want);
    const Tensor xi = make_tensor<int64_t>({5}, {0, 1, 2, 3, 4});
    const Tensor s = make_tensor<float>({1}, {2});
    REQUIRE(run("Resize", 13, a, {&xi, nullptr, &s}, &y).ok());
    for (size_t i = 0; i < want.size(); ++i) CHECK(values_of<int64_t>(y)[i] == static_cast<int64_t>(want[i]));
  }
}

TEST_CASE("Resize: refusals name the input or attribute", "[resize]") {
  const Tensor x = make_tensor<float>({1, 4}, {1, 2, 3, 4});
  Tensor y;
  Attributes a;
  a.set("mode", AttributeValue::String("area"));
  Status st = resize(19, a, x, {1, 2}, &y);
  CHECK_THAT(st.message(), Catch::StartsWith("Resize-19: attribute 'mode' must be nearest, linear or cubic, got 'area'"));
  st = resize(19, Attributes(), x, {1, 2, 3}, &y);
  CHECK_THAT(st.message(), Catch::Contains("input 'scales' has 3 values but needs 2"));
  st = resize(19, Attributes(), x, {1, -2}, &y);
  CHECK_THAT(st.message(), Catch::Contains("input 'scales' must be positive"));
}

// ONNX's reference sums every tap: a NaN beside an integer x_original, of weight 0, reaches the output,
// through the vector loops (widths around their 4 and 2 lanes) as through the scalar tails, along the
// last axis (columns) and the axis before it (rows combined, upscaling and downscaling); an axis that
// is not resized does not spread it.
TEST_CASE("Resize: every tap of a resized axis counts, NaN of weight 0 too", "[resize]") {
  Attributes a;
  a.set("mode", AttributeValue::String("linear"));
  a.set("coordinate_transformation_mode", AttributeValue::String("asymmetric"));
  // Whether output o of an axis of n resized by s (asymmetric: x_original o / s) reads input k: its
  // window is [floor(x), floor(x) + 1], or [x - 1, x] for an integer x, clamped to the axis.
  const auto reads = [](int64_t o, float s, int64_t n, int64_t k) {
    const float x = static_cast<float>(o) / s;
    const int64_t base = static_cast<int64_t>(std::ceil(x)) - 1;
    return std::clamp<int64_t>(base, 0, n - 1) == k || std::clamp<int64_t>(base + 1, 0, n - 1) == k;
  };
  for (int64_t n : {3, 4, 5, 8, 9, 13}) {
    for (int64_t k = 0; k < n; ++k) {
      INFO("length " << n << ", NaN at " << k);
      // Along the last axis; the second row (axis 0 not resized) stays 2.
      std::vector<float> rows(static_cast<size_t>(2 * n), 2.0f);
      rows[static_cast<size_t>(k)] = NAN;
      Tensor y;
      REQUIRE(resize(19, a, make_tensor<float>({2, n}, rows), {1, 2}, &y).ok());
      auto got = values_of<float>(y);
      for (int64_t o = 0; o < 2 * n; ++o) {
        INFO("output " << o);
        CHECK(std::isnan(got[static_cast<size_t>(o)]) == reads(o, 2, n, k));
        CHECK(got[static_cast<size_t>(2 * n + o)] == 2.0f);
      }
      // Along the axis before the last: row k all NaN, the rows resized by 2 or 0.5, the columns by 2.
      std::vector<float> plane(static_cast<size_t>(n * 6), 1.0f);
      std::fill_n(plane.begin() + k * 6, 6, NAN);
      for (float s : {2.0f, 0.5f}) {
        REQUIRE(resize(19, a, make_tensor<float>({n, 6}, plane), {s, 2}, &y).ok());
        got = values_of<float>(y);
        const int64_t out = y.dims()[0];
        for (int64_t o = 0; o < out; ++o) {
          INFO("scale " << s << ", output row " << o);
          for (int64_t c = 0; c < 12; ++c) CHECK(std::isnan(got[static_cast<size_t>(o * 12 + c)]) == reads(o, s, n, k));
        }
      }
    }
  }
}

TEST_CASE("Resize: bool takes nearest, and only nearest", "[resize]") {
  const Tensor x = make_tensor<Bool>({4, 1}, {{1}, {0}, {1}, {1}});
  const Tensor s = make_tensor<float>({2}, {1.25f, 1});
  Tensor y;
  REQUIRE(run("Resize", 13, Attributes(), {&x, nullptr, &s}, &y).ok());
  REQUIRE(y.dtype() == DType::kBool);
  std::vector<uint8_t> got;
  for (Bool b : values_of<Bool>(y)) got.push_back(b.value);
  CHECK(got == std::vector<uint8_t>{1, 0, 0, 1, 1});
  Attributes linear;
  linear.set("mode", AttributeValue::String("linear"));
  CHECK_THAT(run("Resize", 13, linear, {&x, nullptr, &s}, &y).message(),
             Catch::Contains("input X of type bool takes mode 'nearest' only, not 'linear'"));
}
