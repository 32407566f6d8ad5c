// Clip and Relu, elementwise bounds made of Max and Min (kernels/binary.h, with their NaN and signed
// zero semantics): Relu(x) = Max(x, 0); Clip(x) = Min(Max(x, min), max), so that a NaN input stays NaN
// and min > max gives max everywhere, as the spec says. From version 11 an omitted bound is the type's
// lowest or highest value (numeric_limits): ±inf become the largest finite floats.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <optional>

#include "core/half.h"
#include "kernels/binary.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Elements per pass of Clip's two, where it has no one-pass loop (kernels::clamp): 16 KiB, which the
// second pass reads from cache.
constexpr size_t kChunkBytes = 16 * 1024;

class ReluKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    alignas(8) static constexpr unsigned char kZero[8] = {};  // 0 of every type, aligned for any of them
    kernels::max_loops(x.dtype())->vs(x.raw_data(), kZero, y->raw_data(), x.size());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_relu(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new ReluKernel);  // version 1's consumed_inputs is ignored
}

// Relu as a chain's clamp: Max(x, +0) (Relu(-0) is +0).
std::optional<ChainStage> relu_chain_stage(const OpVersion& /*version*/, const Attributes& /*attrs*/, const ChainOperands& operands) {
  if (operands.count != 1) return std::nullopt;
  return ChainClamp{0.0f, std::nullopt};
}

// From this version Clip takes its bounds as optional inputs; before, as the attributes min and max.
constexpr int kBoundsAsInputsFrom = 11;

// Clip-1 and Clip-6's bounds, from their attributes min and max: by default the lowest and highest
// float32 (the float attributes' range).
struct ClipBounds {
  double min, max;
};
Result<ClipBounds> clip_attribute_bounds(const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double min, attrs.get_float("min", -FLT_MAX));
  OW_ASSIGN_OR_RETURN(double max, attrs.get_float("max", FLT_MAX));
  return ClipBounds{min, max};
}

// One bound of Clip: an element of the input's type, or none.
struct Bound {
  bool present = false;
  alignas(8) unsigned char value[8] = {};  // aligned for an element of any type
};

class ClipKernel final : public Kernel {
 public:
  // Versions 1 and 6 take the bounds as attributes (min, max); later ones as optional inputs.
  ClipKernel(bool attribute_bounds, double min, double max)
      : attribute_bounds_(attribute_bounds), min_(min), max_(max) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Bound lo, hi;
    if (attribute_bounds_) {
      lo = attribute_bound(x.dtype(), min_);
      hi = attribute_bound(x.dtype(), max_);
    } else {
      OW_RETURN_IF_ERROR(input_bound(inputs, 1, "min", lo));
      OW_RETURN_IF_ERROR(input_bound(inputs, 2, "max", hi));
      if (!lo.present) lo = float_limit(x.dtype(), false);
      if (!hi.present) hi = float_limit(x.dtype(), true);
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    const auto* from = static_cast<const unsigned char*>(x.raw_data());
    auto* to = static_cast<unsigned char*>(y->raw_data());
    const size_t size = dtype_size(x.dtype()), n = x.size();
    if (!lo.present && !hi.present) {
      if (n > 0) std::memmove(to, from, n * size);
      return Status::Ok();
    }
    if (lo.present && hi.present && kernels::clamp(x.dtype(), from, lo.value, hi.value, to, n)) return Status::Ok();
    const kernels::BinaryLoops& max = *kernels::max_loops(x.dtype());
    const kernels::BinaryLoops& min = *kernels::min_loops(x.dtype());
    const size_t chunk = lo.present && hi.present ? kChunkBytes / size : n;
    for (size_t begin = 0; begin < n; begin += chunk) {
      const size_t m = std::min(chunk, n - begin), at = begin * size;
      const unsigned char* source = from + at;
      if (lo.present) {
        max.vs(source, lo.value, to + at, m);
        source = to + at;
      }
      if (hi.present) min.vs(source, hi.value, to + at, m);
    }
    return Status::Ok();
  }

 private:
  // An attribute's value (a float) as an element of `type` (one of the float types).
  static Bound attribute_bound(DType type, double v) {
    Bound b;
    b.present = true;
    visit_dtype<float, double, Float16>(type, [&](auto element) {
      using T = decltype(element);
      T t;
      if constexpr (std::is_same_v<T, Float16>) t = f16_from_f32(static_cast<float>(v));
      else t = static_cast<T>(v);
      std::memcpy(b.value, &t, sizeof t);
    });
    return b;
  }

