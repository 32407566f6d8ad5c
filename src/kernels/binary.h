// The micro-kernels of the binary elementwise operations (Min, Max, Add, Sub, Mul, Div), each element
// type's behind untyped pointers so that one broadcasting fold (ops/broadcast_fold.h) serves every
// operation and type rather than one copy of it per type:
//   vv_rows: y[r * n + i] = op(a[r * n + i], b[i]) for r < rows: `rows` rows of a against one row of b
//            (rows = 1: elementwise; more: b broadcast over the rows, read from cache)
//   vs:      y[i] = op(a[i], *b)
//   vvvv:    y[i] = op(a[i], b[i], c[i], d[i]) (d may be c): three inputs folded in one pass; Min of
//            float32 only, null elsewhere
// y may be the same array as a, or as b in vv_rows with rows = 1 (each element is read before it is
// written); no other overlap is allowed. Each: a SIMD128 main loop and a scalar tail (integer Div is
// scalar: SIMD128 has no integer division).
//
// Semantics: floating-point Min and Max propagate NaN and order -0 below +0, in either argument order.
// Integer Add, Sub and Mul wrap (two's complement); integer Div truncates toward zero, x / 0 is 0 and
// the lowest value / -1 wraps to itself (where a processor's division would trap). float16 and
// bfloat16 compute in float32 and round once.
#pragma once

#include <cstddef>

#include "core/dtype.h"

namespace ow::kernels {

struct BinaryLoops {
  size_t element_size;  // of the inputs
  size_t output_size;   // of y: element_size, or 1 for a comparison's bool
  void (*vv_rows)(const void* a, const void* b, void* y, size_t n, size_t rows);
  void (*vs)(const void* a, const void* b, void* y, size_t n);
  void (*vvvv)(const void* a, const void* b, const void* c, const void* d, void* y, size_t n);
};

// The loops of each operation for element type t; null for a type the runtime lacks.
const BinaryLoops* min_loops(DType t);
const BinaryLoops* max_loops(DType t);
const BinaryLoops* add_loops(DType t);
const BinaryLoops* sub_loops(DType t);
const BinaryLoops* mul_loops(DType t);
const BinaryLoops* div_loops(DType t);
// PRelu's y = x > 0 ? x : x * slope (kernels/prelu_simd128.cpp), of float32, float64, float16,
// bfloat16 and the 32- and 64-bit integers (wrapping as Mul); null for other types.
const BinaryLoops* prelu_loops(DType t);
// Comparisons (kernels/compare_simd128.cpp): y is bool; NaN compares unequal and unordered, -0 equals +0.
// Equal also of bool.
const BinaryLoops* equal_loops(DType t);
const BinaryLoops* less_loops(DType t);
const BinaryLoops* greater_loops(DType t);
const BinaryLoops* less_or_equal_loops(DType t);
const BinaryLoops* greater_or_equal_loops(DType t);

// Mod (kernels/mod.cpp), scalar: SIMD128 has no division. floor_mod_loops: the integers' remainder
// with the divisor's sign (Python's %), fmod_loops: C's fmod, the dividend's sign, of every type with
// arithmetic (the half types in float32, where fmod is exact). An integer x mod 0 is 0, as NumPy's.
// floor_mod_loops is null for the floating-point types.
const BinaryLoops* floor_mod_loops(DType t);
const BinaryLoops* fmod_loops(DType t);
// The bitwise operations of the integer types (kernels/bitwise_simd128.cpp); null for other types.
// A shift by the type's width or more gives 0 (all bits shifted out), where WebAssembly's and C++'s
// shifts take the count modulo the width or leave it undefined; right shifts are logical (BitShift
// is of unsigned types).
const BinaryLoops* bitwise_and_loops(DType t);
const BinaryLoops* bitwise_or_loops(DType t);
const BinaryLoops* bitwise_xor_loops(DType t);
const BinaryLoops* shift_left_loops(DType t);
const BinaryLoops* shift_right_loops(DType t);
// y[i] = ~x[i] over n elements of integer type t (false, nothing written, for another type); y may be x.
bool bitwise_not(DType t, const void* x, void* y, size_t n);

// Clip's y[i] = Min(Max(a[i], *lo), *hi) in one pass, for float32 and float64 bounds that are not
// NaN; false, nothing written, for other types and bounds (then Max, then Min). y may be a.
bool clamp(DType t, const void* a, const void* lo, const void* hi, void* y, size_t n);

}  // namespace ow::kernels
