// build_session (session_builder.h): checks a decoded model, gives every name a value id, orders the
// nodes, makes the steps and has the optimizer rewrite them.
#include "onnx/session_builder.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>

#include "onnx/graph_checks.h"
#include "onnx/graph_optimizer.h"

namespace ow::onnx {
namespace {

constexpr size_t kNoNode = SIZE_MAX;

}  // namespace

// A graph being built: the model's, or a subgraph (an If's branch) inside the graphs around it, whose
// values its nodes may read by name.
struct GraphBuild {
  GraphBuild(const Graph& graph, const GraphBuild* outer, size_t number) : graph(graph), outer(outer), number(number) {}

  const Graph& graph;
  const GraphBuild* outer;  // null: the model's graph
  size_t number;            // which graph of the model it is, counted as they are built (the model's: 0)
  // A subgraph's names of its own values and their ids (the model's graph's are the session's
  // value_names and value_index: its values are the first, so that their ids are their positions).
  std::vector<std::string> names;
  std::vector<size_t> ids;
  NameIndex index;
  std::vector<PreparedOp> ops;  // by node index
  std::vector<std::vector<size_t>> node_inputs;
  std::vector<std::vector<size_t>> node_outputs;
  std::vector<std::unique_ptr<Step::Conditional>> branches;  // by node index: an If's, else null
  std::vector<size_t> captured;   // a subgraph's reads of the values of the graphs around it
};

// Builds a Session from a model: value ids for every name, steps in topological order, release lists;
// each If's branches likewise, as the If's step's work.
class SessionBuilder {
 public:
  SessionBuilder(Model& model, OptimizationLevel level, Progress& progress)
      : model_(model), graph_(model.graph), main_(model.graph, nullptr, 0), level_(level), progress_(progress) {}

  Result<Session> build() {
    if (model_.ir_version == 0) return InvalidModel("the model has no ir_version");
    if (!model_.has_graph) return InvalidModel("the model has no graph");
    progress_.stage = "the session's checks";
    OW_RETURN_IF_ERROR(check_graph_size(graph_));
    OW_ASSIGN_OR_RETURN(opset_, default_opset(model_));
    progress_.stage = "the session's operators";
    OW_RETURN_IF_ERROR(prepare_ops(main_));
    progress_.stage = "the session's description";
    record_description();
    progress_.stage = "the session's values";
    contents_.value_index.reserve(most_values(graph_));
    OW_RETURN_IF_ERROR(add_initializers(main_));
    OW_RETURN_IF_ERROR(add_graph_inputs());
    OW_RETURN_IF_ERROR(add_node_outputs(main_));
    main_values_.count = definers_.size();  // the values its branches define come after
    OW_RETURN_IF_ERROR(resolve_node_inputs(main_));
    OW_RETURN_IF_ERROR(resolve_graph_outputs());
    progress_.stage = "the session's node order";
    std::vector<size_t> order;
    OW_RETURN_IF_ERROR(topological_order(main_, order));
    progress_.stage = "the session's steps";
    contents_.steps = make_steps(main_, order);
    progress_.stage = "the session's optimization";
    OW_RETURN_IF_ERROR(optimize_steps());
    progress_.stage = "the session's constant inputs";
    OW_RETURN_IF_ERROR(prepare_constants(contents_.steps));
    return Session(std::move(contents_));
  }

 private:
  // Each node's operator, resolved for the model's opset: domain, operator and attribute errors.
  Status prepare_ops(GraphBuild& g) {
    for (const Node& node : g.graph.nodes) {
      progress_.node = &node;
      OW_RETURN_IF_ERROR(check_node_operator(node, opset_));
      size_t wanted = node.outputs.size();  // up to the last output the node names
      while (wanted > 1 && node.outputs[wanted - 1].empty()) --wanted;
      auto op = PreparedOp::create(node.op_type, opset_, node.attributes, wanted);
      if (!op.ok()) return with_node(op.status(), node);
      g.ops.push_back(op.take());
    }
    progress_.node = nullptr;
    return Status::Ok();
  }

  // The declared model, before initializers move into the session; inputs and outputs follow.
  void record_description() {
    ModelDescription& d = contents_.description;
    d.ir_version = model_.ir_version;
    d.opset_imports = model_.opset_imports;
    d.opset = opset_;
    d.graph_name = graph_.name;
    for (const NamedTensor& init : graph_.initializers)
      d.initializers.push_back({init.name, init.tensor.dtype(), init.tensor.dims()});
    for (size_t n = 0; n < graph_.nodes.size(); ++n) d.nodes.push_back({graph_.nodes[n], main_.ops[n].version().since_version});
  }