  // The lowest or highest finite value of a float type, an omitted bound from version 11. An integer
  // type's limits clamp nothing: no bound.
  static Bound float_limit(DType type, bool high) {
    Bound b;
    const auto set = [&b](auto v) {
      b.present = true;
      std::memcpy(b.value, &v, sizeof v);
    };
    switch (type) {
      case DType::kFloat32: set(high ? FLT_MAX : -FLT_MAX); break;
      case DType::kFloat64: set(high ? DBL_MAX : -DBL_MAX); break;
      case DType::kFloat16: set(static_cast<uint16_t>(high ? 0x7bff : 0xfbff)); break;  // ±65504
      case DType::kBFloat16: set(static_cast<uint16_t>(high ? 0x7f7f : 0xff7f)); break;  // ±3.3895e38
      default: break;
    }
    return b;
  }

  static Status input_bound(const Inputs& inputs, size_t index, const char* name, Bound& bound) {
    if (index >= inputs.size() || inputs[index] == nullptr) return Status::Ok();
    const Tensor& t = *inputs[index];
    if (t.size() != 1)
      return InvalidArgument(std::string("input '") + name + "' must be a scalar, not of shape " + dims_to_string(t.dims()));
    bound.present = true;
    std::memcpy(bound.value, t.raw_data(), dtype_size(t.dtype()));
    return Status::Ok();
  }

  bool attribute_bounds_;
  double min_, max_;
};

Result<std::unique_ptr<Kernel>> make_clip(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ClipBounds bounds, clip_attribute_bounds(attrs));
  return std::unique_ptr<Kernel>(new ClipKernel(version < kBoundsAsInputsFrom, bounds.min, bounds.max));
}

// Clip as a chain's clamp, with both bounds: the attributes' (not NaN), or the constant inputs', an
// absent one being float32's lowest or highest value, as the Clip kernel takes it.
std::optional<ChainStage> clip_chain_stage(const OpVersion& version, const Attributes& attrs, const ChainOperands& operands) {
  if (operands.chained != 0) return std::nullopt;
  if (version.since_version >= kBoundsAsInputsFrom)
    return ChainClamp{operands.constants[1].value_or(-FLT_MAX), operands.constants[2].value_or(FLT_MAX)};
  const Result<ClipBounds> bounds = clip_attribute_bounds(attrs);
  if (!bounds.ok() || std::isnan(bounds.value().min) || std::isnan(bounds.value().max)) return std::nullopt;
  return ChainClamp{static_cast<float>(bounds.value().min), static_cast<float>(bounds.value().max)};
}

// 1 has consumed_inputs, 6 drops it, 13 adds bfloat16, 14 the signed integers.
constexpr auto kReluTypes14 = with(kFloatTypesBf16, DType::kInt8, DType::kInt16, DType::kInt32, DType::kInt64);
constexpr OpVersion kReluVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kConsumedInputs},
                                       {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = {}},
                                       {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = {}},
                                       {.since_version = 14, .types = type_t<kReluTypes14>, .attributes = {}}};

// 1 has min, max and consumed_inputs, 6 drops consumed_inputs, 11 takes min and max as optional
// inputs, 12 adds the integer types, 13 bfloat16.
constexpr std::array<AttributeSpec, 2> kClipAttributes6 = {{{"max", AttrKind::kFloat, "3.402823e+38"}, {"min", AttrKind::kFloat, "-3.402823e+38"}}};
constexpr auto kClipAttributes1 = with(kClipAttributes6, kConsumedInputs[0]);
constexpr Param kClipInputs1[] = {{"input", "T"}};
constexpr Param kClipInputs11[] = {{"input", "T"}, {"min", "T", Param::Arity::kOptional}, {"max", "T", Param::Arity::kOptional}};
constexpr Param kClipOutputs[] = {{"output", "T"}};
constexpr OpVersion kClipVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kClipAttributes1},
    {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kClipAttributes6},
    {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = {}, .inputs = kClipInputs11},
    {.since_version = 12, .types = type_t<kNumericTypes>, .attributes = {}, .inputs = kClipInputs11},
    {.since_version = 13, .types = type_t<kAllTypes>, .attributes = {}, .inputs = kClipInputs11}};

}  // namespace

constexpr OpSchema kReluSchema{.name = "Relu",
                               .inputs = kUnaryInputs,
                               .outputs = kUnaryOutputs,
                               .versions = kReluVersions,
                               .make_kernel = make_relu,
                               .elementwise = true,
                               .chain_stage = relu_chain_stage};

constexpr OpSchema kClipSchema{.name = "Clip",
                               .inputs = kClipInputs1,
                               .outputs = kClipOutputs,
                               .versions = kClipVersions,
                               .make_kernel = make_clip,
                               .elementwise = true,
                               .chain_stage = clip_chain_stage};

}  // namespace ow
