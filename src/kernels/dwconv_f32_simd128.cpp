// The depthwise plane one output row at a time. The columns whose windows lie inside the input row
// take vectors of 4 outputs, 8 at a time when they can (two accumulators, which hide the adds'
// latency), every tap of the window accumulated in registers: at stride 1 a load at each tap's
// offset, at stride 2 the even lanes of two loads (as the pooling kernels), at other strides the
// lanes gathered. Columns whose windows reach the padding (and the last few) take a scalar loop that
// reads zeros there. Rows of the window in the padding contribute 0 x w, added once per output row.
#include <algorithm>
#include <cmath>

#include "kernels/dwconv.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// The t >= 0 with base + t * step inside [0, limit) are [first_inside, end_inside) (possibly empty).
size_t first_inside(ptrdiff_t base, size_t step) { return base >= 0 ? 0 : (static_cast<size_t>(-base) + step - 1) / step; }
size_t end_inside(ptrdiff_t base, size_t step, size_t limit) {
  return base >= static_cast<ptrdiff_t>(limit) ? 0 : (static_cast<size_t>(static_cast<ptrdiff_t>(limit) - base) + step - 1) / step;
}

// The input row's elements p[0], p[stride], p[2 stride], p[3 stride]; kStride 0 is any stride.
template <size_t kStride>
v128_t load_columns(const float* p, size_t stride) {
  if constexpr (kStride == 1) return wasm_v128_load(p);
  else if constexpr (kStride == 2) return wasm_i32x4_shuffle(wasm_v128_load(p), wasm_v128_load(p + 4), 0, 2, 4, 6);
  else return wasm_f32x4_make(p[0], p[stride], p[2 * stride], p[3 * stride]);
}

// The output row's taps: input rows [kh_begin, kh_end) of the kernel, the first at x_row.
struct RowTaps {
  const float* x_row;
  const float* w_row;
  size_t kh_begin, kh_end;
};

// Outputs [ow, ow + 4 kVectors), whose windows (and at stride 2, one element past the last) lie inside the row.
template <size_t kStride, size_t kVectors>
void vector_outputs(const RowTaps& r, const ConvAxis& rows, const ConvAxis& cols, v128_t start, size_t ow, float* y) {
  const size_t stride = kStride ? kStride : cols.stride;
  v128_t acc[kVectors];
  for (size_t v = 0; v < kVectors; ++v) acc[v] = start;
  const float* xr = r.x_row + ow * stride - cols.pad;
  const float* wr = r.w_row;
  for (size_t kh = r.kh_begin; kh < r.kh_end; ++kh) {
    for (size_t kw = 0; kw < cols.kernel; ++kw) {
      const v128_t wv = wasm_v128_load32_splat(wr + kw);
      const float* p = xr + kw * cols.dilation;
      for (size_t v = 0; v < kVectors; ++v) acc[v] = wasm_f32x4_add(acc[v], wasm_f32x4_mul(load_columns<kStride>(p + 4 * v * stride, stride), wv));
    }
    xr += rows.dilation * cols.input;
    wr += cols.kernel;
  }
  for (size_t v = 0; v < kVectors; ++v) wasm_v128_store(y + ow + 4 * v, acc[v]);
}

// Output ow with any window: input columns outside the row read as zeros.
float scalar_output(const RowTaps& r, const ConvAxis& rows, const ConvAxis& cols, float start, size_t ow) {
  float acc = start;
  const float* xr = r.x_row;
  const float* wr = r.w_row;
  for (size_t kh = r.kh_begin; kh < r.kh_end; ++kh) {
    ptrdiff_t iw = static_cast<ptrdiff_t>(ow * cols.stride) - cols.pad;
    for (size_t kw = 0; kw < cols.kernel; ++kw, iw += static_cast<ptrdiff_t>(cols.dilation))
      acc += (iw >= 0 && iw < static_cast<ptrdiff_t>(cols.input) ? xr[iw] : 0.0f) * wr[kw];
    xr += rows.dilation * cols.input;
    wr += cols.kernel;
  }
  return acc;
}

template <size_t kStride>
void dwconv_plane(const float* x, const ConvAxis& rows, const ConvAxis& cols, const float* w, float bias, float* y) {
  // Outputs [lo, hi) have their windows inside the row; [lo, vector_end) also the vector loads.
  const ptrdiff_t span = static_cast<ptrdiff_t>((cols.kernel - 1) * cols.dilation) - cols.pad;
  const size_t lo = std::min(first_inside(-cols.pad, cols.stride), cols.output);
  const size_t vector_end = std::max(lo, std::min(cols.output, end_inside(span + (kStride == 2), cols.stride, cols.input)));
  for (size_t oh = 0; oh < rows.output; ++oh, y += cols.output) {
    const ptrdiff_t base = static_cast<ptrdiff_t>(oh * rows.stride) - rows.pad;
    RowTaps r;
    r.kh_begin = std::min(first_inside(base, rows.dilation), rows.kernel);
    r.kh_end = std::max(r.kh_begin, std::min(end_inside(base, rows.dilation, rows.input), rows.kernel));
    r.x_row = r.kh_begin < r.kh_end ? x + (base + static_cast<ptrdiff_t>(r.kh_begin * rows.dilation)) * static_cast<ptrdiff_t>(cols.input) : x;
    r.w_row = w + r.kh_begin * cols.kernel;
    // The window's rows in the padding add 0 x w (0, or NaN): a few taps per output row, not per output.
    float start = bias;
    for (size_t kh = 0; kh < rows.kernel; ++kh) {
      if (kh >= r.kh_begin && kh < r.kh_end) continue;
      for (size_t kw = 0; kw < cols.kernel; ++kw) start += 0.0f * w[kh * cols.kernel + kw];
    }
    for (size_t ow = 0; ow < lo; ++ow) y[ow] = scalar_output(r, rows, cols, start, ow);
    const v128_t start_v = wasm_f32x4_splat(start);
    size_t ow = lo;
    for (; ow + 8 <= vector_end; ow += 8) vector_outputs<kStride, 2>(r, rows, cols, start_v, ow, y);
    if (ow + 4 <= vector_end) {
      vector_outputs<kStride, 1>(r, rows, cols, start_v, ow, y);
      ow += 4;
    }
    for (; ow < cols.output; ++ow) y[ow] = scalar_output(r, rows, cols, start, ow);
  }
}

}  // namespace

void dwconv_f32(const float* x, const ConvAxis& rows, const ConvAxis& cols, const float* w, float bias, float* y) {
  if (cols.stride == 1) dwconv_plane<1>(x, rows, cols, w, bias, y);
  else if (cols.stride == 2) dwconv_plane<2>(x, rows, cols, w, bias, y);
  else dwconv_plane<0>(x, rows, cols, w, bias, y);
}

}  // namespace ow::kernels
