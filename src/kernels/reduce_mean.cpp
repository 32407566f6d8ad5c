#include "kernels/reduce_mean.h"

#include <algorithm>
#include <type_traits>

#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/reduce_sum.h"

namespace ow::kernels {
namespace {

template <typename T> struct AccOf { using type = T; };
template <> struct AccOf<Float16> { using type = float; };
template <> struct AccOf<BFloat16> { using type = float; };
template <> struct AccOf<int32_t> { using type = int64_t; };
template <> struct AccOf<uint32_t> { using type = uint64_t; };
template <> struct AccOf<int64_t> { using type = __int128; };
template <> struct AccOf<uint64_t> { using type = unsigned __int128; };

template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;

// acc[i] += x[i], i < n.
template <typename T, typename Acc = typename AccOf<T>::type>
void add_rows(void* acc, const void* x, size_t n) {
  if constexpr (kIsHalf<T>) {  // widened a block at a time
    float block[kHalfBlock];
    for (size_t i = 0; i < n; i += kHalfBlock) {
      const size_t m = std::min(kHalfBlock, n - i);
      half_to_f32(static_cast<const T*>(x) + i, block, m);
      add_row(static_cast<float*>(acc) + i, block, m);
    }
  } else if constexpr (std::is_integral_v<T>) {
    widening_add_row(static_cast<Acc*>(acc), static_cast<const T*>(x), n);
  } else {
    add_row(static_cast<Acc*>(acc), static_cast<const T*>(x), n);
  }
}

// *total += x[0] + ... + x[n - 1].
template <typename T, typename Acc = typename AccOf<T>::type>
void add_sum(void* total, const void* x, size_t n) {
  if constexpr (kIsHalf<T>) {
    float block[kHalfBlock];
    for (size_t i = 0; i < n; i += kHalfBlock) {
      const size_t m = std::min(kHalfBlock, n - i);
      half_to_f32(static_cast<const T*>(x) + i, block, m);
      *static_cast<float*>(total) += sum(block, m);
    }
  } else if constexpr (std::is_integral_v<T>) {
    *static_cast<Acc*>(total) += widening_sum(static_cast<const T*>(x), n);
  } else {
    *static_cast<Acc*>(total) += sum(static_cast<const T*>(x), n);
  }
}

// The mean of T's values is one: an integer quotient fits T.
template <typename T, typename Acc = typename AccOf<T>::type>
void finish(const void* sums, void* y, size_t n, size_t count) {
  const auto* s = static_cast<const Acc*>(sums);
  T* out = static_cast<T*>(y);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (kIsHalf<T>) out[i] = half_from_f32<T>(s[i] / static_cast<float>(count));
    else if constexpr (std::is_floating_point_v<T>) out[i] = s[i] / static_cast<T>(count);
    else out[i] = count ? static_cast<T>(s[i] / static_cast<Acc>(count)) : 0;
  }
}

template <typename T>
constexpr MeanLoops kMeanLoops = {{sizeof(typename AccOf<T>::type), add_rows<T>, add_sum<T>}, std::is_same_v<T, typename AccOf<T>::type>, finish<T>};

}  // namespace

const MeanLoops* reduce_mean_loops(DType t) {
  const MeanLoops* loops = nullptr;
  visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(
      t, [&](auto element) __attribute__((always_inline)) { loops = &kMeanLoops<decltype(element)>; });
  return loops;
}

}  // namespace ow::kernels
