// ReduceSum (1, 11, 13), ReduceProd (1, 11, 13, 18), ReduceMax and ReduceMin (1, 11, 12, 13, 18, 20):
// the folds of kernels/reduce.h over the axes of ops/reduce_axes.h, as ReduceMean's sums. The axes are
// an attribute up to ReduceSum-11 and ReduceProd, ReduceMax and ReduceMin-13, then an optional input
// with noop_with_empty_axes; 11 states the axes' range [-r, r - 1] (accepted by every version here).
//
// Sums and products of integers wrap in the type, as ONNX's reference (numpy.sum and numpy.prod with
// the input's dtype) and onnxruntime compute them; float16 and bfloat16 accumulate in float32 and round
// once. Over no elements: a sum 0, a product 1, a max -inf (the lowest integer), a min +inf (the
// highest), as ReduceMax-18's text says. Max and Min propagate NaN (ONNX's reference, numpy.maximum's
// reduction; docs/operators.md).
#include <cstring>
#include <string>

#include "kernels/convert_half.h"
#include "kernels/reduce.h"
#include "ops/families.h"
#include "ops/reduce_axes.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ReduceKernel final : public Kernel {
 public:
  ReduceKernel(ReduceAxes axes, ReduceLoopsOf loops_of) : axes_(std::move(axes)), loops_of_(loops_of) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(ReducePlan plan, axes_.plan(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(plan.y_dims), y));
    if (y->size() == 0) return Status::Ok();
    // Nothing reduced (the axes all of extent 1, or none with noop_with_empty_axes): the input itself,
    // -0 too, which a sum from +0 would not keep.
    if (plan.count == 1) {
      std::memcpy(y->raw_data(), x.raw_data(), x.byte_size());
      return Status::Ok();
    }
    Tensor buffer;
    void* acc;
    OW_RETURN_IF_ERROR(fold_reduced(plan, loops_of_, x, *y, buffer, acc));
    if (x.dtype() == DType::kFloat16) kernels::f32_to_f16(static_cast<const float*>(acc), y->data<Float16>(), y->size());
    if (x.dtype() == DType::kBFloat16) kernels::f32_to_bf16(static_cast<const float*>(acc), y->data<BFloat16>(), y->size());
    return Status::Ok();
  }

 private:
  ReduceAxes axes_;
  ReduceLoopsOf loops_of_;
};

// The version from which an operator takes its axes as an input.
template <ReduceLoopsOf kReduceLoopsOf, int kAxesInputSince>
Result<std::unique_ptr<Kernel>> make_reduce(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(ReduceAxes axes, ReduceAxes::from_attributes(attrs, version >= kAxesInputSince));
  return std::unique_ptr<Kernel>(new ReduceKernel(std::move(axes), kReduceLoopsOf));
}

constexpr auto kMaxMinTypes12 = with(kReduceTypes, DType::kInt8, DType::kUint8);
constexpr auto kMaxMinTypes13 = with(kMaxMinTypes12, DType::kBFloat16);
constexpr auto kMaxMinTypes20 = with(kMaxMinTypes13, DType::kBool);

constexpr OpVersion kReduceSumVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 13, .types = kReduceTypesAxesInput<kReduceTypes13>, .attributes = kReduceAttributesAxesInput}};

constexpr OpVersion kReduceProdVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 13, .types = type_t<kReduceTypes13>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 18, .types = kReduceTypesAxesInput<kReduceTypes13>, .attributes = kReduceAttributesAxesInput}};

// 12 adds int8 and uint8, 13 bfloat16, 18 takes the axes as an input, 20 adds bool (which this runtime
// lacks: refused where tensors enter, as every operator's).
constexpr OpVersion kMaxMinVersions[] = {
    {.since_version = 1, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 11, .types = type_t<kReduceTypes>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 12, .types = type_t<kMaxMinTypes12>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 13, .types = type_t<kMaxMinTypes13>, .attributes = kReduceAttributes, .inputs = kReduceInputs},
    {.since_version = 18, .types = kReduceTypesAxesInput<kMaxMinTypes13>, .attributes = kReduceAttributesAxesInput},
    {.since_version = 20, .types = kReduceTypesAxesInput<kMaxMinTypes20>, .attributes = kReduceAttributesAxesInput}};

}  // namespace

constexpr OpSchema kReduceSumSchema{.name = "ReduceSum", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs,
                                    .versions = kReduceSumVersions, .make_kernel = make_reduce<kernels::reduce_sum_loops, 13>};
constexpr OpSchema kReduceProdSchema{.name = "ReduceProd", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs,
                                     .versions = kReduceProdVersions, .make_kernel = make_reduce<kernels::reduce_prod_loops, 18>};
constexpr OpSchema kReduceMaxSchema{.name = "ReduceMax", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs,
                                    .versions = kMaxMinVersions, .make_kernel = make_reduce<kernels::reduce_max_loops, 18>};
constexpr OpSchema kReduceMinSchema{.name = "ReduceMin", .inputs = kReduceInputsAxesInput, .outputs = kReduceOutputs,
                                    .versions = kMaxMinVersions, .make_kernel = make_reduce<kernels::reduce_min_loops, 18>};

}  // namespace ow
