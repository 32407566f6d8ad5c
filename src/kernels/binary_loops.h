// The loops shared by the binary micro-kernels (kernels/binary.h), templated on the operation: a
// SIMD128 main loop of four vectors, then one vector, then a scalar tail (vvvv: two vectors, then the
// scalar tail). An operation is a class template Op<T> with
//   static T scalar(T a, T b);
//   static v128_t vec(v128_t a, v128_t b);  // lane-wise, as scalar(); only where kVector
//   static constexpr bool kVector;
// for the ten types with arithmetic; float16 and bfloat16 go through Op<float> in blocks. A comparison's
// scalar() returns Bool: its loops write bool outputs (then kVector is false, as a vector of T's lane
// masks is not a vector of bytes); one of 4-byte T may have
//   static v128_t mask(v128_t a, v128_t b);  // lane-wise, all ones where scalar() is true
// and its loops narrow sixteen elements' masks to sixteen bool bytes a step.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>

#include "core/half.h"
#include "kernels/binary.h"
#include "kernels/convert_half.h"
#include "kernels/simd128.h"

namespace ow::kernels {

// The output element type of Op on T: T, or Bool for a comparison.
template <template <typename> class Op, typename T>
using OutOf = decltype(Op<T>::scalar(std::declval<T>(), std::declval<T>()));

template <typename T>
inline v128_t splat(T v) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(T) == 1) return wasm_v128_load8_splat(&v);
  else if constexpr (sizeof(T) == 2) return wasm_v128_load16_splat(&v);
  else if constexpr (sizeof(T) == 4) return wasm_v128_load32_splat(&v);
  else return wasm_v128_load64_splat(&v);
}

// Integer arithmetic in the unsigned type of at least int's width, which wraps where the signed type
// (or an unsigned one promoted to int) would overflow.
template <typename T>
using Wrapping = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

// Whether an operation's main loops run four vectors per step, then one; else one (smaller code). An
// operation opts in with a static constexpr bool kUnrolled = true in Op<float>; every operation's
// float32 loop by a scalar is unrolled (a graph's scaling and clamping by constants, on whole tensors).
template <template <typename> class Op, typename = void>
constexpr bool kUnrolledOf = false;
template <template <typename> class Op>
constexpr bool kUnrolledOf<Op, std::void_t<decltype(Op<float>::kUnrolled)>> = Op<float>::kUnrolled;
template <template <typename> class Op>
constexpr bool kUnrolled = kUnrolledOf<Op>;

template <template <typename> class Op, typename T, typename = void>
constexpr bool kHasMask = false;
template <template <typename> class Op, typename T>
constexpr bool kHasMask<Op, T, std::void_t<decltype(Op<T>::mask(v128_t{}, v128_t{}))>> = sizeof(T) == 4;

// y[i] = op(a[i], b_at(i)) for a comparison with a mask form, sixteen elements a step (four vectors'
// masks narrowed to bytes: -1 saturates to -1, then 1); returns how many elements it did.
template <template <typename> class Op, typename T, typename LoadB>
inline size_t mask_loop(const T* a, LoadB b_at, Bool* y, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    v128_t m[4];
    for (size_t k = 0; k < 4; ++k) m[k] = Op<T>::mask(wasm_v128_load(a + i + 4 * k), b_at(i + 4 * k));
    const v128_t bytes = wasm_i8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(m[0], m[1]), wasm_i16x8_narrow_i32x4(m[2], m[3]));
    wasm_v128_store(y + i, wasm_v128_and(bytes, wasm_i8x16_splat(1)));
  }
  return i;
}

