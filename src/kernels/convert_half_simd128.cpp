#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/simd128.h"

namespace ow::kernels {

// The float16 loops are the FP16 library's scalar conversions (used for the tails) done lane-wise, so
// both paths give the same bits.
void f16_to_f32(const Float16* x, float* y, size_t n) {
  size_t i = 0;
  const v128_t sign_mask = wasm_u32x4_const_splat(0x80000000u);
  // Normal values: move exponent and mantissa into place, then rebias the exponent by a multiply.
  const v128_t exp_offset = wasm_u32x4_const_splat(0xE0u << 23);
  const v128_t exp_scale = wasm_f32x4_const_splat(0x1.0p-112f);
  // Subnormals: the mantissa under the exponent of 0.5, minus 0.5.
  const v128_t magic_mask = wasm_u32x4_const_splat(126u << 23);
  const v128_t magic_bias = wasm_f32x4_const_splat(0.5f);
  const v128_t subnormal_cutoff = wasm_u32x4_const_splat(1u << 27);
  for (; i + 8 <= n; i += 8) {
    const v128_t h = wasm_v128_load(x + i);
    const v128_t words[2] = {wasm_i32x4_shl(wasm_u32x4_extend_low_u16x8(h), 16),
                             wasm_i32x4_shl(wasm_u32x4_extend_high_u16x8(h), 16)};
    for (int k = 0; k < 2; ++k) {
      const v128_t w = words[k];
      const v128_t two_w = wasm_i32x4_add(w, w);
      const v128_t normal = wasm_f32x4_mul(wasm_i32x4_add(wasm_u32x4_shr(two_w, 4), exp_offset), exp_scale);
      const v128_t subnormal = wasm_f32x4_sub(wasm_v128_or(wasm_u32x4_shr(two_w, 17), magic_mask), magic_bias);
      const v128_t magnitude = wasm_v128_bitselect(subnormal, normal, wasm_u32x4_lt(two_w, subnormal_cutoff));
      wasm_v128_store(y + i + 4 * k, wasm_v128_or(wasm_v128_and(w, sign_mask), magnitude));
    }
  }
  for (; i < n; ++i) y[i] = to_f32(x[i]);
}

void f32_to_f16(const float* x, Float16* y, size_t n) {
  size_t i = 0;
  // Scaling up then down leaves the bits below half precision's to be rounded off (to nearest even)
  // by adding a power of two of the right exponent; Inf and overflow saturate to Inf on the way.
  const v128_t scale_to_inf = wasm_f32x4_const_splat(0x1.0p+112f);
  const v128_t scale_to_zero = wasm_f32x4_const_splat(0x1.0p-110f);
  const v128_t sign_mask = wasm_u32x4_const_splat(0x80000000u);
  const v128_t exp_mask = wasm_u32x4_const_splat(0xFF000000u);
  const v128_t bias_min = wasm_u32x4_const_splat(0x71000000u);
  const v128_t bias_offset = wasm_u32x4_const_splat(0x07800000u);
  const v128_t f16_exp_mask = wasm_u32x4_const_splat(0x7C00u);
  const v128_t f16_mantissa_mask = wasm_u32x4_const_splat(0x0FFFu);
  const v128_t f16_nan = wasm_u32x4_const_splat(0x7E00u);
  for (; i + 8 <= n; i += 8) {
    v128_t r[2];
    for (int k = 0; k < 2; ++k) {
      const v128_t w = wasm_v128_load(x + i + 4 * k);
      const v128_t shl1_w = wasm_i32x4_add(w, w);
      const v128_t base = wasm_f32x4_mul(wasm_f32x4_mul(wasm_f32x4_abs(w), scale_to_inf), scale_to_zero);
      const v128_t bias = wasm_u32x4_max(wasm_v128_and(shl1_w, exp_mask), bias_min);
      const v128_t bits = wasm_f32x4_add(wasm_i32x4_add(wasm_u32x4_shr(bias, 1), bias_offset), base);
      const v128_t nonsign = wasm_i32x4_add(wasm_v128_and(wasm_u32x4_shr(bits, 13), f16_exp_mask),
                                            wasm_v128_and(bits, f16_mantissa_mask));
      const v128_t is_nan = wasm_u32x4_gt(shl1_w, exp_mask);
      r[k] = wasm_v128_or(wasm_u32x4_shr(wasm_v128_and(w, sign_mask), 16), wasm_v128_bitselect(f16_nan, nonsign, is_nan));
    }
    // Every lane is below 2^16, so the saturating narrow is exact.
    wasm_v128_store(y + i, wasm_u16x8_narrow_i32x4(r[0], r[1]));
  }
  for (; i < n; ++i) y[i] = f16_from_f32(x[i]);
}

void bf16_to_f32(const BFloat16* x, float* y, size_t n) {
  size_t i = 0;
  // bfloat16 is the upper half of a float32: widen and shift.
  for (; i + 8 <= n; i += 8) {
    v128_t h = wasm_v128_load(x + i);
    wasm_v128_store(y + i, wasm_i32x4_shl(wasm_u32x4_extend_low_u16x8(h), 16));
    wasm_v128_store(y + i + 4, wasm_i32x4_shl(wasm_u32x4_extend_high_u16x8(h), 16));
  }
  for (; i < n; ++i) y[i] = to_f32(x[i]);
}

void f32_to_bf16(const float* x, BFloat16* y, size_t n) {
  size_t i = 0;
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
  for (; i < n; ++i) y[i] = bf16_from_f32(x[i]);
}

}  // namespace ow::kernels