  // The most values a graph defines: its initializers, inputs and node outputs.
  static size_t most_values(const Graph& graph) {
    size_t most = graph.initializers.size() + graph.inputs.size();
    for (const Node& node : graph.nodes) most += node.outputs.size();
    return most;
  }

  // What defines a value: node `node` of graph number `graph` (GraphBuild::number), or else a graph
  // input or an initializer of it.
  struct Definer {
    bool graph_input;
    size_t node;
    size_t graph;
    const Node* declared;  // node `node` as declared, in the model
  };

  static std::string describe(const Definer& d) {
    return d.declared ? "an output of " + node_label(*d.declared) : d.graph_input ? "a graph input" : "an initializer";
  }

  // A new value id for `name` in graph `g`, or an error naming what defined it there already (a
  // subgraph's name may hide one of the graphs around it).
  Result<size_t> define(const std::string& name, Definer definer, GraphBuild& g) {
    std::vector<std::string>& names = g.outer ? g.names : contents_.value_names;
    NameIndex& index = g.outer ? g.index : contents_.value_index;
    names.push_back(name);
    const size_t at = index.add_last(names);
    if (at != names.size() - 1) {
      names.pop_back();
      return InvalidModel("'" + name + "' is defined twice: as " + describe(definers_[g.outer ? g.ids[at] : at]) + " and as " +
                          describe(definer));
    }
    const size_t id = definers_.size();
    if (g.outer) {
      g.ids.push_back(id);
      contents_.value_names.push_back(name);
    }
    definers_.push_back(definer);
    contents_.constants.emplace_back();
    known_.push_back(definer.node == kNoNode && !definer.graph_input);  // an initializer; add_graph_inputs adds feeds
    fed_.push_back(nullptr);
    return id;
  }

  // The value id of `name` as graph `g`'s nodes see it (its own values, else those of the graphs
  // around it), or NameIndex::kNotFound.
  size_t find(const std::string& name, const GraphBuild& g) const {
    const GraphBuild* s = &g;
    for (; s->outer; s = s->outer) {
      const size_t at = s->index.find(name, s->names);
      if (at != NameIndex::kNotFound) return s->ids[at];
    }
    return contents_.value_index.find(name, contents_.value_names);
  }

  // `find`, noting a subgraph's read of a value of the graphs around it.
  size_t read(const std::string& name, GraphBuild& g) {
    const size_t id = find(name, g);
    if (id != NameIndex::kNotFound && g.outer && definers_[id].graph != g.number) g.captured.push_back(id);
    return id;
  }

  Status add_initializers(GraphBuild& g) {
    for (const NamedTensor& init : g.graph.initializers) {
      if (init.name.empty()) return InvalidModel("an initializer has no name");
      OW_ASSIGN_OR_RETURN(size_t id, define(init.name, {false, kNoNode, g.number, nullptr}, g));
      contents_.constants[id] = init.tensor;  // shares the model's memory, which the model then lets go
    }
    return Status::Ok();
  }

  // Graph inputs that are also initializers are optional feeds that replace the initializer.
  Status add_graph_inputs() {
    std::vector<uint8_t> listed(definers_.size(), 0);  // initializers listed as inputs so far
    for (const ValueInfo& info : graph_.inputs) {
      if (info.name.empty()) return InvalidModel("a graph input has no name");
      const size_t found = find(info.name, main_);
      if (found != NameIndex::kNotFound) {  // an initializer, or an input listed before
        if (found >= listed.size() || listed[found]) return InvalidModel("graph input '" + info.name + "' is listed twice");
        listed[found] = 1;
        const auto init_type = static_cast<int32_t>(contents_.constants[found].dtype());
        // Feeds that replace the initializer take its type when the input states none.
        ValueInfo declared = info;
        if (!declared.has_type) declared.has_type = declared.is_tensor = true;
        if (declared.is_tensor && declared.elem_type == 0) declared.elem_type = init_type;
        OW_RETURN_IF_ERROR(check_graph_input(declared));
        if (declared.elem_type != init_type)
          return InvalidModel("graph input '" + info.name + "' is declared " + element_type_name(info.elem_type) +
                              " but its initializer is " + dtype_name(contents_.constants[found].dtype()));
        contents_.graph_inputs.push_back({std::move(declared), found, true});
        continue;
      }
      OW_RETURN_IF_ERROR(check_graph_input(info));
      OW_ASSIGN_OR_RETURN(size_t id, define(info.name, {true, kNoNode, main_.number, nullptr}, main_));
      contents_.graph_inputs.push_back({info, id, false});
      contents_.input_names.push_back(info.name);
      contents_.description.inputs.push_back(info);
    }
    contents_.graph_input_of_value.assign(definers_.size(), kNoValue);
    for (size_t k = 0; k < contents_.graph_inputs.size(); ++k) {
      const Session::GraphInput& input = contents_.graph_inputs[k];
      contents_.graph_input_of_value[input.value] = k;
      if (input.has_initializer) known_[input.value] = 0;  // a feed may replace it
      else fed_[input.value] = &input.info;
    }
    return Status::Ok();
  }

