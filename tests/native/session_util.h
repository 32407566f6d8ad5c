// Helpers for native tests of sessions: a model's bytes (or a graph written by onnx_writer.h) decoded
// and prepared, and refusals checked by code and message.
#pragma once

#include <cstdint>
#include <string>

#include "onnx/model_decoder.h"
#include "onnx/session_builder.h"
#include "onnx_writer.h"
#include "test_util.h"

namespace ow::test {

// TensorProto element type numbers, as a model file writes them.
constexpr int32_t kF32 = 1;
constexpr int32_t kI64 = 7;
constexpr int32_t kF64 = 11;
constexpr int32_t kBF16 = 16;

inline Result<onnx::Session> load(const std::string& model_bytes, onnx::OptimizationLevel level = onnx::OptimizationLevel::kAll) {
  auto model = onnx::decode_model(model_bytes.data(), model_bytes.size());
  if (!model.ok()) return model.status();
  return onnx::build_session(model.take(), nullptr, level);
}

// The model of `g` at `opset` (IR version 8).
inline std::string model_of(const pb::GraphSpec& g, int64_t opset = 13) { return pb::model({8, {{"", opset}}, pb::graph(g)}); }

inline Result<onnx::Session> load(const pb::GraphSpec& g, int64_t opset = 13, onnx::OptimizationLevel level = onnx::OptimizationLevel::kAll) {
  return load(model_of(g, opset), level);
}

inline void expect_error(const Result<onnx::Session>& s, ErrorCode code, const std::string& message) {
  REQUIRE_FALSE(s.ok());
  CHECK(s.status().message() == message);
  CHECK(s.status().code() == code);
}

}  // namespace ow::test
