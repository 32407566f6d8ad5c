// Reshape, Flatten, Squeeze and Unsqueeze: the output is the input's elements in their order under
// another shape. Each operator's versions say only how that shape is found; one kernel base gives the
// output. When the input owns its memory (in a graph: another node's output or an initializer), the
// output shares it (Tensor::with_dims, reference-counted): nothing is copied. A borrowed input (the
// inputs of ops.* and a session's feeds, memory the caller may free or change after the call) is
// copied, as is any input into an output the caller placed (ops.* options.out).
#include <algorithm>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>

#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ShapeOnlyKernel : public Kernel {
 public:
  bool reshapes() const final { return true; }
  Status reshaped_dims(const Inputs& inputs, Dims& dims) const final { return output_dims(inputs, dims); }
  Status compute(const Inputs& inputs, Outputs& outputs) const final {
    const Tensor& x = *inputs[0];
    Dims dims;
    OW_RETURN_IF_ERROR(output_dims(inputs, dims));
    if (outputs.empty() && x.owns_data()) {
      outputs.push_back(x.with_dims(std::move(dims)));
      return Status::Ok();
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    if (x.size() != 0) std::memcpy(y->raw_data(), x.raw_data(), x.byte_size());
    return Status::Ok();
  }

 protected:
  // Writes the output's shape, of as many elements as input 0, into `dims` (not input 0's own).
  virtual Status output_dims(const Inputs& inputs, Dims& dims) const = 0;
};

using Int64s = std::span<const int64_t>;

std::string ints_to_string(Int64s values) { return dims_to_string(Dims(values.begin(), values.end())); }

// The values of an int64 input of rank 1 (or, where `scalar_ok`, 0) that lists axes or a shape.
Result<Int64s> int64_list(const Tensor& t, std::string_view name, bool scalar_ok) {
  if (t.rank() > 1 || (t.rank() == 0 && !scalar_ok))
    return InvalidArgument("input '" + std::string(name) + "' must be a 1-D tensor" + (scalar_ok ? " or a scalar" : "") +
                           ", got shape " + dims_to_string(t.dims()));
  return Int64s(t.data<int64_t>(), t.size());
}

Result<bool> flag(const Attributes& attrs, std::string_view name) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, 0));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

// The axes a node lists: whether it lists any, their values, and where from.
struct AxisList {
  bool given = false;
  Int64s values;
  const char* source = "";  // "attribute 'axes'", "input 'axes'"
  // How messages name the list: "attribute 'axes' [0,-1]".
  std::string what() const { return std::string(source) + " " + ints_to_string(values); }
};

// Marks the listed axes of a tensor of rank `rank` in `listed` (1, else 0; resized to `rank`): each
// in [0, rank) or, where `negative`, [-rank, rank) counting from the back; none twice. rank_of()
// names the tensor in messages.
template <typename RankOf>
Status mark_axes(const AxisList& axes, size_t rank, bool negative, const RankOf& rank_of, Dims& listed) {
  const auto r = static_cast<int64_t>(rank);
  listed.assign(rank, 0);
  for (int64_t a : axes.values) {
    if (a < (negative ? -r : 0) || a >= r)
      return InvalidArgument(axes.what() + " has axis " + std::to_string(a) + ", out of range for " + rank_of() + " (valid: " +
                             (negative ? std::to_string(-r) : std::string("0")) + " to " + std::to_string(r - 1) + ")");
    const auto k = static_cast<size_t>(a < 0 ? a + r : a);
    if (listed[k]) return InvalidArgument(axes.what() + " lists axis " + std::to_string(k) + " more than once");
    listed[k] = 1;
  }
  return Status::Ok();
}

// ---- Reshape

// Saturating product of dims: above kMaxTensorBytes is kMaxTensorBytes + 1.
uint64_t product(const Dims& dims) {
  uint64_t n = 1;
  for (int64_t d : dims) {
    const auto v = static_cast<uint64_t>(d);
    n = (v != 0 && n > (kMaxTensorBytes + 1) / v) ? kMaxTensorBytes + 1 : std::min<uint64_t>(n * v, kMaxTensorBytes + 1);
  }
  return n;
}

class ReshapeKernel final : public ShapeOnlyKernel {
 public:
  ReshapeKernel(std::vector<int64_t> shape_attribute, bool allowzero)
      : shape_attribute_(std::move(shape_attribute)), from_input_(false), allowzero_(allowzero) {}
  explicit ReshapeKernel(bool allowzero) : from_input_(true), allowzero_(allowzero) {}

