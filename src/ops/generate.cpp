// Tensors made from a shape or from scalars: ConstantOfShape, Range and Size.
//
// ConstantOfShape, versions 9, 20, 21, 23, 24, 25: a tensor of the shape its int64 1-D input gives
// (none negative; an empty shape, a scalar), every element the one of the attribute `value` (a tensor
// of one element, whose type the output takes; float32 0 when omitted). 20 adds bfloat16; 21 to 25
// add types the runtime lacks.
//
// Range, versions 11, 27: start, start + delta, ... before limit (three scalars of one type), as many as
// ceil((limit - start) / delta), or none; delta 0 is an error. As ONNX's definition (a loop adding
// delta) and onnxruntime, each element is the previous plus delta, in the type (floats round at each
// step); integers are exact, the count computed without overflow for any int64 values. 27 adds
// float16 and bfloat16, which step in float32 and round each element once (stash_type 1, the
// default) or step in their own type (stash_type their type's code).
//
// Size, versions 1, 13, 19, 21, 23, 24, 25: the input's element count as an int64 scalar; 13 adds
// bfloat16, the others types the runtime lacks.
#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <type_traits>

#include "core/half.h"
#include "kernels/copy_rows.h"
#include "kernels/range.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ConstantOfShapeKernel final : public Kernel {
 public:
  explicit ConstantOfShapeKernel(Tensor value) : value_(std::move(value)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& shape = *inputs[0];
    if (shape.rank() != 1) return InvalidArgument("input 'input' must be 1-D, got shape " + dims_to_string(shape.dims()));
    Dims dims(shape.data<int64_t>(), shape.data<int64_t>() + shape.size());
    for (int64_t d : dims)
      if (d < 0) return InvalidArgument("input 'input' " + dims_to_string(dims) + " has a negative dimension");
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, value_.dtype(), std::move(dims), y));
    kernels::fill_elements(static_cast<unsigned char*>(y->raw_data()), value_.raw_data(), dtype_size(value_.dtype()), y->size());
    return Status::Ok();
  }

 private:
  Tensor value_;
};

Result<std::unique_ptr<Kernel>> make_constant_of_shape(int version, const Attributes& attrs) {
  const AttributeValue* a = attrs.find("value");
  Tensor value;
  if (a == nullptr) {
    OW_ASSIGN_OR_RETURN(value, Tensor::allocate(DType::kFloat32, {1}));
    value.data<float>()[0] = 0.0f;
  } else {
    if (a->kind != AttributeValue::Kind::kTensor)
      return InvalidArgument(std::string("attribute 'value' must be a tensor, got ") + attribute_kind_name(a->kind));
    value = a->t;
    if (value.size() != 1)
      return InvalidArgument("attribute 'value' must hold one element, got shape " + dims_to_string(value.dims()));
    const std::span<const DType> accepted = version < 20 ? std::span<const DType>(kAnyTypesNoBf16) : std::span<const DType>(kAnyTypes);
    if (std::find(accepted.begin(), accepted.end(), value.dtype()) == accepted.end())
      return InvalidArgument("attribute 'value' has type " + std::string(dtype_name(value.dtype())) + ", which this version does not accept");
  }
  return std::unique_ptr<Kernel>(new ConstantOfShapeKernel(std::move(value)));
}

// The element count of Range for integers: exact for any values of T.
template <typename T>
Result<size_t> integer_range_count(T start, T limit, T delta) {
  const bool up = delta > 0;
  if ((up && limit <= start) || (!up && limit >= start)) return size_t{0};
  using U = std::make_unsigned_t<T>;
  // The span and |delta| as unsigned values: exact, as the true span is below 2^bits.
  const U span = up ? static_cast<U>(static_cast<U>(limit) - static_cast<U>(start)) : static_cast<U>(static_cast<U>(start) - static_cast<U>(limit));
  const U step = up ? static_cast<U>(delta) : static_cast<U>(U{0} - static_cast<U>(delta));
  return static_cast<size_t>(std::min<uint64_t>((static_cast<uint64_t>(span) - 1) / step + 1, uint64_t{kMaxTensorBytes} + 1));
}

class RangeKernel final : public Kernel {
 public:
  explicit RangeKernel(bool half_in_float32) : half_in_float32_(half_in_float32) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    static constexpr const char* kNames[] = {"start", "limit", "delta"};
    for (size_t i = 0; i < 3; ++i)
      if (inputs[i]->size() != 1 || inputs[i]->rank() > 1)
        return InvalidArgument(std::string("input '") + kNames[i] + "' must be a scalar, got shape " + dims_to_string(inputs[i]->dims()));
    Status status = Status::Ok();
    visit_dtype<float, double, int16_t, int32_t, int64_t, Float16, BFloat16>(inputs[0]->dtype(), [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      status = run<T>(inputs, outputs);
    });
    return status;
  }

 private:
  template <typename T>
  Status run(const Inputs& inputs, Outputs& outputs) const {
    const T start = inputs[0]->data<T>()[0], limit = inputs[1]->data<T>()[0], delta = inputs[2]->data<T>()[0];
    constexpr bool kHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;
    // The values as numbers (the halves' float32 values, exact).
    const auto value = [](T v) {
      if constexpr (kHalf) return static_cast<double>(to_f32(v));
      else return v;
    };
    if (value(delta) == 0) return InvalidArgument("input 'delta' is 0; it must not be");
    size_t n = 0;
    if constexpr (std::is_floating_point_v<T> || kHalf) {
      const double count = std::ceil((static_cast<double>(value(limit)) - static_cast<double>(value(start))) / static_cast<double>(value(delta)));
      if (std::isnan(count)) return InvalidArgument("inputs 'start', 'limit' and 'delta' make no count (NaN)");
      if (count > static_cast<double>(kMaxTensorBytes)) return OutOfMemory("inputs 'start', 'limit' and 'delta' make more elements than a tensor can hold");
      n = count > 0 ? static_cast<size_t>(count) : 0;
    } else {
      OW_ASSIGN_OR_RETURN(n, integer_range_count<T>(start, limit, delta));
      if (n > kMaxTensorBytes) return OutOfMemory("inputs 'start', 'limit' and 'delta' make more elements than a tensor can hold");
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DTypeOf<T>::value, Dims{static_cast<int64_t>(n)}, y));
    if constexpr (kHalf) kernels::range(start, delta, y->data<T>(), n, half_in_float32_);
    else kernels::range(start, delta, y->data<T>(), n);
    return Status::Ok();
  }

  bool half_in_float32_;  // 27's stash_type 1 (float); the halves only
};

