// Add, Sub, Mul, Div: elementwise arithmetic of two inputs of one type (kernels/binary.h has the
// semantics: integers wrap, integer division truncates and x / 0 is 0). From version 7 the inputs
// broadcast (NumPy rules) to the output shape; versions 1 and 6 need identical shapes unless
// `broadcast` is 1, when B is broadcast to A's shape: B of one element, or B's dims equal to A's dims
// from `axis` on (by default B's shape is a suffix of A's) or 1, repeated along A's (ONNX's own
// cases test_operator_add_size1_broadcast and _singleton_broadcast expand a B of [2, 1] or [1, 3]).
// The comparisons Equal, Less, Greater, LessOrEqual and GreaterOrEqual share all of it, with a bool
// output, and so do the logical And, Or and Xor of bool inputs; Not (of one input) is here with them.
// So do Mod (from version 10, broadcasting), BitShift (11) and BitwiseAnd, BitwiseOr, BitwiseXor (18),
// of integers, with BitwiseNot.
#include <algorithm>
#include <optional>

#include "kernels/logical.h"
#include "ops/broadcast_fold.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using LoopsOf = const kernels::BinaryLoops* (*)(DType);

// From this version the inputs broadcast (NumPy rules); before, they need identical shapes unless the
// legacy `broadcast` attribute says otherwise.
constexpr int kBroadcastsFrom = 7;

class ArithmeticKernel final : public Kernel {
 public:
  // legacy: versions 1 and 6, with their `broadcast` and `axis` (kNoAxis when absent)
  ArithmeticKernel(LoopsOf loops, bool commutative, bool compares, bool legacy, bool legacy_broadcast, int64_t axis)
      : loops_(loops),
        commutative_(commutative),
        compares_(compares),
        legacy_(legacy),
        legacy_broadcast_(legacy_broadcast),
        axis_(axis) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& a = *inputs[0];
    const kernels::BinaryLoops* loops = loops_(a.dtype());
    // Only Mod's integer remainder lacks types its version allows (the floating-point ones).
    if (!loops) return InvalidArgument(std::string("input 0 ('A') has type ") + dtype_name(a.dtype()) + ", whose remainder needs attribute 'fmod' = 1");
    Tensor b_view;
    Inputs operands = inputs;
    Dims dims;
    if (legacy_) {
      OW_ASSIGN_OR_RETURN(b_view, legacy_operand_b(a, *inputs[1], legacy_broadcast_, axis_));
      operands[1] = &b_view;
      dims = a.dims();
    } else {
      OW_ASSIGN_OR_RETURN(dims, broadcast_dims(inputs));
    }
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, compares_ ? DType::kBool : a.dtype(), std::move(dims), y));
    broadcast_fold(operands, *y, *loops, commutative_);
    return Status::Ok();
  }

 private:
  LoopsOf loops_;
  bool commutative_, compares_, legacy_, legacy_broadcast_;
  int64_t axis_;
};

// compares: a bool output, of a comparison (never commutative: the fold may not swap its inputs where
// they differ in size from the output) or of And, Or, Xor (bool inputs, commutative).
template <LoopsOf loops, bool commutative, bool compares = false>
Result<std::unique_ptr<Kernel>> make_arithmetic(int version, const Attributes& attrs) {
  const bool legacy = version < kBroadcastsFrom;
  OW_ASSIGN_OR_RETURN(int64_t broadcast, attrs.get_int("broadcast", 0));
  OW_ASSIGN_OR_RETURN(int64_t axis, attrs.get_int("axis", kNoAxis));
  if (broadcast != 0 && broadcast != 1)
    return InvalidArgument("attribute 'broadcast' must be 0 or 1, not " + std::to_string(broadcast));
  return std::unique_ptr<Kernel>(new ArithmeticKernel(loops, commutative, compares, legacy, broadcast == 1, axis));
}

// The constant a node of two inputs takes with the chain's value, if it has one.
std::optional<float> other_constant(const ChainOperands& operands) {
  return operands.count == 2 ? operands.constants[1 - operands.chained] : std::nullopt;
}

// x * c, x / c, x + c and x - c as chain stages (not c / x nor c - x); x - c is x + -c in IEEE
// arithmetic, c not NaN. Only from the version that broadcasts: an older one refuses a constant of
// another shape, which the chain would not.
enum class Arithmetic { kAdd, kSub, kMul, kDiv };

template <Arithmetic op>
std::optional<ChainStage> arithmetic_chain_stage(const OpVersion& version, const Attributes& /*attrs*/, const ChainOperands& operands) {
  const std::optional<float> c = other_constant(operands);
  constexpr bool commutative = op == Arithmetic::kAdd || op == Arithmetic::kMul;
  if (version.since_version < kBroadcastsFrom || !c || (!commutative && operands.chained != 0)) return std::nullopt;
  if constexpr (op == Arithmetic::kMul || op == Arithmetic::kDiv) return ChainScale{*c, op == Arithmetic::kDiv};
  else return ChainOffset{op == Arithmetic::kSub ? -*c : *c};
}

