#include "kernels/scale_round_clamp.h"

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

}  // namespace

void scale_round_clamp(const ScaleRoundClamp& chain, const float* x, float* y, size_t n) {
  if (!chain.arithmetic) with_rounding<Arithmetic::kNone>(chain, x, y, n);
  else if (chain.divide) with_rounding<Arithmetic::kDivide>(chain, x, y, n);
  else with_rounding<Arithmetic::kMultiply>(chain, x, y, n);
}

}  // namespace ow::kernels
