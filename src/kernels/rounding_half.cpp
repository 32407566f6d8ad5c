#include "kernels/convert_half.h"
#include "kernels/rounding.h"

namespace ow::kernels {
namespace {

template <typename H>
void run(RoundingMode mode, const H* x, H* y, size_t n) {
  float block[kHalfBlock];
  for (size_t i = 0; i < n; i += kHalfBlock) {
    size_t m = n - i < kHalfBlock ? n - i : kHalfBlock;
    half_to_f32(x + i, block, m);
    rounding_f32(mode, block, block, m);
    f32_to_half(block, y + i, m);
  }
}

}  // namespace

void rounding_f16(RoundingMode mode, const Float16* x, Float16* y, size_t n) { run(mode, x, y, n); }
void rounding_bf16(RoundingMode mode, const BFloat16* x, BFloat16* y, size_t n) { run(mode, x, y, n); }

}  // namespace ow::kernels
