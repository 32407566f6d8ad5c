// Expand and Tile: the input's elements read again, by strides of 0 (kernels/strided.h).
//
// Expand, versions 8 and 13 (13 adds bfloat16): the input broadcast with `shape` (an int64 1-D input)
// as NumPy broadcasts two shapes, so a 1 in `shape` keeps the input's dim and the output may have
// more axes than `shape` says.
//
// Tile: version 1 repeats the input `tiles` times along axis `axis` (two int64 scalars); from 6 the
// input `repeats` (int64, one per axis, none negative) repeats each axis; 13 adds bfloat16.
#include <algorithm>
#include <span>
#include <string>

#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// x's strides (in elements), row-major.
std::vector<ptrdiff_t> strides_of(const Dims& dims) {
  std::vector<ptrdiff_t> strides(dims.size());
  ptrdiff_t stride = 1;
  for (size_t d = dims.size(); d-- > 0;) {
    strides[d] = stride;
    stride *= static_cast<ptrdiff_t>(dims[d]);
  }
  return strides;
}

// Values of an int64 input of rank 1 (or 0 where `scalar`).
Result<std::span<const int64_t>> int64_values(const Tensor& t, const char* name, bool scalar) {
  if (scalar ? t.rank() != 0 && !(t.rank() == 1 && t.size() == 1) : t.rank() != 1)
    return InvalidArgument(std::string("input '") + name + "' must be " + (scalar ? "a scalar" : "1-D") + ", got shape " + dims_to_string(t.dims()));
  return std::span<const int64_t>(t.data<int64_t>(), t.size());
}

class ExpandKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    OW_ASSIGN_OR_RETURN(const auto shape_values, int64_values(*inputs[1], "shape", false));
    const Dims shape(shape_values.begin(), shape_values.end());
    for (int64_t d : shape)
      if (d < 0) return InvalidArgument("input 'shape' " + dims_to_string(shape) + " has a negative dimension");
    auto broadcast = broadcast_shapes({&x.dims(), &shape});
    if (!broadcast.ok()) return broadcast.status().with_context("input 'input' and input 'shape': ");
    Dims dims = broadcast.take();
    const size_t rank = dims.size(), lead = rank - x.rank();
    const std::vector<ptrdiff_t> x_strides = strides_of(x.dims());
    std::vector<kernels::StridedAxis<1>> axes(rank);
    for (size_t d = 0; d < rank; ++d) {
      const bool own = d >= lead && x.dims()[d - lead] != 1;
      axes[d] = {static_cast<size_t>(dims[d]), {own ? x_strides[d - lead] : 0}};
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    if (y->size() != 0) kernels::strided_copy(std::move(axes), dtype_size(x.dtype()), x.raw_data(), y->raw_data());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_expand(int /*version*/, const Attributes& /*attrs*/) { return std::unique_ptr<Kernel>(new ExpandKernel()); }

class TileKernel final : public Kernel {
 public:
  explicit TileKernel(int version) : version_(version) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const size_t rank = x.rank();
    std::vector<int64_t> repeats(rank, 1);
    if (version_ == 1) {
      OW_ASSIGN_OR_RETURN(const auto tiles, int64_values(*inputs[1], "tiles", true));
      OW_ASSIGN_OR_RETURN(const auto axis, int64_values(*inputs[2], "axis", true));
      const auto r = static_cast<int64_t>(rank);
      if (axis[0] < 0 || axis[0] >= r)
        return InvalidArgument("input 'axis' is " + std::to_string(axis[0]) + ", out of range for input 'input' of rank " + std::to_string(rank));
      repeats[static_cast<size_t>(axis[0])] = tiles[0];
    } else {
      OW_ASSIGN_OR_RETURN(const auto values, int64_values(*inputs[1], "repeats", false));
      if (values.size() != rank)
        return InvalidArgument("input 'repeats' has " + std::to_string(values.size()) + " values but input 'input' has rank " + std::to_string(rank));
      repeats.assign(values.begin(), values.end());
    }
    Dims dims(rank);
    for (size_t d = 0; d < rank; ++d) {
      if (repeats[d] < 0)
        return InvalidArgument(std::string(version_ == 1 ? "input 'tiles'" : "input 'repeats'") + " has " + std::to_string(repeats[d]) +
                               " for axis " + std::to_string(d) + "; repeats must not be negative");
      // Both below 2^32 (a tensor's dim; a larger repeat is refused): the product fits 64 bits.
      const uint64_t n = static_cast<uint64_t>(x.dims()[d]) * static_cast<uint64_t>(std::min<int64_t>(repeats[d], int64_t{1} << 32));
      if (n > kMaxTensorBytes)
        return OutOfMemory("input 'repeats' makes axis " + std::to_string(d) + " of " + std::to_string(n) + " elements, more than a tensor can hold");
      dims[d] = static_cast<int64_t>(n);
    }
    // Each axis becomes two: the repeats (stride 0), then the input's own.
    const std::vector<ptrdiff_t> x_strides = strides_of(x.dims());
    std::vector<kernels::StridedAxis<1>> axes;
    for (size_t d = 0; d < rank; ++d) {
      axes.push_back({static_cast<size_t>(repeats[d]), {0}});
      axes.push_back({static_cast<size_t>(x.dims()[d]), {x_strides[d]}});
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    if (y->size() != 0) kernels::strided_copy(std::move(axes), dtype_size(x.dtype()), x.raw_data(), y->raw_data());
    return Status::Ok();
  }

 private:
  int version_;
};

Result<std::unique_ptr<Kernel>> make_tile(int version, const Attributes& /*attrs*/) { return std::unique_ptr<Kernel>(new TileKernel(version)); }

constexpr TypeConstraint kExpandTypes8[] = {{"T", kAnyTypesNoBf16}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kExpandTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kExpandVersions[] = {{.since_version = 8, .types = kExpandTypes8, .attributes = {}},
                                         {.since_version = 13, .types = kExpandTypes13, .attributes = {}}};
constexpr Param kExpandInputs[] = {{"input", "T"}, {"shape", "tensor(int64)"}};
constexpr Param kExpandOutputs[] = {{"output", "T"}};

constexpr TypeConstraint kTileTypes1[] = {{"T", kFloatTypes}, {"T1", kInt64Type}};
constexpr TypeConstraint kTileTypes6[] = {{"T", kAnyTypesNoBf16}, {"T1", kInt64Type}};
constexpr TypeConstraint kTileTypes13[] = {{"T", kAnyTypes}, {"T1", kInt64Type}};
constexpr Param kTileInputs1[] = {{"input", "T"}, {"tiles", "T1"}, {"axis", "T1"}};
constexpr OpVersion kTileVersions[] = {{.since_version = 1, .types = kTileTypes1, .attributes = {}, .inputs = kTileInputs1},
                                       {.since_version = 6, .types = kTileTypes6, .attributes = {}},
                                       {.since_version = 13, .types = kTileTypes13, .attributes = {}}};
constexpr Param kTileInputs[] = {{"input", "T"}, {"repeats", "T1"}};
constexpr Param kTileOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kExpandSchema{
    .name = "Expand", .inputs = kExpandInputs, .outputs = kExpandOutputs, .versions = kExpandVersions, .make_kernel = make_expand};

constexpr OpSchema kTileSchema{.name = "Tile", .inputs = kTileInputs, .outputs = kTileOutputs, .versions = kTileVersions, .make_kernel = make_tile};

}  // namespace ow
