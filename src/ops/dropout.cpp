// Dropout 1, 6, 7, 10, 12, 13, 22, in inference: the output is the data unchanged and the optional mask
// keeps every element (1 of the data's type before version 10, true after). Training's random dropout
// is refused: is_test 0 is read as inference, as onnxruntime runs a model; from 12 a training_mode
// input that is true is refused, naming it.
#include <cstring>
#include <string>

#include "kernels/cast.h"
#include "kernels/copy_rows.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class DropoutKernel final : public Kernel {
 public:
  explicit DropoutKernel(bool bool_mask) : bool_mask_(bool_mask) {}

  void set_output_count(size_t count) override { mask_ = count > 1; }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    const Tensor* training_mode = inputs.size() > 2 ? inputs[2] : nullptr;
    if (training_mode) {
      if (training_mode->size() != 1) return InvalidArgument("input 'training_mode' must be a scalar, got shape " + dims_to_string(training_mode->dims()));
      if (*training_mode->data<bool>()) return Unsupported("input 'training_mode' is true: training's random dropout is not supported");
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    if (x.size() != 0) std::memcpy(y->raw_data(), x.raw_data(), x.byte_size());
    if (!mask_) return Status::Ok();
    Tensor* mask;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 1, bool_mask_ ? DType::kBool : x.dtype(), x.dims(), mask));
    if (mask->size() == 0) return Status::Ok();
    if (bool_mask_) {
      std::memset(mask->raw_data(), 1, mask->byte_size());
      return Status::Ok();
    }
    const double one = 1;
    unsigned char element[8];
    kernels::cast(DType::kFloat64, &one, x.dtype(), element, 1);
    kernels::fill_elements(static_cast<unsigned char*>(mask->raw_data()), element, dtype_size(x.dtype()), mask->size());
    return Status::Ok();
  }

 private:
  bool bool_mask_;
  bool mask_ = false;
};

Result<std::unique_ptr<Kernel>> make_dropout(int version, const Attributes& /*attrs*/) {
  // ratio and seed are training's, is_test is read as 1.
  return std::unique_ptr<Kernel>(new DropoutKernel(version >= 10));
}

constexpr AttributeSpec kRatio{"ratio", AttrKind::kFloat, "0.5"};
constexpr AttributeSpec kIsTest{"is_test", AttrKind::kInt, "0"};
constexpr AttributeSpec kAttributes1[] = {kConsumedInputs[0], kIsTest, kRatio};
constexpr AttributeSpec kAttributes6[] = {kIsTest, kRatio};
constexpr AttributeSpec kAttributes7[] = {kRatio};
constexpr AttributeSpec kAttributes12[] = {{"seed", AttrKind::kInt, "random"}};
constexpr Param kInputs[] = {{"data", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}, {"mask", "T", Param::Arity::kOptional}};
constexpr Param kOutputs10[] = {{"output", "T"}, {"mask", "T1", Param::Arity::kOptional}};
constexpr Param kInputs12[] = {{"data", "T"}, {"ratio", "T1", Param::Arity::kOptional}, {"training_mode", "T2", Param::Arity::kOptional}};
constexpr Param kOutputs12[] = {{"output", "T"}, {"mask", "T2", Param::Arity::kOptional}};
constexpr TypeConstraint kTypes10[] = {{"T", kFloatTypes}, {"T1", kBoolType}};
constexpr TypeConstraint kTypes12[] = {{"T", kFloatTypes}, {"T1", kFloatTypes}, {"T2", kBoolType}};
constexpr TypeConstraint kTypes13[] = {{"T", kFloatTypesBf16}, {"T1", kFloatTypes}, {"T2", kBoolType}};
constexpr TypeConstraint kTypes22[] = {{"T", kFloatTypesBf16}, {"T1", kFloatTypesBf16}, {"T2", kBoolType}};

// 6 drops consumed_inputs, 7 is_test; 10 makes the mask bool; 12 takes ratio and training_mode as
// inputs; 13 adds bfloat16 data, 22 a bfloat16 ratio.
constexpr OpVersion kDropoutVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
    {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kAttributes6},
    {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = kAttributes7},
    {.since_version = 10, .types = kTypes10, .attributes = kAttributes7, .outputs = kOutputs10},
    {.since_version = 12, .types = kTypes12, .attributes = kAttributes12, .inputs = kInputs12, .outputs = kOutputs12},
    {.since_version = 13, .types = kTypes13, .attributes = kAttributes12, .inputs = kInputs12, .outputs = kOutputs12},
    {.since_version = 22, .types = kTypes22, .attributes = kAttributes12, .inputs = kInputs12, .outputs = kOutputs12}};

}  // namespace

constexpr OpSchema kDropoutSchema{.name = "Dropout", .inputs = kInputs, .outputs = kOutputs, .versions = kDropoutVersions, .make_kernel = make_dropout};

}  // namespace ow
