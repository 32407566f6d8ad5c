#include "kernels/reduce.h"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "kernels/arithmetic_ops.h"
#include "kernels/binary_loops.h"
#include "kernels/min_max_ops.h"
#include "kernels/reduce_sum.h"

namespace ow::kernels {
namespace {

// total folded with x[0], ..., x[n - 1] by a binary operation Op<A> (kernels/binary_loops.h), in two
// vector accumulators (the operations of one wait on each other), then the tail.
template <template <typename> class Op, typename A>
[[gnu::noinline]] A fold_run(A total, const A* x, size_t n) {
  constexpr size_t kLanes = 16 / sizeof(A);
  size_t i = 0;
  if (n >= 2 * kLanes) {
    v128_t a = wasm_v128_load(x), b = wasm_v128_load(x + kLanes);
    for (i = 2 * kLanes; i + 2 * kLanes <= n; i += 2 * kLanes) {
      a = Op<A>::vec(a, wasm_v128_load(x + i));
      b = Op<A>::vec(b, wasm_v128_load(x + i + kLanes));
    }
    alignas(16) A lanes[kLanes];
    wasm_v128_store(lanes, Op<A>::vec(a, b));
    for (A v : lanes) total = Op<A>::scalar(total, v);
  }
  for (; i < n; ++i) total = Op<A>::scalar(total, x[i]);
  return total;
}

// The folds of one operation over accumulators of type A: rows and runs, and the start.
template <typename A>
struct SumFold {  // the sum kernels (kernels/reduce_sum.h)
  static void rows(A* acc, const A* x, size_t n) { add_row(acc, x, n); }
  static A run(A total, const A* x, size_t n) { return total + sum(x, n); }
  static A start() { return A(0); }
};

template <template <typename> class Op, typename A>
struct OpFold {
  static void rows(A* acc, const A* x, size_t n) { vv_row<Op, A>(acc, x, acc, n); }
  static A run(A total, const A* x, size_t n) { return fold_run<Op, A>(total, x, n); }
  static A start() {
    using L = std::numeric_limits<A>;
    if constexpr (std::is_same_v<Op<A>, Mul<A>>) return A(1);
    else if constexpr (std::is_same_v<Op<A>, Max<A>>) return L::has_infinity ? -L::infinity() : L::lowest();
    else return L::has_infinity ? L::infinity() : L::max();
  }
};
template <typename A> using ProdFold = OpFold<Mul, A>;
template <typename A> using MaxFold = OpFold<Max, A>;
template <typename A> using MinFold = OpFold<Min, A>;
// bool's Min (And) over its bytes: over no elements true, the byte 1, not the byte type's largest.
template <typename A>
struct AllFold : MinFold<A> {
  static A start() { return A(1); }
};

// The loops of a fold F<A> behind untyped pointers.
template <template <typename> class F, typename A>
struct Loops {
  static void rows(void* acc, const void* x, size_t n) { F<A>::rows(static_cast<A*>(acc), static_cast<const A*>(x), n); }
  static void run(void* acc, const void* x, size_t n) { *static_cast<A*>(acc) = F<A>::run(*static_cast<A*>(acc), static_cast<const A*>(x), n); }
  static void start(void* acc, size_t n) { std::fill_n(static_cast<A*>(acc), n, F<A>::start()); }

  static constexpr ReduceLoops kLoops = {{sizeof(A), rows, run}, start};
};

// The loops for type t, its elements as `kWrapping` folds read them: integers summed or multiplied as
// their unsigned type (which wraps alike, in fewer instantiations).
template <template <typename> class F, bool kWrapping, typename... Ts>
const ReduceLoops* loops_of(DType t) {
  const ReduceLoops* loops = nullptr;
  visit_dtype<Ts...>(t, [&](auto element) __attribute__((always_inline)) {
    using T = decltype(element);
    if constexpr (kWrapping && std::is_integral_v<T>) loops = &Loops<F, std::make_unsigned_t<T>>::kLoops;
    else loops = &Loops<F, T>::kLoops;
  });
  return loops;
}

}  // namespace

const ReduceLoops* reduce_sum_loops(DType t) {
  return loops_of<SumFold, true, float, double, int32_t, int64_t, uint32_t, uint64_t>(t);
}
const ReduceLoops* reduce_prod_loops(DType t) {
  return loops_of<ProdFold, true, float, double, int32_t, int64_t, uint32_t, uint64_t>(t);
}
// bool (version 20) by its bytes as uint8: the largest byte is non-zero when any is (Or), the smallest
// when all are (And), whatever non-zero bytes a caller's data hold; over no elements false (uint8's
// lowest, 0) and true (1).
const ReduceLoops* reduce_max_loops(DType t) {
  if (t == DType::kBool) t = DType::kUint8;
  return loops_of<MaxFold, false, float, double, int8_t, uint8_t, int32_t, int64_t, uint32_t, uint64_t>(t);
}
const ReduceLoops* reduce_min_loops(DType t) {
  if (t == DType::kBool) return &Loops<AllFold, uint8_t>::kLoops;
  return loops_of<MinFold, false, float, double, int8_t, uint8_t, int32_t, int64_t, uint32_t, uint64_t>(t);
}

}  // namespace ow::kernels