// The main loops store each vector as soon as it is computed: computed first and stored together, the
// four were stored in descending order, which V8 keeps, and which ran a tenth slower. Not inlined:
// the half types' loops call the float32 ones, which would otherwise be copied into each (17 KB of wasm).
template <template <typename> class Op, typename T>
[[gnu::noinline]] void vv_row(const T* a, const T* b, OutOf<Op, T>* y, size_t n) {
  size_t i = 0;
  if constexpr (Op<T>::kVector) {
    constexpr size_t kLanes = 16 / sizeof(T);
    if constexpr (kUnrolled<Op>)
      for (; i + 4 * kLanes <= n; i += 4 * kLanes)
        for (size_t k = 0; k < 4; ++k)
          wasm_v128_store(y + i + k * kLanes, Op<T>::vec(wasm_v128_load(a + i + k * kLanes), wasm_v128_load(b + i + k * kLanes)));
    for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, Op<T>::vec(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  } else if constexpr (kHasMask<Op, T>) {
    i = mask_loop<Op>(a, [b](size_t j) { return wasm_v128_load(b + j); }, y, n);
  }
  for (; i < n; ++i) y[i] = Op<T>::scalar(a[i], b[i]);
}

// Whether Op<T> has a cheaper vector form for a given scalar operand: a static by_scalar(T b) that
// returns a std::optional of a callable v128_t(v128_t a), lane-wise op(a, b), or none for a b it
// does not serve.
template <template <typename> class Op, typename T, typename = void>
constexpr bool kHasByScalar = false;
template <template <typename> class Op, typename T>
constexpr bool kHasByScalar<Op, T, std::void_t<decltype(Op<T>::by_scalar(T{}))>> = true;

// y[i] = vec(a[i]) by vectors (four per step where kUnroll, then one), scalar(a[i]) for the tail.
template <bool kUnroll, typename T, typename Vec, typename Scalar>
inline void map_loop(const T* a, T* y, size_t n, Vec vec, Scalar scalar) {
  constexpr size_t kLanes = 16 / sizeof(T);
  size_t i = 0;
  if constexpr (kUnroll)
    for (; i + 4 * kLanes <= n; i += 4 * kLanes)
      for (size_t k = 0; k < 4; ++k) wasm_v128_store(y + i + k * kLanes, vec(wasm_v128_load(a + i + k * kLanes)));
  for (; i + kLanes <= n; i += kLanes) wasm_v128_store(y + i, vec(wasm_v128_load(a + i)));
  for (; i < n; ++i) y[i] = scalar(a[i]);
}

template <template <typename> class Op, typename T>
[[gnu::noinline]] void vs_loop(const T* a, T b, OutOf<Op, T>* y, size_t n) {
  const auto scalar = [b](T x) { return Op<T>::scalar(x, b); };
  if constexpr (!Op<T>::kVector) {
    size_t i = 0;
    if constexpr (kHasMask<Op, T>) {
      const v128_t vb = splat(b);
      i = mask_loop<Op>(a, [vb](size_t) { return vb; }, y, n);
    }
    for (; i < n; ++i) y[i] = scalar(a[i]);
  } else {
    constexpr bool kUnroll = kUnrolled<Op> || std::is_same_v<T, float>;
    if constexpr (kHasByScalar<Op, T>) {
      if (const auto by_b = Op<T>::by_scalar(b)) return map_loop<kUnroll>(a, y, n, *by_b, scalar);
    }
    const v128_t vb = splat(b);
    map_loop<kUnroll>(a, y, n, [vb](v128_t x) { return Op<T>::vec(x, vb); }, scalar);
  }
}

// y = op(a, b, c, d) in one pass (d may be c): a fold of many inputs reads each once and writes y once,
// rather than y being read and written again for every input.
template <template <typename> class Op, typename T>
void vvvv_loop(const T* a, const T* b, const T* c, const T* d, T* y, size_t n) {
  size_t i = 0;
  constexpr size_t kLanes = 16 / sizeof(T);
  for (; i + 2 * kLanes <= n; i += 2 * kLanes)
    for (size_t j = i; j < i + 2 * kLanes; j += kLanes) {
      const v128_t ab = Op<T>::vec(wasm_v128_load(a + j), wasm_v128_load(b + j));
      wasm_v128_store(y + j, Op<T>::vec(ab, Op<T>::vec(wasm_v128_load(c + j), wasm_v128_load(d + j))));
    }
  for (; i < n; ++i) y[i] = Op<T>::scalar(Op<T>::scalar(a[i], b[i]), Op<T>::scalar(c[i], d[i]));
}

// Half types: a block of each operand to float32, the float32 loop there, the block back (one rounding);
// a comparison writes its bool results straight to y.
template <template <typename> class Op, typename H>
void half_vv(const H* a, const H* b, OutOf<Op, H>* y, size_t n) {
  constexpr bool kToHalf = std::is_same_v<OutOf<Op, float>, float>;
  float fa[kHalfBlock], fb[kHalfBlock];
  for (size_t i = 0; i < n; i += kHalfBlock) {
    const size_t m = std::min(n - i, kHalfBlock);
    half_to_f32(a + i, fa, m);
    half_to_f32(b + i, fb, m);
    if constexpr (kToHalf) {
      vv_row<Op, float>(fa, fb, fa, m);
      f32_to_half(fa, y + i, m);
    } else {
      vv_row<Op, float>(fa, fb, y + i, m);
    }
  }
}

template <template <typename> class Op, typename H>
void half_vs(const H* a, H b, OutOf<Op, H>* y, size_t n) {
  constexpr bool kToHalf = std::is_same_v<OutOf<Op, float>, float>;
  float fa[kHalfBlock];
  for (size_t i = 0; i < n; i += kHalfBlock) {
    const size_t m = std::min(n - i, kHalfBlock);
    half_to_f32(a + i, fa, m);
    if constexpr (kToHalf) {
      vs_loop<Op, float>(fa, to_f32(b), fa, m);
      f32_to_half(fa, y + i, m);
    } else {
      vs_loop<Op, float>(fa, to_f32(b), y + i, m);
    }
  }
}

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

template <template <typename> class Op, typename T>
void vv_rows_untyped(const void* a, const void* b, void* y, size_t n, size_t rows) {
  const auto* ta = static_cast<const T*>(a);
  auto* ty = static_cast<OutOf<Op, T>*>(y);
  for (size_t r = 0; r < rows; ++r) {
    if constexpr (kIsHalf<T>) half_vv<Op>(ta + r * n, static_cast<const T*>(b), ty + r * n, n);
    else vv_row<Op>(ta + r * n, static_cast<const T*>(b), ty + r * n, n);
  }
}

template <template <typename> class Op, typename T>
void vs_untyped(const void* a, const void* b, void* y, size_t n) {
  if constexpr (kIsHalf<T>) half_vs<Op>(static_cast<const T*>(a), *static_cast<const T*>(b), static_cast<OutOf<Op, T>*>(y), n);
  else vs_loop<Op>(static_cast<const T*>(a), *static_cast<const T*>(b), static_cast<OutOf<Op, T>*>(y), n);
}

template <template <typename> class Op, typename T>
constexpr BinaryLoops kBinaryLoops = {sizeof(T), sizeof(OutOf<Op, T>), vv_rows_untyped<Op, T>, vs_untyped<Op, T>, nullptr};

// The table of `Op` for element type t, when t is one of Ts (by default every type with arithmetic);
// else null.
template <template <typename> class Op, typename... Ts>
const BinaryLoops* binary_loops_of(DType t) {
  const BinaryLoops* loops = nullptr;
  visit_dtype<Ts...>(t, [&](auto element) __attribute__((always_inline)) { loops = &kBinaryLoops<Op, decltype(element)>; });
  return loops;
}

}  // namespace ow::kernels
