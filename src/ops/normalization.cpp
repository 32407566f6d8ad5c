// BatchNormalization, InstanceNormalization, GroupNormalization and LayerNormalization
// (kernels/normalization.h).
//
// BatchNormalization 1, 6, 7, 9, 14, 15: Y = (X - mean) / sqrt(var + epsilon) * scale + B per channel
// (X's axis 1; a 1-D X is one channel), computed as (X - mean) * a + B with a = scale / sqrt(var +
// epsilon) made per channel in float64 and rounded once to the computing type. Versions 7 and before
// take `spatial`: 0 gives the parameters one value per element of a sample (C x D1 x ... x Dn).
// Versions 14 and 15 let mean and var (14), then scale and B (15) be of other float types than X, and
// run training with `training_mode` 1: X's own channel means and population variances in place of
// mean and var, and the running ones, input * momentum + current * (1 - momentum), as the optional
// outputs. The optional outputs of the versions before (training's) are refused.
//
// InstanceNormalization 1, 6, 22 and GroupNormalization 18, 21: each (sample, group of channels)
// normalized by its own mean and population variance (float32 sums for float32 and the half types,
// float64 for float64), then scaled and shifted per channel, computed as BatchNormalization's affine
// map. GroupNormalization-18's scale and bias hold a value per group, 21's per channel.
//
// LayerNormalization 17: along the dims from `axis` on, (X - mean) / sqrt(var + epsilon) * Scale + B,
// Scale and B broadcast to X unidirectionally; Mean and InvStdDev (float32, stash_type 1) of shape
// X's dims before axis then 1s. float64 computes in float64 (as onnxruntime does), the others in
// float32.
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "kernels/cast.h"
#include "kernels/normalization.h"
#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/normalization.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The values of a float tensor of any float type as float64.
std::vector<double> as_float64(const Tensor& t) {
  std::vector<double> values(t.size());
  if (!values.empty()) kernels::cast(t.dtype(), t.raw_data(), DType::kFloat64, values.data(), values.size());
  return values;
}

// float64 values as float32 (rounded to nearest).
std::vector<float> as_float32(const std::vector<double>& values) {
  std::vector<float> narrowed(values.size());
  if (!values.empty()) kernels::cast(DType::kFloat64, values.data(), DType::kFloat32, narrowed.data(), values.size());
  return narrowed;
}

// A FLOAT attribute as the float32 ONNX stores (an ops.* option given as a JS number rounded as a
// model's would be), so that float64 computes with the same epsilon either way.
Result<float> float_attribute(const Attributes& attrs, std::string_view name, float fallback) {
  OW_ASSIGN_OR_RETURN(double value, attrs.get_float(name, fallback));
  return kernels::narrow_to_f32(value);
}

constexpr const char* kBatchNormParams[] = {"scale", "B", "mean", "var"};

// Each channel's mean and population variance of X (float32 sums for float32 and the half types, which
// are converted first), as float64.
void channel_statistics(const Tensor& x, const kernels::ChannelShape& shape, std::vector<double>& mean, std::vector<double>& variance) {
  if (x.dtype() == DType::kFloat64) {
    kernels::channel_statistics(x.data<double>(), shape, mean.data(), variance.data());
    return;
  }
  std::vector<float> converted;
  const float* values = x.data<float>();
  if (x.dtype() != DType::kFloat32) {
    converted.resize(x.size());
    kernels::cast(x.dtype(), x.raw_data(), DType::kFloat32, converted.data(), x.size());
    values = converted.data();
  }
  std::vector<float> mean32(mean.size()), variance32(variance.size());
  kernels::channel_statistics(values, shape, mean32.data(), variance32.data());
  kernels::cast(DType::kFloat32, mean32.data(), DType::kFloat64, mean.data(), mean.size());
  kernels::cast(DType::kFloat32, variance32.data(), DType::kFloat64, variance.data(), variance.size());
}

// scale[c] / sqrt(variance[c] + epsilon), in float64.
std::vector<double> channel_factors(const std::vector<double>& scale, const std::vector<double>& variance, double epsilon) {
  std::vector<double> factor(scale.size());
  for (size_t c = 0; c < scale.size(); ++c) factor[c] = scale[c] / std::sqrt(variance[c] + epsilon);
  return factor;
}

