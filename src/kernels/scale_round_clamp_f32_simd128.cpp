#include "kernels/scale_round_clamp.h"

#include <algorithm>
#include <cstring>

#include "kernels/min_max_ops.h"
#include "kernels/rounding_loops.h"

namespace ow::kernels {
namespace {

enum class Arithmetic { kNone, kMultiply, kDivide };

// The binary loops' map_loop: four vectors per step, then one, then a scalar tail, as each operation's
// own loop treats the same elements (their tails are scalar too, and differ from their vectors in a
// NaN's sign). kRounds: whether there is a rounding stage, of mode M.
template <Arithmetic A, bool kRounds, RoundingMode M>
[[gnu::noinline]] void chain_loop(const ScaleRoundClamp& chain, const float* x, float* y, size_t n) {
  const v128_t scale = wasm_f32x4_splat(chain.scale), offset = wasm_f32x4_splat(chain.offset);
  const auto low = *FloatByScalar<float, false>::of(chain.lo);
  const auto high = *FloatByScalar<float, true>::of(chain.hi);
  const auto vec = [&](v128_t v) {
    using Round = VecRound<float, M>;  // named: SIMDe's intrinsics are macros, which split arguments at commas
    if constexpr (A == Arithmetic::kMultiply) v = wasm_f32x4_add(wasm_f32x4_mul(v, scale), offset);
    if constexpr (A == Arithmetic::kDivide) v = wasm_f32x4_add(wasm_f32x4_div(v, scale), offset);
    if constexpr (kRounds) v = Round::apply(v);
    return high(low(v));
  };
  const auto scalar = [&chain](float v) {
    if constexpr (A == Arithmetic::kMultiply) v = v * chain.scale + chain.offset;
    if constexpr (A == Arithmetic::kDivide) v = v / chain.scale + chain.offset;
    if constexpr (kRounds) v = round_scalar<M>(v);
    return Min<float>::scalar(Max<float>::scalar(v, chain.lo), chain.hi);
  };
  map_loop<true>(x, y, n, vec, scalar);
}

template <Arithmetic A>
void with_rounding(const ScaleRoundClamp& chain, const float* x, float* y, size_t n) {
  if (!chain.rounding) return chain_loop<A, false, RoundingMode::kFloor>(chain, x, y, n);
  with_rounding_mode(*chain.rounding, [&](auto m) { chain_loop<A, true, decltype(m)::value>(chain, x, y, n); });
}

// The chain before its mask, into float32.
void clamp_pass(const ScaleRoundClamp& chain, const float* x, float* y, size_t n) {
  if (!chain.arithmetic) with_rounding<Arithmetic::kNone>(chain, x, y, n);
  else if (chain.divide) with_rounding<Arithmetic::kDivide>(chain, x, y, n);
  else with_rounding<Arithmetic::kMultiply>(chain, x, y, n);
}

// The comparison C, lane-wise (all bits set where true) and of one element, as the comparison
// kernels compute it (kernels/compare_simd128.cpp: the same lane masks and built-in comparisons).
template <Comparison C>
v128_t compare_vec(v128_t a, v128_t b) {
  if constexpr (C == Comparison::kEqual) return wasm_f32x4_eq(a, b);
  else if constexpr (C == Comparison::kLess) return wasm_f32x4_lt(a, b);
  else if constexpr (C == Comparison::kGreater) return wasm_f32x4_gt(a, b);
  else if constexpr (C == Comparison::kLessOrEqual) return wasm_f32x4_le(a, b);
  else return wasm_f32x4_ge(a, b);
}
template <Comparison C>
bool compare_scalar(float a, float b) {
  if constexpr (C == Comparison::kEqual) return a == b;
  else if constexpr (C == Comparison::kLess) return a < b;
  else if constexpr (C == Comparison::kGreater) return a > b;
  else if constexpr (C == Comparison::kLessOrEqual) return a <= b;
  else return a >= b;
}

// The mask of v into bool: sixteen elements a step, the lane masks narrowed to bytes.
template <Comparison C>
[[gnu::noinline]] void mask_loop(const Mask& mask, const float* v, uint8_t* y, size_t n) {
  const v128_t t = wasm_f32x4_splat(mask.threshold), one = wasm_i8x16_splat(1);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const v128_t lo = wasm_i16x8_narrow_i32x4(compare_vec<C>(wasm_v128_load(v + i), t), compare_vec<C>(wasm_v128_load(v + i + 4), t));
    const v128_t hi = wasm_i16x8_narrow_i32x4(compare_vec<C>(wasm_v128_load(v + i + 8), t), compare_vec<C>(wasm_v128_load(v + i + 12), t));
    wasm_v128_store(y + i, wasm_v128_and(wasm_i8x16_narrow_i16x8(lo, hi), one));
  }
  for (; i < n; ++i) y[i] = compare_scalar<C>(v[i], mask.threshold) ? 1 : 0;
}

// What the mask of v chooses, into float32: bits moved unchanged, as Where moves them.
template <Comparison C>
[[gnu::noinline]] void select_loop(const Mask& mask, const float* v, float* y, size_t n) {
  const v128_t t = wasm_f32x4_splat(mask.threshold);
  const v128_t true_value = wasm_i32x4_splat(mask.when_true.value ? -1 : 0), true_constant = wasm_f32x4_splat(mask.when_true.constant);
  const v128_t false_value = wasm_i32x4_splat(mask.when_false.value ? -1 : 0), false_constant = wasm_f32x4_splat(mask.when_false.constant);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t x = wasm_v128_load(v + i);
    const v128_t if_true = wasm_v128_bitselect(x, true_constant, true_value), if_false = wasm_v128_bitselect(x, false_constant, false_value);
    wasm_v128_store(y + i, wasm_v128_bitselect(if_true, if_false, compare_vec<C>(x, t)));
  }
  for (; i < n; ++i) {
    const Choice& choice = compare_scalar<C>(v[i], mask.threshold) ? mask.when_true : mask.when_false;
    std::memcpy(y + i, choice.value ? v + i : &choice.constant, sizeof(float));
  }
}

