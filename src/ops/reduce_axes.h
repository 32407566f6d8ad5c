// What the reductions over axes share (ReduceMean, ReduceSum, ReduceProd, ReduceMax, ReduceMin): the
// axes a node names (an attribute, or from a version on an optional input with noop_with_empty_axes),
// the output's shape as a plan of the input's groups, which kernels::fold_groups (kernels/reduce.h)
// folds into one accumulator per output element, for every operation and element type.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <vector>

#include "core/attributes.h"
#include "core/status.h"
#include "core/tensor.h"
#include "kernels/reduce.h"
#include "ops/operator.h"
#include "ops/type_lists.h"

namespace ow {

// The schemas' parts: the types of ReduceMean-1 and of most reductions from version 1, with bfloat16
// (version 13 on); the params and attributes of versions that take the axes as an attribute, and of
// those that take them as an input.
inline constexpr std::array<DType, 7> kReduceTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16, DType::kInt32,
                                                      DType::kInt64,   DType::kUint32,  DType::kUint64};
inline constexpr auto kReduceTypes13 = with(kReduceTypes, DType::kBFloat16);
inline constexpr Param kReduceInputs[] = {{"data", "T"}};
inline constexpr Param kReduceInputsAxesInput[] = {{"data", "T"}, {"axes", "tensor(int64)", Param::Arity::kOptional}};
inline constexpr Param kReduceOutputs[] = {{"reduced", "T"}};
inline constexpr AttributeSpec kReduceAttributes[] = {{"axes", AttrKind::kInts, "all"}, {"keepdims", AttrKind::kFlag, "1"}};
inline constexpr AttributeSpec kReduceAttributesAxesInput[] = {{"keepdims", AttrKind::kFlag, "1"}, {"noop_with_empty_axes", AttrKind::kFlag, "0"}};
template <const auto& types>
inline constexpr TypeConstraint kReduceTypesAxesInput[] = {{"T", types}, {"tensor(int64)", kInt64Type}};

// One call's reduction: the output's dims, the number of input elements folded into each output
// element, and the input's groups.
struct ReducePlan {
  Dims y_dims;
  size_t count = 1;
  std::vector<kernels::ReduceGroup> groups;
};

// A node's settings, from its attributes; `axes_input`: the version takes the axes as its second
// input (and noop_with_empty_axes) rather than as an attribute.
class ReduceAxes {
 public:
  static Result<ReduceAxes> from_attributes(const Attributes& attrs, bool axes_input);
  // The plan for inputs[0], the axes read from inputs[1] where the version takes them as an input.
  // Errors name the attribute or input.
  Result<ReducePlan> plan(const Inputs& inputs) const;

 private:
  std::vector<int64_t> axes_;  // as the attribute
  bool axes_input_ = false;
  bool keepdims_ = true;
  bool noop_with_empty_axes_ = false;
};

// Folds x into one accumulator per element of y, started as the operation's loops (`loops_of` the
// type) start them: in y's own memory, except for float16 and bfloat16, which are widened to float32
// and fold into float32 accumulators, both in `buffer` (allocated here). Sets `acc` to the accumulators.
using ReduceLoopsOf = const kernels::ReduceLoops* (*)(DType t);
Status fold_reduced(const ReducePlan& plan, ReduceLoopsOf loops_of, const Tensor& x, Tensor& y, Tensor& buffer, void*& acc);

}  // namespace ow
