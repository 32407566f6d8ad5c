// Pow in float64 (kernels/pow.h): scalar, there is no vector pow.
#include "kernels/pow.h"

#include <cmath>

#include "kernels/binary_loops.h"

namespace ow::kernels {
namespace {

template <typename T>
struct Pow {
  static constexpr bool kVector = false;
  static T scalar(T a, T b) { return std::pow(a, b); }
};

}  // namespace

const BinaryLoops& pow_f64_loops() { return kBinaryLoops<Pow, double>; }

}  // namespace ow::kernels
