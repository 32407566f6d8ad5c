// conv_f32: the implicit GEMM of kernels/conv.h. At stride 1 along the width, the tiles read B from a
// copy of the input with its padding written out as zeros (PaddedInput): a depth step's (channel,
// kernel tap) inputs of 8 consecutive output positions are 8 consecutive floats of it, two loads. At
// other strides a panel holds, for each depth step in order, the inputs under that tap of up to 8
// output positions of one output row: at stride 2 four loads and two shuffles, elsewhere one element
// at a time; with a 1x1 kernel at stride 1 the tiles read the input in place instead. Depth is cut
// into blocks of whole kernel rows whose panel stays in L1; a later block adds to what the one before
// stored, which is the same float32 sum as one uninterrupted pass.
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "kernels/conv.h"
#include "kernels/gemm_tile.h"
#include "kernels/math_f32x4.h"
#include "kernels/min_max_ops.h"
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

// Kernel rows [t0, t0 + rows) (each a channel and a tap of depth and height, the width's taps after it)
// of the panel's columns into `panel`, kNr floats per depth step, at a stride along the width other
// than 1.
void gather_panel(const float* x, const ConvAxis (&axes)[3], const PanelColumns& at, size_t t0, size_t rows, float* panel) {
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
    for (size_t kw = 0; kw < aw.kernel; ++kw, panel += kNr) {
      const ptrdiff_t first = static_cast<ptrdiff_t>(at.ow0 * aw.stride + kw * aw.dilation) - aw.pad;
      gather_tap(row, width, first, aw.stride, at.cols, panel);
    }
  }
}

// B of a panel's product: depth step p's 8 columns at operator()(p). A gathered panel's rows, or the
// input's read in place, are `stride` floats apart.
struct StridedRows {
  const float* b;
  size_t stride;
  const float* operator()(size_t p) const { return b + p * stride; }
};
// The padded input's (PaddedInput): step p's columns are at offsets[p] from the panel's first column.
struct OffsetRows {
  const float* base;
  const size_t* offsets;
  const float* operator()(size_t p) const { return base + offsets[p]; }
};

// OutputActivation as vectors: its bounds as the Max and Min kernels apply them, then SiLU as the
// Sigmoid and Mul kernels compute it.
struct VectorActivation {
  FloatByScalar<float, false> lo;
  FloatByScalar<float, true> hi;
  bool silu;
  explicit VectorActivation(const OutputActivation& activation)
      : lo(*FloatByScalar<float, false>::of(activation.lo)), hi(*FloatByScalar<float, true>::of(activation.hi)), silu(activation.silu) {}
  v128_t clamp(v128_t y) const { return hi(lo(y)); }
  static v128_t silu_of(v128_t y) { return wasm_f32x4_mul(y, sigmoid_f32x4(y)); }
  v128_t operator()(v128_t y) const { return silu ? silu_of(clamp(y)) : clamp(y); }
};

// The part of the product a tile computes: where its sum starts (the bias when the first block of
// depth, else what C holds) and whether it is the last, whose sums are activated as they are stored.
struct DepthBlock {
  bool first, last;
};

