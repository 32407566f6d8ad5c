#include "ops/pool_geometry.h"

#include <algorithm>
#include <string>

namespace ow {
namespace {

// Larger attribute values are refused: it keeps every window computation far from int64 overflow, and
// no tensor wasm can hold needs them.
constexpr int64_t kMaxAttributeValue = INT32_MAX;

// Every value of an ints attribute in [min, kMaxAttributeValue].
Status check_range(std::string_view name, const std::vector<int64_t>& values, int64_t min) {
  for (int64_t v : values) {
    if (v < min)
      return InvalidArgument("attribute '" + std::string(name) + "' must be " + (min > 0 ? "positive" : "non-negative") +
                             ", got " + dims_to_string(values));
    if (v > kMaxAttributeValue)
      return InvalidArgument("attribute '" + std::string(name) + "' has a value too large: " + dims_to_string(values));
  }
  return Status::Ok();
}

// `values` (empty: absent) with `count` values, or `count` copies of `fallback`.
Status fill_axis_values(std::vector<int64_t>& values, std::string_view name, size_t count, int64_t fallback,
                        const char* count_meaning) {
  if (values.empty()) {
    values.assign(count, fallback);
    return Status::Ok();
  }
  if (values.size() != count)
    return InvalidArgument("attribute '" + std::string(name) + "' has " + std::to_string(values.size()) + " values but needs " +
                           std::to_string(count) + " (" + count_meaning + ")");
  return Status::Ok();
}

}  // namespace

Result<std::vector<int64_t>> optional_ints(const Attributes& attrs, std::string_view name, int64_t min) {
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> values, attrs.get_ints(name));
  OW_RETURN_IF_ERROR(check_range(name, values, min));
  return values;
}

Result<bool> flag_attribute(const Attributes& attrs, std::string_view name) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, 0));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

Result<WindowAttributes> WindowAttributes::parse(const Attributes& attrs, WindowAttributeSet set) {
  WindowAttributes w;
  bool has_kernel = false;
  OW_ASSIGN_OR_RETURN(w.kernel_, attrs.get_ints("kernel_shape", &has_kernel));
  if (!has_kernel && set.kernel_required) return InvalidArgument("attribute 'kernel_shape' is required");
  if (has_kernel && w.kernel_.empty())
    return InvalidArgument("attribute 'kernel_shape' is empty; it needs one value per spatial axis");
  OW_RETURN_IF_ERROR(check_range("kernel_shape", w.kernel_, 1));
  OW_ASSIGN_OR_RETURN(w.strides_, optional_ints(attrs, "strides", 1));
  OW_ASSIGN_OR_RETURN(w.pads_, optional_ints(attrs, "pads", 0));
  w.has_pads_ = attrs.has("pads");
  if (set.dilations) {
    OW_ASSIGN_OR_RETURN(w.dilations_, optional_ints(attrs, "dilations", 1));
  }
  if (set.ceil_mode) {
    OW_ASSIGN_OR_RETURN(w.ceil_mode_, flag_attribute(attrs, "ceil_mode"));
  }
  OW_ASSIGN_OR_RETURN(std::string auto_pad, attrs.get_string("auto_pad", "NOTSET"));
  // An empty string is NOTSET, as onnxruntime reads it (its tests and some exporters write it).
  if (auto_pad == "NOTSET" || auto_pad.empty()) w.auto_pad_ = AutoPad::kNotSet;
  else if (auto_pad == "SAME_UPPER") w.auto_pad_ = AutoPad::kSameUpper;
  else if (auto_pad == "SAME_LOWER") w.auto_pad_ = AutoPad::kSameLower;
  else if (auto_pad == "VALID") w.auto_pad_ = AutoPad::kValid;
  else return InvalidArgument("attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got '" + auto_pad + "'");
  if (w.auto_pad_ != AutoPad::kNotSet && w.has_pads_)
    return InvalidArgument("attribute 'pads' cannot be used with auto_pad '" + auto_pad + "'");
  if (has_kernel) return w.with_axes(w.kernel_.size());
  return w;
}

