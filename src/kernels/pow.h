// Pow's micro-kernels: x^y in float64 (the C library's pow), for the broadcasting fold
// (ops/broadcast_fold.h). Every type pair Pow takes is computed there: its operands converted to
// float64 and the result converted once to the base's type (ops/pow.cpp).
#pragma once

#include "kernels/binary.h"

namespace ow::kernels {

const BinaryLoops& pow_f64_loops();

}  // namespace ow::kernels
