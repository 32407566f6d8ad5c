#include "kernels/min.h"
#include "kernels/min_loops.h"

namespace ow::kernels {

template <> struct VecMin<int8_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_i8x16_min(a, b); } };
template <> struct VecMin<uint8_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_u8x16_min(a, b); } };
template <> struct VecMin<int16_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_i16x8_min(a, b); } };
template <> struct VecMin<uint16_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_u16x8_min(a, b); } };
template <> struct VecMin<int32_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_i32x4_min(a, b); } };
template <> struct VecMin<uint32_t> { static v128_t apply(v128_t a, v128_t b) { return wasm_u32x4_min(a, b); } };

// SIMD128 has no 64-bit min: select on the signed compare.
template <>
struct VecMin<int64_t> {
  static v128_t apply(v128_t a, v128_t b) { return wasm_v128_bitselect(a, b, wasm_i64x2_lt(a, b)); }
};

// Nor an unsigned 64-bit compare: flipping the sign bits maps unsigned order onto signed order.
template <>
struct VecMin<uint64_t> {
  static v128_t apply(v128_t a, v128_t b) {
    const v128_t sign = wasm_i64x2_const_splat(INT64_MIN);
    return wasm_v128_bitselect(a, b, wasm_i64x2_lt(wasm_v128_xor(a, sign), wasm_v128_xor(b, sign)));
  }
};

void min_vv(const int8_t* a, const int8_t* b, int8_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const int8_t* a, int8_t b, int8_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const int16_t* a, const int16_t* b, int16_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const int16_t* a, int16_t b, int16_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const int32_t* a, const int32_t* b, int32_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const int32_t* a, int32_t b, int32_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const int64_t* a, const int64_t* b, int64_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const int64_t* a, int64_t b, int64_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const uint8_t* a, const uint8_t* b, uint8_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const uint8_t* a, uint8_t b, uint8_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const uint16_t* a, const uint16_t* b, uint16_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const uint16_t* a, uint16_t b, uint16_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const uint32_t* a, const uint32_t* b, uint32_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const uint32_t* a, uint32_t b, uint32_t* y, size_t n) { min_vs_loop(a, b, y, n); }
void min_vv(const uint64_t* a, const uint64_t* b, uint64_t* y, size_t n, size_t rows) { min_vv_loop(a, b, y, n, rows); }
void min_vs(const uint64_t* a, uint64_t b, uint64_t* y, size_t n) { min_vs_loop(a, b, y, n); }

}  // namespace ow::kernels
