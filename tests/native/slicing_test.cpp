// Slice, Expand, Tile and Where through PreparedOp against scalar references written here, index by
// index: random shapes, starts, ends and steps (negative and out of range), for elements of each size
// the strided loops move (1, 2, 4 and 8 bytes).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "test_util.h"

using namespace ow;
using namespace ow::test;

namespace {

size_t count(const Dims& dims) {
  size_t n = 1;
  for (int64_t d : dims) n *= static_cast<size_t>(d);
  return n;
}

// The row-major position after `index` in `dims`.
void next_index(std::vector<int64_t>& index, const Dims& dims) {
  for (size_t d = dims.size(); d-- > 0;) {
    if (++index[d] < dims[d]) return;
    index[d] = 0;
  }
}

int64_t offset_of(const std::vector<int64_t>& index, const Dims& dims) {
  int64_t at = 0;
  for (size_t d = 0; d < dims.size(); ++d) at = at * dims[d] + index[d];
  return at;
}

// The indices Slice takes along an axis, walked a step at a time from ONNX's clamped start and end.
std::vector<int64_t> slice_indices(int64_t start, int64_t end, int64_t step, int64_t dim) {
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  if (step > 0) {
    start = std::clamp<int64_t>(start, 0, dim);
    end = std::clamp<int64_t>(end, 0, dim);
  } else {
    start = std::clamp<int64_t>(start, 0, dim - 1);
    end = std::clamp<int64_t>(end, -1, dim - 1);
  }
  std::vector<int64_t> out;
  for (int64_t i = start; step > 0 ? i < end : i > end; i += step) out.push_back(i);
  return out;
}

template <typename T>
void check_slices(std::mt19937& gen) {
  std::uniform_int_distribution<int64_t> small(-7, 7), dim_of(0, 5), rank_of(1, 4);
  for (int trial = 0; trial < 200; ++trial) {
    Dims dims(static_cast<size_t>(rank_of(gen)));
    for (int64_t& d : dims) d = dim_of(gen);
    std::vector<T> data(count(dims));
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<T>(i * 7 + 3);
    const Tensor x = make_tensor<T>(dims, data);
    std::vector<int64_t> starts, ends, axes, steps;
    std::vector<std::vector<int64_t>> picks(dims.size());
    for (size_t d = 0; d < dims.size(); ++d)
      for (int64_t i = 0; i < dims[d]; ++i) picks[d].push_back(i);
    for (size_t d = 0; d < dims.size(); ++d) {
      if (gen() % 3 == 0) continue;  // an axis left whole
      int64_t step = small(gen);
      if (step == 0) step = 1;
      starts.push_back(small(gen));
      ends.push_back(gen() % 5 == 0 ? (step > 0 ? INT64_MAX : INT64_MIN) : small(gen));
      steps.push_back(step);
      axes.push_back(gen() % 2 ? static_cast<int64_t>(d) : static_cast<int64_t>(d) - static_cast<int64_t>(dims.size()));
      picks[d] = slice_indices(starts.back(), ends.back(), step, dims[d]);
    }
    Dims want_dims;
    for (const auto& p : picks) want_dims.push_back(static_cast<int64_t>(p.size()));
    std::vector<T> want;
    std::vector<int64_t> index(dims.size(), 0), at(dims.size());
    for (size_t k = 0; k < count(want_dims); ++k, next_index(index, want_dims)) {
      for (size_t d = 0; d < dims.size(); ++d) at[d] = picks[d][static_cast<size_t>(index[d])];
      want.push_back(data[static_cast<size_t>(offset_of(at, dims))]);
    }
    const auto list = [](const std::vector<int64_t>& v) { return make_tensor<int64_t>({static_cast<int64_t>(v.size())}, v); };
    const Tensor s = list(starts), e = list(ends), a = list(axes), st = list(steps);
    Tensor y;
    REQUIRE(test::run("Slice", 13, {}, {&x, &s, &e, &a, &st}, &y).ok());
    CHECK(y.dims() == want_dims);
    CHECK(values_of<T>(y) == want);
  }
}

// Each output position's input offset when `dims` broadcasts to `out` (NumPy's rules).
int64_t broadcast_offset(const std::vector<int64_t>& index, const Dims& dims, const Dims& out) {
  const size_t lead = out.size() - dims.size();
  int64_t at = 0;
  for (size_t d = 0; d < dims.size(); ++d) at = at * dims[d] + (dims[d] == 1 ? 0 : index[lead + d]);
  return at;
}

Tensor bool_tensor(const Dims& dims, const std::vector<uint8_t>& bytes) {
  Result<Tensor> t = Tensor::allocate(DType::kBool, dims);
  REQUIRE(t.ok());
  std::memcpy(t.value().raw_data(), bytes.data(), bytes.size());
  return std::move(t.value());
}

// Where's result, index by index.
template <typename T>
std::vector<T> where_reference(const std::vector<uint8_t>& c, const Dims& cd, const std::vector<T>& xv, const Dims& xd, const std::vector<T>& yv,
                               const Dims& yd, const Dims& out) {
  std::vector<T> want;
  std::vector<int64_t> index(out.size(), 0);
  for (size_t k = 0; k < count(out); ++k, next_index(index, out))
    want.push_back(c[static_cast<size_t>(broadcast_offset(index, cd, out))] != 0 ? xv[static_cast<size_t>(broadcast_offset(index, xd, out))]
                                                                                : yv[static_cast<size_t>(broadcast_offset(index, yd, out))]);
  return want;
}

template <typename T>
void check_where_expand_tile() {
  const Dims cd = {2, 1, 3}, xd = {4, 1}, yd = {3}, out = {2, 4, 3};
  const std::vector<uint8_t> c = {1, 0, 2, 255, 0, 1};
  std::vector<T> xv(4), yv(3);
  for (size_t i = 0; i < 4; ++i) xv[i] = static_cast<T>(10 + i);
  for (size_t i = 0; i < 3; ++i) yv[i] = static_cast<T>(20 + i);
  const Tensor x = make_tensor<T>(xd, xv), y = make_tensor<T>(yd, yv);
  std::vector<T> want = where_reference(c, cd, xv, xd, yv, yd, out);
  Tensor r;
  const Tensor cond = bool_tensor(cd, c);
  REQUIRE(test::run("Where", 16, {}, {&cond, &x, &y}, &r).ok());
  CHECK(r.dims() == out);
  CHECK(values_of<T>(r) == want);

  // Expand x [4, 1] to [2, 4, 3]; Tile x [4, 1] by [2, 3].
  const Tensor shape = make_tensor<int64_t>({3}, {2, 1, 3});
  REQUIRE(test::run("Expand", 13, {}, {&x, &shape}, &r).ok());
  want.clear();
  std::vector<int64_t> index(3, 0);
  for (size_t k = 0; k < count(out); ++k, next_index(index, out)) want.push_back(xv[static_cast<size_t>(broadcast_offset(index, xd, out))]);
  CHECK(r.dims() == out);
  CHECK(values_of<T>(r) == want);
  const Tensor repeats = make_tensor<int64_t>({2}, {2, 3});
  REQUIRE(test::run("Tile", 13, {}, {&x, &repeats}, &r).ok());
  want.clear();
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 3; ++j) want.push_back(xv[static_cast<size_t>(i % 4)]);
  CHECK(r.dims() == Dims{8, 3});
  CHECK(values_of<T>(r) == want);
}

