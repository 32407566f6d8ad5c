// gemm_f32: the packed float32 core. Blocking as in GotoBLAS/BLIS: for each block of kc rows of B
// and nc of its columns, packed once into panels of kNr columns (kc x kNr each, contiguous), each block
// of mc rows of A is packed into panels of kMr rows, and a register-tile micro-kernel multiplies one
// A panel by one B panel into a kMr x kNr tile of C. A B panel (8 KiB at kc = 256) stays in L1 while
// the A block streams from L2. SIMD128 has no fused multiply-add: each step is a mul and an add.
//
// When all of A fits one row panel (m <= kMr, a vector-matrix product), each B element is used by at
// most kMr rows: B row-major is read in place rather than packed, which would cost as much as the
// product.
//
// A right operand used by many products (constant weights) may be packed whole once (gemm_f32_pack_b):
// each of its panels then holds the whole depth, which the blocks read in place. gemm_f32_pack_a packs
// a left operand whole likewise, for Conv's implicit GEMM (conv_f32_simd128.cpp).
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "kernels/gemm.h"
#include "kernels/gemm_tile.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

using gemm_tile::kMr;
using gemm_tile::kNr;
constexpr size_t kKc = 256;  // depth of a packed block
constexpr size_t kMc = 120;  // rows of A per packed block (a multiple of kMr)
constexpr size_t kNc = 2048; // columns of B per packed block

// C tile (R x 8, rows ldc apart) = alpha * A panel (kc x kMr packed, R rows used) * B panel (kc rows,
// b_stride apart, 8 columns) + C when accumulating.
template <size_t R>
void micro_kernel(size_t kc, const float* a, const float* b, size_t b_stride, float* c, size_t ldc, float alpha, bool accumulate) {
  gemm_tile::Accumulators<R> acc;
  for (size_t r = 0; r < R; ++r) acc.lo[r] = acc.hi[r] = wasm_f32x4_splat(0.0f);
  gemm_tile::multiply_add<R>(kc, a, b, b_stride, acc);
  const v128_t va = wasm_f32x4_splat(alpha);
  for (size_t r = 0; r < R; ++r) {
    float* row = c + r * ldc;
    v128_t y0 = alpha == 1.0f ? acc.lo[r] : wasm_f32x4_mul(acc.lo[r], va);
    v128_t y1 = alpha == 1.0f ? acc.hi[r] : wasm_f32x4_mul(acc.hi[r], va);
    if (accumulate) {
      y0 = wasm_f32x4_add(wasm_v128_load(row), y0);
      y1 = wasm_f32x4_add(wasm_v128_load(row + 4), y1);
    }
    wasm_v128_store(row, y0);
    wasm_v128_store(row + 4, y1);
  }
}

// One row of C, 4 x kNr contiguous columns, = alpha * A's row (a packed panel's first) * four
// B panels, panel_step apart, their rows row_step apart (+ C when accumulating). A one-row product
// through micro_kernel<1> loads A's element again for each panel; here one load serves four. The
// sums are micro_kernel<1>'s, in the same order.
void row_kernel(size_t kc, const float* a, const float* b, size_t panel_step, size_t row_step, float* c, float alpha, bool accumulate) {
  constexpr size_t kPanels = 4;
  v128_t acc[2 * kPanels];
  for (v128_t& v : acc) v = wasm_f32x4_splat(0.0f);
  for (size_t p = 0; p < kc; ++p, a += kMr, b += row_step) {
    const v128_t ap = wasm_v128_load32_splat(a);
    for (size_t q = 0; q < kPanels; ++q) {
      acc[2 * q] = wasm_f32x4_add(acc[2 * q], wasm_f32x4_mul(ap, wasm_v128_load(b + q * panel_step)));
      acc[2 * q + 1] = wasm_f32x4_add(acc[2 * q + 1], wasm_f32x4_mul(ap, wasm_v128_load(b + q * panel_step + 4)));
    }
  }
  const v128_t va = wasm_f32x4_splat(alpha);
  for (size_t i = 0; i < 2 * kPanels; ++i) {
    v128_t y = alpha == 1.0f ? acc[i] : wasm_f32x4_mul(acc[i], va);
    if (accumulate) y = wasm_f32x4_add(wasm_v128_load(c + 4 * i), y);
    wasm_v128_store(c + 4 * i, y);
  }
}
constexpr size_t kRowColumns = 4 * kNr;  // row_kernel's