// A chain with a mask: the chain before it into a block of float32 on the stack, then the mask from
// there, block by block. The blocks are a multiple of the loops' four vectors, so that the chain's
// loops treat each element as they do in one call over all of x (the last elements in the scalar tail).
// A chain of a mask alone masks x itself.
template <Comparison C>
void masked_pass(const ScaleRoundClamp& chain, const float* x, void* y, size_t n) {
  constexpr size_t kBlock = 256;
  const bool mask_alone = !chain.arithmetic && !chain.rounding && chain.lo == -INFINITY && chain.hi == INFINITY;
  float block[kBlock];
  for (size_t i = 0; i < n; i += kBlock) {
    const size_t m = std::min(kBlock, n - i);
    const float* v = x + i;
    if (!mask_alone) clamp_pass(chain, x + i, block, m), v = block;
    if (chain.mask->selects) select_loop<C>(*chain.mask, v, static_cast<float*>(y) + i, m);
    else mask_loop<C>(*chain.mask, v, static_cast<uint8_t*>(y) + i, m);
  }
}

}  // namespace

void scale_round_clamp(const ScaleRoundClamp& chain, const float* x, void* y, size_t n) {
  if (!chain.mask) return clamp_pass(chain, x, static_cast<float*>(y), n);
  switch (chain.mask->compare) {
    case Comparison::kEqual: return masked_pass<Comparison::kEqual>(chain, x, y, n);
    case Comparison::kLess: return masked_pass<Comparison::kLess>(chain, x, y, n);
    case Comparison::kGreater: return masked_pass<Comparison::kGreater>(chain, x, y, n);
    case Comparison::kLessOrEqual: return masked_pass<Comparison::kLessOrEqual>(chain, x, y, n);
    case Comparison::kGreaterOrEqual: return masked_pass<Comparison::kGreaterOrEqual>(chain, x, y, n);
  }
}

}  // namespace ow::kernels
