// A decoded ONNX model (ModelProto, GraphProto, NodeProto, ValueInfoProto): plain structs, as
// model_decoder.h reads them from protobuf and as declared, before a session checks how the pieces fit
// together (session_builder.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/attributes.h"
#include "core/tensor.h"

namespace ow::onnx {

// One dimension of a declared shape: a fixed size, or symbolic (dim_param, or nothing) matching any size.
struct Dim {
  bool fixed = false;
  int64_t value = 0;
  std::string param;
};

// A graph input or output as declared. `elem_type` is the raw TensorProto.DataType number (0 when the
// type is not stated); `is_tensor` is false for sequence, map, optional and sparse types.
struct ValueInfo {
  std::string name;
  bool has_type = false;
  bool is_tensor = false;
  int32_t elem_type = 0;
  bool has_shape = false;
  std::vector<Dim> shape;
};

struct Node {
  std::string name;
  std::string op_type;
  std::string domain;
  std::vector<std::string> inputs;  // "" marks an omitted optional input
  std::vector<std::string> outputs;
  Attributes attributes;
};

struct NamedTensor {
  std::string name;
  Tensor tensor;
};

struct Graph {
  std::string name;
  std::vector<Node> nodes;  // in file order, which need not be topological
  std::vector<NamedTensor> initializers;
  std::vector<ValueInfo> inputs;
  std::vector<ValueInfo> outputs;
};

struct OpsetImport {
  std::string domain;
  int64_t version = 0;
};

struct Model {
  int64_t ir_version = 0;  // 0: not stated
  std::vector<OpsetImport> opset_imports;
  bool has_graph = false;
  Graph graph;
};

using ow::element_type_name;  // core/dtype.h: a ValueInfo's elem_type by name

// "node 'pool1' (AveragePool)"; an unnamed node is named by its first output.
std::string node_label(const Node& node);

}  // namespace ow::onnx
