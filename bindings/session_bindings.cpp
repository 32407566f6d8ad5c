// Whole models: sessions and TensorProto decoding. Loading a model goes through embind (once per
// session); running one is a plain exported function over the call area (interop.h). The JS layer
// (js/session.mjs) copies the model's bytes into wasm memory and frees them after the call; nothing here
// keeps a view of them.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include "interop.h"
#include "onnx/graph.h"

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
    shape.call<void>("push", d.fixed ? val(static_cast<double>(d.value)) : d.param.empty() ? val::null() : val(d.param));
  return shape;
}

val value_info_to_js(const onnx::ValueInfo& info) {
  val v = val::object();
  v.set("name", info.name);
  v.set("type", info.has_type && info.is_tensor && info.elem_type != 0 ? val(onnx::element_type_name(info.elem_type))
                                                                       : val::null());
  v.set("shape", shape_to_js(info));
  return v;
}

// Numbers, exact up to 2^53 (far beyond any dimension or attribute here).
val int64s_to_js(const std::vector<int64_t>& values) {
  return list_to_js(values, [](const int64_t& v) { return val(static_cast<double>(v)); });
}

val attribute_to_js(const AttributeValue& a) {
  using Kind = AttributeValue::Kind;
  switch (a.kind) {
    case Kind::kInt: return val(static_cast<double>(a.i));  // as int64s_to_js
    case Kind::kFloat: return val(a.f);
    case Kind::kString: return val(a.s);
    case Kind::kInts: return int64s_to_js(a.ints);
    case Kind::kFloats: return list_to_js(a.floats);
    case Kind::kStrings: return list_to_js(a.strings);
    case Kind::kOther: break;
  }
  return val::null();
}

val node_to_js(const onnx::ModelDescription::NodeDescription& described) {
  const onnx::Node& n = described.node;
  val node = val::object();
  node.set("name", n.name);
  node.set("opType", n.op_type);
  node.set("domain", n.domain);
  node.set("version", described.version);
  node.set("inputs", list_to_js(n.inputs));
  node.set("outputs", list_to_js(n.outputs));
  val attributes = val::object();
  for (const auto& [name, value] : n.attributes.items()) attributes.set(name, attribute_to_js(value));
  node.set("attributes", attributes);
  return node;
}

// InferenceSession.graph (typed as ModelGraph in js/index.d.ts).
val description_to_js(const onnx::ModelDescription& d) {
  val graph = val::object();
  graph.set("irVersion", static_cast<double>(d.ir_version));
  graph.set("opsetImports", list_to_js(d.opset_imports, [](const onnx::OpsetImport& import) {
              val o = val::object();
              o.set("domain", import.domain);
              o.set("version", static_cast<double>(import.version));
              return o;
            }));
  graph.set("name", d.graph_name);
  graph.set("inputs", list_to_js(d.inputs, value_info_to_js));
  graph.set("outputs", list_to_js(d.outputs, value_info_to_js));
  graph.set("initializers", list_to_js(d.initializers, [](const onnx::ModelDescription::Initializer& init) {
              val i = val::object();
              i.set("name", init.name);
              i.set("type", std::string(dtype_name(init.type)));
              i.set("dims", int64s_to_js(init.dims));
              return i;
            }));
  graph.set("nodes", list_to_js(d.nodes, node_to_js));
  return graph;
}

// Decodes and checks a model: the session's address, or 0 with the error for ow_error().
uintptr_t create_session(uintptr_t data, size_t byte_length) {
  auto model = onnx::decode_model(reinterpret_cast<const void*>(data), byte_length);
  if (!model.ok()) return (interop::fail(model.status()), 0);
  auto session = onnx::Session::create(model.take());
  if (!session.ok()) return (interop::fail(session.status()), 0);
  // The session is freed with `session` if it took the reserve.
  if (interop::ran_short_of_memory()) return (interop::fail(interop::reserve_used_error("InferenceSession.create")), 0);
  return reinterpret_cast<uintptr_t>(new onnx::Session(session.take()));
}

val session_input_names(uintptr_t session) {
  return list_to_js(reinterpret_cast<const onnx::Session*>(session)->input_names());
}

val session_output_names(uintptr_t session) {
  return list_to_js(reinterpret_cast<const onnx::Session*>(session)->output_names());
}

val session_graph(uintptr_t session) {
  return description_to_js(reinterpret_cast<const onnx::Session*>(session)->description());
}

}  // namespace
}  // namespace ow

extern "C" {

// Runs a session on the feeds in the call area (each record names its graph input); the outputs in
// output_names() order, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_session_run(const ow::onnx::Session* session) {
  std::vector<ow::onnx::Feed> feeds;
  ow::Outputs outputs;
  ow::Status st = ow::interop::read_inputs();
  if (st.ok()) {
    for (auto& in : ow::interop::scratch.inputs) feeds.push_back({std::string(in.name), std::move(in.tensor)});
    st = session->run(feeds, outputs);
  }
  const uint32_t* result = st.ok() ? ow::interop::write_outputs(std::move(outputs)) : ow::interop::fail(std::move(st));
  return ow::interop::finish(result, "InferenceSession.run");
}

EMSCRIPTEN_KEEPALIVE void ow_session_release(ow::onnx::Session* session) { delete session; }

// Decodes a serialized TensorProto into a one-tensor result list, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_decode_tensor_proto(const void* data, size_t byte_length) {
  auto tensor = ow::onnx::decode_tensor(data, byte_length);
  const uint32_t* result = nullptr;
  if (tensor.ok()) {
    ow::Outputs outputs;
    outputs.push_back(std::move(tensor.value().tensor));
    result = ow::interop::write_outputs(std::move(outputs));
  } else {
    result = ow::interop::fail(tensor.status());
  }
  return ow::interop::finish(result, "decodeTensorProto");
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(onnx_wasm_session) {
  using namespace emscripten;
  function("createSession", &ow::create_session);
  function("sessionInputNames", &ow::session_input_names);
  function("sessionOutputNames", &ow::session_output_names);
  function("sessionGraph", &ow::session_graph);
}
