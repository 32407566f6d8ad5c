// The broadcasting loop of the binary elementwise operators (Min, Max, Add, Sub, Mul, Div): y =
// op(inputs[0], inputs[1], ...), folded left to right, each input broadcast (NumPy rules) to y's
// shape, with an operation's micro-kernels (kernels/binary.h).
#pragma once

#include "kernels/binary.h"
#include "ops/operator.h"

namespace ow {

// `y` is allocated with the broadcast shape; it may be an input laid out like it (in place). An
// operation that is `commutative` (and associative) may fold its inputs in any order, which lets each
// chunk start from an input laid out like y. Where the loops' output element differs from the
// inputs' (a comparison's bool), there must be two inputs, and neither is y.
void broadcast_fold(const Inputs& inputs, Tensor& y, const kernels::BinaryLoops& loops, bool commutative);

// The broadcast shape of the inputs (multidirectional, NumPy rules), or an error naming the shapes.
Result<Dims> broadcast_dims(const Inputs& inputs);

// The legacy broadcasting of versions 1 and 6 of Add, Sub, Mul, Div (1 of the comparisons and Pow): B as
// a view of A's rank that broadcasts to A's shape. Without `broadcast`, B's shape must be A's; with it,
// B of one element, or each of B's dims equal to A's from `axis` on, or 1 (kNoAxis: B's shape a suffix
// of A's; negative: from the back).
constexpr int64_t kNoAxis = INT64_MIN;
// Errors name the inputs `names` (Pow's are X and Y).
struct OperandNames {
  const char* a = "A";
  const char* b = "B";
};
Result<Tensor> legacy_operand_b(const Tensor& a, const Tensor& b, bool broadcast, int64_t axis, OperandNames names = {});

}  // namespace ow
