#include "kernels/range.h"

#include <type_traits>

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

}  // namespace

void range(float start, float delta, float* out, size_t n) { fill_range(start, delta, out, n); }
void range(double start, double delta, double* out, size_t n) { fill_range(start, delta, out, n); }
void range(int16_t start, int16_t delta, int16_t* out, size_t n) { fill_range(start, delta, out, n); }
void range(int32_t start, int32_t delta, int32_t* out, size_t n) { fill_range(start, delta, out, n); }
void range(int64_t start, int64_t delta, int64_t* out, size_t n) { fill_range(start, delta, out, n); }

}  // namespace ow::kernels
