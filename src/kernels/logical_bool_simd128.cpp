// And, Or, Xor and Not of bool (kernels/logical.h), sixteen elements a vector: each input byte made a
// lane mask (nonzero: all ones), the masks combined, the result masked to 0 or 1.
#include "kernels/binary_loops.h"
#include "kernels/logical.h"

namespace ow::kernels {
namespace {

inline v128_t truth(v128_t v) { return wasm_i8x16_ne(v, wasm_i8x16_splat(0)); }
inline v128_t mask_to_bool(v128_t mask) { return wasm_v128_and(mask, wasm_i8x16_splat(1)); }
inline Bool to_bool(bool b) { return Bool{static_cast<uint8_t>(b)}; }

// Binary operations in the form binary_loops.h takes; T is Bool (the loops are made for bool alone).
template <typename T>
struct And {
  static constexpr bool kVector = true;
  static Bool scalar(Bool a, Bool b) { return to_bool(a.value != 0 && b.value != 0); }
  static v128_t vec(v128_t a, v128_t b) { return mask_to_bool(wasm_v128_and(truth(a), truth(b))); }
};
template <typename T>
struct Or {
  static constexpr bool kVector = true;
  static Bool scalar(Bool a, Bool b) { return to_bool(a.value != 0 || b.value != 0); }
  static v128_t vec(v128_t a, v128_t b) { return mask_to_bool(truth(wasm_v128_or(a, b))); }
};
template <typename T>
struct Xor {
  static constexpr bool kVector = true;
  static Bool scalar(Bool a, Bool b) { return to_bool((a.value != 0) != (b.value != 0)); }
  static v128_t vec(v128_t a, v128_t b) { return mask_to_bool(wasm_v128_xor(truth(a), truth(b))); }
};

template <template <typename> class Op>
const BinaryLoops* bool_loops(DType t) {
  return t == DType::kBool ? &kBinaryLoops<Op, Bool> : nullptr;
}

}  // namespace

const BinaryLoops* and_loops(DType t) { return bool_loops<And>(t); }
const BinaryLoops* or_loops(DType t) { return bool_loops<Or>(t); }
const BinaryLoops* xor_loops(DType t) { return bool_loops<Xor>(t); }

void logical_not(const Bool* x, Bool* y, size_t n) {
  map_loop<true>(x, y, n, [](v128_t v) { return mask_to_bool(wasm_i8x16_eq(v, wasm_i8x16_splat(0))); },
                 [](Bool v) { return to_bool(v.value == 0); });
}

}  // namespace ow::kernels
