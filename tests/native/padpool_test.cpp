// Pad, GlobalAveragePool and ReduceMean through PreparedOp: each against a naive reference written
// here (per output element, from the spec's definitions), with negative pads, every mode, axes
// inputs, edge values and every refusal.
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "core/half.h"
#include "ops/pad.h"
#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

int64_t count_of(const Dims& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

// The source index along one axis of the (cropped) input for output index o, or -1 for the constant:
// numpy.pad's modes from their definitions.
int64_t pad_source(const std::string& mode, int64_t o, int64_t begin, int64_t kept) {
  const int64_t i = o - begin;  // index into the kept elements
  if (i >= 0 && i < kept) return i;
  if (mode == "constant") return -1;
  if (mode == "edge") return i < 0 ? 0 : kept - 1;
  if (mode == "wrap") return ((i % kept) + kept) % kept;
  // reflect: mirror about the ends, without repeating them, until inside
  int64_t j = i;
  while (j < 0 || j >= kept) {
    if (kept == 1) return 0;
    if (j < 0) j = -j;
    if (j >= kept) j = 2 * (kept - 1) - j;
  }
  return j;
}

// Pad of data (int64 values in `dims`) by the full per-axis pads, as a flat list and its shape.
std::vector<int64_t> reference_pad(const std::vector<int64_t>& data, const Dims& dims, const std::vector<int64_t>& begin,
                                   const std::vector<int64_t>& end, const std::string& mode, int64_t constant, Dims& out_dims) {
  const size_t rank = dims.size();
  Dims first(rank), kept(rank);
  out_dims.assign(rank, 0);
  for (size_t d = 0; d < rank; ++d) {
    first[d] = std::max<int64_t>(0, -begin[d]);
    kept[d] = dims[d] + std::min<int64_t>(0, begin[d]) + std::min<int64_t>(0, end[d]);
    out_dims[d] = kept[d] + std::max<int64_t>(0, begin[d]) + std::max<int64_t>(0, end[d]);
  }
  std::vector<int64_t> out(static_cast<size_t>(count_of(out_dims)));
  for (size_t flat = 0; flat < out.size(); ++flat) {
    size_t rest = flat;
    int64_t src = 0;
    bool constant_here = false;
    std::vector<int64_t> idx(rank);
    for (size_t d = rank; d-- > 0;) {
      idx[d] = static_cast<int64_t>(rest % static_cast<size_t>(out_dims[d]));
      rest /= static_cast<size_t>(out_dims[d]);
    }
    for (size_t d = 0; d < rank; ++d) {
      const int64_t s = pad_source(mode, idx[d], std::max<int64_t>(0, begin[d]), kept[d]);
      if (s < 0) constant_here = true;
      src = src * dims[d] + (s < 0 ? 0 : s + first[d]);
    }
    out[flat] = constant_here ? constant : data[static_cast<size_t>(src)];
  }
  return out;
}

template <typename T>
Tensor tensor_of(const Dims& dims, const std::vector<int64_t>& values) {
  std::vector<T> v;
  for (int64_t x : values) v.push_back(static_cast<T>(x));
  return make_tensor<T>(dims, v);
}

Tensor int64s(const std::vector<int64_t>& v) { return make_tensor<int64_t>({static_cast<int64_t>(v.size())}, v); }

// Runs Pad at `opset` (inputs from 11) on element type T and compares with the reference.
template <typename T>
void check_pad(int opset, const Dims& dims, const std::vector<int64_t>& pads, const std::string& mode, int64_t constant,
               const std::vector<int64_t>* axes = nullptr) {
  const size_t rank = dims.size();
  std::vector<int64_t> data(static_cast<size_t>(count_of(dims)));
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<int64_t>(i % 100) + 1;
  std::vector<int64_t> begin(rank, 0), end(rank, 0);
  const size_t n = pads.size() / 2;
  for (size_t i = 0; i < n; ++i) {
    const size_t axis = axes ? static_cast<size_t>((*axes)[i] < 0 ? (*axes)[i] + static_cast<int64_t>(rank) : (*axes)[i]) : i;
    begin[axis] = pads[i];
    end[axis] = pads[i + n];
  }
  Dims want_dims;
  const std::vector<int64_t> want = reference_pad(data, dims, begin, end, mode, constant, want_dims);
  Tensor x = tensor_of<T>(dims, data), y;
  Tensor p = int64s(pads), c = tensor_of<T>({}, {constant}), a = axes ? int64s(*axes) : Tensor();
  Status st;
  if (opset < 11) {
    st = test::run("Pad", opset,
                   attrs_of({{"mode", AttributeValue::String(mode)}, {opset == 1 ? "paddings" : "pads", AttributeValue::Ints(pads)},
                             {"value", AttributeValue::Float(static_cast<double>(constant))}}),
                   {&x}, &y);
  } else {
    std::vector<const Tensor*> inputs = {&x, &p, &c};
    if (axes) inputs.push_back(&a);
    st = test::run("Pad", opset, attrs_of({{"mode", AttributeValue::String(mode)}}), inputs, &y);
  }
  INFO("Pad-" << opset << " " << mode << " " << dtype_name(DTypeOf<T>::value) << " dims " << dims_to_string(dims) << " pads "
              << dims_to_string(pads) << ": " << st.message());
  REQUIRE(st.ok());
  REQUIRE(y.dims() == want_dims);
  const std::vector<T> got = values_of<T>(y);
  for (size_t i = 0; i < want.size(); ++i) {
    INFO("output " << i);
    REQUIRE(got[i] == static_cast<T>(want[i]));
  }
}

Status pad_status(int opset, const Attributes& attrs, const Dims& dims, const Tensor* pads = nullptr, const Tensor* value = nullptr,
                  const Tensor* axes = nullptr) {
  Tensor x = tensor_of<float>(dims, std::vector<int64_t>(static_cast<size_t>(count_of(dims)), 1)), y;
  std::vector<const Tensor*> inputs = {&x};
  if (opset >= 11) inputs.insert(inputs.end(), {pads, value, axes});
  while (opset >= 11 && inputs.size() > 2 && inputs.back() == nullptr) inputs.pop_back();
  return test::run("Pad", opset, attrs, inputs, &y);
}

}  // namespace

