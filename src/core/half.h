// Scalar float16/bfloat16 <-> float32 conversions, round-to-nearest-even, NaN stays NaN.
// float16 uses the FP16 library; bfloat16 is the upper half of a float32.
#pragma once

#include <fp16/fp16.h>

#include <cstdint>
#include <cstring>

#include "core/dtype.h"

namespace ow {

inline uint32_t f32_bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float f32_from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

inline float to_f32(Float16 h) { return fp16_ieee_to_fp32_value(h.bits); }
inline float to_f32(BFloat16 h) { return f32_from_bits(uint32_t{h.bits} << 16); }

inline Float16 f16_from_f32(float f) { return Float16{fp16_ieee_from_fp32_value(f)}; }

inline BFloat16 bf16_from_f32(float f) {
  uint32_t u = f32_bits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return BFloat16{static_cast<uint16_t>((u >> 16) | 0x0040u)};  // quiet NaN
  u += 0x7fffu + ((u >> 16) & 1u);  // round to nearest, ties to even
  return BFloat16{static_cast<uint16_t>(u >> 16)};
}

template <typename H> H half_from_f32(float f);
template <> inline Float16 half_from_f32<Float16>(float f) { return f16_from_f32(f); }
template <> inline BFloat16 half_from_f32<BFloat16>(float f) { return bf16_from_f32(f); }

}  // namespace ow
