// The native build rounds a * b + c twice, as wasm does (it has no fused multiply-add without relaxed
// SIMD): CMakeLists.txt builds with -ffp-contract=off, so that the tests' bit-exact expectations (the
// fused scale-round-clamp chain against its operators, the kernels against their scalar references)
// hold on targets with FMA too. mul_add is built for such a target, where a compiler left to contract
// (GCC's default for C++, clang's within an expression) fuses it.
#include <cmath>

#include "test_util.h"

namespace {

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("fma"), noinline)) float mul_add(float a, float b, float c) { return a * b + c; }
bool has_fma() { return __builtin_cpu_supports("fma"); }
#else
__attribute__((noinline)) float mul_add(float a, float b, float c) { return a * b + c; }
bool has_fma() { return true; }
#endif

}  // namespace

TEST_CASE("a * b + c rounds the product, then the sum: never contracted into an FMA") {
  if (!has_fma()) return;  // nothing to contract into
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds (a tie, to even) to 1 + 2^-11: minus 1 leaves 2^-11, where
  // a fused multiply-add keeps the 2^-24.
  volatile float a = 1.0f + 0x1p-12f, c = -1.0f;
  REQUIRE(std::fma(a, a, c) == 0x1p-11f + 0x1p-24f);
  CHECK(mul_add(a, a, c) == 0x1p-11f);
}
