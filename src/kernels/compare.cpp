// Equal, Less, Greater, LessOrEqual and GreaterOrEqual (kernels/binary.h) of every type, into bool.
// The loops are scalar (kVector false): a vector compare gives a lane mask of T's width per element,
// which the shared loops do not narrow to bytes; the compiler vectorizes the scalar loops where it can.
#include <functional>

#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

// A bool input compares as true (any nonzero byte) or false.
template <typename T>
T key(T v) { return v; }
bool key(Bool v) { return v.value != 0; }

// The built-in comparisons order NaN with nothing and take -0 equal to +0, as ONNX's reference does.
template <typename Compare>
struct Comparison {
  template <typename T>
  struct Op {
    static constexpr bool kVector = false;
    static Bool scalar(T a, T b) { return Bool{static_cast<uint8_t>(Compare{}(key(a), key(b)))}; }
  };
};

template <typename T> using Equal = Comparison<std::equal_to<>>::Op<T>;
template <typename T> using Less = Comparison<std::less<>>::Op<T>;
template <typename T> using Greater = Comparison<std::greater<>>::Op<T>;
template <typename T> using LessOrEqual = Comparison<std::less_equal<>>::Op<T>;
template <typename T> using GreaterOrEqual = Comparison<std::greater_equal<>>::Op<T>;

}  // namespace

const BinaryLoops* equal_loops(DType t) {
  return t == DType::kBool ? &kBinaryLoops<Equal, Bool> : binary_loops_of<Equal>(t);
}
const BinaryLoops* less_loops(DType t) { return binary_loops_of<Less>(t); }
const BinaryLoops* greater_loops(DType t) { return binary_loops_of<Greater>(t); }
const BinaryLoops* less_or_equal_loops(DType t) { return binary_loops_of<LessOrEqual>(t); }
const BinaryLoops* greater_or_equal_loops(DType t) { return binary_loops_of<GreaterOrEqual>(t); }

}  // namespace ow::kernels
