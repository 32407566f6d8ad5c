// The rules a model and a session's feeds must meet, and the messages that say which is broken
// (session_builder.cpp builds the session, session.cpp runs it).
#include "onnx/graph_checks.h"

#include <algorithm>

#include "core/shape.h"
#include "onnx/session.h"
#include "ops/operator.h"

namespace ow::onnx {
namespace {

std::string shape_to_string(const std::vector<Dim>& shape) {
  return list_to_string(shape, [](const Dim& d) { return d.fixed ? std::to_string(d.value) : d.param.empty() ? "?" : d.param; });
}

// Declared dimensions are sizes or symbols; a negative size could never match a feed.
Status check_declared_shape(const ValueInfo& info) {
  for (size_t i = 0; i < info.shape.size(); ++i) {
    if (info.shape[i].fixed && info.shape[i].value < 0)
      return InvalidModel("graph input '" + info.name + "' declares dimension " + std::to_string(i) + " as " +
                          std::to_string(info.shape[i].value) + ", which is negative");
  }
  return Status::Ok();
}

}  // namespace

// The version of the default ONNX domain the model imports.
Result<int64_t> default_opset(const Model& model) {
  if (model.opset_imports.empty()) return InvalidModel("the model has no opset_import");
  int64_t opset = 0;
  for (const OpsetImport& import : model.opset_imports) {
    if (!is_default_domain(import.domain)) continue;
    if (import.version <= 0)
      return InvalidModel("the opset_import of the default ONNX domain has version " + std::to_string(import.version));
    if (opset != 0 && opset != import.version)
      return InvalidModel("the model imports the default ONNX domain twice, as opset " + std::to_string(opset) +
                          " and " + std::to_string(import.version));
    opset = import.version;
  }
  // A newer opset may have changed what an operator computes: refused rather than run as an older one.
  if (opset > newest_opset())
    return Unsupported("the model imports ai.onnx opset " + std::to_string(opset) + ", newer than " +
                       std::to_string(newest_opset()) + ", the newest this runtime has");
  return opset;  // 0: not imported, an error only if a node uses the domain
}

namespace {

// Adds the graph's entries and name bytes (check_graph_size), its subgraphs' with them.
void count_graph(const Graph& graph, size_t& entries, size_t& name_bytes) {
  entries += graph.initializers.size() + graph.inputs.size() + graph.outputs.size();
  for (const NamedTensor& init : graph.initializers) name_bytes += init.name.size();
  for (const std::vector<ValueInfo>* infos : {&graph.inputs, &graph.outputs}) {
    for (const ValueInfo& info : *infos) {
      entries += info.shape.size();
      name_bytes += info.name.size();
      for (const Dim& d : info.shape) name_bytes += d.param.size();
    }
  }
  for (const Node& node : graph.nodes) {
    entries += 1 + node.inputs.size() + node.outputs.size() + node.attributes.items().size();
    name_bytes += node.name.size() + node.op_type.size() + node.domain.size();
    for (const std::vector<std::string>* names : {&node.inputs, &node.outputs})
      for (const std::string& name : *names) name_bytes += name.size();
    for (const auto& [name, value] : node.attributes.items()) {
      entries += value.ints.size() + value.floats.size() + value.strings.size();
      name_bytes += name.size() + value.s.size();
      for (const std::string& str : value.strings) name_bytes += str.size();
      for (const auto& subgraph : value.graphs) count_graph(*subgraph, entries, name_bytes);
    }
  }
}

}  // namespace

// Refuses graphs beyond kMaxGraphEntries or kMaxGraphNameBytes, subgraphs counted, before anything is
// built from them.
Status check_graph_size(const Graph& graph) {
  size_t entries = 0, name_bytes = 0;
  count_graph(graph, entries, name_bytes);
  if (entries > kMaxGraphEntries)
    return Unsupported("the graph is too large: " + std::to_string(entries) +
                       " nodes, node inputs, outputs and attributes, initializers, graph inputs and outputs (at most " +
                       std::to_string(kMaxGraphEntries) + ")");
  if (name_bytes > kMaxGraphNameBytes)
    return Unsupported("the graph is too large: its names and string attributes take " + std::to_string(name_bytes) +
                       " bytes (at most " + std::to_string(kMaxGraphNameBytes) + ")");
  return Status::Ok();
}

Status check_graph_input(const ValueInfo& info) {
  const std::string& name = info.name;
  if (!info.has_type) return InvalidModel("graph input '" + name + "' has no type");
  if (!info.is_tensor)
    return Unsupported("graph input '" + name +
                       "' is not a tensor; sequence, map and optional inputs are not supported");
  if (info.elem_type == 0) return InvalidModel("graph input '" + name + "' has no element type");
  if (!dtype_is_known(info.elem_type))
    return Unsupported("graph input '" + name + "' has element type " + element_type_name(info.elem_type) +
                       ", which this runtime does not support");
  return check_declared_shape(info);
}

Status check_feed(const ValueInfo& info, const Tensor& t) {
  const std::string& name = info.name;
  if (static_cast<int32_t>(t.dtype()) != info.elem_type)
    return InvalidArgument("input '" + name + "' must have type " + element_type_name(info.elem_type) + ", got " +
                           dtype_name(t.dtype()));
  if (!info.has_shape) return Status::Ok();
  if (t.rank() != info.shape.size())
    return InvalidArgument("input '" + name + "' must have " + std::to_string(info.shape.size()) +
                           " dimensions, got shape " + dims_to_string(t.dims()) + " (the model declares shape " +
                           shape_to_string(info.shape) + ")");
  for (size_t i = 0; i < t.rank(); ++i) {
    const Dim& d = info.shape[i];
    if (d.fixed && d.value != t.dims()[i])
      return InvalidArgument("input '" + name + "': dimension " + std::to_string(i) + " must be " +
                             std::to_string(d.value) + ", got " + std::to_string(t.dims()[i]) +
                             " (the model declares shape " + shape_to_string(info.shape) + ")");
  }
  return Status::Ok();
}

Status with_node(const Status& st, const Node& node) { return st.with_context(node_label(node) + ": "); }

Status check_node_operator(const Node& node, int64_t opset) {
  if (node.op_type.empty()) return InvalidModel(node_label(node) + ": the node has no op_type");
  if (!is_default_domain(node.domain))
    return Unsupported(node_label(node) + ": unsupported operator domain '" + node.domain +
                       "'; this runtime implements only the default ONNX domain (ai.onnx)");
  if (opset == 0) return InvalidModel(node_label(node) + ": the model imports no opset for the default ONNX domain (ai.onnx)");
  return Status::Ok();
}

Status check_node_outputs(const Node& node, const PreparedOp& op) {
  if (node.outputs.empty()) return InvalidModel(node_label(node) + ": the node has no outputs");
  // A variadic last output takes any number: Split's kernel checks the count it makes, If's branches
  // must have as many (session_builder.cpp).
  const bool variadic = op.outputs().back().arity == Param::Arity::kVariadic;
  if (!variadic && node.outputs.size() > op.outputs().size())
    return InvalidModel(node_label(node) + ": the node names " + std::to_string(node.outputs.size()) + " outputs but " +
                        op.label() + " produces " + std::to_string(op.outputs().size()));
  return Status::Ok();
}

Result<size_t> check_node_inputs(const Node& node, const PreparedOp& op) {
  size_t count = node.inputs.size();
  while (count > 0 && node.inputs[count - 1].empty()) --count;  // trailing omitted optional inputs
  Status st = op.check_input_count(count);
  if (!st.ok()) return with_node(st, node);
  const std::span<const Param> params = op.inputs();
  for (size_t i = 0; i < count; ++i)
    if (node.inputs[i].empty() && params[std::min(i, params.size() - 1)].arity != Param::Arity::kOptional)
      return InvalidModel(node_label(node) + ": input " + std::to_string(i) + " ('" +
                          std::string(params[std::min(i, params.size() - 1)].name) + "') of " + op.label() +
                          " is required but its name is empty");
  return count;
}

Status undefined_value_error(const Node* node, const std::string& name) {
  return InvalidModel((node ? node_label(*node) + ": input '" : "graph output '") + name +
                      "' is produced by no node and is neither a graph input nor an initializer");
}

Status feed_error(const std::string& name, const char* what) { return InvalidArgument("input '" + name + "' " + what); }

Status unknown_feed_error(const std::string& name, const std::vector<std::string>& input_names) {
  constexpr size_t kShownNames = 16;
  std::string names;
  for (size_t i = 0; i < std::min(input_names.size(), kShownNames); ++i) names += (i ? ", '" : "'") + input_names[i] + "'";
  if (input_names.size() > kShownNames) names += " and " + std::to_string(input_names.size() - kShownNames) + " more";
  return InvalidArgument("'" + name + "' is not an input of the model (its inputs: " + names + ")");
}

}  // namespace ow::onnx