// The comparisons as chain stages (c < x is x > c), where the version broadcasts and compares float32
// (Equal from version 11).
template <kernels::Comparison comparison>
std::optional<ChainStage> comparison_chain_stage(const OpVersion& version, const Attributes& /*attrs*/, const ChainOperands& operands) {
  using kernels::Comparison;
  const std::optional<float> c = other_constant(operands);
  const std::span<const DType> types = constraint_types(version, "T");
  if (version.since_version < kBroadcastsFrom || !c || std::find(types.begin(), types.end(), DType::kFloat32) == types.end())
    return std::nullopt;
  Comparison x_to_c = comparison;
  if (operands.chained == 1) {
    switch (comparison) {
      case Comparison::kEqual: break;
      case Comparison::kLess: x_to_c = Comparison::kGreater; break;
      case Comparison::kGreater: x_to_c = Comparison::kLess; break;
      case Comparison::kLessOrEqual: x_to_c = Comparison::kGreaterOrEqual; break;
      case Comparison::kGreaterOrEqual: x_to_c = Comparison::kLessOrEqual; break;
    }
  }
  return ChainCompare{x_to_c, *c};
}

// 1 has the legacy broadcast and consumed_inputs, 6 adds 32- and 64-bit integers, 7 broadcasts, 13 adds
// bfloat16, 14 the 8- and 16-bit integers.
constexpr auto kTypes6 = with(kFloatTypes, DType::kInt32, DType::kInt64, DType::kUint32, DType::kUint64);
constexpr auto kTypes13 = with(kTypes6, DType::kBFloat16);
// Versions 1 and 6's legacy broadcast (without `axis`, B's shape is a suffix of A's).
constexpr std::array<AttributeSpec, 2> kAttributes6 = {{{"axis", AttrKind::kInt}, {"broadcast", AttrKind::kFlag, "0"}}};
constexpr auto kAttributes1 = with(kAttributes6, kConsumedInputs[0]);
constexpr OpVersion kArithmeticVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
                                             {.since_version = 6, .types = type_t<kTypes6>, .attributes = kAttributes6},
                                             {.since_version = 7, .types = type_t<kTypes6>, .attributes = {}},
                                             {.since_version = 13, .types = type_t<kTypes13>, .attributes = {}},
                                             {.since_version = 14, .types = type_t<kAllTypes>, .attributes = {}}};
constexpr Param kInputs[] = {{"A", "T"}, {"B", "T"}};
constexpr Param kOutputs[] = {{"C", "T"}};

constexpr OpSchema arithmetic_schema(std::string_view name, KernelFactory make_kernel, ChainStageOf chain_stage) {
  return {.name = name,
          .inputs = kInputs,
          .outputs = kOutputs,
          .versions = kArithmeticVersions,
          .make_kernel = make_kernel,
          .elementwise = true,
          .chain_stage = chain_stage};
}

// Equal 1 and 7 of bool, int32 and int64, 11 of every type but bfloat16 (which 13 adds); 19 adds string.
// Less and Greater 1 and 7 of the float types, 9 of the numeric types, 13 adds bfloat16; LessOrEqual
// and GreaterOrEqual 12 of the numeric types, 16 adds bfloat16. Versions 1 have the legacy broadcast.
constexpr std::array<DType, 3> kEqualTypes1 = {DType::kBool, DType::kInt32, DType::kInt64};
constexpr auto& kCompareAttributes1 = kAttributes6;
constexpr TypeConstraint kBoolOutput = {"T1", kBoolType};
constexpr TypeConstraint kEqualConstraints1[] = {{"T", kEqualTypes1}, kBoolOutput};
constexpr TypeConstraint kEqualConstraints11[] = {{"T", kAnyTypesNoBf16}, kBoolOutput};
constexpr TypeConstraint kEqualConstraints13[] = {{"T", kAnyTypes}, kBoolOutput};
constexpr TypeConstraint kFloatConstraints[] = {{"T", kFloatTypes}, kBoolOutput};
constexpr TypeConstraint kNumericConstraints[] = {{"T", kNumericTypes}, kBoolOutput};
constexpr TypeConstraint kAllConstraints[] = {{"T", kAllTypes}, kBoolOutput};
constexpr OpVersion kEqualVersions[] = {{.since_version = 1, .types = kEqualConstraints1, .attributes = kCompareAttributes1},
                                        {.since_version = 7, .types = kEqualConstraints1, .attributes = {}},
                                        {.since_version = 11, .types = kEqualConstraints11, .attributes = {}},
                                        {.since_version = 13, .types = kEqualConstraints13, .attributes = {}},
                                        {.since_version = 19, .types = kEqualConstraints13, .attributes = {}}};
