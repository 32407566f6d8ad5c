// Whole models: sessions and TensorProto decoding. Loading a model goes through embind (once per
// session); running one is a plain exported function over the call area (interop.h). The JS layer
// (js/session.mjs) copies the model's bytes into wasm memory and frees them after the call; nothing here
// keeps a view of them.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include "interop.h"
#include "js_strings.h"
#include "onnx/model_decoder.h"
#include "onnx/session_builder.h"
#include "ops/operator.h"

using emscripten::val;

namespace ow {
namespace {

// A JS array of to_js(v) for each element (by default, v itself).
template <typename T, typename ToJs = val (*)(const T&)>
val list_to_js(const std::vector<T>& values, ToJs to_js = [](const T& v) { return val(v); }) {
  val array = val::array();
  for (const T& v : values) array.call<void>("push", to_js(v));
  return array;
}

// A declared shape: numbers for fixed dimensions, strings for named symbolic ones, null for unnamed
// ones; null when the model states no shape.
val shape_to_js(const onnx::ValueInfo& info) {
  if (!info.has_shape) return val::null();
  val shape = val::array();
  for (const onnx::Dim& d : info.shape)
    shape.call<void>("push", d.fixed ? val(static_cast<double>(d.value)) : d.param.empty() ? val::null() : string_to_js(d.param));
  return shape;
}

val value_info_to_js(const onnx::ValueInfo& info) {
  val v = val::object();
  v.set("name", string_to_js(info.name));
  v.set("type", info.has_type && info.is_tensor && info.elem_type != 0 ? string_to_js(onnx::element_type_name(info.elem_type))
                                                                       : val::null());
  v.set("shape", shape_to_js(info));
  return v;
}

// Numbers, exact up to 2^53 (far beyond any dimension or attribute here).
val int64s_to_js(const std::vector<int64_t>& values) {
  return list_to_js(values, [](const int64_t& v) { return val(static_cast<double>(v)); });
}

val subgraph_to_js(const onnx::Graph& g, int64_t opset);

// An attribute's value; a subgraph's nodes run at `opset`.
val attribute_to_js(const AttributeValue& a, int64_t opset) {
  using Kind = AttributeValue::Kind;
  switch (a.kind) {
    case Kind::kInt: return val(static_cast<double>(a.i));  // as int64s_to_js
    case Kind::kFloat:
    case Kind::kWholeNumber: return val(a.f);
    case Kind::kString: return string_to_js(a.s);
    case Kind::kInts: return int64s_to_js(a.ints);
    case Kind::kFloats:
    case Kind::kWholeNumbers: return list_to_js(a.floats);
    case Kind::kStrings: return list_to_js(a.strings, string_to_js);
    case Kind::kGraph: return subgraph_to_js(*a.graphs[0], opset);
    case Kind::kGraphs: return list_to_js(a.graphs, [opset](const auto& g) { return subgraph_to_js(*g, opset); });
    case Kind::kTensor:  // a Constant's value: null, as the kinds no operator here takes
    case Kind::kOther: break;
  }
  return val::null();
}

// A node (ModelNode in js/index.d.ts) that runs `version` of its operator.
val node_to_js(const onnx::Node& n, int version, int64_t opset) {
  val node = val::object();
  node.set("name", string_to_js(n.name));
  node.set("opType", string_to_js(n.op_type));
  node.set("domain", string_to_js(n.domain));
  node.set("version", version);
  node.set("inputs", list_to_js(n.inputs, string_to_js));
  node.set("outputs", list_to_js(n.outputs, string_to_js));
  val attributes = val::object();
  for (const auto& [name, value] : n.attributes.items()) attributes.set(string_to_js(name), attribute_to_js(value, opset));
  node.set("attributes", attributes);
  return node;
}

val initializer_to_js(const std::string& name, DType type, const Dims& dims) {
  val i = val::object();
  i.set("name", string_to_js(name));
  i.set("type", val(dtype_name(type)));  // ASCII
  i.set("dims", int64s_to_js(dims));
  return i;
}

// A subgraph as declared (ModelSubgraph in js/index.d.ts). The session made it, so each node's operator
// has a version for the opset.
val subgraph_to_js(const onnx::Graph& g, int64_t opset) {
  val graph = val::object();
  graph.set("name", string_to_js(g.name));
  graph.set("inputs", list_to_js(g.inputs, value_info_to_js));
  graph.set("outputs", list_to_js(g.outputs, value_info_to_js));
  graph.set("initializers", list_to_js(g.initializers, [](const onnx::NamedTensor& init) {
              return initializer_to_js(init.name, init.tensor.dtype(), init.tensor.dims());
            }));
  graph.set("nodes", list_to_js(g.nodes, [opset](const onnx::Node& n) {
              int version = 0;
              if (const OpSchema* schema = find_operator(n.op_type))
                for (const OpVersion& v : schema->versions)
                  if (v.since_version <= opset) version = v.since_version;
              return node_to_js(n, version, opset);
            }));
  return graph;
}

// A step after optimization (ModelStep in js/index.d.ts).
val step_to_js(const onnx::ModelDescription::StepDescription& described) {
  static constexpr const char* kKinds[] = {"compute", "view", "in-place", "view"};  // by Step::Kind
  val step = val::object();
  step.set("nodes", list_to_js(described.nodes, [](const size_t& i) { return val(static_cast<double>(i)); }));
  step.set("opType", string_to_js(described.op_type));
  step.set("kind", val(kKinds[static_cast<size_t>(described.kind)]));
  step.set("inputs", list_to_js(described.inputs, string_to_js));
  step.set("outputs", list_to_js(described.outputs, string_to_js));
  return step;
}

// InferenceSession.graph (typed as ModelGraph in js/index.d.ts).
val description_to_js(const onnx::ModelDescription& d) {
  val graph = val::object();
  graph.set("irVersion", static_cast<double>(d.ir_version));
  graph.set("opsetImports", list_to_js(d.opset_imports, [](const onnx::OpsetImport& import) {
              val o = val::object();
              o.set("domain", string_to_js(import.domain));
              o.set("version", static_cast<double>(import.version));
              return o;
            }));
  graph.set("name", string_to_js(d.graph_name));
  graph.set("inputs", list_to_js(d.inputs, value_info_to_js));
  graph.set("outputs", list_to_js(d.outputs, value_info_to_js));
  graph.set("initializers", list_to_js(d.initializers, [](const onnx::ModelDescription::Initializer& init) {
              return initializer_to_js(init.name, init.type, init.dims);
            }));
  graph.set("nodes", list_to_js(d.nodes, [&d](const onnx::ModelDescription::NodeDescription& n) {
              return node_to_js(n.node, n.version, d.opset);
            }));
  graph.set("optimizationLevel", val(onnx::optimization_level_name(d.optimization.level)));  // ASCII
  graph.set("steps", list_to_js(d.steps, step_to_js));
  const auto indices = [](const size_t& i) { return val(static_cast<double>(i)); };
  graph.set("folded", list_to_js(d.optimization.folded, indices));
  graph.set("removed", list_to_js(d.optimization.removed, indices));
  return graph;
}

// Decodes, checks and optimizes a model (`level`: onnxruntime's graphOptimizationLevel, a string): the
// session's address, or 0 with the error for ow_error().
uintptr_t create_session(uintptr_t data, size_t byte_length, val level) {
  // Outside the guarded call, so that the error can name the node it ran out of memory at.
  onnx::Model model;
  onnx::Progress progress;
  const auto where = [&progress] { return progress.where("InferenceSession.create"); };
  return interop::guard("InferenceSession.create", where, [&]() -> uintptr_t {
    auto optimization = onnx::optimization_level(string_from_js(level));
    if (!optimization.ok()) {
      interop::fail(optimization.status().with_context("InferenceSession.create: "));
      return 0;
    }
    auto decoded = onnx::decode_model(reinterpret_cast<const void*>(data), byte_length);  // copied out of `data`
    if (!decoded.ok()) {
      interop::fail(decoded.status());
      return 0;
    }
    model = decoded.take();
    auto session = onnx::build_session(std::move(model), &progress, optimization.value());
    if (!session.ok()) {
      interop::fail(session.status());
      return 0;
    }
    return reinterpret_cast<uintptr_t>(new onnx::Session(session.take()));
  });
}

// JS describes a session once, after creating it: each of these is undefined when memory runs out.
val session_input_names(uintptr_t session) {
  return interop::guard("InferenceSession.create", [session] {
    return list_to_js(reinterpret_cast<const onnx::Session*>(session)->input_names(), string_to_js);
  });
}

val session_output_names(uintptr_t session) {
  return interop::guard("InferenceSession.create", [session] {
    return list_to_js(reinterpret_cast<const onnx::Session*>(session)->output_names(), string_to_js);
  });
}

val session_graph(uintptr_t session) {
  return interop::guard("InferenceSession.create", [session] {
    return description_to_js(reinterpret_cast<const onnx::Session*>(session)->description());
  });
}

}  // namespace
}  // namespace ow

