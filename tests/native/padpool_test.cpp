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
using ow::test::make_tensor;
using ow::test::values_of;

namespace {

Attributes attrs_of(std::initializer_list<std::pair<std::string, AttributeValue>> list) {
  Attributes a;
  for (const auto& [name, value] : list) a.set(name, value);
  return a;
}

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