constexpr OpVersion kOrderVersions[] = {{.since_version = 1, .types = kFloatConstraints, .attributes = kCompareAttributes1},
                                        {.since_version = 7, .types = kFloatConstraints, .attributes = {}},
                                        {.since_version = 9, .types = kNumericConstraints, .attributes = {}},
                                        {.since_version = 13, .types = kAllConstraints, .attributes = {}}};
constexpr OpVersion kOrderOrEqualVersions[] = {{.since_version = 12, .types = kNumericConstraints, .attributes = {}},
                                               {.since_version = 16, .types = kAllConstraints, .attributes = {}}};
constexpr Param kCompareOutputs[] = {{"C", "T1"}};

constexpr OpSchema compare_schema(std::string_view name, std::span<const OpVersion> versions, KernelFactory make_kernel,
                                  ChainStageOf chain_stage = nullptr) {
  return {.name = name, .inputs = kInputs, .outputs = kCompareOutputs, .versions = versions, .make_kernel = make_kernel, .chain_stage = chain_stage};
}

// And, Or, Xor 1 and 7 of bool, 1 with the legacy broadcast.
constexpr TypeConstraint kLogicalConstraints[] = {{"T", kBoolType}, kBoolOutput};
constexpr OpVersion kLogicalVersions[] = {{.since_version = 1, .types = kLogicalConstraints, .attributes = kCompareAttributes1},
                                          {.since_version = 7, .types = kLogicalConstraints, .attributes = {}}};

// Not: !x of bool, of x's shape.
class NotKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, DType::kBool, x.dims(), y));
    kernels::logical_not(x.data<Bool>(), y->data<Bool>(), x.size());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_not(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new NotKernel);
}

constexpr OpVersion kNotVersions[] = {{.since_version = 1, .types = type_t<kBoolType>, .attributes = {}}};

// Mod: fmod 0 the integers' remainder with the divisor's sign, 1 C's fmod (the dividend's sign), which
// the floating-point types need.
Result<std::unique_ptr<Kernel>> make_mod(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(const int64_t fmod, attrs.get_int("fmod", 0));
  if (fmod != 0 && fmod != 1) return InvalidArgument("attribute 'fmod' must be 0 or 1, not " + std::to_string(fmod));
  return std::unique_ptr<Kernel>(new ArithmeticKernel(fmod == 1 ? kernels::fmod_loops : kernels::floor_mod_loops, false, false, false, false, kNoAxis));
}

// BitShift: direction "LEFT" or "RIGHT", required.
constexpr std::string_view kDirections[] = {"LEFT", "RIGHT"};
Result<std::unique_ptr<Kernel>> make_bit_shift(int /*version*/, const Attributes& attrs) {
  if (!attrs.find("direction")) return InvalidArgument("attribute 'direction' is required");
  OW_ASSIGN_OR_RETURN(const std::string direction, attrs.get_string("direction", ""));
  if (direction != "LEFT" && direction != "RIGHT")
    return InvalidArgument("attribute 'direction' is '" + direction + "'; it must be 'LEFT' or 'RIGHT'");
  return std::unique_ptr<Kernel>(
      new ArithmeticKernel(direction == "LEFT" ? kernels::shift_left_loops : kernels::shift_right_loops, false, false, false, false, kNoAxis));
}

template <LoopsOf loops>
Result<std::unique_ptr<Kernel>> make_bitwise(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new ArithmeticKernel(loops, true, false, false, false, kNoAxis));
}

// BitwiseNot: ~x, of x's type and shape.
class BitwiseNotKernel final : public Kernel {
 public:
  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor& x = *inputs[0];
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), x.dims(), y));
    kernels::bitwise_not(x.dtype(), x.raw_data(), y->raw_data(), x.size());
    return Status::Ok();
  }
};

Result<std::unique_ptr<Kernel>> make_bitwise_not(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new BitwiseNotKernel);
}

// Mod 10 of the numeric types, 13 adds bfloat16.
constexpr std::array<AttributeSpec, 1> kModAttributes = {{{"fmod", AttrKind::kFlag, "0"}}};
constexpr OpVersion kModVersions[] = {{.since_version = 10, .types = type_t<kNumericTypes>, .attributes = kModAttributes},
                                      {.since_version = 13, .types = type_t<kAllTypes>, .attributes = kModAttributes}};
