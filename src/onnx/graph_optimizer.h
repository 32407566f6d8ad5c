// Graph optimization at session creation, as onnxruntime's graphOptimizationLevel names it: passes
// (passes/, one file each) that rewrite the steps (step.h) over one index of the values' producers
// and readers (step_index.h). Every optimization but the BatchNormalization fold (below) keeps the
// outputs bit for bit those of the graph run node by node (but that a NaN may come out as another NaN:
// which payload a sum of NaNs keeps depends on its order, and wasm leaves NaN payloads unspecified):
//   basic:    constant folding (Constant nodes, and nodes whose inputs are all known at creation:
//             initializers no feed replaces, folded values, Shape and Size of graph inputs of fixed
//             dimensions), run once with the ordinary operator; Identity nodes removed (their
//             readers read the input itself); Pad nodes of all-zero pads made views of their input;
//   extended: a Pad of zeros before an AveragePool fused into the pooling's pads; a BatchNormalization
//             in inference after a Conv, or a Gemm of transB 1 and beta 1 (a linear layer), of constant
//             weights folded into them (as onnxruntime does), the one rewrite that changes the
//             rounding: each output is within 2 (K + 8) float32 (float64) roundings of its terms'
//             magnitude, |factor| * (sum |w x| + |b - mean|) + |B| (a Gemm's alpha in w), K the
//             products it sums, of the unfused graph's; elementwise nodes
//             by scalar constants that each read the one before (scale, offset, round, clamp: a
//             quantize step) fused into one pass (passes/chain_rules.h);
//             a Reshape whose shape is computed (Shape, Gather, Unsqueeze, Concat) from dimensions
//             known only as the session runs (a dynamic batch: x.view(x.size(0), -1)) reads them off
//             those values as it runs, instead of those steps;
//   all:      Reshape, Flatten, Squeeze, Unsqueeze (and an Identity left as a graph output) made
//             views of their input; Slice and Split outputs views of parts of their input where,
//             for the input at hand, each part is contiguous in it (else copied as declared);
//             elementwise nodes computed into their input's memory
//             where that value has no later use and its memory no other holder.
// A fused step runs where the last of its nodes ran: where two nodes would fail in one run, the
// optimized graph may report the other first.
// Tensors are reference-counted: a view shares its input's memory, which is written in place only when
// the tensor writing it is its only holder (Tensor::exclusive(), checked as each step runs), so that a
// feed (the caller's memory), an initializer or a value still read later is never written. Session::run
// copies an output that shares memory with anything else, or is a part of a larger tensor, before
// returning it.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/status.h"
#include "onnx/model.h"
#include "onnx/optimization_level.h"
#include "onnx/step.h"
#include "onnx/step_index.h"

namespace ow::onnx {

// What the passes read and rewrite of a graph of a session being built (the model's, or an If's
// branch): its steps, over `values`, and the session's values by id.
struct StepGraph {
  StepGraph(std::vector<Step>& steps, GraphValues values, std::vector<Tensor>& constants, std::vector<uint8_t>& known,
            const std::vector<const ValueInfo*>& fed, std::span<const size_t> graph_outputs, const std::vector<Node>& nodes)
      : steps(steps), constants(constants), known(known), fed(fed), nodes(nodes), index(steps, std::move(values), graph_outputs) {}

  std::vector<Step>& steps;        // in run order; those erased stay, dead, until index.compact()
  std::vector<Tensor>& constants;  // by value id; a folded value's tensor is set here
  std::vector<uint8_t>& known;     // by value id: constants[v] is its value at creation
  // By value id: the declared type and shape of a graph input no initializer backs, else null.
  const std::vector<const ValueInfo*>& fed;
  const std::vector<Node>& nodes;  // as declared, by index
  StepIndex index;
};

// Rewrites `graph.steps` for `level`, plans their releases (passes/release_planning.cpp) and leaves
// only the steps that run. Errors only for running out of memory; a node that fails to fold is left
// to fail (or not) when the session runs.
Status optimize(OptimizationLevel level, StepGraph& graph, OptimizationReport& report);

}  // namespace ow::onnx