// C tile (R rows ldc apart, `cols` <= kNr columns) = its start + A panel (kc steps) x B (kc rows of 8).
// Its start is the bias (per row; null: 0) for the first block, else what C holds.
template <size_t R, class Rows>
void tile(size_t kc, const float* a, Rows b, float* c, size_t ldc, size_t cols, const float* bias, DepthBlock block, const VectorActivation& activation) {
  const bool first = block.first;
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
  gemm_tile::multiply_add<R>(kc, a, b, acc);
  if (block.last) {
    for (size_t r = 0; r < R; ++r) {
      acc.lo[r] = activation.clamp(acc.lo[r]);
      acc.hi[r] = activation.clamp(acc.hi[r]);
    }
  }
  for (size_t r = 0; r < R; ++r) {
    float* row = whole ? c + r * ldc : local + r * kNr;
    wasm_v128_store(row, acc.lo[r]);
    wasm_v128_store(row + 4, acc.hi[r]);
  }
  // SiLU on the stored rows, still in L1: beside the live accumulators, its constants and
  // temporaries would not fit the vector registers.
  if (block.last && activation.silu) {
    for (size_t r = 0; r < R; ++r) {
      float* row = whole ? c + r * ldc : local + r * kNr;
      wasm_v128_store(row, VectorActivation::silu_of(wasm_v128_load(row)));
      wasm_v128_store(row + 4, VectorActivation::silu_of(wasm_v128_load(row + 4)));
    }
  }
  if (!whole)
    for (size_t r = 0; r < R; ++r) std::memcpy(c + r * ldc, local + r * kNr, cols * sizeof(float));
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

template <class Rows>
using Tile = void (*)(size_t, const float*, Rows, float*, size_t, size_t, const float*, DepthBlock, const VectorActivation&);
// tile<R> at index R, for R in 1..kMr.
template <class Rows, size_t... R>
constexpr std::array<Tile<Rows>, kMr + 1> tiles(std::index_sequence<R...>) {
  return {nullptr, tile<R + 1, Rows>...};
}
template <class Rows>
constexpr std::array<Tile<Rows>, kMr + 1> kTiles = tiles<Rows>(std::make_index_sequence<kMr>());

// Every row tile of the weights (packed for `outputs` rows of `depth`, from depth step p0) times the
// panel's B (kc steps from p0), into the panel's columns of each output plane (at y, out_plane apart).
template <class Rows>
void multiply_panel(const float* packed_weights, size_t depth, size_t p0, size_t kc, Rows b, size_t outputs, const float* bias,
                    const VectorActivation& activation, float* y, size_t out_plane, size_t cols) {
  const DepthBlock block{p0 == 0, p0 + kc == depth};
  for (size_t i = 0; i < outputs; i += kMr) {
    const size_t r = std::min(kMr, outputs - i);
    kTiles<Rows>[r](kc, packed_weights + i * depth + p0 * kMr, b, y + i * out_plane, out_plane, cols, bias ? bias + i : nullptr, block, activation);
  }
}

// The input with its padding written out as zeros, along each axis as far as the output's windows
// reach (along the width, those of the last panel's 8 columns): each tap's 8 inputs of a panel are 8
// consecutive floats of it, at an offset from the panel's first column that only the depth step sets.
// At stride 1 along the width no panel is gathered then: a copy of the input per call costs less than
// a panel per 8 output positions, and for few channels (a first layer's) that gathering is most of the
// time.
class PaddedInput {
 public:
  PaddedInput() = default;  // none: a panel is gathered
  PaddedInput(const float* x, size_t channels, const ConvAxis (&axes)[3]) {
    const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
    const size_t panels_width = (aw.output + kNr - 1) / kNr * kNr;
    depth_ = reach(ad, ad.output), height_ = reach(ah, ah.output), width_ = reach(aw, panels_width);
    const size_t plane = depth_ * height_ * width_;
    data_.assign(channels * plane, 0.0f);
    const auto pd = static_cast<size_t>(ad.pad), ph = static_cast<size_t>(ah.pad), pw = static_cast<size_t>(aw.pad);
    const size_t row_floats = width_ > pw ? std::min(aw.input, width_ - pw) : 0;
    for (size_t c = 0; c < channels; ++c)
      for (size_t id = 0; id < ad.input && id + pd < depth_; ++id)
        for (size_t ih = 0; ih < ah.input && ih + ph < height_; ++ih)
          std::memcpy(data_.data() + c * plane + ((id + pd) * height_ + ih + ph) * width_ + pw,
                      x + ((c * ad.input + id) * ah.input + ih) * aw.input, row_floats * sizeof(float));
    for (size_t c = 0; c < channels; ++c)
      for (size_t kd = 0; kd < ad.kernel; ++kd)
        for (size_t kh = 0; kh < ah.kernel; ++kh)
          for (size_t kw = 0; kw < aw.kernel; ++kw)
            offsets_.push_back(c * plane + (kd * ad.dilation * height_ + kh * ah.dilation) * width_ + kw * aw.dilation);
  }

  OffsetRows rows(const ConvAxis (&axes)[3], const PanelColumns& at, size_t p0) const {
    const float* first = data_.data() + ((at.od * axes[0].stride) * height_ + at.oh * axes[1].stride) * width_ + at.ow0;
    return {first, offsets_.data() + p0};
  }

 private:
  // How far along `a` the windows of `outputs` outputs reach, padding included.
  static size_t reach(const ConvAxis& a, size_t outputs) { return (outputs - 1) * a.stride + (a.kernel - 1) * a.dilation + 1; }

  size_t depth_ = 0, height_ = 0, width_ = 0;
  std::vector<float> data_;
  std::vector<size_t> offsets_;  // by depth step
};

}  // namespace

