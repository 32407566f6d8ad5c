// Pad, versions 1, 2, 11, 13, 18, 19, 21, 23, 24, 25. Versions 1 and 2 read the pads (`paddings` in
// version 1) and the value from attributes; from 11 they are inputs, and from 18 an optional axes input
// names the axes the pads apply to. 13 adds bfloat16 (and types this runtime lacks), 19 the mode
// wrap; 21, 23, 24 and 25 add only types this runtime lacks.
//
// As in ONNX's reference (numpy.pad after slicing), negative pads first remove elements from the
// input; the modes then pad what is left: edge repeats its first and last elements, reflect mirrors it
// about them (numpy's reflect, periodic for pads longer than the axis), wrap repeats it as a torus. An
// axis's output is its length plus both pads, valid when that is at least 0, even where a crop removes
// more than the axis has on one side: what is left is then padding, the constant's only.
#include "ops/pad.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "core/half.h"
#include "kernels/pad.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Larger pads are refused: no tensor wasm can hold needs them, and sizes stay far from overflow.
constexpr int64_t kMaxPad = static_cast<int64_t>(kMaxTensorBytes);

// From this version the pads and the constant are inputs; before, attributes.
constexpr int kPadsAsInputsFrom = 11;

const char* mode_name(PadMode mode) {
  switch (mode) {
    case PadMode::kConstant: return "constant";
    case PadMode::kReflect: return "reflect";
    case PadMode::kEdge: return "edge";
    case PadMode::kWrap: return "wrap";
  }
  return "";
}

// The bits of `value` as an element of the float type `type`. The attribute is a float32 in a model, so
// a value from JS options is first rounded to float32 as a model would store it.
uint64_t float_bits(DType type, double value) {
  uint64_t bits = 0;
  visit_dtype<float, double, Float16, BFloat16>(type, [&](auto element) __attribute__((always_inline)) {
    using T = decltype(element);
    T v;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) v = static_cast<T>(static_cast<float>(value));
    else v = half_from_f32<T>(static_cast<float>(value));
    std::memcpy(&bits, &v, sizeof v);
  });
  return bits;
}

// Integer values of a 1-D int32 or int64 input.
std::vector<int64_t> int_values(const Tensor& t) {
  std::vector<int64_t> v(t.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = t.dtype() == DType::kInt32 ? t.data<int32_t>()[i] : t.data<int64_t>()[i];
  return v;
}

}  // namespace

Result<PadAttributes> parse_pad_attributes(int version, const Attributes& attrs) {
  PadAttributes p;
  p.version = version;
  OW_ASSIGN_OR_RETURN(std::string mode, attrs.get_string("mode", "constant"));
  if (mode == "constant") p.mode = PadMode::kConstant;
  else if (mode == "reflect") p.mode = PadMode::kReflect;
  else if (mode == "edge") p.mode = PadMode::kEdge;
  else if (mode == "wrap" && version >= 19) p.mode = PadMode::kWrap;
  else
    return InvalidArgument("attribute 'mode' must be constant, reflect" + std::string(version >= 19 ? ", edge or wrap" : " or edge") +
                           ", got '" + mode + "'" + (mode == "wrap" ? " (wrap is defined from version 19)" : ""));
  if (version < kPadsAsInputsFrom) {
    const char* pads_name = version == 1 ? "paddings" : "pads";
    bool present = false;
    OW_ASSIGN_OR_RETURN(p.pads, attrs.get_ints(pads_name, &present));
    if (!present) return InvalidArgument(std::string("attribute '") + pads_name + "' is required");
    OW_ASSIGN_OR_RETURN(p.value, attrs.get_float("value", 0.0));
  }
  return p;
}

