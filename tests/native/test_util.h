// Helpers for native tests: build tensors from values and run an operator through PreparedOp.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/half.h"
#include "kernels/im2col.h"
#include "ops/operator.h"

namespace ow::test {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Every element type the runtime has.
inline constexpr DType kEveryType[] = {DType::kFloat32, DType::kFloat64, DType::kFloat16, DType::kBFloat16,
                                       DType::kInt8,    DType::kInt16,   DType::kInt32,   DType::kInt64,
                                       DType::kUint8,   DType::kUint16,  DType::kUint32,  DType::kUint64};

// An element of storage type T from a double, and back (half types through float).
template <typename T> T from_double(double d) { return static_cast<T>(d); }
template <> inline Float16 from_double<Float16>(double d) { return f16_from_f32(static_cast<float>(d)); }
template <> inline BFloat16 from_double<BFloat16>(double d) { return bf16_from_f32(static_cast<float>(d)); }
template <typename T> double to_double(T v) { return static_cast<double>(v); }
template <> inline double to_double<Float16>(Float16 v) { return to_f32(v); }
template <> inline double to_double<BFloat16>(BFloat16 v) { return to_f32(v); }

template <typename T>
Tensor make_tensor(Dims dims, const std::vector<T>& values) {
  auto t = Tensor::allocate(DTypeOf<T>::value, std::move(dims));
  REQUIRE(t.ok());
  REQUIRE(t.value().size() == values.size());
  if (!values.empty()) std::memcpy(t.value().raw_data(), values.data(), values.size() * sizeof(T));
  return t.take();
}

template <typename T>
std::vector<T> values_of(const Tensor& t) {
  const T* p = t.data<T>();
  return std::vector<T>(p, p + t.size());
}

// Attributes from {name, value} pairs.
inline Attributes attrs_of(std::initializer_list<std::pair<std::string, AttributeValue>> list) {
  Attributes a;
  for (const auto& [name, value] : list) a.set(name, value);
  return a;
}

// A linear congruential generator's next state: reproducible test data from a seed.
inline uint32_t next_random(uint32_t& state) { return state = state * 1664525u + 1013904223u; }
// A float of 1/32 steps in [-4, 4), exact in every sum of a few thousand products.
inline float random_value(uint32_t& state) { return static_cast<float>(static_cast<int>(next_random(state) >> 24) - 128) / 32.0f; }

// The convolution axis of `input` elements under `kernel` taps: its output size (0 when no window fits).
inline kernels::ConvAxis make_axis(size_t input, size_t kernel, size_t stride, size_t dilation, size_t pad_begin, size_t pad_end) {
  const ptrdiff_t reach = static_cast<ptrdiff_t>((kernel - 1) * dilation + 1);
  const ptrdiff_t room = static_cast<ptrdiff_t>(input + pad_begin + pad_end) - reach;
  const size_t output = room < 0 ? 0 : static_cast<size_t>(room) / stride + 1;
  return {input, output, kernel, stride, dilation, static_cast<ptrdiff_t>(pad_begin)};
}

// Runs op at opset with attrs; returns the status and fills `out` on success.
inline Status run(const std::string& op, int opset, const Attributes& attrs, const std::vector<const Tensor*>& inputs,
                  Tensor* out) {
  auto prepared = PreparedOp::create(op, opset, attrs);
  if (!prepared.ok()) return prepared.status();
  Outputs outputs;
  OW_RETURN_IF_ERROR(prepared.value().run(inputs, outputs));
  REQUIRE(outputs.size() == 1);
  *out = outputs[0];
  return Status::Ok();
}

}  // namespace ow::test
