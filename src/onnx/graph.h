// A decoded model made ready to run: graph checked, nodes in topological order, each prepared as a
// PreparedOp for the model's opset, and the step after which each intermediate tensor can be freed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "onnx/model_decoder.h"
#include "onnx/optimization_level.h"
#include "onnx/step.h"
#include "ops/operator.h"

namespace ow::onnx {

// Limits on a graph's size, checked before anything is built. A few bytes of file can describe a node,
// a value or a name that takes a hundred bytes once prepared, so larger graphs are refused
// (kUnsupported) rather than left to exhaust memory. Real models stay far below both.
// Nodes, their inputs, outputs, attributes and attribute list values, initializers, graph inputs,
// graph outputs and their declared dimensions, together:
constexpr size_t kMaxGraphEntries = size_t{1} << 21;
// Bytes of all names (nodes, values, attributes, operators, domains) and string attribute values:
constexpr size_t kMaxGraphNameBytes = size_t{1} << 26;

// Names to their positions in a list of names kept beside it: open addressing, its slots sized once for
// the most names it will hold (known from the graph), so it never rehashes.
class NameIndex {
 public:
  static constexpr size_t kNotFound = SIZE_MAX;
  void reserve(size_t most);
  // The position of `name` in `names`, or kNotFound.
  size_t find(std::string_view name, const std::vector<std::string>& names) const;
  // Indexes names.back(), unless an earlier position holds the same name: then that position.
  size_t add_last(const std::vector<std::string>& names);

 private:
  size_t first_slot(std::string_view name) const;
  std::vector<uint32_t> slots_;  // position + 1; 0: empty
};

struct Feed {
  std::string name;
  Tensor tensor;
};

// The model a session was built from, as declared, for tools that show it (InferenceSession.graph).
struct ModelDescription {
  struct Initializer {
    std::string name;
    DType type;
    Dims dims;
  };
  struct NodeDescription {
    Node node;
    int version;  // the operator version the node runs: its since_version for the model's opset
  };
  int64_t ir_version = 0;
  std::vector<OpsetImport> opset_imports;
  int64_t opset = 0;  // the default domain's, which the nodes' versions are resolved for
  std::string graph_name;
  std::vector<ValueInfo> inputs;  // the inputs a caller feeds, in input_names() order
  std::vector<ValueInfo> outputs;
  std::vector<Initializer> initializers;
  std::vector<NodeDescription> nodes;  // in file order
  // What runs, after optimization (graph_optimizer.h): the steps, each with the nodes it runs, and the
  // nodes folded into constants or removed.
  struct StepDescription {
    std::vector<size_t> nodes;  // indices in `nodes`
    std::string op_type;  // the operator's (a fused Pad + AveragePool's: the pooling's); a fused chain's, joined: "Mul+Round+Clip"
    Step::Kind kind;
    std::vector<std::string> inputs, outputs;  // "" for an omitted one
  };
  std::vector<StepDescription> steps;
  OptimizationReport optimization;
};

// How far a session's create or run has got: the node it is at, else its stage. Should memory run out
// part-way (std::bad_alloc, which frees everything made on the way out), the wasm module's entry point
// names it in the error by where() (bindings/interop.h guard()).
struct Progress {
  const char* stage = nullptr;        // "the session's values", ...
  const Node* node = nullptr;         // create: the node being prepared, in the model it reads
  const std::string* step = nullptr;  // run: the node_label() of the step running
  // "node 'pool1' (AveragePool)", else "<call>: <stage>", else `call`.
  std::string where(std::string_view call) const;
};

class Session {
 public:
  // Checks and prepares the model, moving its initializers into the session. Errors name the node and
  // the reason: an operator this runtime lacks, an unsupported domain, an input nobody produces, a
  // cycle, attributes the operator refuses. `progress`, if given, follows the work (its node is in
  // `model`).
  // `level` says which optimizations rewrite the steps (graph_optimizer.h).
  static Result<Session> create(Model&& model, Progress* progress = nullptr, OptimizationLevel level = OptimizationLevel::kAll);

  // The inputs a caller feeds (graph inputs that are not initializers), in graph order.
  const std::vector<std::string>& input_names() const { return input_names_; }
  const std::vector<std::string>& output_names() const { return output_names_; }
  const ModelDescription& description() const { return description_; }

  // Checks each feed's type and fixed dimensions against the graph, runs the nodes and returns the
  // graph outputs in output_names() order. Graph inputs that are also initializers may be fed to
  // replace the initializer. `progress`, if given, follows the work.
  Status run(const std::vector<Feed>& feeds, Outputs& outputs, Progress* progress = nullptr) const;

  // The execution plan, for tests and debugging: nodes in run order, each with the intermediate
  // values freed right after it (their last use; not one a view takes, whose memory its output keeps);
  // an If's branches' steps after it, labelled "<If's label>: then_branch: <label>".
  struct PlannedStep {
    std::string node;  // node_label()
    std::vector<std::string> frees;
  };
  std::vector<PlannedStep> plan() const;

 private:
  void plan_steps(const std::vector<Step>& steps, const std::string& prefix, std::vector<PlannedStep>& planned) const;

  struct GraphInput {
    ValueInfo info;  // for an initializer without a declared type, the initializer's type
    size_t value;
    bool has_initializer;
  };

  std::vector<std::string> input_names_;
  std::vector<std::string> output_names_;
  std::vector<Tensor> constants_;  // by value id; initializers, empty elsewhere
  std::vector<GraphInput> graph_inputs_;
  std::vector<size_t> graph_input_of_value_;  // by value id (up to the last graph input's): index in graph_inputs_
  std::vector<Step> steps_;
  std::vector<size_t> output_values_;
  std::vector<std::string> value_names_;  // by value id
  NameIndex value_index_;                 // value_names_ to value ids
  ModelDescription description_;

  friend class SessionBuilder;
};

}  // namespace ow::onnx