// y = (x - shift[c]) * factor[c] + bias[c] over x as `shape`: float64 in float64, the others with the
// parameters rounded to float32.
Status channel_affine(const Tensor& x, Tensor& y, const kernels::ChannelShape& shape, const std::vector<double>& shift,
                      const std::vector<double>& factor, const std::vector<double>& bias) {
  if (x.dtype() == DType::kFloat64) {
    kernels::channel_affine(x.data<double>(), y.data<double>(), shape, shift.data(), factor.data(), bias.data());
    return Status::Ok();
  }
  const std::vector<float> shift32 = as_float32(shift), factor32 = as_float32(factor), bias32 = as_float32(bias);
  const auto run = [&](auto element) __attribute__((always_inline)) {
    using T = decltype(element);
    kernels::channel_affine(x.data<T>(), y.data<T>(), shape, shift32.data(), factor32.data(), bias32.data());
  };
  if (!visit_dtype<float, Float16, BFloat16>(x.dtype(), run)) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schemas
  return Status::Ok();
}

// InstanceNormalization and GroupNormalization: X (N x C x D1 x ... x Dn) normalized over each group of
// a sample's channels (`groups` dividing C; C groups for InstanceNormalization) by that group's mean and
// population variance, then per channel c: (x - mean) * (scale[c] / sqrt(variance + epsilon)) + bias[c].
Status normalize_groups(const Tensor& x, size_t groups, const std::vector<double>& scale, const std::vector<double>& bias, double epsilon,
                        Tensor& y) {
  const auto batch = static_cast<size_t>(x.dims()[0]), channels = static_cast<size_t>(x.dims()[1]);
  if (x.size() == 0) return Status::Ok();
  const size_t spatial = x.size() / (batch * channels), per_group = channels / groups;
  std::vector<double> mean(batch * groups), variance(batch * groups);
  channel_statistics(x, {1, batch * groups, per_group * spatial}, mean, variance);
  std::vector<double> shift(batch * channels), factor(batch * channels), offset(batch * channels);
  for (size_t n = 0; n < batch; ++n) {
    for (size_t c = 0; c < channels; ++c) {
      const size_t group = n * groups + c / per_group;
      shift[n * channels + c] = mean[group];
      factor[n * channels + c] = scale[c] / std::sqrt(variance[group] + epsilon);
      offset[n * channels + c] = bias[c];
    }
  }
  return channel_affine(x, y, {1, batch * channels, spatial}, shift, factor, offset);
}

class BatchNormKernel final : public Kernel {
 public:
  BatchNormKernel(double epsilon, double momentum, bool spatial, bool training)
      : epsilon_(epsilon), momentum_(momentum), spatial_(spatial), training_(training) {}

  void set_output_count(size_t count) override { output_count_ = count; }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    if (output_count_ > 1 && !training_) return Unsupported("outputs after 'Y' are given only in training, with training_mode 1 (version 14 on)");
    const Tensor& x = *inputs[0];
    const Dims& dims = x.dims();
    if (dims.empty()) return InvalidArgument("input 'X' must have rank 1 or more, got shape []");
    // A 1-D X is N samples of one channel; without `spatial` a channel is an element of a sample.
    size_t channels = dims.size() == 1 ? 1 : static_cast<size_t>(dims[1]);
    if (!spatial_)
      for (size_t k = 2; k < dims.size(); ++k) channels *= static_cast<size_t>(dims[k]);
    const auto outer = static_cast<size_t>(dims[0]);
    for (size_t i = 1; i <= 4; ++i) {
      const Tensor& p = *inputs[i];
      if (p.size() != channels || (spatial_ && p.rank() != 1))
        return InvalidArgument(std::string("input '") + kBatchNormParams[i - 1] + "' has shape " + dims_to_string(p.dims()) + ", want " +
                               (spatial_ ? "[" + std::to_string(channels) + "] (X's channels)" : std::to_string(channels) + " elements (X's sample)"));
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), dims, y));
    for (size_t i = 1; i < output_count_; ++i) OW_RETURN_IF_ERROR(output_tensor(outputs, i, inputs[3]->dtype(), inputs[3]->dims(), y));
    y = &outputs[0];
    const kernels::ChannelShape shape{outer, channels, outer * channels == 0 ? 0 : x.size() / (outer * channels)};
    std::vector<double> mean(channels), variance(channels);
    if (training_) {
      channel_statistics(x, shape, mean, variance);
      const std::vector<double> input_mean = as_float64(*inputs[3]), input_variance = as_float64(*inputs[4]);
      for (size_t i = 1; i < output_count_; ++i) {
        const std::vector<double>& input = i == 1 ? input_mean : input_variance;
        const std::vector<double>& current = i == 1 ? mean : variance;
        std::vector<double> running(channels);
        for (size_t c = 0; c < channels; ++c) running[c] = input[c] * momentum_ + current[c] * (1 - momentum_);
        if (channels != 0) kernels::cast(DType::kFloat64, running.data(), outputs[i].dtype(), outputs[i].raw_data(), channels);
      }
    } else {
      mean = as_float64(*inputs[3]);
      variance = as_float64(*inputs[4]);
    }
    if (x.size() == 0) return Status::Ok();
    return channel_affine(x, *y, shape, mean, channel_factors(as_float64(*inputs[1]), variance, epsilon_), as_float64(*inputs[2]));
  }

 private:
  double epsilon_, momentum_;
  bool spatial_, training_;
  size_t output_count_ = 1;
};

