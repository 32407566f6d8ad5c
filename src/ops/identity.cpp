// Identity and Shape: the input itself, and its shape.
//
// Identity's output shares the input's memory when the input owns it (a model's intermediate values
// and initializers); a view of memory the caller owns (an ops.* input, a model's feed) is copied, so
// that the output outlives it. Versions: 1; 13 adds bfloat16; 14 and 16 allow sequences and optional
// values (which the runtime lacks: a model declaring them is refused where they enter it); 19 to 25 add
// element types the runtime lacks.
//
// Shape: the dims as a 1-D int64 tensor; from version 15, those of axes [start, end), each negative one
// counted from the back, then clamped to [0, rank] (start > end: none).
#include <algorithm>
#include <cstring>
#include <string>

#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class IdentityKernel final : public Kernel {
 public:
  // A graph may make the output a view of the input (onnx/graph_optimizer.h).
  bool reshapes() const override { return true; }
  Status reshaped_dims(const Inputs& inputs, Dims& dims) const override {
    dims.assign(inputs[0]->dims().begin(), inputs[0]->dims().end());
    return Status::Ok();
  }
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    if (outputs.empty() && x.owns_data()) {
      outputs.push_back(x);
      return Status::Ok();
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    if (y->raw_data() != x.raw_data() && x.byte_size() != 0) std::memcpy(y->raw_data(), x.raw_data(), x.byte_size());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_identity(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new IdentityKernel());
}

class ShapeKernel final : public Kernel {
 public:
  ShapeKernel(int64_t start, int64_t end, bool has_end) : start_(start), end_(end), has_end_(has_end) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Dims& dims = inputs[0]->dims();
    const auto rank = static_cast<int64_t>(dims.size());
    const auto axis = [rank](int64_t a) { return std::clamp(a < 0 ? a + rank : a, int64_t{0}, rank); };
    const int64_t begin = axis(start_);
    const int64_t end = std::max(begin, has_end_ ? axis(end_) : rank);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kInt64, Dims{end - begin}, y));
    std::copy(dims.begin() + begin, dims.begin() + end, y->data<int64_t>());
    return Status::Ok();
  }

 private:
  int64_t start_, end_;
  bool has_end_;
};

// The axes Shape gives, [start, end) (from version 15; before, start 0 and no end: every axis).
struct ShapeRange {
  int64_t start, end;
  bool has_end;
};

Result<ShapeRange> shape_range(const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t start, attrs.get_int("start", 0));
  OW_ASSIGN_OR_RETURN(const int64_t end, attrs.get_int("end", 0));
  return ShapeRange{start, end, attrs.has("end")};
}

Result<std::unique_ptr<Kernel>> make_shape(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const ShapeRange range, shape_range(attrs));
  return std::unique_ptr<Kernel>(new ShapeKernel(range.start, range.end, range.has_end));
}

constexpr TypeConstraint kTypesV[] = {{"V", kAnyTypes}};
constexpr Param kInputsV[] = {{"input", "V"}};
constexpr Param kOutputsV[] = {{"output", "V"}};
constexpr auto kIdentityVersions =
    concat(std::to_array<OpVersion>({{.since_version = 1, .types = type_t<kAnyTypesNoBf16>, .attributes = {}},
                                     {.since_version = 13, .types = type_t<kAnyTypes>, .attributes = {}}}),
           // 14 on name the constraint V, as it takes sequences and optional values too
           same_versions({14, 16, 19, 21, 23, 24, 25}, {.types = kTypesV, .attributes = {}, .inputs = kInputsV, .outputs = kOutputsV}));
constexpr Param kIdentityInputs[] = {{"input", "T"}};
constexpr Param kIdentityOutputs[] = {{"output", "T"}};

constexpr TypeConstraint kShapeTypes1[] = {{"T", kAnyTypesNoBf16}, {"T1", kInt64Type}};
constexpr TypeConstraint kShapeTypes13[] = {{"T", kAnyTypes}, {"T1", kInt64Type}};
constexpr AttributeSpec kShapeAttributes15[] = {{"start", AttrKind::kInt, "0"}, {"end", AttrKind::kInt, "the rank"}};
constexpr auto kShapeVersions = concat(std::to_array<OpVersion>({{.since_version = 1, .types = kShapeTypes1, .attributes = {}},
                                                                 {.since_version = 13, .types = kShapeTypes13, .attributes = {}}}),
                                       same_versions({15, 19, 21, 23, 24, 25}, {.types = kShapeTypes13, .attributes = kShapeAttributes15}));
constexpr Param kShapeInputs[] = {{"data", "T"}};
constexpr Param kShapeOutputs[] = {{"shape", "T1"}};

}  // namespace

constexpr OpSchema kIdentitySchema{.name = "Identity",
                                   .inputs = kIdentityInputs,
                                   .outputs = kIdentityOutputs,
                                   .versions = kIdentityVersions,
                                   .make_kernel = make_identity,
                                   .elementwise = true};

bool gives_whole_shape(const PreparedOp& op, const Attributes& attrs) {
  if (&op.schema() != &kShapeSchema) return false;
  const Result<ShapeRange> range = shape_range(attrs);
  return range.ok() && range.value().start == 0 && !range.value().has_end;
}

constexpr OpSchema kShapeSchema{
    .name = "Shape", .inputs = kShapeInputs, .outputs = kShapeOutputs, .versions = kShapeVersions, .make_kernel = make_shape,
    .reads_only_shapes = true};

}  // namespace ow
