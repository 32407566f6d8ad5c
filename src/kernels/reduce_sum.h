// The sums of ReduceMean: rows added into a row of sums, and contiguous runs summed. float32 sums in
// float32 and float64 in float64 (as onnxruntime does); integers sum in their own width, wrapping, on
// their bits as unsigned values, which wrap alike for signed ones; or widened, so that no sum wraps:
// 32-bit integers into 64 bits, 64-bit ones into 128.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// acc[i] += x[i] for i < n.
void add_row(float* acc, const float* x, size_t n);
void add_row(double* acc, const double* x, size_t n);
void add_row(uint32_t* acc, const uint32_t* x, size_t n);
void add_row(uint64_t* acc, const uint64_t* x, size_t n);

// Widened: acc[i] += x[i] for i < n.
void widening_add_row(int64_t* acc, const int32_t* x, size_t n);
void widening_add_row(uint64_t* acc, const uint32_t* x, size_t n);
void widening_add_row(__int128* acc, const int64_t* x, size_t n);
void widening_add_row(unsigned __int128* acc, const uint64_t* x, size_t n);

// x[0] + ... + x[n - 1], in two interleaved vector accumulators, then the tail.
float sum(const float* x, size_t n);
double sum(const double* x, size_t n);
uint32_t sum(const uint32_t* x, size_t n);
uint64_t sum(const uint64_t* x, size_t n);

// Widened: x[0] + ... + x[n - 1] (32-bit integers in two interleaved vector accumulators, then the tail).
int64_t widening_sum(const int32_t* x, size_t n);
uint64_t widening_sum(const uint32_t* x, size_t n);
__int128 widening_sum(const int64_t* x, size_t n);
unsigned __int128 widening_sum(const uint64_t* x, size_t n);

}  // namespace ow::kernels
