// Pow: X^Y elementwise, the output of X's type. Version 1 broadcasts Y by the legacy rules (`broadcast`,
// `axis`: ops/broadcast_fold.h), 7 on multidirectionally (NumPy); from 12 X and Y may differ in type
// (X int32, int64 or float, Y any numeric type). Every pair is computed as onnxruntime does, in float64:
// both operands converted to float64, the C library's pow, the result converted once to X's type (by
// Cast's rules: rounded to nearest for floats; truncated toward zero and saturated for integers, NaN
// giving 0). So integer powers are exact while they are below 2^53, and int64 operands round to float64
// beyond. The square of float32 X (Y one element equal to 2) is X * X in float32: float64 holds the
// square exactly, so the float64 pass rounds it once to float32, as the float32 product does.
#include "kernels/binary.h"
#include "kernels/cast.h"
#include "kernels/pow.h"
#include "ops/broadcast_fold.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// t as float64: t itself, or a new tensor of its values converted.
Result<Tensor> as_f64(const Tensor& t) {
  if (t.dtype() == DType::kFloat64) return Tensor::view(t.dtype(), t.dims(), const_cast<void*>(t.raw_data()), t.byte_size());
  OW_ASSIGN_OR_RETURN(Tensor f, Tensor::allocate(DType::kFloat64, t.dims()));
  kernels::cast(t.dtype(), t.raw_data(), DType::kFloat64, f.raw_data(), t.size());
  return f;
}

// Whether y is one element of value 2, whatever its type.
bool is_two(const Tensor& y) {
  if (y.size() != 1) return false;
  double v = 0;
  kernels::cast(y.dtype(), y.raw_data(), DType::kFloat64, &v, 1);
  return v == 2.0;
}

class PowKernel final : public Kernel {
 public:
  PowKernel(bool legacy, bool broadcast, int64_t axis) : legacy_(legacy), broadcast_(broadcast), axis_(axis) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor y_view;
    Inputs operands = inputs;
    Dims dims;
    if (legacy_) {
      OW_ASSIGN_OR_RETURN(y_view, legacy_operand_b(x, *inputs[1], broadcast_, axis_, {"X", "Y"}));
      operands[1] = &y_view;
      dims = x.dims();
    } else {
      OW_ASSIGN_OR_RETURN(dims, broadcast_dims(inputs));
    }
    Tensor* z;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), z));
    if (x.dtype() == DType::kFloat32 && is_two(*operands[1]) && z->dims() == x.dims()) {
      kernels::mul_loops(DType::kFloat32)->vv_rows(x.raw_data(), x.raw_data(), z->raw_data(), x.size(), 1);
      return Status::Ok();
    }
    OW_ASSIGN_OR_RETURN(Tensor x64, as_f64(*operands[0]));
    OW_ASSIGN_OR_RETURN(Tensor y64, as_f64(*operands[1]));
    const bool direct = z->dtype() == DType::kFloat64;
    Tensor z64;
    if (!direct) {
      OW_ASSIGN_OR_RETURN(z64, Tensor::allocate(DType::kFloat64, z->dims()));
    }
    broadcast_fold({&x64, &y64}, direct ? *z : z64, kernels::pow_f64_loops(), false);
    if (!direct) kernels::cast(DType::kFloat64, z64.raw_data(), z->dtype(), z->raw_data(), z->size());
    return Status::Ok();
  }

 private:
  bool legacy_, broadcast_;
  int64_t axis_;
};

Result<std::unique_ptr<Kernel>> make_pow(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(int64_t broadcast, attrs.get_int("broadcast", 0));
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", kNoAxis));
  if (broadcast != 0 && broadcast != 1)
    return InvalidArgument("attribute 'broadcast' must be 0 or 1, not " + std::to_string(broadcast));
  return std::unique_ptr<Kernel>(new PowKernel(version < 7, broadcast == 1, axis));
}

// 1: the legacy broadcast; 7: NumPy's; 12: X int32, int64 or float and Y any numeric type; 13 adds
// bfloat16 to X, 15 to Y.
constexpr AttributeSpec kAttributes1[] = {{"axis", AttrKind::kInt}, {"broadcast", AttrKind::kFlag, "0"}};
constexpr auto kBaseTypes12 = with(kFloatTypes, DType::kInt32, DType::kInt64);
constexpr auto kBaseTypes13 = with(kBaseTypes12, DType::kBFloat16);
constexpr TypeConstraint kTypes12[] = {{"T", kBaseTypes12}, {"T1", kNumericTypes}};
constexpr TypeConstraint kTypes13[] = {{"T", kBaseTypes13}, {"T1", kNumericTypes}};
constexpr TypeConstraint kTypes15[] = {{"T", kBaseTypes13}, {"T1", kAllTypes}};
constexpr Param kSameTypeInputs[] = {{"X", "T"}, {"Y", "T"}};
constexpr OpVersion kPowVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1, .inputs = kSameTypeInputs},
    {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = {}, .inputs = kSameTypeInputs},
    {.since_version = 12, .types = kTypes12, .attributes = {}},
    {.since_version = 13, .types = kTypes13, .attributes = {}},
    {.since_version = 15, .types = kTypes15, .attributes = {}}};
constexpr Param kInputs[] = {{"X", "T"}, {"Y", "T1"}};
constexpr Param kOutputs[] = {{"Z", "T"}};

}  // namespace

constexpr OpSchema kPowSchema{
    .name = "Pow", .inputs = kInputs, .outputs = kOutputs, .versions = kPowVersions, .make_kernel = make_pow, .elementwise = true};

}  // namespace ow
