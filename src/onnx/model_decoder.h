// ONNX protobuf messages (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
// ValueInfoProto) decoded into plain structs. Decoding checks the wire format and each message on its
// own; how the pieces fit together (names, order, operators) is graph.h's job.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/attributes.h"
#include "core/status.h"
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

// "node 'pool1' (AveragePool)"; an unnamed node is named by its first output.
std::string node_label(const Node& node);

using ow::element_type_name;  // core/dtype.h

// Most attributes a node may have: every operator here defines a handful, and each new one is checked
// against the node's others (an attribute given twice is an error).
constexpr size_t kMaxNodeAttributes = 1024;

// Most graphs a subgraph may lie inside (If's branches: an If in a branch of an If is two deep).
// Decoding recurses once per level; deeper models are refused (kUnsupported).
constexpr size_t kMaxGraphNesting = 16;

// Decodes a serialized ModelProto. Tensors are copied out of `data`, which may be freed afterwards.
// Errors: kInvalidModel for malformed protobuf or messages (a node's attribute errors name the node),
// kUnsupported for what the runtime cannot hold (external data, unsupported element types, more than
// kMaxNodeAttributes attributes, subgraphs nested deeper than kMaxGraphNesting), kOutOfMemory when memory runs out.
Result<Model> decode_model(const void* data, size_t size);

// Decodes a serialized TensorProto (the .pb files of ONNX test data), with every data encoding.
Result<NamedTensor> decode_tensor(const void* data, size_t size);

}  // namespace ow::onnx