using MicroKernel = void (*)(size_t, const float*, const float*, size_t, float*, size_t, float, bool);
// micro_kernel<R> at index R, for R in 1..kMr.
template <size_t... R>
constexpr std::array<MicroKernel, kMr + 1> micro_kernels(std::index_sequence<R...>) {
  return {nullptr, micro_kernel<R + 1>...};
}
constexpr std::array<MicroKernel, kMr + 1> kMicroKernels = micro_kernels(std::make_index_sequence<kMr>());

// One tile of C: rows `rows` <= kMr and columns `cols` <= kNr; a partial one goes through a local tile.
void tile(size_t kc, const float* a, size_t rows, const float* b, size_t b_stride, size_t cols, float* c, size_t ldc, float alpha,
          bool accumulate) {
  if (cols == kNr) {
    kMicroKernels[rows](kc, a, b, b_stride, c, ldc, alpha, accumulate);
    return;
  }
  float local[kMr * kNr];
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = 0; j < cols; ++j) local[r * kNr + j] = accumulate ? c[r * ldc + j] : 0.0f;
  }
  kMicroKernels[rows](kc, a, b, b_stride, local, kNr, alpha, accumulate);
  for (size_t r = 0; r < rows; ++r) std::memcpy(c + r * ldc, local + r * kNr, cols * sizeof(float));
}

// A rows [i0, i0 + mc), depth [p0, p0 + kc) into panels of kMr rows (kc x kMr each, zero rows past mc).
void pack_a(MatrixOperand<float> a, size_t i0, size_t mc, size_t p0, size_t kc, float* packed) {
  for (size_t i = 0; i < mc; i += kMr) {
    const size_t rows = std::min(kMr, mc - i);
    const float* src = a.data + static_cast<ptrdiff_t>(i0 + i) * a.row_stride + static_cast<ptrdiff_t>(p0) * a.col_stride;
    for (size_t p = 0; p < kc; ++p) {
      const float* col = src + static_cast<ptrdiff_t>(p) * a.col_stride;
      size_t r = 0;
      for (; r < rows; ++r) packed[r] = col[static_cast<ptrdiff_t>(r) * a.row_stride];
      for (; r < kMr; ++r) packed[r] = 0.0f;
      packed += kMr;
    }
  }
}

// B depth [p0, p0 + kc), columns [j0, j0 + nc) into panels of kNr columns (kc x kNr each, zero columns
// past nc).
void pack_b(MatrixOperand<float> b, size_t p0, size_t kc, size_t j0, size_t nc, float* packed) {
  for (size_t j = 0; j < nc; j += kNr) {
    const size_t cols = std::min(kNr, nc - j);
    const float* src = b.data + static_cast<ptrdiff_t>(p0) * b.row_stride + static_cast<ptrdiff_t>(j0 + j) * b.col_stride;
    if (cols == kNr && b.col_stride == 1) {
      for (size_t p = 0; p < kc; ++p, packed += kNr) {
        const float* row = src + static_cast<ptrdiff_t>(p) * b.row_stride;
        wasm_v128_store(packed, wasm_v128_load(row));
        wasm_v128_store(packed + 4, wasm_v128_load(row + 4));
      }
      continue;
    }
    for (size_t p = 0; p < kc; ++p, packed += kNr) {
      const float* row = src + static_cast<ptrdiff_t>(p) * b.row_stride;
      size_t c = 0;
      for (; c < cols; ++c) packed[c] = row[static_cast<ptrdiff_t>(c) * b.col_stride];
      for (; c < kNr; ++c) packed[c] = 0.0f;
    }
  }
}

void zero_or_keep(size_t m, size_t n, float* c, size_t ldc, bool accumulate) {
  if (accumulate) return;
  for (size_t i = 0; i < m; ++i) std::memset(c + i * ldc, 0, n * sizeof(float));
}

