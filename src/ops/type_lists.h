// Type constraints and list helpers shared by the operator schemas.
#pragma once

#include <initializer_list>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/dtype.h"
#include "ops/operator.h"

namespace ow {

// `list` with `added` appended: a version's types or attributes as its predecessor's plus what it adds.
template <typename T>
std::vector<T> with(std::vector<T> list, std::type_identity_t<std::initializer_list<T>> added) {
  list.insert(list.end(), added);
  return list;
}

inline const std::vector<DType> kFloatTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16};
inline const std::vector<DType> kFloatTypesBf16 = with(kFloatTypes, {DType::kBFloat16});
inline const std::vector<DType> kIntegerTypes = {DType::kInt8,  DType::kInt16,  DType::kInt32,  DType::kInt64,
                                                 DType::kUint8, DType::kUint16, DType::kUint32, DType::kUint64};
// ONNX's "numeric" types that this runtime has; with bfloat16, every type it has.
inline const std::vector<DType> kNumericTypes = [] {
  std::vector<DType> types = kFloatTypes;
  types.insert(types.end(), kIntegerTypes.begin(), kIntegerTypes.end());
  return types;
}();
inline const std::vector<DType> kAllTypes = with(kNumericTypes, {DType::kBFloat16});

// Versions that differ only in types the runtime does not have: each of `since` with the same types,
// attributes and, where they differ from the schema's, inputs and outputs.
inline std::vector<OpVersion> same_versions(std::vector<int> since, std::vector<std::string_view> attributes,
                                            std::vector<TypeConstraint> types, std::vector<Param> inputs = {},
                                            std::vector<Param> outputs = {}) {
  std::vector<OpVersion> versions;
  for (int v : since)
    versions.push_back({.since_version = v, .types = types, .attributes = attributes, .inputs = inputs, .outputs = outputs});
  return versions;
}

// The one type constraint "T" of most operators.
inline std::vector<TypeConstraint> type_t(std::vector<DType> types) { return {{"T", std::move(types)}}; }

// The signature of an operator of one input X and one output Y of type T.
inline const std::vector<Param> kUnaryInputs = {{"X", "T"}};
inline const std::vector<Param> kUnaryOutputs = {{"Y", "T"}};

}  // namespace ow
