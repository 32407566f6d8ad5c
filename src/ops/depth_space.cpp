// DepthToSpace 1, 11, 13 and SpaceToDepth 1, 13: the elements of a rank-4 input (N x C x H x W) moved
// between its channels and blocks of blocksize x blocksize pixels, as ONNX's definitions write them
// with Reshape and Transpose; computed as one strided copy (kernels/strided.h) of any type. DepthToSpace
// reads the channels depth-column-row (DCR, the default: the block's row, its column, then the output
// channel) or, from 11, column-row-depth (CRD: the output channel, then the block's row and column).
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class DepthSpaceKernel final : public Kernel {
 public:
  DepthSpaceKernel(size_t blocksize, bool to_space, bool crd) : block_(blocksize), to_space_(to_space), crd_(crd) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    if (x.rank() != 4) return InvalidArgument("input 'input' must be 4-D (N x C x H x W), got shape " + dims_to_string(x.dims()));
    const auto n = static_cast<size_t>(x.dims()[0]), c = static_cast<size_t>(x.dims()[1]), h = static_cast<size_t>(x.dims()[2]),
               w = static_cast<size_t>(x.dims()[3]);
    const size_t b = block_;
    using Axis = kernels::StridedAxis<1>;
    std::vector<Axis> axes;
    Dims dims;
    const auto stride = [](size_t s) { return std::array<ptrdiff_t, 1>{static_cast<ptrdiff_t>(s)}; };
    if (to_space_) {
      if (c % (b * b) != 0)
        return InvalidArgument("input 'input' has " + std::to_string(c) + " channels, not a multiple of blocksize^2 (" + std::to_string(b * b) + ")");
      const size_t depth = c / (b * b), plane = h * w;
      // The output's axes (n, depth, h, block row, w, block column), read from x's channels.
      const size_t row_stride = crd_ ? b * plane : b * depth * plane, column_stride = crd_ ? plane : depth * plane;
      const size_t depth_stride = crd_ ? b * b * plane : plane;
      axes = {{n, stride(c * plane)}, {depth, stride(depth_stride)}, {h, stride(w)}, {b, stride(row_stride)}, {w, stride(1)}, {b, stride(column_stride)}};
      dims = {static_cast<int64_t>(n), static_cast<int64_t>(depth), static_cast<int64_t>(h * b), static_cast<int64_t>(w * b)};
    } else {
      if (h % b != 0 || w % b != 0)
        return InvalidArgument("input 'input' of shape " + dims_to_string(x.dims()) + " has H or W not a multiple of blocksize " + std::to_string(b));
      // The output's axes (n, block row, block column, c, h / b, w / b), read from x's pixels.
      axes = {{n, stride(c * h * w)}, {b, stride(w)}, {b, stride(1)}, {c, stride(h * w)}, {h / b, stride(b * w)}, {w / b, stride(b)}};
      dims = {static_cast<int64_t>(n), static_cast<int64_t>(c * b * b), static_cast<int64_t>(h / b), static_cast<int64_t>(w / b)};
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), y));
    if (y->size() != 0) kernels::strided_copy(std::move(axes), dtype_size(x.dtype()), x.raw_data(), y->raw_data());
    return Status::Ok();
  }

 private:
  size_t block_;
  bool to_space_, crd_;
};

Result<size_t> blocksize_of(const Attributes& attrs) {
  if (!attrs.has("blocksize")) return InvalidArgument("attribute 'blocksize' is required");
  OW_ASSIGN_OR_RETURN(int64_t blocksize, attrs.get_int("blocksize", 0));
  if (blocksize <= 0) return InvalidArgument("attribute 'blocksize' must be positive, got " + std::to_string(blocksize));
  return static_cast<size_t>(blocksize);
}

Result<std::unique_ptr<Kernel>> make_depth_to_space(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(size_t blocksize, blocksize_of(attrs));
  OW_ASSIGN_OR_RETURN(std::string mode, attrs.get_string("mode", "DCR"));
  if (mode != "DCR" && mode != "CRD") return InvalidArgument("attribute 'mode' must be 'DCR' or 'CRD', got '" + mode + "'");
  return std::unique_ptr<Kernel>(new DepthSpaceKernel(blocksize, true, mode == "CRD"));
}

Result<std::unique_ptr<Kernel>> make_space_to_depth(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(size_t blocksize, blocksize_of(attrs));
  return std::unique_ptr<Kernel>(new DepthSpaceKernel(blocksize, false, false));
}

constexpr AttributeSpec kBlocksize{"blocksize", AttrKind::kInt, {}, {}, true};
constexpr std::string_view kModes[] = {"DCR", "CRD"};
constexpr AttributeSpec kBlocksizeOnly[] = {kBlocksize};
constexpr AttributeSpec kBlocksizeMode[] = {kBlocksize, {"mode", AttrKind::kString, "DCR", kModes}};
// 11 adds mode; 13 bfloat16.
constexpr OpVersion kDepthToSpaceVersions[] = {{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = kBlocksizeOnly},
                                               {.since_version = 11, .types = type_t<kAnyTypesNoBf16>, .attributes = kBlocksizeMode},
                                               {.since_version = 13, .types = type_t<kAnyTypes>, .attributes = kBlocksizeMode}};
constexpr OpVersion kSpaceToDepthVersions[] = {{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = kBlocksizeOnly},
                                               {.since_version = 13, .types = type_t<kAnyTypes>, .attributes = kBlocksizeOnly}};
constexpr Param kInputs[] = {{"input", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kDepthToSpaceSchema{
    .name = "DepthToSpace", .inputs = kInputs, .outputs = kOutputs, .versions = kDepthToSpaceVersions, .make_kernel = make_depth_to_space};
constexpr OpSchema kSpaceToDepthSchema{
    .name = "SpaceToDepth", .inputs = kInputs, .outputs = kOutputs, .versions = kSpaceToDepthVersions, .make_kernel = make_space_to_depth};

}  // namespace ow