extern "C" {

// Runs a session on the feeds in the call area (each record names its graph input); the outputs in
// output_names() order, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_session_run(const ow::onnx::Session* session) {
  using namespace ow;
  onnx::Progress progress;
  const auto where = [&progress] { return progress.where("InferenceSession.run"); };
  return interop::guard("InferenceSession.run", where, [&]() -> const uint32_t* {
    Status st = interop::read_inputs();
    if (!st.ok()) return interop::fail(std::move(st));
    progress.stage = "the feeds";
    std::vector<onnx::Feed> feeds;
    for (auto& in : interop::scratch.inputs) feeds.push_back({std::string(in.name), std::move(in.tensor)});
    Outputs outputs;
    st = session->run(feeds, outputs, &progress);
    if (!st.ok()) return interop::fail(std::move(st));
    return interop::write_outputs(std::move(outputs));
  });
}

EMSCRIPTEN_KEEPALIVE void ow_session_release(ow::onnx::Session* session) { delete session; }

// Decodes a serialized TensorProto into a one-tensor result list, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_decode_tensor_proto(const void* data, size_t byte_length) {
  using namespace ow;
  return interop::guard("decodeTensorProto", [&]() -> const uint32_t* {
    auto tensor = onnx::decode_tensor(data, byte_length);
    if (!tensor.ok()) return interop::fail(tensor.status());
    Outputs outputs;
    outputs.push_back(std::move(tensor.value().tensor));
    return interop::write_outputs(std::move(outputs));
  });
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(onnx_wasm_session) {
  using namespace emscripten;
  function("createSession", &ow::create_session);
  function("sessionInputNames", &ow::session_input_names);
  function("sessionOutputNames", &ow::session_output_names);
  function("sessionGraph", &ow::session_graph);
}
