// What a graph's passes ask of a Gemm node, answered by the rules its kernel follows (ops/gemm.cpp).
#pragma once

#include "core/attributes.h"
#include "core/tensor.h"
#include "ops/operator.h"

namespace ow {

// Whether the Gemm node `gemm` (attributes `attrs`, its C `c`, null where it has none) computes each
// output column n as alpha * A' times row n of B, plus C[n] as it is: transB 1, beta 1, and C, where
// given, one value per column ([N], as exporters write a linear layer's bias; version 7 on, where C
// broadcasts without `broadcast`).
// Then a map of Y's columns after it folds into B's rows and C, as one after a Conv into its output
// channels (onnx/passes/batch_norm_folding.cpp). False for a node of another operator.
bool gemm_columns_are_rows_of_b(const PreparedOp& gemm, const Attributes& attrs, const Tensor* c);

}  // namespace ow
