// MaxPool through the SIMD128 kernels (SIMDe natively) against a scalar reference written from the spec:
// random windows, strides, pads, dilations and ceil_mode in 1-D to 3-D for float32, float64, int8 and
// uint8, Indices in both storage orders, NaN and ±0.
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

struct Case {
  Dims dims;
  std::vector<int64_t> kernel, strides, pads, dilations;
  bool ceil_mode = false;
  int64_t storage_order = 0;
};

// Output size of one axis, or -1 when empty (explicit pads only).
int64_t out_size(int64_t in, int64_t k, int64_t s, int64_t d, int64_t begin, int64_t end, bool ceil_mode) {
  const int64_t extent = (k - 1) * d + 1;
  const double exact = static_cast<double>(in + begin + end - extent) / static_cast<double>(s) + 1;
  int64_t out = static_cast<int64_t>(ceil_mode ? std::ceil(exact) : std::floor(exact));
  if (ceil_mode && (out - 1) * s >= in + begin) --out;
  return out >= 1 ? out : -1;
}

template <typename T>
double as_number(T v) {
  return static_cast<double>(v);
}

template <typename T>
bool above(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(b)) return false;
    if (std::isnan(a)) return true;
    if (a == b) return !std::signbit(a) && std::signbit(b);
  }
  return a > b;
}

// The reference: every output's window taps in row-major order.
template <typename T>
bool reference(const Case& c, const std::vector<T>& x, Dims& y_dims, std::vector<T>& y, std::vector<int64_t>& indices) {
  const size_t n = c.kernel.size();
  y_dims = {c.dims[0], c.dims[1]};
  for (size_t i = 0; i < n; ++i) {
    const int64_t o = out_size(c.dims[i + 2], c.kernel[i], c.strides[i], c.dilations[i], c.pads[i], c.pads[i + n], c.ceil_mode);
    if (o < 0) return false;
    y_dims.push_back(o);
  }
  int64_t planes = c.dims[0] * c.dims[1], in_plane = 1, out_plane = 1, taps = 1;
  for (size_t i = 0; i < n; ++i) {
    in_plane *= c.dims[i + 2];
    out_plane *= y_dims[i + 2];
    taps *= c.kernel[i];
  }
  for (int64_t p = 0; p < planes; ++p) {
    for (int64_t o = 0; o < out_plane; ++o) {
      T best = std::is_floating_point_v<T> ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
      int64_t best_index = -1;
      for (int64_t t = 0; t < taps; ++t) {
        int64_t oi = o, ti = t, row_major = 0, column_major = 0, column_stride = 1;
        std::vector<int64_t> pos(n);
        bool inside = true;
        for (size_t i = n; i-- > 0;) {
          const int64_t oc = oi % y_dims[i + 2], tc = ti % c.kernel[i];
          oi /= y_dims[i + 2];
          ti /= c.kernel[i];
          pos[i] = oc * c.strides[i] - c.pads[i] + tc * c.dilations[i];
          inside = inside && pos[i] >= 0 && pos[i] < c.dims[i + 2];
        }
        if (!inside) continue;
        for (size_t i = 0; i < n; ++i) {
          row_major = row_major * c.dims[i + 2] + pos[i];
          column_major += pos[i] * column_stride;
          column_stride *= c.dims[i + 2];
        }
        const T v = x[static_cast<size_t>(p * in_plane + row_major)];
        if (best_index < 0 || above(v, best)) {
          best = v;
          best_index = p * in_plane + (c.storage_order ? column_major : row_major);
        }
      }
      y.push_back(best);
      indices.push_back(best_index);
    }
  }
  return true;
}

// Case c on x against the reference, with and without Indices (a case without output passes).
template <typename T>
void check_case(const Case& c, const std::vector<T>& x, int k) {
  Dims want_dims;
  std::vector<T> want;
  std::vector<int64_t> want_indices;
  if (!reference(c, x, want_dims, want, want_indices)) return;
  Attributes a;
  a.set("kernel_shape", AttributeValue::Ints(c.kernel));
  a.set("strides", AttributeValue::Ints(c.strides));
  a.set("pads", AttributeValue::Ints(c.pads));
  a.set("dilations", AttributeValue::Ints(c.dilations));
  a.set("ceil_mode", AttributeValue::Int(c.ceil_mode));
  a.set("storage_order", AttributeValue::Int(c.storage_order));
  const Tensor xt = make_tensor<T>(c.dims, x);
  for (size_t wanted : {size_t{1}, size_t{2}}) {
    auto op = PreparedOp::create("MaxPool", 22, a, wanted);
    REQUIRE(op.ok());
    Outputs outputs;
    Status st = op.value().run({&xt}, outputs);
    INFO("case " << k << " dims " << dims_to_string(c.dims) << ": " << st.message());
    REQUIRE(st.ok());
    REQUIRE(outputs.size() == wanted);
    REQUIRE(outputs[0].dims() == want_dims);
    const auto got = values_of<T>(outputs[0]);
    for (size_t i = 0; i < want.size(); ++i) {
      INFO("output " << i << " got " << as_number(got[i]) << " want " << as_number(want[i]));
      if constexpr (std::is_floating_point_v<T>) {
        CHECK(((std::isnan(got[i]) && std::isnan(want[i])) || (got[i] == want[i] && std::signbit(got[i]) == std::signbit(want[i]))));
      } else {
        CHECK(got[i] == want[i]);
      }
    }
    if (wanted == 2) CHECK(values_of<int64_t>(outputs[1]) == want_indices);
  }
}

