// The loops of the reductions over axes (ReduceSum, ReduceProd, ReduceMax, ReduceMin, and ReduceMean's
// sums), each element type's behind untyped pointers so that one traversal (ops/reduce_axes.h) serves
// every operation and type. Each folds the input into one accumulator per output element of the
// element's type (float16 and bfloat16 are widened to float32 first, by the caller), where integer
// sums and products wrap (as ONNX's reference, numpy with the input's dtype, and
// onnxruntime compute them). Max and Min propagate NaN and order -0 below +0, as the Max and Min
// operators do (kernels/min_max_ops.h).
#pragma once

#include <cstddef>
#include <span>

#include "core/dtype.h"

namespace ow::kernels {

// The input's dims merged into groups that are all reduced or all kept, dims of 1 dropped, outermost
// first (ops/reduce_axes.h plans them).
struct ReduceGroup {
  size_t extent;
  size_t stride;  // elements of the input
  bool reduced;
};

struct FoldLoops {
  size_t acc_size;                                   // bytes of an accumulator
  void (*rows)(void* acc, const void* x, size_t n);  // acc[i] = op(acc[i], x[i]) for i < n
  void (*run)(void* acc, const void* x, size_t n);   // *acc = op(*acc, x[0], ..., x[n - 1])
};

struct ReduceLoops {
  FoldLoops fold;
  // acc[i] = the result over no elements: 0 (sum), 1 (product), -inf or the type's lowest (max), +inf
  // or its highest (min; bool's true, 1).
  void (*start)(void* acc, size_t n);
};

// Folds x (of `element_size` bytes, laid out as `groups`; not empty) into `acc`, one accumulator per
// output element, each holding its start: each output element (the innermost group reduced: folds of
// runs) or row of them (kept: rows folded in), over the positions of the other reduced groups.
void fold_groups(std::span<const ReduceGroup> groups, const FoldLoops& loops, size_t element_size, const void* x, void* acc);

// The loops for element type t; null for a type the operation does not serve (sums and products:
// float32, float64 and 32- and 64-bit integers; Max and Min: those and 8-bit integers).
const ReduceLoops* reduce_sum_loops(DType t);
const ReduceLoops* reduce_prod_loops(DType t);
const ReduceLoops* reduce_max_loops(DType t);
const ReduceLoops* reduce_min_loops(DType t);

}  // namespace ow::kernels
