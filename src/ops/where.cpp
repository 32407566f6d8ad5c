// Where, versions 9 and 16 (16 adds bfloat16): X where the bool condition is true, else Y, the three
// broadcast together as NumPy does. The selection moves elements by their size (kernels/strided.h).
#include <optional>

#include "kernels/strided.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class WhereKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& c = *inputs[0];
    const Tensor& x = *inputs[1];
    const Tensor& y = *inputs[2];
    OW_ASSIGN_OR_RETURN(Dims dims, broadcast_shapes({&c.dims(), &x.dims(), &y.dims()}));
    const size_t rank = dims.size();
    std::vector<kernels::StridedAxis<3>> axes(rank);
    for (size_t d = 0; d < rank; ++d) axes[d].extent = static_cast<size_t>(dims[d]);
    const Tensor* operands[] = {&c, &x, &y};
    for (size_t k = 0; k < 3; ++k) {
      const Dims& od = operands[k]->dims();
      const size_t lead = rank - od.size();
      ptrdiff_t stride = 1;
      for (size_t d = rank; d-- > lead;) {
        axes[d].strides[k] = od[d - lead] == 1 ? 0 : stride;
        stride *= static_cast<ptrdiff_t>(od[d - lead]);
      }
    }
    Tensor* out;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), std::move(dims), out));
    if (out->size() != 0)
      kernels::select(std::move(axes), dtype_size(x.dtype()), static_cast<const unsigned char*>(c.raw_data()), x.raw_data(), y.raw_data(),
                      out->raw_data());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_where(int /*version*/, const Attributes& /*attrs*/) { return std::unique_ptr<Kernel>(new WhereKernel()); }

// Where(mask, a, b) as a chain's selection, where the mask is the chain's and each of a and b the value
// the comparison read or a constant.
std::optional<ChainStage> where_chain_stage(const OpVersion& /*version*/, const Attributes& /*attrs*/, const ChainOperands& operands) {
  const auto operand = [&operands](size_t i) { return (operands.compared >> i & 1) != 0 || operands.constants[i]; };
  if (operands.count != 3 || operands.chained != 0 || !operand(1) || !operand(2)) return std::nullopt;
  const auto choice = [&operands](size_t i) {
    return kernels::Choice{(operands.compared >> i & 1) != 0, operands.constants[i].value_or(0.0f)};
  };
  return ChainSelect{choice(1), choice(2)};
}

constexpr TypeConstraint kTypes9[] = {{"B", kBoolType}, {"T", kAnyTypesNoBf16}};
constexpr TypeConstraint kTypes16[] = {{"B", kBoolType}, {"T", kAnyTypes}};
constexpr OpVersion kVersions[] = {{.since_version = 9, .types = kTypes9, .attributes = {}}, {.since_version = 16, .types = kTypes16, .attributes = {}}};
constexpr Param kInputs[] = {{"condition", "B"}, {"X", "T"}, {"Y", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kWhereSchema{
    .name = "Where", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_where, .chain_stage = where_chain_stage};

}  // namespace ow
