// The GEMM core (kernels/gemm.h) against a naive triple loop in double: every m, n, k in 1..17 (each
// partial register tile and packed panel) with transposed and strided operands, alpha, accumulation,
// blocks past the packing sizes, k = 0, and NaN and infinities; B packed beforehand gives the same
// bits; the scalar loop's integers wrap.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/gemm.h"
#include "test_util.h"

using namespace ow;
using namespace ow::kernels;
using namespace ow::test;

namespace {

struct Case {
  size_t m, n, k;
  bool trans_a, trans_b, accumulate;
  float alpha;
};

// Runs gemm_f32 on random operands laid out per `cs` and compares with a double reference.
void check_f32(const Case& cs, uint32_t& state) {
  std::vector<float> a(cs.m * cs.k), b(cs.k * cs.n);
  for (float& v : a) v = random_value(state);
  for (float& v : b) v = random_value(state);
  const size_t ldc = cs.n + 3;  // rows of C apart by more than n: the kernel must not touch the gap
  std::vector<float> c(cs.m * ldc);
  for (float& v : c) v = random_value(state);
  const std::vector<float> before = c;
  // A stored m x k, or k x m read transposed; likewise B.
  const MatrixOperand<float> av = cs.trans_a ? MatrixOperand<float>{a.data(), 1, static_cast<ptrdiff_t>(cs.m)}
                                             : MatrixOperand<float>{a.data(), static_cast<ptrdiff_t>(cs.k), 1};
  const MatrixOperand<float> bv = cs.trans_b ? MatrixOperand<float>{b.data(), 1, static_cast<ptrdiff_t>(cs.k)}
                                             : MatrixOperand<float>{b.data(), static_cast<ptrdiff_t>(cs.n), 1};
  gemm_f32(cs.m, cs.n, cs.k, av, bv, c.data(), ldc, cs.alpha, cs.accumulate);
  // With B packed whole beforehand (a session's constant weights): the same sums, bit for bit.
  std::vector<float> b_packed(gemm_f32_packed_b_size(cs.k, cs.n));
  gemm_f32_pack_b(cs.k, cs.n, bv, b_packed.data());
  std::vector<float> c_b = before;
  gemm_f32_packed_b(cs.m, cs.n, cs.k, av, b_packed.data(), c_b.data(), ldc, cs.alpha, cs.accumulate);
  REQUIRE(c_b == c);
  for (size_t i = 0; i < cs.m; ++i) {
    for (size_t j = 0; j < ldc; ++j) {
      if (j >= cs.n) {
        REQUIRE(c[i * ldc + j] == before[i * ldc + j]);
        continue;
      }
      double want = 0, magnitude = 0;
      for (size_t p = 0; p < cs.k; ++p) {
        const double x = av.data[static_cast<ptrdiff_t>(i) * av.row_stride + static_cast<ptrdiff_t>(p) * av.col_stride];
        const double y = bv.data[static_cast<ptrdiff_t>(p) * bv.row_stride + static_cast<ptrdiff_t>(j) * bv.col_stride];
        want += x * y;
        magnitude += std::fabs(x * y);
      }
      want *= cs.alpha;
      if (cs.accumulate) want += before[i * ldc + j];
      INFO("m=" << cs.m << " n=" << cs.n << " k=" << cs.k << " transA=" << cs.trans_a << " transB=" << cs.trans_b
                << " alpha=" << cs.alpha << " accumulate=" << cs.accumulate << " at (" << i << ", " << j << ")");
      REQUIRE(std::fabs(c[i * ldc + j] - want) <= 1e-5 * (magnitude * std::fabs(cs.alpha) + std::fabs(want) + 1));
    }
  }
}

}  // namespace

TEST_CASE("gemm_f32: every m, n, k in 1..17, plain and transposed", "[gemm]") {
  uint32_t state = 1;
  for (size_t m = 1; m <= 17; ++m)
    for (size_t n = 1; n <= 17; ++n)
      for (size_t k = 1; k <= 17; ++k) {
        const unsigned variant = static_cast<unsigned>(m * 31 + n * 7 + k);
        check_f32({m, n, k, (variant & 1) != 0, (variant & 2) != 0, (variant & 4) != 0, variant % 3 == 0 ? 1.0f : -0.75f}, state);
      }
}

