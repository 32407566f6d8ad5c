// The model a session was built from, as declared, and what runs of it after optimization, for tools
// that show it (InferenceSession.graph).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnx/model.h"
#include "onnx/optimization_level.h"
#include "onnx/step.h"

namespace ow::onnx {

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

}  // namespace ow::onnx
