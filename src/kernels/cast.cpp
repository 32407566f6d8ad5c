// Cast runs a SIMD128 loop for the common pairs (direct_cast), and the others in two stages over
// blocks that stay in cache, so that 13 readers and 26 writers serve them rather than a loop per
// pair: each element is widened to what holds every value of its kind exactly (integers to int64 or
// uint64, floating point to float64), then converted from that by the rules of cast.h (integers to
// integers: its low bytes). That gives the same result as converting directly: convert<D> of a
// floating-point value goes through its float64 value anyway, and integer conversions depend only on
// the value, which widening keeps.
#include "kernels/cast.h"

#include <algorithm>
#include <cstring>

namespace ow::kernels {
namespace {

constexpr size_t kBlock = 256;

// bool widens to uint64 (0 or 1).
template <typename S>
using Wide = std::conditional_t<kIsFloat<S>, double, std::conditional_t<std::is_signed_v<S>, int64_t, uint64_t>>;

using Stage = CastLoop;

// The two-stage loops are built for size: 36 of them serve the pairs that have no SIMD128 loop of
// their own (at -O3 each is unrolled and vectorized into 0.5-1.3 kB).
#define OW_CAST_STAGE __attribute__((minsize))

template <typename S>
OW_CAST_STAGE void widen(const void* in, void* out, size_t n) {
  const S* x = static_cast<const S*>(in);
  Wide<S>* w = static_cast<Wide<S>*>(out);
  for (size_t i = 0; i < n; ++i) {
    if constexpr (kIsFloat<S>) w[i] = to_f64(x[i]);
    else if constexpr (std::is_same_v<S, Bool>) w[i] = x[i].value != 0;
    else w[i] = x[i];
  }
}

template <typename W, typename D>
OW_CAST_STAGE void narrow(const void* in, void* out, size_t n) {
  const W* w = static_cast<const W*>(in);
  D* y = static_cast<D*>(out);
  for (size_t i = 0; i < n; ++i) y[i] = convert<D>(w[i]);
}

// Integer to integer: the low bytes of the widened value, whatever either type's signedness (U is the
// unsigned type of the target's size).
template <typename U>
OW_CAST_STAGE void low_bytes(const void* in, void* out, size_t n) {
  const auto* w = static_cast<const uint64_t*>(in);
  U* y = static_cast<U*>(out);
  for (size_t i = 0; i < n; ++i) y[i] = static_cast<U>(w[i]);
}

}  // namespace

void cast(DType from, const void* x, DType to, void* y, size_t n) {
  if (from == to) {
    if (x != y) std::memcpy(y, x, n * dtype_size(from));
    return;
  }
  if (CastLoop direct = direct_cast(from, to)) return direct(x, y, n);
  Stage widen_stage = nullptr, narrow_stage = nullptr;
  DType wide = DType::kUndefined;
  visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, Bool>(from, [&](auto source) __attribute__((always_inline)) {
    using S = decltype(source);
    widen_stage = widen<S>;
    wide = DTypeOf<Wide<S>>::value;
  });
  visit_dtype<float, double, Float16, BFloat16, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, Bool>(to, [&](auto target) __attribute__((always_inline)) {
    using D = decltype(target);
    if (wide == DType::kFloat64) {
      narrow_stage = narrow<double, D>;
    } else if constexpr (std::is_same_v<D, Bool>) {
      narrow_stage = narrow<uint64_t, D>;  // not zero, whatever the sign
    } else if constexpr (kIsFloat<D>) {
      narrow_stage = wide == DType::kInt64 ? narrow<int64_t, D> : narrow<uint64_t, D>;
    } else {
      narrow_stage = low_bytes<std::make_unsigned_t<D>>;
    }
  });
  const size_t in_size = dtype_size(from), out_size = dtype_size(to);
  const auto* in = static_cast<const unsigned char*>(x);
  auto* out = static_cast<unsigned char*>(y);
  uint64_t block[kBlock];
  for (size_t i = 0; i < n; i += kBlock) {
    const size_t m = std::min(kBlock, n - i);
    widen_stage(in + i * in_size, block, m);
    narrow_stage(block, out + i * out_size, m);
  }
}

}  // namespace ow::kernels
