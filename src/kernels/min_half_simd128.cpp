#include <algorithm>

#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/min.h"

namespace ow::kernels {
namespace {

template <typename H>
void min_vv_half(const H* a, const H* b, H* y, size_t n, size_t rows) {
  float fa[kHalfBlock], fb[kHalfBlock];
  for (size_t r = 0; r < rows; ++r) {
    for (size_t i = 0; i < n; i += kHalfBlock) {
      const size_t m = std::min(n - i, kHalfBlock);
      half_to_f32(a + r * n + i, fa, m);
      half_to_f32(b + i, fb, m);
      min_vv(fa, fb, fa, m, 1);
      f32_to_half(fa, y + r * n + i, m);
    }
  }
}

template <typename H>
void min_vs_half(const H* a, H b, H* y, size_t n) {
  float fa[kHalfBlock];
  const float fb = to_f32(b);
  for (size_t i = 0; i < n; i += kHalfBlock) {
    const size_t m = std::min(n - i, kHalfBlock);
    half_to_f32(a + i, fa, m);
    min_vs(fa, fb, fa, m);
    f32_to_half(fa, y + i, m);
  }
}

}  // namespace

void min_vv(const Float16* a, const Float16* b, Float16* y, size_t n, size_t rows) { min_vv_half(a, b, y, n, rows); }
void min_vs(const Float16* a, Float16 b, Float16* y, size_t n) { min_vs_half(a, b, y, n); }
void min_vv(const BFloat16* a, const BFloat16* b, BFloat16* y, size_t n, size_t rows) { min_vv_half(a, b, y, n, rows); }
void min_vs(const BFloat16* a, BFloat16 b, BFloat16* y, size_t n) { min_vs_half(a, b, y, n); }

}  // namespace ow::kernels
