#include "kernels/range.h"

#include <type_traits>

#include "core/half.h"

namespace ow::kernels {
namespace {

template <typename T>
void fill_range(T start, T delta, T* out, size_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    T v = start;
    for (size_t i = 0; i < n; ++i, v += delta) out[i] = v;
  } else {
    using U = std::make_unsigned_t<T>;
    U v = static_cast<U>(start);  // unsigned: the sum after the last element may pass T's range
    for (size_t i = 0; i < n; ++i, v = static_cast<U>(v + static_cast<U>(delta))) out[i] = static_cast<T>(v);
  }
}

template <typename H>
void fill_half_range(H start, H delta, H* out, size_t n, bool in_float32) {
  const float step = to_f32(delta);
  float v = to_f32(start);
  for (size_t i = 0; i < n; ++i) {
    out[i] = half_from_f32<H>(v);
    v = (in_float32 ? v : to_f32(out[i])) + step;
  }
}

}  // namespace

void range(float start, float delta, float* out, size_t n) { fill_range(start, delta, out, n); }
void range(double start, double delta, double* out, size_t n) { fill_range(start, delta, out, n); }
void range(int16_t start, int16_t delta, int16_t* out, size_t n) { fill_range(start, delta, out, n); }
void range(int32_t start, int32_t delta, int32_t* out, size_t n) { fill_range(start, delta, out, n); }
void range(int64_t start, int64_t delta, int64_t* out, size_t n) { fill_range(start, delta, out, n); }
void range(Float16 start, Float16 delta, Float16* out, size_t n, bool in_float32) { fill_half_range(start, delta, out, n, in_float32); }
void range(BFloat16 start, BFloat16 delta, BFloat16* out, size_t n, bool in_float32) { fill_half_range(start, delta, out, n, in_float32); }

}  // namespace ow::kernels
