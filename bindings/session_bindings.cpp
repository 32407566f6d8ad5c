// embind surface for whole models: sessions and TensorProto decoding. The JS layer (js/session.mjs)
// copies the bytes into wasm memory and frees them after the call; nothing here keeps a view of them.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "interop.h"
#include "onnx/graph.h"

using emscripten::val;

namespace ow {
namespace {

val strings_to_js(const std::vector<std::string>& strings) {
  val array = val::array();
  for (const std::string& s : strings) array.call<void>("push", s);
  return array;
}

// A loaded model, or the reason it could not be loaded.
class SessionHandle {
 public:
  explicit SessionHandle(Result<onnx::Session> session) : session_(std::move(session)) {}

  bool ok() const { return session_.ok(); }
  std::string code() const { return error_code_name(session_.status().code()); }
  std::string message() const { return session_.status().message(); }
  val inputNames() const { return strings_to_js(session_.value().input_names()); }
  val outputNames() const { return strings_to_js(session_.value().output_names()); }

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
      .function("run", &ow::SessionHandle::run, allow_raw_pointers());
  function("createSession", &ow::create_session, allow_raw_pointers());
  function("decodeTensorProto", &ow::decode_tensor_proto, allow_raw_pointers());
}
