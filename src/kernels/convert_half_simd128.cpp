#include "core/half.h"
#include "kernels/convert_half.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ow::kernels {

void f16_to_f32(const Float16* x, float* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = to_f32(x[i]);
}

void f32_to_f16(const float* x, Float16* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = f16_from_f32(x[i]);
}

void bf16_to_f32(const BFloat16* x, float* y, size_t n) {
  size_t i = 0;
#if defined(__wasm_simd128__)
  // bfloat16 is the upper half of a float32: widen and shift.
  for (; i + 8 <= n; i += 8) {
    v128_t h = wasm_v128_load(x + i);
    wasm_v128_store(y + i, wasm_i32x4_shl(wasm_u32x4_extend_low_u16x8(h), 16));
    wasm_v128_store(y + i + 4, wasm_i32x4_shl(wasm_u32x4_extend_high_u16x8(h), 16));
  }
#endif
  for (; i < n; ++i) y[i] = to_f32(x[i]);
}

void f32_to_bf16(const float* x, BFloat16* y, size_t n) {
  size_t i = 0;
#if defined(__wasm_simd128__)
  const v128_t bias = wasm_i32x4_splat(0x7fff);
  const v128_t one = wasm_i32x4_splat(1);
  const v128_t quiet = wasm_i32x4_splat(0x00400000);
  for (; i + 8 <= n; i += 8) {
    v128_t r[2];
    for (int k = 0; k < 2; ++k) {
      v128_t v = wasm_v128_load(x + i + 4 * k);
      // Round to nearest even on the upper 16 bits; NaN keeps its payload top and becomes quiet.
      v128_t rounded = wasm_i32x4_add(v, wasm_i32x4_add(bias, wasm_v128_and(wasm_u32x4_shr(v, 16), one)));
      v128_t is_nan = wasm_f32x4_ne(v, v);
      r[k] = wasm_u32x4_shr(wasm_v128_bitselect(wasm_v128_or(v, quiet), rounded, is_nan), 16);
    }
    // Values are < 2^16 after the shift, so the unsigned saturating narrow is exact.
    wasm_v128_store(y + i, wasm_u16x8_narrow_i32x4(r[0], r[1]));
  }
#endif
  for (; i < n; ++i) y[i] = bf16_from_f32(x[i]);
}

}  // namespace ow::kernels