// BatchNormalization's attributes, as its kernel and the optimizer's fold read them.
struct BatchNormSettings {
  float epsilon, momentum;
  bool spatial, training;
};

Result<BatchNormSettings> batch_norm_settings(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const float epsilon, float_attribute(attrs, "epsilon", 1e-5f));
  OW_ASSIGN_OR_RETURN(const float momentum, float_attribute(attrs, "momentum", 0.9f));
  OW_ASSIGN_OR_RETURN(int64_t spatial, attrs.get_int("spatial", 1));
  OW_ASSIGN_OR_RETURN(int64_t training_mode, attrs.get_int("training_mode", 0));
  if (training_mode != 0 && training_mode != 1) return InvalidArgument("attribute 'training_mode' must be 0 or 1, got " + std::to_string(training_mode));
  return BatchNormSettings{epsilon, momentum, version >= 9 || spatial != 0, training_mode == 1};
}

Result<std::unique_ptr<Kernel>> make_batch_norm(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const BatchNormSettings settings, batch_norm_settings(version, attrs));
  return std::unique_ptr<Kernel>(new BatchNormKernel(settings.epsilon, settings.momentum, settings.spatial, settings.training));
}

// InstanceNormalization (a group per channel) and GroupNormalization (num_groups groups).
class GroupNormKernel final : public Kernel {
 public:
  // `groups` 0 for a group per channel; `per_group_params` where scale and bias hold a value per group
  // (GroupNormalization-18), else per channel.
  GroupNormKernel(int64_t groups, bool per_group_params, float epsilon, bool instance)
      : groups_(groups), per_group_params_(per_group_params), epsilon_(epsilon), instance_(instance) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const char* x_name = instance_ ? "input" : "X";
    if (x.rank() < 2) return InvalidArgument(std::string("input '") + x_name + "' must be N x C x D1 x ... x Dn, got shape " + dims_to_string(x.dims()));
    const auto channels = static_cast<size_t>(x.dims()[1]);
    const size_t groups = groups_ == 0 ? channels : static_cast<size_t>(groups_);
    if (channels % std::max<size_t>(groups, 1) != 0)
      return InvalidArgument("attribute 'num_groups' is " + std::to_string(groups) + ", which does not divide the " + std::to_string(channels) +
                             " channels of input 'X'");
    const size_t count = per_group_params_ ? groups : channels;
    for (size_t i = 1; i <= 2; ++i) {
      const Tensor& p = *inputs[i];
      if (p.rank() != 1 || p.size() != count)
        return InvalidArgument(std::string("input '") + (i == 1 ? "scale" : instance_ ? "B" : "bias") + "' has shape " + dims_to_string(p.dims()) +
                               ", want [" + std::to_string(count) + "] (" + (per_group_params_ ? "num_groups" : "X's channels") + ")");
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    std::vector<double> scale = as_float64(*inputs[1]), bias = as_float64(*inputs[2]);
    if (per_group_params_) {
      std::vector<double> scale_per_channel(channels), bias_per_channel(channels);
      for (size_t c = 0; c < channels; ++c) {
        scale_per_channel[c] = scale[c / (channels / groups)];
        bias_per_channel[c] = bias[c / (channels / groups)];
      }
      scale = std::move(scale_per_channel);
      bias = std::move(bias_per_channel);
    }
    return normalize_groups(x, groups, scale, bias, epsilon_, *y);
  }

