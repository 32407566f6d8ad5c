// Conv, versions 1, 11, 22: X [N, C, D1...] with W [M, C / group, k1...] and an optional bias B [M],
// 1 to 3 spatial axes. The window geometry (pads, auto_pad, strides, dilations) is the pooling
// operators' (ops/pool_geometry.h); kernel_shape, when given, must be W's. In float32 (and float16,
// bfloat16, which compute in float32 and round once) each (image, group) is an implicit GEMM
// (kernels/conv.h): the group's weights [M / group, C / group x K], in the GEMM core's panels, times
// the input windows gathered a few output positions at a time, from the bias. Constant weights in a
// session (a model's) are packed once, at its creation (float16's and bfloat16's converted then);
// others on each call. A depthwise
// Conv (one input channel per group, any number of outputs per group) of 1 or 2 spatial axes skips
// the GEMM, whose k would be only the taps: each output plane is convolved directly (kernels/dwconv.h),
// from its bias. float64 runs the scalar GEMM core on im2col columns (kernels/im2col.h), built in
// blocks of output positions so that the columns stay in cache; a 1x1 kernel with stride 1 and no
// padding multiplies X itself; the bias fills Y first and the product adds to it. A session may fuse
// a Relu or Clip, or a SiLU (Sigmoid and Mul), after a float32 Conv into it (ops/conv.h): the GEMM's
// tiles apply it as they store, the depthwise path to each plane after it.
#include "ops/conv.h"

#include <algorithm>
#include <string>
#include <type_traits>

#include "kernels/conv.h"
#include "kernels/copy_rows.h"
#include "kernels/dwconv.h"
#include "kernels/im2col.h"
#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/pool_geometry.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Bytes of im2col columns per block: a block of output positions is as wide as fits.
constexpr size_t kColumnBytes = 1 << 20;

class ConvKernel final : public Kernel {
 public:
  ConvKernel(WindowAttributes window, int64_t group, kernels::OutputActivation activation = {})
      : window_(std::move(window)), group_(group), activation_(activation) {}

  // Constant weights (a model's) of float32, or of float16 or bfloat16 converted to float32 here, once:
  // each group's [M / group, C / group x K] packed for the GEMM core's tiles (kernels/conv.h). Not for
  // the direct depthwise path, which reads W as it is.
  Status prepare_constants(const Inputs& constants) override {
    const Tensor* w = constants.size() > 1 ? constants[1] : nullptr;
    if (!w || w->rank() < 3 || w->rank() > 5 || w->size() == 0) return Status::Ok();
    const auto m = static_cast<size_t>(w->dims()[0]), groups = static_cast<size_t>(group_);
    if (m % groups != 0 || (w->dims()[1] == 1 && w->rank() <= 4)) return Status::Ok();
    std::vector<float> converted;
    const float* elements = nullptr;
    switch (w->dtype()) {
      case DType::kFloat32: elements = w->data<float>(); break;
      case DType::kFloat16: elements = compute_elements<Float16>(*w, converted); break;
      case DType::kBFloat16: elements = compute_elements<BFloat16>(*w, converted); break;
      default: return Status::Ok();
    }
    const size_t mg = m / groups, depth = w->size() / m;
    return packed_.pack_a(*w, groups, mg, depth, [&](size_t g) {
      return kernels::MatrixOperand<float>{elements + g * mg * depth, static_cast<ptrdiff_t>(depth), 1};
    });
  }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor &x = *inputs[0], &w = *inputs[1];
    const Tensor* bias = inputs.size() > 2 ? inputs[2] : nullptr;
    if (x.rank() < 3)
      return InvalidArgument("input X must have rank 3 or more (N x C x D1 ...), got shape " + dims_to_string(x.dims()));
    if (x.rank() > 5)
      return Unsupported("input X of shape " + dims_to_string(x.dims()) + " has " + std::to_string(x.rank() - 2) +
                         " spatial axes; this runtime's Conv takes 1 to 3");
    if (w.rank() != x.rank())
      return InvalidArgument("input W of shape " + dims_to_string(w.dims()) + " must have X's rank " + std::to_string(x.rank()) +
                             " (M x C/group x k1 ...)");
    const size_t spatial = x.rank() - 2;
    const Dims kernel(w.dims().begin() + 2, w.dims().end());
    if (window_.given_kernel() && window_.kernel() != kernel)
      return InvalidArgument("attribute 'kernel_shape' " + dims_to_string(window_.kernel()) + " is not W's spatial shape " +
                             dims_to_string(kernel));
    OW_ASSIGN_OR_RETURN(WindowAttributes window, window_.with_axes(spatial, kernel));
    if (activates() && x.dtype() != DType::kFloat32)
      return Status(ErrorCode::kInternal, std::string("a Conv activating its output runs on float32 only, not ") + dtype_name(x.dtype()));
    const int64_t n = x.dims()[0], c = x.dims()[1], m = w.dims()[0];
    if (c != w.dims()[1] * group_)
      return InvalidArgument("input X has " + std::to_string(c) + " channels but W of shape " + dims_to_string(w.dims()) + " with group " +
                             std::to_string(group_) + " needs " + std::to_string(w.dims()[1] * group_));
    if (m % group_ != 0)
      return InvalidArgument("input W has " + std::to_string(m) + " output channels, not a multiple of attribute 'group' " + std::to_string(group_));
    if (bias && (bias->rank() != 1 || bias->dims()[0] != m))
      return InvalidArgument("input B of shape " + dims_to_string(bias->dims()) + " must be [M] = [" + std::to_string(m) + "]");
    for (size_t i = 0; i < spatial; ++i)
      if (kernel[i] == 0) return InvalidArgument("input W of shape " + dims_to_string(w.dims()) + " has an empty kernel");
    OW_ASSIGN_OR_RETURN(std::vector<AxisPadding> pads, window.resolve(x.dims()));
    Dims y_dims = {n, m};
    for (const AxisPadding& p : pads) y_dims.push_back(p.output);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();

