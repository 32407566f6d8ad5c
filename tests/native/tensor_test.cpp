// Tensor ownership: owned elements are shared by copies and freed with the last of them; views own
// nothing. The sanitizer build (ASan) turns a double free, a use after free or a leak here into a
// failure.
#include <cstring>

#include "test_util.h"

using namespace ow;

namespace {

Tensor owned_iota(Dims dims) {
  Tensor t = Tensor::allocate(DType::kInt32, std::move(dims)).take();
  for (size_t i = 0; i < t.size(); ++i) t.data<int32_t>()[i] = static_cast<int32_t>(i);
  return t;
}

}  // namespace

TEST_CASE("Tensor: copies share the elements and keep them alive; moves leave an empty tensor", "[tensor]") {
  Tensor a = owned_iota({2, 3});
  Tensor b = a;
  CHECK(b.raw_data() == a.raw_data());
  a = owned_iota({4});  // the first block lives on in b
  CHECK(b.dims() == Dims{2, 3});
  CHECK(b.data<int32_t>()[5] == 5);
  Tensor c = std::move(b);
  CHECK(b.raw_data() == nullptr);
  CHECK(b.size() == 0);
  CHECK(c.data<int32_t>()[5] == 5);
  c = c;  // self-assignment keeps the elements
  CHECK(c.data<int32_t>()[4] == 4);
  std::vector<Tensor> many(100, c);  // and so do many copies, each released once
  many.clear();
  CHECK(c.data<int32_t>()[3] == 3);
}

TEST_CASE("Tensor: assign_view lets go of what the tensor held, or leaves it as it was on error", "[tensor]") {
  int32_t data[6] = {9, 8, 7, 6, 5, 4};
  Tensor owner = owned_iota({3});
  Tensor t = owner;
  REQUIRE(t.assign_view(DType::kInt32, {2, 3}, data, sizeof data).ok());
  CHECK(t.raw_data() == data);
  CHECK(t.dims() == Dims{2, 3});
  CHECK(t.size() == 6);
  CHECK(owner.data<int32_t>()[2] == 2);  // the block is still owner's

  Tensor only = owned_iota({5});
  REQUIRE(only.assign_view(DType::kInt32, {6}, data, sizeof data).ok());  // frees the block it owned alone
  CHECK(only.data<int32_t>()[0] == 9);

  const Status too_short = t.assign_view(DType::kInt32, {7}, data, sizeof data);
  CHECK(too_short.code() == ErrorCode::kInvalidArgument);
  CHECK(too_short.message() == "data holds 6 elements but shape [7] needs 7");
  CHECK(t.dims() == Dims{2, 3});
  CHECK(t.raw_data() == data);
  CHECK(t.assign_view(DType::kInt32, {-1}, data, sizeof data).code() == ErrorCode::kInvalidArgument);
  CHECK(t.size() == 6);
}

TEST_CASE("Tensor: view_of shares or borrows the elements again under dims it swaps in", "[tensor]") {
  Tensor x = owned_iota({2, 3});
  Tensor y = owned_iota({4});  // what y held is let go
  Dims dims = {3, 2};
  const int64_t* dims_memory = dims.data();
  y.view_of(x, dims);
  CHECK(y.raw_data() == x.raw_data());
  CHECK(y.dims() == Dims{3, 2});
  CHECK(y.dims().data() == dims_memory);  // swapped, not copied
  CHECK(dims == Dims{4});                 // y's former dims, for the next call
  CHECK(!x.exclusive());
  x = Tensor();
  CHECK(y.exclusive());  // the block lives on in y
  CHECK(y.data<int32_t>()[5] == 5);

  dims = {6};
  y.view_of(y, dims);  // itself: only the dims change
  CHECK(y.exclusive());
  CHECK(y.dims() == Dims{6});
  CHECK(dims == Dims{3, 2});

  int32_t borrowed[4] = {1, 2, 3, 4};
  Tensor v = Tensor::view(DType::kInt32, {4}, borrowed, sizeof borrowed).take();
  dims = {2, 2};
  y.view_of(v, dims);  // borrowed again, owning nothing
  CHECK(!y.owns_data());
  CHECK(y.raw_data() == borrowed);
  CHECK(y.size() == 4);
}

TEST_CASE("Tensor: view_of an rvalue takes the elements and leaves it empty, its dims' memory given back", "[tensor]") {
  Tensor x = owned_iota({2, 3});
  const int64_t* x_dims = x.dims().data();
  Tensor y = owned_iota({4});
  Dims dims = {6};
  y.view_of(std::move(x), dims);
  CHECK(y.exclusive());  // taken: no count grew
  CHECK(y.dims() == Dims{6});
  CHECK(y.data<int32_t>()[5] == 5);
  CHECK(x.raw_data() == nullptr);
  CHECK(x.size() == 0);
  CHECK(!x.owns_data());
  CHECK(dims == Dims{2, 3});
  CHECK(dims.data() == x_dims);
}

TEST_CASE("Tensor: elements of 4 KiB and more start a cache line; smaller ones 8-byte aligned", "[tensor]") {
  for (int64_t n : {1024, 1025, 1 << 20}) {
    const Tensor t = Tensor::allocate(DType::kFloat32, {n}).take();
    CHECK(reinterpret_cast<uintptr_t>(t.raw_data()) % 64 == 0);
  }
  for (int64_t n : {0, 1, 3, 1023}) {
    const Tensor t = Tensor::allocate(DType::kFloat32, {n}).take();
    CHECK(reinterpret_cast<uintptr_t>(t.raw_data()) % 8 == 0);
  }
}

TEST_CASE("byte_count_fast agrees with byte_count, and leaves every refusal and odd case to it", "[tensor]") {
  const std::vector<Dims> shapes = {{},         {0},           {7},           {3, 5, 2},          {0, 1u << 31},
                                    {1u << 31, 0}, {65536, 65536}, {-1},          {65535, 65537},     {1, 4294967295},
                                    {4294967296}, {2, 1u << 30},  {1u << 30, 4}, {-3, 0},            {4294967295, 0}};
  for (const Dims& dims : shapes) {
    for (size_t element_size : {1, 2, 4, 8}) {
      size_t fast = 0;
      const auto slow = byte_count(dims, element_size);
      if (byte_count_fast(dims, element_size, fast)) {
        REQUIRE(slow.ok());
        CHECK(fast == slow.value());
      }
      if (!slow.ok()) CHECK_FALSE(byte_count_fast(dims, element_size, fast));
    }
  }
  size_t bytes = 0;
  CHECK(byte_count_fast({3, 5, 2}, 4, bytes));
  CHECK(bytes == 120);
}
