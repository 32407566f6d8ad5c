// Where, versions 9 and 16 (16 adds bfloat16): X where the bool condition is true, else Y, the three
// broadcast together as NumPy does. The selection moves elements by their size (kernels/strided.h).
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

constexpr TypeConstraint kTypes9[] = {{"B", kBoolType}, {"T", kAnyTypesNoBf16}};
constexpr TypeConstraint kTypes16[] = {{"B", kBoolType}, {"T", kAnyTypes}};
constexpr OpVersion kVersions[] = {{.since_version = 9, .types = kTypes9, .attributes = {}}, {.since_version = 16, .types = kTypes16, .attributes = {}}};
constexpr Param kInputs[] = {{"condition", "B"}, {"X", "T"}, {"Y", "T"}};
constexpr Param kOutputs[] = {{"output", "T"}};

}  // namespace

constexpr OpSchema kWhereSchema{.name = "Where", .inputs = kInputs, .outputs = kOutputs, .versions = kVersions, .make_kernel = make_where};

}  // namespace ow
