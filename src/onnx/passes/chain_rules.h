// The rules of chain fusion (chain_fusion.cpp): which elementwise nodes by scalar constants a graph may
// fuse into one float32 pass (kernels/scale_round_clamp.h), and the version rules that decide it. A
// chain is, in this order and each at most once: Mul or Div by a constant; Add or Sub of one; Floor,
// Ceil or Round; Max by one (or Relu); Min by one (Clip: Max then Min). Each node reads the one before.
// The executor runs the pass (Step::Chain).
#pragma once

#include <cstddef>

#include "kernels/scale_round_clamp.h"
#include "ops/operator.h"

namespace ow::onnx {

class ChainRules {
 public:
  // Adds `op` (its node's attributes `attrs`) as the next node if it can be one: it reads the chain's
  // value at input `chained` and, at each other input, a constant (null where omitted) of one float32
  // element that is not NaN, and computes what the pass does for a float32 value of at least the
  // constants' rank. False, the chain unchanged, otherwise.
  bool add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs);

  // The pass computing the chain so far, for float32 inputs of at least rank() (a constant of higher
  // rank broadcasts x to a larger shape; the nodes then run one by one).
  const kernels::ScaleRoundClamp& pass() const { return pass_; }
  size_t rank() const { return rank_; }

 private:
  enum Stage { kScale, kOffset, kRounding, kLow, kHigh };

  kernels::ScaleRoundClamp pass_;
  int next_ = kScale;
  size_t rank_ = 0;
};

}  // namespace ow::onnx
