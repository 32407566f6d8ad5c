#include "onnx/graph.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace ow::onnx {
namespace {

constexpr size_t kNoValue = SIZE_MAX;
constexpr size_t kNoNode = SIZE_MAX;

bool is_default_domain(const std::string& domain) { return domain.empty() || domain == "ai.onnx"; }

std::string shape_to_string(const std::vector<Dim>& shape) {
  return list_to_string(shape, [](const Dim& d) { return d.fixed ? std::to_string(d.value) : d.param.empty() ? "?" : d.param; });
}

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
  return opset;  // 0: not imported, an error only if a node uses the domain
}

// Refuses graphs beyond kMaxGraphEntries or kMaxGraphNameBytes, before anything is built from them.
Status check_graph_size(const Graph& graph) {
  size_t entries = graph.initializers.size() + graph.inputs.size() + graph.outputs.size();
  size_t name_bytes = 0;
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
    }
  }
  if (entries > kMaxGraphEntries)
    return Unsupported("the graph is too large: " + std::to_string(entries) +
                       " nodes, node inputs, outputs and attributes, initializers, graph inputs and outputs (at most " +
                       std::to_string(kMaxGraphEntries) + ")");
  if (name_bytes > kMaxGraphNameBytes)
    return Unsupported("the graph is too large: its names and string attributes take " + std::to_string(name_bytes) +
                       " bytes (at most " + std::to_string(kMaxGraphNameBytes) + ")");
  return Status::Ok();
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

}  // namespace

// Builds a Session from a model: value ids for every name, steps in topological order, release lists.
class SessionBuilder {
 public:
  explicit SessionBuilder(Model& model) : model_(model), graph_(model.graph) {}

  Result<Session> build() {
    if (model_.ir_version == 0) return InvalidModel("the model has no ir_version");
    if (!model_.has_graph) return InvalidModel("the model has no graph");
    OW_RETURN_IF_ERROR(check_graph_size(graph_));
    OW_ASSIGN_OR_RETURN(const int64_t opset, default_opset(model_));
    OW_RETURN_IF_ERROR(prepare_ops(opset));
    record_description();
    OW_RETURN_IF_ERROR(add_initializers());
    OW_RETURN_IF_ERROR(add_graph_inputs());
    OW_RETURN_IF_ERROR(add_node_outputs());
    OW_RETURN_IF_ERROR(resolve_node_inputs());
    OW_RETURN_IF_ERROR(resolve_graph_outputs());
    std::vector<size_t> order;
    OW_RETURN_IF_ERROR(topological_order(order));
    make_steps(order);
    session_.value_names_.resize(ids_.size());
    for (const auto& [name, id] : ids_) session_.value_names_[id] = name;
    return std::move(session_);
  }

 private:
  // Each node's operator, resolved for the model's opset: domain, operator and attribute errors.
  Status prepare_ops(int64_t opset) {
    for (const Node& node : graph_.nodes) {
      const std::string label = node_label(node);
      if (node.op_type.empty()) return InvalidModel(label + ": the node has no op_type");
      if (!is_default_domain(node.domain))
        return Unsupported(label + ": unsupported operator domain '" + node.domain +
                           "'; this runtime implements only the default ONNX domain (ai.onnx)");
      if (opset == 0) return InvalidModel(label + ": the model imports no opset for the default ONNX domain (ai.onnx)");
      auto op = PreparedOp::create(node.op_type, opset, node.attributes);
      if (!op.ok()) return op.status().with_context(label + ": ");
      ops_.push_back(op.take());
    }
    return Status::Ok();
  }

  // The declared model, before initializers move into the session; inputs and outputs follow.
  void record_description() {
    ModelDescription& d = session_.description_;
    d.ir_version = model_.ir_version;
    d.opset_imports = model_.opset_imports;
    d.graph_name = graph_.name;
    for (const NamedTensor& init : graph_.initializers)
      d.initializers.push_back({init.name, init.tensor.dtype(), init.tensor.dims()});
    for (size_t n = 0; n < graph_.nodes.size(); ++n) d.nodes.push_back({graph_.nodes[n], ops_[n].version().since_version});
  }

