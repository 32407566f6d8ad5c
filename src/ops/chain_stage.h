// What an elementwise node computes as a stage of a fused float32 chain (onnx/passes/chain_rules.h,
// kernels/scale_round_clamp.h). Each operator that can be one answers through its schema's
// `chain_stage` (ops/operator.h), in its family's file, with the version rules that decide it: the
// chain's rules only order the stages and never name an operator.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <variant>

#include "core/attributes.h"
#include "kernels/scale_round_clamp.h"

namespace ow {

struct OpVersion;

// A node's inputs as a chain sees them: the one reading the chain's value x, and the others' constants,
// each a float32 scalar that is not NaN (a chain takes no other).
struct ChainOperands {
  size_t count = 0;    // the node's inputs, omitted optional ones included (at most 3)
  size_t chained = 0;  // the input reading x
  std::array<std::optional<float>, 3> constants;  // by input; nullopt for x, an omitted input or a compared one
  unsigned compared = 0;  // bit i: input i reads the value the comparison before the node read
};

// The stages, in the order a chain takes them (each at most once; a clamp's two bounds are two).
struct ChainScale {  // x * factor, or x / factor
  float factor;
  bool divide;
};
struct ChainOffset {  // x + addend
  float addend;
};
struct ChainRounding {
  kernels::RoundingMode mode;
};
struct ChainClamp {  // Max(x, lo), then Min of that and hi, each where given
  std::optional<float> lo, hi;
};
struct ChainCompare {  // x compared with the threshold: a bool mask
  kernels::Comparison comparison;
  float threshold;
};
struct ChainSelect {  // a node reading the mask: per element, what each of its values gives
  kernels::Choice when_true, when_false;
};
using ChainStage = std::variant<ChainScale, ChainOffset, ChainRounding, ChainClamp, ChainCompare, ChainSelect>;

// A node's stage, for its version, attributes and operands; nullopt where the node is none (where what
// it computes is not the stage's for every float32 x of at least the constants' rank).
using ChainStageOf = std::optional<ChainStage> (*)(const OpVersion& version, const Attributes& attrs, const ChainOperands& operands);

}  // namespace ow
