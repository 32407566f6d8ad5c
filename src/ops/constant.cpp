// Constant: a tensor held by the node. Version 1 takes it as `value` (float types), 9 any type, 11
// also `sparse_value`, 12 also the value_* attributes: a float32 or int64 scalar (value_float,
// value_int) or 1-D tensor (value_floats, value_ints), or a string one (value_string(s)); exactly one of
// them. Strings and sparse tensors are refused as unsupported. 13 adds bfloat16; 19 to 25 add types the
// runtime lacks (refused where the tensor is decoded, or by the type check below).
#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/cast.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ConstantKernel final : public Kernel {
 public:
  explicit ConstantKernel(Tensor value) : value_(std::move(value)) {}

  Status compute(const Inputs& /*inputs*/, Outputs& outputs) const override {
    if (outputs.empty()) {
      outputs.push_back(value_);  // shares the value's memory
      return Status::Ok();
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, value_.dtype(), value_.dims(), y));
    std::memcpy(y->raw_data(), value_.raw_data(), value_.byte_size());
    return Status::Ok();
  }

 private:
  Tensor value_;
};

// Version 12's attributes: each is a way to give the value.
constexpr AttributeSpec kValueAttributes[] = {{"value", AttrKind::kTensor},           {"sparse_value", AttrKind::kSparseTensor},
                                              {"value_float", AttrKind::kFloat},       {"value_floats", AttrKind::kFloats},
                                              {"value_int", AttrKind::kInt},           {"value_ints", AttrKind::kInts},
                                              {"value_string", AttrKind::kString},     {"value_strings", AttrKind::kStrings}};

// A float32 tensor of `values` (ONNX's float attributes are float32).
Result<Tensor> float_tensor(const AttributeValue& a, bool list) {
  const std::vector<double> values = list ? a.floats : std::vector<double>{a.f};
  OW_ASSIGN_OR_RETURN(Tensor t, Tensor::allocate(DType::kFloat32, list ? Dims{static_cast<int64_t>(values.size())} : Dims{}));
  kernels::cast(DType::kFloat64, values.data(), DType::kFloat32, t.raw_data(), values.size());
  return t;
}

Result<Tensor> int64_tensor(const std::vector<int64_t>& values, bool list) {
  OW_ASSIGN_OR_RETURN(Tensor t, Tensor::allocate(DType::kInt64, list ? Dims{static_cast<int64_t>(values.size())} : Dims{}));
  if (!values.empty()) std::memcpy(t.raw_data(), values.data(), values.size() * sizeof(int64_t));
  return t;
}

Status wrong_kind(const std::string& name, const char* want, const AttributeValue& a) {
  return InvalidArgument("attribute '" + name + "' must be " + want + ", got " + attribute_kind_name(a.kind));
}

Result<std::unique_ptr<Kernel>> make_constant(int version, const Attributes& attrs) {
  std::string name;
  for (const AttributeSpec& spec : kValueAttributes) {
    const std::string_view candidate = spec.name;
    if (!attrs.has(candidate)) continue;
    if (!name.empty())
      return InvalidArgument("attributes '" + name + "' and '" + std::string(candidate) + "' are both given; exactly one value attribute is allowed");
    name = candidate;
  }
  if (name.empty())
    return InvalidArgument(version < 11   ? "attribute 'value' is required"
                           : version < 12 ? "one of the attributes 'value' and 'sparse_value' is required"
                                          : "one of the attributes 'value', 'sparse_value' and 'value_*' is required");
  const AttributeValue& a = *attrs.find(name);
  using Kind = AttributeValue::Kind;
  Tensor value;
  if (name == "sparse_value") return Unsupported("attribute 'sparse_value': sparse tensors are not supported");
  if (name == "value_string" || name == "value_strings")
    return Unsupported("attribute '" + name + "' makes a tensor of type string, which this runtime does not support");
  if (name == "value") {
    if (a.kind != Kind::kTensor) return wrong_kind(name, "a tensor", a);
    value = a.t;
    using Types = std::span<const DType>;
    const Types accepted = version < 9 ? Types(kFloatTypes) : version < 13 ? Types(kAnyTypesNoBf16) : Types(kAnyTypes);
    if (std::find(accepted.begin(), accepted.end(), value.dtype()) == accepted.end())
      return InvalidArgument("attribute 'value' has type " + std::string(dtype_name(value.dtype())) + ", which this version does not accept");
  } else if (name == "value_float" || name == "value_floats") {
    const bool list = name == "value_floats";
    const bool fits = a.reads_as(list ? Kind::kFloats : Kind::kFloat);
    if (!fits) return wrong_kind(name, list ? "a list of floats" : "a float", a);
    OW_ASSIGN_OR_RETURN(value, float_tensor(a, list));
  } else {
    const bool list = name == "value_ints";
    const bool fits = a.reads_as(list ? Kind::kInts : Kind::kInt);
    if (!fits) return wrong_kind(name, list ? "a list of ints" : "an int", a);
    OW_ASSIGN_OR_RETURN(value, int64_tensor(list ? a.ints : std::vector<int64_t>{a.i}, list));
  }
  return std::unique_ptr<Kernel>(new ConstantKernel(std::move(value)));
}

constexpr std::span<const AttributeSpec> kValue(kValueAttributes, 1);
constexpr std::span<const AttributeSpec> kValue11(kValueAttributes, 2);
constexpr auto kConstantVersions =
    concat(std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kValue},
                                     {.since_version = 9, .types = type_t<kAnyTypesNoBf16>, .attributes = kValue},
                                     {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kValue11},
                                     {.since_version = 12, .types = type_t<kAnyTypesNoBf16>, .attributes = kValueAttributes}}),
           same_versions({13, 19, 21, 23, 24, 25}, {.types = type_t<kAnyTypes>, .attributes = kValueAttributes}));
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kConstantSchema{.name = "Constant", .inputs = {}, .outputs = kOutputs, .versions = kConstantVersions, .make_kernel = make_constant};

}  // namespace ow
