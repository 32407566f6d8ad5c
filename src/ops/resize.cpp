// Resize, versions 10, 11, 13, 18, 19, and Upsample 7, 9 (Resize-10's). Each axis is resolved into a table (kernels/resize.h): for each
// output index, its input taps and their weights; the kernels only loop.
//
// The formulas are the spec's, with the choices where it is open written in docs/operators.md:
// - coordinates are computed in float32, as onnxruntime computes them (so nearest picks the same
//   pixels as it at halfway points);
// - output sizes: floor(input * scale) (roi does not enter, as in onnxruntime and ONNX's reference);
//   with sizes, the scale of the coordinates is output / input (keep_aspect_ratio_policy: the one
//   scale of the resized axes, and sizes rounded half up); align_corners, tf_crop_and_resize and
//   half_pixel_symmetric divide by the output length before flooring, input * scale, as ONNX's
//   reference does (with sizes stretched, the size asked);
// - linear and cubic (and their antialias filters) weigh the taps around x_original as ONNX's reference
//   does: the window starts below x_original (x_original itself when it is an integer is the second
//   tap), taps outside the input take the edge's value (or, with exclude_outside, weight 0 and the
//   others renormalized); antialias stretches the filter by 1 / scale when downscaling and normalizes;
//   every tap is summed, those of weight 0 too, as ONNX's reference does (0 times a NaN or an infinity
//   beside an exact position is NaN), but an axis that is not resized (each output at its own index) is
//   copied;
// - integer types interpolate in float64 (the 8- and 16-bit ones in float32 where that is exact: see
//   exact_in_float32) and are rounded to nearest even and saturated (the reference and onnxruntime
//   truncate, which turns a 3 that interpolates to 2.9999 into 2); so is extrapolation_value; float16
//   and bfloat16 interpolate in float32; bool takes nearest only;
// - Resize-10 is onnxruntime's: asymmetric coordinates, and nearest takes floor(x_original) when
//   upsampling and ceil(x_original) when downsampling.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/half.h"
#include "kernels/cast.h"
#include "kernels/resize.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

enum class Mode { kNearest, kLinear, kCubic };
enum class Transform { kHalfPixel, kHalfPixelSymmetric, kPytorchHalfPixel, kAlignCorners, kAsymmetric, kTfHalfPixelForNn, kTfCropAndResize };
enum class NearestRound { kRoundPreferFloor, kRoundPreferCeil, kFloor, kCeil, kSimple };
enum class AspectPolicy { kStretch, kNotLarger, kNotSmaller };

// One of `names` (the values of `values`), or an error naming the attribute.
template <typename E, size_t N>
Result<E> choice(const Attributes& attrs, std::string_view name, std::string fallback, const std::string_view (&names)[N], const E (&values)[N]) {
  OW_ASSIGN_OR_RETURN(std::string v, attrs.get_string(name, fallback));
  std::string listed;
  for (size_t i = 0; i < N; ++i) {
    if (v == names[i]) return values[i];
    listed += (i ? (i + 1 == N ? " or " : ", ") : "") + std::string(names[i]);
  }
  return InvalidArgument("attribute '" + std::string(name) + "' must be " + listed + ", got '" + v + "'");
}