// Range-27's stash_type: 1 (float32), or the element type's own code (float16 10, bfloat16 16), which
// steps in the type; the other types ignore it.
constexpr int64_t kStashFloat = 1, kStashFloat16 = 10, kStashBFloat16 = 16;

Result<std::unique_ptr<Kernel>> make_range(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t stash, attrs.get_int("stash_type", kStashFloat));
  if (version >= 27 && stash != kStashFloat && stash != kStashFloat16 && stash != kStashBFloat16)
    return Unsupported("attribute 'stash_type' " + std::to_string(stash) + ": this runtime steps float16 and bfloat16 in float32 (1) or in their own type (10, 16)");
  return std::unique_ptr<Kernel>(new RangeKernel(stash == kStashFloat));
}

class SizeKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kInt64, Dims{}, y));
    y->data<int64_t>()[0] = static_cast<int64_t>(inputs[0]->size());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_size(int /*version*/, const Attributes& /*attrs*/) { return std::unique_ptr<Kernel>(new SizeKernel()); }

constexpr AttributeSpec kValue[] = {{"value", AttrKind::kTensor, "a float32 0"}};
constexpr TypeConstraint kConstantOfShapeTypes9[] = {{"T1", kInt64Type}, {"T2", kAnyTypesNoBf16}};
constexpr TypeConstraint kConstantOfShapeTypes20[] = {{"T1", kInt64Type}, {"T2", kAnyTypes}};
constexpr auto kConstantOfShapeVersions =
    concat(std::to_array<OpVersion>({{.since_version = 9, .types = kConstantOfShapeTypes9, .attributes = kValue}}),
           same_versions({20, 21, 23, 24, 25}, {.types = kConstantOfShapeTypes20, .attributes = kValue}));
constexpr Param kConstantOfShapeInputs[] = {{"input", "T1"}};
constexpr Param kConstantOfShapeOutputs[] = {{"output", "T2"}};

constexpr std::array<DType, 5> kRangeTypes = {DType::kFloat32, DType::kFloat64, DType::kInt16, DType::kInt32, DType::kInt64};
constexpr auto kRangeTypes27 = with(kRangeTypes, DType::kFloat16, DType::kBFloat16);
constexpr AttributeSpec kStashType[] = {{"stash_type", AttrKind::kInt, "1"}};
// 27 adds float16 and bfloat16, with stash_type.
constexpr OpVersion kRangeVersions[] = {{.since_version = 11, .types = type_t<kRangeTypes>, .attributes = {}},
                                        {.since_version = 27, .types = type_t<kRangeTypes27>, .attributes = kStashType}};
constexpr Param kRangeInputs[] = {{"start", "T"}, {"limit", "T"}, {"delta", "T"}};
constexpr Param kRangeOutputs[] = {{"output", "T"}};

constexpr TypeConstraint kSizeTypes1[] = {{"T", kAnyTypesNoBf16}, {"T1", kInt64Type}};
constexpr TypeConstraint kSizeTypes13[] = {{"T", kAnyTypes}, {"T1", kInt64Type}};
constexpr auto kSizeVersions = concat(std::to_array<OpVersion>({{.since_version = 1, .types = kSizeTypes1, .attributes = {}}}),
                                      same_versions({13, 19, 21, 23, 24, 25}, {.types = kSizeTypes13, .attributes = {}}));
constexpr Param kSizeInputs[] = {{"data", "T"}};
constexpr Param kSizeOutputs[] = {{"size", "T1"}};

}  // namespace

constexpr OpSchema kConstantOfShapeSchema{.name = "ConstantOfShape",
                                          .inputs = kConstantOfShapeInputs,
                                          .outputs = kConstantOfShapeOutputs,
                                          .versions = kConstantOfShapeVersions,
                                          .make_kernel = make_constant_of_shape};

constexpr OpSchema kRangeSchema{.name = "Range", .inputs = kRangeInputs, .outputs = kRangeOutputs, .versions = kRangeVersions, .make_kernel = make_range};

constexpr OpSchema kSizeSchema{.name = "Size",
                               .inputs = kSizeInputs,
                               .outputs = kSizeOutputs,
                               .versions = kSizeVersions,
                               .make_kernel = make_size,
                               .reads_only_shapes = true};

}  // namespace ow
