// The loops of ReduceMean, each element type's behind untyped pointers so that one traversal
// (kernels::fold_groups, kernels/reduce.h) serves every type: sums accumulate in float32 (float16,
// bfloat16 and float32), float64, or twice an integer's width (32-bit integers in 64 bits, 64-bit ones
// in 128: no sum wraps); then each mean is made from its sum.
#pragma once

#include <cstddef>

#include "core/dtype.h"
#include "kernels/reduce.h"

namespace ow::kernels {

struct MeanLoops {
  FoldLoops sums;  // rows added into sums, runs summed; acc_size the bytes of a sum
  bool in_place;   // the type's sums fit where its means go (a sum is of the type): no separate buffer
  // y[i] = sums[i] / count as the type: floats divide (0 / 0 is NaN), integers divide truncating
  // toward zero, a mean of nothing 0.
  void (*finish)(const void* sums, void* y, size_t n, size_t count);
};

// The loops for element type t (float32, float64, float16, bfloat16, 32- and 64-bit integers), else null.
const MeanLoops* reduce_mean_loops(DType t);

}  // namespace ow::kernels
