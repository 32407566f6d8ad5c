// Cast: each element converted to the type `to` names, by the rules of kernels/cast.h. Version 1 names
// the type by its TensorProto.DataType name ("FLOAT"), 6 on by its number; 13 adds bfloat16; 19 adds
// float8 and `saturate`, 24 `round_mode`, which only affect float8 and float8e8m0 results (types the
// runtime lacks, so here they are checked and ignored); 21, 23, 24 and 25 add int4, float4, float8e8m0
// and int2. CastLike (15 on, the same history from 15) converts to its second input's type.
#include <optional>
#include <string>

#include "kernels/cast.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class CastKernel final : public Kernel {
 public:
  // to: nullopt for CastLike, which converts to its second input's type
  explicit CastKernel(std::optional<DType> to) : to_(to) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const DType to = to_ ? *to_ : inputs[1]->dtype();
    if (x.dtype() == to && outputs.empty()) {
      outputs.push_back(x);  // shares owned memory; a view (of memory the caller owns) is copied
      if (x.owns_data()) return Status::Ok();
      outputs.pop_back();
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, to, x.dims(), y));
    kernels::cast(x.dtype(), x.raw_data(), to, y->raw_data(), x.size());
    return Status::Ok();
  }

 private:
  std::optional<DType> to_;
};

// TensorProto.DataType's names, by number (Cast-1 names its `to` so).
constexpr const char* kDataTypeNames[] = {"UNDEFINED", "FLOAT",     "UINT8",      "INT8",        "UINT16",       "INT16",
                                          "INT32",     "INT64",     "STRING",     "BOOL",        "FLOAT16",      "DOUBLE",
                                          "UINT32",    "UINT64",    "COMPLEX64",  "COMPLEX128",  "BFLOAT16",     "FLOAT8E4M3FN",
                                          "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ", "UINT4", "INT4", "FLOAT4E2M1",
                                          "FLOAT8E8M0", "UINT2", "INT2"};
constexpr int32_t kLastDataType = static_cast<int32_t>(std::size(kDataTypeNames)) - 1;

// The type attribute `to` names, checked for the version.
Result<DType> cast_target(int version, const Attributes& attrs) {
  const AttributeValue* to = attrs.find("to");
  if (!to) return InvalidArgument("attribute 'to' is required");
  int32_t number = -1;
  if (version == 1) {
    OW_ASSIGN_OR_RETURN(const std::string name, attrs.get_string("to", ""));
    for (int32_t k = 1; k <= kLastDataType; ++k)
      if (name == kDataTypeNames[k]) number = k;
    if (number < 0) return InvalidArgument("attribute 'to' is '" + name + "', which is not a TensorProto.DataType name");
  } else {
    OW_ASSIGN_OR_RETURN(const int64_t value, attrs.get_int("to", 0));
    if (value < 1 || value > kLastDataType)
      return InvalidArgument("attribute 'to' is " + std::to_string(value) + ", which is not a TensorProto.DataType");
    number = static_cast<int32_t>(value);
  }
  if (!dtype_is_known(number))
    return Unsupported("attribute 'to' is " + element_type_name(number) + ", a type this runtime does not support");
  const auto type = static_cast<DType>(number);
  if (type == DType::kBFloat16 && version < 13)
    return InvalidArgument("attribute 'to' is bfloat16, which this version does not accept (from version 13)");
  return type;
}

// saturate and round_mode, which only affect types the runtime lacks: checked.
Status check_float8_attributes(const Attributes& attrs) {
  OW_RETURN_IF_ERROR(attrs.get_int("saturate", 1).status());
  OW_ASSIGN_OR_RETURN(const std::string round_mode, attrs.get_string("round_mode", "up"));
  if (round_mode != "up" && round_mode != "down" && round_mode != "nearest")
    return InvalidArgument("attribute 'round_mode' is '" + round_mode + "'; it must be 'up', 'down' or 'nearest'");
  return Status::Ok();
}

Result<std::unique_ptr<Kernel>> make_cast(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const DType type, cast_target(version, attrs));
  OW_RETURN_IF_ERROR(check_float8_attributes(attrs));
  return std::unique_ptr<Kernel>(new CastKernel(type));
}

Result<std::unique_ptr<Kernel>> make_cast_like(int /*version*/, const Attributes& attrs) {
  OW_RETURN_IF_ERROR(check_float8_attributes(attrs));
  return std::unique_ptr<Kernel>(new CastKernel(std::nullopt));
}

// A Cast to float32 as a chain's selection: of the chain's bool mask (the only value of a chain a Cast
// may read), 1 where it is true, else +0.
std::optional<ChainStage> cast_chain_stage(const OpVersion& version, const Attributes& attrs, const ChainOperands& operands) {
  const Result<DType> to = cast_target(version.since_version, attrs);
  if (operands.count != 1 || !to.ok() || to.value() != DType::kFloat32) return std::nullopt;
  return ChainSelect{{false, 1.0f}, {false, 0.0f}};
}

constexpr TypeConstraint kNumeric[] = {{"T1", kAnyTypesNoBf16}, {"T2", kAnyTypesNoBf16}};
constexpr TypeConstraint kAll[] = {{"T1", kAnyTypes}, {"T2", kAnyTypes}};
constexpr std::string_view kRoundModes[] = {"up", "down", "nearest"};
constexpr std::array<AttributeSpec, 1> kTo = {{{"to", AttrKind::kDataType, {}, {}, true}}};
constexpr auto kSaturate = with(kTo, AttributeSpec{"saturate", AttrKind::kFlag, "1"});
constexpr auto kRoundMode = with(kSaturate, AttributeSpec{"round_mode", AttrKind::kString, "up", kRoundModes});
// 13 adds bfloat16, 19 saturate, 24 round_mode.
constexpr auto kCastVersions = concat(same_versions({1, 6, 9}, {.types = kNumeric, .attributes = kTo}),
                                      same_versions({13}, {.types = kAll, .attributes = kTo}),
                                      same_versions({19, 21, 23}, {.types = kAll, .attributes = kSaturate}),
                                      same_versions({24, 25}, {.types = kAll, .attributes = kRoundMode}));
constexpr Param kInputs[] = {{"input", "T1"}};
constexpr Param kOutputs[] = {{"output", "T2"}};
// CastLike: 15, then 19 adds saturate, 24 round_mode, as Cast.
constexpr std::array<AttributeSpec, 1> kSaturateOnly = {{{"saturate", AttrKind::kFlag, "1"}}};
constexpr auto kSaturateRoundMode = with(kSaturateOnly, AttributeSpec{"round_mode", AttrKind::kString, "up", kRoundModes});
constexpr auto kCastLikeVersions = concat(same_versions({15}, {.types = kAll, .attributes = {}}),
                                          same_versions({19, 21, 23}, {.types = kAll, .attributes = kSaturateOnly}),
                                          same_versions({24, 25}, {.types = kAll, .attributes = kSaturateRoundMode}));
constexpr Param kCastLikeInputs[] = {{"input", "T1"}, {"target_type", "T2"}};

}  // namespace

constexpr OpSchema kCastSchema{.name = "Cast",
                               .inputs = kInputs,
                               .outputs = kOutputs,
                               .versions = kCastVersions,
                               .make_kernel = make_cast,
                               .elementwise = true,
                               .chain_stage = cast_chain_stage};

constexpr OpSchema kCastLikeSchema{.name = "CastLike",
                                   .inputs = kCastLikeInputs,
                                   .outputs = kOutputs,
                                   .versions = kCastLikeVersions,
                                   .make_kernel = make_cast_like};

}  // namespace ow