  Status add_node_outputs(GraphBuild& g) {
    g.node_outputs.resize(g.graph.nodes.size());
    for (size_t n = 0; n < g.graph.nodes.size(); ++n) {
      const Node& node = g.graph.nodes[n];
      OW_RETURN_IF_ERROR(check_node_outputs(node, g.ops[n]));
      for (const std::string& name : node.outputs) {
        if (name.empty()) {  // an optional output nobody wants
          g.node_outputs[n].push_back(kNoValue);
          continue;
        }
        auto id = define(name, {false, n, g.number, &node}, g);
        if (!id.ok()) return with_node(id.status(), node);
        g.node_outputs[n].push_back(id.value());
      }
    }
    return Status::Ok();
  }

  // Each node's inputs; an If's are its condition, then what its branches read of the graphs around
  // them (built here, with their errors after the If's label and the branch's name).
  Status resolve_node_inputs(GraphBuild& g) {
    g.node_inputs.resize(g.graph.nodes.size());
    g.branches.resize(g.graph.nodes.size());
    for (size_t n = 0; n < g.graph.nodes.size(); ++n) {
      const Node& node = g.graph.nodes[n];
      OW_ASSIGN_OR_RETURN(const size_t count, check_node_inputs(node, g.ops[n]));
      for (size_t i = 0; i < count; ++i) {
        if (node.inputs[i].empty()) {  // an omitted optional input (check_node_inputs)
          g.node_inputs[n].push_back(kNoValue);
          continue;
        }
        const size_t id = read(node.inputs[i], g);
        if (id == NameIndex::kNotFound) return undefined_value_error(&node, node.inputs[i]);
        g.node_inputs[n].push_back(id);
      }
      if (g.ops[n].schema().session_only) OW_RETURN_IF_ERROR(build_branches(g, n));
    }
    return Status::Ok();
  }

  // An If's two branches: its step's work, and their reads of the graphs around them its inputs.
  Status build_branches(GraphBuild& g, size_t n) {
    const Node& node = g.graph.nodes[n];
    auto conditional = std::make_unique<Step::Conditional>();
    const std::pair<const char*, Step::Subgraph*> branches[] = {{"then_branch", &conditional->then_branch},
                                                                {"else_branch", &conditional->else_branch}};
    std::vector<size_t> captured;
    for (const auto& [name, subgraph] : branches) {
      GraphBuild branch(*node.attributes.find(name)->graphs[0], &g, ++graphs_);  // a graph: If's kernel factory checks
      auto built = build_subgraph(branch, node);
      if (!built.ok()) return built.status().with_context(node_label(node) + ": " + name + ": ");
      *subgraph = built.take();
      captured.insert(captured.end(), subgraph->values.outer.begin(), subgraph->values.outer.end());
    }
    std::sort(captured.begin(), captured.end());
    captured.erase(std::unique(captured.begin(), captured.end()), captured.end());
    for (size_t v : captured) {
      g.node_inputs[n].push_back(v);
      if (g.outer && definers_[v].graph != g.number) g.captured.push_back(v);
    }
    g.branches[n] = std::move(conditional);
    return Status::Ok();
  }

