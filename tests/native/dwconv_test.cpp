// The depthwise kernel (kernels/dwconv.h) against a scalar loop in double over every geometry of small
// planes: widths 1..19 (each vector tail and border), strides 1..3 on each axis, dilations, asymmetric
// pads up to past the kernel, kernels wider than the input; the kernel must write exactly the output
// plane; a tap in the padding adds 0 x w, so an infinite weight there gives NaN.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/dwconv.h"
#include "test_util.h"

using namespace ow::kernels;
using namespace ow::test;

namespace {

// Convolves one random plane and compares every output with the double loop.
void check(const ConvAxis& rows, const ConvAxis& cols, float bias, uint32_t& state) {
  std::vector<float> x(rows.input * cols.input), w(rows.kernel * cols.kernel);
  for (float& v : x) v = random_value(state);
  for (float& v : w) v = random_value(state);
  const size_t out = rows.output * cols.output;
  std::vector<float> y(out + 5, -7.0f);  // the 5 past the plane must stay
  dwconv_f32(x.data(), rows, cols, w.data(), bias, y.data());
  for (size_t i = out; i < y.size(); ++i) REQUIRE(y[i] == -7.0f);
  for (size_t oh = 0; oh < rows.output; ++oh)
    for (size_t ow = 0; ow < cols.output; ++ow) {
      double want = bias, magnitude = std::fabs(bias);
      for (size_t kh = 0; kh < rows.kernel; ++kh)
        for (size_t kw = 0; kw < cols.kernel; ++kw) {
          const ptrdiff_t ih = static_cast<ptrdiff_t>(oh * rows.stride + kh * rows.dilation) - rows.pad;
          const ptrdiff_t iw = static_cast<ptrdiff_t>(ow * cols.stride + kw * cols.dilation) - cols.pad;
          if (ih < 0 || iw < 0 || ih >= static_cast<ptrdiff_t>(rows.input) || iw >= static_cast<ptrdiff_t>(cols.input)) continue;
          const double product = static_cast<double>(x[static_cast<size_t>(ih) * cols.input + static_cast<size_t>(iw)]) * w[kh * cols.kernel + kw];
          want += product;
          magnitude += std::fabs(product);
        }
      INFO("rows " << rows.input << "/" << rows.kernel << " s" << rows.stride << " d" << rows.dilation << " p" << rows.pad << "; cols "
                   << cols.input << "/" << cols.kernel << " s" << cols.stride << " d" << cols.dilation << " p" << cols.pad << " at (" << oh
                   << ", " << ow << ")");
      REQUIRE(std::fabs(y[oh * cols.output + ow] - want) <= 1e-6 * (magnitude + 1));
    }
}

}  // namespace

TEST_CASE("dwconv_f32: widths 1..19 with every stride, dilation and padding of small kernels", "[dwconv]") {
  uint32_t state = 3;
  size_t planes = 0;
  for (size_t width = 1; width <= 19; ++width)
    for (size_t kernel = 1; kernel <= 4; ++kernel)
      for (size_t stride = 1; stride <= 3; ++stride)
        for (size_t dilation = 1; dilation <= 2; ++dilation)
          for (size_t pad_begin = 0; pad_begin <= 3; ++pad_begin)
            for (size_t pad_end : {size_t{0}, size_t{1}, size_t{5}}) {
              const ConvAxis cols = make_axis(width, kernel, stride, dilation, pad_begin, pad_end);
              if (cols.output == 0) continue;
              // Rows: a second geometry derived from the first, so that both axes vary.
              const ConvAxis rows = make_axis(1 + (width * 7 + kernel) % 6, 1 + (stride + pad_begin) % 3, 1 + (dilation + width) % 3,
                                              1 + pad_end % 2, pad_end % 3, pad_begin % 2);
              if (rows.output == 0) continue;
              check(rows, cols, width % 2 ? 0.0f : random_value(state), state);
              ++planes;
            }
  REQUIRE(planes > 1000);
}

TEST_CASE("dwconv_f32: a wide plane at the image models' 3x3 strides 1 and 2; 1-D; a 7x7", "[dwconv]") {
  uint32_t state = 4;
  check(make_axis(37, 3, 1, 1, 1, 1), make_axis(61, 3, 1, 1, 1, 1), 0.5f, state);
  check(make_axis(37, 3, 2, 1, 1, 1), make_axis(61, 3, 2, 1, 0, 1), -0.25f, state);
  check(make_axis(1, 1, 1, 1, 0, 0), make_axis(45, 5, 3, 2, 2, 0), 1.0f, state);
  check(make_axis(20, 7, 1, 1, 3, 3), make_axis(33, 7, 1, 1, 3, 3), 0.0f, state);
}

TEST_CASE("dwconv_f32: NaN and infinities; an infinite weight over the padding gives NaN", "[dwconv]") {
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  // 1 x 10 row, kernel 1 x 3 with pads 1: outputs 0 and 9 reach the padding.
  const ConvAxis rows = make_axis(1, 1, 1, 1, 0, 0), cols = make_axis(10, 3, 1, 1, 1, 1);
  std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<float> ones = {1, 1, 1};
  std::vector<float> y(10);
  x[5] = nan;
  dwconv_f32(x.data(), rows, cols, ones.data(), 0.0f, y.data());
  REQUIRE(y[0] == 3);
  REQUIRE(y[3] == 12);
  for (size_t i = 4; i <= 6; ++i) REQUIRE(std::isnan(y[i]));
  REQUIRE(y[9] == 19);
  x[5] = inf;
  dwconv_f32(x.data(), rows, cols, ones.data(), 0.0f, y.data());
  for (size_t i = 4; i <= 6; ++i) REQUIRE(y[i] == inf);
  x[5] = 6;
  const std::vector<float> w = {inf, 1, 0};  // 0 x inf at output 0's left tap; the rest see finite inputs
  dwconv_f32(x.data(), rows, cols, w.data(), 0.0f, y.data());
  REQUIRE(std::isnan(y[0]));
  for (size_t i = 1; i <= 9; ++i) REQUIRE(y[i] == inf);
  // The same along the rows: a 3 x 1 kernel with pads 1 over a 4 x 8 plane; rows 0 and 3 reach the padding.
  const ConvAxis rows2 = make_axis(4, 3, 1, 1, 1, 1), cols2 = make_axis(8, 1, 1, 1, 0, 0);
  std::vector<float> x2(32, 1.0f), y2(32);
  const std::vector<float> w2 = {0, 1, inf};
  dwconv_f32(x2.data(), rows2, cols2, w2.data(), 2.0f, y2.data());
  for (size_t i = 0; i < 24; ++i) REQUIRE(y2[i] == inf);
  for (size_t i = 24; i < 32; ++i) REQUIRE(std::isnan(y2[i]));
}