  // What defines a value: node `node`, or else a graph input or an initializer.
  struct Definer {
    bool graph_input;
    size_t node;
  };

  std::string describe(const Definer& d) const {
    return d.node != kNoNode ? "an output of " + node_label(graph_.nodes[d.node])
           : d.graph_input   ? "a graph input"
                             : "an initializer";
  }

  // A new value id for `name`, or an error naming what defined it already.
  Result<size_t> define(const std::string& name, Definer definer) {
    auto [it, added] = ids_.emplace(name, definers_.size());
    if (!added)
      return InvalidModel("'" + name + "' is defined twice: as " + describe(definers_[it->second]) + " and as " +
                          describe(definer));
    definers_.push_back(definer);
    session_.constants_.emplace_back();
    return it->second;
  }

  Status add_initializers() {
    for (NamedTensor& init : graph_.initializers) {
      if (init.name.empty()) return InvalidModel("an initializer has no name");
      OW_ASSIGN_OR_RETURN(size_t id, define(init.name, {false, kNoNode}));
      session_.constants_[id] = std::move(init.tensor);
    }
    return Status::Ok();
  }

  // Graph inputs that are also initializers are optional feeds that replace the initializer.
  Status add_graph_inputs() {
    std::vector<uint8_t> listed(definers_.size(), 0);  // initializers listed as inputs so far
    for (const ValueInfo& info : graph_.inputs) {
      if (info.name.empty()) return InvalidModel("a graph input has no name");
      auto it = ids_.find(info.name);
      if (it != ids_.end()) {  // an initializer, or an input listed before
        if (it->second >= listed.size() || listed[it->second])
          return InvalidModel("graph input '" + info.name + "' is listed twice");
        listed[it->second] = 1;
        const auto init_type = static_cast<int32_t>(session_.constants_[it->second].dtype());
        // Feeds that replace the initializer take its type when the input states none.
        ValueInfo declared = info;
        if (!declared.has_type) declared.has_type = declared.is_tensor = true;
        if (declared.is_tensor && declared.elem_type == 0) declared.elem_type = init_type;
        OW_RETURN_IF_ERROR(check_graph_input(declared));
        if (declared.elem_type != init_type)
          return InvalidModel("graph input '" + info.name + "' is declared " + element_type_name(info.elem_type) +
                              " but its initializer is " + dtype_name(session_.constants_[it->second].dtype()));
        session_.graph_input_index_.emplace(info.name, session_.graph_inputs_.size());
        session_.graph_inputs_.push_back({std::move(declared), it->second, true});
        continue;
      }
      OW_RETURN_IF_ERROR(check_graph_input(info));
      OW_ASSIGN_OR_RETURN(size_t id, define(info.name, {true, kNoNode}));
      session_.graph_input_index_.emplace(info.name, session_.graph_inputs_.size());
      session_.graph_inputs_.push_back({info, id, false});
      session_.input_names_.push_back(info.name);
      session_.description_.inputs.push_back(info);
    }
    return Status::Ok();
  }

  Status add_node_outputs() {
    node_outputs_.resize(graph_.nodes.size());
    for (size_t n = 0; n < graph_.nodes.size(); ++n) {
      const Node& node = graph_.nodes[n];
      const std::string label = node_label(node);
      if (node.outputs.empty()) return InvalidModel(label + ": the node has no outputs");
      const PreparedOp& op = ops_[n];
      if (node.outputs.size() > op.schema().outputs)
        return InvalidModel(label + ": the node names " + std::to_string(node.outputs.size()) + " outputs but " + op.label() +
                            " produces " + std::to_string(op.schema().outputs));
      for (const std::string& name : node.outputs) {
        if (name.empty()) {  // an optional output nobody wants
          node_outputs_[n].push_back(kNoValue);
          continue;
        }
        auto id = define(name, {false, n});
        if (!id.ok()) return id.status().with_context(label + ": ");
        node_outputs_[n].push_back(id.value());
      }
    }
    return Status::Ok();
  }

