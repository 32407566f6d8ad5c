// The rules a model and a session's feeds must meet, each check returning the error that names what
// breaks one; session_builder.cpp builds the session and session.cpp runs it.
#pragma once

#include <string>
#include <vector>

#include "core/status.h"
#include "core/tensor.h"
#include "onnx/model.h"
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

inline bool is_default_domain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

// The version of the default ONNX domain the model imports (0: none).
Result<int64_t> default_opset(const Model& model);

// Refuses graphs beyond kMaxGraphEntries or kMaxGraphNameBytes.
Status check_graph_size(const Graph& graph);

// A graph input's declared type (a supported tensor type) and shape (no negative size).
Status check_graph_input(const ValueInfo& info);

// `st` with the node's label before its message.
Status with_node(const Status& st, const Node& node);

// The node's operator: named, of the default domain, which the model imports (at `opset`).
Status check_node_operator(const Node& node, int64_t opset);

// The node's outputs: at least one, at most as many as its operator produces.
Status check_node_outputs(const Node& node, const PreparedOp& op);

// The node's inputs without the trailing omitted ones: how many, as many as its operator takes, none
// omitted before a given one.
Result<size_t> check_node_inputs(const Node& node, const PreparedOp& op);

// INVALID_MODEL for a value `name` that nothing defines, read by `node` (or else a graph output).
Status undefined_value_error(const Node* node, const std::string& name);

// A feed's type and fixed dimensions against its graph input's declaration.
Status check_feed(const ValueInfo& info, const Tensor& t);

// INVALID_ARGUMENT: "input 'x' <what>".
Status feed_error(const std::string& name, const char* what);

// INVALID_ARGUMENT for a feed `name` that is none of `input_names`, listing (some of) them.
Status unknown_feed_error(const std::string& name, const std::vector<std::string>& input_names);

}  // namespace ow::onnx
