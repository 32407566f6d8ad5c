// Conv's implicit GEMM (kernels/conv.h) against a scalar loop in double: 2-D planes of widths 1..20
// (each partial and whole 8-position run, the stride-1 and stride-2 loads at every distance from the
// row's ends), strides 1..3, dilations, asymmetric pads, output counts past a register tile, depth
// past one panel, 1x1 kernels (read in place), 1-D and 3-D, outputs clamped or through SiLU as they are stored (and by
// activate_f32); the kernel writes exactly the output
// planes; a tap in the padding adds 0 x w, so an infinite weight there gives NaN.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/conv.h"
#include "kernels/gemm.h"
#include "test_util.h"

using namespace ow::kernels;
using namespace ow::test;

namespace {

// The input index along `a` under tap k of output o, or -1 in the padding.
ptrdiff_t input_at(const ConvAxis& a, size_t o, size_t k) {
  const ptrdiff_t i = static_cast<ptrdiff_t>(o * a.stride + k * a.dilation) - a.pad;
  return i < 0 || i >= static_cast<ptrdiff_t>(a.input) ? -1 : i;
}

// Convolves `channels` random planes into `outputs` planes (with a bias, or none) and compares every
// output with the double loop.
void check(size_t channels, size_t outputs, const ConvAxis (&axes)[3], bool with_bias, uint32_t& state, float weight_at_0 = 0,
           OutputActivation activation = {}) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t in_plane = ad.input * ah.input * aw.input, out_plane = ad.output * ah.output * aw.output;
  const size_t taps = ad.kernel * ah.kernel * aw.kernel, depth = channels * taps;
  std::vector<float> x(channels * in_plane), w(outputs * depth), bias(outputs);
  for (float& v : x) v = random_value(state);
  for (float& v : w) v = random_value(state);
  for (float& v : bias) v = random_value(state);
  if (weight_at_0 != 0) w[0] = weight_at_0;
  std::vector<float> packed(gemm_f32_packed_a_size(outputs, depth));
  gemm_f32_pack_a(outputs, depth, {w.data(), static_cast<ptrdiff_t>(depth), 1}, packed.data());
  std::vector<float> y(outputs * out_plane + 5, -7.0f);  // the 5 past the planes must stay
  conv_f32(x.data(), channels, axes, packed.data(), outputs, with_bias ? bias.data() : nullptr, activation, y.data());
  for (size_t i = outputs * out_plane; i < y.size(); ++i) REQUIRE(y[i] == -7.0f);
  for (size_t m = 0; m < outputs; ++m)
    for (size_t p = 0; p < out_plane; ++p) {
      const size_t od = p / (ah.output * aw.output), oh = p / aw.output % ah.output, ow = p % aw.output;
      double want = with_bias ? bias[m] : 0, magnitude = std::fabs(want);
      bool nan = false;
      for (size_t c = 0; c < channels; ++c)
        for (size_t kd = 0; kd < ad.kernel; ++kd)
          for (size_t kh = 0; kh < ah.kernel; ++kh)
            for (size_t kw = 0; kw < aw.kernel; ++kw) {
              const double weight = w[m * depth + ((c * ad.kernel + kd) * ah.kernel + kh) * aw.kernel + kw];
              const ptrdiff_t id = input_at(ad, od, kd), ih = input_at(ah, oh, kh), iw = input_at(aw, ow, kw);
              if (id < 0 || ih < 0 || iw < 0) {
                nan = nan || std::isinf(weight);
                continue;
              }
              const double product =
                  weight * x[c * in_plane + (static_cast<size_t>(id) * ah.input + static_cast<size_t>(ih)) * aw.input + static_cast<size_t>(iw)];
              want += product;
              magnitude += std::fabs(product);
            }
      want = std::min(std::max(want, static_cast<double>(activation.lo)), static_cast<double>(activation.hi));  // NaN stays
      // SiLU: the sum's error scaled by its derivative (at most 1.1), and the sigmoid's and product's
      // roundings.
      if (activation.silu) {
        want = want / (1 + std::exp(-want));
        magnitude = 1.1 * magnitude + std::fabs(want);
      }
      INFO("channels " << channels << " outputs " << outputs << " width " << aw.input << "/" << aw.kernel << " s" << aw.stride << " d"
                       << aw.dilation << " p" << aw.pad << " at output " << m << ", " << p);
      const float got = y[m * out_plane + p];
      if (nan || std::isnan(want)) {
        REQUIRE(std::isnan(got));
      } else if (std::isinf(want)) {
        REQUIRE(got == want);
      } else {
        REQUIRE(std::fabs(got - want) <= 1e-6 * magnitude + 1e-30);
      }
    }
}

}  // namespace