    // The spatial axes as three (depth, height, width), leading ones of size 1.
    kernels::ConvAxis axes[3];
    for (size_t i = 0; i < 3; ++i) axes[i] = {1, 1, 1, 1, 1, 0};
    for (size_t i = 0; i < spatial; ++i) {
      const size_t at = 3 - spatial + i;
      axes[at] = {static_cast<size_t>(x.dims()[i + 2]), static_cast<size_t>(pads[i].output), static_cast<size_t>(kernel[i]),
                  static_cast<size_t>(window.strides()[i]), static_cast<size_t>(window.dilations()[i]),
                  static_cast<ptrdiff_t>(pads[i].pad_begin)};
    }
    size_t in_plane = 1, out_plane = 1, taps = 1;
    bool pointwise = true;  // 1x1, stride 1, no padding: the columns are X's planes
    for (const kernels::ConvAxis& a : axes) {
      in_plane *= a.input;
      out_plane *= a.output;
      taps *= a.kernel;
      pointwise = pointwise && a.kernel == 1 && a.stride == 1 && a.pad == 0 && a.output == a.input;
    }
    const size_t groups = static_cast<size_t>(group_);
    const size_t cg = static_cast<size_t>(c) / groups, mg = static_cast<size_t>(m) / groups;
    const size_t depth = cg * taps;  // the GEMM's k