 private:
  int64_t groups_;
  bool per_group_params_;
  float epsilon_;
  bool instance_;
};

Result<std::unique_ptr<Kernel>> make_instance_norm(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const float epsilon, float_attribute(attrs, "epsilon", 1e-5f));
  return std::unique_ptr<Kernel>(new GroupNormKernel(0, false, epsilon, true));
}

Result<std::unique_ptr<Kernel>> make_group_norm(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const float epsilon, float_attribute(attrs, "epsilon", 1e-5f));
  if (!attrs.has("num_groups")) return InvalidArgument("attribute 'num_groups' is required");
  OW_ASSIGN_OR_RETURN(int64_t groups, attrs.get_int("num_groups", 0));
  if (groups <= 0) return InvalidArgument("attribute 'num_groups' must be positive, got " + std::to_string(groups));
  OW_ASSIGN_OR_RETURN(int64_t stash_type, attrs.get_int("stash_type", 1));
  if (stash_type != 1) return Unsupported("attribute 'stash_type' is " + std::to_string(stash_type) + ": only 1 (float32) is supported");
  return std::unique_ptr<Kernel>(new GroupNormKernel(groups, version < 21, epsilon, false));
}

// A LayerNormalization parameter (Scale or B, broadcastable to X) as values of the computing type C
// over X's dims from `from` on, where its dims differ from 1 at no earlier axis: its own memory where
// it is laid out so and of type C, else a copy in `spread` (by strides, where it broadcasts) or
// `converted`.
template <typename C>
const C* param_values(const Tensor& p, const Dims& dims, size_t from, std::vector<unsigned char>& spread, std::vector<C>& converted) {
  size_t n = 1;
  for (size_t k = from; k < dims.size(); ++k) n *= static_cast<size_t>(dims[k]);
  const void* values = p.raw_data();
  if (p.size() != n) {
    const size_t lead = dims.size() - p.rank();
    std::vector<kernels::StridedAxis<1>> axes(dims.size() - from);
    ptrdiff_t stride = 1;
    for (size_t k = dims.size(); k-- > from;) {
      const bool own = k >= lead && p.dims()[k - lead] != 1;
      axes[k - from] = {static_cast<size_t>(dims[k]), {own ? stride : 0}};
      if (k >= lead) stride *= static_cast<ptrdiff_t>(p.dims()[k - lead]);
    }
    spread.resize(n * dtype_size(p.dtype()));
    kernels::strided_copy(std::move(axes), dtype_size(p.dtype()), values, spread.data());
    values = spread.data();
  }
  if (p.dtype() == DTypeOf<C>::value) return static_cast<const C*>(values);
  converted.resize(n);
  kernels::cast(p.dtype(), values, DTypeOf<C>::value, converted.data(), n);
  return converted.data();
}

constexpr const char* kLayerNormParams[] = {"Scale", "B"};

class LayerNormKernel final : public Kernel {
 public:
  LayerNormKernel(int64_t axis, double epsilon) : axis_(axis), epsilon_(epsilon) {}

