// The sums of ReduceMean: rows added into a row of sums, and contiguous runs summed. float32 sums in
// float32 and float64 in float64 (as onnxruntime does); integers sum in their own width, wrapping (as
// onnxruntime and ONNX's reference, numpy's mean with the input's dtype, do), on their bits as unsigned
// values, which wrap alike for signed ones.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// acc[i] += x[i] for i < n.
void add_row(float* acc, const float* x, size_t n);
void add_row(double* acc, const double* x, size_t n);
void add_row(uint32_t* acc, const uint32_t* x, size_t n);
void add_row(uint64_t* acc, const uint64_t* x, size_t n);

// x[0] + ... + x[n - 1], in two interleaved vector accumulators, then the tail.
float sum(const float* x, size_t n);
double sum(const double* x, size_t n);
uint32_t sum(const uint32_t* x, size_t n);
uint64_t sum(const uint64_t* x, size_t n);

}  // namespace ow::kernels
