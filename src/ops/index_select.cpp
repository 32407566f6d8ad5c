// NonZero, GatherElements and GatherND: positions found from values, and elements picked by them.
//
// NonZero, versions 9 and 13 (13 adds bfloat16): the indices of the input's non-zero elements, an
// int64 tensor [rank, count] in row-major order. NaN is non-zero and -0 is zero (floats are compared
// without their sign bit); a bool is non-zero when its byte is. A scalar gives [1, count] (index 0),
// as NumPy's nonzero of a 0-d array and onnxruntime do.
//
// GatherElements, versions 11 and 13 (13 adds bfloat16): the output has the shape of `indices` (of
// data's rank, each dim but the axis's at most data's), each element data's at the same position but
// along `axis` at the index's value (negative: from the back; out of range: an error naming it).
//
// GatherND, versions 11, 12 and 13 (12 adds batch_dims, 13 bfloat16): each tuple of the last axis of
// `indices` (int64) names a slice of `data` after its first batch_dims axes, which `indices` shares;
// the output's shape is indices' but its last axis, then the dims of data the tuples leave. Negative
// indices count from the back; one out of range is an error naming it.
#include <algorithm>
#include <string>

#include "kernels/copy_rows.h"
#include "kernels/indices.h"
#include "kernels/nonzero.h"
#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/nd_index.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class NonZeroKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const size_t n = x.size(), size = dtype_size(x.dtype());
    const DType t = x.dtype();
    const bool is_float = t == DType::kFloat32 || t == DType::kFloat64 || t == DType::kFloat16 || t == DType::kBFloat16;
    std::vector<uint8_t> flags(n);
    const size_t count = kernels::nonzero_flags(x.raw_data(), n, size, is_float, flags.data());
    const Dims& dims = x.dims();
    const size_t rank = dims.size();
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kInt64, Dims{static_cast<int64_t>(rank == 0 ? 1 : rank), static_cast<int64_t>(count)}, y));
    int64_t* out = y->data<int64_t>();
    if (rank == 0) {
      if (count) out[0] = 0;
      return Status::Ok();
    }
    kernels::nonzero_indices(flags.data(), n, dims.data(), rank, count, out);
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_nonzero(int /*version*/, const Attributes& /*attrs*/) { return std::unique_ptr<Kernel>(new NonZeroKernel()); }

class GatherElementsKernel final : public Kernel {
 public:
  explicit GatherElementsKernel(int64_t axis) : axis_(axis) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& data = *inputs[0];
    const Tensor& indices = *inputs[1];
    const size_t rank = data.rank();
    const auto r = static_cast<int64_t>(rank);
    if (rank == 0) return InvalidArgument("input 'data' is a scalar; it must have rank 1 or more");
    if (axis_ < -r || axis_ >= r)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", outside [" + std::to_string(-r) + ", " + std::to_string(r - 1) +
                             "] for input 'data' of rank " + std::to_string(rank));
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + r : axis_);
    bool fits = indices.rank() == rank;
    for (size_t d = 0; fits && d < rank; ++d) fits = d == axis || indices.dims()[d] <= data.dims()[d];
    if (!fits)
      return InvalidArgument("input 'indices' has shape " + dims_to_string(indices.dims()) + " but input 'data' has shape " + dims_to_string(data.dims()) +
                             "; it must have data's rank and, but along axis " + std::to_string(axis) + ", no larger dims");
    const int64_t extent = data.dims()[axis];
    std::vector<int64_t> resolved(indices.size());
    const bool wide = indices.dtype() == DType::kInt64;
    const size_t bad = kernels::resolve_indices(indices.raw_data(), wide, resolved.size(), extent, resolved.data());
    if (bad != resolved.size()) {
      const int64_t k = wide ? indices.data<int64_t>()[bad] : indices.data<int32_t>()[bad];
      return InvalidArgument("input 'indices' holds " + std::to_string(k) + " at position " + std::to_string(bad) + ", outside [" +
                             std::to_string(-extent) + ", " + std::to_string(extent - 1) + "] for axis " + std::to_string(axis) + " of size " +
                             std::to_string(extent));
    }
    std::vector<ptrdiff_t> strides(rank);
    ptrdiff_t stride = 1;
    for (size_t d = rank; d-- > 0;) {
      strides[d] = stride;
      stride *= static_cast<ptrdiff_t>(data.dims()[d]);
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, data.dtype(), indices.dims(), y));
    if (y->size() != 0)
      kernels::gather_elements(indices.dims(), strides, axis, resolved.data(), dtype_size(data.dtype()), data.raw_data(), y->raw_data());
    return Status::Ok();
  }

 private:
  int64_t axis_;
};

Result<std::unique_ptr<Kernel>> make_gather_elements(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t axis, attrs.get_int("axis", 0));
  return std::unique_ptr<Kernel>(new GatherElementsKernel(axis));
}

