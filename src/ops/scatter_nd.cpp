// ScatterND, versions 11, 13, 16 and 18: a copy of `data` with the slices that the tuples of
// `indices`' last axis (int64, k values) name replaced by, or from 16 combined with, the slices of
// `updates` (shape: indices' but its last axis, then data's dims after the first k). `reduction`
// (16: none, add, mul; 18 adds max, min) combines in the element's type (kernels/scatter_reduce.h).
// Tuples apply in order: where two name one slice, the later wins ('none') or both combine. Negative
// indices count from the back, as GatherND's; one out of range is an error naming its position. 13
// adds bfloat16.
#include <cstring>
#include <string>

#include "kernels/copy_rows.h"
#include "kernels/scatter_reduce.h"
#include "ops/families.h"
#include "ops/nd_index.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class ScatterNDKernel final : public Kernel {
 public:
  // `reduce` false: 'none'.
  ScatterNDKernel(bool reduce, kernels::ScatterReduction reduction) : reduce_(reduce), reduction_(reduction) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& data = *inputs[0];
    const Tensor& indices = *inputs[1];
    const Tensor& updates = *inputs[2];
    const Dims& dd = data.dims();
    const Dims& id = indices.dims();
    if (dd.empty()) return InvalidArgument("input 'data' is a scalar; it must have rank 1 or more");
    if (id.empty()) return InvalidArgument("input 'indices' is a scalar; it must have rank 1 or more");
    const int64_t k = id.back();
    if (k < 1 || static_cast<size_t>(k) > dd.size())
      return InvalidArgument("input 'indices' has tuples of " + std::to_string(k) + " indices; input 'data' of shape " + dims_to_string(dd) +
                             " takes 1 to " + std::to_string(dd.size()));
    Dims want(id.begin(), id.end() - 1);
    want.insert(want.end(), dd.begin() + k, dd.end());
    if (updates.dims() != want)
      return InvalidArgument("input 'updates' has shape " + dims_to_string(updates.dims()) + " but input 'indices' of shape " + dims_to_string(id) +
                             " and input 'data' of shape " + dims_to_string(dd) + " need " + dims_to_string(want));
    OW_ASSIGN_OR_RETURN(const std::vector<int64_t> rows, tuple_rows(indices, dd, 0));
    size_t inner = 1;
    for (size_t d = static_cast<size_t>(k); d < dd.size(); ++d) inner *= static_cast<size_t>(dd[d]);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, data.dtype(), dd, y));
    if (y->size() == 0) return Status::Ok();
    auto* out = static_cast<unsigned char*>(y->raw_data());
    std::memcpy(out, data.raw_data(), data.byte_size());
    const auto* from = static_cast<const unsigned char*>(updates.raw_data());
    if (reduce_) kernels::scatter_reduce(reduction_, data.dtype(), from, rows.data(), rows.size(), inner, out);
    else kernels::scatter_rows(from, rows.data(), rows.size(), inner * dtype_size(data.dtype()), out);
    return Status::Ok();
  }

 private:
  bool reduce_;
  kernels::ScatterReduction reduction_;
};

Result<std::unique_ptr<Kernel>> make_scatter_nd(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const std::string reduction, attrs.get_string("reduction", "none"));
  using R = kernels::ScatterReduction;
  if (reduction == "none") return std::unique_ptr<Kernel>(new ScatterNDKernel(false, R::kAdd));
  if (reduction == "add") return std::unique_ptr<Kernel>(new ScatterNDKernel(true, R::kAdd));
  if (reduction == "mul") return std::unique_ptr<Kernel>(new ScatterNDKernel(true, R::kMul));
  if (version >= 18 && reduction == "max") return std::unique_ptr<Kernel>(new ScatterNDKernel(true, R::kMax));
  if (version >= 18 && reduction == "min") return std::unique_ptr<Kernel>(new ScatterNDKernel(true, R::kMin));
  return InvalidArgument("attribute 'reduction' is '" + reduction + "'; this version takes " +
                         (version >= 18 ? "none, add, mul, max or min" : "none, add or mul"));
}

constexpr std::string_view kReductions[] = {"none", "add", "mul", "max", "min"};  // 18 adds max and min
constexpr AttributeSpec kReduction16[] = {{"reduction", AttrKind::kString, "none", std::span(kReductions, 3)}};
constexpr AttributeSpec kReduction18[] = {{"reduction", AttrKind::kString, "none", kReductions}};
constexpr TypeConstraint kTypes11[] = {{"T", kAnyTypesNoBf16}, {"tensor(int64)", kInt64Type}};
constexpr TypeConstraint kTypes13[] = {{"T", kAnyTypes}, {"tensor(int64)", kInt64Type}};
constexpr OpVersion kVersions[] = {{.since_version = 11, .types = kTypes11, .attributes = {}},
                                   {.since_version = 13, .types = kTypes13, .attributes = {}},
                                   {.since_version = 16, .types = kTypes13, .attributes = kReduction16},
                                   {.since_version = 18, .types = kTypes13, .attributes = kReduction18}};
constexpr Param kInputs[] = {{"data", "T"}, {"indices", "tensor(int64)"}, {"updates", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kScatterNDSchema{
    .name = "ScatterND", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_scatter_nd};

}  // namespace ow
