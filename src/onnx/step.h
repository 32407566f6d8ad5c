// What a session runs: steps, in run order. The optimizer (graph_optimizer.h) makes them from the
// declared nodes; the executor (executor.h) runs them. A step is what it computes (Step::Work: one
// node as declared, a fused Pad + AveragePool, a fused chain of elementwise nodes, a Reshape reading
// its shape off dimensions, an If running one of its branches) and where its output lives
// (Step::Kind: new memory, a view of its input or of parts of it, or an input's memory, computed in place).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "kernels/scale_round_clamp.h"
#include "ops/operator.h"

namespace ow::onnx {

constexpr size_t kNoValue = SIZE_MAX;

// The values a graph's steps compute and read, which the optimizer indexes it by (step_index.h): the
// graph's own, ids [first, first + count) (a graph's initializers, inputs and node outputs are defined
// together), then those of the graphs around it that it reads. So a branch's index is the size of the
// branch, not of the session.
struct GraphValues {
  size_t first = 0;
  size_t count = 0;
  std::vector<size_t> outer;  // ascending
};

struct Step {
  // Where the output lives.
  enum class Kind : uint8_t {
    kCompute,  // the step computes new outputs
    kView,     // output 0 is input 0's memory in the operator's output shape (PreparedOp::view_shape)
    kInPlace,  // the step computes into input `in_place`'s memory when no other tensor holds it
    // Each output is a part of input 0's memory (PreparedOp::contiguous_parts: Slice, Split) where the
    // parts are contiguous in the input at hand; else the step computes them.
    kParts,
  };

  // The node's operator on the step's inputs, as declared; or, where `nodes` holds more than one, a
  // Conv whose weights hold the BatchNormalization after it (passes/batch_norm_folding.cpp) or whose
  // kernel also applies the clamp or SiLU after it (passes/conv_activation_fusion.cpp).
  struct OneNode {};

  // A Pad of zeros fused into the AveragePool after it (passes/pad_pool_fusion.cpp): `op` is the
  // pooling with the Pad's zeros among its pads, reading the Pad's input (the step's first). It runs
  // the two nodes as declared (`pad`, `pool`: the Pad's output a temporary) for inputs where the fused
  // pooling would differ: where a window could span the whole plane (the pooling then sums it as one
  // run, in another order), or where ceil_mode keeps a last window starting in the Pad's end zeros that
  // the fused pooling, for which they are padding, drops.
  struct PadPool {
    PreparedOp pad, pool;          // the step's inputs are the Pad's
    std::vector<int64_t> pads;     // the Pad's, begin then end, of every axis
    std::vector<int64_t> own;      // the pooling's pads, begin then end, of each spatial axis
    std::vector<int64_t> extent;   // the pooling's dilated window, of each spatial axis
    std::vector<int64_t> strides;  // of each spatial axis
    bool ceil_mode;
  };

  // Elementwise nodes by scalar constants fused into one pass over float32 (passes/chain_rules.h),
  // which may end in a comparison (a bool output) and a Where or Cast choosing by it. The
  // step's inputs are the chain's input, then the other inputs of each node; where the pass does not
  // serve the chain's input, the nodes run one by one as declared, each naming itself in an error.
  struct Link {
    static constexpr size_t kCompared = SIZE_MAX;  // an input reading the value the link before read
    PreparedOp op;
    std::string label;           // node_label() of the node
    size_t chained;              // its input that reads the node before's output (the first: the step's input 0)
    std::vector<size_t> inputs;  // its inputs, as positions in the step's inputs (but the chained one), or kCompared
  };
  struct Chain {
    kernels::ScaleRoundClamp pass;
    size_t rank = 0;  // the constants' highest rank: the pass serves float32 inputs of at least this rank
    std::vector<Link> links;
  };

  // A Reshape whose shape input, computed by `steps` (Shape, Gather, Unsqueeze, Concat) from
  // dimensions known only as the session runs, is read off those dimensions as the step runs instead:
  // one entry per element. The step's inputs are the data, then the values whose dimensions it reads
  // and the others `steps` read. Where an entry names a dimension out of range, `steps` run as declared
  // (one of them reports it) and the Reshape reads their result, `value`.
  struct ShapeEntry {
    int64_t number;        // a constant, or the dimension (negative: from the end) of input `of`
    size_t of = kNoValue;  // kNoValue: a constant
  };
  struct ReshapeFromDims {
    std::vector<ShapeEntry> entries;
    std::vector<Step> steps;
    size_t value;
  };

  // A subgraph's steps (an If's branch), run on the session's values: they read the values of the
  // graphs around it by their ids, as their own. `outputs`: its graph outputs; `produced`: those its
  // steps compute, released once the If has taken them (its steps release the others they compute);
  // `values`: those its steps and outputs name.
  struct Subgraph {
    std::vector<Step> steps;
    std::vector<size_t> outputs;
    std::vector<size_t> produced;
    GraphValues values;
  };

  // An If: the step's inputs are the condition, then every value of the graphs around it that its
  // branches read (so that the order, the passes and the release planning see those reads); its
  // outputs are the chosen branch's outputs.
  struct Conditional {
    Subgraph then_branch, else_branch;
  };

  using Work = std::variant<OneNode, PadPool, Chain, ReshapeFromDims, Conditional>;

  std::string label;  // node_label() of the node (of the last node fused into it)
  PreparedOp op;      // the node's operator (a fused chain's last node's; a fused pooling's)
  std::vector<size_t> inputs;   // value ids; kNoValue for an omitted optional input
  std::vector<size_t> outputs;  // value ids; kNoValue for an unused optional output
  std::vector<size_t> release;  // values whose last use is this step (but the input a view takes)
  std::vector<size_t> nodes;    // the declared nodes it runs (indices in file order): one, or those fused
  Work work;
  Kind kind = Kind::kCompute;
  size_t in_place = 0;  // kInPlace: the input computed into
  // kView: input 0's last use is this step, which then takes its tensor for the output rather than
  // sharing it (passes/release_planning.cpp).
  bool takes_input = false;

  // What it computes, if it is that (null otherwise).
  template <class W>
  const W* as() const { return std::get_if<W>(&work); }
  template <class W>
  W* as() { return std::get_if<W>(&work); }
  // Whether it runs its one node as declared.
  bool is_node() const { return std::holds_alternative<OneNode>(work); }
};

}  // namespace ow::onnx