TEST_CASE("Pad: every mode, with negative pads, against the reference, on elements of 1 to 8 bytes", "[pad]") {
  std::mt19937 rng(7);
  const char* modes[] = {"constant", "reflect", "edge", "wrap"};
  for (int c = 0; c < 400; ++c) {
    const size_t rank = 1 + rng() % 4;
    Dims dims(rank);
    for (auto& d : dims) d = 1 + static_cast<int64_t>(rng() % 5);
    const std::string mode = modes[rng() % 4];
    std::vector<int64_t> pads(2 * rank);
    for (size_t i = 0; i < 2 * rank; ++i) {
      const int64_t dim = dims[i % rank];
      pads[i] = static_cast<int64_t>(rng() % 9) - 2;  // -2 .. 6: longer than the axis, to crop
      if (pads[i] < -dim) pads[i] = -dim;
    }
    // Keep something of each axis, and nothing cropped to nothing where a mode must pad it.
    for (size_t d = 0; d < rank; ++d) {
      int64_t kept = dims[d] + std::min<int64_t>(0, pads[d]) + std::min<int64_t>(0, pads[d + rank]);
      if (kept <= 0) pads[d] = pads[d + rank] = 0;
    }
    // A third of the cases with one or two innermost axes whole (a channels-last picture padded in
    // height or width), which the kernel moves with the axis outside them.
    const size_t whole_inner = c % 3 == 1 ? std::min<size_t>(rank - 1, 1 + (c / 3) % 2) : 0;
    for (size_t d = rank - whole_inner; d < rank; ++d) pads[d] = pads[d + rank] = 0;
    const int opset = mode == std::string("wrap") ? 19 : (c % 3 == 0 ? 2 : 13);
    if (opset == 2) {
      check_pad<float>(opset, dims, pads, mode, -3);
      check_pad<double>(1, dims, pads, mode, 5);
    } else {
      check_pad<uint8_t>(opset, dims, pads, mode, 255);
      check_pad<int16_t>(opset, dims, pads, mode, -32768);
      check_pad<int64_t>(opset, dims, pads, mode, INT64_MAX);
      check_pad<float>(opset, dims, pads, mode, 9);
    }
  }
}