namespace {

// Pads given per axis: those of every axis of an input of some rank, and where they came from.
struct AxisPads {
  std::vector<int64_t> begin, end;
  std::string source;  // the attribute or input the pads came from, for messages
};

// The pads of each axis of an input of rank `rank`, from the attributes (versions 1 and 2) or the pads
// and axes inputs, checked for the rank and against the largest pad. The input's dims are
// resolve_pad's to check.
Result<AxisPads> pads_by_axis(const PadAttributes& attrs, size_t rank, const Tensor* pads, const Tensor* axes) {
  AxisPads result;
  std::vector<int64_t> values;
  if (attrs.version < kPadsAsInputsFrom) {
    values = attrs.pads;
    result.source = attrs.version == 1 ? "attribute 'paddings'" : "attribute 'pads'";
  } else {
    result.source = "input 'pads'";
    if (pads->rank() != 1) return InvalidArgument("input 'pads' must be 1-D, got shape " + dims_to_string(pads->dims()));
    values = int_values(*pads);
  }
  // The axes the pads apply to: every axis, or those of the axes input (version 18).
  std::vector<size_t> axis_list;
  if (axes) {
    if (axes->rank() != 1) return InvalidArgument("input 'axes' must be 1-D, got shape " + dims_to_string(axes->dims()));
    std::vector<uint8_t> seen(rank, 0);
    for (int64_t a : int_values(*axes)) {
      const int64_t r = static_cast<int64_t>(rank);
      if (a < -r || a >= r)
        return InvalidArgument("input 'axes' has " + std::to_string(a) + ", out of range for input data of rank " + std::to_string(rank) +
                               " (accepted: [" + std::to_string(-r) + ", " + std::to_string(r - 1) + "])");
      const auto axis = static_cast<size_t>(a < 0 ? a + r : a);
      if (seen[axis]) return InvalidArgument("input 'axes' names axis " + std::to_string(axis) + " twice: " + dims_to_string(int_values(*axes)));
      seen[axis] = 1;
      axis_list.push_back(axis);
    }
  } else {
    for (size_t i = 0; i < rank; ++i) axis_list.push_back(i);
  }
  const size_t n = axis_list.size();
  if (values.size() != 2 * n)
    return InvalidArgument(result.source + " has " + std::to_string(values.size()) + " values but needs " + std::to_string(2 * n) +
                           " (a begin and an end for each of the " + std::to_string(n) +
                           (axes ? " axes in input 'axes')" : " axes of input data)"));
  result.begin.assign(rank, 0);
  result.end.assign(rank, 0);
  for (size_t i = 0; i < n; ++i) {
    const int64_t b = values[i], e = values[i + n];
    if (b < -kMaxPad || b > kMaxPad || e < -kMaxPad || e > kMaxPad)
      return InvalidArgument(result.source + " has a value too large: " + dims_to_string(values));
    result.begin[axis_list[i]] = b;
    result.end[axis_list[i]] = e;
  }
  return result;
}

}  // namespace

Result<PadSpec> resolve_pad(const PadAttributes& attrs, DType type, const Dims& dims, const Tensor* pads,
                            const Tensor* constant_value, const Tensor* axes) {
  const size_t rank = dims.size();
  PadSpec spec;
  spec.mode = attrs.mode;
  if (attrs.version < kPadsAsInputsFrom) {
    spec.constant = float_bits(type, attrs.value);
  } else if (constant_value) {
    if (constant_value->size() != 1)
      return InvalidArgument("input 'constant_value' must hold one value, got shape " + dims_to_string(constant_value->dims()));
    std::memcpy(&spec.constant, constant_value->raw_data(), dtype_size(type));
  }
  OW_ASSIGN_OR_RETURN(AxisPads by_axis, pads_by_axis(attrs, rank, pads, axes));
  for (size_t axis = 0; axis < rank; ++axis) {
    const int64_t b = by_axis.begin[axis], e = by_axis.end[axis];
    const int64_t removed = -std::min<int64_t>(b, 0) - std::min<int64_t>(e, 0), added = std::max<int64_t>(b, 0) + std::max<int64_t>(e, 0);
    if (dims[axis] + b + e < 0)
      return InvalidArgument(by_axis.source + " removes " + std::to_string(removed) + " elements from axis " + std::to_string(axis) +
                             " of input data of shape " + dims_to_string(dims) + ", which has " + std::to_string(dims[axis]) +
                             (added ? " and gains " + std::to_string(added) : std::string()));
    // The output is the axis's length plus both pads: a crop may remove more than the axis has on one
    // side where the other side's pad makes up for it; then all that is left is padding.
    if (dims[axis] - removed <= 0 && spec.mode != PadMode::kConstant && dims[axis] + b + e > 0)
      return InvalidArgument(std::string("mode '") + mode_name(spec.mode) + "' cannot pad axis " + std::to_string(axis) +
                             ", which has no elements" + (dims[axis] ? " left after the negative pads" : "") + " (input data of shape " +
                             dims_to_string(dims) + ")");
  }
  spec.begin = std::move(by_axis.begin);
  spec.end = std::move(by_axis.end);
  return spec;
}

