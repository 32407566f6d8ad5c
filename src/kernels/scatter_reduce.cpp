#include "kernels/scatter_reduce.h"

#include <cstring>
#include <type_traits>

#include "core/half.h"

namespace ow::kernels {
namespace {

// The arithmetic type of a stored element: float32 for the half types, bool for Bool, else itself.
template <typename T>
using Arith = std::conditional_t<std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>, float, std::conditional_t<std::is_same_v<T, Bool>, bool, T>>;

template <typename T>
Arith<T> load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) return to_f32(v);
  else if constexpr (std::is_same_v<T, Bool>) return v.value != 0;
  else return v;
}

template <typename T>
void store(unsigned char* p, Arith<T> a) {
  T v;
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) v = half_from_f32<T>(a);
  else if constexpr (std::is_same_v<T, Bool>) v = Bool{static_cast<uint8_t>(a ? 1 : 0)};
  else v = a;
  std::memcpy(p, &v, sizeof v);
}

template <typename A>
bool is_nan(A a) {
  if constexpr (std::is_floating_point_v<A>) return a != a;
  else return false;
}

template <typename A>
A combine(ScatterReduction op, A y, A u) {
  if constexpr (std::is_same_v<A, bool>) {
    return op == ScatterReduction::kAdd || op == ScatterReduction::kMax ? (y || u) : (y && u);
  } else if constexpr (std::is_integral_v<A>) {
    using U = std::make_unsigned_t<A>;  // wrapping: no signed overflow
    switch (op) {
      case ScatterReduction::kAdd: return static_cast<A>(static_cast<U>(static_cast<U>(y) + static_cast<U>(u)));
      case ScatterReduction::kMul: return static_cast<A>(static_cast<U>(static_cast<U>(y) * static_cast<U>(u)));
      case ScatterReduction::kMax: return y >= u ? y : u;
      default: return y <= u ? y : u;
    }
  } else {
    switch (op) {
      case ScatterReduction::kAdd: return y + u;
      case ScatterReduction::kMul: return y * u;
      case ScatterReduction::kMax: return y >= u || is_nan(y) ? y : u;
      default: return y <= u || is_nan(y) ? y : u;
    }
  }
}

template <typename T>
void reduce_rows(ScatterReduction op, const unsigned char* updates, const int64_t* rows, size_t n, size_t row, unsigned char* y) {
  for (size_t i = 0; i < n; ++i) {
    unsigned char* to = y + static_cast<size_t>(rows[i]) * row * sizeof(T);
    for (size_t k = 0; k < row; ++k, to += sizeof(T), updates += sizeof(T)) store<T>(to, combine(op, load<T>(to), load<T>(updates)));
  }
}

}  // namespace

void scatter_reduce(ScatterReduction op, DType type, const unsigned char* updates, const int64_t* rows, size_t n, size_t row, unsigned char* y) {
  visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, Bool>(
      type, [&](auto element) { reduce_rows<decltype(element)>(op, updates, rows, n, row, y); });
}

}  // namespace ow::kernels
