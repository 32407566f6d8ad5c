// Matrix products C = alpha * A * B (+ C): the one core MatMul, Gemm and Conv share. Operands are read
// through strides, so a transposed operand (Gemm's transA, transB) or a column of pixels (Conv) costs
// nothing extra. float32 goes through a packed SIMD128 core (gemm_f32_simd128.cpp); float64 and the
// integers through a scalar loop (gemm_scalar.cpp), whose integers wrap as two's complement.
// float16/bfloat16 callers compute in float32 and round once.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// Element (r, c) of a matrix operand is data[r * row_stride + c * col_stride].
template <typename T>
struct MatrixOperand {
  const T* data;
  ptrdiff_t row_stride;
  ptrdiff_t col_stride;
};

// C (m x n, rows ldc apart) = alpha * A (m x k) * B (k x n), plus C's previous values when
// `accumulate`. With k = 0 the product is 0 (C is left as it was when accumulating).
void gemm_f32(size_t m, size_t n, size_t k, MatrixOperand<float> a, MatrixOperand<float> b, float* c, size_t ldc, float alpha,
              bool accumulate);

// One operand packed once into the core's panels, for products that reuse it (a session's constant
// weights, ops/matrix_product.h): each product then packs only the other operand. A (m x k) takes
// gemm_f32_packed_a_size(m, k) floats, in panels of rows as kernels/gemm_tile.h reads them (Conv's
// weights, kernels/conv.h); B (k x n) gemm_f32_packed_b_size(k, n).
size_t gemm_f32_packed_a_size(size_t m, size_t k);
size_t gemm_f32_packed_b_size(size_t k, size_t n);
void gemm_f32_pack_a(size_t m, size_t k, MatrixOperand<float> a, float* packed);
void gemm_f32_pack_b(size_t k, size_t n, MatrixOperand<float> b, float* packed);
// gemm_f32 with B given as gemm_f32_pack_b packed it for the same k and n: the same sums in the same
// order, so the same result.
void gemm_f32_packed_b(size_t m, size_t n, size_t k, MatrixOperand<float> a, const float* b_packed, float* c, size_t ldc, float alpha,
                       bool accumulate);

// The same in scalar loops, for T = double and for the integers by width (uint32_t, uint64_t: signed
// values are the same bits, and wrapping products and sums are the same modulo 2^bits).
template <typename T>
void gemm_scalar(size_t m, size_t n, size_t k, MatrixOperand<T> a, MatrixOperand<T> b, T* c, size_t ldc, T alpha, bool accumulate);

extern template void gemm_scalar<double>(size_t, size_t, size_t, MatrixOperand<double>, MatrixOperand<double>, double*, size_t,
                                         double, bool);
extern template void gemm_scalar<uint32_t>(size_t, size_t, size_t, MatrixOperand<uint32_t>, MatrixOperand<uint32_t>, uint32_t*,
                                           size_t, uint32_t, bool);
extern template void gemm_scalar<uint64_t>(size_t, size_t, size_t, MatrixOperand<uint64_t>, MatrixOperand<uint64_t>, uint64_t*,
                                           size_t, uint64_t, bool);

// Gemm's C term: C (m x n, rows ldc apart) = beta * X, X read through its strides (0 along a dim it
// broadcasts), for T = float, double, uint32_t and uint64_t (integers wrap as gemm_scalar's do).
template <typename T>
void scale_matrix(size_t m, size_t n, MatrixOperand<T> x, T beta, T* c, size_t ldc);

extern template void scale_matrix<float>(size_t, size_t, MatrixOperand<float>, float, float*, size_t);
extern template void scale_matrix<double>(size_t, size_t, MatrixOperand<double>, double, double*, size_t);
extern template void scale_matrix<uint32_t>(size_t, size_t, MatrixOperand<uint32_t>, uint32_t, uint32_t*, size_t);
extern template void scale_matrix<uint64_t>(size_t, size_t, MatrixOperand<uint64_t>, uint64_t, uint64_t*, size_t);

}  // namespace ow::kernels
