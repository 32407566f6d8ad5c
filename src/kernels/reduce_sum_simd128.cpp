#include "kernels/reduce_sum.h"

#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct F32x4 {
  using T = float;
  static constexpr size_t kLanes = 4;
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static T lanes_sum(v128_t v) {
    const v128_t pairs = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
    return wasm_f32x4_extract_lane(pairs, 0) + wasm_f32x4_extract_lane(pairs, 1);
  }
};
struct F64x2 {
  using T = double;
  static constexpr size_t kLanes = 2;
  static v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
  static T lanes_sum(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }
};
struct U32x4 {
  using T = uint32_t;
  static constexpr size_t kLanes = 4;
  static v128_t add(v128_t a, v128_t b) { return wasm_i32x4_add(a, b); }
  static T lanes_sum(v128_t v) {
    return static_cast<T>(wasm_i32x4_extract_lane(v, 0)) + static_cast<T>(wasm_i32x4_extract_lane(v, 1)) +
           static_cast<T>(wasm_i32x4_extract_lane(v, 2)) + static_cast<T>(wasm_i32x4_extract_lane(v, 3));
  }
};
struct U64x2 {
  using T = uint64_t;
  static constexpr size_t kLanes = 2;
  static v128_t add(v128_t a, v128_t b) { return wasm_i64x2_add(a, b); }
  static T lanes_sum(v128_t v) { return static_cast<T>(wasm_i64x2_extract_lane(v, 0)) + static_cast<T>(wasm_i64x2_extract_lane(v, 1)); }
};

template <class V, typename T = typename V::T>
void add_row_loop(T* acc, const T* x, size_t n) {
  size_t i = 0;
  for (; i + V::kLanes <= n; i += V::kLanes) wasm_v128_store(acc + i, V::add(wasm_v128_load(acc + i), wasm_v128_load(x + i)));
  for (; i < n; ++i) acc[i] += x[i];
}

template <class V, typename T = typename V::T>
T sum_loop(const T* x, size_t n) {
  size_t i = 0;
  T total = 0;
  if (n >= 2 * V::kLanes) {  // two accumulators: the adds of one wait on each other
    v128_t a = wasm_v128_load(x), b = wasm_v128_load(x + V::kLanes);
    for (i = 2 * V::kLanes; i + 2 * V::kLanes <= n; i += 2 * V::kLanes) {
      a = V::add(a, wasm_v128_load(x + i));
      b = V::add(b, wasm_v128_load(x + i + V::kLanes));
    }
    total = V::lanes_sum(V::add(a, b));
  }
  for (; i < n; ++i) total += x[i];
  return total;
}

}  // namespace

void add_row(float* acc, const float* x, size_t n) { add_row_loop<F32x4>(acc, x, n); }
void add_row(double* acc, const double* x, size_t n) { add_row_loop<F64x2>(acc, x, n); }
void add_row(uint32_t* acc, const uint32_t* x, size_t n) { add_row_loop<U32x4>(acc, x, n); }
void add_row(uint64_t* acc, const uint64_t* x, size_t n) { add_row_loop<U64x2>(acc, x, n); }

float sum(const float* x, size_t n) { return sum_loop<F32x4>(x, n); }
double sum(const double* x, size_t n) { return sum_loop<F64x2>(x, n); }
uint32_t sum(const uint32_t* x, size_t n) { return sum_loop<U32x4>(x, n); }
uint64_t sum(const uint64_t* x, size_t n) { return sum_loop<U64x2>(x, n); }

}  // namespace ow::kernels