  // A branch of If node `node`: checked, its values defined, its steps ordered (optimize_branches
  // optimizes them).
  Result<Step::Subgraph> build_subgraph(GraphBuild& g, const Node& node) {
    const Graph& graph = g.graph;
    if (!graph.inputs.empty()) return InvalidModel("the branch declares inputs, which an If's branches do not take");
    if (graph.outputs.size() != node.outputs.size())
      return InvalidModel("the branch has " + std::to_string(graph.outputs.size()) + " outputs but the node names " +
                          std::to_string(node.outputs.size()));
    OW_RETURN_IF_ERROR(prepare_ops(g));
    g.index.reserve(most_values(graph));
    Step::Subgraph subgraph;
    subgraph.values.first = definers_.size();
    OW_RETURN_IF_ERROR(add_initializers(g));
    OW_RETURN_IF_ERROR(add_node_outputs(g));
    subgraph.values.count = definers_.size() - subgraph.values.first;  // the values its branches define come after
    OW_RETURN_IF_ERROR(resolve_node_inputs(g));
    for (const ValueInfo& info : graph.outputs) {
      const size_t id = read(info.name, g);
      if (id == NameIndex::kNotFound) return undefined_value_error(nullptr, info.name);
      subgraph.outputs.push_back(id);
    }
    std::vector<size_t> order;
    OW_RETURN_IF_ERROR(topological_order(g, order));
    subgraph.steps = make_steps(g, order);
    std::sort(g.captured.begin(), g.captured.end());
    g.captured.erase(std::unique(g.captured.begin(), g.captured.end()), g.captured.end());
    subgraph.values.outer = std::move(g.captured);
    return subgraph;
  }

  // The branches of each If among `steps` (of `graph`), optimized once the graph around them is: the
  // values it folded (an outer Constant's weights) are then constants their folding reads (a scripted
  // export's Slices and Concats of an LSTM's weights), and theirs those of an If inside them.
  Status optimize_branches(std::vector<Step>& steps, const Graph& graph) {
    for (Step& step : steps) {
      Step::Conditional* conditional = step.as<Step::Conditional>();
      if (!conditional) continue;
      const Node& node = graph.nodes[step.nodes[0]];
      const std::pair<const char*, Step::Subgraph*> branches[] = {{"then_branch", &conditional->then_branch},
                                                                  {"else_branch", &conditional->else_branch}};
      for (const auto& [name, subgraph] : branches) {
        const Graph& branch = *node.attributes.find(name)->graphs[0];
        OptimizationReport report;  // session.graph describes the model's graph's optimization alone
        StepGraph optimized(subgraph->steps, subgraph->values, contents_.constants, known_, fed_, subgraph->outputs, branch.nodes);
        Status st = optimize(level_, optimized, report);
        if (st.ok()) st = prepare_constants(subgraph->steps);
        if (!st.ok()) return st.with_context(node_label(node) + ": " + name + ": ");
        for (size_t v : subgraph->outputs)
          if (optimized.index.producer(v) != kNoStep &&
              std::find(subgraph->produced.begin(), subgraph->produced.end(), v) == subgraph->produced.end())
            subgraph->produced.push_back(v);
        OW_RETURN_IF_ERROR(optimize_branches(subgraph->steps, branch));
      }
    }
    return Status::Ok();
  }

  Status resolve_graph_outputs() {
    if (graph_.outputs.empty()) return InvalidModel("the graph has no outputs");
    for (const ValueInfo& info : graph_.outputs) {
      const size_t id = find(info.name, main_);
      if (id == NameIndex::kNotFound) return undefined_value_error(nullptr, info.name);
      contents_.output_names.push_back(info.name);
      contents_.output_values.push_back(id);
      contents_.description.outputs.push_back(info);
    }
    return Status::Ok();
  }

  // The node of graph `g` that computes value v, or kNoNode (an input, an initializer, or a value of
  // the graphs around it).
  size_t producer(size_t v, const GraphBuild& g) const {
    return v == kNoValue || definers_[v].graph != g.number ? kNoNode : definers_[v].node;
  }

  // Kahn's algorithm; nodes that stay blocked lie on, or after, a cycle.
  Status topological_order(const GraphBuild& g, std::vector<size_t>& order) {
    const size_t n_nodes = g.graph.nodes.size();
    std::vector<size_t> waiting(n_nodes, 0);              // inputs whose producer has not run yet
    std::vector<std::vector<size_t>> consumers(n_nodes);  // node -> nodes using its outputs (with repeats)
    for (size_t n = 0; n < n_nodes; ++n) {
      for (size_t v : g.node_inputs[n]) {
        const size_t p = producer(v, g);
        if (p == kNoNode) continue;
        ++waiting[n];
        consumers[p].push_back(n);
      }
    }
    // `order` doubles as the queue: nodes are appended when ready and taken in turn.
    for (size_t n = 0; n < n_nodes; ++n)
      if (waiting[n] == 0) order.push_back(n);
    for (size_t next = 0; next < order.size(); ++next)
      for (size_t c : consumers[order[next]])
        if (--waiting[c] == 0) order.push_back(c);
    return order.size() == n_nodes ? Status::Ok() : cycle_error(g, waiting);
  }