// Random values of T for a tensor of `dims`: for floats, NaN, -0 and +0 among halves in [-2.5, 2.5].
template <typename T, typename Pick>
std::vector<T> random_values(const Dims& dims, const Pick& pick) {
  int64_t count = 1;
  for (int64_t d : dims) count *= d;
  std::vector<T> x;
  for (int64_t i = 0; i < count; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      const int r = static_cast<int>(pick(0, 20));
      x.push_back(r == 0 ? std::numeric_limits<T>::quiet_NaN() : r == 1 ? T(-0.0) : r == 2 ? T(0) : static_cast<T>(pick(-5, 5)) / 2);
    } else {
      x.push_back(static_cast<T>(pick(std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max())));
    }
  }
  return x;
}

template <typename T>
void check_random(uint32_t seed, int cases) {
  std::mt19937 rng(seed);
  const auto pick = [&](int lo, int hi) { return static_cast<int64_t>(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  for (int k = 0; k < cases; ++k) {
    Case c;
    const size_t n = static_cast<size_t>(1 + k % 3);
    c.dims = {pick(1, 2), pick(1, 3)};
    for (size_t i = 0; i < n; ++i) c.dims.push_back(i + 1 == n ? pick(1, 40) : pick(1, 7));
    for (size_t i = 0; i < n; ++i) {
      c.kernel.push_back(pick(1, 4));
      c.strides.push_back(pick(1, 3));
      c.dilations.push_back(pick(1, 2));
    }
    for (size_t i = 0; i < 2 * n; ++i) c.pads.push_back(pick(0, static_cast<int>(c.kernel[i % n]) - 1));
    c.ceil_mode = pick(0, 1) == 1;
    c.storage_order = pick(0, 1);
    check_case(c, random_values<T>(c.dims, pick), k);
  }
}

// 3 x 3 windows (the rows reduced in registers), stride 1 and 2, over widths across the vectors and
// their tails, with and without padding and ceil_mode, in 2-D and as [1, 3, 3] and [2, 1, 3] in 3-D.
template <typename T>
void check_3x3(uint32_t seed) {
  std::mt19937 rng(seed);
  const auto pick = [&](int lo, int hi) { return static_cast<int64_t>(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  int k = 0;
  for (int64_t width = 3; width <= 30; ++width)
    for (int64_t stride : {1, 2})
      for (int64_t pad : {0, 1}) {
        Case c;
        const bool three_d = width % 3 == 0;
        c.dims = three_d ? Dims{1, 2, 3, 5, width} : Dims{1, 2, 7, width};
        c.kernel = three_d ? (width % 2 ? std::vector<int64_t>{1, 3, 3} : std::vector<int64_t>{2, 1, 3}) : std::vector<int64_t>{3, 3};
        c.strides.assign(c.kernel.size(), stride);
        c.dilations.assign(c.kernel.size(), 1);
        c.pads.assign(2 * c.kernel.size(), pad);
        c.ceil_mode = width % 4 == 1;
        check_case(c, random_values<T>(c.dims, pick), k++);
      }
}

}  // namespace

TEST_CASE("MaxPool: random windows against the scalar reference, with Indices", "[max_pool]") {
  check_random<float>(1, 300);
  check_random<double>(2, 120);
  check_random<int8_t>(3, 120);
  check_random<uint8_t>(4, 120);
}

TEST_CASE("MaxPool: 3 x 3 windows, stride 1 and 2, across vectors and tails", "[max_pool]") {
  check_3x3<float>(5);
  check_3x3<double>(6);
  check_3x3<uint8_t>(7);
}

TEST_CASE("MaxPool: refusals name the attribute and the version", "[max_pool]") {
  const Tensor x = make_tensor<float>({1, 1, 4}, {1, 2, 3, 4});
  Tensor y;
  Attributes a;
  a.set("kernel_shape", AttributeValue::Ints({2}));
  a.set("storage_order", AttributeValue::Int(3));
  Status st = run("MaxPool", 12, a, {&x}, &y);
  CHECK_THAT(st.message(), Catch::StartsWith("MaxPool-12: attribute 'storage_order' must be 0"));
  Attributes b;
  b.set("kernel_shape", AttributeValue::Ints({2}));
  b.set("dilations", AttributeValue::Ints({1}));
  st = run("MaxPool", 9, b, {&x}, &y);
  CHECK_THAT(st.message(), Catch::Contains("MaxPool-8: attribute 'dilations' is not defined by this version"));
}