namespace {

// A node's pads known before it runs, of the type Pad takes (int64), else null.
const Tensor* int64_pads(const Tensor* pads) { return pads && pads->dtype() == DType::kInt64 ? pads : nullptr; }

}  // namespace

bool pads_nothing(const PreparedOp& pad, const Attributes& attrs, const Tensor* pads) {
  if (&pad.schema() != &kPadSchema) return false;
  const Result<PadAttributes> parsed = parse_pad_attributes(pad.version().since_version, attrs);
  if (!parsed.ok()) return false;
  std::vector<int64_t> values = parsed.value().pads;
  if (parsed.value().version >= kPadsAsInputsFrom) {
    if (!int64_pads(pads)) return false;
    values = int_values(*pads);
  }
  return std::all_of(values.begin(), values.end(), [](int64_t v) { return v == 0; });
}

std::optional<std::vector<int64_t>> zero_pads(const PreparedOp& pad, const Attributes& attrs, size_t rank, const Tensor* pads,
                                              const Tensor* constant_value, const Tensor* axes) {
  if (&pad.schema() != &kPadSchema) return std::nullopt;
  const Result<PadAttributes> parsed = parse_pad_attributes(pad.version().since_version, attrs);
  if (!parsed.ok() || parsed.value().mode != PadMode::kConstant) return std::nullopt;
  const PadAttributes& a = parsed.value();
  if (a.version < kPadsAsInputsFrom) {
    // +0 as float32 is +0 in every float type (the only types these versions pad).
    if (float_bits(DType::kFloat32, a.value) != 0) return std::nullopt;
  } else {
    if (!int64_pads(pads) || (axes && axes->dtype() != DType::kInt64 && axes->dtype() != DType::kInt32)) return std::nullopt;
    if (constant_value) {
      const auto* bytes = static_cast<const unsigned char*>(constant_value->raw_data());
      if (constant_value->size() != 1 || std::any_of(bytes, bytes + constant_value->byte_size(), [](unsigned char b) { return b != 0; }))
        return std::nullopt;
    }
  }
  const Result<AxisPads> by_axis = pads_by_axis(a, rank, pads, axes);
  if (!by_axis.ok()) return std::nullopt;
  std::vector<int64_t> both = by_axis.value().begin;
  both.insert(both.end(), by_axis.value().end.begin(), by_axis.value().end.end());
  return both;
}

