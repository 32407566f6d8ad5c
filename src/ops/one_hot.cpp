// OneHot: [indices, depth, values]; the output has the indices' shape with an axis of `depth` inserted
// at `axis` (default -1, innermost), values[1] (on) where its position along that axis is the index
// there, values[0] (off) elsewhere; the values' type. Indices and depth of any numeric type are read
// as int64 as Cast reads them (floats truncated toward zero, NaN 0). Version 9: an index outside
// [0, depth) gives a line of off; 11 also takes negative indices from -depth, counted from the end.
#include <vector>

#include "kernels/cast.h"
#include "kernels/one_hot.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Negative indices count from the end from this version.
constexpr int kNegativeIndicesFrom = 11;

class OneHotKernel final : public Kernel {
 public:
  OneHotKernel(int64_t axis, bool negative_indices) : axis_(axis), negative_indices_(negative_indices) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& indices = *inputs[0];
    const Tensor& depth_tensor = *inputs[1];
    const Tensor& values = *inputs[2];
    if (depth_tensor.size() != 1 || depth_tensor.rank() > 1)
      return InvalidArgument("input 1 ('depth') must hold one value, got shape " + dims_to_string(depth_tensor.dims()));
    if (values.size() != 2 || values.rank() != 1)
      return InvalidArgument("input 2 ('values') must be [off_value, on_value], got shape " + dims_to_string(values.dims()));
    int64_t depth = 0;
    kernels::cast(depth_tensor.dtype(), depth_tensor.raw_data(), DType::kInt64, &depth, 1);
    if (depth < 0) return InvalidArgument("input 1 ('depth') is " + std::to_string(depth) + "; it must not be negative");
    const auto rank = static_cast<int64_t>(indices.rank()) + 1;
    if (axis_ < -rank || axis_ >= rank)
      return InvalidArgument("attribute 'axis' is " + std::to_string(axis_) + ", out of range for an output of rank " + std::to_string(rank) +
                             " (accepted: [" + std::to_string(-rank) + ", " + std::to_string(rank - 1) + "])");
    const auto axis = static_cast<size_t>(axis_ < 0 ? axis_ + rank : axis_);
    Dims dims = indices.dims();
    dims.insert(dims.begin() + static_cast<ptrdiff_t>(axis), depth);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, values.dtype(), std::move(dims), y));
    std::vector<int64_t> lines(indices.size());
    kernels::cast(indices.dtype(), indices.raw_data(), DType::kInt64, lines.data(), lines.size());
    if (negative_indices_)
      for (int64_t& d : lines)
        if (d < 0) d += depth;  // d >= INT64_MIN and depth >= 0: no overflow
    size_t outer = 1;
    for (size_t i = 0; i < axis; ++i) outer *= static_cast<size_t>(indices.dims()[i]);
    const size_t inner = outer == 0 ? 0 : indices.size() / outer;
    const size_t size = dtype_size(values.dtype());
    const auto* pair = static_cast<const unsigned char*>(values.raw_data());
    kernels::one_hot(lines.data(), outer, static_cast<size_t>(depth), inner, size, pair, pair + size, static_cast<unsigned char*>(y->raw_data()));
    return Status::Ok();
  }

 private:
  int64_t axis_;
  bool negative_indices_;
};

Result<std::unique_ptr<Kernel>> make_one_hot(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t axis, attrs.get_int("axis", -1));
  return std::unique_ptr<Kernel>(new OneHotKernel(axis, version >= kNegativeIndicesFrom));
}

constexpr std::array<AttributeSpec, 1> kAttributes = {{{"axis", AttrKind::kInt, "-1"}}};
constexpr TypeConstraint kTypes[] = {{"T1", kNumericTypes}, {"T2", kNumericTypes}, {"T3", kAnyTypesNoBf16}};
constexpr OpVersion kVersions[] = {{.since_version = 9, .types = kTypes, .attributes = kAttributes},
                                   {.since_version = kNegativeIndicesFrom, .types = kTypes, .attributes = kAttributes}};
constexpr Param kInputs[] = {{"indices", "T1"}, {"depth", "T2"}, {"values", "T3"}};
constexpr Param kOutputs[] = {{"output", "T3"}};

}  // namespace

constexpr OpSchema kOneHotSchema{.name = "OneHot", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_one_hot};

}  // namespace ow