class GatherNDKernel final : public Kernel {
 public:
  explicit GatherNDKernel(int64_t batch_dims) : batch_dims_(batch_dims) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& data = *inputs[0];
    const Tensor& indices = *inputs[1];
    const Dims& dd = data.dims();
    const Dims& id = indices.dims();
    const auto b = static_cast<size_t>(batch_dims_);
    if (batch_dims_ < 0 || b >= std::min(dd.size(), id.size()))
      return InvalidArgument("attribute 'batch_dims' is " + std::to_string(batch_dims_) + "; it must be in [0, " +
                             std::to_string(std::min(dd.size(), id.size())) + ") for input 'data' of shape " + dims_to_string(dd) +
                             " and input 'indices' of shape " + dims_to_string(id));
    for (size_t d = 0; d < b; ++d)
      if (id[d] != dd[d])
        return InvalidArgument("input 'indices' has shape " + dims_to_string(id) + " but input 'data' has shape " + dims_to_string(dd) +
                               "; their first " + std::to_string(b) + " (batch_dims) dims must be equal");
    const auto m = static_cast<size_t>(id.back());
    if (m < 1 || b + m > dd.size())
      return InvalidArgument("input 'indices' has tuples of " + std::to_string(id.back()) + " indices; input 'data' of shape " + dims_to_string(dd) +
                             " with batch_dims " + std::to_string(b) + " takes 1 to " + std::to_string(dd.size() - b));
    Dims dims(id.begin(), id.end() - 1);
    dims.insert(dims.end(), dd.begin() + static_cast<ptrdiff_t>(b + m), dd.end());
    size_t batches = 1, extent = 1, inner = 1;
    for (size_t d = 0; d < b; ++d) batches *= static_cast<size_t>(dd[d]);
    for (size_t d = b; d < b + m; ++d) extent *= static_cast<size_t>(dd[d]);
    for (size_t d = b + m; d < dd.size(); ++d) inner *= static_cast<size_t>(dd[d]);
    OW_ASSIGN_OR_RETURN(const std::vector<int64_t> rows, tuple_rows(indices, dd, b));
    const size_t tuples = rows.size();
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, data.dtype(), std::move(dims), y));
    if (y->size() != 0)
      kernels::gather_rows(static_cast<const unsigned char*>(data.raw_data()), rows.data(), tuples, 1, batches * extent, inner * dtype_size(data.dtype()),
                           static_cast<unsigned char*>(y->raw_data()));
    return Status::Ok();
  }

 private:
  int64_t batch_dims_;
};

Result<std::unique_ptr<Kernel>> make_gather_nd(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t batch_dims, attrs.get_int("batch_dims", 0));
  return std::unique_ptr<Kernel>(new GatherNDKernel(batch_dims));
}

constexpr TypeConstraint kNonZeroTypes9[] = {{"T", kAnyTypesNoBf16}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kNonZeroTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kNonZeroVersions[] = {{.since_version = 9, .types = kNonZeroTypes9, .attributes = {}},
                                          {.since_version = 13, .types = kNonZeroTypes13, .attributes = {}}};
constexpr Param kNonZeroInputs[] = {{"X", "T"}};
constexpr Param kNonZeroOutputs[] = {{"Y", "tensor(int64)"}};

constexpr AttributeSpec kAxis[] = {{"axis", AttrKind::kInt, "0"}};
constexpr TypeConstraint kGatherElementsTypes11[] = {{"T", kAnyTypesNoBf16}, {"Tind", kIndexTypes}};
constexpr TypeConstraint kGatherElementsTypes13[] = {{"T", kAnyTypes}, {"Tind", kIndexTypes}};
constexpr OpVersion kGatherElementsVersions[] = {{.since_version = 11, .types = kGatherElementsTypes11, .attributes = kAxis},
                                                 {.since_version = 13, .types = kGatherElementsTypes13, .attributes = kAxis}};
constexpr Param kGatherElementsInputs[] = {{"data", "T"}, {"indices", "Tind"}};
constexpr Param kGatherElementsOutputs[] = {{"output", "T"}};

constexpr AttributeSpec kBatchDims[] = {{"batch_dims", AttrKind::kInt, "0"}};
constexpr TypeConstraint kGatherNDTypes11[] = {{"T", kAnyTypesNoBf16}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kGatherNDTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kGatherNDVersions[] = {{.since_version = 11, .types = kGatherNDTypes11, .attributes = {}},
                                           {.since_version = 12, .types = kGatherNDTypes11, .attributes = kBatchDims},
                                           {.since_version = 13, .types = kGatherNDTypes13, .attributes = kBatchDims}};
constexpr Param kGatherNDInputs[] = {{"data", "T"}, {"indices", "tensor(int64)"}};
constexpr Param kGatherNDOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kNonZeroSchema{
    .name = "NonZero", .inputs = kNonZeroInputs, .outputs = kNonZeroOutputs, .versions = kNonZeroVersions, .make_kernel = make_nonzero};

constexpr OpSchema kGatherElementsSchema{.name = "GatherElements",
                                         .inputs = kGatherElementsInputs,
                                         .outputs = kGatherElementsOutputs,
                                         .versions = kGatherElementsVersions,
                                         .make_kernel = make_gather_elements};

constexpr OpSchema kGatherNDSchema{
    .name = "GatherND", .inputs = kGatherNDInputs, .outputs = kGatherNDOutputs, .versions = kGatherNDVersions, .make_kernel = make_gather_nd};

}  // namespace ow
