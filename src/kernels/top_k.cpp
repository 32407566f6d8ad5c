#include "kernels/top_k.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <vector>

#include "core/half.h"

namespace ow::kernels {
namespace {

struct Ranked {
  uint64_t key;    // larger first
  uint32_t index;  // then lower first
  bool nan;        // after every number
};

// The k first of `line` in their order, at its front (one instantiation for every type).
void rank_first(std::vector<Ranked>& line, size_t k) {
  std::partial_sort(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(k), line.end(), [](const Ranked& a, const Ranked& b) {
    if (a.nan != b.nan) return b.nan;
    return a.key > b.key || (a.key == b.key && a.index < b.index);
  });
}

// The key of a value of T in ascending order of value (floats: the sign-magnitude bits made monotone,
// -0 as +0; NaN: none, reported by the return value).
template <typename T>
inline bool ascending_key(T v, uint64_t& key) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    constexpr U kSign = std::is_signed_v<T> ? U(U(1) << (8 * sizeof(T) - 1)) : U(0);
    key = static_cast<U>(static_cast<U>(v) ^ kSign);
    return true;
  } else {
    using Bits = std::conditional_t<sizeof(T) == 8, uint64_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>>;
    Bits b;
    std::memcpy(&b, &v, sizeof b);
    constexpr Bits kSign = Bits(Bits(1) << (8 * sizeof(T) - 1));
    const Bits magnitude = static_cast<Bits>(b & ~kSign);
    constexpr Bits kInf = sizeof(T) == 8 ? Bits(0x7ff0000000000000ull) : sizeof(T) == 4 ? Bits(0x7f800000u)
                          : std::is_same_v<T, Float16> ? Bits(0x7c00) : Bits(0x7f80);
    if (magnitude > kInf) return false;  // NaN
    key = magnitude == 0 ? kSign : (b & kSign) ? static_cast<Bits>(~b) : static_cast<Bits>(b | kSign);
    return true;
  }
}

template <typename T>
void top_k_lines(bool largest, const T* x, size_t outer, size_t axis, size_t inner, size_t k, T* values, int64_t* indices) {
  // The smallest-first order is that of the keys' complements (in T's width).
  constexpr uint64_t kMask = sizeof(T) == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * sizeof(T))) - 1;
  std::vector<Ranked> line(axis);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* in = x + o * axis * inner + i;
      for (size_t a = 0; a < axis; ++a) {
        uint64_t key = 0;
        const bool number = ascending_key(in[a * inner], key);
        line[a] = {largest ? key : (~key & kMask), static_cast<uint32_t>(a), !number};
      }
      rank_first(line, k);
      for (size_t j = 0; j < k; ++j) {
        const size_t out = (o * k + j) * inner + i;
        values[out] = in[line[j].index * inner];
        indices[out] = line[j].index;
      }
    }
  }
}

}  // namespace

bool top_k(DType t, bool largest, const void* x, size_t outer, size_t axis, size_t inner, size_t k, void* values, int64_t* indices) {
  return visit_dtype(t, [&](auto element) {
    using T = decltype(element);
    top_k_lines(largest, static_cast<const T*>(x), outer, axis, inner, k, static_cast<T*>(values), indices);
  });
}

}  // namespace ow::kernels
