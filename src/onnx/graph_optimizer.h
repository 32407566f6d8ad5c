// Graph optimization at session creation, as onnxruntime's graphOptimizationLevel names it. Every
// optimization keeps the outputs bit for bit those of the graph run node by node (but that a NaN may
// come out as another NaN: which payload a sum of NaNs keeps depends on its order, and wasm leaves
// NaN payloads unspecified):
//   basic:    constant folding (Constant nodes, and nodes whose inputs are all known at creation:
//             initializers no feed replaces, folded values, Shape of graph inputs of fixed dimensions),
//             run once with the ordinary operator; Identity nodes removed (their readers read the
//             input itself); Pad nodes of all-zero pads made views of their input;
//   extended: a Pad of zeros before an AveragePool fused into the pooling's pads; elementwise nodes
//             by scalar constants that each read the one before (scale, offset, round, clamp: a
//             quantize step) fused into one pass (ops/scale_round_clamp.h);
//             a Reshape whose shape is computed (Shape, Gather, Unsqueeze, Concat) from dimensions
//             known only as the session runs (a dynamic batch: x.view(x.size(0), -1)) reads them off
//             those values as it runs, instead of those steps;
//   all:      Reshape, Flatten, Squeeze, Unsqueeze (and an Identity left as a graph output) made
//             views of their input; elementwise nodes computed into their input's memory
//             where that value has no later use and its memory no other holder.
// A fused step runs where the last of its nodes ran: where two nodes would fail in one run, the
// optimized graph may report the other first.
// Tensors are reference-counted: a view shares its input's memory, which is written in place only when
// the tensor writing it is its only holder (Tensor::exclusive(), checked as each step runs), so that a
// feed (the caller's memory), an initializer or a value still read later is never written. Session::run
// copies an output that shares memory with anything else before returning it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "onnx/model_decoder.h"
#include "ops/operator.h"
#include "ops/scale_round_clamp.h"

namespace ow::onnx {

enum class OptimizationLevel : uint8_t { kDisabled, kBasic, kExtended, kAll };

// onnxruntime's names: "disabled", "basic", "extended", "all"; an error naming the option otherwise.
Result<OptimizationLevel> optimization_level(std::string_view name);
const char* optimization_level_name(OptimizationLevel level);

constexpr size_t kNoValue = SIZE_MAX;

// One step of a session's run, in run order.
struct Step {
  enum class Kind : uint8_t {
    kCompute,  // the operator computes new outputs
    kView,     // output 0 is input 0's memory in the operator's output shape (PreparedOp::view_shape)
    kInPlace,  // the operator computes into input `in_place`'s memory when no other tensor holds it
  };
  std::string label;  // node_label() of the node (of the last node fused into it)
  PreparedOp op;
  std::vector<size_t> inputs;   // value ids; kNoValue for an omitted optional input
  std::vector<size_t> outputs;  // value ids; kNoValue for an unused optional output
  std::vector<size_t> release;  // values whose last use is this step (but the input a view takes)
  std::vector<size_t> nodes;    // the declared nodes it runs (indices in file order): one, or those fused
  Kind kind = Kind::kCompute;
  size_t in_place = 0;  // kInPlace: the input computed into
  // kView: input 0's last use is this step, which then takes its tensor for the output rather than
  // sharing it (plan_releases).
  bool takes_input = false;
  // A fused Pad + AveragePool runs the two nodes as declared (`unfused`, the Pad's output a temporary)
  // for inputs where the fused pooling would differ: where a window could span the whole plane (the
  // pooling then sums it as one run, in another order), or where ceil_mode keeps a last window starting in the Pad's end zeros that the
  // fused pooling, for which they are padding, drops.
  struct Unfused {
    PreparedOp pad, pool;  // the fused step's inputs are the Pad's; the fused pooling reads the first
    std::vector<int64_t> pads;     // the Pad's, begin then end, of every axis
    std::vector<int64_t> own;      // the pooling's pads, begin then end, of each spatial axis
    std::vector<int64_t> extent;   // the pooling's dilated window, of each spatial axis
    std::vector<int64_t> strides;  // of each spatial axis
    bool ceil_mode;
  };
  std::vector<Unfused> unfused;  // one for a fused step, else none
  // A fused chain of elementwise nodes (ops/scale_round_clamp.h). The step's inputs are the chain's
  // input, then the other inputs of each node; where the pass does not serve the chain's input, the
  // nodes run one by one as declared, each naming itself in an error.
  struct Link {
    PreparedOp op;
    std::string label;           // node_label() of the node
    size_t chained;              // its input that reads the node before's output (the first: Step::inputs[0])
    std::vector<size_t> inputs;  // its inputs, as positions in Step::inputs (but the chained one)
  };
  struct Chain {
    ScaleRoundClampChain pass;
    std::vector<Link> links;
  };
  std::vector<Chain> chain;  // one for a fused chain, else none
  // A Reshape whose shape input, computed by `steps` (Shape, Gather, Unsqueeze, Concat) from
  // dimensions known only as the session runs, is read off those dimensions as the step runs instead:
  // one entry per element. The step's inputs are the data, then the values whose dimensions it reads
  // and the others `steps` read. Where an entry names a dimension out of range, `steps` run as declared
  // (one of them reports it) and the Reshape reads their result, `value`.
  struct ShapeEntry {
    int64_t number;  // a constant, or the dimension (negative: from the end) of input `of`
    size_t of = kNoValue;  // kNoValue: a constant
  };
  struct ShapeFromDims {
    std::vector<ShapeEntry> entries;
    std::vector<Step> steps;
    size_t value;
  };
  std::vector<ShapeFromDims> shape;  // one for such a Reshape, else none
};

// What the optimizer reads and rewrites of a session being built.
struct StepGraph {
  std::vector<Step>& steps;
  std::vector<Tensor>& constants;  // by value id; a folded value's tensor is set here
  std::vector<uint8_t>& known;     // by value id: constants[v] is its value at creation
  // By value id: the declared type and shape of a graph input no initializer backs, else null.
  const std::vector<const ValueInfo*>& fed;
  const std::vector<size_t>& graph_outputs;
  const std::vector<Node>& nodes;  // as declared, by index
  int64_t opset;
};

// What became of the declared nodes, for InferenceSession.graph.
struct OptimizationReport {
  OptimizationLevel level = OptimizationLevel::kDisabled;
  std::vector<size_t> folded;   // computed once at creation: their outputs are constants
  std::vector<size_t> removed;  // their readers read their input instead
};

// Rewrites `graph.steps` for `level`. Errors only for running out of memory; a node that fails to fold
// is left to fail (or not) when the session runs.
Status optimize(OptimizationLevel level, StepGraph& graph, OptimizationReport& report);

// What a run reuses from step to step, so that a step allocates only the tensors it computes.
struct StepScratch {
  Inputs inputs;
  Outputs produced;
  Dims dims;  // a view's shape; swapped with the output's dims (Tensor::view_of)
  Tensor shape;  // a Reshape's shape read off dimensions (Step::ShapeFromDims)
};

// Runs a step: reads its inputs from `values` (by value id) and sets its outputs there. Errors name
// the node (the step's label, or the node of a fused chain that failed).
Status run_step(const Step& step, std::vector<Tensor>& values, StepScratch& scratch);

// The release lists: each value produced by a step is released after the last step that reads it,
// graph outputs never, and one a view takes (Step::takes_input) by that view.
void plan_releases(std::vector<Step>& steps, size_t value_count, const std::vector<size_t>& graph_outputs);

}  // namespace ow::onnx
