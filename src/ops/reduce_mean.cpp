// ReduceMean, versions 1, 11, 13, 18. Versions 1 to 13 take the axes as an attribute, 18 as an
// optional input with noop_with_empty_axes; 11 states the axes' range [-r, r - 1] (accepted by every
// version here), 13 adds bfloat16.
//
// The mean is the sum over the reduced axes divided by their element count. Floats sum in float32
// (float16, bfloat16 and float32) or float64, as onnxruntime does; integers sum widened, 32-bit ones in
// 64 bits and 64-bit ones in 128, so that no sum wraps, and divide truncating toward zero: the mean of
// int32 [2000000000, 2000000000] is 2000000000, as in ONNX's reference and onnxruntime. A mean over no
// elements is NaN for floats (0 / 0) and 0 for integers.
#include <cstring>
#include <string>

#include "kernels/reduce_mean.h"
#include "ops/families.h"
#include "ops/reduce_axes.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ReduceMeanKernel final : public Kernel {
 public:
  explicit ReduceMeanKernel(ReduceAxes axes) : axes_(std::move(axes)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(ReducePlan plan, axes_.plan(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(plan.y_dims), y));
    if (y->size() == 0) return Status::Ok();
    const kernels::MeanLoops* loops = kernels::reduce_mean_loops(x.dtype());
    if (!loops) return Unsupported(std::string("type ") + dtype_name(x.dtype()));  // excluded by the schema
    // The sums go where the means will (halves and integers: a buffer of wider sums beside), then
    // become the means.
    Tensor buffer;
    if (!loops->in_place) {
      OW_ASSIGN_OR_RETURN(buffer, Tensor::allocate(DType::kUint8, {static_cast<int64_t>(y->size() * loops->sums.acc_size)}));
    }
    auto* sums = static_cast<unsigned char*>(loops->in_place ? y->raw_data() : buffer.raw_data());
    std::memset(sums, 0, y->size() * loops->sums.acc_size);  // all bits 0: +0 of every sum (and the sum of nothing)
    if (x.size() != 0) kernels::fold_groups(plan.groups, loops->sums, dtype_size(x.dtype()), x.raw_data(), sums);
    loops->finish(sums, y->raw_data(), y->size(), plan.count);
    return Status::Ok();
  }

 private:
  ReduceAxes axes_;
};

Result<std::unique_ptr<Kernel>> make_reduce_mean(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ReduceAxes axes, ReduceAxes::from_attributes(attrs, version >= 18));
  return std::unique_ptr<Kernel>(new ReduceMeanKernel(std::move(axes)));
}

// 1 and 11 (the axes' range stated) take the axes as an attribute, 13 adds bfloat16, 18 takes the
// axes as an input and adds noop_with_empty_axes.
constexpr OpVersion kReduceMeanVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 13, .types = type_t<kReduceTypes13>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 18, .types = kReduceTypesAxesInput<kReduceTypes13>, .attributes = kReduceAttributesAxesInput}};

}  // namespace

constexpr OpSchema kReduceMeanSchema{
    .name = "ReduceMean", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs, .versions = kReduceMeanVersions, .make_kernel = make_reduce_mean};

}  // namespace ow
