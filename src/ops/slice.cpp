// Slice, versions 1, 10, 11, 13: along each listed axis, the elements start, start + step, ... before
// end. Version 1 reads starts, ends and axes from attributes (steps are 1); from 10 they are inputs
// (int32 or int64, one type), with steps; 11 states negative axes (accepted in every version, as
// onnxruntime does); 13 adds bfloat16.
//
// As ONNX states: a negative start or end counts from the back (dim added once); then, for a positive
// step, start and end are clamped to [0, dim], for a negative one start to [0, dim - 1] and end to
// [-1, dim - 1]; the count is ceil((end - start) / step), or 0. So INT64_MAX and INT64_MIN ends mean
// "to the end" and "to the front". A step of 0, an axis out of range or listed twice, and lists of
// different lengths are errors naming the input. The output is a strided copy (kernels/strided.h), or in a
// session a view of the input where it is contiguous in it (contiguous_parts).
#include <algorithm>
#include <string>

#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The values of a 1-D int32 or int64 input, as int64.
Result<std::vector<int64_t>> index_list(const Tensor& t, const char* name) {
  if (t.rank() != 1) return InvalidArgument(std::string("input '") + name + "' must be 1-D, got shape " + dims_to_string(t.dims()));
  std::vector<int64_t> v(t.size());
  for (size_t i = 0; i < v.size(); ++i) v[i] = t.dtype() == DType::kInt32 ? t.data<int32_t>()[i] : t.data<int64_t>()[i];
  return v;
}

// One sliced axis: its first element and, for more than one, the step between them.
struct AxisSlice {
  int64_t start = 0, count = 0, step = 1;
};

// ONNX's clamping rules (above) for one axis of size `dim`; step is not 0.
AxisSlice slice_axis(int64_t start, int64_t end, int64_t step, int64_t dim) {
  if (dim == 0) return {};
  if (start < 0) start += dim;  // no overflow: dim > 0 >= start
  if (end < 0) end += dim;
  AxisSlice s;
  s.step = step;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
    const int64_t span = end - start;  // both in [0, dim]: no overflow
    s.count = span <= 0 ? 0 : static_cast<int64_t>((static_cast<uint64_t>(span) - 1) / static_cast<uint64_t>(step) + 1);
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
    const int64_t span = start - end;
    const uint64_t stride = uint64_t{0} - static_cast<uint64_t>(step);  // |step|, INT64_MIN's too
    s.count = span <= 0 ? 0 : static_cast<int64_t>((static_cast<uint64_t>(span) - 1) / stride + 1);
  }
  s.start = s.count == 0 ? 0 : start;
  if (s.count <= 1) s.step = 1;  // a step beyond the axis moves nowhere: keep the strides small
  return s;
}

struct SliceSpec {
  std::vector<int64_t> starts, ends, axes, steps;
  bool has_axes = false, has_steps = false;
  const char* source = "input";  // "attribute" for version 1, in messages
};

class SliceKernel final : public Kernel {
 public:
  SliceKernel(int version, SliceSpec attrs) : version_(version), attrs_(std::move(attrs)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(const std::vector<AxisSlice> slices, axis_slices(inputs));
    const size_t rank = x.rank();
    Dims dims(rank);
    std::vector<kernels::StridedAxis<1>> axes(rank);
    const unsigned char* first = static_cast<const unsigned char*>(x.raw_data());
    const size_t element = dtype_size(x.dtype());
    ptrdiff_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      dims[d] = slices[d].count;
      axes[d] = {static_cast<size_t>(slices[d].count), {static_cast<ptrdiff_t>(slices[d].step) * stride}};
      first += static_cast<ptrdiff_t>(slices[d].start) * stride * static_cast<ptrdiff_t>(element);
      stride *= static_cast<ptrdiff_t>(x.dims()[d]);
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    if (y->size() != 0) kernels::strided_copy(std::move(axes), element, first, y->raw_data());
    return Status::Ok();
  }

