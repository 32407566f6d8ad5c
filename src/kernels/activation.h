// The activation micro-kernels of one input and float attributes (HardSigmoid, HardSwish, LeakyRelu,
// ThresholdedRelu, Shrink, Softsign, Elu, Selu, Celu, Softplus, Gelu, Mish): one loop per activation and
// element type, y[i] = f(x[i]) over n elements, behind an untyped pointer so that the operator picks it
// once per call. y may be x (each element is read before it is written); no other overlap is allowed.
//
// Semantics, each in the element type as ONNX's definitions write them:
//   HardSigmoid  max(0, min(1, alpha x + beta))       HardSwish  x HardSigmoid(x), alpha 1/6, beta 1/2
//   LeakyRelu    x > 0 ? x : alpha x                  ThresholdedRelu  x > alpha ? x : 0
//   Shrink       x < -alpha ? x + beta : x > alpha ? x - beta : 0   (alpha lambd, beta bias)
//   Softsign     x / (1 + |x|)                        Elu   x < 0 ? alpha (e^x - 1) : x
//   Selu         x > 0 ? gamma x : gamma alpha (e^x - 1)            Celu  x < 0 ? alpha (e^(x/alpha) - 1) : x
//   Softplus     ln(1 + e^x)                          Mish  x tanh(ln(1 + e^x))
//   Gelu         x/2 (1 + erf(x / sqrt 2)), or with `tanh`: x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
// A NaN gives NaN (the clamps pass it through), but see below. The first six are exact: float32's
// SIMD128 loops and float64's compute each operation of the formula in the type, rounding after each,
// as the formula is written (alpha x + beta: a product rounded, then a sum), so Softsign(±inf) is NaN (inf / inf), as in
// ONNX's reference. The others are transcendental: float32 computes them in float64 from the C library's
// functions (musl's in the wasm build: expm1, log1p, tanh, erfc) in forms without cancellation and
// rounds once, within 1 ulp; float64 likewise in float64, within the C library's error plus the
// formula's roundings (tests/node/activation.test.mjs: 3 ulp of Math.*'s and a correctly rounded erfc at
// the same rounded arguments, such as Gelu's x / sqrt 2). Their limits at -inf, where the formula gives
// inf times 0, are the functions' limits: Gelu and Mish -0. ThresholdedRelu and Shrink give 0 for NaN
// (their comparisons are false), as ONNX's reference. float16 and bfloat16 compute in float32 and round
// once. Integers (Shrink only): in float64, the result truncated toward zero and saturated to the type.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

enum class Activation : uint8_t {
  kHardSigmoid, kHardSwish, kLeakyRelu, kThresholdedRelu, kShrink, kSoftsign,  // exact
  kElu, kSelu, kCelu, kSoftplus, kMish, kGelu, kGeluTanh,                      // transcendental
};

// An activation with its attributes (those it reads; the float attributes are float32 values).
struct ActivationParams {
  Activation kind;
  double alpha = 0, beta = 0, gamma = 0;
};

using ActivationLoop = void (*)(const void* x, void* y, size_t n, const ActivationParams& params);

// The loop of `kind` for element type t (kernels/activation_<type>*.cpp); null for the integer types
// except for Shrink, and for bool.
ActivationLoop activation_loop(DType t, Activation kind);

}  // namespace ow::kernels
