// What the embind files share: the result object handed to JS and the reading of input descriptors.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <utility>
#include <vector>

#include "ops/operator.h"

namespace ow {

// Outcome of a call: a status and, on success, the outputs (kept alive until JS deletes this).
class CallResult {
 public:
  explicit CallResult(Status status) : status_(std::move(status)) {}
  CallResult(Status status, Outputs outputs) : status_(std::move(status)), outputs_(std::move(outputs)) {}

  bool ok() const { return status_.ok(); }
  std::string code() const { return error_code_name(status_.code()); }
  std::string message() const { return status_.message(); }
  size_t outputCount() const { return outputs_.size(); }
  int outputType(size_t i) const { return static_cast<int>(outputs_.at(i).dtype()); }
  emscripten::val outputDims(size_t i) const {
    emscripten::val dims = emscripten::val::array();
    for (int64_t d : outputs_.at(i).dims()) dims.call<void>("push", static_cast<double>(d));
    return dims;
  }
  uintptr_t outputData(size_t i) const { return reinterpret_cast<uintptr_t>(outputs_.at(i).raw_data()); }
  size_t outputByteLength(size_t i) const { return outputs_.at(i).byte_size(); }

 private:
  Status status_;
  Outputs outputs_;
};

// inputs: array of {type, data (pointer), byteLength, dims}; the JS layer has already copied the
// data into wasm memory and validated the typed array against the type.
inline Result<std::vector<Tensor>> tensors_from_js(const emscripten::val& inputs) {
  std::vector<Tensor> tensors;
  const size_t n = inputs["length"].as<size_t>();
  for (size_t i = 0; i < n; ++i) {
    emscripten::val in = inputs[i];
    const int32_t raw_type = in["type"].as<int32_t>();
    if (!dtype_is_known(raw_type))
      return InvalidArgument("input " + std::to_string(i) + " has an unknown element type");
    Dims dims;
    emscripten::val js_dims = in["dims"];
    const size_t rank = js_dims["length"].as<size_t>();
    for (size_t k = 0; k < rank; ++k) dims.push_back(static_cast<int64_t>(js_dims[k].as<double>()));
    auto* data = reinterpret_cast<void*>(in["data"].as<uintptr_t>());
    auto t = Tensor::view(static_cast<DType>(raw_type), std::move(dims), data, in["byteLength"].as<size_t>());
    if (!t.ok()) return t.status().with_context("input " + std::to_string(i) + ": ");
    tensors.push_back(t.take());
  }
  return tensors;
}

}  // namespace ow
