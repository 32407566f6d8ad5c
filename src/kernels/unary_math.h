// The elementwise math micro-kernels (Abs, Neg, Reciprocal, Sqrt, Exp, Log, Tanh, Sigmoid, Erf, Sign, and
// the trigonometric and hyperbolic functions and their inverses): one loop per operation and element type, y[i] = op(x[i]) over n elements, behind an untyped pointer so that the
// operator picks it once per call. y may be x (each element is read before it is written); no other
// overlap is allowed.
//
// Semantics: float32 within 2 ulp of the correctly rounded result (kernels/math_f32x4.h; Abs, Neg,
// Reciprocal, Sqrt and Sign exact; the trigonometric and hyperbolic functions the C library's float64
// result rounded once); float64 from the C library's functions (musl's in the wasm
// build), within 2 ulp; float16 and bfloat16 compute in float32 and round once. Integers: Abs and Neg wrap (the
// lowest value gives itself), Abs of an unsigned type is the value; Erf is erf(x) in float64 truncated
// toward zero, as ONNX's reference casts it: 0, or ±1 from |x| = 6 (where it rounds to ±1). Sign is
// 1, -1 or 0 (of a float: +0 for ±0, NaN for NaN, as NumPy's sign, ONNX's reference).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/dtype.h"

namespace ow::kernels {

enum class UnaryMath : uint8_t {
  kAbs, kNeg, kReciprocal, kSqrt, kExp, kLog, kTanh, kSigmoid, kErf, kSign,
  kSin, kCos, kTan, kAsin, kAcos, kAtan, kSinh, kCosh, kAsinh, kAcosh, kAtanh,
};

using UnaryLoop = void (*)(const void* x, void* y, size_t n);

// The loop of `op` for each element type (kernels/unary_math_<type>_simd128.cpp); the integer types'
// only for Abs, Neg, Erf and Sign, null for the others.
UnaryLoop unary_math_f32(UnaryMath op);
UnaryLoop unary_math_f64(UnaryMath op);
UnaryLoop unary_math_f16(UnaryMath op);
UnaryLoop unary_math_bf16(UnaryMath op);
UnaryLoop unary_math_int(UnaryMath op, DType t);

}  // namespace ow::kernels