void conv_f32(const float* x, size_t channels, const ConvAxis (&axes)[3], const float* packed_weights, size_t outputs, const float* bias,
              const OutputActivation& output_activation, float* y) {
  const VectorActivation activation(output_activation);
  const ConvAxis &ad = axes[0], &ah = axes[1], &aw = axes[2];
  const size_t kernel_rows = channels * ad.kernel * ah.kernel;  // depth steps in groups of aw.kernel
  const size_t depth = kernel_rows * aw.kernel;
  const size_t block_rows = std::max<size_t>(1, kPanelDepth / aw.kernel);
  const size_t in_plane = ad.input * ah.input * aw.input, out_plane = ad.output * ah.output * aw.output;
  const bool pointwise = ad.kernel * ah.kernel * aw.kernel == 1 && aw.stride == 1;
  const bool from_padded = !pointwise && aw.stride == 1;
  const PaddedInput padded = from_padded ? PaddedInput(x, channels, axes) : PaddedInput();
  std::vector<float> panel(from_padded ? 0 : std::min(kernel_rows, block_rows) * aw.kernel * kNr);
  for (size_t od = 0; od < ad.output; ++od) {
    for (size_t oh = 0; oh < ah.output; ++oh) {
      for (size_t ow0 = 0; ow0 < aw.output; ow0 += kNr) {
        const PanelColumns at{od, oh, ow0, std::min(kNr, aw.output - ow0)};
        float* y_at = y + (od * ah.output + oh) * aw.output + ow0;
        const float* direct = pointwise && at.cols == kNr ? pointwise_columns(x, axes, at) : nullptr;
        for (size_t t0 = 0; t0 < kernel_rows; t0 += block_rows) {
          const size_t rows = std::min(block_rows, kernel_rows - t0);
          const size_t p0 = t0 * aw.kernel, kc = rows * aw.kernel;
          if (from_padded) {
            multiply_panel(packed_weights, depth, p0, kc, padded.rows(axes, at, p0), outputs, bias, activation, y_at, out_plane, at.cols);
          } else if (direct) {
            multiply_panel(packed_weights, depth, p0, kc, StridedRows{direct + t0 * in_plane, in_plane}, outputs, bias, activation, y_at, out_plane, at.cols);
          } else {
            gather_panel(x, axes, at, t0, rows, panel.data());
            multiply_panel(packed_weights, depth, p0, kc, StridedRows{panel.data(), kNr}, outputs, bias, activation, y_at, out_plane, at.cols);
          }
        }
      }
    }
  }
}

void activate_f32(const OutputActivation& output_activation, float* y, size_t n) {
  const VectorActivation activation(output_activation);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(y + i, activation(wasm_v128_load(y + i)));
  if (i == n) return;
  // The last 1 to 3 through a vector too, as the tiles' partial columns are.
  float tail[4] = {};
  std::memcpy(tail, y + i, (n - i) * sizeof(float));
  wasm_v128_store(tail, activation(wasm_v128_load(tail)));
  std::memcpy(y + i, tail, (n - i) * sizeof(float));
}

}  // namespace ow::kernels
