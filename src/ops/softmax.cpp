// Softmax and LogSoftmax (kernels/softmax.h). Versions 1 and 11 coerce the input to 2-D at `axis`
// (default 1): the dims before it are rows, the rest one axis of their product; 13 normalizes along
// the single axis `axis` (default -1). A negative axis counts from the back from version 11.
#include "kernels/softmax.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class SoftmaxKernel final : public Kernel {
 public:
  SoftmaxKernel(int version, int64_t axis, bool log) : axis_(axis), coerce_2d_(version < 13), negative_(version >= 11), log_(log) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const Dims& dims = x.dims();
    const auto r = static_cast<int64_t>(dims.size());
    if (axis_ < (negative_ ? -r : 0) || axis_ >= r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for input 'input' of shape " +
                             dims_to_string(dims) + (r == 0 ? " (it needs rank 1 or more)" : " (valid: " + (negative_ ? std::to_string(-r) : std::string("0")) + " to " + std::to_string(r - 1) + ")"));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), dims, y));
    if (x.size() == 0) return Status::Ok();  // every part's product is then at most the element count
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
    kernels::SoftmaxShape shape{1, 1, 1};
    for (size_t k = 0; k < axis; ++k) shape.outer *= static_cast<size_t>(dims[k]);
    shape.d = coerce_2d_ ? x.size() / shape.outer : static_cast<size_t>(dims[axis]);
    shape.inner = x.size() / (shape.outer * shape.d);
    const auto run = [&](auto element) __attribute__((always_inline)) {
      using T = decltype(element);
      kernels::softmax(x.data<T>(), y->data<T>(), shape, log_);
    };
    if (!visit_dtype<float, double, Float16, BFloat16>(x.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  int64_t axis_;
  bool coerce_2d_, negative_, log_;
};

template <bool kLog>
Result<std::unique_ptr<Kernel>> make_softmax(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", version >= 13 ? -1 : 1));
  return std::unique_ptr<Kernel>(new SoftmaxKernel(version, axis, kLog));
}

// 1: 2-D coercion; 11: a negative axis; 13: one axis, default -1, and bfloat16.
constexpr AttributeSpec kAxis1[] = {{"axis", AttrKind::kInt, "1"}};
constexpr AttributeSpec kAxis13[] = {{"axis", AttrKind::kInt, "-1"}};
constexpr OpVersion kSoftmaxVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAxis1},
                                          {.since_version = 11, .types = type_t<kFloatTypes>, .attributes = kAxis1},
                                          {.since_version = 13, .types = type_t<kFloatTypesBf16>, .attributes = kAxis13}};
constexpr Param kInputs[] = {{"input", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kSoftmaxSchema{
    .name = "Softmax", .inputs = kInputs, .outputs = kOutputs, .versions = kSoftmaxVersions, .make_kernel = make_softmax<false>};
constexpr OpSchema kLogSoftmaxSchema{
    .name = "LogSoftmax", .inputs = kInputs, .outputs = kOutputs, .versions = kSoftmaxVersions, .make_kernel = make_softmax<true>};

}  // namespace ow
