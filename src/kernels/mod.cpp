// Mod's two remainders (kernels/binary.h), scalar: SIMD128 has no division.
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

// a - b * trunc(a / b). For integers, b = -1 gives 0 rather than trapping on the lowest value / -1.
template <typename T>
struct TruncatedMod {
  static constexpr bool kVector = false;
  static T scalar(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
      return std::fmod(a, b);
    } else {
      if (b == 0) return 0;
      if constexpr (std::is_signed_v<T>)
        if (b == -1) return 0;
      return static_cast<T>(a % b);
    }
  }
};

// a - b * floor(a / b), of integers: the truncated remainder moved by b where its sign differs from
// b's (r + b cannot overflow: |r| < |b| and the two have opposite signs).
template <typename T>
struct FloorMod {
  static constexpr bool kVector = false;
  static T scalar(T a, T b) {
    const T r = TruncatedMod<T>::scalar(a, b);
    if constexpr (std::is_signed_v<T>)
      if (r != 0 && (r < 0) != (b < 0)) return static_cast<T>(r + b);
    return r;
  }
};

}  // namespace

const BinaryLoops* floor_mod_loops(DType t) {
  return binary_loops_of<FloorMod, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>(t);
}
const BinaryLoops* fmod_loops(DType t) { return binary_loops_of<TruncatedMod>(t); }

}  // namespace ow::kernels