 private:
  Status output_dims(const Inputs& inputs, Dims& dims) const override {
    if (!from_input_) return resolve(inputs[0]->dims(), shape_attribute_, "attribute 'shape'", dims);
    OW_ASSIGN_OR_RETURN(Int64s shape, int64_list(*inputs[1], "shape", false));
    return resolve(inputs[0]->dims(), shape, "input 'shape'", dims);
  }

  // The output shape for `shape` as ONNX reads it: 0 copies the input's dim at its index (unless
  // allowzero), one -1 is whatever makes the element counts equal.
  Status resolve(const Dims& in, Int64s shape, const char* what, Dims& out) const {
    const auto named = [&] { return std::string(what) + " " + ints_to_string(shape); };
    out.resize(shape.size());  // every dim written below
    size_t infer = shape.size();  // the -1's index, if any
    bool has_zero = false;
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t v = shape[i];
      if (v == -1) {
        if (infer != shape.size()) return InvalidArgument(named() + " has more than one -1");
        infer = i;
        v = 1;
      } else if (v < -1) {
        return InvalidArgument(named() + " has " + std::to_string(v) + " at index " + std::to_string(i) + " (dims are at least -1)");
      } else if (v == 0) {
        has_zero = true;
        if (!allowzero_) {
          if (i >= in.size())
            return InvalidArgument(named() + " has 0 at index " + std::to_string(i) + ", which copies the input's dim there, but input 'data' of shape " +
                                   dims_to_string(in) + " has rank " + std::to_string(in.size()));
          v = in[i];
        }
      } else if (static_cast<uint64_t>(v) > kMaxTensorBytes) {
        return InvalidArgument(named() + " has " + std::to_string(v) + " at index " + std::to_string(i) + ", more than any tensor can have");
      }
      out[i] = v;
    }
    if (allowzero_ && has_zero && infer != shape.size())
      return InvalidArgument(named() + " has both 0 and -1, which allowzero = 1 makes ambiguous");
    const uint64_t count = product(in);
    const uint64_t known = product(out);
    if (infer != shape.size()) {
      if (known == 0 || count % known != 0)
        return InvalidArgument("cannot reshape input 'data' of shape " + dims_to_string(in) + " (" + std::to_string(count) +
                               " elements) to " + named() + ": no size for -1 makes the element counts equal");
      out[infer] = static_cast<int64_t>(count / known);
    } else if (known != count) {
      return InvalidArgument("cannot reshape input 'data' of shape " + dims_to_string(in) + " (" + std::to_string(count) +
                             " elements) to " + named() + " (" + (known > kMaxTensorBytes ? std::string("more") : std::to_string(known)) + " elements)");
    }
    return Status::Ok();
  }

  std::vector<int64_t> shape_attribute_;  // Reshape-1
  bool from_input_;
  bool allowzero_;
};

// From this version Reshape reads the shape from its second input; before, from the attribute shape.
constexpr int kShapeAsInputFrom = 5;

Result<std::unique_ptr<Kernel>> make_reshape(int version, const Attributes& attrs) {
  if (version < kShapeAsInputFrom) {  // consumed_inputs, a legacy hint, is ignored
    bool has_shape = false;
    OW_ASSIGN_OR_RETURN(std::vector<int64_t> shape, attrs.get_ints("shape", &has_shape));
    if (!has_shape) return InvalidArgument("attribute 'shape' is required");
    return std::unique_ptr<Kernel>(new ReshapeKernel(std::move(shape), false));
  }
  bool allowzero = false;
  if (version >= 14) {
    OW_ASSIGN_OR_RETURN(allowzero, flag(attrs, "allowzero"));
  }
  return std::unique_ptr<Kernel>(new ReshapeKernel(allowzero));
}

// ---- Flatten

class FlattenKernel final : public ShapeOnlyKernel {
 public:
  FlattenKernel(int64_t axis, bool negative) : axis_(axis), negative_(negative) {}

