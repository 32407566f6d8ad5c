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

val strings_to_js(const std::vector<std::string>& strings) {
  val array = val::array();
  for (const std::string& s : strings) array.call<void>("push", s);
  return array;
}

// The session's address, or 0 with the error for ow_error().
uintptr_t create_session(uintptr_t data, size_t byte_length) {
  auto model = onnx::decode_model(reinterpret_cast<const void*>(data), byte_length);
  if (!model.ok()) return (interop::fail(model.status()), 0);
  auto session = onnx::Session::create(model.take());
  if (!session.ok()) return (interop::fail(session.status()), 0);
  return reinterpret_cast<uintptr_t>(new onnx::Session(session.take()));
}

val session_input_names(uintptr_t session) {
  return strings_to_js(reinterpret_cast<const onnx::Session*>(session)->input_names());
}

val session_output_names(uintptr_t session) {
  return strings_to_js(reinterpret_cast<const onnx::Session*>(session)->output_names());
}

}  // namespace
}  // namespace ow

extern "C" {

// Runs a session on the feeds in the call area (each record names its graph input); the outputs in
// output_names() order, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_session_run(const ow::onnx::Session* session) {
  static std::vector<ow::interop::InputTensor> inputs;  // reused: their capacity stays
  static std::vector<ow::onnx::Feed> feeds;
  ow::Outputs outputs;
  ow::Status read = ow::interop::read_inputs(inputs);
  if (!read.ok()) return ow::interop::fail(std::move(read));
  feeds.clear();
  for (auto& in : inputs) feeds.push_back({std::string(in.name), std::move(in.tensor)});
  ow::Status st = session->run(feeds, outputs);
  if (!st.ok()) return ow::interop::fail(std::move(st));
  return ow::interop::write_outputs(std::move(outputs));
}

EMSCRIPTEN_KEEPALIVE void ow_session_release(ow::onnx::Session* session) { delete session; }

// Decodes a serialized TensorProto into a one-tensor result list, or null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_decode_tensor_proto(const void* data, size_t byte_length) {
  auto tensor = ow::onnx::decode_tensor(data, byte_length);
  if (!tensor.ok()) return ow::interop::fail(tensor.status());
  ow::Outputs outputs;
  outputs.push_back(std::move(tensor.value().tensor));
  return ow::interop::write_outputs(std::move(outputs));
}

}  // extern "C"

EMSCRIPTEN_BINDINGS(onnx_wasm_session) {
  using namespace emscripten;
  function("createSession", &ow::create_session);
  function("sessionInputNames", &ow::session_input_names);
  function("sessionOutputNames", &ow::session_output_names);
}
