// Type constraints and list helpers shared by the operator schemas: constexpr arrays, for spans of the
// schemas (ops/operator.h) to point into.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

#include "core/dtype.h"
#include "ops/operator.h"

namespace ow {

// `lists` one after another: an operator's versions written in parts, a type list of two.
template <typename T, size_t... N>
constexpr std::array<T, (N + ...)> concat(const std::array<T, N>&... lists) {
  std::array<T, (N + ...)> all{};
  size_t i = 0;
  ((std::copy(lists.begin(), lists.end(), all.begin() + i), i += N), ...);
  return all;
}

// `list` with `added` appended: a version's types or attributes as its predecessor's plus what it adds.
template <typename T, size_t N, typename... Added>
constexpr std::array<T, N + sizeof...(Added)> with(const std::array<T, N>& list, const Added&... added) {
  return concat(list, std::array<T, sizeof...(Added)>{T(added)...});
}

inline constexpr std::array<DType, 3> kFloatTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16};
inline constexpr auto kFloatTypesBf16 = with(kFloatTypes, DType::kBFloat16);
inline constexpr std::array<DType, 8> kIntegerTypes = {DType::kInt8,  DType::kInt16,  DType::kInt32,  DType::kInt64,
                                                       DType::kUint8, DType::kUint16, DType::kUint32, DType::kUint64};
// ONNX's "numeric" types that this runtime has; with bfloat16, every type it has.
inline constexpr auto kNumericTypes = concat(kFloatTypes, kIntegerTypes);
inline constexpr auto kAllTypes = with(kNumericTypes, DType::kBFloat16);
// ONNX's "all tensor types" that this runtime has: every type above and bool, for the operators that
// move or select elements without computing with them. Before opset 13 they lacked bfloat16.
inline constexpr auto kAnyTypes = with(kAllTypes, DType::kBool);
inline constexpr auto kAnyTypesNoBf16 = with(kNumericTypes, DType::kBool);
inline constexpr std::array<DType, 1> kInt64Type = {DType::kInt64};
inline constexpr std::array<DType, 1> kBoolType = {DType::kBool};
inline constexpr std::array<DType, 2> kIndexTypes = {DType::kInt32, DType::kInt64};

// Versions that differ only in types the runtime does not have: `version` once for each of `since`.
template <size_t N>
constexpr std::array<OpVersion, N> same_versions(const int (&since)[N], OpVersion version) {
  std::array<OpVersion, N> versions{};
  for (size_t i = 0; i < N; ++i) {
    versions[i] = version;
    versions[i].since_version = since[i];
  }
  return versions;
}

// The one type constraint "T" of most operators, allowing `types`: type_t<kFloatTypes>.
template <const auto& types>
inline constexpr TypeConstraint type_t[] = {{"T", types}};

// The attribute of version 1 of many operators, which later versions drop (and this runtime ignores).
inline constexpr AttributeSpec kConsumedInputs[] = {{"consumed_inputs", AttrKind::kInts}};
// The values of the pooling and convolution operators' auto_pad (ops/pool_geometry.cpp; '' is NOTSET).
inline constexpr std::string_view kAutoPads[] = {"NOTSET", "", "SAME_UPPER", "SAME_LOWER", "VALID"};
// AveragePool's and MaxPool's attributes (ops/pool_geometry.cpp): those of version 1, and the ceil_mode
// and dilations later versions add.
inline constexpr std::array<AttributeSpec, 4> kPoolAttributes1 = {{{"auto_pad", AttrKind::kString, "NOTSET", kAutoPads},
                                                                   {"kernel_shape", AttrKind::kInts, {}, {}, true},
                                                                   {"pads", AttrKind::kInts, "0 per begin and end"},
                                                                   {"strides", AttrKind::kInts, "1 per spatial axis"}}};
inline constexpr AttributeSpec kCeilMode{"ceil_mode", AttrKind::kFlag, "0"};
inline constexpr AttributeSpec kPoolDilations{"dilations", AttrKind::kInts, "1 per spatial axis"};

// The signature of an operator of one input X and one output Y of type T.
inline constexpr Param kUnaryInputs[] = {{"X", "T"}};
inline constexpr Param kUnaryOutputs[] = {{"Y", "T"}};

}  // namespace ow