// The values of the string attributes, by version: what parse() accepts and the table lists.
constexpr std::string_view kModeNames10[] = {"nearest", "linear"};
constexpr std::string_view kModeNames[] = {"nearest", "linear", "cubic"};
constexpr std::string_view kTransformNames11[] = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize"};
constexpr std::string_view kTransformNames13[] = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric", "tf_crop_and_resize"};
constexpr std::string_view kTransformNames19[] = {"half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners", "asymmetric", "tf_crop_and_resize"};
constexpr std::string_view kNearestNames[] = {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"};
constexpr std::string_view kPolicyNames[] = {"stretch", "not_larger", "not_smaller"};

struct ResizeAttributes {
  Mode mode = Mode::kNearest;
  Transform transform = Transform::kHalfPixel;
  NearestRound nearest = NearestRound::kRoundPreferFloor;
  double cubic_a = -0.75;
  bool exclude_outside = false;
  double extrapolation = 0;
  bool antialias = false;
  bool has_axes = false;
  std::vector<int64_t> axes;
  AspectPolicy policy = AspectPolicy::kStretch;

  static Result<ResizeAttributes> parse(int version, const Attributes& attrs) {
    ResizeAttributes a;
    if (version == 10) {
      constexpr Mode kModes[] = {Mode::kNearest, Mode::kLinear};
      OW_ASSIGN_OR_RETURN(a.mode, choice(attrs, "mode", "nearest", kModeNames10, kModes));
      a.transform = Transform::kAsymmetric;
      a.nearest = NearestRound::kSimple;
      return a;
    }
    constexpr Mode kModes[] = {Mode::kNearest, Mode::kLinear, Mode::kCubic};
    OW_ASSIGN_OR_RETURN(a.mode, choice(attrs, "mode", "nearest", kModeNames, kModes));
    if (version == 11) {
      constexpr Transform kValues[] = {Transform::kHalfPixel,  Transform::kPytorchHalfPixel, Transform::kAlignCorners,
                                       Transform::kAsymmetric, Transform::kTfHalfPixelForNn, Transform::kTfCropAndResize};
      OW_ASSIGN_OR_RETURN(a.transform, choice(attrs, "coordinate_transformation_mode", "half_pixel", kTransformNames11, kValues));
    } else if (version < 19) {
      constexpr Transform kValues[] = {Transform::kHalfPixel, Transform::kPytorchHalfPixel, Transform::kAlignCorners, Transform::kAsymmetric,
                                       Transform::kTfCropAndResize};
      OW_ASSIGN_OR_RETURN(a.transform, choice(attrs, "coordinate_transformation_mode", "half_pixel", kTransformNames13, kValues));
    } else {
      constexpr Transform kValues[] = {Transform::kHalfPixel,    Transform::kHalfPixelSymmetric, Transform::kPytorchHalfPixel,
                                       Transform::kAlignCorners, Transform::kAsymmetric,         Transform::kTfCropAndResize};
      OW_ASSIGN_OR_RETURN(a.transform, choice(attrs, "coordinate_transformation_mode", "half_pixel", kTransformNames19, kValues));
    }
    constexpr NearestRound kNearest[] = {NearestRound::kRoundPreferFloor, NearestRound::kRoundPreferCeil, NearestRound::kFloor, NearestRound::kCeil};
    OW_ASSIGN_OR_RETURN(a.nearest, choice(attrs, "nearest_mode", "round_prefer_floor", kNearestNames, kNearest));
    OW_ASSIGN_OR_RETURN(a.cubic_a, attrs.get_float("cubic_coeff_a", -0.75));
    OW_ASSIGN_OR_RETURN(int64_t exclude, attrs.get_int("exclude_outside", 0));
    if (exclude != 0 && exclude != 1) return InvalidArgument("attribute 'exclude_outside' must be 0 or 1, got " + std::to_string(exclude));
    a.exclude_outside = exclude == 1;
    OW_ASSIGN_OR_RETURN(a.extrapolation, attrs.get_float("extrapolation_value", 0.0));
    if (version >= 18) {
      OW_ASSIGN_OR_RETURN(int64_t antialias, attrs.get_int("antialias", 0));
      if (antialias != 0 && antialias != 1) return InvalidArgument("attribute 'antialias' must be 0 or 1, got " + std::to_string(antialias));
      a.antialias = antialias == 1;
      OW_ASSIGN_OR_RETURN(a.axes, attrs.get_ints("axes", &a.has_axes));
      constexpr AspectPolicy kPolicies[] = {AspectPolicy::kStretch, AspectPolicy::kNotLarger, AspectPolicy::kNotSmaller};
      OW_ASSIGN_OR_RETURN(a.policy, choice(attrs, "keep_aspect_ratio_policy", "stretch", kPolicyNames, kPolicies));
    }
    return a;
  }
};

// x_original of output o along an axis of `in` inputs resized to `out` with `scale` (roi start, end),
// in float32 as onnxruntime computes it. `width` is the output's length before it is floored, in * scale
// (out itself with sizes), which align_corners, tf_crop_and_resize and half_pixel_symmetric divide by,
// as ONNX's reference does.
float original_coordinate(Transform t, float o, float scale, float in, float out, float width, float start, float end) {
  switch (t) {
    case Transform::kHalfPixel: return (o + 0.5f) / scale - 0.5f;
    case Transform::kHalfPixelSymmetric: {
      const float adjustment = out / width;
      const float center = in / 2;
      const float offset = center * (1 - adjustment);
      return offset + (o + 0.5f) / scale - 0.5f;
    }
    case Transform::kPytorchHalfPixel: return out > 1 ? (o + 0.5f) / scale - 0.5f : 0.0f;
    case Transform::kAlignCorners: return width == 1 ? 0.0f : o * (in - 1) / (width - 1);
    case Transform::kAsymmetric: return o / scale;
    case Transform::kTfHalfPixelForNn: return (o + 0.5f) / scale;
    case Transform::kTfCropAndResize:
      return width > 1 ? start * (in - 1) + o * (end - start) * (in - 1) / (width - 1) : 0.5f * (start + end) * (in - 1);
  }
  return 0;
}

int64_t nearest_index(NearestRound r, float x, bool downsampling) {
  switch (r) {
    case NearestRound::kRoundPreferFloor:
      return x == std::floor(x) + 0.5f ? static_cast<int64_t>(std::floor(x)) : static_cast<int64_t>(std::round(x));
    case NearestRound::kRoundPreferCeil: return static_cast<int64_t>(std::round(x));
    case NearestRound::kFloor: return static_cast<int64_t>(std::floor(x));
    case NearestRound::kCeil: return static_cast<int64_t>(std::ceil(x));
    case NearestRound::kSimple: return static_cast<int64_t>(downsampling ? std::ceil(x) : std::trunc(x));
  }
  return 0;
}

// The filter weight at distance d (>= 0) from x_original, in units of the (stretched) filter.
double filter_weight(Mode mode, double a, double d) {
  if (mode == Mode::kLinear) return std::max(0.0, 1 - d);
  if (d < 1) return ((a + 2) * d - (a + 3)) * d * d + 1;
  if (d < 2) return (((d - 5) * d + 8) * d - 4) * a;
  return 0;
}

// An axis' table, owned (tap-major, as kernels::ResizeAxis reads it).
struct AxisTable {
  std::vector<uint32_t> index;
  std::vector<float> weight;
  std::vector<uint8_t> outside;
  bool any_outside = false;
};

class ResizeKernel final : public Kernel {
 public:
  ResizeKernel(int version, ResizeAttributes a) : version_(version), a_(std::move(a)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const size_t rank = x.dims().size();
    if (rank == 0) return InvalidArgument("input X must have rank 1 or more, got a scalar");
    const auto input = [&](size_t i) -> const Tensor* {
      return i < inputs.size() && inputs[i] && inputs[i]->size() > 0 ? inputs[i] : nullptr;
    };
    const Tensor* roi = version_ == 10 ? nullptr : input(1);
    const Tensor* scales = input(version_ == 10 ? 1 : 2);
    const Tensor* sizes = version_ == 10 ? nullptr : input(3);
    // The axes that roi, scales and sizes list.
    std::vector<size_t> axes;
    if (a_.has_axes) {
      std::vector<bool> seen(rank, false);
      for (int64_t v : a_.axes) {
        if (v < -static_cast<int64_t>(rank) || v >= static_cast<int64_t>(rank))
          return InvalidArgument("attribute 'axes' has " + std::to_string(v) + ", outside [-" + std::to_string(rank) + ", " +
                                 std::to_string(rank - 1) + "] for input X of rank " + std::to_string(rank));
        const size_t axis = static_cast<size_t>(v < 0 ? v + static_cast<int64_t>(rank) : v);
        if (seen[axis]) return InvalidArgument("attribute 'axes' lists axis " + std::to_string(axis) + " twice");
        seen[axis] = true;
        axes.push_back(axis);
      }
    } else {
      for (size_t i = 0; i < rank; ++i) axes.push_back(i);
    }
    const std::string count_text = std::to_string(axes.size()) + (a_.has_axes ? " (one per entry of attribute 'axes')" : " (the rank of X)");
    if (scales && sizes) return InvalidArgument("inputs 'scales' and 'sizes' are both given; give one");
    if (!scales && !sizes) return InvalidArgument(version_ == 10 ? "input 'scales' is empty" : "one of inputs 'scales' and 'sizes' must be given (non-empty)");
    const Dims& in = x.dims();
    std::vector<float> scale(rank, 1.0f);
    Dims out = in;
    if (scales) {
      if (scales->size() != axes.size())
        return InvalidArgument("input 'scales' has " + std::to_string(scales->size()) + " values but needs " + count_text);
      for (size_t i = 0; i < axes.size(); ++i) {
        const float s = scales->data<float>()[i];
        if (!(s > 0) || !std::isfinite(s)) return InvalidArgument("input 'scales' must be positive and finite, got " + std::to_string(s));
        scale[axes[i]] = s;
        const double size = std::floor(static_cast<double>(in[axes[i]]) * s);
        if (size > static_cast<double>(INT32_MAX))
          return InvalidArgument("input 'scales' makes axis " + std::to_string(axes[i]) + " too large: " + std::to_string(size));
        out[axes[i]] = static_cast<int64_t>(size);
      }
    } else {
      if (sizes->size() != axes.size())
        return InvalidArgument("input 'sizes' has " + std::to_string(sizes->size()) + " values but needs " + count_text);
      const int64_t* sz = sizes->data<int64_t>();
      for (size_t i = 0; i < axes.size(); ++i) {
        if (sz[i] < 0 || sz[i] > INT32_MAX) return InvalidArgument("input 'sizes' has " + std::to_string(sz[i]) + ", outside [0, 2^31)");
        if (in[axes[i]] == 0 && sz[i] > 0)
          return InvalidArgument("input 'sizes' asks " + std::to_string(sz[i]) + " of axis " + std::to_string(axes[i]) + ", which is empty in X");
      }
      if (a_.policy == AspectPolicy::kStretch) {
        for (size_t i = 0; i < axes.size(); ++i) {
          out[axes[i]] = sz[i];
          if (in[axes[i]] > 0) scale[axes[i]] = static_cast<float>(sz[i]) / static_cast<float>(in[axes[i]]);
        }
      } else {
        // One scale for every listed axis: the smallest (not_larger) or largest (not_smaller) asked, in
        // float64 for the sizes, as ONNX's reference computes them (5 / 6 of 3 is 2.5000000000000004,
        // rounded half up to 3; in float32, 2.4999999).
        double kept = a_.policy == AspectPolicy::kNotLarger ? std::numeric_limits<double>::infinity() : 0.0;
        for (size_t i = 0; i < axes.size(); ++i) {
          if (in[axes[i]] == 0) continue;
          const double s = static_cast<double>(sz[i]) / static_cast<double>(in[axes[i]]);
          kept = a_.policy == AspectPolicy::kNotLarger ? std::min(kept, s) : std::max(kept, s);
        }
        if (!std::isfinite(kept) || kept <= 0) kept = 1.0;  // every listed axis empty, or a size of 0 asked
        for (size_t axis : axes) {
          scale[axis] = static_cast<float>(kept);
          out[axis] = static_cast<int64_t>(std::floor(kept * static_cast<double>(in[axis]) + 0.5));
        }
      }
    }
    // tf_crop_and_resize's region, [start, end) per axis in [0, 1] units; the whole axis elsewhere.
    std::vector<float> start(rank, 0.0f), end(rank, 1.0f);
    if (a_.transform == Transform::kTfCropAndResize && roi) {
      if (roi->size() != 2 * axes.size())
        return InvalidArgument("input 'roi' has " + std::to_string(roi->size()) + " values but needs 2 x " + count_text);
      for (size_t i = 0; i < axes.size(); ++i) {
        const auto value = [&](size_t k) {
          double v = 0;
          visit_dtype<float, double, Float16>(roi->dtype(), [&](auto e) __attribute__((always_inline)) {
            using R = decltype(e);
            if constexpr (std::is_same_v<R, Float16>) v = to_f32(roi->data<R>()[k]);
            else v = static_cast<double>(roi->data<R>()[k]);
          });
          return static_cast<float>(v);
        };
        start[axes[i]] = value(i);
        end[axes[i]] = value(i + axes.size());
      }
    }
    // The spec lists bool for X; only nearest, which selects elements, has a meaning for it.
    if (x.dtype() == DType::kBool && a_.mode != Mode::kNearest)
      return InvalidArgument(std::string("input X of type bool takes mode 'nearest' only, not '") + (a_.mode == Mode::kLinear ? "linear" : "cubic") +
                             "', which interpolates numbers");
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), out, y));
    if (y->size() == 0) return Status::Ok();
    // The tables.
    std::vector<AxisTable> tables(rank);
    kernels::ResizePlan plan;
    for (size_t d = 0; d < rank; ++d) {
      // The unfloored output length: in * scale, or with sizes stretched the size asked.
      const bool exact_size = sizes && a_.policy == AspectPolicy::kStretch;
      const float width = exact_size ? static_cast<float>(out[d]) : static_cast<float>(in[d]) * scale[d];
      OW_RETURN_IF_ERROR(build_axis(static_cast<size_t>(in[d]), static_cast<size_t>(out[d]), scale[d], width, start[d], end[d], tables[d]));
      kernels::ResizeAxis ax;
      ax.input_size = static_cast<size_t>(in[d]);
      ax.output_size = static_cast<size_t>(out[d]);
      ax.taps = tables[d].index.size() / ax.output_size;
      ax.index = tables[d].index.data();
      ax.weight = a_.mode == Mode::kNearest ? nullptr : tables[d].weight.data();
      ax.outside = tables[d].any_outside ? tables[d].outside.data() : nullptr;
      ax.identity = is_identity(ax);
      ax.repeat = a_.mode == Mode::kNearest && !ax.outside ? repeat_of(ax) : 0;
      plan.extrapolates = plan.extrapolates || tables[d].any_outside;
      plan.axes.push_back(ax);
    }
    fold_trailing_identity(plan, tables);
    return a_.mode == Mode::kNearest ? run_nearest(plan, x, *y) : run_interpolate(plan, x, *y);
  }

 private:
  Status build_axis(size_t in, size_t out, float scale, float width, float start, float end, AxisTable& t) const {
    const bool nearest = a_.mode == Mode::kNearest;
    // Linear spans 1 input unit either side of x_original, cubic 2; antialias stretches that by 1 / scale
    // when downscaling. The taps are the n nearest x_original, n = 2 - 2 * first.
    const double support = a_.mode == Mode::kCubic ? 2 : 1;
    const double stretch = a_.antialias ? std::min(1.0, static_cast<double>(scale)) : 1.0;
    const int64_t first = nearest ? 0 : static_cast<int64_t>(std::floor(-support / stretch)) + 1;
    const size_t taps = nearest ? 1 : static_cast<size_t>(2 - 2 * first);
    if (taps > 4096) return InvalidArgument("input 'scales' or 'sizes' downscales too far for antialias (" + std::to_string(taps) + " taps)");
    t.index.assign(out * taps, 0);
    if (!nearest) t.weight.assign(out * taps, 0.0f);
    t.outside.assign(out, 0);
    std::vector<double> w(taps);
    for (size_t o = 0; o < out; ++o) {
      const float x = original_coordinate(a_.transform, static_cast<float>(o), scale, static_cast<float>(in), static_cast<float>(out), width, start, end);
      if (a_.transform == Transform::kTfCropAndResize && (x < 0 || x > static_cast<float>(in) - 1)) {
        t.outside[o] = 1;
        t.any_outside = true;
        if (!nearest) t.weight[o] = 1;  // tap 0
        continue;
      }
      if (nearest) {
        const int64_t i = nearest_index(a_.nearest, x, scale < 1);
        t.index[o] = static_cast<uint32_t>(std::clamp<int64_t>(i, 0, static_cast<int64_t>(in) - 1));
        continue;
      }
      // The window's base: floor(x), or x - 1 when x is an integer (x is then its second tap).
      const double xd = x;
      const double base = std::ceil(xd) - 1;
      const double ratio = xd - base;  // in (0, 1]
      double sum = 0;
      for (size_t k = 0; k < taps; ++k) {
        const double offset = static_cast<double>(first) + static_cast<double>(k);
        const int64_t j = static_cast<int64_t>(base + offset);
        w[k] = filter_weight(a_.mode, a_.cubic_a, std::fabs(stretch * (offset - ratio)));
        if (a_.exclude_outside && (j < 0 || j >= static_cast<int64_t>(in))) w[k] = 0;
        sum += w[k];
        t.index[k * out + o] = static_cast<uint32_t>(std::clamp<int64_t>(j, 0, static_cast<int64_t>(in) - 1));
      }
      const bool normalize = a_.antialias || a_.exclude_outside;
      for (size_t k = 0; k < taps; ++k) t.weight[k * out + o] = static_cast<float>(normalize ? w[k] / sum : w[k]);
    }
    return Status::Ok();
  }

  // Folds the trailing axes that are not resized (an NHWC image's channels) into the axis before them:
  // its output o * inner + c reads its taps' inputs i * inner + c. The kernels then loop over rows of
  // width x channels elements instead of making a call per pixel (a letterbox's [1, 720, 1280, 3] to
  // [1, 360, 640, 3] took 2.2x onnxruntime-web's time).
  void fold_trailing_identity(kernels::ResizePlan& plan, std::vector<AxisTable>& tables) const {
    size_t inner = 1;
    while (plan.axes.size() >= 2 && plan.axes.back().identity) {
      inner *= plan.axes.back().input_size;
      plan.axes.pop_back();
    }
    if (inner <= 1) return;
    kernels::ResizeAxis& ax = plan.axes.back();
    AxisTable& t = tables[plan.axes.size() - 1];
    const size_t out = ax.output_size;
    if (!ax.identity) {
      std::vector<uint32_t> index(ax.taps * out * inner);
      std::vector<float> weight(ax.weight ? index.size() : 0);
      std::vector<uint8_t> outside(ax.outside ? out * inner : 0);
      for (size_t k = 0; k < ax.taps; ++k)
        for (size_t o = 0; o < out; ++o)
          for (size_t c = 0; c < inner; ++c) {
            const size_t e = (k * out + o) * inner + c;
            index[e] = static_cast<uint32_t>(ax.index[k * out + o] * inner + c);
            if (ax.weight) weight[e] = ax.weight[k * out + o];
            if (ax.outside && k == 0) outside[o * inner + c] = ax.outside[o];
          }
      t.index = std::move(index);
      t.weight = std::move(weight);
      t.outside = std::move(outside);
      ax.index = t.index.data();
      ax.weight = ax.weight ? t.weight.data() : nullptr;
      ax.outside = ax.outside ? t.outside.data() : nullptr;
    }
    ax.input_size *= inner;
    ax.output_size *= inner;
    ax.repeat = a_.mode == Mode::kNearest && !ax.outside && !ax.identity ? repeat_of(ax) : 0;
  }

  // Whether output o is input o on this axis: one tap of weight 1 there, the others 0.
  static bool is_identity(const kernels::ResizeAxis& ax) {
    if (ax.input_size != ax.output_size || ax.outside) return false;
    for (size_t o = 0; o < ax.output_size; ++o) {
      for (size_t k = 0; k < ax.taps; ++k) {
        const size_t e = k * ax.output_size + o;
        const float w = ax.weight ? ax.weight[e] : 1.0f;
        if (w != 0 && (w != 1 || ax.index[e] != o)) return false;
      }
    }
    return true;
  }

  // k where nearest's output o is input o / k for every o (an integer upscale by k >= 2), else 0.
  static size_t repeat_of(const kernels::ResizeAxis& ax) {
    if (ax.input_size == 0 || ax.output_size % ax.input_size != 0 || ax.output_size == ax.input_size) return 0;
    const size_t k = ax.output_size / ax.input_size;
    for (size_t o = 0; o < ax.output_size; ++o)
      if (ax.index[o] != o / k) return 0;
    return k;
  }

  Status run_nearest(const kernels::ResizePlan& plan, const Tensor& x, Tensor& y) const {
    const size_t size = dtype_size(x.dtype());
    OW_ASSIGN_OR_RETURN(Tensor workspace, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(kernels::resize_workspace_size(plan, size))}));
    // extrapolation_value as an X: rounded (integers saturated), or for bool whether it is not 0.
    uint64_t bits = 0;
    if (x.dtype() == DType::kBool) {
      bits = a_.extrapolation != 0;
    } else {
      visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>(
          x.dtype(), [&](auto e) __attribute__((always_inline)) {
            using T = decltype(e);
            T v;
            kernels::resize_narrow(&a_.extrapolation, &v, 1);
            std::memcpy(&bits, &v, sizeof(T));
          });
    }
    kernels::resize_nearest(plan, size, x.raw_data(), y.raw_data(), bits, workspace.raw_data());
    return Status::Ok();
  }

  Status run_interpolate(const kernels::ResizePlan& plan, const Tensor& x, Tensor& y) const {
    Status status = Status::Ok();
    visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>(
        x.dtype(), [&](auto e) __attribute__((always_inline)) {
          using T = decltype(e);
          // float16 and bfloat16 in float32; integers in float64, but the 8- and 16-bit ones in float32
          // where it gives float64's values exactly (so the same bytes once rounded).
          if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float> || std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
            status = interpolate_as<T, std::conditional_t<std::is_same_v<T, double>, double, float>>(plan, x, y);
          } else if constexpr (sizeof(T) <= 2) {
            status = exact_in_float32(plan, 8 * sizeof(T)) ? interpolate_as<T, float>(plan, x, y) : interpolate_as<T, double>(plan, x, y);
          } else {
            status = interpolate_as<T, double>(plan, x, y);
          }
        });
    return status;
  }

  // Whether interpolating integers of magnitude below 2^value_bits in float32 is exact: where each
  // resized axis' weights are multiples of 2^-m (m its fraction bits), every product and partial sum is
  // a multiple of 2^-(the axes' m summed) and below 2^value_bits times, per axis, the largest sum of
  // |weights| of an output; float32's 24-bit significand holds such a value exactly.
  static bool exact_in_float32(const kernels::ResizePlan& plan, size_t value_bits) {
    double bound = std::ldexp(1.0, static_cast<int>(value_bits));
    int fraction_bits = 0;
    for (const kernels::ResizeAxis& ax : plan.axes) {
      if (ax.identity) continue;
      int m = 0;
      double largest_sum = 0;
      for (size_t o = 0; o < ax.output_size; ++o) {
        double sum = 0;
        for (size_t t = 0; t < ax.taps; ++t) {
          const double w = ax.weight[t * ax.output_size + o];
          while (m <= 24 && std::ldexp(w, m) != std::trunc(std::ldexp(w, m))) ++m;
          sum += std::fabs(w);
        }
        largest_sum = std::max(largest_sum, sum);
      }
      fraction_bits += m;
      bound *= largest_sum;
      if (fraction_bits > 24) return false;
    }
    return std::ldexp(bound, fraction_bits) <= std::ldexp(1.0, 24);
  }

  template <typename T, typename A>
  Status interpolate_as(const kernels::ResizePlan& plan, const Tensor& x, Tensor& y) const {
    OW_ASSIGN_OR_RETURN(Tensor workspace, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(kernels::resize_workspace_size(plan, sizeof(A)))}));
    const A extrapolation = static_cast<A>(a_.extrapolation);
    if constexpr (std::is_same_v<T, A>) {
      kernels::resize_interpolate(plan, x.data<T>(), y.data<T>(), extrapolation, workspace.raw_data());
    } else {
      const DType wide = std::is_same_v<A, float> ? DType::kFloat32 : DType::kFloat64;
      OW_ASSIGN_OR_RETURN(Tensor xa, Tensor::allocate(wide, x.dims()));
      OW_ASSIGN_OR_RETURN(Tensor ya, Tensor::allocate(wide, y.dims()));
      kernels::cast(x.dtype(), x.raw_data(), wide, xa.raw_data(), x.size());  // exact but for int64 and uint64 beyond 2^53
      kernels::resize_interpolate(plan, xa.data<A>(), ya.data<A>(), extrapolation, workspace.raw_data());
      kernels::resize_narrow(ya.data<A>(), y.data<T>(), y.size());
    }
    return Status::Ok();
  }

  int version_;
  ResizeAttributes a_;
};