Result<WindowAttributes> WindowAttributes::with_axes(size_t axes, const Dims& kernel) const {
  WindowAttributes w = *this;
  if (w.kernel_.empty()) w.kernel_ = kernel;
  const char* meaning = given_kernel() ? "one per axis of kernel_shape" : "one per spatial axis";
  OW_RETURN_IF_ERROR(fill_axis_values(w.strides_, "strides", axes, 1, meaning));
  OW_RETURN_IF_ERROR(fill_axis_values(w.pads_, "pads", 2 * axes, 0,
                                      given_kernel() ? "a begin and an end per axis of kernel_shape" : "a begin and an end per spatial axis"));
  OW_RETURN_IF_ERROR(fill_axis_values(w.dilations_, "dilations", axes, 1, meaning));
  return w;
}

WindowAttributes WindowAttributes::whole(const Dims& spatial) {
  WindowAttributes w;
  w.kernel_ = spatial;
  w.strides_.assign(spatial.size(), 1);
  w.dilations_.assign(spatial.size(), 1);
  w.pads_.assign(2 * spatial.size(), 0);
  return w;
}

Result<AxisPadding> WindowAttributes::axis(size_t i, int64_t in, std::string_view input) const {
  const int64_t k = kernel_[i], s = strides_[i], d = dilations_[i];
  const int64_t extent = (k - 1) * d + 1;
  AxisPadding w;
  switch (auto_pad_) {
    case AutoPad::kNotSet: {
      w.pad_begin = pads_[i];
      w.pad_end = pads_[i + kernel_.size()];
      // With ceil_mode a window may be longer than the padded input (span > -s): it still gives an output.
      const int64_t span = in + w.pad_begin + w.pad_end - extent;
      w.output = (ceil_mode_ ? ceil_div(span, s) : floor_div(span, s)) + 1;
      if (ceil_mode_ && (w.output - 1) * s >= in + w.pad_begin) --w.output;
      break;
    }
    case AutoPad::kValid:
      w.output = floor_div(in - extent, s) + 1;
      break;
    case AutoPad::kSameUpper:
    case AutoPad::kSameLower: {
      w.output = ceil_div(in, s);
      const int64_t total = std::max<int64_t>(0, (w.output - 1) * s + extent - in);
      w.pad_begin = auto_pad_ == AutoPad::kSameUpper ? total / 2 : total - total / 2;
      w.pad_end = total - w.pad_begin;
      if (w.output < 1)
        return InvalidArgument("input " + std::string(input) + " has size 0 on spatial axis " + std::to_string(i) +
                               ", so auto_pad SAME would give an empty output");
      break;
    }
  }
  if (w.output < 1) {
    std::string kernel = "kernel_shape[" + std::to_string(i) + "] = " + std::to_string(k);
    if (d != 1) kernel += " with dilations[" + std::to_string(i) + "] = " + std::to_string(d) + " (extent " + std::to_string(extent) + ")";
    std::string pads = w.pad_begin + w.pad_end ? " plus pads " + std::to_string(w.pad_begin) + " + " + std::to_string(w.pad_end) : "";
    return InvalidArgument(kernel + " does not fit in spatial axis " + std::to_string(i) + " of size " + std::to_string(in) + pads +
                           ": the output would be empty");
  }
  return w;
}

Result<std::vector<AxisPadding>> WindowAttributes::resolve(const Dims& x_dims, std::string_view input) const {
  const std::string name(input);
  if (x_dims.size() < 3)
    return InvalidArgument("input " + name + " must have rank 3 or more (N x C x D1 ...), got shape " + dims_to_string(x_dims));
  if (x_dims.size() - 2 != kernel_.size())
    return InvalidArgument("attribute 'kernel_shape' has " + std::to_string(kernel_.size()) + " values but input " + name +
                           " of shape " + dims_to_string(x_dims) + " has " + std::to_string(x_dims.size() - 2) + " spatial axes");
  std::vector<AxisPadding> axes;
  for (size_t i = 0; i < kernel_.size(); ++i) {
    OW_ASSIGN_OR_RETURN(AxisPadding w, axis(i, x_dims[i + 2], input));
    axes.push_back(w);
  }
  return axes;
}

}  // namespace ow