constexpr std::array<DType, 4> kUnsignedTypes = {DType::kUint8, DType::kUint16, DType::kUint32, DType::kUint64};
constexpr std::array<AttributeSpec, 1> kBitShiftAttributes = {{{"direction", AttrKind::kString, {}, kDirections, true}}};
constexpr OpVersion kBitShiftVersions[] = {{.since_version = 11, .types = type_t<kUnsignedTypes>, .attributes = kBitShiftAttributes}};
constexpr Param kBitShiftInputs[] = {{"X", "T"}, {"Y", "T"}};
constexpr Param kBitShiftOutputs[] = {{"Z", "T"}};
constexpr OpVersion kBitwiseVersions[] = {{.since_version = 18, .types = type_t<kIntegerTypes>, .attributes = {}}};

constexpr OpSchema integer_schema(std::string_view name, std::span<const OpVersion> versions, KernelFactory make_kernel) {
  return {.name = name, .inputs = kInputs, .outputs = kOutputs, .versions = versions, .make_kernel = make_kernel, .elementwise = true};
}

}  // namespace

using kernels::Comparison;
constexpr OpSchema kAddSchema =
    arithmetic_schema("Add", make_arithmetic<kernels::add_loops, true>, arithmetic_chain_stage<Arithmetic::kAdd>);
constexpr OpSchema kSubSchema =
    arithmetic_schema("Sub", make_arithmetic<kernels::sub_loops, false>, arithmetic_chain_stage<Arithmetic::kSub>);
constexpr OpSchema kMulSchema =
    arithmetic_schema("Mul", make_arithmetic<kernels::mul_loops, true>, arithmetic_chain_stage<Arithmetic::kMul>);
constexpr OpSchema kDivSchema =
    arithmetic_schema("Div", make_arithmetic<kernels::div_loops, false>, arithmetic_chain_stage<Arithmetic::kDiv>);
constexpr OpSchema kEqualSchema = compare_schema("Equal", kEqualVersions, make_arithmetic<kernels::equal_loops, false, true>,
                                                 comparison_chain_stage<Comparison::kEqual>);
constexpr OpSchema kLessSchema = compare_schema("Less", kOrderVersions, make_arithmetic<kernels::less_loops, false, true>,
                                                comparison_chain_stage<Comparison::kLess>);
constexpr OpSchema kGreaterSchema = compare_schema("Greater", kOrderVersions, make_arithmetic<kernels::greater_loops, false, true>,
                                                   comparison_chain_stage<Comparison::kGreater>);
constexpr OpSchema kLessOrEqualSchema =
    compare_schema("LessOrEqual", kOrderOrEqualVersions, make_arithmetic<kernels::less_or_equal_loops, false, true>,
                   comparison_chain_stage<Comparison::kLessOrEqual>);
constexpr OpSchema kGreaterOrEqualSchema =
    compare_schema("GreaterOrEqual", kOrderOrEqualVersions, make_arithmetic<kernels::greater_or_equal_loops, false, true>,
                   comparison_chain_stage<Comparison::kGreaterOrEqual>);
constexpr OpSchema kAndSchema = compare_schema("And", kLogicalVersions, make_arithmetic<kernels::and_loops, true, true>);
constexpr OpSchema kOrSchema = compare_schema("Or", kLogicalVersions, make_arithmetic<kernels::or_loops, true, true>);
constexpr OpSchema kXorSchema = compare_schema("Xor", kLogicalVersions, make_arithmetic<kernels::xor_loops, true, true>);
constexpr OpSchema kNotSchema{.name = "Not",
                              .inputs = kUnaryInputs,
                              .outputs = kUnaryOutputs,
                              .versions = kNotVersions,
                              .make_kernel = make_not,
                              .elementwise = true};

constexpr OpSchema kModSchema = integer_schema("Mod", kModVersions, make_mod);
constexpr OpSchema kBitShiftSchema{.name = "BitShift",
                                   .inputs = kBitShiftInputs,
                                   .outputs = kBitShiftOutputs,
                                   .versions = kBitShiftVersions,
                                   .make_kernel = make_bit_shift,
                                   .elementwise = true};
constexpr OpSchema kBitwiseAndSchema = integer_schema("BitwiseAnd", kBitwiseVersions, make_bitwise<kernels::bitwise_and_loops>);
constexpr OpSchema kBitwiseOrSchema = integer_schema("BitwiseOr", kBitwiseVersions, make_bitwise<kernels::bitwise_or_loops>);
constexpr OpSchema kBitwiseXorSchema = integer_schema("BitwiseXor", kBitwiseVersions, make_bitwise<kernels::bitwise_xor_loops>);
constexpr OpSchema kBitwiseNotSchema{.name = "BitwiseNot",
                                     .inputs = kUnaryInputs,
                                     .outputs = kUnaryOutputs,
                                     .versions = kBitwiseVersions,
                                     .make_kernel = make_bitwise_not,
                                     .elementwise = true};

}  // namespace ow