TEST_CASE("Pad: axes input, negative axes, rank 0 and empty tensors", "[pad]") {
  const std::vector<int64_t> axes = {-1, 0};
  for (int v : {18, 19, 21, 23, 24, 25}) {
    check_pad<int32_t>(v, {3, 4, 2}, {1, 2, 2, 0}, "reflect", 0, &axes);
    check_pad<uint64_t>(v, {3, 4, 2}, {-1, 2, 3, -2}, "constant", UINT64_MAX, &axes);
  }
  check_pad<float>(11, {}, {}, "constant", 1);                   // rank 0
  check_pad<float>(11, {0, 3}, {1, 1, 0, 0}, "constant", 7);      // an empty axis padded by the constant
  check_pad<float>(11, {0, 3}, {0, 2, 0, 1}, "edge", 7);          // empty output: nothing to pad from is fine
  check_pad<int8_t>(11, {4}, {-4, 3}, "constant", -128);          // all cropped, then padded
  check_pad<int8_t>(11, {5}, {7, 9}, "reflect", 0);               // pads longer than the axis
  check_pad<int8_t>(19, {1, 2}, {3, 5, 2, 4}, "wrap", 0);
  check_pad<int8_t>(11, {1, 3}, {2, 0, 3, 0}, "reflect", 0);      // reflect of one element repeats it
}

TEST_CASE("Pad: value attribute and constant_value input keep every bit (NaN, -0, float16, bfloat16)", "[pad]") {
  Tensor x = make_tensor<float>({2}, {1.5f, 2.5f}), y;
  REQUIRE(test::run("Pad", 2, attrs_of({{"pads", AttributeValue::Ints({1, 1})}, {"value", AttributeValue::Float(-0.0)}}), {&x}, &y).ok());
  CHECK(std::signbit(values_of<float>(y)[0]));
  REQUIRE(test::run("Pad", 2, attrs_of({{"pads", AttributeValue::Ints({0, 1})}, {"value", AttributeValue::Float(test::kNaN)}}), {&x}, &y).ok());
  CHECK(std::isnan(values_of<float>(y)[2]));
  Tensor h = make_tensor<Float16>({1}, {f16_from_f32(3.0f)});
  REQUIRE(test::run("Pad", 1, attrs_of({{"paddings", AttributeValue::Ints({1, 0})}, {"value", AttributeValue::Float(0.1)}}), {&h}, &y).ok());
  CHECK(values_of<Float16>(y)[0].bits == f16_from_f32(0.1f).bits);
  Tensor b = make_tensor<BFloat16>({1}, {bf16_from_f32(3.0f)}), p = int64s({0, 2}), c = make_tensor<BFloat16>({1}, {BFloat16{0x7fc1}});
  REQUIRE(test::run("Pad", 13, attrs_of({}), {&b, &p, &c}, &y).ok());
  CHECK(values_of<BFloat16>(y)[2].bits == 0x7fc1);
}

TEST_CASE("Pad: an axis's output is its length plus both pads, a crop past the axis on one side too", "[pad]") {
  Tensor y;
  Tensor empty = make_tensor<float>({0}, {}), p1 = int64s({-1, 1});
  REQUIRE(test::run("Pad", 11, attrs_of({}), {&empty, &p1}, &y).ok());
  CHECK(y.dims() == Dims{0});
  Tensor wide = make_tensor<float>({2, 18, 4}, std::vector<float>(144, 1.0f)), p2 = int64s({1, 1048576, -2, -3, 0, 1});
  REQUIRE(test::run("Pad", 11, attrs_of({}), {&wide, &p2}, &y).ok());
  CHECK(y.dims() == Dims{0, 1048594, 3});
  // [1, 2, 3] padded by 3 before and cropped by 5 after: what is left is the constant's.
  Tensor x = make_tensor<int32_t>({3}, {1, 2, 3}), p3 = int64s({3, -5}), nine = make_tensor<int32_t>({}, {9});
  REQUIRE(test::run("Pad", 11, attrs_of({}), {&x, &p3, &nine}, &y).ok());
  CHECK(values_of<int32_t>(y) == std::vector<int32_t>{9});
}

