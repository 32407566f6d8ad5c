// The WebAssembly SIMD128 intrinsics every kernel is written with. The wasm build (-msimd128) uses
// clang's <wasm_simd128.h>; native builds use SIMDe's implementation of the same API (Debian
// libsimde-dev), so that the native tests, sanitizers and fuzzers run the very loops the wasm runs.
#pragma once

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#else
#include <cmath>
#include <cstdint>

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>

// SIMDe 0.7.4's nearest, where the compiler lacks __builtin_roundeven (clang 14), rounds -0.5 to +0;
// nearbyint in the default rounding mode rounds half to even and keeps the sign, as f32x4.nearest and
// f64x2.nearest do.
#undef wasm_f32x4_nearest
#undef wasm_f64x2_nearest
inline v128_t wasm_f32x4_nearest(v128_t a) {
  float lanes[4];
  wasm_v128_store(lanes, a);
  for (float& v : lanes) v = std::nearbyint(v);
  return wasm_v128_load(lanes);
}
inline v128_t wasm_f64x2_nearest(v128_t a) {
  double lanes[2];
  wasm_v128_store(lanes, a);
  for (double& v : lanes) v = std::nearbyint(v);
  return wasm_v128_load(lanes);
}

// SIMDe 0.7.4 lacks the *_const_splat forms (wasm splats of a compile-time constant): a splat is the
// same value.
inline v128_t wasm_i16x8_const_splat(int16_t c) { return wasm_i16x8_splat(c); }
inline v128_t wasm_i32x4_const_splat(int32_t c) { return wasm_i32x4_splat(c); }
inline v128_t wasm_u32x4_const_splat(uint32_t c) { return wasm_i32x4_splat(static_cast<int32_t>(c)); }
inline v128_t wasm_i64x2_const_splat(int64_t c) { return wasm_i64x2_splat(c); }
inline v128_t wasm_f32x4_const_splat(float c) { return wasm_f32x4_splat(c); }
#endif
