// Helpers for native tests: build tensors from values and run an operator through PreparedOp.
#pragma once

#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <vector>

#include "core/half.h"
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