Result<std::unique_ptr<Kernel>> make_resize(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ResizeAttributes a, ResizeAttributes::parse(version, attrs));
  return std::unique_ptr<Kernel>(new ResizeKernel(version, std::move(a)));
}

// Upsample 7, 9: Resize-10 (asymmetric coordinates, its nearest and linear), with scales of at least 1
// each, as the spec says they are: 7's from its `scales` attribute, 9's its second input.
class UpsampleKernel final : public Kernel {
 public:
  UpsampleKernel(ResizeAttributes a, std::optional<Tensor> scales) : resize_(10, std::move(a)), scales_(std::move(scales)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& scales = scales_ ? *scales_ : *inputs[1];
    const std::string name = scales_ ? "attribute 'scales'" : "input 'scales'";
    if (scales.rank() != 1 || scales.size() != inputs[0]->rank())
      return InvalidArgument(name + " must hold one value per axis of X of shape " + dims_to_string(inputs[0]->dims()) + ", got shape " +
                             dims_to_string(scales.dims()));
    for (size_t i = 0; i < scales.size(); ++i)
      if (!(scales.data<float>()[i] >= 1))
        return InvalidArgument(name + " must be 1 or more along each axis, got " + std::to_string(scales.data<float>()[i]) + " for axis " +
                               std::to_string(i));
    const Inputs resize_inputs = {inputs[0], &scales};
    return resize_.compute(resize_inputs, outputs);
  }

