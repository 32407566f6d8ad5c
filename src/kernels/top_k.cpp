#include "kernels/top_k.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include "core/half.h"
#include "kernels/simd128.h"

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

// The k best ranks of a line, offered one by one: those that beat the bar (the k-th best so far, once
// there is one) gather in a buffer of 2k (at most the line); when it fills, the k best are kept
// (nth_element) and the k-th of them becomes the bar. Most elements cost one compare with the bar, a
// full buffer O(k).
template <typename R>
class BestRanks {
 public:
  BestRanks(size_t k, size_t capacity) : k_(k), ranks_(capacity) {}

  void clear() {
    size_ = 0;
    bounded_ = false;
  }
  bool beats_bar(R r) const { return !bounded_ || r > bar_; }
  // Whether there is a bar yet, and it.
  bool bounded() const { return bounded_; }
  R bar() const { return bar_; }

  // Takes r, which beats the bar; true where the bar moved.
  bool offer(R r) {
    ranks_[size_++] = r;
    if (size_ < ranks_.size()) return false;
    keep_best();
    return true;
  }

  // The k best, best first (k <= the ranks offered).
  const R* sorted() {
    if (size_ > k_) keep_best();
    std::sort(ranks_.begin(), ranks_.begin() + static_cast<ptrdiff_t>(size_), std::greater<R>());
    return ranks_.data();
  }

 private:
  void keep_best() {
    std::nth_element(ranks_.begin(), ranks_.begin() + static_cast<ptrdiff_t>(k_ - 1), ranks_.begin() + static_cast<ptrdiff_t>(size_),
                     std::greater<R>());
    bar_ = ranks_[k_ - 1];
    size_ = k_;
    bounded_ = true;
  }

  size_t k_;
  std::vector<R> ranks_;
  size_t size_ = 0;
  bool bounded_ = false;
  R bar_{};
};

// The index a rank holds in its low 32 bits.
template <typename R>
size_t index_of(R rank) {
  return UINT32_MAX - static_cast<uint32_t>(rank);
}

// A float32 line read in place, up to its last four elements: four at a time are passed over where none
// reaches the bar's value (a NaN never does, and ranks below every number; -0 and +0 compare equal, as
// their keys are), so that most cost one vector compare; the others are offered by rank. Returns the
// first element left.
template <typename R, typename RankOf>
size_t offer_in_vectors(bool largest, const float* in, size_t axis, BestRanks<R>& best, const RankOf& rank_of) {
  size_t a = 0;
  bool filtering = false;
  v128_t bar = wasm_f32x4_splat(0.0f);
  const auto follow_bar = [&] {
    const float v = in[index_of(best.bar())];
    filtering = !std::isnan(v);
    bar = wasm_f32x4_splat(v);
  };
  for (; a + 4 <= axis; a += 4) {
    if (filtering) {
      const v128_t v = wasm_v128_load(in + a);
      if (!wasm_v128_any_true(largest ? wasm_f32x4_ge(v, bar) : wasm_f32x4_le(v, bar))) continue;
    }
    for (size_t j = a; j < a + 4; ++j) {
      const R r = rank_of(in[j], j);
      if (best.beats_bar(r) && best.offer(r)) follow_bar();
    }
  }
  return a;
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
  if (k == 0) return;
  BestRanks<R> best(k, std::min(2 * k, axis));
  for (size_t o = 0; o < outer; ++o) {
    for (size_t i = 0; i < inner; ++i) {
      const T* in = x + o * axis * inner + i;
      best.clear();
      size_t a = 0;
      if constexpr (std::is_same_v<T, float>)
        if (inner == 1) a = offer_in_vectors(largest, in, axis, best, rank_of);
      for (; a < axis; ++a) {
        const R r = rank_of(in[a * inner], a);
        if (best.beats_bar(r)) best.offer(r);
      }
      const R* ranks = best.sorted();
      for (size_t j = 0; j < k; ++j) {
        const size_t out = (o * k + j) * inner + i;
        const size_t index = index_of(ranks[j]);
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
