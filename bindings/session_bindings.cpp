// embind surface for whole models: sessions and TensorProto decoding. The JS layer (js/session.mjs)
// copies the bytes into wasm memory and frees them after the call; nothing here keeps a view of them.
#include <emscripten/bind.h>
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

// A loaded model, or the reason it could not be loaded.
class SessionHandle {
 public:
  explicit SessionHandle(Result<onnx::Session> session) : session_(std::move(session)) {}

  bool ok() const { return session_.ok(); }
  std::string code() const { return error_code_name(session_.status().code()); }
  std::string message() const { return session_.status().message(); }
  val inputNames() const { return list_to_js(session_.value().input_names()); }
  val outputNames() const { return list_to_js(session_.value().output_names()); }
  val graph() const { return description_to_js(session_.value().description()); }

  // names[i] is the graph input that inputs[i] (a descriptor as for runOp) feeds.
  CallResult* run(val names, val inputs) const {
    auto tensors = tensors_from_js(inputs);
    if (!tensors.ok()) return new CallResult(tensors.status());
    std::vector<onnx::Feed> feeds;
    for (size_t i = 0; i < tensors.value().size(); ++i)
      feeds.push_back({names[i].as<std::string>(), std::move(tensors.value()[i])});
    Outputs outputs;
    Status st = session_.value().run(feeds, outputs);
    return new CallResult(st, std::move(outputs));
  }

 private:
  Result<onnx::Session> session_;
};

SessionHandle* create_session(uintptr_t data, size_t byte_length) {
  auto model = onnx::decode_model(reinterpret_cast<const void*>(data), byte_length);
  if (!model.ok()) return new SessionHandle(model.status());
  return new SessionHandle(onnx::Session::create(model.take()));
}

CallResult* decode_tensor_proto(uintptr_t data, size_t byte_length) {
  auto tensor = onnx::decode_tensor(reinterpret_cast<const void*>(data), byte_length);
  if (!tensor.ok()) return new CallResult(tensor.status());
  return new CallResult(Status::Ok(), Outputs{tensor.take().tensor});
}

}  // namespace
}  // namespace ow

EMSCRIPTEN_BINDINGS(onnx_wasm_session) {
  using namespace emscripten;
  class_<ow::SessionHandle>("SessionHandle")
      .function("ok", &ow::SessionHandle::ok)
      .function("code", &ow::SessionHandle::code)
      .function("message", &ow::SessionHandle::message)
      .function("inputNames", &ow::SessionHandle::inputNames)
      .function("outputNames", &ow::SessionHandle::outputNames)
      .function("graph", &ow::SessionHandle::graph)
      .function("run", &ow::SessionHandle::run, allow_raw_pointers());
  function("createSession", &ow::create_session, allow_raw_pointers());
  function("decodeTensorProto", &ow::decode_tensor_proto, allow_raw_pointers());
}
