// LRN 1, 13 (kernels/lrn.h): X (N x C x D1 ...) divided elementwise by (bias + alpha / size *
// square_sum)^beta, square_sum the sum of the squares of the channels from c - floor((size - 1) / 2) to
// c + ceil((size - 1) / 2) inside [0, C). float64 computes in float64, float32 in float32, float16 and
// bfloat16 (13) in float32 rounded once.
#include <string>
#include <vector>

#include "kernels/lrn.h"
#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class LrnKernel final : public Kernel {
 public:
  LrnKernel(size_t size, double alpha, double beta, double bias) : size_(size), alpha_(alpha), beta_(beta), bias_(bias) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    if (x.rank() < 2) return InvalidArgument("input X must have rank 2 or more (N x C x D1 ...), got shape " + dims_to_string(x.dims()));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    if (x.size() == 0) return Status::Ok();
    const auto channels = static_cast<size_t>(x.dims()[1]);
    const kernels::ChannelShape shape{static_cast<size_t>(x.dims()[0]), channels, x.size() / channels / static_cast<size_t>(x.dims()[0])};
    const kernels::LrnWindow window{(size_ - 1) / 2, size_ / 2};  // ceil((size - 1) / 2) = floor(size / 2)
    const auto run = [&](auto storage) __attribute__((always_inline)) {
      using S = decltype(storage);
      using C = ComputeType<S>;
      std::vector<float> x_scratch, y_scratch;
      kernels::lrn<C>(compute_elements<S>(x, x_scratch), result_elements<S>(*y, y_scratch), shape, window,
                      static_cast<C>(alpha_ / static_cast<double>(size_)), static_cast<C>(beta_), static_cast<C>(bias_));
      store_result<S>(*y, y_scratch);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run)) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  size_t size_;
  double alpha_, beta_, bias_;
};

Result<std::unique_ptr<Kernel>> make_lrn(int /*version*/, const Attributes& attrs) {
  if (!attrs.has("size")) return InvalidArgument("attribute 'size' is required");
  OW_ASSIGN_OR_RETURN(int64_t size, attrs.get_int("size", 0));
  if (size < 1 || size > INT32_MAX) return InvalidArgument("attribute 'size' must be positive, got " + std::to_string(size));
  OW_ASSIGN_OR_RETURN(double alpha, attrs.get_float("alpha", 0.0001));
  OW_ASSIGN_OR_RETURN(double beta, attrs.get_float("beta", 0.75));
  OW_ASSIGN_OR_RETURN(double bias, attrs.get_float("bias", 1.0));
  return std::unique_ptr<Kernel>(new LrnKernel(static_cast<size_t>(size), alpha, beta, bias));
}

constexpr AttributeSpec kAttributes[] = {{"alpha", AttrKind::kFloat, "0.0001"},
                                         {"beta", AttrKind::kFloat, "0.75"},
                                         {"bias", AttrKind::kFloat, "1"},
                                         {"size", AttrKind::kInt, {}, {}, true}};
// 13 adds bfloat16.
constexpr OpVersion kVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes},
                                   {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = kAttributes}};
constexpr Param kInputs[] = {{"X", "T"}};
constexpr Param kOutputs[] = {{"Y", "T"}};

}  // namespace

constexpr OpSchema kLrnSchema{.name = "LRN", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_lrn};

}  // namespace ow
