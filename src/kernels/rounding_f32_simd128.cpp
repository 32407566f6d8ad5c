#include "kernels/rounding.h"
#include "kernels/rounding_scalar.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ow::kernels {
namespace {

#if defined(__wasm_simd128__)
template <RoundingMode M>
inline v128_t round_f32x4(v128_t v) {
  if constexpr (M == RoundingMode::kFloor) return wasm_f32x4_floor(v);
  else if constexpr (M == RoundingMode::kCeil) return wasm_f32x4_ceil(v);
  else return wasm_f32x4_nearest(v);
}
#endif

template <RoundingMode M>
void run(const float* x, float* y, size_t n) {
  size_t i = 0;
#if defined(__wasm_simd128__)
  for (; i + 16 <= n; i += 16) {
    v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 4);
    v128_t c = wasm_v128_load(x + i + 8), d = wasm_v128_load(x + i + 12);
    wasm_v128_store(y + i, round_f32x4<M>(a));
    wasm_v128_store(y + i + 4, round_f32x4<M>(b));
    wasm_v128_store(y + i + 8, round_f32x4<M>(c));
    wasm_v128_store(y + i + 12, round_f32x4<M>(d));
  }
  for (; i + 4 <= n; i += 4) wasm_v128_store(y + i, round_f32x4<M>(wasm_v128_load(x + i)));
#endif
  for (; i < n; ++i) y[i] = round_scalar<M>(x[i]);
}

}  // namespace

void rounding_f32(RoundingMode mode, const float* x, float* y, size_t n) {
  switch (mode) {
    case RoundingMode::kFloor: return run<RoundingMode::kFloor>(x, y, n);
    case RoundingMode::kCeil: return run<RoundingMode::kCeil>(x, y, n);
    case RoundingMode::kNearestEven: return run<RoundingMode::kNearestEven>(x, y, n);
  }
}

}  // namespace ow::kernels