namespace {

class PadKernel final : public Kernel {
 public:
  explicit PadKernel(PadAttributes attrs) : attrs_(std::move(attrs)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const auto input = [&](size_t i) { return i < inputs.size() ? inputs[i] : nullptr; };
    OW_ASSIGN_OR_RETURN(PadSpec spec, resolve_pad(attrs_, x.dtype(), x.dims(), input(1), input(2), input(3)));
    std::vector<kernels::PadAxis> axes(x.rank());
    Dims y_dims(x.rank());
    for (size_t d = 0; d < x.rank(); ++d) {
      const int64_t b = spec.begin[d], e = spec.end[d];
      const int64_t kept = x.dims()[d] + std::min<int64_t>(b, 0) + std::min<int64_t>(e, 0);
      kernels::PadAxis& ax = axes[d];
      ax.input_size = static_cast<size_t>(x.dims()[d]);
      if (kept >= 0) {
        ax.first = static_cast<size_t>(-std::min<int64_t>(b, 0));
        ax.kept = static_cast<size_t>(kept);
        ax.begin = static_cast<size_t>(std::max<int64_t>(b, 0));
        ax.end = static_cast<size_t>(std::max<int64_t>(e, 0));
      } else {  // a crop past the axis: what is left is padding (constant mode only, resolve_pad)
        ax.begin = static_cast<size_t>(x.dims()[d] + b + e);
      }
      y_dims[d] = static_cast<int64_t>(ax.output_size());
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    kernels::pad(axes, static_cast<kernels::PadFill>(spec.mode), dtype_size(x.dtype()), &spec.constant, x.raw_data(), y->raw_data());
    return Status::Ok();
  }

  // The padded shape, checked as compute() checks it: a graph makes a Pad of all-zero pads a view of
  // its input (onnx/graph_optimizer.h), which still refuses what Pad refuses.
  Status reshaped_dims(const Inputs& inputs, Dims& dims) const override {
    const Tensor& x = *inputs[0];
    const auto input = [&](size_t i) { return i < inputs.size() ? inputs[i] : nullptr; };
    OW_ASSIGN_OR_RETURN(PadSpec spec, resolve_pad(attrs_, x.dtype(), x.dims(), input(1), input(2), input(3)));
    dims = x.dims();
    for (size_t d = 0; d < dims.size(); ++d) dims[d] += spec.begin[d] + spec.end[d];
    return Status::Ok();
  }

 private:
  PadAttributes attrs_;
};

Result<std::unique_ptr<Kernel>> make_pad(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(PadAttributes parsed, parse_pad_attributes(version, attrs));
  return std::unique_ptr<Kernel>(new PadKernel(std::move(parsed)));
}

static_assert(static_cast<int>(kernels::PadFill::kWrap) == static_cast<int>(PadMode::kWrap) &&
              static_cast<int>(kernels::PadFill::kReflect) == static_cast<int>(PadMode::kReflect) &&
              static_cast<int>(kernels::PadFill::kEdge) == static_cast<int>(PadMode::kEdge));

constexpr Param kPadInputs1[] = {{"data", "T"}};
constexpr std::array<Param, 3> kPadInputs11 = {{{"data", "T"}, {"pads", "tensor(int64)"}, {"constant_value", "T", Param::Arity::kOptional}}};
constexpr auto kPadInputs18 = with(kPadInputs11, Param{"axes", "Tind", Param::Arity::kOptional});
constexpr Param kPadOutputs[] = {{"output", "T"}};

constexpr TypeConstraint kPadTypes11[] = {{"T", kNumericTypes}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kPadTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kPadTypes18[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}, {"Tind", kIndexTypes}};
constexpr std::string_view kModes[] = {"constant", "reflect", "edge", "wrap"};  // 19 adds wrap
constexpr AttributeSpec kMode[] = {{"mode", AttrKind::kString, "constant", std::span(kModes, 3)}};
constexpr AttributeSpec kMode19[] = {{"mode", AttrKind::kString, "constant", kModes}};
constexpr AttributeSpec kAttributes1[] = {kMode[0], {"paddings", AttrKind::kInts, {}, {}, true}, {"value", AttrKind::kFloat, "0"}};
constexpr AttributeSpec kAttributes2[] = {kMode[0], {"pads", AttrKind::kInts, {}, {}, true}, {"value", AttrKind::kFloat, "0"}};
constexpr auto kPadVersions =
    concat(std::to_array<OpVersion>(
               {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1, .inputs = kPadInputs1},
                {.since_version = 2, .types = type_t<kFloatTypes>, .attributes = kAttributes2, .inputs = kPadInputs1},
                {.since_version = 11, .types = kPadTypes11, .attributes = kMode, .inputs = kPadInputs11},
                {.since_version = 13, .types = kPadTypes13, .attributes = kMode, .inputs = kPadInputs11},
                {.since_version = 18, .types = kPadTypes18, .attributes = kMode}}),
           same_versions({19, 21, 23, 24, 25}, {.types = kPadTypes18, .attributes = kMode19}));

}  // namespace

constexpr OpSchema kPadSchema{.name = "Pad", .inputs = kPadInputs18, .outputs = kPadOutputs, .versions = kPadVersions, .make_kernel = make_pad};

}  // namespace ow
