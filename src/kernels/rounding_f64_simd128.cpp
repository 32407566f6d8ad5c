#include "kernels/rounding.h"
#include "kernels/rounding_scalar.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace ow::kernels {
namespace {

#if defined(__wasm_simd128__)
template <RoundingMode M>
inline v128_t round_f64x2(v128_t v) {
  if constexpr (M == RoundingMode::kFloor) return wasm_f64x2_floor(v);
  else if constexpr (M == RoundingMode::kCeil) return wasm_f64x2_ceil(v);
  else return wasm_f64x2_nearest(v);
}
#endif

template <RoundingMode M>
void run(const double* x, double* y, size_t n) {
  size_t i = 0;
#if defined(__wasm_simd128__)
  for (; i + 8 <= n; i += 8) {
    v128_t a = wasm_v128_load(x + i), b = wasm_v128_load(x + i + 2);
    v128_t c = wasm_v128_load(x + i + 4), d = wasm_v128_load(x + i + 6);
    wasm_v128_store(y + i, round_f64x2<M>(a));
    wasm_v128_store(y + i + 2, round_f64x2<M>(b));
    wasm_v128_store(y + i + 4, round_f64x2<M>(c));
    wasm_v128_store(y + i + 6, round_f64x2<M>(d));
  }
  for (; i + 2 <= n; i += 2) wasm_v128_store(y + i, round_f64x2<M>(wasm_v128_load(x + i)));
#endif
  for (; i < n; ++i) y[i] = round_scalar<M>(x[i]);
}

}  // namespace

void rounding_f64(RoundingMode mode, const double* x, double* y, size_t n) {
  switch (mode) {
    case RoundingMode::kFloor: return run<RoundingMode::kFloor>(x, y, n);
    case RoundingMode::kCeil: return run<RoundingMode::kCeil>(x, y, n);
    case RoundingMode::kNearestEven: return run<RoundingMode::kNearestEven>(x, y, n);
  }
}

}  // namespace ow::kernels