TEST_CASE("Pad: refusals name the attribute or input", "[pad]") {
  const auto refused = [](const Status& st, const std::string& words) {
    INFO(st.message());
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::StartsWith("Pad-") && Catch::Contains(words));
  };
  refused(pad_status(2, attrs_of({}), {2}), "attribute 'pads' is required");
  refused(pad_status(1, attrs_of({}), {2}), "attribute 'paddings' is required");
  refused(pad_status(2, attrs_of({{"pads", AttributeValue::Ints({1})}}), {2}), "attribute 'pads' has 1 values but needs 2");
  refused(pad_status(2, attrs_of({{"pads", AttributeValue::Ints({0, 0})}, {"mode", AttributeValue::String("wrap")}}), {2}),
          "wrap is defined from version 19");
  refused(pad_status(19, attrs_of({{"mode", AttributeValue::String("symmetric")}}), {2}), "attribute 'mode'");
  Tensor pads3 = int64s({1, 2, 3}), pads2 = int64s({-3, 0}), huge = int64s({int64_t{1} << 40, 0}), ok = int64s({1, 1});
  refused(pad_status(11, attrs_of({}), {2}, &pads3), "input 'pads' has 3 values but needs 2");
  refused(pad_status(11, attrs_of({}), {2}, &pads2), "input 'pads' removes 3 elements from axis 0");
  refused(pad_status(11, attrs_of({}), {2}, &huge), "too large");
  Tensor two = make_tensor<float>({2}, {1, 2});
  refused(pad_status(11, attrs_of({}), {2}, &ok, &two), "input 'constant_value' must hold one value");
  Tensor axes_bad = int64s({2}), axes_twice = int64s({0, -2}), p1 = int64s({1, 1}), p2 = int64s({1, 1, 1, 1});
  refused(pad_status(18, attrs_of({}), {2, 3}, &p1, nullptr, &axes_bad), "input 'axes' has 2, out of range");
  refused(pad_status(18, attrs_of({}), {2, 3}, &p2, nullptr, &axes_twice), "names axis 0 twice");
  refused(pad_status(11, attrs_of({{"mode", AttributeValue::String("edge")}}), {0, 2}, &p2), "mode 'edge' cannot pad axis 0");
  Tensor crop = int64s({-1, 1});
  refused(pad_status(19, attrs_of({{"mode", AttributeValue::String("wrap")}}), {1}, &crop), "no elements left after the negative pads");
  refused(pad_status(11, attrs_of({{"value", AttributeValue::Float(1)}}), {2}, &ok), "attribute 'value' is not defined by this version");
}

TEST_CASE("Pad: parse_pad_attributes and resolve_pad give the mode, the pads per axis and the constant", "[pad]") {
  auto parsed = parse_pad_attributes(11, attrs_of({{"mode", AttributeValue::String("constant")}}));
  REQUIRE(parsed.ok());
  Tensor pads = int64s({1, 2}), axes = make_tensor<int32_t>({1}, {-1}), value = make_tensor<float>({}, {0.0f});
  auto spec = resolve_pad(parsed.value(), DType::kFloat32, {1, 3, 5}, &pads, &value, &axes);
  REQUIRE(spec.ok());
  CHECK(spec.value().mode == PadMode::kConstant);
  CHECK(spec.value().begin == std::vector<int64_t>{0, 0, 1});
  CHECK(spec.value().end == std::vector<int64_t>{0, 0, 2});
  CHECK(spec.value().constant == 0);
  auto v2 = parse_pad_attributes(2, attrs_of({{"pads", AttributeValue::Ints({0, 0, 1, 1, 0, 0, 1, 1})}, {"value", AttributeValue::Float(2.0)}}));
  REQUIRE(v2.ok());
  auto spec2 = resolve_pad(v2.value(), DType::kFloat64, {1, 1, 4, 4}, nullptr, nullptr, nullptr);
  REQUIRE(spec2.ok());
  double two;
  std::memcpy(&two, &spec2.value().constant, sizeof two);
  CHECK(two == 2.0);
  CHECK(spec2.value().begin == std::vector<int64_t>{0, 0, 1, 1});
}

