// The loops of Resize (kernels/resize.h), shared by the nearest kernel (per element size) and the
// interpolating ones (float32, float64). Axes before the last two are resized first, one pass each
// (whole slabs combined), into workspace tensors; then the last two together, one output row at a
// time: its input rows combined into one row, then each output column from its taps along it.
// Every tap of a resized axis is summed, those of weight 0 too (0 times a NaN or an infinity is NaN, as
// in ONNX's reference); an axis that is not resized (`identity`) is read element for element.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/resize.h"

namespace ow::kernels::resize_detail {

constexpr uint64_t align16(uint64_t bytes) { return (bytes + 15) & ~uint64_t{15}; }

// The axis before the last (one that is not resized, of size 1, for a rank-1 tensor).
inline ResizeAxis row_axis(const ResizePlan& plan) {
  if (plan.axes.size() >= 2) return plan.axes[plan.axes.size() - 2];
  ResizeAxis one;
  one.input_size = one.output_size = 1;
  one.identity = true;
  return one;
}

inline size_t outer_axes(const ResizePlan& plan) { return plan.axes.size() >= 2 ? plan.axes.size() - 2 : 0; }

// Elements of the largest tensor between the outer axes' passes (0 without such passes).
inline uint64_t largest_intermediate(const ResizePlan& plan) {
  uint64_t largest = 0;
  std::vector<uint64_t> dims;
  for (const ResizeAxis& ax : plan.axes) dims.push_back(ax.input_size);
  for (size_t a = 0; a < outer_axes(plan); ++a) {
    if (plan.axes[a].identity) continue;
    dims[a] = plan.axes[a].output_size;
    uint64_t n = 1;
    for (uint64_t d : dims) n *= d;
    largest = std::max(largest, n);
  }
  return largest;
}

// Two intermediates (passes alternate between them), one row of the last axis' input, and the rows of
// an upscaling row axis resized along the last axis (one per tap).
inline uint64_t workspace_bytes(const ResizePlan& plan, size_t element_size) {
  return 2 * align16(largest_intermediate(plan) * element_size) + align16(uint64_t{plan.axes.back().input_size} * element_size) +
         row_axis(plan).taps * align16(uint64_t{plan.axes.back().output_size} * element_size);
}

// Sets every output element that some axis maps outside the input to `value`.
template <typename T>
void extrapolate(const ResizePlan& plan, T value, T* y) {
  const size_t n = plan.axes.size();
  const ResizeAxis& last = plan.axes.back();
  std::vector<size_t> position(n, 0);
  size_t rows = 1;
  for (size_t i = 0; i + 1 < n; ++i) rows *= plan.axes[i].output_size;
  for (size_t r = 0; r < rows; ++r) {
    bool outside = false;
    for (size_t i = 0; i + 1 < n; ++i) outside = outside || (plan.axes[i].outside && plan.axes[i].outside[position[i]]);
    T* row = y + r * last.output_size;
    for (size_t o = 0; o < last.output_size; ++o)
      if (outside || (last.outside && last.outside[o])) row[o] = value;
    for (size_t i = n - 1; i-- > 0;) {
      if (++position[i] < plan.axes[i].output_size) break;
      position[i] = 0;
    }
  }
}

// Mode: the kernel's element operations.
//   combine(rows, weights, count, n, out): out[i] = the sum over r < count of weights[r] * rows[r][i]
//   (count >= 1; nearest: one row of weight 1, copied);
//   columns(row, axis, out): each output of a row from its taps along it.
template <class Mode, typename T>
void run(const ResizePlan& plan, const T* x, T* y, void* workspace) {
  const size_t n = plan.axes.size();
  auto* p = static_cast<unsigned char*>(workspace);
  const uint64_t intermediate = align16(largest_intermediate(plan) * sizeof(T));
  T* buffers[2] = {reinterpret_cast<T*>(p), reinterpret_cast<T*>(p + intermediate)};
  T* row_buffer = reinterpret_cast<T*>(p + 2 * intermediate);
  unsigned char* resized_rows = p + 2 * intermediate + align16(uint64_t{plan.axes.back().input_size} * sizeof(T));
  std::vector<size_t> dims;
  for (const ResizeAxis& ax : plan.axes) dims.push_back(ax.input_size);
  // The outer axes, one pass each.
  const T* src = x;
  size_t pass = 0;
  std::vector<const T*> rows;
  std::vector<float> weights;
  for (size_t a = 0; a < outer_axes(plan); ++a) {
    const ResizeAxis& ax = plan.axes[a];
    if (ax.identity) continue;
    size_t outer = 1, inner = 1;
    for (size_t i = 0; i < a; ++i) outer *= dims[i];
    for (size_t i = a + 1; i < n; ++i) inner *= dims[i];
    T* dst = buffers[pass++ % 2];
    for (size_t b = 0; b < outer; ++b) {
      const T* xs = src + b * ax.input_size * inner;
      for (size_t o = 0; o < ax.output_size; ++o) {
        rows.clear();
        weights.clear();
        for (size_t t = 0; t < ax.taps; ++t) {
          rows.push_back(xs + ax.index[t * ax.output_size + o] * inner);
          weights.push_back(ax.weight ? ax.weight[t * ax.output_size + o] : 1.0f);
        }
        Mode::combine(rows.data(), weights.data(), rows.size(), inner, dst + (b * ax.output_size + o) * inner);
      }
    }
    dims[a] = ax.output_size;
    src = dst;
  }
  // The last two axes, row by row.
  const ResizeAxis h = row_axis(plan), w = plan.axes.back();
  size_t planes = 1;
  for (size_t i = 0; i < outer_axes(plan); ++i) planes *= dims[i];
  // Upscaling rows of several taps (linear, cubic) reads each input row for several output rows: each
  // is resized along the last axis once, into one of `h.taps` slots (the rows of an output row are
  // consecutive and move forward with it), and the slots combined into the output row. Otherwise each
  // output row combines its input rows, then resizes that one row.
  const bool rows_first = !h.identity && h.weight && h.output_size > h.input_size && !w.identity;
  std::vector<size_t> slot_row(h.taps);
  std::vector<bool> read(h.taps);  // the slots the output row reads
  // The slot holding row r, else one the output row does not read: empty, or of the lowest row (the
  // output rows move forward, so the later ones read it least).
  const auto slot_of = [&](size_t r) {
    for (size_t k = 0; k < h.taps; ++k)
      if (slot_row[k] == r) return k;
    size_t best = h.taps;
    for (size_t k = 0; k < h.taps; ++k) {
      if (read[k]) continue;
      const bool empty = slot_row[k] == h.input_size;
      if (best == h.taps || empty || (slot_row[best] != h.input_size && slot_row[k] < slot_row[best])) best = k;
    }
    return best;
  };
  for (size_t plane = 0; plane < planes; ++plane) {
    const T* xs = src + plane * h.input_size * w.input_size;
    T* ys = y + plane * h.output_size * w.output_size;
    std::fill(slot_row.begin(), slot_row.end(), h.input_size);  // none yet
    for (size_t ho = 0; ho < h.output_size; ++ho) {
      T* out = ys + ho * w.output_size;
      rows.clear();
      weights.clear();
      std::fill(read.begin(), read.end(), false);
      if (h.identity) {
        rows.push_back(xs + ho * w.input_size);
        weights.push_back(1.0f);
      } else {
        for (size_t t = 0; t < h.taps; ++t) {
          const float wt = h.weight ? h.weight[t * h.output_size + ho] : 1.0f;
          const size_t r = h.index[t * h.output_size + ho];
          if (rows_first) {
            const size_t slot = slot_of(r);
            read[slot] = true;
            T* resized = reinterpret_cast<T*>(resized_rows + slot * align16(uint64_t{w.output_size} * sizeof(T)));
            if (slot_row[slot] != r) {
              Mode::columns(xs + r * w.input_size, w, resized);
              slot_row[slot] = r;
            }
            rows.push_back(resized);
          } else {
            rows.push_back(xs + r * w.input_size);
          }
          weights.push_back(wt);
        }
      }
      if (rows_first) {
        Mode::combine(rows.data(), weights.data(), rows.size(), w.output_size, out);
        continue;
      }
      // Nearest: an output row of the same input row as the one before it is a copy of it.
      if (!h.identity && !h.weight && ho > 0 && h.index[ho] == h.index[ho - 1]) {
        std::memcpy(out, out - w.output_size, w.output_size * sizeof(T));
        continue;
      }
      const T* row = rows[0];
      if (rows.size() != 1) {
        Mode::combine(rows.data(), weights.data(), rows.size(), w.input_size, row_buffer);
        row = row_buffer;
      }
      if (w.identity) {
        std::memcpy(out, row, w.output_size * sizeof(T));
      } else {
        Mode::columns(row, w, out);
      }
    }
  }
}

}  // namespace ow::kernels::resize_detail
