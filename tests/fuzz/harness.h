// What the fuzz targets do with one input, shared with the native regression tests (tests/native/
// regressions_test.cpp), which replay the inputs that once crashed. Nothing here may crash, leak or
// trip a sanitizer, whatever the bytes; refusals are fine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "onnx/graph.h"
#include "onnx/model_decoder.h"

namespace ow::fuzz {

// Feeds stay small so that the fuzzer explores models rather than big computations.
constexpr int64_t kMaxFeedDim = 64;
constexpr size_t kMaxFeedElements = size_t{1} << 15;

// Reads every byte of `t`, so that AddressSanitizer checks the whole tensor is allocated.
inline void touch(const Tensor& t) {
  const auto* p = static_cast<const unsigned char*>(t.raw_data());
  unsigned sum = 0;
  for (size_t i = 0; i < t.byte_size(); ++i) sum += p[i];
  volatile unsigned sink = sum;
  (void)sink;
}

// A feed for a graph input: its declared type and shape (a symbolic dimension becomes 1 to 3, an
// unknown shape [1, 1, 3, 3]), its bytes cycled from the fuzz input. Nothing when the shape is too
// large to be worth running.
inline std::optional<onnx::Feed> make_feed(const onnx::ValueInfo& info, const uint8_t* data, size_t size, size_t salt) {
  Dims dims;
  if (!info.has_shape) {
    dims = {1, 1, 3, 3};
  } else {
    for (size_t i = 0; i < info.shape.size(); ++i) {
      const onnx::Dim& d = info.shape[i];
      const int64_t v = d.fixed ? d.value : static_cast<int64_t>(1 + (salt + i) % 3);
      if (v < 0 || v > kMaxFeedDim) return std::nullopt;
      dims.push_back(v);
    }
  }
  if (!dtype_is_known(info.elem_type)) return std::nullopt;
  auto count = element_count(dims);
  if (!count.ok() || count.value() > kMaxFeedElements) return std::nullopt;
  auto tensor = Tensor::allocate(static_cast<DType>(info.elem_type), dims);
  if (!tensor.ok()) return std::nullopt;
  auto* bytes = static_cast<uint8_t*>(tensor.value().raw_data());
  for (size_t i = 0; i < tensor.value().byte_size(); ++i) bytes[i] = size ? data[(i + salt) % size] : 0;
  return onnx::Feed{info.name, tensor.take()};
}

// Decodes a model, builds its session and runs it on generated feeds.
inline void run_model_input(const uint8_t* data, size_t size) {
  auto model = onnx::decode_model(data, size);
  if (!model.ok()) return;
  const std::vector<onnx::ValueInfo> declared = model.value().graph.inputs;
  auto session = onnx::Session::create(model.take());
  if (!session.ok()) return;
  std::vector<onnx::Feed> feeds;
  for (const std::string& name : session.value().input_names()) {
    for (const onnx::ValueInfo& info : declared) {
      if (info.name != name) continue;
      auto feed = make_feed(info, data, size, feeds.size());
      if (!feed) return;
      feeds.push_back(std::move(*feed));
      break;
    }
  }
  Outputs outputs;
  if (!session.value().run(feeds, outputs).ok()) return;
  for (const Tensor& t : outputs) touch(t);
}

// Decodes a TensorProto and checks the tensor's size agrees with its shape and type.
inline void run_tensor_input(const uint8_t* data, size_t size) {
  auto decoded = onnx::decode_tensor(data, size);
  if (!decoded.ok()) return;
  const Tensor& t = decoded.value().tensor;
  auto bytes = byte_count(t.dims(), dtype_size(t.dtype()));
  if (!bytes.ok() || bytes.value() != t.byte_size()) __builtin_trap();
  touch(t);
}

}  // namespace ow::fuzz
