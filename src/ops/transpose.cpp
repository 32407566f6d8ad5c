// Transpose, versions 1, 13, 21, 23, 24, 25: they differ only in their types. Output axis i is input
// axis perm[i]; perm defaults to the axes reversed.
//
// Before copying, the axes are simplified: those of extent 1 are dropped (they move nothing) and output
// neighbours that are neighbours in the input in the same order are merged, so that a permutation that
// keeps the element order is one memcpy and, for instance, NCHW -> NHWC is a batch of matrices
// (C x HW) transposed (kernels/transpose.h).
#include <cstring>
#include <string>

#include "kernels/transpose.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class TransposeKernel final : public Kernel {
 public:
  TransposeKernel(bool has_perm, std::vector<int64_t> perm) : has_perm_(has_perm), perm_(std::move(perm)) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const size_t rank = x.rank();
    OW_ASSIGN_OR_RETURN(std::vector<size_t> perm, resolve_perm(x.dims()));
    Dims y_dims(rank);
    for (size_t i = 0; i < rank; ++i) y_dims[i] = x.dims()[perm[i]];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(y_dims), y));
    if (x.size() == 0) return Status::Ok();

    std::vector<size_t> in_strides(rank);
    for (size_t k = rank, stride = 1; k-- > 0;) {
      in_strides[k] = stride;
      stride *= static_cast<size_t>(x.dims()[k]);
    }
    std::vector<kernels::TransposeAxis> axes;
    for (size_t i = 0; i < rank; ++i) {
      const auto extent = static_cast<size_t>(x.dims()[perm[i]]);
      const size_t stride = in_strides[perm[i]];
      if (extent == 1) continue;
      if (!axes.empty() && axes.back().in_stride == extent * stride) {
        axes.back() = {axes.back().extent * extent, stride};
      } else {
        axes.push_back({extent, stride});
      }
    }
    if (axes.size() <= 1) {  // the elements stay in order
      std::memcpy(y->raw_data(), x.raw_data(), x.byte_size());
      return Status::Ok();
    }
    kernels::transpose(axes, dtype_size(x.dtype()), x.raw_data(), y->raw_data());
    return Status::Ok();
  }

 private:
  // perm, checked against an input of shape `dims`, or the axes reversed.
  Result<std::vector<size_t>> resolve_perm(const Dims& dims) const {
    const size_t rank = dims.size();
    std::vector<size_t> perm(rank);
    if (!has_perm_) {
      for (size_t i = 0; i < rank; ++i) perm[i] = rank - 1 - i;
      return perm;
    }
    if (perm_.size() != rank)
      return InvalidArgument("attribute 'perm' " + dims_to_string(perm_) + " has " + std::to_string(perm_.size()) +
                             " values but input 'data' of shape " + dims_to_string(dims) + " has rank " + std::to_string(rank));
    std::vector<bool> seen(rank, false);
    for (size_t i = 0; i < rank; ++i) {
      const int64_t p = perm_[i];
      if (p < 0 || p >= static_cast<int64_t>(rank) || seen[static_cast<size_t>(p)])
        return InvalidArgument("attribute 'perm' " + dims_to_string(perm_) + " is not a permutation of the axes 0 to " +
                               std::to_string(static_cast<int64_t>(rank) - 1) + " of input 'data' of shape " + dims_to_string(dims));
      seen[static_cast<size_t>(p)] = true;
      perm[i] = static_cast<size_t>(p);
    }
    return perm;
  }

  bool has_perm_;
  std::vector<int64_t> perm_;
};

Result<std::unique_ptr<Kernel>> make_transpose(int /*version*/, const Attributes& attrs) {
  bool has_perm = false;
  OW_ASSIGN_OR_RETURN(std::vector<int64_t> perm, attrs.get_ints("perm", &has_perm));
  return std::unique_ptr<Kernel>(new TransposeKernel(has_perm, std::move(perm)));
}

constexpr AttributeSpec kPerm[] = {{"perm", AttrKind::kInts, "the axes reversed"}};
// 13 adds bfloat16; 21, 23, 24 and 25 add only types the runtime does not have.
constexpr auto kTransposeVersions = concat(std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = kPerm}}),
                                           same_versions({13, 21, 23, 24, 25}, {.types = type_t<kAnyTypes>, .attributes = kPerm}));
constexpr Param kInputs[] = {{"data", "T"}};
constexpr Param kOutputs[] = {{"transposed", "T"}};

}  // namespace

constexpr OpSchema kTransposeSchema{
    .name = "Transpose", .inputs = kInputs, .outputs = kOutputs, .versions = kTransposeVersions, .make_kernel = make_transpose};

}  // namespace ow