  // The output is one contiguous range of x when, from the last axis back, the axes taken whole in
  // order are followed by one taken with step 1, and every axis before that has one element (or the
  // output has none).
  bool selects_parts() const override { return true; }
  Result<bool> contiguous_parts(const Inputs& inputs, std::vector<Part>& parts) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(const std::vector<AxisSlice> slices, axis_slices(inputs));
    const size_t rank = x.rank();
    parts.resize(1);
    Part& part = parts[0];
    part.dims.resize(rank);
    part.offset = 0;
    bool empty = false;
    for (size_t d = 0; d < rank; ++d) {
      part.dims[d] = slices[d].count;
      empty = empty || slices[d].count == 0;
    }
    if (empty) return true;
    size_t d = rank;
    while (d > 0 && slices[d - 1].count == x.dims()[d - 1] && slices[d - 1].step == 1) --d;
    if (d > 0 && slices[d - 1].step == 1) --d;  // slice_axis makes an axis of one element step 1
    for (size_t k = 0; k < d; ++k)
      if (slices[k].count != 1) return false;
    size_t stride = 1;
    for (size_t k = rank; k-- > 0;) {
      part.offset += static_cast<size_t>(slices[k].start) * stride;
      stride *= static_cast<size_t>(x.dims()[k]);
    }
    return true;
  }

 private:
  // Each axis's slice, for the inputs at hand (version 1: the attributes).
  Result<std::vector<AxisSlice>> axis_slices(const Inputs& inputs) const {
    const Tensor& x = *inputs[0];
    SliceSpec spec;
    if (version_ == 1) {
      spec = attrs_;
    } else {
      spec.source = "input";
      OW_ASSIGN_OR_RETURN(spec.starts, index_list(*inputs[1], "starts"));
      OW_ASSIGN_OR_RETURN(spec.ends, index_list(*inputs[2], "ends"));
      if (inputs.size() > 3 && inputs[3]) {
        OW_ASSIGN_OR_RETURN(spec.axes, index_list(*inputs[3], "axes"));
        spec.has_axes = true;
      }
      if (inputs.size() > 4 && inputs[4]) {
        OW_ASSIGN_OR_RETURN(spec.steps, index_list(*inputs[4], "steps"));
        spec.has_steps = true;
      }
    }
    const std::string src = spec.source;
    const size_t n = spec.starts.size();
    const auto count_error = [&](const char* name, size_t got) {
      return InvalidArgument(src + " '" + name + "' has " + std::to_string(got) + " values but " + src + " 'starts' has " + std::to_string(n));
    };
    if (spec.ends.size() != n) return count_error("ends", spec.ends.size());
    if (spec.has_axes && spec.axes.size() != n) return count_error("axes", spec.axes.size());
    if (spec.has_steps && spec.steps.size() != n) return count_error("steps", spec.steps.size());

    const size_t rank = x.rank();
    const auto r = static_cast<int64_t>(rank);
    std::vector<AxisSlice> slices(rank);
    std::vector<uint8_t> listed(rank, 0);
    for (size_t d = 0; d < rank; ++d) slices[d] = {0, x.dims()[d], 1};
    for (size_t i = 0; i < n; ++i) {
      const int64_t a = spec.has_axes ? spec.axes[i] : static_cast<int64_t>(i);
      if (a < -r || a >= r)
        return InvalidArgument(src + " 'axes' has axis " + std::to_string(a) + ", out of range for input 'data' of shape " +
                               dims_to_string(x.dims()) + " (valid: " + std::to_string(-r) + " to " + std::to_string(r - 1) + ")");
      const auto axis = static_cast<size_t>(a < 0 ? a + r : a);
      if (listed[axis]) return InvalidArgument(src + " 'axes' lists axis " + std::to_string(axis) + " twice");
      listed[axis] = 1;
      const int64_t step = spec.has_steps ? spec.steps[i] : 1;
      if (step == 0) return InvalidArgument("input 'steps' has 0 at position " + std::to_string(i) + "; a step must not be 0");
      slices[axis] = slice_axis(spec.starts[i], spec.ends[i], step, x.dims()[axis]);
    }
    return slices;
  }

  int version_;
  SliceSpec attrs_;  // version 1's
};

Result<std::unique_ptr<Kernel>> make_slice(int version, const Attributes& attrs) {
  SliceSpec spec;
  if (version == 1) {
    spec.source = "attribute";
    bool has_starts = false, has_ends = false;
    OW_ASSIGN_OR_RETURN(spec.starts, attrs.get_ints("starts", &has_starts));
    OW_ASSIGN_OR_RETURN(spec.ends, attrs.get_ints("ends", &has_ends));
    if (!has_starts) return InvalidArgument("attribute 'starts' is required");
    if (!has_ends) return InvalidArgument("attribute 'ends' is required");
    OW_ASSIGN_OR_RETURN(spec.axes, attrs.get_ints("axes", &spec.has_axes));
  }
  return std::unique_ptr<Kernel>(new SliceKernel(version, std::move(spec)));
}

constexpr AttributeSpec kAttributes1[] = {
    {"starts", AttrKind::kInts, {}, {}, true}, {"ends", AttrKind::kInts, {}, {}, true}, {"axes", AttrKind::kInts, "the first ones"}};
constexpr Param kInputs1[] = {{"data", "T"}};
constexpr TypeConstraint kTypes10[] = {{"T", kAnyTypesNoBf16}, {"Tind", kIndexTypes}};
constexpr TypeConstraint kTypes13[] = {{"T", kAnyTypes}, {"Tind", kIndexTypes}};
constexpr OpVersion kVersions[] = {{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = kAttributes1, .inputs = kInputs1},
                                   {.since_version = 10, .types = kTypes10, .attributes = {}},
                                   {.since_version = 11, .types = kTypes10, .attributes = {}},
                                   {.since_version = 13, .types = kTypes13, .attributes = {}}};
constexpr Param kInputs[] = {{"data", "T"},
                             {"starts", "Tind"},
                             {"ends", "Tind"},
                             {"axes", "Tind", Param::Arity::kOptional},
                             {"steps", "Tind", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kSliceSchema{.name = "Slice", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_slice};

}  // namespace ow
