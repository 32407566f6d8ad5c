// The rules of chain fusion (chain_fusion.cpp): which elementwise nodes by scalar constants a graph may
// fuse into one float32 pass (kernels/scale_round_clamp.h). Each node's operator says what stage it is
// (OpSchema::chain_stage, ops/chain_stage.h: the version rules are its family's); the rules order them.
// A chain is, in this order and each at most once: a scale (Mul or Div by a constant); an offset (Add or
// Sub of one); a rounding (Floor, Ceil, Round); a low bound (Max by one, Relu); a high bound (Min by
// one; Clip is both); a comparison with one (a bool mask); then a selection by that mask between the
// value the comparison read and constants (Where, or a Cast of the mask to float32). Each node reads
// the one before (a Where also the value before the comparison). The executor runs the pass
// (Step::Chain).
#pragma once

#include <cstddef>

#include "kernels/scale_round_clamp.h"
#include "ops/operator.h"

namespace ow::onnx {

class ChainRules {
 public:
  // Adds `op` (its node's attributes `attrs`) as the next node if it can be one: it reads the chain's
  // value at input `chained` and, at each other input, a constant (null where omitted) of one float32
  // element that is not NaN, and its operator's stage (OpSchema::chain_stage) follows the chain's so
  // far. False, the chain unchanged, otherwise.
  // `compared`: the inputs (bit i: input i) that read the value the comparison before it read (a
  // Where's operands), which are not constants.
  bool add(const PreparedOp& op, const Attributes& attrs, size_t chained, const Inputs& inputs, unsigned compared = 0);

  // The pass computing the chain so far, for float32 inputs of at least rank() (a constant of higher
  // rank broadcasts x to a larger shape; the nodes then run one by one).
  const kernels::ScaleRoundClamp& pass() const { return pass_; }
  size_t rank() const { return rank_; }

 private:
  enum Stage { kScale, kOffset, kRounding, kLow, kHigh, kCompare, kSelect };

  kernels::ScaleRoundClamp pass_;
  int next_ = kScale;
  size_t rank_ = 0;
};

}  // namespace ow::onnx
