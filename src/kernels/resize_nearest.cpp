// Resize's nearest mode: data movement, one loop per element size.
#include <cstring>

#include "kernels/resize.h"
#include "kernels/resize_loops.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

template <typename E>
struct Nearest {
  // Nearest has one tap, of weight 1: a copy.
  static void combine(const E* const* rows, const float* /*weights*/, size_t /*count*/, size_t n, E* out) {
    std::memcpy(out, rows[0], n * sizeof(E));
  }
  static void columns(const E* row, const ResizeAxis& ax, E* out) {
    if (ax.repeat == 0) {
      for (size_t o = 0; o < ax.output_size; ++o) out[o] = row[ax.index[o]];
      return;
    }
    size_t i = 0;
    if constexpr (sizeof(E) == 4) {  // float32 and the 32-bit integers doubled: a vector to two
      if (ax.repeat == 2) {
        for (; i + 4 <= ax.input_size; i += 4) {
          const v128_t v = wasm_v128_load(row + i);
          wasm_v128_store(out + 2 * i, wasm_i32x4_shuffle(v, v, 0, 0, 1, 1));
          wasm_v128_store(out + 2 * i + 4, wasm_i32x4_shuffle(v, v, 2, 2, 3, 3));
        }
      }
    }
    for (; i < ax.input_size; ++i)
      for (size_t k = 0; k < ax.repeat; ++k) out[i * ax.repeat + k] = row[i];
  }
};

template <typename E>
void run(const ResizePlan& plan, const void* x, void* y, uint64_t extrapolation, void* workspace) {
  resize_detail::run<Nearest<E>>(plan, static_cast<const E*>(x), static_cast<E*>(y), workspace);
  if (plan.extrapolates) {
    E value;
    std::memcpy(&value, &extrapolation, sizeof(E));  // the low bytes: wasm and the native targets are little-endian
    resize_detail::extrapolate(plan, value, static_cast<E*>(y));
  }
}

}  // namespace

uint64_t resize_workspace_size(const ResizePlan& plan, size_t element_size) { return resize_detail::workspace_bytes(plan, element_size); }

void resize_nearest(const ResizePlan& plan, size_t element_size, const void* x, void* y, uint64_t extrapolation, void* workspace) {
  switch (element_size) {
    case 1: run<uint8_t>(plan, x, y, extrapolation, workspace); break;
    case 2: run<uint16_t>(plan, x, y, extrapolation, workspace); break;
    case 4: run<uint32_t>(plan, x, y, extrapolation, workspace); break;
    default: run<uint64_t>(plan, x, y, extrapolation, workspace); break;
  }
}

}  // namespace ow::kernels
