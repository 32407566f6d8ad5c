// ConvTranspose, versions 1, 11, 22: X [N, C, D1...] with W [C, M / group, k1...] and an optional bias
// B [M], 1 to 3 spatial axes: each input element x[c, i] adds x * W[c, m, t] into output position
// i * stride + t * dilation - pad_begin of channel m (of c's group), where inside the output. Output
// sizes (ONNX's formulas, with e the dilated kernel extent (k - 1) * dilation + 1 and the full size
// stride * (in - 1) + output_padding + e):
//   output_shape given: its sizes; the full size minus them is the padding, split in half, the odd
//                       one at the end for SAME_UPPER and at the beginning otherwise (pads ignored);
//   SAME_UPPER/LOWER:   in * stride, padded likewise;
//   VALID:              the full size, no padding;
//   NOTSET:             the full size minus pads.
// Each (image, group) is one GEMM per block of input positions, W's group transposed [M / group x K,
// C / group] times X's positions [C / group, P] (kernels/gemm.h: the packed SIMD128 core in float32,
// the scalar one in float64), whose columns col2im then adds into Y (kernels/im2col.h), filled with
// the bias first. float16 and bfloat16 compute in float32 and round once.
#include <algorithm>
#include <string>
#include <vector>

#include "kernels/copy_rows.h"
#include "kernels/im2col.h"
#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/pool_geometry.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Bytes of columns per block of input positions, so that they stay in cache for col2im.
constexpr size_t kColumnBytes = 1 << 17;

