// And, Or, Xor and Not of bool against a scalar reference: every pair of edge bytes (any nonzero byte
// is true) at lengths around the vector width, by a scalar, broadcast, the legacy broadcast of version
// 1, in place, and other types refused.
#include <string>
#include <vector>

#include "kernels/logical.h"
#include "test_util.h"

using namespace ow;
using test::make_tensor;

namespace {

constexpr uint8_t kEdges[] = {0, 1, 2, 127, 128, 255};

bool logic(const std::string& op, bool a, bool b) {
  if (op == "And") return a && b;
  if (op == "Or") return a || b;
  return a != b;
}

std::vector<Bool> bools(const std::vector<uint8_t>& bytes) {
  std::vector<Bool> v;
  for (uint8_t b : bytes) v.push_back(Bool{b});
  return v;
}

}  // namespace

TEST_CASE("And, Or, Xor: every pair of edge bytes at lengths around the vector width, by a scalar", "[logical]") {
  for (const std::string op : {"And", "Or", "Xor"}) {
    for (size_t n : {size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{36}, size_t{100}}) {
      std::vector<uint8_t> a(n), b(n);
      for (size_t i = 0; i < n; ++i) {
        a[i] = kEdges[i % 6];
        b[i] = kEdges[(i / 6) % 6];
      }
      Tensor ta = make_tensor<Bool>({static_cast<int64_t>(n)}, bools(a)), tb = make_tensor<Bool>({static_cast<int64_t>(n)}, bools(b)), y;
      for (int opset : {1, 7}) {
        REQUIRE(test::run(op, opset, {}, {&ta, &tb}, &y).ok());
        REQUIRE(y.dtype() == DType::kBool);
        for (size_t i = 0; i < n; ++i) {
          INFO(op << "-" << opset << " n " << n << " element " << i);
          CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(logic(op, a[i] != 0, b[i] != 0)));
        }
      }
      for (uint8_t s : kEdges) {
        Tensor scalar = make_tensor<Bool>({}, {Bool{s}});
        REQUIRE(test::run(op, 7, {}, {&ta, &scalar}, &y).ok());
        for (size_t i = 0; i < n; ++i) CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(logic(op, a[i] != 0, s != 0)));
        REQUIRE(test::run(op, 7, {}, {&scalar, &ta}, &y).ok());
        for (size_t i = 0; i < n; ++i) CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(logic(op, s != 0, a[i] != 0)));
      }
    }
  }
}

TEST_CASE("And, Or, Xor: NumPy broadcasting from 7, the legacy broadcast at 1, empty tensors", "[logical]") {
  std::vector<uint8_t> av(24);
  for (size_t i = 0; i < av.size(); ++i) av[i] = kEdges[(i * 7) % 6];
  Tensor a = make_tensor<Bool>({2, 3, 4}, bools(av)), column = make_tensor<Bool>({3, 1}, bools({0, 2, 1})), y;
  for (const std::string op : {"Xor", "And", "Or"}) {
    REQUIRE(test::run(op, 7, {}, {&a, &column}, &y).ok());
    for (size_t i = 0; i < 24; ++i) CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(logic(op, av[i] != 0, (i / 4) % 3 != 0)));
    Attributes attrs;
    attrs.set("broadcast", AttributeValue::Int(1));
    attrs.set("axis", AttributeValue::Int(1));
    Tensor at_axis = make_tensor<Bool>({3}, bools({0, 2, 1}));
    REQUIRE(test::run(op, 1, attrs, {&a, &at_axis}, &y).ok());
    for (size_t i = 0; i < 24; ++i) CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(logic(op, av[i] != 0, (i / 4) % 3 != 0)));
    const Status refused = test::run(op, 1, {}, {&a, &at_axis}, &y);
    CHECK(refused.code() == ErrorCode::kInvalidArgument);
    CHECK(refused.message() == op + "-1: A has shape [2,3,4], B [3]; without broadcast = 1 this version needs identical shapes");
    Tensor empty = make_tensor<Bool>({0, 4}, {});
    REQUIRE(test::run(op, 7, {}, {&empty, &a}, &y).code() == ErrorCode::kInvalidArgument);  // 0 and 3 do not broadcast
    Tensor row = make_tensor<Bool>({4}, bools({1, 0, 1, 0}));
    REQUIRE(test::run(op, 7, {}, {&empty, &row}, &y).ok());
    CHECK(y.dims() == Dims{0, 4});
  }
}

TEST_CASE("Not: 1 for a byte of 0, else 0, at lengths around the vector width, in place", "[logical]") {
  for (size_t n : {size_t{0}, size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{70}}) {
    std::vector<uint8_t> x(n);
    for (size_t i = 0; i < n; ++i) x[i] = kEdges[(i * 5) % 6];
    Tensor tx = make_tensor<Bool>({static_cast<int64_t>(n)}, bools(x)), y;
    REQUIRE(test::run("Not", 1, {}, {&tx}, &y).ok());
    for (size_t i = 0; i < n; ++i) CHECK(y.data<Bool>()[i].value == static_cast<uint8_t>(x[i] == 0));
    kernels::logical_not(tx.data<Bool>(), tx.data<Bool>(), n);
    for (size_t i = 0; i < n; ++i) CHECK(tx.data<Bool>()[i].value == static_cast<uint8_t>(x[i] == 0));
  }
}

TEST_CASE("And, Or, Xor, Not refuse every other type, naming the version and input", "[logical]") {
  Tensor b = make_tensor<Bool>({2}, bools({1, 0})), y;
  for (DType t : test::kEveryType) {
    auto other = Tensor::allocate(t, {2});
    REQUIRE(other.ok());
    const std::string type = dtype_name(t);
    for (const std::string op : {"And", "Or", "Xor"}) {
      const Status first = test::run(op, 7, {}, {&other.value(), &other.value()}, &y);
      CHECK(first.message().rfind(op + "-7: input 0 ('A') has type " + type, 0) == 0);
      const Status second = test::run(op, 1, {}, {&b, &other.value()}, &y);
      CHECK(second.message().rfind(op + "-1: input 1 ('B') has type " + type, 0) == 0);
    }
    CHECK(test::run("Not", 1, {}, {&other.value()}, &y).message().rfind("Not-1: input 0 has type " + type, 0) == 0);
  }
}
