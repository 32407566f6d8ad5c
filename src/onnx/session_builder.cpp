// Session::create: builds a session from a decoded model (graph.h): checks it, gives every name a
// value id, orders the nodes, makes the steps and has the optimizer rewrite them.
#include <algorithm>
#include <cstdint>

#include "onnx/graph.h"
#include "onnx/graph_checks.h"
#include "onnx/graph_optimizer.h"

namespace ow::onnx {
namespace {

constexpr size_t kNoNode = SIZE_MAX;

}  // namespace

// Builds a Session from a model: value ids for every name, steps in topological order, release lists.
class SessionBuilder {
 public:
  SessionBuilder(Model& model, OptimizationLevel level, Progress& progress)
      : model_(model), graph_(model.graph), level_(level), progress_(progress) {}

  Result<Session> build() {
    if (model_.ir_version == 0) return InvalidModel("the model has no ir_version");
    if (!model_.has_graph) return InvalidModel("the model has no graph");
    progress_.stage = "the session's checks";
    OW_RETURN_IF_ERROR(check_graph_size(graph_));
    OW_ASSIGN_OR_RETURN(const int64_t opset, default_opset(model_));
    progress_.stage = "the session's operators";
    OW_RETURN_IF_ERROR(prepare_ops(opset));
    progress_.stage = "the session's description";
    record_description();
    progress_.stage = "the session's values";
    size_t most_values = graph_.initializers.size() + graph_.inputs.size();
    for (const Node& node : graph_.nodes) most_values += node.outputs.size();
    session_.value_index_.reserve(most_values);
    OW_RETURN_IF_ERROR(add_initializers());
    OW_RETURN_IF_ERROR(add_graph_inputs());
    OW_RETURN_IF_ERROR(add_node_outputs());
    OW_RETURN_IF_ERROR(resolve_node_inputs());
    OW_RETURN_IF_ERROR(resolve_graph_outputs());
    progress_.stage = "the session's node order";
    std::vector<size_t> order;
    OW_RETURN_IF_ERROR(topological_order(order));
    progress_.stage = "the session's steps";
    make_steps(order);
    progress_.stage = "the session's optimization";
    OW_RETURN_IF_ERROR(optimize_steps(opset));
    return std::move(session_);
  }

 private:
  // Each node's operator, resolved for the model's opset: domain, operator and attribute errors.
  Status prepare_ops(int64_t opset) {
    for (const Node& node : graph_.nodes) {
      progress_.node = &node;
      OW_RETURN_IF_ERROR(check_node_operator(node, opset));
      size_t wanted = node.outputs.size();  // up to the last output the node names
      while (wanted > 1 && node.outputs[wanted - 1].empty()) --wanted;
      auto op = PreparedOp::create(node.op_type, opset, node.attributes, wanted);
      if (!op.ok()) return with_node(op.status(), node);
      ops_.push_back(op.take());
    }
    progress_.node = nullptr;
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
    std::vector<std::string>& names = session_.value_names_;
    names.push_back(name);
    const size_t id = session_.value_index_.add_last(names);
    if (id != names.size() - 1) {
      names.pop_back();
      return InvalidModel("'" + name + "' is defined twice: as " + describe(definers_[id]) + " and as " + describe(definer));
    }
    definers_.push_back(definer);
    session_.constants_.emplace_back();
    return id;
  }

