// The C library's float64 functions of the elementwise math operators (kernels/unary_math.h), named
// (<cmath> overloads them) so that a loop template can take one: float64's loops, and float32's where
// it computes in float64 and rounds once.
#pragma once

#include <cmath>

namespace ow::kernels::libm {

inline double exp(double x) { return std::exp(x); }
inline double log(double x) { return std::log(x); }
inline double tanh(double x) { return std::tanh(x); }
inline double erf(double x) { return std::erf(x); }
inline double sin(double x) { return std::sin(x); }
inline double cos(double x) { return std::cos(x); }
inline double tan(double x) { return std::tan(x); }
inline double asin(double x) { return std::asin(x); }
inline double acos(double x) { return std::acos(x); }
inline double atan(double x) { return std::atan(x); }
inline double sinh(double x) { return std::sinh(x); }
inline double cosh(double x) { return std::cosh(x); }
inline double asinh(double x) { return std::asinh(x); }
// acosh is NaN below 1: musl's (the wasm build's) returns finite values for some x < -1.
inline double acosh(double x) { return x < 1 ? __builtin_nan("") : std::acosh(x); }
inline double atanh(double x) { return std::atanh(x); }

}  // namespace ow::kernels::libm
