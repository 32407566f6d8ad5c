// float32 max pooling, and float16, bfloat16, int8 and uint8 through it: each plane is widened to
// float32, pooled, and narrowed back (exactly: the maximum is one of the inputs, and float32 holds every
// value of those types), which keeps their own copies of the loops out of the wasm. The workspace size
// of every type is here too, next to the widened types' extra planes.
#include <limits>

#include "kernels/convert_half.h"
#include "kernels/maxpool.h"
#include "kernels/min_max_ops.h"
#include "kernels/maxpool_loops.h"
#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {

namespace {

using maxpool_detail::align16;


void widen(const Float16* x, float* y, size_t n) { half_to_f32(x, y, n); }
void widen(const BFloat16* x, float* y, size_t n) { half_to_f32(x, y, n); }
template <typename I>
void widen(const I* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<float>(x[i]);
}
void narrow(const float* x, Float16* y, size_t n) { f32_to_half(x, y, n); }
void narrow(const float* x, BFloat16* y, size_t n) { f32_to_half(x, y, n); }
// A maximum of int8 or uint8 values, or the type's lowest for a window without taps (the float32
// kernel's -inf): in range.
template <typename I>
void narrow(const float* x, I* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = x[i] < static_cast<float>(std::numeric_limits<I>::lowest()) ? std::numeric_limits<I>::lowest() : static_cast<I>(x[i]);
}

template <typename H>
void run_widened(const AvgPoolPlan& plan, size_t planes, const H* x, H* y, int64_t* indices, void* workspace) {
  auto* p = static_cast<unsigned char*>(workspace);
  auto* x_plane = reinterpret_cast<float*>(p);
  p += align16(plan.input_plane * sizeof(float));
  auto* y_plane = reinterpret_cast<float*>(p);
  p += align16(plan.output_plane * sizeof(float));
  for (size_t plane = 0; plane < planes; ++plane) {
    widen(x + plane * plan.input_plane, x_plane, plan.input_plane);
    int64_t* plane_indices = indices ? indices + plane * plan.output_plane : nullptr;
    maxpool_detail::maxpool<F32x4>(plan, 1, x_plane, y_plane, plane_indices, p);
    narrow(y_plane, y + plane * plan.output_plane, plan.output_plane);
    // The plane was pooled alone: its indices are offsets in it.
    for (size_t o = 0; plane_indices && o < plan.output_plane; ++o)
      if (plane_indices[o] >= 0) plane_indices[o] += static_cast<int64_t>(plane * plan.input_plane);
  }
}

}  // namespace

uint64_t maxpool_workspace_size(const AvgPoolPlan& plan, DType type, bool indices) {
  switch (type) {
    case DType::kFloat64: return maxpool_detail::workspace_bytes<double>(plan, indices);
    case DType::kFloat16:
    case DType::kBFloat16:
    case DType::kInt8:
    case DType::kUint8:
      return align16(uint64_t{plan.input_plane} * sizeof(float)) + align16(uint64_t{plan.output_plane} * sizeof(float)) +
             maxpool_detail::workspace_bytes<float>(plan, indices);
    default: return maxpool_detail::workspace_bytes<float>(plan, indices);
  }
}

void maxpool(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, int64_t* indices, void* workspace) {
  maxpool_detail::maxpool<F32x4>(plan, planes, x, y, indices, workspace);
}

void maxpool(const AvgPoolPlan& plan, size_t planes, const Float16* x, Float16* y, int64_t* indices, void* workspace) {
  run_widened(plan, planes, x, y, indices, workspace);
}

void maxpool(const AvgPoolPlan& plan, size_t planes, const BFloat16* x, BFloat16* y, int64_t* indices, void* workspace) {
  run_widened(plan, planes, x, y, indices, workspace);
}

void maxpool(const AvgPoolPlan& plan, size_t planes, const int8_t* x, int8_t* y, int64_t* indices, void* workspace) {
  run_widened(plan, planes, x, y, indices, workspace);
}

void maxpool(const AvgPoolPlan& plan, size_t planes, const uint8_t* x, uint8_t* y, int64_t* indices, void* workspace) {
  run_widened(plan, planes, x, y, indices, workspace);
}

}  // namespace ow::kernels
