// Min and Max (kernels/binary.h) of every type.
#include <cmath>
#include <cstdint>

#include "kernels/binary_loops.h"
#include "kernels/min_max_ops.h"

namespace ow::kernels {
namespace {

// float32 Min folds three inputs laid out like the output in one pass.
constexpr BinaryLoops kMinFloat32 = {
    sizeof(float), sizeof(float), vv_rows_untyped<Min, float>, vs_untyped<Min, float>,
    [](const void* a, const void* b, const void* c, const void* d, void* y, size_t n) {
      vvvv_loop<Min, float>(static_cast<const float*>(a), static_cast<const float*>(b), static_cast<const float*>(c),
                            static_cast<const float*>(d), static_cast<float*>(y), n);
    }};

template <typename T>
[[gnu::noinline]] bool clamp_loop(const T* a, T lo, T hi, T* y, size_t n) {
  const auto low = Max<T>::by_scalar(lo);
  const auto high = Min<T>::by_scalar(hi);
  if (!low || !high) return false;
  map_loop<true>(
      a, y, n, [low = *low, high = *high](v128_t x) { return high(low(x)); },
      [lo, hi](T x) { return Min<T>::scalar(Max<T>::scalar(x, lo), hi); });
  return true;
}

}  // namespace

bool clamp(DType t, const void* a, const void* lo, const void* hi, void* y, size_t n) {
  bool done = false;
  visit_dtype<float, double>(t, [&](auto element) {
    using T = decltype(element);
    done = clamp_loop(static_cast<const T*>(a), *static_cast<const T*>(lo), *static_cast<const T*>(hi), static_cast<T*>(y), n);
  });
  return done;
}

const BinaryLoops* min_loops(DType t) { return t == DType::kFloat32 ? &kMinFloat32 : binary_loops_of<Min>(t); }
const BinaryLoops* max_loops(DType t) { return binary_loops_of<Max>(t); }

}  // namespace ow::kernels
