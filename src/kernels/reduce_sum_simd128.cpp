#include "kernels/reduce_sum.h"

#include "kernels/float_vectors.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

struct U32x4 {
  using Scalar = uint32_t;
  static constexpr size_t kLanes = 4;
  static v128_t add(v128_t a, v128_t b) { return wasm_i32x4_add(a, b); }
  static Scalar sum_lanes(v128_t v) {
    return static_cast<Scalar>(wasm_i32x4_extract_lane(v, 0)) + static_cast<Scalar>(wasm_i32x4_extract_lane(v, 1)) +
           static_cast<Scalar>(wasm_i32x4_extract_lane(v, 2)) + static_cast<Scalar>(wasm_i32x4_extract_lane(v, 3));
  }
};
struct U64x2 {
  using Scalar = uint64_t;
  static constexpr size_t kLanes = 2;
  static v128_t add(v128_t a, v128_t b) { return wasm_i64x2_add(a, b); }
  static Scalar sum_lanes(v128_t v) { return static_cast<Scalar>(wasm_i64x2_extract_lane(v, 0)) + static_cast<Scalar>(wasm_i64x2_extract_lane(v, 1)); }
};

template <class V, typename T = typename V::Scalar>
void add_row_loop(T* acc, const T* x, size_t n) {
  size_t i = 0;
  for (; i + V::kLanes <= n; i += V::kLanes) wasm_v128_store(acc + i, V::add(wasm_v128_load(acc + i), wasm_v128_load(x + i)));
  for (; i < n; ++i) acc[i] += x[i];
}

template <class V, typename T = typename V::Scalar>
T sum_loop(const T* x, size_t n) {
  size_t i = 0;
  T total = 0;
  if (n >= 2 * V::kLanes) {  // two accumulators: the adds of one wait on each other
    v128_t a = wasm_v128_load(x), b = wasm_v128_load(x + V::kLanes);
    for (i = 2 * V::kLanes; i + 2 * V::kLanes <= n; i += 2 * V::kLanes) {
      a = V::add(a, wasm_v128_load(x + i));
      b = V::add(b, wasm_v128_load(x + i + V::kLanes));
    }
    total = V::sum_lanes(V::add(a, b));
  }
  for (; i < n; ++i) total += x[i];
  return total;
}

// 32-bit integers widened to 64 bits, signed or not: the low and the high two lanes of a vector.
struct I32ToI64 {
  using Scalar = int32_t;
  using Wide = int64_t;
  static v128_t low(v128_t v) { return wasm_i64x2_extend_low_i32x4(v); }
  static v128_t high(v128_t v) { return wasm_i64x2_extend_high_i32x4(v); }
};
struct U32ToU64 {
  using Scalar = uint32_t;
  using Wide = uint64_t;
  static v128_t low(v128_t v) { return wasm_u64x2_extend_low_u32x4(v); }
  static v128_t high(v128_t v) { return wasm_u64x2_extend_high_u32x4(v); }
};

template <class E, typename T = typename E::T, typename Wide = typename E::Wide>
void widening_add_row_loop(Wide* acc, const T* x, size_t n) {
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    wasm_v128_store(acc + i, wasm_i64x2_add(wasm_v128_load(acc + i), E::low(v)));
    wasm_v128_store(acc + i + 2, wasm_i64x2_add(wasm_v128_load(acc + i + 2), E::high(v)));
  }
  for (; i < n; ++i) acc[i] += x[i];
}

template <class E, typename T = typename E::T, typename Wide = typename E::Wide>
Wide widening_sum_loop(const T* x, size_t n) {
  size_t i = 0;
  v128_t a = wasm_i64x2_splat(0), b = a;
  for (; i + 4 <= n; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    a = wasm_i64x2_add(a, E::low(v));
    b = wasm_i64x2_add(b, E::high(v));
  }
  const v128_t ab = wasm_i64x2_add(a, b);
  Wide total = static_cast<Wide>(wasm_i64x2_extract_lane(ab, 0)) + static_cast<Wide>(wasm_i64x2_extract_lane(ab, 1));
  for (; i < n; ++i) total += x[i];
  return total;
}

// 64-bit integers into 128 bits: no vector instruction adds those.
template <typename Wide, typename T>
void widening_add_row_scalar(Wide* acc, const T* x, size_t n) {
  for (size_t i = 0; i < n; ++i) acc[i] += x[i];
}

template <typename Wide, typename T>
Wide widening_sum_scalar(const T* x, size_t n) {
  Wide total = 0;
  for (size_t i = 0; i < n; ++i) total += x[i];
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

void widening_add_row(int64_t* acc, const int32_t* x, size_t n) { widening_add_row_loop<I32ToI64>(acc, x, n); }
void widening_add_row(uint64_t* acc, const uint32_t* x, size_t n) { widening_add_row_loop<U32ToU64>(acc, x, n); }
void widening_add_row(__int128* acc, const int64_t* x, size_t n) { widening_add_row_scalar(acc, x, n); }
void widening_add_row(unsigned __int128* acc, const uint64_t* x, size_t n) { widening_add_row_scalar(acc, x, n); }

int64_t widening_sum(const int32_t* x, size_t n) { return widening_sum_loop<I32ToI64>(x, n); }
uint64_t widening_sum(const uint32_t* x, size_t n) { return widening_sum_loop<U32ToU64>(x, n); }
__int128 widening_sum(const int64_t* x, size_t n) { return widening_sum_scalar<__int128>(x, n); }
unsigned __int128 widening_sum(const uint64_t* x, size_t n) { return widening_sum_scalar<unsigned __int128>(x, n); }

}  // namespace ow::kernels
