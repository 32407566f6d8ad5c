// NonMaxSuppression's inner loops: boxes as corners and areas, in arrays (structure of arrays) for the
// overlap test of one box against many. Arithmetic as onnxruntime's (SuppressByIOU), in float32: the
// corners of [y1, x1, y2, x2] ordered (a box may be given by either diagonal), of [x_center, y_center,
// width, height] the center -/+ half the size; the intersection of two boxes is empty unless its max
// corner exceeds its min one on both axes; the IoU is the intersection over (area + area -
// intersection), and a box of no area, or no union, overlaps nothing.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

struct BoxArrays {
  float* x_min;
  float* y_min;
  float* x_max;
  float* y_max;
  float* area;
};

// Corners and areas of n boxes of 4 floats each, into `out` at 0..n-1.
void box_corners(const float* boxes, size_t n, bool center_point_box, const BoxArrays& out);

// Writes the indices i < n of the scores above `threshold` (with `any`, of every score but NaN) to
// `out`, in order; returns how many.
size_t candidates(const float* scores, size_t n, float threshold, bool any, uint32_t* out);

// Whether box c of `boxes` overlaps any of the n boxes of `chosen` with an IoU above `iou_threshold`
// (onnxruntime's test, the chosen box first).
bool overlaps_any(const BoxArrays& chosen, size_t n, const BoxArrays& boxes, size_t c, float iou_threshold);

// The greedy pass over `count` candidates (indices into `scores` and `boxes`, reordered in place): by
// descending score, equal scores by lower index, each box kept unless it overlaps_any box kept before,
// until `most` are kept. Writes the kept boxes to `chosen` and their indices to `kept`, in the order
// chosen; returns how many. Here, not in the operator's file, because that file is built for size and
// the heap's loops built so run several times slower (3.2 ms instead of 0.4 for 2,340 candidates).
size_t select_boxes(const float* scores, uint32_t* candidates, size_t count, const BoxArrays& boxes, float iou_threshold, size_t most,
                    const BoxArrays& chosen, uint32_t* kept);

}  // namespace ow::kernels
