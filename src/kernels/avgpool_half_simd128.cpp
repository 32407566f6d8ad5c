// float16 and bfloat16 average pooling: each plane is widened to float32, pooled by the float32 kernel
// (so sums accumulate in float32) and rounded back to nearest even. The workspace size of every type is
// here too, next to the half kernels' extra planes.
#include "kernels/avgpool.h"
#include "kernels/avgpool_loops.h"
#include "kernels/convert_half.h"

namespace ow::kernels {
namespace {

using avgpool_detail::align16;
using avgpool_detail::PlaneScratch;

template <typename H>
void run(const AvgPoolPlan& plan, size_t planes, const H* x, H* y, void* workspace) {
  auto* p = static_cast<unsigned char*>(workspace);
  auto* x_plane = reinterpret_cast<float*>(p);
  p += align16(plan.input_plane * sizeof(float));
  auto* y_plane = reinterpret_cast<float*>(p);
  p += align16(plan.output_plane * sizeof(float));
  for (size_t plane = 0; plane < planes; ++plane) {
    half_to_f32(x + plane * plan.input_plane, x_plane, plan.input_plane);
    avgpool(plan, 1, x_plane, y_plane, p);
    f32_to_half(y_plane, y + plane * plan.output_plane, plan.output_plane);
  }
}

}  // namespace

uint64_t avgpool_workspace_size(const AvgPoolPlan& plan, DType type) {
  switch (type) {
    case DType::kFloat64: return PlaneScratch<double>::bytes(plan);
    case DType::kFloat16:
    case DType::kBFloat16:
      return align16(uint64_t{plan.input_plane} * sizeof(float)) + align16(uint64_t{plan.output_plane} * sizeof(float)) +
             PlaneScratch<float>::bytes(plan);
    default: return PlaneScratch<float>::bytes(plan);
  }
}

void avgpool(const AvgPoolPlan& plan, size_t planes, const Float16* x, Float16* y, void* workspace) {
  run(plan, planes, x, y, workspace);
}

void avgpool(const AvgPoolPlan& plan, size_t planes, const BFloat16* x, BFloat16* y, void* workspace) {
  run(plan, planes, x, y, workspace);
}

}  // namespace ow::kernels
