// The float32 and float64 vectors of SIMD128 as the kernels' loop templates take them (V::load, V::add,
// ...): one description per lane type, shared by pooling, Resize and the sums. A template uses what it
// needs; kLanes and Scalar say the rest.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/min_max_ops.h"
#include "kernels/simd128.h"

namespace ow::kernels {

struct F32x4 {
  using Scalar = float;
  static constexpr size_t kLanes = 4;
  static v128_t load(const float* p) { return wasm_v128_load(p); }
  static v128_t load_lo(const float* p) { return wasm_v128_load32_zero(p); }   // one lane
  static v128_t load_lo2(const float* p) { return wasm_v128_load64_zero(p); }  // two lanes
  static void store(float* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f32x4_add(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f32x4_mul(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f32x4_div(a, b); }
  static v128_t max(v128_t a, v128_t b) { return Max<float>::vec(a, b); }
  static v128_t splat(float v) { return wasm_f32x4_splat(v); }
  // Lanes of the pair (a, b) taken as one row of 8: the even ones, the odd ones, and the row shifted.
  static v128_t even(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 0, 2, 4, 6); }
  static v128_t odd(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 1, 3, 5, 7); }
  static v128_t shift1(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 1, 2, 3, 4); }
  static v128_t shift2(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 2, 3, 4, 5); }
  static v128_t behind(v128_t a, v128_t b) { return wasm_i32x4_shuffle(a, b, 3, 4, 5, 6); }
  static float sum_lanes(v128_t v) {
    const v128_t pairs = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
    return wasm_f32x4_extract_lane(pairs, 0) + wasm_f32x4_extract_lane(pairs, 1);
  }
  // float32 weights, kLanes of them.
  static v128_t load_weights(const float* w) { return wasm_v128_load(w); }
  static v128_t gather(const float* row, const uint32_t* i) { return wasm_f32x4_make(row[i[0]], row[i[1]], row[i[2]], row[i[3]]); }
};

struct F64x2 {
  using Scalar = double;
  static constexpr size_t kLanes = 2;
  static v128_t load(const double* p) { return wasm_v128_load(p); }
  static v128_t load_lo(const double* p) { return wasm_v128_load64_zero(p); }
  static v128_t load_lo2(const double* p) { return wasm_v128_load(p); }
  static void store(double* p, v128_t v) { wasm_v128_store(p, v); }
  static v128_t add(v128_t a, v128_t b) { return wasm_f64x2_add(a, b); }
  static v128_t mul(v128_t a, v128_t b) { return wasm_f64x2_mul(a, b); }
  static v128_t div(v128_t a, v128_t b) { return wasm_f64x2_div(a, b); }
  static v128_t max(v128_t a, v128_t b) { return Max<double>::vec(a, b); }
  static v128_t splat(double v) { return wasm_f64x2_splat(v); }
  static v128_t even(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 0, 2); }
  static v128_t odd(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 1, 3); }
  static v128_t shift1(v128_t a, v128_t b) { return wasm_i64x2_shuffle(a, b, 1, 2); }
  static v128_t shift2(v128_t, v128_t b) { return b; }
  static double sum_lanes(v128_t v) { return wasm_f64x2_extract_lane(v, 0) + wasm_f64x2_extract_lane(v, 1); }
  static v128_t load_weights(const float* w) { return wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(w)); }
  static v128_t gather(const double* row, const uint32_t* i) { return wasm_f64x2_make(row[i[0]], row[i[1]]); }
};

}  // namespace ow::kernels