  Status resolve_node_inputs() {
    node_inputs_.resize(graph_.nodes.size());
    for (size_t n = 0; n < graph_.nodes.size(); ++n) {
      const Node& node = graph_.nodes[n];
      size_t count = node.inputs.size();
      while (count > 0 && node.inputs[count - 1].empty()) --count;  // trailing omitted optional inputs
      OW_RETURN_IF_ERROR(ops_[n].check_input_count(count).with_context(node_label(node) + ": "));
      for (size_t i = 0; i < count; ++i) {
        const std::string& name = node.inputs[i];
        if (name.empty())
          return Unsupported(node_label(node) + ": input " + std::to_string(i) +
                             " is omitted (empty name) before a given input, which this runtime does not support");
        auto it = ids_.find(name);
        if (it == ids_.end())
          return InvalidModel(node_label(node) + ": input '" + name +
                              "' is produced by no node and is neither a graph input nor an initializer");
        node_inputs_[n].push_back(it->second);
      }
    }
    return Status::Ok();
  }

  Status resolve_graph_outputs() {
    if (graph_.outputs.empty()) return InvalidModel("the graph has no outputs");
    for (const ValueInfo& info : graph_.outputs) {
      auto it = ids_.find(info.name);
      if (it == ids_.end())
        return InvalidModel("graph output '" + info.name +
                            "' is produced by no node and is neither a graph input nor an initializer");
      session_.output_names_.push_back(info.name);
      session_.output_values_.push_back(it->second);
      session_.description_.outputs.push_back(info);
    }
    return Status::Ok();
  }

  // Kahn's algorithm; nodes that stay blocked lie on, or after, a cycle.
  Status topological_order(std::vector<size_t>& order) {
    const size_t n_nodes = graph_.nodes.size();
    std::vector<size_t> waiting(n_nodes, 0);              // inputs whose producer has not run yet
    std::vector<std::vector<size_t>> consumers(n_nodes);  // node -> nodes using its outputs (with repeats)
    for (size_t n = 0; n < n_nodes; ++n) {
      for (size_t v : node_inputs_[n]) {
        if (definers_[v].node == kNoNode) continue;
        ++waiting[n];
        consumers[definers_[v].node].push_back(n);
      }
    }
    // `order` doubles as the queue: nodes are appended when ready and taken in turn.
    for (size_t n = 0; n < n_nodes; ++n)
      if (waiting[n] == 0) order.push_back(n);
    for (size_t next = 0; next < order.size(); ++next)
      for (size_t c : consumers[order[next]])
        if (--waiting[c] == 0) order.push_back(c);
    return order.size() == n_nodes ? Status::Ok() : cycle_error(waiting);
  }

  // Walks from a blocked node to a blocked producer until a node repeats: that loop is a cycle.
  Status cycle_error(const std::vector<size_t>& waiting) const {
    size_t n = 0;
    while (waiting[n] == 0) ++n;
    std::vector<size_t> path;
    std::vector<size_t> position(waiting.size(), kNoNode);  // of each node in path
    while (position[n] == kNoNode) {
      position[n] = path.size();
      path.push_back(n);
      for (size_t v : node_inputs_[n]) {
        const size_t p = definers_[v].node;
        if (p != kNoNode && waiting[p] != 0) {
          n = p;
          break;
        }
      }
    }
    // path runs against the data flow; the cycle is its part from n on. Along the data flow it is n,
    // then that part backwards, then n again; a long one is shown in part.
    constexpr size_t kShownNodes = 8;
    const size_t begin = position[n], length = path.size() - begin;
    std::string cycle = node_label(graph_.nodes[n]);
    for (size_t k = 1; k < std::min(length, kShownNodes); ++k) cycle += " -> " + node_label(graph_.nodes[path[path.size() - k]]);
    if (length > kShownNodes) cycle += " -> ... (" + std::to_string(length) + " nodes in all)";
    cycle += " -> " + node_label(graph_.nodes[n]);
    return InvalidModel(node_label(graph_.nodes[n]) + " is on a cycle: " + cycle);
  }