// Where with rows long enough for the vector steps (37: two steps of 16 and a tail), each operand all
// of [3, 37], a row broadcast over the rows, a column broadcast along them or a scalar: random
// condition bytes (any non-zero true) and random bits of each element size, NaN patterns among them.
template <typename T>
void check_where_rows(std::mt19937& gen) {
  const Dims shapes[] = {{3, 37}, {37}, {3, 1}, {}};
  constexpr uint8_t kConditionBytes[] = {0, 0, 1, 2, 255};
  const auto bits = [&gen](size_t n) {
    std::vector<T> v(n);
    for (T& e : v) e = static_cast<T>(std::uniform_int_distribution<uint64_t>()(gen));
    return v;
  };
  for (const Dims& cd : shapes)
    for (const Dims& xd : shapes)
      for (const Dims& yd : shapes) {
        std::vector<uint8_t> c(count(cd));
        for (uint8_t& b : c) b = kConditionBytes[std::uniform_int_distribution<size_t>(0, 4)(gen)];
        const std::vector<T> xv = bits(count(xd)), yv = bits(count(yd));
        const Tensor x = make_tensor<T>(xd, xv), y = make_tensor<T>(yd, yv);
        const Tensor cond = bool_tensor(cd, c);
        Dims out;  // the three broadcast together
        for (const Dims* d : {&cd, &xd, &yd}) {
          if (d->size() > out.size()) out.insert(out.begin(), d->size() - out.size(), 1);
          for (size_t k = 0; k < d->size(); ++k) out[out.size() - d->size() + k] = std::max(out[out.size() - d->size() + k], (*d)[k]);
        }
        Tensor r;
        REQUIRE(test::run("Where", 16, {}, {&cond, &x, &y}, &r).ok());
        INFO("condition " << cd.size() << "-D, X " << xd.size() << "-D, Y " << yd.size() << "-D, " << sizeof(T) << "-byte elements");
        CHECK(r.dims() == out);
        CHECK(values_of<T>(r) == where_reference(c, cd, xv, xd, yv, yd, out));
      }
}

}  // namespace

TEST_CASE("Slice: random shapes, starts, ends, steps and axes against index-by-index slicing, every element size") {
  std::mt19937 gen(7);
  check_slices<uint8_t>(gen);
  check_slices<int16_t>(gen);
  check_slices<float>(gen);
  check_slices<int64_t>(gen);
}

TEST_CASE("Where: vector rows, each operand contiguous or broadcast, every element size") {
  std::mt19937 gen(11);
  check_where_rows<uint8_t>(gen);
  check_where_rows<uint16_t>(gen);
  check_where_rows<uint32_t>(gen);
  check_where_rows<uint64_t>(gen);
}

TEST_CASE("Where, Expand and Tile: broadcast and repeated elements, every element size") {
  check_where_expand_tile<int8_t>();
  check_where_expand_tile<uint16_t>();
  check_where_expand_tile<int32_t>();
  check_where_expand_tile<double>();
}