// One-row products (and a last block of one row) take row_kernel over four panels at a time.
TEST_CASE("gemm_f32: blocks past the packing sizes, and one-row products", "[gemm]") {
  uint32_t state = 2;
  for (const Case& cs : {Case{130, 37, 300, false, false, false, 1.0f}, Case{7, 2100, 9, false, false, true, 0.5f},
                         Case{125, 19, 513, true, true, false, 2.0f}, Case{1, 4099, 33, false, false, false, 1.0f},
                         Case{3, 61, 260, false, true, true, 1.0f}, Case{6, 40, 5, false, false, false, 1.0f},
                         Case{1, 100, 9, false, true, true, -0.5f}, Case{121, 70, 20, false, true, false, 1.0f}})
    check_f32(cs, state);
}

TEST_CASE("gemm_f32: k = 0 writes zeros or keeps C; NaN and infinities propagate", "[gemm]") {
  std::vector<float> c = {5, 6, 7, 8};
  const float none = 0;
  gemm_f32(2, 2, 0, {&none, 0, 1}, {&none, 2, 1}, c.data(), 2, 1.0f, true);
  REQUIRE(c == std::vector<float>{5, 6, 7, 8});
  gemm_f32(2, 2, 0, {&none, 0, 1}, {&none, 2, 1}, c.data(), 2, 1.0f, false);
  REQUIRE(c == std::vector<float>{0, 0, 0, 0});
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> a = {1, 0, inf, 1, nan, 1};  // 3 x 2
  const std::vector<float> b = {1, 0, 3, -1, 0, 1};   // 2 x 3
  std::vector<float> y(9);
  gemm_f32(3, 3, 2, {a.data(), 2, 1}, {b.data(), 3, 1}, y.data(), 3, 1.0f, false);
  REQUIRE(y[0] == 1);
  REQUIRE(y[1] == 0);
  REQUIRE(y[3] == inf);        // inf * 1 + 1 * -1
  REQUIRE(std::isnan(y[4]));  // inf * 0
  REQUIRE(y[5] == inf);
  for (size_t j = 0; j < 3; ++j) REQUIRE(std::isnan(y[6 + j]));
}

TEST_CASE("gemm_scalar: integers wrap, doubles exact on small values", "[gemm]") {
  const std::vector<uint32_t> a = {0x7fffffffu, 2, static_cast<uint32_t>(-3), 4};  // 2 x 2 of int32 bits
  const std::vector<uint32_t> b = {2, 1, 1, static_cast<uint32_t>(-1)};
  std::vector<uint32_t> c(4);
  gemm_scalar<uint32_t>(2, 2, 2, {a.data(), 2, 1}, {b.data(), 2, 1}, c.data(), 2, 1u, false);
  REQUIRE(static_cast<int32_t>(c[0]) == static_cast<int32_t>(0xfffffffeu + 2u));  // 2^31-1 * 2 + 2 wraps to 0
  REQUIRE(static_cast<int32_t>(c[1]) == 0x7fffffff - 2);
  REQUIRE(static_cast<int32_t>(c[2]) == -6 + 4);
  REQUIRE(static_cast<int32_t>(c[3]) == -3 - 4);
  const std::vector<uint64_t> a64 = {UINT64_MAX, 3}, b64 = {5, 7};
  std::vector<uint64_t> c64 = {10};
  gemm_scalar<uint64_t>(1, 1, 2, {a64.data(), 2, 1}, {b64.data(), 1, 1}, c64.data(), 1, 2u, true);
  REQUIRE(c64[0] == 10u + 2u * (UINT64_MAX * 5u + 21u));
  const std::vector<double> ad = {0.5, -1.5}, bd = {4, 2};
  std::vector<double> cd(1);
  gemm_scalar<double>(1, 1, 2, {ad.data(), 2, 1}, {bd.data(), 1, 1}, cd.data(), 1, 1.0, false);
  REQUIRE(cd[0] == -1.0);
}
