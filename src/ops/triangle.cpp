// Trilu and EyeLike: a matrix's elements kept or set by their diagonal, j - i against an offset k
// (kernels/triangle.h). Trilu 14, of every type: each of the innermost two dims' matrices of the
// input, with the elements above the k-th diagonal (upper, the default) or below it zeroed; k is an
// optional int64 input of one value (default 0). EyeLike 9, of every type but bfloat16 (22 adds it):
// a matrix of the input's 2-D shape, ones on the k-th diagonal (attribute k) and zeros elsewhere, of
// the type attribute dtype names (default the input's).
#include <algorithm>

#include "kernels/cast.h"
#include "kernels/triangle.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class TriluKernel final : public Kernel {
 public:
  explicit TriluKernel(bool upper) : upper_(upper) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    if (x.rank() < 2) return InvalidArgument("input 0 ('input') must have rank 2 or more, got shape " + dims_to_string(x.dims()));
    int64_t k = 0;
    if (inputs.size() > 1 && inputs[1]) {
      const Tensor& kt = *inputs[1];
      if (kt.size() != 1 || kt.rank() > 1) return InvalidArgument("input 1 ('k') must hold one value, got shape " + dims_to_string(kt.dims()));
      k = kt.data<int64_t>()[0];
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    const size_t rows = x.dims()[x.rank() - 2], cols = x.dims().back();
    const size_t matrices = rows * cols == 0 ? 0 : x.size() / (rows * cols);
    kernels::triangle(static_cast<const unsigned char*>(x.raw_data()), static_cast<unsigned char*>(y->raw_data()), matrices, rows, cols,
                      dtype_size(x.dtype()), k, upper_);
    return Status::Ok();
  }

 private:
  bool upper_;
};

Result<std::unique_ptr<Kernel>> make_trilu(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t upper, attrs.get_int("upper", 1));
  if (upper != 0 && upper != 1) return InvalidArgument("attribute 'upper' must be 0 or 1, not " + std::to_string(upper));
  return std::unique_ptr<Kernel>(new TriluKernel(upper == 1));
}

// EyeLike's output types gain bfloat16 from this version.
constexpr int kEyeLikeBFloat16From = 22;

class EyeLikeKernel final : public Kernel {
 public:
  // dtype: the attribute's, nullopt for the input's type
  EyeLikeKernel(std::optional<DType> dtype, int64_t k) : dtype_(dtype), k_(k) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    if (x.rank() != 2) return InvalidArgument("input 0 ('input') must have rank 2, got shape " + dims_to_string(x.dims()));
    const DType type = dtype_ ? *dtype_ : x.dtype();
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, type, x.dims(), y));
    const float one_f32 = 1.0f;
    alignas(8) unsigned char one[8];
    kernels::cast(DType::kFloat32, &one_f32, type, one, 1);
    kernels::eye(static_cast<unsigned char*>(y->raw_data()), x.dims()[0], x.dims()[1], dtype_size(type), k_, one);
    return Status::Ok();
  }

 private:
  std::optional<DType> dtype_;
  int64_t k_;
};

Result<std::unique_ptr<Kernel>> make_eye_like(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t k, attrs.get_int("k", 0));
  std::optional<DType> dtype;
  if (attrs.find("dtype")) {
    OW_ASSIGN_OR_RETURN(const int64_t number, attrs.get_int("dtype", 0));
    if (number < INT32_MIN || number > INT32_MAX || !dtype_is_known(static_cast<int32_t>(number)))
      return Unsupported("attribute 'dtype' is " + element_type_name(static_cast<int32_t>(std::clamp<int64_t>(number, INT32_MIN, INT32_MAX))) +
                         ", a type this runtime does not support");
    dtype = static_cast<DType>(number);
    if (*dtype == DType::kBFloat16 && version < kEyeLikeBFloat16From)
      return InvalidArgument("attribute 'dtype' is bfloat16, which this version does not accept (from version 22)");
  }
  return std::unique_ptr<Kernel>(new EyeLikeKernel(dtype, k));
}

constexpr std::array<AttributeSpec, 1> kTriluAttributes = {{{"upper", AttrKind::kFlag, "1"}}};
constexpr TypeConstraint kTriluTypes[] = {{"T", kAnyTypes}, {"Tk", kInt64Type}};
constexpr OpVersion kTriluVersions[] = {{.since_version = 14, .types = kTriluTypes, .attributes = kTriluAttributes}};
constexpr Param kTriluInputs[] = {{"input", "T"}, {"k", "Tk", Param::Arity::kOptional}};
constexpr Param kTriluOutputs[] = {{"output", "T"}};

constexpr std::array<AttributeSpec, 2> kEyeLikeAttributes = {{{"dtype", AttrKind::kDataType, "the input's type"}, {"k", AttrKind::kInt, "0"}}};
constexpr TypeConstraint kEyeLikeTypes9[] = {{"T1", kAnyTypesNoBf16}, {"T2", kAnyTypesNoBf16}};
constexpr TypeConstraint kEyeLikeTypes22[] = {{"T1", kAnyTypes}, {"T2", kAnyTypes}};
constexpr OpVersion kEyeLikeVersions[] = {{.since_version = 9, .types = kEyeLikeTypes9, .attributes = kEyeLikeAttributes},
                                          {.since_version = kEyeLikeBFloat16From, .types = kEyeLikeTypes22, .attributes = kEyeLikeAttributes}};
constexpr Param kEyeLikeInputs[] = {{"input", "T1"}};
constexpr Param kEyeLikeOutputs[] = {{"output", "T2"}};

}  // namespace

constexpr OpSchema kTriluSchema{.name = "Trilu", .inputs = kTriluInputs, .outputs = kTriluOutputs, .versions = kTriluVersions, .make_kernel = make_trilu};
constexpr OpSchema kEyeLikeSchema{
    .name = "EyeLike", .inputs = kEyeLikeInputs, .outputs = kEyeLikeOutputs, .versions = kEyeLikeVersions, .make_kernel = make_eye_like};

}  // namespace ow