namespace {

// ReduceMean's reference: the exact sum (long double for floats, 128-bit for integers, which never
// wraps here) over the reduced axes, then the division, truncating integers toward zero.
template <typename T>
void check_reduce_mean(int opset, const Dims& dims, const std::vector<int64_t>& axes, bool keepdims, const std::vector<T>& data,
                       bool noop = false) {
  const size_t rank = dims.size();
  std::vector<bool> reduced(rank, axes.empty() && !noop);
  for (int64_t a : axes) reduced[static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(rank) : a)] = true;
  Dims out_dims, kept_dims;
  for (size_t d = 0; d < rank; ++d) {
    if (!reduced[d]) kept_dims.push_back(dims[d]);
    if (!reduced[d] || keepdims) out_dims.push_back(reduced[d] ? 1 : dims[d]);
  }
  const auto outputs = static_cast<size_t>(count_of(kept_dims));
  std::vector<long double> sums(outputs, 0), abs_sums(outputs, 0);
  std::vector<__int128> exact(outputs, 0);
  std::vector<size_t> counts(outputs, 0);
  for (size_t flat = 0; flat < data.size(); ++flat) {
    size_t rest = flat, o = 0, stride = 1;
    for (size_t d = rank; d-- > 0;) {
      const auto i = rest % static_cast<size_t>(dims[d]);
      rest /= static_cast<size_t>(dims[d]);
      if (!reduced[d]) o += i * stride, stride *= static_cast<size_t>(dims[d]);
    }
    if constexpr (std::is_integral_v<T>) exact[o] += data[flat];
    else {
      const long double v = std::is_same_v<T, float> || std::is_same_v<T, double> ? static_cast<long double>(data[flat]) : 0;
      sums[o] += v;
      abs_sums[o] += std::fabs(v);
    }
    ++counts[o];
  }
  Attributes attrs = attrs_of({{"keepdims", AttributeValue::Int(keepdims)}});
  Tensor x = make_tensor<T>(dims, data), a = int64s(axes), y;
  std::vector<const Tensor*> inputs = {&x};
  if (opset >= 18) {
    if (noop) attrs.set("noop_with_empty_axes", AttributeValue::Int(1));
    if (!axes.empty()) inputs.push_back(&a);
  } else if (!axes.empty()) {
    attrs.set("axes", AttributeValue::Ints(axes));
  }
  Status st = test::run("ReduceMean", opset, attrs, inputs, &y);
  INFO("ReduceMean-" << opset << " " << dtype_name(DTypeOf<T>::value) << " dims " << dims_to_string(dims) << " axes " << dims_to_string(axes)
                     << " keepdims " << keepdims << ": " << st.message());
  REQUIRE(st.ok());
  REQUIRE(y.dims() == out_dims);
  const std::vector<T> got = values_of<T>(y);
  REQUIRE(got.size() == outputs);
  for (size_t o = 0; o < outputs; ++o) {
    INFO("output " << o << " of " << counts[o] << " elements");
    if constexpr (std::is_integral_v<T>) {
      const T want = counts[o] ? static_cast<T>(exact[o] / static_cast<__int128>(counts[o])) : 0;
      CHECK(got[o] == want);
    } else {
      const long double want = sums[o] / counts[o];
      const double eps = std::is_same_v<T, float> ? 0x1p-24 : 0x1p-53;
      if (counts[o] == 0 || std::isnan(static_cast<double>(want))) CHECK(std::isnan(got[o]));
      else if (std::isinf(static_cast<double>(want))) CHECK(got[o] == static_cast<T>(want));
      else CHECK(std::fabs(got[o] - want) <= 2 * eps * std::fabs(want) + (counts[o] + 1) * eps * abs_sums[o] / counts[o]);
    }
  }
}

template <typename T>
std::vector<T> random_values(size_t n, std::mt19937& rng) {
  std::vector<T> v(n);
  for (auto& x : v) {
    // unsigned 64-bit arithmetic: no overflow of a promoted int
    if constexpr (std::is_integral_v<T>) x = static_cast<T>(uint64_t{rng()} * (rng() % 3 == 0 ? 1u : 7919u));
    else x = static_cast<T>(static_cast<double>(static_cast<int32_t>(rng())) / 1e6);
  }
  return v;
}

}  // namespace