  // Walks from a blocked node to a blocked producer until a node repeats: that loop is a cycle.
  Status cycle_error(const GraphBuild& g, const std::vector<size_t>& waiting) const {
    const std::vector<Node>& nodes = g.graph.nodes;
    size_t n = 0;
    while (waiting[n] == 0) ++n;
    std::vector<size_t> path;
    std::vector<size_t> position(waiting.size(), kNoNode);  // of each node in path
    while (position[n] == kNoNode) {
      position[n] = path.size();
      path.push_back(n);
      for (size_t v : g.node_inputs[n]) {
        const size_t p = producer(v, g);
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
    std::string cycle = node_label(nodes[n]);
    for (size_t k = 1; k < std::min(length, kShownNodes); ++k) cycle += " -> " + node_label(nodes[path[path.size() - k]]);
    if (length > kShownNodes) cycle += " -> ... (" + std::to_string(length) + " nodes in all)";
    cycle += " -> " + node_label(nodes[n]);
    return InvalidModel(node_label(nodes[n]) + " is on a cycle: " + cycle);
  }

  static std::vector<Step> make_steps(GraphBuild& g, const std::vector<size_t>& order) {
    std::vector<Step> steps;
    for (size_t n : order) {
      Step& step = steps.emplace_back();
      step.label = node_label(g.graph.nodes[n]);
      step.op = std::move(g.ops[n]);
      step.inputs = std::move(g.node_inputs[n]);
      step.outputs = std::move(g.node_outputs[n]);
      step.nodes = {n};
      if (g.branches[n]) step.work = std::move(*g.branches[n]);
    }
    return steps;
  }

  // Gives each node that runs as declared its inputs known at creation (Kernel::prepare_constants),
  // once the optimizer has folded what it could.
  Status prepare_constants(std::vector<Step>& steps) {
    Inputs constants;
    for (Step& step : steps) {
      if (!step.is_node()) continue;
      constants.assign(step.inputs.size(), nullptr);
      bool any = false;
      for (size_t i = 0; i < step.inputs.size(); ++i) {
        const size_t v = step.inputs[i];
        if (v == kNoValue || !known_[v]) continue;
        constants[i] = &contents_.constants[v];
        any = true;
      }
      if (any) OW_RETURN_IF_ERROR(step.op.prepare_constants(constants).with_context(step.label + ": "));
    }
    return Status::Ok();
  }

  // Rewrites the steps for the optimization level, plans their releases and describes them.
  Status optimize_steps() {
    Session::Contents& s = contents_;
    StepGraph graph(s.steps, main_values_, s.constants, known_, fed_, s.output_values, graph_.nodes);
    OW_RETURN_IF_ERROR(optimize(level_, graph, s.description.optimization));
    OW_RETURN_IF_ERROR(optimize_branches(s.steps, graph_));
    const auto names = [&s](const std::vector<size_t>& values) {
      std::vector<std::string> named;
      for (size_t v : values) named.push_back(v == kNoValue ? "" : s.value_names[v]);
      return named;
    };
    for (const Step& step : s.steps) {
      std::string op_type(step.op.schema().name);
      if (const Step::Chain* chain = step.as<Step::Chain>()) {  // "Mul+Round+Clip"
        op_type.clear();
        for (const Step::Link& link : chain->links) {
          if (!op_type.empty()) op_type += '+';
          op_type += link.op.schema().name;
        }
      } else if (step.is_node()) {  // "Conv+Relu": a node's kernel running the nodes fused into it
        for (size_t n = 1; n < step.nodes.size(); ++n) op_type += '+' + graph_.nodes[step.nodes[n]].op_type;
      }
      s.description.steps.push_back({step.nodes, std::move(op_type), step.kind, names(step.inputs), names(step.outputs)});
    }
    return Status::Ok();
  }

  Model& model_;
  Graph& graph_;
  GraphBuild main_;  // the model's graph
  GraphValues main_values_;  // its values: the first ids
  OptimizationLevel level_;
  Progress& progress_;
  int64_t opset_ = 0;
  size_t graphs_ = 0;  // subgraphs built so far
  Session::Contents contents_;
  std::vector<Definer> definers_;  // by value id: what defines it (the producing node, if any)
  // By value id, for the optimizer (StepGraph): whether constants holds its value at creation (an
  // initializer no feed replaces, then folded values), and a graph input's declaration (else null).
  std::vector<uint8_t> known_;
  std::vector<const ValueInfo*> fed_;
};

Result<Session> build_session(Model&& model, Progress* progress, OptimizationLevel level) {
  Progress untold;
  return SessionBuilder(model, level, progress ? *progress : untold).build();
}

}  // namespace ow::onnx