  // The value id of `name`, or NameIndex::kNotFound.
  size_t find(const std::string& name) const { return session_.value_index_.find(name, session_.value_names_); }

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
      const size_t found = find(info.name);
      if (found != NameIndex::kNotFound) {  // an initializer, or an input listed before
        if (found >= listed.size() || listed[found]) return InvalidModel("graph input '" + info.name + "' is listed twice");
        listed[found] = 1;
        const auto init_type = static_cast<int32_t>(session_.constants_[found].dtype());
        // Feeds that replace the initializer take its type when the input states none.
        ValueInfo declared = info;
        if (!declared.has_type) declared.has_type = declared.is_tensor = true;
        if (declared.is_tensor && declared.elem_type == 0) declared.elem_type = init_type;
        OW_RETURN_IF_ERROR(check_graph_input(declared));
        if (declared.elem_type != init_type)
          return InvalidModel("graph input '" + info.name + "' is declared " + element_type_name(info.elem_type) +
                              " but its initializer is " + dtype_name(session_.constants_[found].dtype()));
        session_.graph_inputs_.push_back({std::move(declared), found, true});
        continue;
      }
      OW_RETURN_IF_ERROR(check_graph_input(info));
      OW_ASSIGN_OR_RETURN(size_t id, define(info.name, {true, kNoNode}));
      session_.graph_inputs_.push_back({info, id, false});
      session_.input_names_.push_back(info.name);
      session_.description_.inputs.push_back(info);
    }
    session_.graph_input_of_value_.assign(definers_.size(), kNoValue);
    for (size_t k = 0; k < session_.graph_inputs_.size(); ++k) session_.graph_input_of_value_[session_.graph_inputs_[k].value] = k;
    return Status::Ok();
  }

  Status add_node_outputs() {
    node_outputs_.resize(graph_.nodes.size());
    for (size_t n = 0; n < graph_.nodes.size(); ++n) {
      const Node& node = graph_.nodes[n];
      OW_RETURN_IF_ERROR(check_node_outputs(node, ops_[n]));
      for (const std::string& name : node.outputs) {
        if (name.empty()) {  // an optional output nobody wants
          node_outputs_[n].push_back(kNoValue);
          continue;
        }
        auto id = define(name, {false, n});
        if (!id.ok()) return with_node(id.status(), node);
        node_outputs_[n].push_back(id.value());
      }
    }
    return Status::Ok();
  }

  Status resolve_node_inputs() {
    node_inputs_.resize(graph_.nodes.size());
    for (size_t n = 0; n < graph_.nodes.size(); ++n) {
      const Node& node = graph_.nodes[n];
      OW_ASSIGN_OR_RETURN(const size_t count, check_node_inputs(node, ops_[n]));
      for (size_t i = 0; i < count; ++i) {
        if (node.inputs[i].empty()) {  // an omitted optional input (check_node_inputs)
          node_inputs_[n].push_back(kNoValue);
          continue;
        }
        const size_t id = find(node.inputs[i]);
        if (id == NameIndex::kNotFound) return undefined_value_error(&node, node.inputs[i]);
        node_inputs_[n].push_back(id);
      }
    }
    return Status::Ok();
  }

  Status resolve_graph_outputs() {
    if (graph_.outputs.empty()) return InvalidModel("the graph has no outputs");
    for (const ValueInfo& info : graph_.outputs) {
      const size_t id = find(info.name);
      if (id == NameIndex::kNotFound) return undefined_value_error(nullptr, info.name);
      session_.output_names_.push_back(info.name);
      session_.output_values_.push_back(id);
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
        if (v == kNoValue || definers_[v].node == kNoNode) continue;
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
        const size_t p = v == kNoValue ? kNoNode : definers_[v].node;
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
    for (size_t n : order) {
      Step& step = session_.steps_.emplace_back();
      step.label = node_label(graph_.nodes[n]);
      step.op = std::move(ops_[n]);
      step.inputs = node_inputs_[n];
      step.outputs = node_outputs_[n];
      step.nodes = {n};
    }
  }

  // Rewrites the steps for the optimization level, plans their releases and describes them.
  Status optimize_steps(int64_t opset) {
    Session& s = session_;
    std::vector<uint8_t> known(definers_.size(), 0);  // initializers no feed replaces
    std::vector<const ValueInfo*> fed(definers_.size(), nullptr);
    for (size_t v = 0; v < definers_.size(); ++v) known[v] = definers_[v].node == kNoNode && !definers_[v].graph_input;
    for (const Session::GraphInput& input : s.graph_inputs_) {
      if (input.has_initializer) known[input.value] = 0;
      else fed[input.value] = &input.info;
    }
    StepGraph graph(s.steps_, s.constants_, known, fed, s.output_values_, graph_.nodes, opset);
    OW_RETURN_IF_ERROR(optimize(level_, graph, s.description_.optimization));
    const auto names = [&s](const std::vector<size_t>& values) {
      std::vector<std::string> named;
      for (size_t v : values) named.push_back(v == kNoValue ? "" : s.value_names_[v]);
      return named;
    };
    for (const Step& step : s.steps_) {
      std::string op_type(step.op.schema().name);
      if (const Step::Chain* chain = step.as<Step::Chain>()) {  // "Mul+Round+Clip"
        op_type.clear();
        for (const Step::Link& link : chain->links) {
          if (!op_type.empty()) op_type += '+';
          op_type += link.op.schema().name;
        }
      }
      s.description_.steps.push_back({step.nodes, std::move(op_type), step.kind, names(step.inputs), names(step.outputs)});
    }
    return Status::Ok();
  }

  Model& model_;
  Graph& graph_;
  OptimizationLevel level_;
  Progress& progress_;
  Session session_;
  std::vector<PreparedOp> ops_;  // by node index
  std::vector<Definer> definers_;  // by value id: what defines it (the producing node, if any)
  std::vector<std::vector<size_t>> node_inputs_;
  std::vector<std::vector<size_t>> node_outputs_;
};

Result<Session> Session::create(Model&& model, Progress* progress, OptimizationLevel level) {
  Progress untold;
  return SessionBuilder(model, level, progress ? *progress : untold).build();
}

}  // namespace ow::onnx