TEST_CASE("ReduceMean: every axis subset of ranks 0 to 4, keepdims, integers past their range, against the reference", "[reduce_mean]") {
  std::mt19937 rng(11);
  for (int c = 0; c < 300; ++c) {
    const size_t rank = rng() % 5;
    Dims dims(rank);
    for (auto& d : dims) d = 1 + static_cast<int64_t>(rng() % 6) + (rng() % 7 == 0 ? 40 : 0);
    std::vector<int64_t> axes;
    for (size_t d = 0; d < rank; ++d)
      if (rng() % 2) axes.push_back(rng() % 2 ? static_cast<int64_t>(d) : static_cast<int64_t>(d) - static_cast<int64_t>(rank));
    const bool keepdims = rng() % 2;
    const auto n = static_cast<size_t>(count_of(dims));
    for (int v : {1, 11, 13, 18}) {
      check_reduce_mean<float>(v, dims, axes, keepdims, random_values<float>(n, rng));
      check_reduce_mean<double>(v, dims, axes, keepdims, random_values<double>(n, rng));
      check_reduce_mean<int32_t>(v, dims, axes, keepdims, random_values<int32_t>(n, rng));
      check_reduce_mean<uint32_t>(v, dims, axes, keepdims, random_values<uint32_t>(n, rng));
      check_reduce_mean<int64_t>(v, dims, axes, keepdims, random_values<int64_t>(n, rng));
      check_reduce_mean<uint64_t>(v, dims, axes, keepdims, random_values<uint64_t>(n, rng));
    }
    if (axes.empty()) check_reduce_mean<float>(18, dims, axes, keepdims, random_values<float>(n, rng), true);
  }
}

TEST_CASE("ReduceMean: edge values, empty reductions, integer limits", "[reduce_mean]") {
  const double inf = test::kInf;
  check_reduce_mean<double>(13, {2, 3}, {1}, true, {inf, 1, 2, -inf, inf, 0});
  check_reduce_mean<float>(13, {2, 2}, {0}, false, {static_cast<float>(test::kNaN), 1, 2, -0.0f});
  check_reduce_mean<float>(18, {0, 3}, {0}, true, {});   // means over no elements: NaN
  check_reduce_mean<int64_t>(18, {3, 0}, {1}, true, {});  // and 0 for integers
  check_reduce_mean<int32_t>(11, {3}, {}, true, {INT32_MAX, INT32_MAX, 5});  // no wrapping: (2^32 + 3) / 3
  check_reduce_mean<int32_t>(11, {3}, {}, false, {-7, 0, 0});                // truncates toward zero: -2
  check_reduce_mean<uint64_t>(1, {2}, {0}, true, {UINT64_MAX, 3});
  check_reduce_mean<int64_t>(18, {2, 2}, {0}, false, {INT64_MAX, INT64_MIN, INT64_MAX, INT64_MIN + 1});
  check_reduce_mean<uint32_t>(13, {2}, {}, false, {UINT32_MAX, UINT32_MAX - 2});
  Tensor big = make_tensor<int32_t>({2}, {2000000000, 2000000000}), mean;  // the example of issue 35
  REQUIRE(test::run("ReduceMean", 18, attrs_of({}), {&big}, &mean).ok());
  CHECK(values_of<int32_t>(mean)[0] == 2000000000);
  check_reduce_mean<float>(1, {}, {}, true, {2.5f});  // rank 0
  Tensor h = make_tensor<Float16>({2, 2}, {f16_from_f32(1), f16_from_f32(2), f16_from_f32(65504), f16_from_f32(65504)}), y;
  REQUIRE(test::run("ReduceMean", 13, attrs_of({{"axes", AttributeValue::Ints({1})}}), {&h}, &y).ok());
  CHECK(to_f32(values_of<Float16>(y)[0]) == 1.5f);
  CHECK(to_f32(values_of<Float16>(y)[1]) == 65504.0f);  // summed in float32: no overflow
  Tensor b = make_tensor<BFloat16>({2, 2}, {bf16_from_f32(1), bf16_from_f32(2), bf16_from_f32(3), bf16_from_f32(5)});
  REQUIRE(test::run("ReduceMean", 18, attrs_of({}), {&b}, &y).ok());
  CHECK(to_f32(values_of<BFloat16>(y)[0]) == 2.75f);
}

