// conv_f32: the implicit GEMM of kernels/conv.h. A panel holds, for each depth step (channel, kernel
// tap) in order, the inputs under that tap of up to 8 output positions of one output row: at stride 1
// two unaligned loads (from the input row, or from a copy of the part of it a kernel row reads, zeros
// around it, where that part reaches into the padding), at stride 2 four loads and two shuffles,
// elsewhere one element at a time; with a 1x1 kernel at stride 1 the tiles
// read the input in place instead. Depth is cut into blocks of whole kernel
// rows whose panel stays in L1; a later block adds to what the one before stored, which is the same
// float32 sum as one uninterrupted pass.
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "kernels/conv.h"
#include "kernels/gemm_tile.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

using gemm_tile::kMr;
using gemm_tile::kNr;

constexpr size_t kPanelDepth = 512;  // depth steps per panel at most: 16 KiB

// The output positions a panel covers: row (od, oh), columns [ow0, ow0 + cols).
struct PanelColumns {
  size_t od, oh, ow0, cols;
};

// The 8 inputs along `row` (one input row of `width`) under the tap at input column `first` for the
// panel's columns, stride `stride` (not 1) apart, into `out`; 0 outside the row and past `cols`.
void gather_tap(const float* row, ptrdiff_t width, ptrdiff_t first, size_t stride, size_t cols, float* out) {
  const auto s = static_cast<ptrdiff_t>(stride);
  if (stride == 2 && cols == kNr && first >= 0 && first + 7 * s < width) {
    // elements 0, 2, ..., 14: the last load ends at 14, not past the row
    const float* src = row + first;
    const v128_t v0 = wasm_v128_load(src), v1 = wasm_v128_load(src + 4);
    const v128_t v2 = wasm_v128_load(src + 8), v3 = wasm_v128_load(src + 11);
    wasm_v128_store(out, wasm_i32x4_shuffle(v0, v1, 0, 2, 4, 6));
    wasm_v128_store(out + 4, wasm_i32x4_shuffle(v2, v3, 0, 2, 5, 7));
    return;
  }
  // Columns [lo, hi) are inside the row: first + j * s in [0, width).
  const auto n = static_cast<ptrdiff_t>(cols);
  const ptrdiff_t lo = std::min(n, first >= 0 ? 0 : (s - 1 - first) / s);
  const ptrdiff_t hi = std::clamp(first >= width ? 0 : (width - first + s - 1) / s, lo, n);
  ptrdiff_t j = 0;
  for (; j < lo; ++j) out[j] = 0.0f;
  for (; j < hi; ++j) out[j] = row[first + j * s];
  for (; j < static_cast<ptrdiff_t>(kNr); ++j) out[j] = 0.0f;
}

// At stride 1, a kernel row's taps read kNr + (taps - 1) x dilation consecutive inputs of the row,
// from `first`: each tap 8 of them, two loads, from the row itself where they are all inside it, else
// from `reach` (that many floats) holding them with zeros outside the row. A tap's columns past the
// panel's `cols` are inputs the tiles compute with but never store.
void gather_row_stride1(const float* row, ptrdiff_t width, ptrdiff_t first, const ConvAxis& aw, float* reach, float* out) {
  const auto span = static_cast<ptrdiff_t>(kNr + (aw.kernel - 1) * aw.dilation);
  const float* src = row + first;
  if (first < 0 || first + span > width) {
    for (ptrdiff_t i = 0; i < span; ++i) reach[i] = first + i >= 0 && first + i < width ? row[first + i] : 0.0f;
    src = reach;
  }
  for (size_t kw = 0; kw < aw.kernel; ++kw, out += kNr) {
    wasm_v128_store(out, wasm_v128_load(src + kw * aw.dilation));
    wasm_v128_store(out + 4, wasm_v128_load(src + kw * aw.dilation + 4));
  }
}

// Kernel rows [t0, t0 + rows) (each a channel and a tap of depth and height, the width's taps after it)
// of the panel's columns into `panel`, kNr floats per depth step. `reach`: gather_row_stride1's.
void gather_panel(const float* x, const ConvAxis (&axes)[3], const PanelColumns& at, size_t t0, size_t rows, float* reach, float* panel) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t plane = ad.input * ah.input * aw.input;
  const auto width = static_cast<ptrdiff_t>(aw.input);
  for (size_t t = t0; t < t0 + rows; ++t) {
    const size_t kh = t % ah.kernel, kd = t / ah.kernel % ad.kernel, c = t / ah.kernel / ad.kernel;
    const ptrdiff_t id = static_cast<ptrdiff_t>(at.od * ad.stride + kd * ad.dilation) - ad.pad;
    const ptrdiff_t ih = static_cast<ptrdiff_t>(at.oh * ah.stride + kh * ah.dilation) - ah.pad;
    if (id < 0 || id >= static_cast<ptrdiff_t>(ad.input) || ih < 0 || ih >= static_cast<ptrdiff_t>(ah.input)) {
      std::memset(panel, 0, aw.kernel * kNr * sizeof(float));
      panel += aw.kernel * kNr;
      continue;
    }
    const float* row = x + c * plane + (static_cast<size_t>(id) * ah.input + static_cast<size_t>(ih)) * aw.input;
    if (aw.stride == 1) {
      gather_row_stride1(row, width, static_cast<ptrdiff_t>(at.ow0) - aw.pad, aw, reach, panel);
      panel += aw.kernel * kNr;
      continue;
    }
    for (size_t kw = 0; kw < aw.kernel; ++kw, panel += kNr) {
      const ptrdiff_t first = static_cast<ptrdiff_t>(at.ow0 * aw.stride + kw * aw.dilation) - aw.pad;
      gather_tap(row, width, first, aw.stride, at.cols, panel);
    }
  }
}

