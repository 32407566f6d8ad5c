// Resize's interpolated values, in float32 or float64, as the element type of X (kernels/resize.h):
// rounded to nearest even, integers saturated (NaN 0).
#include <cmath>
#include <limits>
#include <type_traits>

#include "core/half.h"
#include "kernels/resize.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

template <typename T, typename A>
T narrow_one(A v) {
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
    return half_from_f32<T>(static_cast<float>(v));
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(v);
  } else {
    if (std::isnan(v)) return 0;
    const double t = std::nearbyint(static_cast<double>(v));
    if (t <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    // 2^63 and 2^64 are exact doubles; the largest int64 and uint64 are not.
    if (t >= std::ldexp(1.0, std::numeric_limits<T>::digits)) return std::numeric_limits<T>::max();
    return static_cast<T>(t);
  }
}

template <typename A, typename T>
void narrow(const A* x, T* y, size_t n, size_t i = 0) {
  for (; i < n; ++i) y[i] = narrow_one<T>(x[i]);
}

}  // namespace

// Pictures: 16 at a time. f32x4.nearest rounds half to even; the conversions saturate (NaN to 0).
void resize_narrow(const float* x, uint8_t* y, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    v128_t q[4];
    for (int k = 0; k < 4; ++k) q[k] = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(wasm_v128_load(x + i + 4 * k)));
    wasm_v128_store(y + i, wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(q[0], q[1]), wasm_i16x8_narrow_i32x4(q[2], q[3])));
  }
  narrow(x, y, n, i);
}
void resize_narrow(const float* x, int8_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const float* x, int16_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const float* x, uint16_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const float* x, Float16* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const float* x, BFloat16* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, float* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, double* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, Float16* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, BFloat16* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, int8_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, int16_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, int32_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, int64_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, uint8_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, uint16_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, uint32_t* y, size_t n) { narrow(x, y, n); }
void resize_narrow(const double* x, uint64_t* y, size_t n) { narrow(x, y, n); }

}  // namespace ow::kernels
