// Min micro-kernels, one overload pair per element type:
//   min_vv: y[r * n + i] = min(a[r * n + i], b[i]) for r < rows: `rows` rows of a against one row of
//           b (rows = 1: elementwise; more: b broadcast over the rows, read from cache)
//   min_vs: y[i] = min(a[i], b)
// and for float32 also
//   min_vvvv: y[i] = min(a[i], b[i], c[i], d[i]) (d may be c): three inputs folded in one pass
// y may be the same array as a (the Min operator folds its inputs into the output in place); no
// other overlap is allowed. Floating-point min propagates NaN and orders -0 below +0, in either
// argument order. Each: a SIMD128 main loop and a scalar tail.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

void min_vv(const float* a, const float* b, float* y, size_t n, size_t rows);
void min_vs(const float* a, float b, float* y, size_t n);
void min_vvvv(const float* a, const float* b, const float* c, const float* d, float* y, size_t n);
void min_vv(const double* a, const double* b, double* y, size_t n, size_t rows);
void min_vs(const double* a, double b, double* y, size_t n);

void min_vv(const int8_t* a, const int8_t* b, int8_t* y, size_t n, size_t rows);
void min_vs(const int8_t* a, int8_t b, int8_t* y, size_t n);
void min_vv(const int16_t* a, const int16_t* b, int16_t* y, size_t n, size_t rows);
void min_vs(const int16_t* a, int16_t b, int16_t* y, size_t n);
void min_vv(const int32_t* a, const int32_t* b, int32_t* y, size_t n, size_t rows);
void min_vs(const int32_t* a, int32_t b, int32_t* y, size_t n);
void min_vv(const int64_t* a, const int64_t* b, int64_t* y, size_t n, size_t rows);
void min_vs(const int64_t* a, int64_t b, int64_t* y, size_t n);
void min_vv(const uint8_t* a, const uint8_t* b, uint8_t* y, size_t n, size_t rows);
void min_vs(const uint8_t* a, uint8_t b, uint8_t* y, size_t n);
void min_vv(const uint16_t* a, const uint16_t* b, uint16_t* y, size_t n, size_t rows);
void min_vs(const uint16_t* a, uint16_t b, uint16_t* y, size_t n);
void min_vv(const uint32_t* a, const uint32_t* b, uint32_t* y, size_t n, size_t rows);
void min_vs(const uint32_t* a, uint32_t b, uint32_t* y, size_t n);
void min_vv(const uint64_t* a, const uint64_t* b, uint64_t* y, size_t n, size_t rows);
void min_vs(const uint64_t* a, uint64_t b, uint64_t* y, size_t n);

// Half types go through float32 in blocks; the result is one of the inputs, so converting back is exact.
void min_vv(const Float16* a, const Float16* b, Float16* y, size_t n, size_t rows);
void min_vs(const Float16* a, Float16 b, Float16* y, size_t n);
void min_vv(const BFloat16* a, const BFloat16* b, BFloat16* y, size_t n, size_t rows);
void min_vs(const BFloat16* a, BFloat16 b, BFloat16* y, size_t n);

}  // namespace ow::kernels
