// float16 and bfloat16 elementwise math (kernels/unary_math.h): Abs and Neg on the sign bit (exact, NaN
// payloads kept); the others a block at a time to float32, the float32 loop there, and back (one rounding).
#include <algorithm>

#include "kernels/binary_loops.h"
#include "kernels/convert_half.h"
#include "kernels/unary_math.h"

namespace ow::kernels {
namespace {

template <uint16_t kAnd, uint16_t kXor>
void sign_bit_loop(const void* x, void* y, size_t n) {
  const v128_t and_mask = wasm_i16x8_const_splat(static_cast<int16_t>(kAnd));
  const v128_t xor_mask = wasm_i16x8_const_splat(static_cast<int16_t>(kXor));
  const auto vec = [=](v128_t v) { return wasm_v128_xor(wasm_v128_and(v, and_mask), xor_mask); };
  const auto lane = [](uint16_t v) { return static_cast<uint16_t>((v & kAnd) ^ kXor); };
  map_loop<true>(static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y), n, vec, lane);
}

template <typename H, UnaryMath kOp>
void via_f32_loop(const void* x, void* y, size_t n) {
  const UnaryLoop f32 = unary_math_f32(kOp);
  const auto* from = static_cast<const H*>(x);
  auto* to = static_cast<H*>(y);
  float block[kHalfBlock];
  for (size_t i = 0; i < n; i += kHalfBlock) {
    const size_t m = std::min(n - i, kHalfBlock);
    half_to_f32(from + i, block, m);
    f32(block, block, m);
    f32_to_half(block, to + i, m);
  }
}

template <typename H, UnaryMath... kOps>
UnaryLoop via_f32_loop_of(UnaryMath op) {
  UnaryLoop loop = nullptr;
  ((loop = op == kOps ? via_f32_loop<H, kOps> : loop), ...);
  return loop;
}

template <typename H>
UnaryLoop half_loop(UnaryMath op) {
  switch (op) {
    case UnaryMath::kAbs: return sign_bit_loop<0x7fff, 0>;
    case UnaryMath::kNeg: return sign_bit_loop<0xffff, 0x8000>;
    default:
      return via_f32_loop_of<H, UnaryMath::kReciprocal, UnaryMath::kSqrt, UnaryMath::kExp, UnaryMath::kLog, UnaryMath::kTanh,
                             UnaryMath::kSigmoid, UnaryMath::kErf, UnaryMath::kSign, UnaryMath::kSin, UnaryMath::kCos,
                             UnaryMath::kTan, UnaryMath::kAsin, UnaryMath::kAcos, UnaryMath::kAtan, UnaryMath::kSinh,
                             UnaryMath::kCosh, UnaryMath::kAsinh, UnaryMath::kAcosh, UnaryMath::kAtanh>(op);
  }
}

}  // namespace

UnaryLoop unary_math_f16(UnaryMath op) { return half_loop<Float16>(op); }
UnaryLoop unary_math_bf16(UnaryMath op) { return half_loop<BFloat16>(op); }

}  // namespace ow::kernels
