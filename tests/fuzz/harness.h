// What the fuzz targets (tests/fuzz/fuzz_*.cpp) do with one input. Nothing here may crash, leak or
// trip a sanitizer, whatever the bytes; refusals are fine. An input that once did is replayed by the
// native tests (tests/native/fuzz_regressions_test.cpp, from tests/fuzz/regressions/<target>/).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/half.h"
#include "onnx/model_decoder.h"
#include "onnx/session_builder.h"
#include "ops/operator.h"

namespace ow::fuzz {

// Tensors above 16 MiB are refused as out of memory, so that the fuzzer explores models rather than
// legitimately huge (and slow) computations; libFuzzer's -malloc_limit_mb then flags any other large
// allocation, which only a missing bound can cause. Each target calls this from LLVMFuzzerInitialize.
inline void limit_tensor_bytes() { tensor_byte_limit = uint64_t{1} << 24; }

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

// Whether the element at `p` of floating-point type `type` is a NaN (false for other types).
inline bool is_nan(DType type, const unsigned char* p) {
  bool nan = false;
  visit_dtype<float, double, Float16, BFloat16>(type, [&](auto element) {
    using T = decltype(element);
    T v;
    std::memcpy(&v, p, sizeof v);
    if constexpr (std::is_floating_point_v<T>) nan = std::isnan(v);
    else nan = std::isnan(to_f32(v));
  });
  return nan;
}

// Whether two runs' outputs are the same, byte for byte but that a NaN may be another NaN: which
// payload a sum of NaNs keeps depends on its order, and wasm leaves NaN payloads unspecified.
inline bool same_outputs(const Outputs& a, const Outputs& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].dtype() != b[k].dtype() || a[k].dims() != b[k].dims() || a[k].byte_size() != b[k].byte_size()) return false;
    const size_t size = dtype_size(a[k].dtype());
    const auto* x = static_cast<const unsigned char*>(a[k].raw_data());
    const auto* y = static_cast<const unsigned char*>(b[k].raw_data());
    for (size_t i = 0; i < a[k].byte_size(); i += size)
      if (std::memcmp(x + i, y + i, size) != 0 && !(is_nan(a[k].dtype(), x + i) && is_nan(a[k].dtype(), y + i))) return false;
  }
  return true;
}

// Whether two runs' outputs have the same types and shapes.
inline bool same_shapes(const Outputs& a, const Outputs& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].dtype() != b[k].dtype() || a[k].dims() != b[k].dims()) return false;
  return true;
}

// Whether the optimizer folded a BatchNormalization into the weights before it ("Conv+BatchNormalization").
inline bool folded_batch_norm(const onnx::Session& session) {
  for (const auto& step : session.description().steps)
    if (step.op_type.find("+BatchNormalization") != std::string::npos) return true;
  return false;
}

