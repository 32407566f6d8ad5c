// Softmax and LogSoftmax through the SIMD128 kernels (SIMDe natively): every version and type, every
// axis, against a scalar reference in double.
#include <cmath>
#include <vector>

#include "core/half.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

// The reference along d elements at stride inner of each (outer, inner) position.
std::vector<double> reference(bool log, const std::vector<double>& x, size_t outer, size_t d, size_t inner) {
  std::vector<double> y(x.size());
  for (size_t o = 0; o < outer; ++o)
    for (size_t j = 0; j < inner; ++j) {
      const auto at = [&](size_t k) { return (o * d + k) * inner + j; };
      double m = -INFINITY, sum = 0;
      for (size_t k = 0; k < d; ++k) m = std::isnan(x[at(k)]) || std::isnan(m) ? NAN : std::max(m, x[at(k)]);
      for (size_t k = 0; k < d; ++k) sum += std::exp(x[at(k)] - m);
      for (size_t k = 0; k < d; ++k) y[at(k)] = log ? (x[at(k)] - m) - std::log(sum) : std::exp(x[at(k)] - m) / sum;
    }
  return y;
}

template <typename T>
void check(const std::string& op, int opset, int64_t axis, const Dims& dims, double tolerance) {
  const bool log = op == "LogSoftmax";
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  std::vector<T> xs(n);
  std::vector<double> values(n);
  for (size_t i = 0; i < n; ++i) {
    xs[i] = from_double<T>(std::sin(static_cast<double>(i) * 1.7) * 8 + (i % 7 == 3 ? -INFINITY : 0));
    values[i] = to_double(xs[i]);
  }
  Tensor x = make_tensor<T>(dims, xs), y;
  Attributes attrs;
  attrs.set("axis", AttributeValue::Int(axis));
  REQUIRE(test::run(op, opset, attrs, {&x}, &y).ok());
  const auto r = static_cast<int64_t>(dims.size());
  const auto a = static_cast<size_t>(axis < 0 ? axis + r : axis);
  size_t outer = 1;
  for (size_t k = 0; k < a; ++k) outer *= static_cast<size_t>(dims[k]);
  const size_t d = opset < 13 ? n / outer : static_cast<size_t>(dims[a]);
  const std::vector<double> want = reference(log, values, outer, d, n / outer / d);
  const std::vector<T> got = values_of<T>(y);
  for (size_t i = 0; i < n; ++i) {
    INFO(op << "-" << opset << " axis " << axis << " element " << i << ": " << to_double(got[i]) << ", want " << want[i]);
    if (std::isinf(want[i])) CHECK(to_double(got[i]) == want[i]);
    else CHECK(std::fabs(to_double(got[i]) - want[i]) <= tolerance * (1 + std::fabs(want[i])));
  }
}

}  // namespace

TEST_CASE("Softmax and LogSoftmax: every version, type and axis", "[softmax]") {
  for (const char* op : {"Softmax", "LogSoftmax"})
    for (int opset : {1, 11, 13})
      for (int64_t axis = opset >= 11 ? -3 : 0; axis < 3; ++axis)
        for (const Dims& dims : {Dims{2, 3, 37}, Dims{3, 19, 6}}) {
          check<float>(op, opset, axis, dims, 1e-6);
          check<double>(op, opset, axis, dims, 1e-14);
          check<Float16>(op, opset, axis, dims, 2e-3);
          if (opset >= 13) check<BFloat16>(op, opset, axis, dims, 1e-2);
        }
}
