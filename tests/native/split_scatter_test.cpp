// Split and ScatterND through PreparedOp against scalar references written here: random shapes, axes
// and lengths for Split; random tuples (repeated, negative) and every reduction for ScatterND, for
// elements of each size the row loops move and the reductions' integer and float types.
#include <cstdint>
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

template <typename T>
void check_splits(std::mt19937& gen) {
  std::uniform_int_distribution<int64_t> dim_of(0, 5), rank_of(1, 3);
  for (int trial = 0; trial < 100; ++trial) {
    Dims dims(static_cast<size_t>(rank_of(gen)));
    for (int64_t& d : dims) d = dim_of(gen);
    const size_t axis = gen() % dims.size();
    std::vector<int64_t> lengths;
    for (int64_t left = dims[axis]; left > 0 || lengths.empty();) {
      const int64_t l = std::uniform_int_distribution<int64_t>(0, left)(gen);
      lengths.push_back(l);
      left -= l;
      if (left > 0 && lengths.size() == 4) {
        lengths.push_back(left);
        left = 0;
      }
    }
    int64_t sum = 0;
    for (int64_t l : lengths) sum += l;
    lengths.back() += dims[axis] - sum;
    std::vector<T> data(count(dims));
    for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<T>(i * 5 + 1);
    const Tensor x = make_tensor<T>(dims, data);
    const Tensor split = make_tensor<int64_t>({static_cast<int64_t>(lengths.size())}, lengths);
    Attributes attrs;
    attrs.set("axis", AttributeValue::Int(static_cast<int64_t>(axis) - (gen() % 2 ? static_cast<int64_t>(dims.size()) : 0)));
    auto op = PreparedOp::create("Split", 18, attrs);
    REQUIRE(op.ok());
    Outputs outputs;
    REQUIRE(op.value().run({&x, &split}, outputs).ok());
    REQUIRE(outputs.size() == lengths.size());
    // Output j holds the elements whose index along the axis is in [from, from + lengths[j]).
    size_t outer = 1, inner = 1;
    for (size_t d = 0; d < axis; ++d) outer *= static_cast<size_t>(dims[d]);
    for (size_t d = axis + 1; d < dims.size(); ++d) inner *= static_cast<size_t>(dims[d]);
    int64_t from = 0;
    for (size_t j = 0; j < lengths.size(); ++j) {
      std::vector<T> want;
      for (size_t o = 0; o < outer; ++o)
        for (int64_t k = from; k < from + lengths[j]; ++k)
          for (size_t i = 0; i < inner; ++i) want.push_back(data[(o * static_cast<size_t>(dims[axis]) + static_cast<size_t>(k)) * inner + i]);
      Dims want_dims = dims;
      want_dims[axis] = lengths[j];
      CHECK(outputs[j].dims() == want_dims);
      CHECK(values_of<T>(outputs[j]) == want);
      from += lengths[j];
    }
  }
}

template <typename T>
T reduce(const std::string& r, T y, T u) {
  if (r == "add") return static_cast<T>(y + u);
  if (r == "mul") return static_cast<T>(y * u);
  if (r == "max") return y >= u ? y : u;
  if (r == "min") return y <= u ? y : u;
  return u;
}

template <typename T>
void check_scatters(std::mt19937& gen) {
  const Dims dims = {4, 3, 2};
  std::vector<T> data(24);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<T>(i % 7 + 1);
  const Tensor x = make_tensor<T>(dims, data);
  for (int trial = 0; trial < 50; ++trial) {
    const int64_t k = 1 + static_cast<int64_t>(gen() % 3), tuples = static_cast<int64_t>(gen() % 5);
    std::vector<int64_t> idx;
    for (int64_t t = 0; t < tuples; ++t)
      for (int64_t j = 0; j < k; ++j) {
        const int64_t v = static_cast<int64_t>(gen() % static_cast<unsigned>(dims[static_cast<size_t>(j)]));
        idx.push_back(gen() % 2 ? v : v - dims[static_cast<size_t>(j)]);
      }
    Dims upd_dims = {tuples};
    upd_dims.insert(upd_dims.end(), dims.begin() + k, dims.end());
    const size_t inner = count(Dims(dims.begin() + k, dims.end()));
    std::vector<T> updates(count(upd_dims));
    for (size_t i = 0; i < updates.size(); ++i) updates[i] = static_cast<T>(gen() % 9);
    const Tensor indices = make_tensor<int64_t>({tuples, k}, idx), upd = make_tensor<T>(upd_dims, updates);
    for (const std::string r : {"none", "add", "mul", "max", "min"}) {
      std::vector<T> want = data;
      for (int64_t t = 0; t < tuples; ++t) {
        int64_t row = 0;
        for (int64_t j = 0; j < k; ++j) {
          const int64_t v = idx[static_cast<size_t>(t * k + j)];
          row = row * dims[static_cast<size_t>(j)] + (v < 0 ? v + dims[static_cast<size_t>(j)] : v);
        }
        for (size_t i = 0; i < inner; ++i) {
          T& y = want[static_cast<size_t>(row) * inner + i];
          y = reduce(r, y, updates[static_cast<size_t>(t) * inner + i]);
        }
      }
      Attributes attrs;
      attrs.set("reduction", AttributeValue::String(r));
      Tensor y;
      INFO("reduction " << r << ", k " << k << ", " << tuples << " tuples");
      REQUIRE(test::run("ScatterND", 18, attrs, {&x, &indices, &upd}, &y).ok());
      CHECK(values_of<T>(y) == want);
    }
  }
}

}  // namespace

TEST_CASE("Split: random shapes, axes and lengths against a scalar cut, every element size") {
  std::mt19937 gen(11);
  check_splits<int8_t>(gen);
  check_splits<uint16_t>(gen);
  check_splits<float>(gen);
  check_splits<int64_t>(gen);
}

TEST_CASE("ScatterND: random tuples, repeated and negative, every reduction, against a scalar loop") {
  std::mt19937 gen(13);
  check_scatters<uint8_t>(gen);
  check_scatters<int16_t>(gen);
  check_scatters<int32_t>(gen);
  check_scatters<float>(gen);
  check_scatters<double>(gen);
  check_scatters<int64_t>(gen);
}