 private:
  ResizeKernel resize_;
  std::optional<Tensor> scales_;  // 7's attribute
};

Result<std::unique_ptr<Kernel>> make_upsample(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ResizeAttributes a, ResizeAttributes::parse(10, attrs));
  if (version >= 9) return std::unique_ptr<Kernel>(new UpsampleKernel(std::move(a), std::nullopt));
  if (!attrs.has("scales")) return InvalidArgument("attribute 'scales' is required");
  OW_ASSIGN_OR_RETURN(std::vector<double> values, attrs.get_floats("scales"));
  OW_ASSIGN_OR_RETURN(Tensor scales, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(values.size())}));
  for (size_t i = 0; i < values.size(); ++i) scales.data<float>()[i] = static_cast<float>(values[i]);
  return std::unique_ptr<Kernel>(new UpsampleKernel(std::move(a), std::move(scales)));
}

// Each version's attributes; 13 only drops tf_half_pixel_for_nn, 19 only adds half_pixel_symmetric.
constexpr AttributeSpec kAttributes10[] = {{"mode", AttrKind::kString, "nearest", kModeNames10}};
template <const auto& transforms>
constexpr std::array<AttributeSpec, 6> kAttributes11 = {{{"coordinate_transformation_mode", AttrKind::kString, "half_pixel", transforms},
                                                         {"cubic_coeff_a", AttrKind::kFloat, "-0.75"},
                                                         {"exclude_outside", AttrKind::kFlag, "0"},
                                                         {"extrapolation_value", AttrKind::kFloat, "0"},
                                                         {"mode", AttrKind::kString, "nearest", kModeNames},
                                                         {"nearest_mode", AttrKind::kString, "round_prefer_floor", kNearestNames}}};
