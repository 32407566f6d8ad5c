#include "kernels/nms.h"

#include <algorithm>

#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

// onnxruntime's std::max(a, b) and std::min(a, b): a < b ? b : a and b < a ? b : a, which pmax and pmin
// are lane-wise.
inline float max_of(float a, float b) { return a < b ? b : a; }
inline float min_of(float a, float b) { return b < a ? b : a; }

// The test for one chosen box s against c, lane-wise in the vector form below.
inline bool overlaps(float sx0, float sy0, float sx1, float sy1, float sa, float cx0, float cy0, float cx1, float cy1, float ca, float threshold) {
  const float ix0 = max_of(sx0, cx0), ix1 = min_of(sx1, cx1);
  if (!(ix1 > ix0)) return false;
  const float iy0 = max_of(sy0, cy0), iy1 = min_of(sy1, cy1);
  if (!(iy1 > iy0)) return false;
  const float inter = (ix1 - ix0) * (iy1 - iy0);
  const float uni = sa + ca - inter;
  if (!(inter > 0) || !(sa > 0) || !(ca > 0) || !(uni > 0)) return false;
  return inter / uni > threshold;
}

}  // namespace

void box_corners(const float* boxes, size_t n, bool center_point_box, const BoxArrays& out) {
  for (size_t i = 0; i < n; ++i, boxes += 4) {
    float x0, y0, x1, y1;
    if (center_point_box) {
      const float half_w = boxes[2] / 2, half_h = boxes[3] / 2;
      x0 = boxes[0] - half_w, x1 = boxes[0] + half_w;
      y0 = boxes[1] - half_h, y1 = boxes[1] + half_h;
    } else {  // onnxruntime's MaxMin: min = rhs where lhs >= rhs
      if (boxes[1] >= boxes[3]) x0 = boxes[3], x1 = boxes[1];
      else x0 = boxes[1], x1 = boxes[3];
      if (boxes[0] >= boxes[2]) y0 = boxes[2], y1 = boxes[0];
      else y0 = boxes[0], y1 = boxes[2];
    }
    out.x_min[i] = x0, out.y_min[i] = y0, out.x_max[i] = x1, out.y_max[i] = y1;
    out.area[i] = (x1 - x0) * (y1 - y0);
  }
}

size_t candidates(const float* scores, size_t n, float threshold, bool any, uint32_t* out) {
  size_t count = 0, i = 0;
  const v128_t t = wasm_f32x4_splat(threshold);
  for (; i + 4 <= n; i += 4) {
    const v128_t v = wasm_v128_load(scores + i);
    uint32_t bits = wasm_i32x4_bitmask(any ? wasm_f32x4_eq(v, v) : wasm_f32x4_gt(v, t));
    for (; bits != 0; bits &= bits - 1) out[count++] = static_cast<uint32_t>(i) + static_cast<uint32_t>(__builtin_ctz(bits));
  }
  for (; i < n; ++i)
    if (any ? scores[i] == scores[i] : scores[i] > threshold) out[count++] = static_cast<uint32_t>(i);
  return count;
}

bool overlaps_any(const BoxArrays& chosen, size_t n, const BoxArrays& boxes, size_t c, float iou_threshold) {
  const float cx0 = boxes.x_min[c], cy0 = boxes.y_min[c], cx1 = boxes.x_max[c], cy1 = boxes.y_max[c], ca = boxes.area[c];
  if (!(ca > 0)) return false;  // a box of no area overlaps nothing
  size_t i = 0;
  const v128_t vx0 = wasm_f32x4_splat(cx0), vy0 = wasm_f32x4_splat(cy0), vx1 = wasm_f32x4_splat(cx1), vy1 = wasm_f32x4_splat(cy1);
  const v128_t va = wasm_f32x4_splat(ca), threshold = wasm_f32x4_splat(iou_threshold), zero = wasm_f32x4_splat(0);
  for (; i + 4 <= n; i += 4) {
    const v128_t ix0 = wasm_f32x4_pmax(wasm_v128_load(chosen.x_min + i), vx0), ix1 = wasm_f32x4_pmin(wasm_v128_load(chosen.x_max + i), vx1);
    const v128_t iy0 = wasm_f32x4_pmax(wasm_v128_load(chosen.y_min + i), vy0), iy1 = wasm_f32x4_pmin(wasm_v128_load(chosen.y_max + i), vy1);
    const v128_t sa = wasm_v128_load(chosen.area + i);
    const v128_t inter = wasm_f32x4_mul(wasm_f32x4_sub(ix1, ix0), wasm_f32x4_sub(iy1, iy0));
    const v128_t uni = wasm_f32x4_sub(wasm_f32x4_add(sa, va), inter);
    v128_t hit = wasm_v128_and(wasm_f32x4_gt(ix1, ix0), wasm_f32x4_gt(iy1, iy0));
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_gt(inter, zero), wasm_f32x4_gt(sa, zero)));
    hit = wasm_v128_and(hit, wasm_v128_and(wasm_f32x4_gt(uni, zero), wasm_f32x4_gt(wasm_f32x4_div(inter, uni), threshold)));
    if (wasm_v128_any_true(hit)) return true;
  }
  for (; i < n; ++i)
    if (overlaps(chosen.x_min[i], chosen.y_min[i], chosen.x_max[i], chosen.y_max[i], chosen.area[i], cx0, cy0, cx1, cy1, ca, iou_threshold)) return true;
  return false;
}

size_t select_boxes(const float* scores, uint32_t* candidates, size_t count, const BoxArrays& boxes, float iou_threshold, size_t most,
                    const BoxArrays& chosen, uint32_t* kept) {
  // A heap, not a sort: the pass usually ends after a few of the candidates (`most` kept), or suppresses
  // most of them around a few kept ones. Higher scores first, equal ones by lower index.
  const auto after = [scores](uint32_t p, uint32_t q) { return scores[p] < scores[q] || (scores[p] == scores[q] && p > q); };
  uint32_t* const first = candidates;
  std::make_heap(first, first + count, after);
  size_t n = 0;
  for (uint32_t* end = first + count; end != first && n < most; --end) {
    std::pop_heap(first, end, after);
    const uint32_t i = *(end - 1);
    if (overlaps_any(chosen, n, boxes, i, iou_threshold)) continue;
    chosen.x_min[n] = boxes.x_min[i], chosen.y_min[n] = boxes.y_min[i], chosen.x_max[n] = boxes.x_max[i], chosen.y_max[n] = boxes.y_max[i];
    chosen.area[n] = boxes.area[i];
    kept[n++] = i;
  }
  return n;
}

}  // namespace ow::kernels
