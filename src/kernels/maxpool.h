// Max pooling micro-kernels over N x C x D1 x ... x Dn tensors, on the plans of average pooling
// (kernels/avgpool.h: the same per-axis tables, whose divisors max pooling ignores). Each of the N * C
// planes is pooled alone, one output row (last spatial axis) at a time: the input rows inside the
// window on the outer axes are reduced into one row, then each output column reduces its taps along it.
//
// The maximum ranks every value: -inf < ... < -0 < +0 < ... < +inf < NaN (a NaN in a window wins, as
// IEEE 754's maximum and wasm's f32x4.max, so the order of the taps never matters). A window without
// taps inside the input (possible with dilations) gives -inf, or the type's lowest for integers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/dtype.h"
#include "kernels/avgpool.h"

namespace ow::kernels {

// Bytes of scratch memory maxpool needs for `plan` and the element `type` (with `indices`: for the
// kernel that also writes Indices), in 64 bits; the operator checks and allocates it.
uint64_t maxpool_workspace_size(const AvgPoolPlan& plan, DType type, bool indices);

// Pools `planes` consecutive planes of x into y. With `indices` non-null, also writes there the index of
// each output's element: its offset in x (planes included, row-major, as if the merged axes of the plan
// were apart) of the first tap, in row-major window order, that holds the maximum; -1 for a window
// without taps. float16, bfloat16, int8 and uint8 are compared as float32 (exactly).
void maxpool(const AvgPoolPlan& plan, size_t planes, const float* x, float* y, int64_t* indices, void* workspace);
void maxpool(const AvgPoolPlan& plan, size_t planes, const double* x, double* y, int64_t* indices, void* workspace);
void maxpool(const AvgPoolPlan& plan, size_t planes, const Float16* x, Float16* y, int64_t* indices, void* workspace);
void maxpool(const AvgPoolPlan& plan, size_t planes, const BFloat16* x, BFloat16* y, int64_t* indices, void* workspace);
void maxpool(const AvgPoolPlan& plan, size_t planes, const int8_t* x, int8_t* y, int64_t* indices, void* workspace);
void maxpool(const AvgPoolPlan& plan, size_t planes, const uint8_t* x, uint8_t* y, int64_t* indices, void* workspace);

// `count` indices of planes of the `spatial` dims, row-major within each plane as maxpool gives them,
// rewritten column-major (the first spatial axis fastest: storage_order 1); -1 stays.
void maxpool_indices_to_column_major(std::span<const int64_t> spatial, int64_t* indices, size_t count);

}  // namespace ow::kernels
