// Which elementwise nodes by scalar constants a graph may fuse into one float32 pass
// (kernels/scale_round_clamp.h), the version rules that decide it, and the pass itself. A chain is,
// in this order and each at most once: Mul or Div by a constant; Add or Sub of one; Floor, Ceil or
// Round; Max by one (or Relu); Min by one (Clip: Max then Min). Each node reads the one before.
#pragma once

#include <cstddef>

#include "kernels/scale_round_clamp.h"
#include "ops/operator.h"

namespace ow {

class ScaleRoundClampChain {
 public:
  // Adds `op` (its node's attributes `attrs`) as the next node if it can be one: it reads the chain's
  // value at input `chained` and, at each other input, a constant (null where omitted) of one float32
  // element that is not NaN, and computes what the pass does for a float32 value of at least the
  // constants' rank. False, the chain unchanged, otherwise.
  bool add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs);

  // Whether the pass computes the chain for x: float32, of at least the constants' rank (a constant
  // of higher rank broadcasts x to a larger shape). Otherwise the nodes run one by one.
  bool serves(const Tensor& x) const { return x.dtype() == DType::kFloat32 && x.rank() >= rank_; }
  // The chain's output for an x it serves(), into outputs[0] if the caller placed it there (x's own
  // memory, or memory laid out like x), else into a new tensor appended.
  Status compute(const Tensor& x, Outputs& outputs) const;

 private:
  enum Stage { kScale, kOffset, kRounding, kLow, kHigh };

  kernels::ScaleRoundClamp pass_;
  int next_ = kScale;
  size_t rank_ = 0;
};

}  // namespace ow