TEST_CASE("ReduceMean: refusals name the attribute or input", "[reduce_mean]") {
  Tensor x = make_tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}), y, axes = int64s({2}), twice = int64s({1, -1});
  const auto refused = [&](int opset, const Attributes& attrs, std::vector<const Tensor*> inputs, const std::string& words) {
    Status st = test::run("ReduceMean", opset, attrs, inputs, &y);
    INFO(st.message());
    CHECK(st.code() == ErrorCode::kInvalidArgument);
    CHECK_THAT(st.message(), Catch::StartsWith("ReduceMean-") && Catch::Contains(words));
  };
  refused(13, attrs_of({{"axes", AttributeValue::Ints({-3})}}), {&x}, "attribute 'axes' has -3, out of range");
  refused(11, attrs_of({{"axes", AttributeValue::Ints({0, 0})}}), {&x}, "attribute 'axes' names axis 0 twice");
  refused(18, attrs_of({}), {&x, &axes}, "input 'axes' has 2, out of range");
  refused(18, attrs_of({}), {&x, &twice}, "input 'axes' names axis 1 twice");
  refused(13, attrs_of({{"keepdims", AttributeValue::Int(2)}}), {&x}, "attribute 'keepdims' must be 0 or 1");
  refused(18, attrs_of({{"axes", AttributeValue::Ints({0})}}), {&x}, "attribute 'axes' is not defined by this version");
  refused(13, attrs_of({{"noop_with_empty_axes", AttributeValue::Int(1)}}), {&x}, "attribute 'noop_with_empty_axes' is not defined");
}

TEST_CASE("GlobalAveragePool: each plane's mean, ranks 3 to 5, an empty plane NaN", "[global_average_pool]") {
  for (int v : {1, 22}) {
    Tensor x = make_tensor<float>({1, 2, 2, 2}, {1, 2, 3, 4, -1, -2, -3, -10}), y;
    REQUIRE(test::run("GlobalAveragePool", v, attrs_of({}), {&x}, &y).ok());
    CHECK(y.dims() == Dims{1, 2, 1, 1});
    CHECK(values_of<float>(y) == std::vector<float>{2.5f, -4.0f});
    std::vector<double> big(3 * 70);
    for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<double>(i % 70);
    Tensor z = make_tensor<double>({3, 1, 70}, big);
    REQUIRE(test::run("GlobalAveragePool", v, attrs_of({}), {&z}, &y).ok());
    CHECK(y.dims() == Dims{3, 1, 1});
    CHECK(values_of<double>(y) == std::vector<double>{34.5, 34.5, 34.5});
    Tensor e = make_tensor<float>({2, 1, 0, 3, 1}, {});
    Status empty = test::run("GlobalAveragePool", v, attrs_of({}), {&e}, &y);
    INFO(empty.message());
    REQUIRE(empty.ok());
    CHECK(y.dims() == Dims{2, 1, 1, 1, 1});
    CHECK(std::isnan(values_of<float>(y)[1]));
    Tensor r2 = make_tensor<float>({2, 1}, {1, 2});
    Status st = test::run("GlobalAveragePool", v, attrs_of({}), {&r2}, &y);
    CHECK_THAT(st.message(), Catch::Contains("rank 3 or more"));
  }
  Tensor b = make_tensor<BFloat16>({1, 1, 3}, {bf16_from_f32(1), bf16_from_f32(2), bf16_from_f32(4)}), y;
  REQUIRE(test::run("GlobalAveragePool", 22, attrs_of({}), {&b}, &y).ok());
  CHECK(values_of<BFloat16>(y)[0].bits == bf16_from_f32(7.0f / 3).bits);
  CHECK(test::run("GlobalAveragePool", 21, attrs_of({}), {&b}, &y).code() == ErrorCode::kInvalidArgument);
}
