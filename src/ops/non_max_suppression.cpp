// NonMaxSuppression, versions 10 and 11 (11 changes only the spec's text): per batch and class, the
// boxes whose score is above score_threshold (all, where it is omitted; never a NaN score), by
// descending score, ties by lower box index, each kept unless its IoU with one kept before exceeds
// iou_threshold, up to max_output_boxes_per_class (default 0: none), as onnxruntime selects them
// (kernels/nms.h for its arithmetic). The output is int64 [selected, 3] (batch, class, box), batch by
// batch, class by class, in the order chosen: its shape depends on the values.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/nms.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// A scalar input of one element (shape [] or [1]), or `fallback` where omitted.
template <typename T>
Result<T> scalar_input(const Tensor* t, const char* name, T fallback) {
  if (!t) return fallback;
  if (t->size() != 1 || t->rank() > 1)
    return InvalidArgument(std::string("input '") + name + "' must hold one value, got shape " + dims_to_string(t->dims()));
  return t->data<T>()[0];
}

class NonMaxSuppressionKernel final : public Kernel {
 public:
  explicit NonMaxSuppressionKernel(bool center_point_box) : center_point_box_(center_point_box) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& boxes = *inputs[0];
    const Tensor& scores = *inputs[1];
    if (boxes.rank() != 3 || boxes.dims()[2] != 4)
      return InvalidArgument("input 'boxes' must be [num_batches, spatial_dimension, 4], got shape " + dims_to_string(boxes.dims()));
    if (scores.rank() != 3 || scores.dims()[0] != boxes.dims()[0] || scores.dims()[2] != boxes.dims()[1])
      return InvalidArgument("input 'scores' must be [num_batches, num_classes, spatial_dimension] with the boxes' " +
                             dims_to_string({boxes.dims()[0]}) + " batches and " + std::to_string(boxes.dims()[1]) + " boxes, got shape " +
                             dims_to_string(scores.dims()));
    const Tensor* none = nullptr;
    OW_ASSIGN_OR_RETURN(int64_t max_boxes, scalar_input<int64_t>(inputs.size() > 2 ? inputs[2] : none, "max_output_boxes_per_class", 0));
    OW_ASSIGN_OR_RETURN(float iou_threshold, scalar_input<float>(inputs.size() > 3 ? inputs[3] : none, "iou_threshold", 0.0f));
    const Tensor* score_input = inputs.size() > 4 ? inputs[4] : nullptr;
    OW_ASSIGN_OR_RETURN(float score_threshold, scalar_input<float>(score_input, "score_threshold", 0.0f));
    if (!(iou_threshold >= 0 && iou_threshold <= 1))
      return InvalidArgument("input 'iou_threshold' must be in [0, 1], got " + std::to_string(iou_threshold));

    const auto batches = static_cast<size_t>(boxes.dims()[0]), classes = static_cast<size_t>(scores.dims()[1]);
    const auto spatial = static_cast<size_t>(boxes.dims()[1]);
    const auto most = static_cast<size_t>(std::min<int64_t>(std::max<int64_t>(max_boxes, 0), static_cast<int64_t>(spatial)));
    std::vector<int64_t> selected;  // (batch, class, box) triples
    if (most > 0 && spatial > 0) {
      std::vector<float> corners(5 * spatial), kept(5 * most);
      const auto arrays = [](float* p, size_t n) { return kernels::BoxArrays{p, p + n, p + 2 * n, p + 3 * n, p + 4 * n}; };
      const kernels::BoxArrays all = arrays(corners.data(), spatial), chosen = arrays(kept.data(), most);
      std::vector<uint32_t> candidates(spatial), kept_indices(most);
      for (size_t b = 0; b < batches; ++b) {
        kernels::box_corners(boxes.data<float>() + b * spatial * 4, spatial, center_point_box_, all);
        for (size_t c = 0; c < classes; ++c) {
          const float* s = scores.data<float>() + (b * classes + c) * spatial;
          const size_t count = kernels::candidates(s, spatial, score_threshold, !score_input, candidates.data());
          const size_t n = kernels::select_boxes(s, candidates.data(), count, all, iou_threshold, most, chosen, kept_indices.data());
          for (size_t k = 0; k < n; ++k)
            selected.insert(selected.end(), {static_cast<int64_t>(b), static_cast<int64_t>(c), static_cast<int64_t>(kept_indices[k])});
        }
      }
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kInt64, Dims{static_cast<int64_t>(selected.size() / 3), 3}, y));
    std::copy(selected.begin(), selected.end(), y->data<int64_t>());
    return Status::Ok();
  }

 private:
  bool center_point_box_;
};

Result<std::unique_ptr<Kernel>> make_nms(int, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t center, attrs.get_int("center_point_box", 0));
  if (center != 0 && center != 1) return InvalidArgument("attribute 'center_point_box' must be 0 or 1, got " + std::to_string(center));
  return std::unique_ptr<Kernel>(new NonMaxSuppressionKernel(center == 1));
}

constexpr std::array<DType, 1> kFloat32Type = {DType::kFloat32};
constexpr Param kInputs[] = {{"boxes", "tensor(float)"},
                             {"scores", "tensor(float)"},
                             {"max_output_boxes_per_class", "tensor(int64)", Param::Arity::kOptional},
                             {"iou_threshold", "tensor(float)", Param::Arity::kOptional},
                             {"score_threshold", "tensor(float)", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"selected_indices", "tensor(int64)"}};
constexpr AttributeSpec kAttributes[] = {{"center_point_box", AttrKind::kFlag, "0"}};
constexpr TypeConstraint kTypes[] = {{"tensor(float)", kFloat32Type}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kVersions[] = {{.since_version = 10, .types = kTypes, .attributes = kAttributes},
                                   {.since_version = 11, .types = kTypes, .attributes = kAttributes}};

}  // namespace

constexpr OpSchema kNonMaxSuppressionSchema{
    .name = "NonMaxSuppression", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_nms};

}  // namespace ow