class ConvTransposeKernel final : public Kernel {
 public:
  ConvTransposeKernel(WindowAttributes window, int64_t group, std::vector<int64_t> output_padding, std::vector<int64_t> output_shape)
      : window_(std::move(window)), group_(group), output_padding_(std::move(output_padding)), output_shape_(std::move(output_shape)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor &x = *inputs[0], &w = *inputs[1];
    const Tensor* bias = inputs.size() > 2 ? inputs[2] : nullptr;
    if (x.rank() < 3)
      return InvalidArgument("input X must have rank 3 or more (N x C x D1 ...), got shape " + dims_to_string(x.dims()));
    if (x.rank() > 5)
      return Unsupported("input X of shape " + dims_to_string(x.dims()) + " has " + std::to_string(x.rank() - 2) +
                         " spatial axes; this runtime's ConvTranspose takes 1 to 3");
    if (w.rank() != x.rank())
      return InvalidArgument("input W of shape " + dims_to_string(w.dims()) + " must have X's rank " + std::to_string(x.rank()) +
                             " (C x M/group x k1 ...)");
    const size_t spatial = x.rank() - 2;
    const Dims kernel(w.dims().begin() + 2, w.dims().end());
    if (window_.given_kernel() && window_.kernel() != kernel)
      return InvalidArgument("attribute 'kernel_shape' " + dims_to_string(window_.kernel()) + " is not W's spatial shape " +
                             dims_to_string(kernel));
    for (size_t i = 0; i < spatial; ++i)
      if (kernel[i] == 0) return InvalidArgument("input W of shape " + dims_to_string(w.dims()) + " has an empty kernel");
    OW_ASSIGN_OR_RETURN(WindowAttributes window, window_.with_axes(spatial, kernel));
    const int64_t n = x.dims()[0], c = x.dims()[1], m = w.dims()[1] * group_;
    if (w.dims()[0] != c)
      return InvalidArgument("input X has " + std::to_string(c) + " channels but W of shape " + dims_to_string(w.dims()) + " has " +
                             std::to_string(w.dims()[0]) + " (C x M/group x k1 ...)");
    if (c % group_ != 0)
      return InvalidArgument("input X has " + std::to_string(c) + " channels, not a multiple of attribute 'group' " + std::to_string(group_));
    if (bias && (bias->rank() != 1 || bias->dims()[0] != m))
      return InvalidArgument("input B of shape " + dims_to_string(bias->dims()) + " must be [M] = [" + std::to_string(m) + "]");
    if (!output_padding_.empty() && output_padding_.size() != spatial)
      return InvalidArgument("attribute 'output_padding' has " + std::to_string(output_padding_.size()) + " values but X has " +
                             std::to_string(spatial) + " spatial axes");
    // output_shape may also be written with N and C first, as onnxruntime reads it.
    if (!output_shape_.empty() && output_shape_.size() != spatial && output_shape_.size() != spatial + 2)
      return InvalidArgument("attribute 'output_shape' has " + std::to_string(output_shape_.size()) + " values but X has " +
                             std::to_string(spatial) + " spatial axes");

    kernels::ConvAxis axes[3];
    for (size_t i = 0; i < 3; ++i) axes[i] = {1, 1, 1, 1, 1, 0};
    Dims y_dims = {n, m};
    for (size_t i = 0; i < spatial; ++i) {
      const int64_t in = x.dims()[i + 2], stride = window.strides()[i], dilation = window.dilations()[i];
      const int64_t full = stride * (in - 1) + (output_padding_.empty() ? 0 : output_padding_[i]) + (kernel[i] - 1) * dilation + 1;
      int64_t out = full - window.pads()[i] - window.pads()[i + spatial], pad_begin = window.pads()[i];
      const bool same = window.auto_pad() == AutoPad::kSameUpper || window.auto_pad() == AutoPad::kSameLower;
      if (!output_shape_.empty() || same) {
        out = !output_shape_.empty() ? output_shape_[output_shape_.size() - spatial + i] : in * stride;
        const int64_t total = full - out;
        pad_begin = window.auto_pad() == AutoPad::kSameUpper ? floor_div(total, 2) : total - floor_div(total, 2);
      } else if (window.auto_pad() == AutoPad::kValid) {
        out = full;
        pad_begin = 0;
      }
      if (out < 1)
        return InvalidArgument("spatial axis " + std::to_string(i) + " of the output would have size " + std::to_string(out) +
                               " (input " + std::to_string(in) + ", kernel " + std::to_string(kernel[i]) + ", stride " +
                               std::to_string(stride) + ", dilation " + std::to_string(dilation) + ", pads " + dims_to_string(window.pads()) + ")");
      y_dims.push_back(out);
      axes[3 - spatial + i] = {static_cast<size_t>(in), static_cast<size_t>(out), static_cast<size_t>(kernel[i]), static_cast<size_t>(stride),
                               static_cast<size_t>(dilation), static_cast<ptrdiff_t>(pad_begin)};
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();

    size_t in_plane = 1, out_plane = 1, taps = 1;
    for (const kernels::ConvAxis& a : axes) {
      in_plane *= a.input;
      out_plane *= a.output;
      taps *= a.kernel;
    }
    const size_t groups = static_cast<size_t>(group_), channels = static_cast<size_t>(c), outputs_m = static_cast<size_t>(m);
    const size_t cg = channels / groups, mg = outputs_m / groups;
    const size_t rows = mg * taps;  // the GEMM's m: each output channel's taps
    const auto run = [&](auto storage) __attribute__((always_inline)) {
      using S = decltype(storage);
      using C = ComputeType<S>;
      std::vector<float> x_scratch, w_scratch, b_scratch, y_scratch;
      const C* x_data = compute_elements<S>(x, x_scratch);
      const C* w_data = compute_elements<S>(w, w_scratch);
      C* y_data = result_elements<S>(*y, y_scratch);
      const C* b_data = bias ? compute_elements<S>(*bias, b_scratch) : nullptr;
      const C zero = 0;
      for (size_t plane = 0; plane < static_cast<size_t>(n) * outputs_m; ++plane)
        kernels::fill_elements(reinterpret_cast<unsigned char*>(y_data + plane * out_plane), b_data ? &b_data[plane % outputs_m] : &zero,
                               sizeof(C), out_plane);
      const size_t block = std::max<size_t>(8, std::min(in_plane, kColumnBytes / sizeof(C) / rows));
      std::vector<C> cols(rows * std::min(block, in_plane));
      for (size_t image = 0; image < static_cast<size_t>(n); ++image) {
        for (size_t g = 0; g < groups; ++g) {
          const C* xg = x_data + (image * channels + g * cg) * in_plane;
          // W's group [C / group, M / group x K] read transposed.
          const kernels::MatrixOperand<C> weights{w_data + g * cg * rows, 1, static_cast<ptrdiff_t>(rows)};
          C* yg = y_data + (image * outputs_m + g * mg) * out_plane;
          for (size_t p0 = 0; p0 < in_plane; p0 += block) {
            const size_t count = std::min(block, in_plane - p0);
            gemm<C>(rows, count, cg, weights, {xg + p0, static_cast<ptrdiff_t>(in_plane), 1}, cols.data(), count, C(1), false);
            kernels::col2im_add<C>(cols.data(), mg, axes, p0, count, yg);
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
  WindowAttributes window_;
  int64_t group_;
  std::vector<int64_t> output_padding_, output_shape_;  // empty where absent
};

Result<std::unique_ptr<Kernel>> make_conv_transpose(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(WindowAttributes window, WindowAttributes::parse(attrs, {.kernel_required = false, .dilations = true}));
  OW_ASSIGN_OR_RETURN(int64_t group, attrs.get_int("group", 1));
  if (group < 1 || group > INT32_MAX) return InvalidArgument("attribute 'group' must be positive, got " + std::to_string(group));
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> output_padding, optional_ints(attrs, "output_padding", 0));
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> output_shape, optional_ints(attrs, "output_shape", 0));
  return std::unique_ptr<Kernel>(std::make_unique<ConvTransposeKernel>(std::move(window), group, std::move(output_padding), std::move(output_shape)));
}

// 11 rewrites the text only, 22 adds bfloat16.
constexpr AttributeSpec kAttributes[] = {{"auto_pad", AttrKind::kString, "NOTSET", kAutoPads},
                                         {"dilations", AttrKind::kInts, "1 per spatial axis"},
                                         {"group", AttrKind::kInt, "1"},
                                         {"kernel_shape", AttrKind::kInts, "W's spatial dims"},
                                         {"output_padding", AttrKind::kInts, "0 per spatial axis"},
                                         {"output_shape", AttrKind::kInts, "from the pads"},
                                         {"pads", AttrKind::kInts, "0 per begin and end"},
                                         {"strides", AttrKind::kInts, "1 per spatial axis"}};
constexpr Param kInputs[] = {{"X", "T"}, {"W", "T"}, {"B", "T", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"Y", "T"}};
constexpr OpVersion kVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                   {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                   {.since_version = 22, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes}};

}  // namespace

constexpr OpSchema kConvTransposeSchema{
    .name = "ConvTranspose", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_conv_transpose};

}  // namespace ow
