// The window attributes shared by the operators that slide a window over spatial axes (AveragePool,
// MaxPool, Conv): kernel_shape, strides, pads, dilations, auto_pad and ceil_mode, checked once, and what
// they mean along one axis of an input (padding and output size). Every version of these operators uses
// one set of formulas. With e the dilated kernel extent (kernel - 1) * dilation + 1:
//   explicit pads: out = floor_or_ceil((in + pad_begin + pad_end - e) / stride) + 1, and with ceil_mode
//                  a last window that would start in the end padding (at or past in + pad_begin in
//                  padded coordinates) is dropped;
//   VALID:         out = floor((in - e) / stride) + 1;
//   SAME_*:        out = ceil(in / stride), pads total max(0, (out - 1) * stride + e - in), the odd one
//                  at the end (SAME_UPPER) or the beginning (SAME_LOWER). ceil_mode changes neither.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/attributes.h"
#include "core/shape.h"
#include "core/status.h"

namespace ow {

inline int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }  // b > 0
inline int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0 && a > 0); }   // b > 0

// An optional ints attribute, every value in [min, INT32_MAX] (which keeps the window arithmetic far
// from int64 overflow); empty when absent.
Result<std::vector<int64_t>> optional_ints(const Attributes& attrs, std::string_view name, int64_t min);

// An attribute that is 0 or 1 (absent: 0).
Result<bool> flag_attribute(const Attributes& attrs, std::string_view name);

enum class AutoPad { kNotSet, kSameUpper, kSameLower, kValid };

// Padding and output size along one spatial axis.
struct AxisPadding {
  int64_t pad_begin = 0;
  int64_t pad_end = 0;
  int64_t output = 0;
};

// Which window attributes an operator version defines, for WindowAttributes::parse.
struct WindowAttributeSet {
  bool kernel_required = true;  // false: kernel_shape may be left out (Conv infers it from W)
  bool dilations = false;
  bool ceil_mode = false;
};

class WindowAttributes {
 public:
  // Reads and range-checks the attributes; with kernel_shape given, also their counts. Without it,
  // spatial_axes() is 0 until with_axes() is called with the input's count.
  static Result<WindowAttributes> parse(const Attributes& attrs, WindowAttributeSet set);
  // A copy for `axes` spatial axes: kernel_shape (which must be given, or `kernel` where it was
  // optional and left out) and every list checked against that count or defaulted.
  Result<WindowAttributes> with_axes(size_t axes, const Dims& kernel = {}) const;
  // The window of a whole input of spatial shape `spatial` (global pooling): no padding, stride 1.
  static WindowAttributes whole(const Dims& spatial);

  size_t spatial_axes() const { return kernel_.size(); }
  const std::vector<int64_t>& kernel() const { return kernel_; }
  const std::vector<int64_t>& strides() const { return strides_; }
  const std::vector<int64_t>& dilations() const { return dilations_; }
  const std::vector<int64_t>& pads() const { return pads_; }  // every begin, then every end
  bool given_kernel() const { return !kernel_.empty(); }
  bool ceil_mode() const { return ceil_mode_; }
  AutoPad auto_pad() const { return auto_pad_; }

  // Padding and output size of spatial axis i for an input size `in`; an error (naming the kernel,
  // dilation and pads) when the output would be empty. `input` names the input in messages ("X").
  Result<AxisPadding> axis(size_t i, int64_t in, std::string_view input = "X") const;
  // axis() for every spatial axis of an input of shape x_dims (N x C x D1 ...), after checking its
  // rank against kernel_shape.
  Result<std::vector<AxisPadding>> resolve(const Dims& x_dims, std::string_view input = "X") const;

 private:
  AutoPad auto_pad_ = AutoPad::kNotSet;
  std::vector<int64_t> kernel_, strides_, pads_, dilations_;  // empty where absent before with_axes()
  bool ceil_mode_ = false;
  bool has_pads_ = false;
};

}  // namespace ow
