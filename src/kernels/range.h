// Range's elements: out[0] = start, each next one the previous plus delta in the type, as ONNX's
// definition (a loop adding delta) and onnxruntime compute them: floats round at each step, integers
// are exact (the caller's count keeps every element in range).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

void range(float start, float delta, float* out, size_t n);
void range(double start, double delta, double* out, size_t n);
void range(int16_t start, int16_t delta, int16_t* out, size_t n);
void range(int32_t start, int32_t delta, int32_t* out, size_t n);
void range(int64_t start, int64_t delta, int64_t* out, size_t n);
// float16 and bfloat16: with `in_float32`, each element the float32 sum rounded once to the type, else
// each the previous plus delta rounded to the type (the float32 sum of two of them rounds as the exact
// sum would: a float32 holds the bits that decide it).
void range(Float16 start, Float16 delta, Float16* out, size_t n, bool in_float32);
void range(BFloat16 start, BFloat16 delta, BFloat16* out, size_t n, bool in_float32);

}  // namespace ow::kernels