  void set_output_count(size_t count) override { output_count_ = count; }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const Dims& dims = x.dims();
    const auto r = static_cast<int64_t>(dims.size());
    if (axis_ < -r || axis_ >= r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input 'X' of shape " + dims_to_string(dims) +
                             (r == 0 ? " (it needs rank 1 or more)" : " (valid: " + std::to_string(-r) + " to " + std::to_string(r - 1) + ")"));
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
    // The parameters repeat every `from`-to-axis dims' rows: from is where their dims (aligned to X's
    // last) first differ from 1, at most axis.
    size_t from = axis;
    const Tensor* bias_input = inputs.size() > 2 ? inputs[2] : nullptr;  // B, optional, may be left off the end
    for (size_t i = 1; i <= 2; ++i) {
      const Tensor* param = i == 1 ? inputs[1] : bias_input;
      if (!param) continue;
      const Dims& p = param->dims();
      const size_t lead = dims.size() - std::min(dims.size(), p.size());
      bool fits = p.size() <= dims.size();
      for (size_t k = 0; fits && k < p.size(); ++k) {
        fits = p[k] == 1 || p[k] == dims[lead + k];
        if (p[k] != 1) from = std::min(from, lead + k);
      }
      if (!fits)
        return InvalidArgument(std::string("input '") + kLayerNormParams[i - 1] + "' of shape " + dims_to_string(p) +
                               " does not broadcast to input 'X' of shape " + dims_to_string(dims));
    }
    size_t rows = 1, d = 1, param_rows = 1;
    for (size_t k = 0; k < dims.size(); ++k) (k < axis ? rows : d) *= static_cast<size_t>(dims[k]);
    for (size_t k = from; k < axis; ++k) param_rows *= static_cast<size_t>(dims[k]);
    Dims statistics_dims(dims.begin(), dims.begin() + static_cast<ptrdiff_t>(axis));
    statistics_dims.resize(dims.size(), 1);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), dims, y));
    for (size_t i = 1; i < output_count_; ++i) OW_RETURN_IF_ERROR(output_tensor(outputs, i, DType::kFloat32, statistics_dims, y));
    y = &outputs[0];
    float* mean = output_count_ > 1 ? outputs[1].data<float>() : nullptr;
    float* inv_std_dev = output_count_ > 2 ? outputs[2].data<float>() : nullptr;
    if (rows == 0) return Status::Ok();
    const kernels::RowShape shape{rows, d, param_rows};
    std::vector<unsigned char> scale_spread, bias_spread;
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      using C = std::conditional_t<std::is_same_v<T, double>, double, float>;  // the computing type
      std::vector<C> scale_converted, bias_converted;
      const C* scale = param_values(*inputs[1], dims, from, scale_spread, scale_converted);
      const C* bias = bias_input ? param_values(*bias_input, dims, from, bias_spread, bias_converted) : nullptr;
      kernels::layer_normalize(x.data<T>(), y->data<T>(), shape, scale, bias, static_cast<C>(epsilon_), mean, inv_std_dev);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run)) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  int64_t axis_;
  double epsilon_;
  size_t output_count_ = 1;
};

Result<std::unique_ptr<Kernel>> make_layer_norm(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", -1));
  OW_ASSIGN_OR_RETURN(const float epsilon, float_attribute(attrs, "epsilon", 1e-5f));
  OW_ASSIGN_OR_RETURN(int64_t stash_type, attrs.get_int("stash_type", 1));
  if (stash_type != 1) return Unsupported("attribute 'stash_type' is " + std::to_string(stash_type) + ": only 1 (float32) is supported");
  return std::unique_ptr<Kernel>(new LayerNormKernel(axis, epsilon));
}

constexpr AttributeSpec kEpsilon{"epsilon", AttrKind::kFloat, "1e-05"};
constexpr AttributeSpec kMomentum{"momentum", AttrKind::kFloat, "0.9"};
constexpr AttributeSpec kSpatial{"spatial", AttrKind::kInt, "1"};
constexpr AttributeSpec kBatchNormAttributes1[] = {kConsumedInputs[0], kEpsilon, {"is_test", AttrKind::kInt, "0"}, kMomentum, kSpatial};
constexpr AttributeSpec kBatchNormAttributes6[] = {kEpsilon, {"is_test", AttrKind::kInt, "0"}, kMomentum, kSpatial};
constexpr AttributeSpec kBatchNormAttributes7[] = {kEpsilon, kMomentum, kSpatial};
constexpr AttributeSpec kBatchNormAttributes9[] = {kEpsilon, kMomentum};
constexpr AttributeSpec kBatchNormAttributes14[] = {kEpsilon, kMomentum, {"training_mode", AttrKind::kFlag, "0"}};
constexpr Param kBatchNormInputs[] = {{"X", "T"}, {"scale", "T"}, {"B", "T"}, {"mean", "T"}, {"var", "T"}};
constexpr Param kBatchNormOutputs[] = {{"Y", "T"},
                                       {"mean", "T", Param::Arity::kOptional},
                                       {"var", "T", Param::Arity::kOptional},
                                       {"saved_mean", "T", Param::Arity::kOptional},
                                       {"saved_var", "T", Param::Arity::kOptional}};