// The product, B either packed block by block as it comes (from `b`) or read from its panels packed
// whole beforehand (`b_whole`, null where not); A packed block by block. A block's panel for columns
// from j on, j a multiple of kNr, is at block + j * step: step = kc in a block packed now, k in an
// operand packed whole (its panels run the whole depth).
void product(size_t m, size_t n, size_t k, MatrixOperand<float> a, MatrixOperand<float> b, const float* b_whole, float* c, size_t ldc,
             float alpha, bool accumulate) {
  if (m == 0 || n == 0) return;
  if (k == 0) return zero_or_keep(m, n, c, ldc, accumulate);
  const size_t kc_max = std::min(k, kKc);
  const bool in_place_b = !b_whole && m <= kMr && b.col_stride == 1;
  std::vector<float> a_packed(kMr * ((std::min(m, kMc) + kMr - 1) / kMr) * kc_max);
  std::vector<float> b_packed(b_whole ? 0 : in_place_b ? kNr * kc_max : kNr * ((std::min(n, kNc) + kNr - 1) / kNr) * kc_max);
  for (size_t j0 = 0; j0 < n; j0 += kNc) {
    const size_t nc = std::min(kNc, n - j0);
    for (size_t p0 = 0; p0 < k; p0 += kKc) {
      const size_t kc = std::min(kKc, k - p0);
      // Later depth blocks add to what the first wrote.
      const bool acc = accumulate || p0 > 0;
      if (in_place_b) {
        pack_a(a, 0, m, p0, kc, a_packed.data());
        const float* a_panel = a_packed.data();
        const float* b_rows = b.data + static_cast<ptrdiff_t>(p0) * b.row_stride + static_cast<ptrdiff_t>(j0);
        size_t j = 0;
        if (m == 1)
          for (; j + kRowColumns <= nc; j += kRowColumns)
            row_kernel(kc, a_panel, b_rows + j, kNr, static_cast<size_t>(b.row_stride), c + j0 + j, alpha, acc);
        for (; j + kNr <= nc; j += kNr)
          tile(kc, a_panel, m, b_rows + j, static_cast<size_t>(b.row_stride), kNr, c + j0 + j, ldc, alpha, acc);
        if (j < nc) {  // the last columns, packed with zeros past n
          pack_b(b, p0, kc, j0 + j, nc - j, b_packed.data());
          tile(kc, a_panel, m, b_packed.data(), kNr, nc - j, c + j0 + j, ldc, alpha, acc);
        }
        continue;
      }
      const float* b_panels = b_whole ? b_whole + j0 * k + p0 * kNr : b_packed.data();
      const size_t b_step = b_whole ? k : kc;
      if (!b_whole) pack_b(b, p0, kc, j0, nc, b_packed.data());
      for (size_t i0 = 0; i0 < m; i0 += kMc) {
        const size_t mc = std::min(kMc, m - i0);
        pack_a(a, i0, mc, p0, kc, a_packed.data());
        const float* a_panels = a_packed.data();
        size_t j = 0;
        if (mc == 1)
          for (; j + kRowColumns <= nc; j += kRowColumns)
            row_kernel(kc, a_panels, b_panels + j * b_step, kNr * b_step, kNr, c + i0 * ldc + j0 + j, alpha, acc);
        for (; j < nc; j += kNr) {
          const float* b_panel = b_panels + j * b_step;
          const size_t cols = std::min(kNr, nc - j);
          for (size_t i = 0; i < mc; i += kMr)
            tile(kc, a_panels + i * kc, std::min(kMr, mc - i), b_panel, kNr, cols, c + (i0 + i) * ldc + j0 + j, ldc, alpha, acc);
        }
      }
    }
  }
}

}  // namespace

void gemm_f32(size_t m, size_t n, size_t k, MatrixOperand<float> a, MatrixOperand<float> b, float* c, size_t ldc, float alpha,
              bool accumulate) {
  product(m, n, k, a, b, nullptr, c, ldc, alpha, accumulate);
}

size_t gemm_f32_packed_a_size(size_t m, size_t k) { return (m + kMr - 1) / kMr * kMr * k; }
size_t gemm_f32_packed_b_size(size_t k, size_t n) { return (n + kNr - 1) / kNr * kNr * k; }

void gemm_f32_pack_a(size_t m, size_t k, MatrixOperand<float> a, float* packed) { pack_a(a, 0, m, 0, k, packed); }
void gemm_f32_pack_b(size_t k, size_t n, MatrixOperand<float> b, float* packed) { pack_b(b, 0, k, 0, n, packed); }

void gemm_f32_packed_b(size_t m, size_t n, size_t k, MatrixOperand<float> a, const float* b_packed, float* c, size_t ldc, float alpha,
                       bool accumulate) {
  product(m, n, k, a, {}, b_packed, c, ldc, alpha, accumulate);
}

}  // namespace ow::kernels