 private:
  Status output_dims(const Inputs& inputs, Dims& dims) const override {
    const Tensor& x = *inputs[0];
    const Dims& in = x.dims();
    const auto r = static_cast<int64_t>(in.size());
    if (axis_ < (negative_ ? -r : 0) || axis_ > r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input 'input' of shape " + dims_to_string(in) +
                             " (valid: " + (negative_ ? std::to_string(-r) : std::string("0")) + " to " + std::to_string(r) + ")");
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
    size_t outer = 1, inner;
    if (x.size() != 0) {  // each part's product is at most the input's element count
      for (size_t k = 0; k < axis; ++k) outer *= static_cast<size_t>(in[k]);
      inner = x.size() / outer;
    } else {  // a part beside a 0 may be too large to count: element_count() says so
      OW_ASSIGN_OR_RETURN(outer, element_count(Dims(in.begin(), in.begin() + axis)));
      OW_ASSIGN_OR_RETURN(inner, element_count(Dims(in.begin() + axis, in.end())));
    }
    dims.assign({static_cast<int64_t>(outer), static_cast<int64_t>(inner)});
    return Status::Ok();
  }

  int64_t axis_;
  bool negative_;
};

Result<std::unique_ptr<Kernel>> make_flatten(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", 1));
  return std::unique_ptr<Kernel>(new FlattenKernel(axis, version >= 11));
}

// ---- Squeeze and Unsqueeze: axes as an attribute (versions 1 and 11; negative from 11), then as an
// input (13 on; Squeeze's optional).

class AxesKernel : public ShapeOnlyKernel {
 public:
  AxesKernel(int version, bool has_axes, std::vector<int64_t> axes)
      : negative_(version >= 11), from_input_(version >= 13), has_axes_(has_axes), axes_(std::move(axes)) {}

 protected:
  // Writes the output shape for an input of shape `in` and the listed axes into `out`.
  virtual Status apply(const Dims& in, const AxisList& axes, Dims& out) const = 0;

  bool negative_;

 private:
  Status output_dims(const Inputs& inputs, Dims& dims) const final {
    AxisList axes;
    if (!from_input_) {
      axes = {has_axes_, axes_, "attribute 'axes'"};
    } else if (inputs.size() > 1 && inputs[1] != nullptr) {
      OW_ASSIGN_OR_RETURN(Int64s values, int64_list(*inputs[1], "axes", true));
      axes = {true, values, "input 'axes'"};
    }
    return apply(inputs[0]->dims(), axes, dims);
  }

  bool from_input_, has_axes_;
  std::vector<int64_t> axes_;  // the attribute
};

class SqueezeKernel final : public AxesKernel {
 public:
  using AxesKernel::AxesKernel;

 private:
  // Listed axes (which must be 1s) are dropped; with none listed, every 1 is. An empty list, given,
  // drops nothing, as ONNX's reference and shape inference read it.
  Status apply(const Dims& in, const AxisList& axes, Dims& out) const override {
    // out first marks the axes to drop, then, from its start, takes the dims kept (never ahead of the
    // marks still to read).
    const auto data = [&] { return "input 'data' of shape " + dims_to_string(in); };
    if (axes.given) {
      OW_RETURN_IF_ERROR(mark_axes(axes, in.size(), negative_, data, out));
    } else {
      out.resize(in.size());
      for (size_t k = 0; k < in.size(); ++k) out[k] = in[k] == 1;
    }
    size_t kept = 0;
    for (size_t k = 0; k < in.size(); ++k) {
      if (axes.given && out[k] && in[k] != 1)
        return InvalidArgument(axes.what() + " lists axis " + std::to_string(k) + ", of size " + std::to_string(in[k]) + " in " +
                               data() + "; only axes of size 1 can be squeezed");
      if (!out[k]) out[kept++] = in[k];
    }
    out.resize(kept);
    return Status::Ok();
  }
};

class UnsqueezeKernel final : public AxesKernel {
 public:
  using AxesKernel::AxesKernel;

 private:
  // Axes are those of the output, whose rank is the input's plus their count; the input's dims fill
  // the others in order.
  Status apply(const Dims& in, const AxisList& axes, Dims& out) const override {
    const size_t rank = in.size() + axes.values.size();
    const auto output = [&] { return "an output of rank " + std::to_string(rank) + " (input 'data' of shape " + dims_to_string(in) + ")"; };
    OW_RETURN_IF_ERROR(mark_axes(axes, rank, negative_, output, out));  // the inserted axes
    for (size_t k = 0, next = 0; k < rank; ++k) out[k] = out[k] ? 1 : in[next++];
    return Status::Ok();
  }
};

template <typename K>
Result<std::unique_ptr<Kernel>> make_axes_kernel(int version, const Attributes& attrs) {
  bool has_axes = false;
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> axes, attrs.get_ints("axes", &has_axes));
  if (std::is_same_v<K, UnsqueezeKernel> && version < 13 && !has_axes) return InvalidArgument("attribute 'axes' is required");
  return std::unique_ptr<Kernel>(new K(version, has_axes, std::move(axes)));
}

