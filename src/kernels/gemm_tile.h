// The register tile the float32 products share (gemm_f32_simd128.cpp, conv_f32_simd128.cpp): R rows of
// A packed in panels of kMr (a panel holds, for each depth step, its kMr rows' elements) times 8
// columns of B, into R x 8 accumulators, two vectors per row.
//
// R is at most kMr = 5: V8 on x64 hosts has 15 vector registers to give (the 16th is its scratch);
// 10 accumulators, 2 B vectors, the A splat and a product's temporary fit them, 6 rows (12
// accumulators) do not, and the benchmark's products run slower with them. XNNPACK's wasm kernels
// use 4x8 tiles on x86 hosts; 5 rows do at least as well here.
#pragma once

#include <cstddef>

#include "kernels/simd128.h"

namespace ow::kernels::gemm_tile {

constexpr size_t kMr = 5;  // rows of A per packed panel, the most a tile has
constexpr size_t kNr = 8;  // columns of a tile: two vectors

template <size_t R>
struct Accumulators {
  v128_t lo[R], hi[R];  // row r's columns 0-3 and 4-7
};

// acc += A panel (kc depth steps, kMr floats apart, rows 0..R-1) x B (kc rows of 8 columns, row p at
// b_row(p)), each step a multiply then an add (SIMD128 has no fused multiply-add), in depth order.
template <size_t R, class BRow>
__attribute__((always_inline)) inline void multiply_add(size_t kc, const float* a, BRow b_row, Accumulators<R>& acc) {
  for (size_t p = 0; p < kc; ++p) {
    const float* b = b_row(p);
    const v128_t b0 = wasm_v128_load(b);
    const v128_t b1 = wasm_v128_load(b + 4);
    for (size_t r = 0; r < R; ++r) {
      const v128_t ar = wasm_v128_load32_splat(a + r);
      acc.lo[r] = wasm_f32x4_add(acc.lo[r], wasm_f32x4_mul(ar, b0));
      acc.hi[r] = wasm_f32x4_add(acc.hi[r], wasm_f32x4_mul(ar, b1));
    }
    a += kMr;
  }
}

// B's rows b_stride floats apart.
template <size_t R>
__attribute__((always_inline)) inline void multiply_add(size_t kc, const float* a, const float* b, size_t b_stride, Accumulators<R>& acc) {
  multiply_add<R>(kc, a, [b, b_stride](size_t p) { return b + p * b_stride; }, acc);
}

}  // namespace ow::kernels::gemm_tile