constexpr Param kBatchNormInputs14[] = {{"X", "T"}, {"scale", "T"}, {"B", "T"}, {"input_mean", "U"}, {"input_var", "U"}};
constexpr Param kBatchNormOutputs14[] = {{"Y", "T"}, {"running_mean", "U", Param::Arity::kOptional}, {"running_var", "U", Param::Arity::kOptional}};
constexpr Param kBatchNormInputs15[] = {{"X", "T"}, {"scale", "T1"}, {"B", "T1"}, {"input_mean", "T2"}, {"input_var", "T2"}};
constexpr Param kBatchNormOutputs15[] = {{"Y", "T"}, {"running_mean", "T2", Param::Arity::kOptional}, {"running_var", "T2", Param::Arity::kOptional}};
constexpr TypeConstraint kBatchNormTypes14[] = {{"T", kFloatTypesBf16}, {"U", kFloatTypesBf16}};
constexpr TypeConstraint kBatchNormTypes15[] = {{"T", kFloatTypesBf16}, {"T1", kFloatTypesBf16}, {"T2", kFloatTypesBf16}};

// 6 drops consumed_inputs, 7 is_test, 9 spatial; 14 adds training_mode, bfloat16 and mean and var of
// their own type; 15 scale and B of their own type.
constexpr OpVersion kBatchNormVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kBatchNormAttributes1},
    {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kBatchNormAttributes6},
    {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = kBatchNormAttributes7},
    {.since_version = 9, .types = type_t<kFloatTypes>, .attributes = kBatchNormAttributes9},
    {.since_version = 14, .types = kBatchNormTypes14, .attributes = kBatchNormAttributes14, .inputs = kBatchNormInputs14, .outputs = kBatchNormOutputs14},
    {.since_version = 15, .types = kBatchNormTypes15, .attributes = kBatchNormAttributes14, .inputs = kBatchNormInputs15, .outputs = kBatchNormOutputs15}};

inline constexpr std::array<DType, 2> kStashTypes = {DType::kFloat32, DType::kBFloat16};
constexpr TypeConstraint kLayerNormTypes[] = {{"T", kFloatTypesBf16}, {"U", kStashTypes}};
constexpr AttributeSpec kLayerNormAttributes[] = {{"axis", AttrKind::kInt, "-1"}, kEpsilon, {"stash_type", AttrKind::kInt, "1"}};
constexpr Param kLayerNormInputs[] = {{"X", "T"}, {"Scale", "T"}, {"B", "T", Param::Arity::kOptional}};
constexpr Param kLayerNormOutputs[] = {{"Y", "T"}, {"Mean", "U", Param::Arity::kOptional}, {"InvStdDev", "U", Param::Arity::kOptional}};
constexpr OpVersion kLayerNormVersions[] = {{.since_version = 17, .types = kLayerNormTypes, .attributes = kLayerNormAttributes}};

// 6 drops consumed_inputs, 22 adds bfloat16.
constexpr AttributeSpec kInstanceNormAttributes1[] = {kConsumedInputs[0], kEpsilon};
constexpr AttributeSpec kInstanceNormAttributes6[] = {kEpsilon};
constexpr OpVersion kInstanceNormVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kInstanceNormAttributes1},
                                               {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kInstanceNormAttributes6},
                                               {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kInstanceNormAttributes6}};
constexpr Param kInstanceNormInputs[] = {{"input", "T"}, {"scale", "T"}, {"B", "T"}};
constexpr Param kInstanceNormOutputs[] = {{"output", "T"}};

// 21: scale and bias per channel, not per group, and stash_type.
constexpr AttributeSpec kGroupNormAttributes18[] = {kEpsilon, {"num_groups", AttrKind::kInt, {}, {}, true}};
constexpr AttributeSpec kGroupNormAttributes21[] = {kEpsilon, {"num_groups", AttrKind::kInt, {}, {}, true}, {"stash_type", AttrKind::kInt, "1"}};
constexpr OpVersion kGroupNormVersions[] = {{.since_version = 18, .types = type_t<kFloatTypesBf16>, .attributes = kGroupNormAttributes18},
                                            {.since_version = 21, .types = type_t<kFloatTypesBf16>, .attributes = kGroupNormAttributes21}};