TEST_CASE("conv_f32: 2-D widths 1..20, strides 1..3, dilations, pads, partial tiles", "[conv]") {
  uint32_t state = 7;
  const ConvAxis unit = {1, 1, 1, 1, 1, 0};
  for (size_t width = 1; width <= 20; ++width)
    for (size_t stride = 1; stride <= 3; ++stride) {
      const size_t k = 1 + (width + stride) % 3, dilation = 1 + (width % 2);
      const ConvAxis rows = make_axis(2 + width % 4, 3, stride, 1, 1, width % 2);
      const ConvAxis cols = make_axis(width, k, stride, dilation, width % 3, (width + 1) % 2);
      if (rows.output == 0 || cols.output == 0) continue;
      const ConvAxis axes[3] = {unit, rows, cols};
      check(1 + width % 3, 1 + (width * stride) % 12, axes, width % 2 == 0, state);
    }
}

TEST_CASE("conv_f32: depth past one panel, 1-D, 3-D, and an infinite weight over the padding", "[conv]") {
  uint32_t state = 11;
  const ConvAxis unit = {1, 1, 1, 1, 1, 0};
  const ConvAxis deep[3] = {unit, make_axis(4, 3, 1, 1, 1, 1), make_axis(17, 3, 1, 1, 1, 1)};
  check(60, 7, deep, true, state);  // 540 depth steps
  const ConvAxis wide[3] = {unit, unit, make_axis(40, 600, 1, 1, 300, 299)};
  check(1, 3, wide, false, state);  // a kernel row longer than a panel
  const ConvAxis line[3] = {unit, unit, make_axis(30, 5, 2, 1, 2, 2)};
  check(3, 6, line, true, state);
  const ConvAxis volume[3] = {make_axis(4, 2, 1, 1, 0, 1), make_axis(5, 3, 2, 1, 1, 1), make_axis(19, 3, 1, 2, 2, 0)};
  check(2, 5, volume, true, state);
  const ConvAxis pointwise[3] = {unit, make_axis(3, 1, 2, 1, 1, 0), make_axis(21, 1, 1, 1, 1, 2)};  // read in place where inside
  check(9, 6, pointwise, true, state);
  const ConvAxis padded[3] = {unit, make_axis(3, 3, 1, 1, 1, 1), make_axis(9, 3, 1, 1, 1, 1)};
  check(2, 4, padded, true, state, std::numeric_limits<float>::infinity());
}

TEST_CASE("conv_f32: outputs clamped or through SiLU as stored, at every path and past one panel of depth", "[conv]") {
  uint32_t state = 13;
  const ConvAxis unit = {1, 1, 1, 1, 1, 0};
  for (const OutputActivation activation : {OutputActivation{0.0f, INFINITY}, OutputActivation{-1.0f, 0.5f}, OutputActivation{2.0f, -3.0f},
                                            OutputActivation{.silu = true}, OutputActivation{-1.0f, 0.5f, true}}) {
    INFO("clamp " << activation.lo << ", " << activation.hi << (activation.silu ? ", SiLU" : ""));
    const ConvAxis stride1[3] = {unit, make_axis(5, 3, 1, 1, 1, 1), make_axis(13, 3, 1, 1, 1, 1)};
    check(2, 7, stride1, true, state, 0, activation);
    const ConvAxis stride2[3] = {unit, make_axis(6, 3, 2, 1, 1, 1), make_axis(19, 3, 2, 1, 1, 0)};
    check(3, 6, stride2, true, state, 0, activation);
    const ConvAxis pointwise[3] = {unit, make_axis(3, 1, 1, 1, 0, 0), make_axis(20, 1, 1, 1, 0, 0)};
    check(4, 11, pointwise, false, state, 0, activation);
    const ConvAxis deep[3] = {unit, make_axis(3, 3, 1, 1, 1, 1), make_axis(9, 3, 1, 1, 1, 1)};
    check(60, 5, deep, true, state, 0, activation);  // 540 depth steps: activated in the last block only
  }
}

TEST_CASE("activate_f32: every element as the tiles store it, the last 1 to 3 too", "[conv]") {
  const OutputActivation silu{.silu = true}, clamp{-0.5f, 2.0f};
  for (size_t n = 0; n <= 9; ++n) {
    std::vector<float> y(n + 1, 7.0f), want(n);
    for (size_t i = 0; i < n; ++i) y[i] = -3.0f + 0.75f * static_cast<float>(i);
    for (size_t i = 0; i < n; ++i) want[i] = static_cast<float>(y[i] / (1 + std::exp(-static_cast<double>(y[i]))));
    std::vector<float> clamped(y.begin(), y.end());
    activate_f32(silu, y.data(), n);
    activate_f32(clamp, clamped.data(), n);
    CHECK(y[n] == 7.0f);  // past n: untouched
    CHECK(clamped[n] == 7.0f);
    for (size_t i = 0; i < n; ++i) {
      CHECK(std::fabs(y[i] - want[i]) <= 4e-7f * (std::fabs(want[i]) + 1e-3f));
      CHECK(clamped[i] == std::min(std::max(-3.0f + 0.75f * static_cast<float>(i), -0.5f), 2.0f));
    }
  }
}
