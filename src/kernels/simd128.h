// The WebAssembly SIMD128 intrinsics every kernel is written with. The wasm build (-msimd128) uses
// clang's <wasm_simd128.h>; native builds use SIMDe's implementation of the same API (Debian
// libsimde-dev), so that the native tests, sanitizers and fuzzers run the very loops the wasm runs.
#pragma once

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#else
#include <cstdint>

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>

// SIMDe 0.7.4 lacks the *_const_splat forms (wasm splats of a compile-time constant): a splat is the
// same value.
inline v128_t wasm_i16x8_const_splat(int16_t c) { return wasm_i16x8_splat(c); }
inline v128_t wasm_i32x4_const_splat(int32_t c) { return wasm_i32x4_splat(c); }
inline v128_t wasm_u32x4_const_splat(uint32_t c) { return wasm_i32x4_splat(static_cast<int32_t>(c)); }
inline v128_t wasm_i64x2_const_splat(int64_t c) { return wasm_i64x2_splat(c); }
inline v128_t wasm_f32x4_const_splat(float c) { return wasm_f32x4_splat(c); }
#endif
