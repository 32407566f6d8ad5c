// gemm_scalar: row i of C is built from the rows of B each element of A's row i scales, so that the
// inner loop runs along contiguous rows of B and C where they are.
#include <cstdint>

#include "kernels/gemm.h"

namespace ow::kernels {

template <typename T>
void gemm_scalar(size_t m, size_t n, size_t k, MatrixOperand<T> a, MatrixOperand<T> b, T* c, size_t ldc, T alpha, bool accumulate) {
  for (size_t i = 0; i < m; ++i) {
    T* row = c + i * ldc;
    if (!accumulate)
      for (size_t j = 0; j < n; ++j) row[j] = T(0);
    const T* a_row = a.data + static_cast<ptrdiff_t>(i) * a.row_stride;
    for (size_t p = 0; p < k; ++p) {
      // Unsigned integers wrap; the product of two uint32_t is done in unsigned int, never int.
      const T scale = static_cast<T>(alpha * a_row[static_cast<ptrdiff_t>(p) * a.col_stride]);
      const T* b_row = b.data + static_cast<ptrdiff_t>(p) * b.row_stride;
      for (size_t j = 0; j < n; ++j) row[j] = static_cast<T>(row[j] + scale * b_row[static_cast<ptrdiff_t>(j) * b.col_stride]);
    }
  }
}

template void gemm_scalar<double>(size_t, size_t, size_t, MatrixOperand<double>, MatrixOperand<double>, double*, size_t, double, bool);
template void gemm_scalar<uint32_t>(size_t, size_t, size_t, MatrixOperand<uint32_t>, MatrixOperand<uint32_t>, uint32_t*, size_t,
                                    uint32_t, bool);
template void gemm_scalar<uint64_t>(size_t, size_t, size_t, MatrixOperand<uint64_t>, MatrixOperand<uint64_t>, uint64_t*, size_t,
                                    uint64_t, bool);

template <typename T>
void scale_matrix(size_t m, size_t n, MatrixOperand<T> x, T beta, T* c, size_t ldc) {
  for (size_t i = 0; i < m; ++i) {
    const T* x_row = x.data + static_cast<ptrdiff_t>(i) * x.row_stride;
    for (size_t j = 0; j < n; ++j) c[i * ldc + j] = static_cast<T>(beta * x_row[static_cast<ptrdiff_t>(j) * x.col_stride]);
  }
}

template void scale_matrix<float>(size_t, size_t, MatrixOperand<float>, float, float*, size_t);
template void scale_matrix<double>(size_t, size_t, MatrixOperand<double>, double, double*, size_t);
template void scale_matrix<uint32_t>(size_t, size_t, MatrixOperand<uint32_t>, uint32_t, uint32_t*, size_t);
template void scale_matrix<uint64_t>(size_t, size_t, MatrixOperand<uint64_t>, uint64_t, uint64_t*, size_t);

}  // namespace ow::kernels