    const auto run = [&](auto storage) __attribute__((always_inline)) {
      using S = decltype(storage);
      using C = ComputeType<S>;
      std::vector<float> x_scratch, w_scratch, b_scratch, y_scratch;
      const C* x_data = compute_elements<S>(x, x_scratch);
      // The weights packed at the session's creation; else W's elements (float16's converted now).
      const float* packed = nullptr;
      if constexpr (std::is_same_v<C, float>) packed = packed_.panels_for(w);
      const C* w_data = packed ? nullptr : compute_elements<S>(w, w_scratch);
      C* y_data = result_elements<S>(*y, y_scratch);
      const C* b_data = bias ? compute_elements<S>(*bias, b_scratch) : nullptr;
      if constexpr (std::is_same_v<C, float>) {
        if (cg == 1 && spatial <= 2) {
          for (size_t plane = 0; plane < static_cast<size_t>(n * m); ++plane) {
            const size_t image = plane / static_cast<size_t>(m), oc = plane % static_cast<size_t>(m);
            kernels::dwconv_f32(x_data + (image * static_cast<size_t>(c) + oc / mg) * in_plane, axes[1], axes[2], w_data + oc * taps,
                                b_data ? b_data[oc] : 0.0f, y_data + plane * out_plane);
            if (activates()) kernels::activate_f32(activation_, y_data + plane * out_plane, out_plane);
          }
          store_result<S>(*y, y_scratch);
          return;
        }
        // The weights in the GEMM core's panels: packed at the session's creation, or now.
        const size_t group_panels = kernels::gemm_f32_packed_a_size(mg, depth);
        std::vector<float> packed_now;
        const float* panels = packed;
        if (!panels) {
          packed_now.resize(groups * group_panels);
          for (size_t g = 0; g < groups; ++g)
            kernels::gemm_f32_pack_a(mg, depth, {w_data + g * mg * depth, static_cast<ptrdiff_t>(depth), 1}, packed_now.data() + g * group_panels);
          panels = packed_now.data();
        }
        for (size_t image = 0; image < static_cast<size_t>(n); ++image) {
          for (size_t g = 0; g < groups; ++g) {
            kernels::conv_f32(x_data + (image * static_cast<size_t>(c) + g * cg) * in_plane, cg, axes, panels + g * group_panels, mg,
                              b_data ? b_data + g * mg : nullptr, activation_, y_data + (image * static_cast<size_t>(m) + g * mg) * out_plane);
          }
        }
        store_result<S>(*y, y_scratch);
        return;
      }
      if (bias) {
        for (size_t plane = 0; plane < static_cast<size_t>(n * m); ++plane)
          kernels::fill_elements(reinterpret_cast<unsigned char*>(y_data + plane * out_plane), &b_data[plane % static_cast<size_t>(m)], sizeof(C), out_plane);
      }
      const size_t block = pointwise ? out_plane : std::max<size_t>(8, std::min(out_plane, kColumnBytes / sizeof(C) / std::max<size_t>(depth, 1)));
      std::vector<C> cols(pointwise ? 0 : depth * block);
      for (size_t image = 0; image < static_cast<size_t>(n); ++image) {
        for (size_t g = 0; g < groups; ++g) {
          const C* xg = x_data + (image * static_cast<size_t>(c) + g * cg) * in_plane;
          const C* wg = w_data + g * mg * depth;
          C* yg = y_data + (image * static_cast<size_t>(m) + g * mg) * out_plane;
          const kernels::MatrixOperand<C> weights{wg, static_cast<ptrdiff_t>(depth), 1};
          if (pointwise) {
            gemm<C>(mg, out_plane, depth, weights, {xg, static_cast<ptrdiff_t>(in_plane), 1}, yg, out_plane, C(1), bias != nullptr);
            continue;
          }
          for (size_t p0 = 0; p0 < out_plane; p0 += block) {
            const size_t count = std::min(block, out_plane - p0);
            kernels::im2col<C>(xg, cg, axes, p0, count, cols.data());
            gemm<C>(mg, count, depth, weights, {cols.data(), static_cast<ptrdiff_t>(count), 1}, yg + p0, out_plane, C(1), bias != nullptr);
          }
        }
      }
      store_result<S>(*y, y_scratch);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  bool activates() const { return activation_.lo != -INFINITY || activation_.hi != INFINITY || activation_.silu; }

  WindowAttributes window_;
  int64_t group_;
  kernels::OutputActivation activation_;  // a fused Relu's, Clip's or SiLU's (ops/conv.h)
  PackedWeights packed_;
};

Result<std::unique_ptr<ConvKernel>> make_conv_kernel(const Attributes& attrs, kernels::OutputActivation activation) {
  OW_ASSIGN_OR_RETURN(WindowAttributes window, WindowAttributes::parse(attrs, {.kernel_required = false, .dilations = true}));
  OW_ASSIGN_OR_RETURN(int64_t group, attrs.get_int("group", 1));
  if (group < 1 || group > INT32_MAX) return InvalidArgument("attribute 'group' must be positive, got " + std::to_string(group));
  return std::make_unique<ConvKernel>(std::move(window), group, activation);
}

Result<std::unique_ptr<Kernel>> make_conv(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(std::unique_ptr<ConvKernel> kernel, make_conv_kernel(attrs, {}));
  return std::unique_ptr<Kernel>(std::move(kernel));
}

// 11 rewrites the text only (SAME padding's odd pixel), 22 adds bfloat16.
constexpr AttributeSpec kAttributes[] = {{"auto_pad", AttrKind::kString, "NOTSET", kAutoPads},
                                         {"dilations", AttrKind::kInts, "1 per spatial axis"},
                                         {"group", AttrKind::kInt, "1"},
                                         {"kernel_shape", AttrKind::kInts, "W's spatial dims"},
                                         {"pads", AttrKind::kInts, "0 per begin and end"},
                                         {"strides", AttrKind::kInts, "1 per spatial axis"}};
constexpr Param kInputs[] = {{"X", "T"}, {"W", "T"}, {"B", "T", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"Y", "T"}};
constexpr OpVersion kConvVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                       {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                       {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes}};

}  // namespace

constexpr OpSchema kConvSchema{.name = "Conv", .inputs = kInputs, .outputs = kOutputs, .versions = kConvVersions, .make_kernel = make_conv};

std::optional<PreparedOp> conv_activating_output(const PreparedOp& conv, const Attributes& attrs, kernels::OutputActivation activation) {
  if (&conv.schema() != &kConvSchema) return std::nullopt;
  Result<std::unique_ptr<ConvKernel>> kernel = make_conv_kernel(attrs, activation);  // as the node's own kernel was made
  if (!kernel.ok()) return std::nullopt;
  return conv.with_kernel(kernel.take());
}

}  // namespace ow