constexpr TypeConstraint kNumericInt64[] = {{"T", kAnyTypesNoBf16}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kAllInt64[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr int kSince13[] = {13, 21, 23, 24, 25};

// 1: shape as an attribute (and consumed_inputs); 5: shape as an input, every type but bfloat16 (bool
// too); 13
// adds bfloat16; 14 allowzero; 19, 21, 23, 24 and 25 add only types the runtime does not have.
constexpr AttributeSpec kReshapeAttributes1[] = {kConsumedInputs[0], {"shape", AttrKind::kInts, {}, {}, true}};
constexpr AttributeSpec kAllowZero[] = {{"allowzero", AttrKind::kFlag, "0"}};
constexpr Param kReshapeInputs1[] = {{"data", "T"}};
constexpr auto kReshapeVersions = concat(
    std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kReshapeAttributes1, .inputs = kReshapeInputs1},
                              {.since_version = 5, .types = kNumericInt64, .attributes = {}},
                              {.since_version = 13, .types = kAllInt64, .attributes = {}}}),
    same_versions({14, 19, 21, 23, 24, 25}, {.types = kAllInt64, .attributes = kAllowZero}));
constexpr Param kReshapeInputs[] = {{"data", "T"}, {"shape", "tensor(int64)"}};
constexpr Param kReshapeOutputs[] = {{"reshaped", "T"}};

// 9 takes every type but bfloat16; 11 allows a negative axis; 13 adds bfloat16.
constexpr AttributeSpec kAxis[] = {{"axis", AttrKind::kInt, "1"}};
constexpr auto kFlattenVersions = concat(std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAxis},
                                                                   {.since_version = 9, .types = type_t<kAnyTypesNoBf16>, .attributes = kAxis},
                                                                   {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kAxis}}),
                                         same_versions(kSince13, {.types = type_t<kAnyTypes>, .attributes = kAxis}));
constexpr Param kFlattenInputs[] = {{"input", "T"}};
constexpr Param kFlattenOutputs[] = {{"output", "T"}};

// Squeeze's and Unsqueeze's versions: 11 allows negative axes; 13 takes axes as an input (their
// schemas say whether it is optional) and adds bfloat16.
constexpr AttributeSpec kAxes[] = {{"axes", AttrKind::kInts}};
constexpr Param kDataOnly[] = {{"data", "T"}};
constexpr auto kAxesVersions =
    concat(std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = kAxes, .inputs = kDataOnly},
                                     {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kAxes, .inputs = kDataOnly}}),
           same_versions(kSince13, {.types = kAllInt64, .attributes = {}}));
constexpr Param kSqueezeInputs[] = {{"data", "T"}, {"axes", "tensor(int64)", Param::Arity::kOptional}};
constexpr Param kSqueezeOutputs[] = {{"squeezed", "T"}};
constexpr Param kUnsqueezeInputs[] = {{"data", "T"}, {"axes", "tensor(int64)"}};
constexpr Param kUnsqueezeOutputs[] = {{"expanded", "T"}};

}  // namespace

std::optional<size_t> shape_input(const PreparedOp& op) {
  if (&op.schema() != &kReshapeSchema || op.version().since_version < kShapeAsInputFrom) return std::nullopt;
  return 1;
}

constexpr OpSchema kReshapeSchema{
    .name = "Reshape", .inputs = kReshapeInputs, .outputs = kReshapeOutputs, .versions = kReshapeVersions, .make_kernel = make_reshape};

constexpr OpSchema kFlattenSchema{
    .name = "Flatten", .inputs = kFlattenInputs, .outputs = kFlattenOutputs, .versions = kFlattenVersions, .make_kernel = make_flatten};

constexpr OpSchema kSqueezeSchema{.name = "Squeeze",
                                  .inputs = kSqueezeInputs,
                                  .outputs = kSqueezeOutputs,
                                  .versions = kAxesVersions,
                                  .make_kernel = make_axes_kernel<SqueezeKernel>};

constexpr OpSchema kUnsqueezeSchema{.name = "Unsqueeze",
                                    .inputs = kUnsqueezeInputs,
                                    .outputs = kUnsqueezeOutputs,
                                    .versions = kAxesVersions,
                                    .make_kernel = make_axes_kernel<UnsqueezeKernel>};

}  // namespace ow
