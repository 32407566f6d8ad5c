#include "kernels/top_k.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include "core/half.h"

namespace ow::kernels {
namespace {

// An element's rank: its key above, the complement of its index below, so that larger ranks come first
// and equal keys by lower index; one unsigned compare each. 64 bits for the types of at most 32,
// 128 for the others. NaN's key is 0, below every number's (whose keys, in either order, are at least
// the complement of -inf's bits), so NaN comes after every number.
template <typename T>
using Rank = std::conditional_t<(sizeof(T) < 8), uint64_t, unsigned __int128>;

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
  using R = Rank<T>;
  const auto rank_of = [largest](T v, size_t a) {
    uint64_t key = 0;
    const bool number = ascending_key(v, key);
    const uint64_t ordered = !number ? 0 : largest ? key : (~key & kMask);
    return (R{ordered} << 32) | (UINT32_MAX - static_cast<uint32_t>(a));
  };
  // The k largest ranks seen so far in a heap whose top is the least of them: a later rank enters only
  // where it beats that one, so most elements cost one compare.
  if (k == 0) return;
  std::vector<R> best(k);
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* in = x + o * axis * inner + i;
      for (size_t a = 0; a < k; ++a) best[a] = rank_of(in[a * inner], a);
      std::make_heap(best.begin(), best.end(), std::greater<R>());
      for (size_t a = k; a < axis; ++a) {
        const R r = rank_of(in[a * inner], a);
        if (r <= best.front()) continue;
        std::pop_heap(best.begin(), best.end(), std::greater<R>());
        best.back() = r;
        std::push_heap(best.begin(), best.end(), std::greater<R>());
      }
      std::sort_heap(best.begin(), best.end(), std::greater<R>());  // largest first
      for (size_t j = 0; j < k; ++j) {
        const size_t out = (o * k + j) * inner + i;
        const size_t index = UINT32_MAX - static_cast<uint32_t>(best[j]);
        values[out] = in[index * inner];
        indices[out] = static_cast<int64_t>(index);
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
