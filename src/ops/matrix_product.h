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

// A float32 weight operand packed once into the GEMM core's panels (Kernel::prepare_constants), as
// `count` matrices one after another (Conv's groups), for products that then pack only the other
// operand (kernels/gemm.h). It shares the tensor it was packed from, so that tensor's memory stays
// its own while the panels are in use, and gives the panels only for that tensor.
class PackedWeights {
 public:
  // A as `count` left operands of m x k, matrix g at a(g); B likewise as right operands of k x n.
  template <typename At>
  Status pack_a(const Tensor& source, size_t count, size_t m, size_t k, At a) {
    OW_RETURN_IF_ERROR(allocate(source, count * kernels::gemm_f32_packed_a_size(m, k)));
    for (size_t g = 0; g < count; ++g) kernels::gemm_f32_pack_a(m, k, a(g), panels_.data<float>() + g * kernels::gemm_f32_packed_a_size(m, k));
    return Status::Ok();
  }
  template <typename Bt>
  Status pack_b(const Tensor& source, size_t count, size_t k, size_t n, Bt b) {
    OW_RETURN_IF_ERROR(allocate(source, count * kernels::gemm_f32_packed_b_size(k, n)));
    for (size_t g = 0; g < count; ++g) kernels::gemm_f32_pack_b(k, n, b(g), panels_.data<float>() + g * kernels::gemm_f32_packed_b_size(k, n));
    return Status::Ok();
  }
  // gemm() with matrix g of these panels as B where `t` is the tensor they were packed from, else as
  // gemm() with `b`, packed as it runs: the same sums either way.
  template <typename C>
  void gemm_b(const Tensor& t, size_t g, size_t m, size_t n, size_t k, kernels::MatrixOperand<C> a, kernels::MatrixOperand<C> b, C* c,
              size_t ldc, C alpha, bool accumulate) const {
    if constexpr (std::is_same_v<C, float>) {
      if (const float* panels = panels_for(t)) {
        kernels::gemm_f32_packed_b(m, n, k, a, panels + g * kernels::gemm_f32_packed_b_size(k, n), c, ldc, alpha, accumulate);
        return;
      }
    }
    gemm<C>(m, n, k, a, b, c, ldc, alpha, accumulate);
  }

  // The panels, all `count` matrices one after another, where `t` is the tensor they were packed
  // from; else null.
  const float* panels_for(const Tensor& t) const {
    const bool same = panels_.size() != 0 && t.raw_data() == source_.raw_data() && t.dtype() == source_.dtype() && t.dims() == source_.dims();
    return same ? panels_.data<float>() : nullptr;
  }

 private:

  Status allocate(const Tensor& source, size_t floats) {
    OW_ASSIGN_OR_RETURN(panels_, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(floats)}));
    source_ = source;
    return Status::Ok();
  }

  Tensor source_;
  Tensor panels_;
};

}  // namespace ow
