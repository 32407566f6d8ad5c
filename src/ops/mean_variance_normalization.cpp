// MeanVarianceNormalization 9, 13 (kernels/mean_variance.h): (X - mean) / (sqrt(variance) + 1e-9) with
// the mean and population variance over `axes` (default 0, 2, 3: per channel of an N x C x H x W
// input), as ONNX's function body writes it (its Epsilon constant). Every type computes in float64 and
// rounds once; 13 adds bfloat16.
#include <string>
#include <vector>

#include "kernels/cast.h"
#include "kernels/mean_variance.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// The function body's Epsilon, added to the standard deviation.
constexpr double kEpsilon = 1e-9;

class MeanVarianceKernel final : public Kernel {
 public:
  explicit MeanVarianceKernel(std::vector<int64_t> axes) : axes_(std::move(axes)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const auto rank = static_cast<int64_t>(x.rank());
    std::vector<bool> reduced(x.rank(), false);
    for (int64_t axis : axes_) {
      if (axis < -rank || axis >= rank)
        return InvalidArgument("attribute 'axes' " + dims_to_string(axes_) + " has " + std::to_string(axis) + ", out of range for input X of shape " +
                               dims_to_string(x.dims()));
      const auto a = static_cast<size_t>(axis < 0 ? axis + rank : axis);
      if (reduced[a]) return InvalidArgument("attribute 'axes' " + dims_to_string(axes_) + " names axis " + std::to_string(a) + " twice");
      reduced[a] = true;
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    if (x.size() == 0) return Status::Ok();
    std::vector<double> values(x.size());
    kernels::cast(x.dtype(), x.raw_data(), DType::kFloat64, values.data(), values.size());
    const std::vector<size_t> dims(x.dims().begin(), x.dims().end());
    kernels::mean_variance_normalize(values.data(), values.data(), dims, reduced, kEpsilon);
    kernels::cast(DType::kFloat64, values.data(), x.dtype(), y->raw_data(), values.size());
    return Status::Ok();
  }

 private:
  std::vector<int64_t> axes_;
};

Result<std::unique_ptr<Kernel>> make_mean_variance(int /*version*/, const Attributes& attrs) {
  bool given = false;
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> axes, attrs.get_ints("axes", &given));
  if (!given) axes = {0, 2, 3};
  return std::unique_ptr<Kernel>(new MeanVarianceKernel(std::move(axes)));
}

constexpr AttributeSpec kAttributes[] = {{"axes", AttrKind::kInts, "0, 2, 3"}};
constexpr OpVersion kVersions[] = {{.since_version = 9, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                   {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes}};
constexpr Param kInputs[] = {{"X", "T"}};
constexpr Param kOutputs[] = {{"Y", "T"}};

}  // namespace

constexpr OpSchema kMeanVarianceNormalizationSchema{
    .name = "MeanVarianceNormalization", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_mean_variance};

}  // namespace ow
