// What MatMul, Gemm and Conv share on top of the GEMM core (kernels/gemm.h): the type a tensor's
// products are computed in, and its elements in that type. float32, float64 and the integers compute in
// their own storage (signed integers as the unsigned bits of their width: wrapping products and sums are
// the same bits); float16 and bfloat16 in float32, converted once before and rounded once after.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/dtype.h"
#include "core/tensor.h"
#include "kernels/convert_half.h"
#include "kernels/gemm.h"

namespace ow {

template <typename S> struct ComputeTypeOf { using type = S; };
template <> struct ComputeTypeOf<Float16> { using type = float; };
template <> struct ComputeTypeOf<BFloat16> { using type = float; };
template <> struct ComputeTypeOf<int32_t> { using type = uint32_t; };
template <> struct ComputeTypeOf<int64_t> { using type = uint64_t; };
template <typename S> using ComputeType = typename ComputeTypeOf<S>::type;
template <typename S> constexpr bool kIsHalf = std::is_same_v<S, Float16> || std::is_same_v<S, BFloat16>;

// The GEMM core for a compute type: the packed SIMD128 one for float32, the scalar one for the others.
template <typename C>
inline void gemm(size_t m, size_t n, size_t k, kernels::MatrixOperand<C> a, kernels::MatrixOperand<C> b, C* c, size_t ldc, C alpha,
                 bool accumulate) {
  if constexpr (std::is_same_v<C, float>) kernels::gemm_f32(m, n, k, a, b, c, ldc, alpha, accumulate);
  else kernels::gemm_scalar<C>(m, n, k, a, b, c, ldc, alpha, accumulate);
}

// The elements of t (of storage type S) in its compute type: its own, or a float32 copy in `scratch`.
template <typename S>
const ComputeType<S>* compute_elements(const Tensor& t, std::vector<float>& scratch) {
  if constexpr (kIsHalf<S>) {
    scratch.resize(t.size());
    kernels::half_to_f32(t.data<S>(), scratch.data(), t.size());
    return scratch.data();
  } else {
    return reinterpret_cast<const ComputeType<S>*>(t.data<S>());
  }
}

// Where to compute an output y of storage type S: its own elements, or float32 `scratch` that
// store_result() then rounds into y.
template <typename S>
ComputeType<S>* result_elements(Tensor& y, std::vector<float>& scratch) {
  if constexpr (kIsHalf<S>) {
    scratch.resize(y.size());
    return scratch.data();
  } else {
    return reinterpret_cast<ComputeType<S>*>(y.data<S>());
  }
}

template <typename S>
void store_result(Tensor& y, const std::vector<float>& scratch) {
  if constexpr (kIsHalf<S>) kernels::f32_to_half(scratch.data(), y.data<S>(), y.size());
}

}  // namespace ow