// C tile (R rows ldc apart, `cols` <= kNr columns) = its start + A panel (kc steps) x B (kc rows of 8,
// b_stride apart: a panel, or the input itself). Its start is the bias (per row; null: 0) when
// `first`, else what C holds.
template <size_t R>
void tile(size_t kc, const float* a, const float* b, size_t b_stride, float* c, size_t ldc, size_t cols, const float* bias, bool first) {
  gemm_tile::Accumulators<R> acc;
  float local[R * kNr];
  const bool whole = cols == kNr;
  if (!whole && !first) {
    for (size_t r = 0; r < R; ++r) {
      std::memcpy(local + r * kNr, c + r * ldc, cols * sizeof(float));
      std::fill(local + r * kNr + cols, local + (r + 1) * kNr, 0.0f);
    }
  }
  for (size_t r = 0; r < R; ++r) {
    if (first) {
      acc.lo[r] = acc.hi[r] = wasm_f32x4_splat(bias ? bias[r] : 0.0f);
    } else {
      const float* row = whole ? c + r * ldc : local + r * kNr;
      acc.lo[r] = wasm_v128_load(row);
      acc.hi[r] = wasm_v128_load(row + 4);
    }
  }
  gemm_tile::multiply_add<R>(kc, a, b, b_stride, acc);
  for (size_t r = 0; r < R; ++r) {
    float* row = whole ? c + r * ldc : local + r * kNr;
    wasm_v128_store(row, acc.lo[r]);
    wasm_v128_store(row + 4, acc.hi[r]);
    if (!whole) std::memcpy(c + r * ldc, row, cols * sizeof(float));
  }
}

// With a 1x1 kernel at stride 1 along the width, the panel's 8 columns of each channel are 8
// consecutive inputs, one plane apart from channel to channel: where they are all inside the input,
// their first (channel 0's), which the tiles read in place; else null.
const float* pointwise_columns(const float* x, const ConvAxis (&axes)[3], const PanelColumns& at) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const ptrdiff_t id = static_cast<ptrdiff_t>(at.od * ad.stride) - ad.pad, ih = static_cast<ptrdiff_t>(at.oh * ah.stride) - ah.pad;
  const ptrdiff_t iw = static_cast<ptrdiff_t>(at.ow0) - aw.pad;
  if (id < 0 || id >= static_cast<ptrdiff_t>(ad.input) || ih < 0 || ih >= static_cast<ptrdiff_t>(ah.input) || iw < 0 ||
      iw + static_cast<ptrdiff_t>(kNr) > static_cast<ptrdiff_t>(aw.input))
    return nullptr;
  return x + (static_cast<size_t>(id) * ah.input + static_cast<size_t>(ih)) * aw.input + static_cast<size_t>(iw);
}

using Tile = void (*)(size_t, const float*, const float*, size_t, float*, size_t, size_t, const float*, bool);
// tile<R> at index R, for R in 1..kMr.
template <size_t... R>
constexpr std::array<Tile, kMr + 1> tiles(std::index_sequence<R...>) {
  return {nullptr, tile<R + 1>...};
}
constexpr std::array<Tile, kMr + 1> kTiles = tiles(std::make_index_sequence<kMr>());

}  // namespace

void conv_f32(const float* x, size_t channels, const ConvAxis (&axes)[3], const float* packed_weights, size_t outputs, const float* bias,
              float* y) {
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t kernel_rows = channels * ad.kernel * ah.kernel;  // depth steps in groups of aw.kernel
  const size_t depth = kernel_rows * aw.kernel;
  const size_t block_rows = std::max<size_t>(1, kPanelDepth / aw.kernel);
  const size_t in_plane = ad.input * ah.input * aw.input, out_plane = ad.output * ah.output * aw.output;
  const bool pointwise = ad.kernel * ah.kernel * aw.kernel == 1 && aw.stride == 1;
  std::vector<float> panel(std::min(kernel_rows, block_rows) * aw.kernel * kNr);
  std::vector<float> reach(kNr + (aw.kernel - 1) * aw.dilation);
  for (size_t od = 0; od < ad.output; ++od) {
    for (size_t oh = 0; oh < ah.output; ++oh) {
      for (size_t ow0 = 0; ow0 < aw.output; ow0 += kNr) {
        const PanelColumns at{od, oh, ow0, std::min(kNr, aw.output - ow0)};
        float* y_at = y + (od * ah.output + oh) * aw.output + ow0;
        const float* direct = pointwise && at.cols == kNr ? pointwise_columns(x, axes, at) : nullptr;
        for (size_t t0 = 0; t0 < kernel_rows; t0 += block_rows) {
          const size_t rows = std::min(block_rows, kernel_rows - t0);
          if (!direct) gather_panel(x, axes, at, t0, rows, reach.data(), panel.data());
          const float* b = direct ? direct + t0 * in_plane : panel.data();
          const size_t b_stride = direct ? in_plane : kNr;
          const size_t p0 = t0 * aw.kernel, kc = rows * aw.kernel;
          for (size_t i = 0; i < outputs; i += kMr) {
            const size_t r = std::min(kMr, outputs - i);
            kTiles[r](kc, packed_weights + i * depth + p0 * kMr, b, b_stride, y_at + i * out_plane, out_plane, at.cols, bias ? bias + i : nullptr,
                      t0 == 0);
          }
        }
      }
    }
  }
}

}  // namespace ow::kernels
