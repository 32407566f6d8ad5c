// A session: a model made ready to run (session_builder.h builds it), which runs its steps on feeds
// through the executor (executor.h), not the optimizer that made them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"
#include "onnx/model.h"
#include "onnx/model_description.h"
#include "onnx/name_index.h"
#include "onnx/step.h"
#include "ops/operator.h"

namespace ow::onnx {

struct Feed {
  std::string name;
  Tensor tensor;
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
  struct GraphInput {
    ValueInfo info;  // for an initializer without a declared type, the initializer's type
    size_t value;
    bool has_initializer;
  };
  // What a session holds to run, as its builder makes it: the graph checked, the nodes in topological
  // order made steps (each node prepared as a PreparedOp for the model's opset), optimized, with the
  // step after which each intermediate value is freed.
  struct Contents {
    std::vector<std::string> input_names;
    std::vector<std::string> output_names;
    std::vector<Tensor> constants;  // by value id; initializers and folded values, empty elsewhere
    std::vector<GraphInput> graph_inputs;
    std::vector<size_t> graph_input_of_value;  // by value id (up to the last graph input's): index in graph_inputs
    std::vector<Step> steps;
    std::vector<size_t> output_values;
    std::vector<std::string> value_names;  // by value id
    NameIndex value_index;                 // value_names to value ids
    ModelDescription description;
  };

  explicit Session(Contents contents) : contents_(std::move(contents)) {}

  // The inputs a caller feeds (graph inputs that are not initializers), in graph order.
  const std::vector<std::string>& input_names() const { return contents_.input_names; }
  const std::vector<std::string>& output_names() const { return contents_.output_names; }
  const ModelDescription& description() const { return contents_.description; }

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

  Contents contents_;
};

}  // namespace ow::onnx