template <const auto& transforms>
constexpr auto kAttributes18 = with(kAttributes11<transforms>, AttributeSpec{"antialias", AttrKind::kFlag, "0"}, AttributeSpec{"axes", AttrKind::kInts, "all"},
                                    AttributeSpec{"keep_aspect_ratio_policy", AttrKind::kString, "stretch", kPolicyNames});

inline constexpr std::array<DType, 1> kFloat32Type = {DType::kFloat32};
constexpr Param kInputs10[] = {{"X", "T"}, {"scales", "tensor(float)"}};
constexpr Param kInputs11[] = {{"X", "T1"}, {"roi", "T2"}, {"scales", "tensor(float)"}, {"sizes", "tensor(int64)", Param::Arity::kOptional}};
constexpr Param kInputs13[] = {{"X", "T1"},
                               {"roi", "T2", Param::Arity::kOptional},
                               {"scales", "tensor(float)", Param::Arity::kOptional},
                               {"sizes", "tensor(int64)", Param::Arity::kOptional}};
constexpr Param kOutputs10[] = {{"Y", "T"}};
constexpr Param kOutputs11[] = {{"Y", "T1"}};
constexpr TypeConstraint kTypes10[] = {{"T", kAnyTypesNoBf16}, {"tensor(float)", kFloat32Type}};
constexpr TypeConstraint kTypes11[] = {{"T1", kAnyTypesNoBf16}, {"T2", kFloatTypes}, {"tensor(float)", kFloat32Type}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kTypes13[] = {{"T1", kAnyTypes}, {"T2", kFloatTypes}, {"tensor(float)", kFloat32Type}, {"tensor(int64)", kInt64Type}};

// 11 adds roi, sizes and the coordinate transformations, 13 makes roi and scales optional (and drops
// tf_half_pixel_for_nn) and adds bfloat16, 18 adds antialias, axes, keep_aspect_ratio_policy, 19
// half_pixel_symmetric.
constexpr OpVersion kResizeVersions[] = {
    {.since_version = 10, .types = kTypes10, .attributes = kAttributes10, .inputs = kInputs10, .outputs = kOutputs10},
    {.since_version = 11, .types = kTypes11, .attributes = kAttributes11<kTransformNames11>, .inputs = kInputs11},
    {.since_version = 13, .types = kTypes13, .attributes = kAttributes11<kTransformNames13>, .inputs = kInputs13},
    {.since_version = 18, .types = kTypes13, .attributes = kAttributes18<kTransformNames13>, .inputs = kInputs13},
    {.since_version = 19, .types = kTypes13, .attributes = kAttributes18<kTransformNames19>, .inputs = kInputs13}};

constexpr AttributeSpec kUpsampleAttributes7[] = {{"mode", AttrKind::kString, "nearest", kModeNames10}, {"scales", AttrKind::kFloats, {}, {}, true}};
constexpr Param kUpsampleInputs7[] = {{"X", "T"}};
// 9 takes the scales as an input. 10 deprecates Upsample: a model importing opset 10 or later runs 9's
// definition, which 10's repeats.
constexpr OpVersion kUpsampleVersions[] = {
    {.since_version = 7, .types = kTypes10, .attributes = kUpsampleAttributes7, .inputs = kUpsampleInputs7, .outputs = kOutputs10},
    {.since_version = 9, .types = kTypes10, .attributes = kAttributes10, .inputs = kInputs10, .outputs = kOutputs10}};

}  // namespace

constexpr OpSchema kUpsampleSchema{
    .name = "Upsample", .inputs = kInputs10, .outputs = kOutputs10, .versions = kUpsampleVersions, .make_kernel = make_upsample};

constexpr OpSchema kResizeSchema{
    .name = "Resize", .inputs = kInputs13, .outputs = kOutputs11, .versions = kResizeVersions, .make_kernel = make_resize};

}  // namespace ow