constexpr Param kGroupNormInputs[] = {{"X", "T"}, {"scale", "T"}, {"bias", "T"}};
constexpr Param kGroupNormOutputs[] = {{"Y", "T"}};

}  // namespace

std::optional<ChannelMap> batch_norm_channel_map(const PreparedOp& op, const Attributes& attrs, const Inputs& params) {
  if (&op.schema() != &kBatchNormalizationSchema || params.size() != 5) return std::nullopt;
  auto settings = batch_norm_settings(op.version().since_version, attrs);
  if (!settings.ok() || settings.value().training || !settings.value().spatial) return std::nullopt;
  for (size_t i = 1; i <= 4; ++i)
    if (!params[i] || params[i]->rank() != 1 || params[i]->size() != params[1]->size()) return std::nullopt;
  const std::vector<double> variance = as_float64(*params[4]);
  return ChannelMap{.factor = channel_factors(as_float64(*params[1]), variance, settings.value().epsilon),
                    .shift = as_float64(*params[3]),
                    .bias = as_float64(*params[2])};
}

Result<std::optional<std::pair<Tensor, Tensor>>> fold_channel_map(const Tensor& weights, const Tensor* bias, const ChannelMap& map) {
  using Folded = std::optional<std::pair<Tensor, Tensor>>;
  const size_t channels = map.factor.size();
  const DType type = weights.dtype();
  if ((type != DType::kFloat32 && type != DType::kFloat64) || weights.rank() < 1 || static_cast<size_t>(weights.dims()[0]) != channels ||
      (bias && (bias->dtype() != type || bias->rank() != 1 || bias->size() != channels)))
    return Folded();
  OW_ASSIGN_OR_RETURN(Tensor folded_weights, Tensor::allocate(type, weights.dims()));
  OW_ASSIGN_OR_RETURN(Tensor folded_bias, Tensor::allocate(type, Dims{static_cast<int64_t>(channels)}));
  const std::vector<double> old_bias = bias ? as_float64(*bias) : std::vector<double>(channels, 0.0);
  std::vector<double> new_bias(channels);
  for (size_t c = 0; c < channels; ++c) new_bias[c] = (old_bias[c] - map.shift[c]) * map.factor[c] + map.bias[c];
  if (channels == 0) return Folded(std::pair(std::move(folded_weights), std::move(folded_bias)));
  kernels::cast(DType::kFloat64, new_bias.data(), type, folded_bias.raw_data(), channels);
  const size_t per_channel = weights.size() / channels;
  if (type == DType::kFloat32) kernels::scale_channels(weights.data<float>(), folded_weights.data<float>(), channels, per_channel, map.factor.data());
  else kernels::scale_channels(weights.data<double>(), folded_weights.data<double>(), channels, per_channel, map.factor.data());
  return Folded(std::pair(std::move(folded_weights), std::move(folded_bias)));
}

constexpr OpSchema kInstanceNormalizationSchema{.name = "InstanceNormalization",
                                                .inputs = kInstanceNormInputs,
                                                .outputs = kInstanceNormOutputs,
                                                .versions = kInstanceNormVersions,
                                                .make_kernel = make_instance_norm};
constexpr OpSchema kGroupNormalizationSchema{.name = "GroupNormalization",
                                             .inputs = kGroupNormInputs,
                                             .outputs = kGroupNormOutputs,
                                             .versions = kGroupNormVersions,
                                             .make_kernel = make_group_norm};
constexpr OpSchema kBatchNormalizationSchema{.name = "BatchNormalization",
                                             .inputs = kBatchNormInputs,
                                             .outputs = kBatchNormOutputs,
                                             .versions = kBatchNormVersions,
                                             .make_kernel = make_batch_norm};
constexpr OpSchema kLayerNormalizationSchema{.name = "LayerNormalization",
                                             .inputs = kLayerNormInputs,
                                             .outputs = kLayerNormOutputs,
                                             .versions = kLayerNormVersions,
                                             .make_kernel = make_layer_norm};

}  // namespace ow