  void make_steps(const std::vector<size_t>& order) {
    // Last step reading each value; graph outputs are never released.
    std::vector<size_t> last_use(definers_.size(), kNoValue);
    for (size_t s = 0; s < order.size(); ++s) {
      for (size_t v : node_inputs_[order[s]]) last_use[v] = s;
      for (size_t v : node_outputs_[order[s]])
        if (v != kNoValue && last_use[v] == kNoValue) last_use[v] = s;  // produced but never read
    }
    for (size_t v : session_.output_values_) last_use[v] = kNoValue;
    for (size_t s = 0; s < order.size(); ++s) {
      const size_t n = order[s];
      session_.steps_.push_back(
          {node_label(graph_.nodes[n]), std::move(ops_[n]), node_inputs_[n], node_outputs_[n], {}});
    }
    for (size_t v = 0; v < definers_.size(); ++v)
      if (definers_[v].node != kNoNode && last_use[v] != kNoValue) session_.steps_[last_use[v]].release.push_back(v);
  }

  Model& model_;
  Graph& graph_;
  Session session_;
  std::vector<PreparedOp> ops_;  // by node index
  std::unordered_map<std::string, size_t> ids_;
  std::vector<Definer> definers_;  // by value id: what defines it (the producing node, if any)
  std::vector<std::vector<size_t>> node_inputs_;
  std::vector<std::vector<size_t>> node_outputs_;
};

Result<Session> Session::create(Model model) { return SessionBuilder(model).build(); }

std::vector<Session::PlannedStep> Session::plan() const {
  std::vector<PlannedStep> planned;
  for (const Step& step : steps_) {
    planned.push_back({step.label, {}});
    for (size_t v : step.release) planned.back().frees.push_back(value_names_[v]);
  }
  return planned;
}

Status Session::run(const std::vector<Feed>& feeds, Outputs& outputs) const {
  std::vector<Tensor> values = constants_;  // shares the initializers' storage
  std::vector<uint8_t> fed(graph_inputs_.size(), 0);
  for (const Feed& feed : feeds) {
    auto found = graph_input_index_.find(feed.name);
    if (found == graph_input_index_.end()) {
      constexpr size_t kShownNames = 16;
      std::string names;
      for (size_t i = 0; i < std::min(input_names_.size(), kShownNames); ++i)
        names += (i ? ", '" : "'") + input_names_[i] + "'";
      if (input_names_.size() > kShownNames) names += " and " + std::to_string(input_names_.size() - kShownNames) + " more";
      return InvalidArgument("'" + feed.name + "' is not an input of the model (its inputs: " + names + ")");
    }
    const size_t k = found->second;
    const GraphInput& input = graph_inputs_[k];
    if (fed[k]) return InvalidArgument("input '" + feed.name + "' is fed twice");
    OW_RETURN_IF_ERROR(check_feed(input.info, feed.tensor));
    fed[k] = 1;
    values[input.value] = feed.tensor;
  }
  for (size_t k = 0; k < graph_inputs_.size(); ++k)
    if (!fed[k] && !graph_inputs_[k].has_initializer)
      return InvalidArgument("input '" + graph_inputs_[k].info.name + "' is missing from the feeds");

  Inputs inputs;
  Outputs produced;
  for (const Step& step : steps_) {
    inputs.clear();
    for (size_t v : step.inputs) inputs.push_back(&values[v]);
    Status st = step.op.run(inputs, produced);
    if (!st.ok()) return st.with_context(step.label + ": ");
    // The node names at most the outputs its operator produces (checked at create).
    for (size_t i = 0; i < step.outputs.size(); ++i)
      if (step.outputs[i] != kNoValue) values[step.outputs[i]] = std::move(produced[i]);
    for (size_t v : step.release) values[v] = Tensor();
  }
  outputs.clear();
  for (size_t v : output_values_) outputs.push_back(values[v]);
  return Status::Ok();
}

}  // namespace ow::onnx
