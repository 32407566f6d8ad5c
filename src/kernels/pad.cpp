#include "kernels/pad.h"

#include <algorithm>
#include <cstring>

namespace ow::kernels {
namespace {

using Byte = unsigned char;

// Fills `count` blocks of `size` bytes at out with copies of the block at `block` (which may be out
// itself), doubling the filled part.
void fill_blocks(Byte* out, const Byte* block, size_t size, size_t count) {
  if (count == 0) return;
  if (out != block) std::memcpy(out, block, size);
  for (size_t filled = 1; filled < count;) {
    const size_t n = std::min(filled, count - filled);
    std::memcpy(out + filled * size, out, n * size);
    filled += n;
  }
}

// The padding of one axis around its kept slices, which are written: the slices at `base`, `block`
// bytes each (the output's stride along the axis).
void fill_axis(const PadAxis& ax, PadFill fill, const Byte* constant, size_t element_size, Byte* base, size_t block) {
  const size_t kept_begin = ax.begin, kept_end = ax.begin + ax.kept;
  Byte* const slice0 = base + kept_begin * block;
  switch (fill) {
    case PadFill::kConstant:
      fill_blocks(base, constant, element_size, ax.begin * block / element_size);
      fill_blocks(base + kept_end * block, constant, element_size, ax.end * block / element_size);
      return;
    case PadFill::kEdge:
      fill_blocks(base, slice0, block, ax.begin);
      fill_blocks(base + kept_end * block, base + (kept_end - 1) * block, block, ax.end);
      return;
    case PadFill::kWrap: {
      // Slice o repeats kept slice (o - begin) mod kept: runs of consecutive slices, each one memcpy.
      for (size_t o = 0; o < ax.begin;) {
        const size_t k = (ax.kept - (ax.begin - o) % ax.kept) % ax.kept;
        const size_t run = std::min(ax.kept - k, ax.begin - o);
        std::memcpy(base + o * block, slice0 + k * block, run * block);
        o += run;
      }
      for (size_t o = kept_end; o < kept_end + ax.end;) {
        const size_t k = (o - kept_begin) % ax.kept;
        const size_t run = std::min(ax.kept - k, kept_end + ax.end - o);
        std::memcpy(base + o * block, slice0 + k * block, run * block);
        o += run;
      }
      return;
    }
    case PadFill::kReflect: {
      // Slice o repeats kept slice r of the reflection of period 2 (kept - 1), the edges not repeated.
      const size_t period = 2 * (ax.kept - 1);
      const auto source = [&](size_t distance_from_first) {  // kept index of slice begin + d, for d >= 0 or mirrored
        if (period == 0) return size_t{0};
        const size_t r = distance_from_first % period;
        return r < ax.kept ? r : period - r;
      };
      for (size_t o = 0; o < ax.begin; ++o) std::memcpy(base + o * block, slice0 + source(ax.begin - o) * block, block);
      for (size_t o = kept_end; o < kept_end + ax.end; ++o) std::memcpy(base + o * block, slice0 + source(o - kept_begin) * block, block);
      return;
    }
  }
}

// Whole innermost axes (nothing padded or cropped) move with the axis outside them, so that the rows
// copied are as long as they can be (a channels-last picture padded in height: one row): in constant
// mode as part of that axis (the constant fills element by element), in the others as larger elements
// (which repeat whole slices).
void merge_whole_inner_axes(std::vector<PadAxis>& axes, PadFill fill, size_t& element_size) {
  const auto whole = [](const PadAxis& ax) { return ax.begin == 0 && ax.end == 0 && ax.first == 0 && ax.kept == ax.input_size; };
  while (axes.size() >= 2 && whole(axes.back())) {
    const size_t n = axes.back().input_size;
    axes.pop_back();
    if (fill == PadFill::kConstant) {
      PadAxis& ax = axes.back();
      ax.input_size *= n;
      ax.first *= n;
      ax.kept *= n;
      ax.begin *= n;
      ax.end *= n;
    } else {
      element_size *= n;
    }
  }
}

}  // namespace

void pad(const std::vector<PadAxis>& padded_axes, PadFill fill, size_t element_size, const void* constant, const void* x, void* y) {
  std::vector<PadAxis> axes = padded_axes;
  size_t output_count = 1;
  for (const PadAxis& ax : axes) output_count *= ax.output_size();
  if (output_count == 0) return;
  merge_whole_inner_axes(axes, fill, element_size);
  const size_t rank = axes.size();
  const auto* c = static_cast<const Byte*>(constant);
  auto* out = static_cast<Byte*>(y);
  const auto* in = static_cast<const Byte*>(x);
  // Strides in bytes, of the output and of the input.
  std::vector<size_t> out_stride(rank + 1, element_size), in_stride(rank + 1, element_size);
  bool empty_interior = false;
  for (size_t d = rank; d-- > 0;) {
    out_stride[d] = out_stride[d + 1] * axes[d].output_size();
    in_stride[d] = in_stride[d + 1] * axes[d].input_size;
    empty_interior = empty_interior || axes[d].kept == 0;
  }
  if (empty_interior) return fill_blocks(out, c, element_size, output_count);
  if (rank == 0) return std::memcpy(out, in, element_size), void();
  const PadAxis& last = axes[rank - 1];
  // The kept rows, each with the padding of the last axis. idx: the position among the kept slices
  // of each outer axis (an odometer).
  std::vector<size_t> idx(rank, 0);
  for (;;) {
    size_t in_off = last.first * element_size, out_off = 0;
    for (size_t d = 0; d + 1 < rank; ++d) {
      in_off += (axes[d].first + idx[d]) * in_stride[d + 1];
      out_off += (axes[d].begin + idx[d]) * out_stride[d + 1];
    }
    std::memcpy(out + out_off + last.begin * element_size, in + in_off, last.kept * element_size);
    fill_axis(last, fill, c, element_size, out + out_off, element_size);
    size_t d = rank - 1;
    while (d-- > 0 && ++idx[d] == axes[d].kept) idx[d] = 0;
    if (d == static_cast<size_t>(-1)) break;
  }
  // The outer axes, innermost first: each kept position of the axes outside fills its slices.
  for (size_t a = rank - 1; a-- > 0;) {
    std::fill(idx.begin(), idx.end(), 0);
    for (;;) {
      size_t out_off = 0;
      for (size_t d = 0; d < a; ++d) out_off += (axes[d].begin + idx[d]) * out_stride[d + 1];
      fill_axis(axes[a], fill, c, element_size, out + out_off, out_stride[a + 1]);
      size_t d = a;
      while (d-- > 0 && ++idx[d] == axes[d].kept) idx[d] = 0;
      if (d == static_cast<size_t>(-1)) break;
    }
  }
}

}  // namespace ow::kernels
