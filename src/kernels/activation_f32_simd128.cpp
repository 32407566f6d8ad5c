// float32, float16 and bfloat16 activations (kernels/activation.h). The exact ones in SIMD128, four
// vectors a step, then one, then a scalar tail through lane 0 of the same vector code, so every element
// gets the same bits; the transcendental ones in float64 (kernels/activation_formulas.h), rounded once.
// The half types a block at a time to float32, the float32 loop there, and back.
#include <algorithm>

#include "kernels/activation_formulas.h"
#include "kernels/binary_loops.h"
#include "kernels/convert_half.h"

namespace ow::kernels {
namespace {

// The attributes as float32 splats.
struct Splats {
  v128_t alpha, beta;
  explicit Splats(const ActivationParams& p)
      : alpha(wasm_f32x4_splat(static_cast<float>(p.alpha))), beta(wasm_f32x4_splat(static_cast<float>(p.beta))) {}
};

// max(0, min(1, alpha x + beta)): pmax and pmin with the value first pass a NaN through.
inline v128_t hard_sigmoid(v128_t x, const Splats& s) {
  const v128_t v = wasm_f32x4_add(wasm_f32x4_mul(s.alpha, x), s.beta);
  return wasm_f32x4_pmin(wasm_f32x4_pmax(v, wasm_f32x4_const_splat(0.0f)), wasm_f32x4_const_splat(1.0f));
}

template <Activation kKind>
inline v128_t activate_f32x4(v128_t x, const Splats& s) {
  if constexpr (kKind == Activation::kHardSigmoid) {
    return hard_sigmoid(x, s);
  } else if constexpr (kKind == Activation::kHardSwish) {
    return wasm_f32x4_mul(x, hard_sigmoid(x, s));
  } else if constexpr (kKind == Activation::kLeakyRelu) {
    return wasm_v128_bitselect(x, wasm_f32x4_mul(x, s.alpha), wasm_f32x4_gt(x, wasm_f32x4_const_splat(0.0f)));
  } else if constexpr (kKind == Activation::kThresholdedRelu) {
    return wasm_v128_and(x, wasm_f32x4_gt(x, s.alpha));
  } else if constexpr (kKind == Activation::kShrink) {
    const v128_t above = wasm_v128_and(wasm_f32x4_sub(x, s.beta), wasm_f32x4_gt(x, s.alpha));
    return wasm_v128_bitselect(wasm_f32x4_add(x, s.beta), above, wasm_f32x4_lt(x, wasm_f32x4_neg(s.alpha)));
  } else {
    static_assert(kKind == Activation::kSoftsign);
    return wasm_f32x4_div(x, wasm_f32x4_add(wasm_f32x4_const_splat(1.0f), wasm_f32x4_abs(x)));
  }
}

template <Activation kKind>
void vector_loop(const void* x, void* y, size_t n, const ActivationParams& p) {
  const Splats s(p);
  const auto vec = [&s](v128_t v) { return activate_f32x4<kKind>(v, s); };
  const auto lane = [&s](float v) { return wasm_f32x4_extract_lane(activate_f32x4<kKind>(wasm_f32x4_splat(v), s), 0); };
  map_loop<true>(static_cast<const float*>(x), static_cast<float*>(y), n, vec, lane);
}

template <Activation kKind>
void via_f64_loop(const void* x, void* y, size_t n, const ActivationParams& p) {
  const auto* from = static_cast<const float*>(x);
  auto* to = static_cast<float*>(y);
  for (size_t i = 0; i < n; ++i) to[i] = static_cast<float>(activate<kKind>(from[i], p));
}

ActivationLoop f32_loop(Activation kind) {
  switch (kind) {
    case Activation::kHardSigmoid: return vector_loop<Activation::kHardSigmoid>;
    case Activation::kHardSwish: return vector_loop<Activation::kHardSwish>;
    case Activation::kLeakyRelu: return vector_loop<Activation::kLeakyRelu>;
    case Activation::kThresholdedRelu: return vector_loop<Activation::kThresholdedRelu>;
    case Activation::kShrink: return vector_loop<Activation::kShrink>;
    case Activation::kSoftsign: return vector_loop<Activation::kSoftsign>;
    case Activation::kElu: return via_f64_loop<Activation::kElu>;
    case Activation::kSelu: return via_f64_loop<Activation::kSelu>;
    case Activation::kCelu: return via_f64_loop<Activation::kCelu>;
    case Activation::kSoftplus: return via_f64_loop<Activation::kSoftplus>;
    case Activation::kMish: return via_f64_loop<Activation::kMish>;
    case Activation::kGelu: return via_f64_loop<Activation::kGelu>;
    case Activation::kGeluTanh: return via_f64_loop<Activation::kGeluTanh>;
  }
  return nullptr;
}

// One loop per half type for every activation: the float32 loop is looked up from the params.
template <typename H>
void via_f32_loop(const void* x, void* y, size_t n, const ActivationParams& p) {
  const ActivationLoop f32 = f32_loop(p.kind);
  const auto* from = static_cast<const H*>(x);
  auto* to = static_cast<H*>(y);
  float block[kHalfBlock];
  for (size_t i = 0; i < n; i += kHalfBlock) {
    const size_t m = std::min(n - i, kHalfBlock);
    half_to_f32(from + i, block, m);
    f32(block, block, m, p);
    f32_to_half(block, to + i, m);
  }
}

}  // namespace

ActivationLoop activation_loop(DType t, Activation kind) {
  switch (t) {
    case DType::kFloat32: return f32_loop(kind);
    case DType::kFloat16: return via_f32_loop<Float16>;
    case DType::kBFloat16: return via_f32_loop<BFloat16>;
    case DType::kFloat64: return activation_f64_loop(kind);
    default: return activation_int_loop(t, kind);
  }
}

}  // namespace ow::kernels