// Decodes a model, builds its session, optimized (the default) and not, and runs both on generated
// feeds: they must give the same outputs (same_outputs; where a BatchNormalization was folded, the
// same types and shapes), or both fail. (Of two failing nodes an optimized graph may report another
// first; and one may run out of memory where the other, making other tensors, does not.)
inline void run_model_input(const uint8_t* data, size_t size) {
  auto model = onnx::decode_model(data, size);
  if (!model.ok()) return;
  const std::vector<onnx::ValueInfo> declared = model.value().graph.inputs;
  auto session = onnx::build_session(model.take());
  if (!session.ok()) return;
  auto plain_model = onnx::decode_model(data, size);
  if (!plain_model.ok()) __builtin_trap();
  auto plain = onnx::build_session(plain_model.take(), nullptr, onnx::OptimizationLevel::kDisabled);
  if (!plain.ok()) __builtin_trap();
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
  Outputs outputs, plain_outputs;
  const Status st = session.value().run(feeds, outputs), plain_st = plain.value().run(feeds, plain_outputs);
  if (st.ok() != plain_st.ok()) {
    if ((st.ok() ? plain_st : st).code() != ErrorCode::kOutOfMemory) __builtin_trap();
    return;
  }
  if (!st.ok()) return;
  for (const Tensor& t : outputs) touch(t);
  if (folded_batch_norm(session.value())) {
    // The one rewrite that changes the rounding (graph_optimizer.h): the same outputs' types and
    // shapes here; its tolerance is held by the per-pass tests, on values whose magnitudes are known.
    if (!same_shapes(outputs, plain_outputs)) __builtin_trap();
    return;
  }
  if (!same_outputs(outputs, plain_outputs)) __builtin_trap();
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

// The bytes of an operator call, read front to back; zeros once they run out.
class CallReader {
 public:
  CallReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  int64_t i64() {
    uint64_t v = 0;
    for (int k = 0; k < 8; ++k) v = v << 8 | byte();
    return static_cast<int64_t>(v);
  }
  // Mostly small values (-2 .. 6), else one of the extremes an attribute, opset or dim can take (with
  // values around the fuzz build's 16 MiB tensor cap, where outputs fit but a call's tables may not),
  // else any 64-bit value.
  int64_t value() {
    static constexpr int64_t kExtremes[] = {0, 1, 7, 64, 1 << 20, 1 << 22, 1 << 24, 165000000, INT32_MAX - 1, INT32_MAX,
                                            int64_t{INT32_MAX} + 1, UINT32_MAX, int64_t{1} << 40, int64_t{1} << 53, INT64_MAX,
                                            INT64_MIN, -1};
    const uint8_t b = byte();
    if (b < 160) return static_cast<int64_t>(b % 9) - 2;
    if (b < 250) return kExtremes[b % std::size(kExtremes)];
    return i64();
  }
  size_t remaining() const { return size_ - pos_; }
  const uint8_t* rest() const { return data_ + pos_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// Inputs stay tiny: the fuzzer explores attributes, shapes and the size checks, not big computations
// (a dim can still be huge where another is 0).
constexpr size_t kMaxCallInputBytes = 4096;

inline DType call_dtype(uint8_t b) {
  static constexpr DType kTypes[] = {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16, DType::kInt8,
                                     DType::kInt16,   DType::kInt32,   DType::kInt64,   DType::kUint8,    DType::kUint16,
                                     DType::kUint32,  DType::kUint64,  DType::kUndefined};
  return kTypes[b % std::size(kTypes)];
}

inline Dims call_dims(CallReader& r) {
  Dims dims(r.byte() % 7);
  for (int64_t& d : dims) {
    const uint8_t b = r.byte();
    d = b < 224 ? b % 7 : r.value();
  }
  return dims;
}

// One ops.* call from the bytes: operator, opset, attributes of every kind with extreme values, inputs
// of any types and shapes (data cycled from the bytes), and sometimes a tensor to compute into (as
// options.out), then run as the bindings do (PreparedOp::create, run_into). A successful call is run
// again and must give the same bytes.
inline void run_operator_input(const uint8_t* data, size_t size) {
  CallReader r(data, size);
  const std::span<const OpSchema* const> ops = all_operators();
  const OpSchema& schema = *ops[r.byte() % ops.size()];
  const uint8_t opset_byte = r.byte();
  const int64_t opset = opset_byte < 224 ? opset_byte % 26 : r.value();

  static const char* const kNames[] = {"kernel_shape", "pads", "strides", "dilations", "auto_pad",
                                       "ceil_mode",    "count_include_pad", "consumed_inputs", "storage_order", "perm",
                                       "axes",         "axis",              "shape",           "allowzero",     "",
                                       "mode",         "paddings",          "value",           "keepdims",      "noop_with_empty_axes",
                                       // constants and data movement
                                       "to", "start", "end", "saturate", "round_mode", "value_int", "value_ints", "value_float",
                                       "value_floats", "value_string", "sparse_value"};
  static const char* const kAutoPads[] = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID", "", "same_upper",
                                          "constant", "reflect", "edge", "wrap", "up", "nearest", "FLOAT", "INT32"};
  Attributes attrs;
  for (int count = r.byte() % 8; count > 0; --count) {
    std::string name = kNames[r.byte() % std::size(kNames)];
    switch (r.byte() % 6) {
      case 0: {
        std::vector<int64_t> ints(r.byte() % 9);
        for (int64_t& v : ints) v = r.value();
        attrs.set(std::move(name), AttributeValue::Ints(std::move(ints)));
        break;
      }
      case 1: attrs.set(std::move(name), AttributeValue::Int(r.value())); break;
      case 2: attrs.set(std::move(name), AttributeValue::String(kAutoPads[r.byte() % std::size(kAutoPads)])); break;
      case 3: attrs.set(std::move(name), AttributeValue::Float(static_cast<double>(r.value()) / 3)); break;
      case 4: {  // a small tensor (Constant's value) of any type, its bytes from the input
        const DType type = call_dtype(r.byte());
        const Dims dims = call_dims(r);
        auto bytes = byte_count(dims, dtype_size(type));
        if (!bytes.ok() || bytes.value() > kMaxCallInputBytes) return;
        auto t = Tensor::allocate(type, dims);
        if (!t.ok()) return;
        for (size_t i = 0; i < t.value().byte_size(); ++i) static_cast<uint8_t*>(t.value().raw_data())[i] = r.byte();
        attrs.set(std::move(name), AttributeValue::TensorValue(t.take()));
        break;
      }
      default: attrs.set(std::move(name), AttributeValue::Strings({"SAME_UPPER"})); break;
    }
  }

  // Inputs: mostly of one type; now and then very many (Min takes any number).
  const DType first_type = call_dtype(r.byte());
  const uint8_t count_byte = r.byte();
  const size_t input_count = count_byte < 250 ? count_byte % 5 : 1000 + count_byte;
  std::vector<Tensor> tensors;
  for (size_t i = 0; i < input_count; ++i) {
    const uint8_t type_byte = r.byte();
    const DType type = type_byte < 240 ? first_type : call_dtype(type_byte);
    // Past the first few, inputs repeat the last shape: a thousand inputs need not cost a thousand shapes.
    const Dims dims = i < 4 || tensors.empty() ? call_dims(r) : tensors.back().dims();
    auto bytes = byte_count(dims, dtype_size(type));
    if (!bytes.ok() || bytes.value() > kMaxCallInputBytes) return;
    auto t = Tensor::allocate(type, dims);
    if (!t.ok()) return;
    tensors.push_back(t.take());
  }
  // The rest of the bytes are the inputs' data.
  for (Tensor& t : tensors) {
    auto* p = static_cast<uint8_t*>(t.raw_data());
    for (size_t i = 0; i < t.byte_size(); ++i) p[i] = r.remaining() ? r.rest()[i % r.remaining()] : 0;
  }

  auto op = PreparedOp::create(schema.name, opset, attrs);
  if (!op.ok()) return;
  Inputs inputs;
  for (const Tensor& t : tensors) inputs.push_back(&t);
  Outputs outputs;
  // options.out: a fresh tensor of the call's first type and its first input's shape, or, for an
  // elementwise operator, the first input itself (the bindings check that an out tensor overlapping
  // an input is laid out like it).
  const uint8_t out_byte = size ? data[size - 1] : 0;
  if (out_byte % 4 == 1 && !tensors.empty()) {
    auto out = Tensor::allocate(tensors[0].dtype(), tensors[0].dims());
    if (!out.ok()) return;
    outputs.push_back(out.take());
  } else if (out_byte % 4 == 2 && !tensors.empty() && schema.elementwise) {
    auto out = Tensor::view(tensors[0].dtype(), tensors[0].dims(), tensors[0].raw_data(), tensors[0].byte_size());
    if (!out.ok()) return;
    outputs.push_back(out.take());
  }
  const bool given = !outputs.empty();
  if (!op.value().run_into(inputs, outputs).ok()) return;
  for (const Tensor& t : outputs) touch(t);
  if (given) return;  // computed in place over an input, perhaps: a second run would see other inputs
  Outputs again;
  if (!op.value().run(inputs, again).ok() || again.size() != outputs.size()) __builtin_trap();
  for (size_t i = 0; i < outputs.size(); ++i)
    if (again[i].dims() != outputs[i].dims() || again[i].byte_size() != outputs[i].byte_size() ||
        std::memcmp(again[i].raw_data(), outputs[i].raw_data(), outputs[i].byte_size()) != 0)
      __builtin_trap();
}

}  // namespace ow::fuzz
