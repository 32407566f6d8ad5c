// Cast's direct loops for the common pairs with float32 on one side, in SIMD128: float32 <-> int32,
// float64, float16 and bfloat16, and uint8 -> float32 (image bytes), bool -> float32 (masks). Each gives the bits convert<>
// (cast.h) gives: trunc_sat is its saturating truncation, and the other instructions round to nearest
// even as IEEE 754 does; the scalar tails are convert<> itself.
#include "kernels/cast.h"
#include "kernels/convert_half.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

template <typename S, typename D>
void tail(const S* x, D* y, size_t i, size_t n) {
  for (; i < n; ++i) y[i] = convert<D>(x[i]);
}

void f32_to_i32(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const float*>(in);
  auto* y = static_cast<int32_t*>(out);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_i32x4_trunc_sat_f32x4(wasm_v128_load(x + i)));
  tail(x, y, i, n);
}

void i32_to_f32(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const int32_t*>(in);
  auto* y = static_cast<float*>(out);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) wasm_v128_store(y + i, wasm_f32x4_convert_i32x4(wasm_v128_load(x + i)));
  tail(x, y, i, n);
}

void f32_to_f64(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const float*>(in);
  auto* y = static_cast<double*>(out);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t v = wasm_v128_load(x + i);
    wasm_v128_store(y + i, wasm_f64x2_promote_low_f32x4(v));
    wasm_v128_store(y + i + 2, wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(v, v, 1, 0)));
  }
  tail(x, y, i, n);
}

void f64_to_f32(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const double*>(in);
  auto* y = static_cast<float*>(out);
  size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const v128_t lo = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(x + i));
    const v128_t hi = wasm_f32x4_demote_f64x2_zero(wasm_v128_load(x + i + 2));
    wasm_v128_store(y + i, wasm_i64x2_shuffle(lo, hi, 0, 2));
  }
  tail(x, y, i, n);
}

// Bytes to float32, sixteen at a time: `value` gives the numbers a vector of bytes holds. Returns the
// first byte left for the scalar tail.
template <typename Value>
size_t bytes_to_f32(const uint8_t* x, float* y, size_t n, Value value) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const v128_t b = value(wasm_v128_load(x + i));
    const v128_t halves[2] = {wasm_u16x8_extend_low_u8x16(b), wasm_u16x8_extend_high_u8x16(b)};
    for (int k = 0; k < 2; ++k) {
      wasm_v128_store(y + i + 8 * k, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_low_u16x8(halves[k])));
      wasm_v128_store(y + i + 8 * k + 4, wasm_f32x4_convert_i32x4(wasm_u32x4_extend_high_u16x8(halves[k])));
    }
  }
  return i;
}

void u8_to_f32(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const uint8_t*>(in);
  auto* y = static_cast<float*>(out);
  tail(x, y, bytes_to_f32(x, y, n, [](v128_t b) { return b; }), n);
}

// A bool is any byte, true where not 0 (core/dtype.h): min(byte, 1) is its number (a mask's area).
void bool_to_f32(const void* in, void* out, size_t n) {
  const auto* x = static_cast<const Bool*>(in);
  auto* y = static_cast<float*>(out);
  const size_t i = bytes_to_f32(reinterpret_cast<const uint8_t*>(x), y, n, [](v128_t b) { return wasm_u8x16_min(b, wasm_i8x16_splat(1)); });
  tail(x, y, i, n);
}

template <typename H>
void half_to_f32_loop(const void* in, void* out, size_t n) {
  half_to_f32(static_cast<const H*>(in), static_cast<float*>(out), n);
}

template <typename H>
void f32_to_half_loop(const void* in, void* out, size_t n) {
  f32_to_half(static_cast<const float*>(in), static_cast<H*>(out), n);
}

struct DirectCast {
  DType from, to;
  CastLoop loop;
};

constexpr DirectCast kDirect[] = {
    {DType::kFloat32, DType::kInt32, f32_to_i32},
    {DType::kInt32, DType::kFloat32, i32_to_f32},
    {DType::kFloat32, DType::kFloat64, f32_to_f64},
    {DType::kFloat64, DType::kFloat32, f64_to_f32},
    {DType::kUint8, DType::kFloat32, u8_to_f32},
    {DType::kBool, DType::kFloat32, bool_to_f32},
    {DType::kFloat16, DType::kFloat32, half_to_f32_loop<Float16>},
    {DType::kFloat32, DType::kFloat16, f32_to_half_loop<Float16>},
    {DType::kBFloat16, DType::kFloat32, half_to_f32_loop<BFloat16>},
    {DType::kFloat32, DType::kBFloat16, f32_to_half_loop<BFloat16>},
};

}  // namespace

CastLoop direct_cast(DType from, DType to) {
  for (const DirectCast& d : kDirect)
    if (d.from == from && d.to == to) return d.loop;
  return nullptr;
}

}  // namespace ow::kernels
