#include <algorithm>
#include <array>
#include <cstdint>

#include "ops/families.h"
#include "ops/operator.h"

namespace ow {

std::span<const OpSchema* const> all_operators() {
  static constexpr const OpSchema* ops[] = {
      &kFloorSchema, &kCeilSchema, &kRoundSchema, &kMinSchema, &kAveragePoolSchema,
      // Reshape, Flatten, Squeeze, Unsqueeze, Transpose
      &kReshapeSchema, &kFlattenSchema, &kSqueezeSchema, &kUnsqueezeSchema, &kTransposeSchema,
      // Clip, Relu, Max, Add, Sub, Mul, Div
      &kClipSchema, &kReluSchema, &kMaxSchema, &kAddSchema, &kSubSchema, &kMulSchema, &kDivSchema,
      // Equal, Less, Greater, LessOrEqual, GreaterOrEqual
      &kEqualSchema, &kLessSchema, &kGreaterSchema, &kLessOrEqualSchema, &kGreaterOrEqualSchema,
      // And, Or, Xor, Not
      &kAndSchema, &kOrSchema, &kXorSchema, &kNotSchema,
      // Pad, GlobalAveragePool, ReduceMean
      &kPadSchema, &kGlobalAveragePoolSchema, &kReduceMeanSchema,
      // ReduceSum, ReduceProd, ReduceMax, ReduceMin
      &kReduceSumSchema, &kReduceProdSchema, &kReduceMaxSchema, &kReduceMinSchema,
      // ArgMax, ArgMin, NonMaxSuppression
      &kArgMaxSchema, &kArgMinSchema, &kNonMaxSuppressionSchema,
      // TopK
      &kTopKSchema,
      // constants and data movement
      &kConstantSchema, &kIdentitySchema, &kCastSchema, &kShapeSchema, &kGatherSchema, &kConcatSchema,
      &kMatMulSchema, &kGemmSchema, &kConvSchema, &kConvTransposeSchema,
      // elementwise math
      &kSigmoidSchema, &kTanhSchema, &kExpSchema, &kLogSchema, &kSqrtSchema, &kAbsSchema, &kNegSchema, &kReciprocalSchema,
      &kErfSchema, &kSignSchema, &kSinSchema, &kCosSchema, &kTanSchema, &kAsinSchema, &kAcosSchema, &kAtanSchema, &kSinhSchema,
      &kCoshSchema, &kAsinhSchema, &kAcoshSchema, &kAtanhSchema, &kSumSchema, &kMeanSchema,
      // activations
      &kHardSigmoidSchema, &kHardSwishSchema, &kLeakyReluSchema, &kPReluSchema, &kEluSchema, &kSeluSchema, &kCeluSchema,
      &kSoftplusSchema, &kSoftsignSchema, &kGeluSchema, &kMishSchema, &kThresholdedReluSchema, &kShrinkSchema,
      // Softmax, LogSoftmax, Pow
      &kSoftmaxSchema, &kLogSoftmaxSchema, &kPowSchema,
      // MaxPool, GlobalMaxPool, Resize
      &kMaxPoolSchema, &kGlobalMaxPoolSchema, &kLpPoolSchema, &kGlobalLpPoolSchema, &kResizeSchema, &kUpsampleSchema,
      // recurrent
      &kLstmSchema, &kGruSchema, &kRnnSchema,
      // slicing and selection
      &kSliceSchema, &kExpandSchema, &kTileSchema, &kWhereSchema, &kConstantOfShapeSchema, &kRangeSchema, &kSizeSchema,
      &kNonZeroSchema, &kGatherElementsSchema, &kGatherNDSchema, &kSplitSchema, &kScatterNDSchema,
      // control flow
      &kIfSchema,
      // normalizations
      &kBatchNormalizationSchema, &kLayerNormalizationSchema, &kInstanceNormalizationSchema, &kGroupNormalizationSchema, &kLpNormalizationSchema,
      &kLrnSchema, &kMeanVarianceNormalizationSchema,
      // layout, and Dropout in inference
      &kDepthToSpaceSchema, &kSpaceToDepthSchema, &kDropoutSchema,
      // integer arithmetic and bits, floating-point classes
      &kModSchema, &kBitShiftSchema, &kBitwiseAndSchema, &kBitwiseOrSchema, &kBitwiseXorSchema, &kBitwiseNotSchema,
      &kIsNaNSchema, &kIsInfSchema, &kCastLikeSchema, &kEyeLikeSchema, &kTriluSchema, &kOneHotSchema};
  return ops;
}

namespace {

// Operators by name: open addressing over slots in static memory (so that the first lookup leaves the
// heap as it was), at most half full while the table holds at most kOperatorSlots / 2 operators (ONNX
// defines about 200; tests/native/prepared_op_test.cpp checks the table's size).
constexpr size_t kOperatorSlots = 1024;

size_t first_operator_slot(std::string_view name) {
  uint32_t hash = 2166136261u;  // FNV-1a
  for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
  return hash & (kOperatorSlots - 1);
}

}  // namespace

int newest_opset() {
  static const int newest = [] {
    int v = 0;
    for (const OpSchema* op : all_operators()) v = std::max(v, op->versions.back().since_version);
    return v;
  }();
  return newest;
}

const OpSchema* find_operator(std::string_view name) {
  const std::span<const OpSchema* const> all = all_operators();
  static const std::array<uint16_t, kOperatorSlots> slots = [all] {  // position in `all` + 1; 0: empty
    std::array<uint16_t, kOperatorSlots> filled{};
    for (size_t i = 0; i < all.size(); ++i) {
      size_t k = first_operator_slot(all[i]->name);
      while (filled[k] != 0) k = (k + 1) & (kOperatorSlots - 1);
      filled[k] = static_cast<uint16_t>(i + 1);
    }
    return filled;
  }();
  for (size_t k = first_operator_slot(name); slots[k] != 0; k = (k + 1) & (kOperatorSlots - 1))
    if (all[slots[k] - 1]->name == name) return all[slots[k] - 1];
  return nullptr;
}

namespace {

std::string types_to_string(std::span<const DType> types) {
  std::string s;
  for (DType t : types) s += (s.empty() ? "" : ", ") + std::string(dtype_name(t));
  return s;
}

bool defines(const OpVersion& v, std::string_view attr) {
  return std::any_of(v.attributes.begin(), v.attributes.end(), [attr](const AttributeSpec& a) { return a.name == attr; });
}

// " (defined by version 1)": the first version that defines `attr`, for refusing it in another; ""
// when no version does.
std::string attribute_history(const OpSchema& schema, std::string_view attr) {
  for (const OpVersion& v : schema.versions)
    if (defines(v, attr)) return " (defined by version " + std::to_string(v.since_version) + ")";
  return "";
}

}  // namespace

std::string PreparedOp::label() const {
  return std::string(schema_->name) + "-" + std::to_string(version_->since_version);
}

PreparedOp PreparedOp::with_kernel(std::unique_ptr<Kernel> kernel) const {
  PreparedOp op = *this;
  op.kernel_ = std::move(kernel);
  return op;
}

Result<PreparedOp> PreparedOp::create(std::string_view op_type, int64_t opset, const Attributes& attrs, size_t output_count) {
  const OpSchema* schema = find_operator(op_type);
  if (!schema) return Unsupported("unsupported operator '" + std::string(op_type) + "' (domain ai.onnx)");
  const OpVersion* version = nullptr;
  for (const OpVersion& v : schema->versions)
    if (v.since_version <= opset) version = &v;
  if (!version)
    return Unsupported(std::string(schema->name) + ": opset " + std::to_string(opset) + " is older than its first version " +
                       std::to_string(schema->versions.front().since_version));

  PreparedOp op;
  op.schema_ = schema;
  op.version_ = version;
  for (const auto& [name, value] : attrs.items()) {
    if (!defines(*version, name))
      return InvalidArgument(op.label() + ": attribute '" + name + "' is not defined by this version" +
                             attribute_history(*schema, name));
  }
  auto kernel = schema->make_kernel(version->since_version, attrs);
  if (!kernel.ok()) return kernel.status().with_context(op.label() + ": ");
  kernel.value()->set_output_count(output_count);
  op.kernel_ = std::shared_ptr<Kernel>(kernel.take());
  const std::span<const Param> params = op.inputs();
  op.least_inputs_ = min_input_count(params);
  op.most_inputs_ = max_input_count(params);
  op.param_checks_.reserve(params.size());
  for (size_t p = 0; p < params.size(); ++p) {
    size_t first = 0;
    while (params[first].type != params[p].type) ++first;
    op.param_checks_.push_back({constraint_types(*version, params[p].type), first});
  }
  return op;
}

size_t min_input_count(std::span<const Param> params) {
  size_t n = params.size();
  while (n > 0 && params[n - 1].arity == Param::Arity::kOptional) --n;
  return n;
}

size_t max_input_count(std::span<const Param> params) {
  return !params.empty() && params.back().arity == Param::Arity::kVariadic ? kVariadic : params.size();
}

std::span<const DType> constraint_types(const OpVersion& version, std::string_view constraint) {
  for (const TypeConstraint& c : version.types)
    if (c.name == constraint) return c.types;
  return {};
}

std::span<const DType> variant_types(const OpSchema& schema, const OpVersion& version) {
  const std::span<const Param> inputs = schema.inputs_of(version);
  const std::span<const Param> outputs = schema.outputs_of(version);
  std::span<const DType> types = constraint_types(version, (inputs.empty() ? outputs : inputs).front().type);
  for (std::span<const Param> params : {inputs, outputs}) {
    for (const Param& p : params) {
      if (types.size() > 1) return types;
      if (p.arity != Param::Arity::kVariadic) {
        const std::span<const DType> own = constraint_types(version, p.type);
        if (own.size() > 1) types = own;
      }
    }
  }
  return types;
}

Status PreparedOp::check_input_count(size_t n) const {
  const size_t least = least_inputs_, most = most_inputs_;
  if (n >= least && n <= most) return Status::Ok();
  std::string want = most == kVariadic ? "at least " + std::to_string(least)
                     : least == most   ? std::to_string(least)
                                       : std::to_string(least) + " to " + std::to_string(most);
  const bool one = want == "1" || want == "at least 1";
  return InvalidArgument(label() + ": expects " + want + " input" + (one ? "" : "s") + ", got " + std::to_string(n));
}

Status PreparedOp::run(const Inputs& inputs, Outputs& outputs) const {
  outputs.clear();
  return run_into(inputs, outputs);
}

Status PreparedOp::run_into(const Inputs& inputs, Outputs& outputs) const {
  OW_RETURN_IF_ERROR(check_inputs(inputs));
  Status status = kernel_->compute(inputs, outputs);
  if (!status.ok()) return status.with_context(label() + ": ");  // the label only when needed: runs are hot
  return status;
}

Status PreparedOp::prepare_constants(const Inputs& constants) {
  Status status = kernel_->prepare_constants(constants);
  if (!status.ok()) return status.with_context(label() + ": ");
  return status;
}

Status Kernel::reshaped_dims(const Inputs&, Dims&) const { return Unsupported("this operator computes its outputs"); }

Status PreparedOp::view_shape(const Inputs& inputs, Dims& dims) const {
  OW_RETURN_IF_ERROR(check_inputs(inputs));
  Status status = kernel_->reshaped_dims(inputs, dims);
  if (!status.ok()) return status.with_context(label() + ": ");
  return status;
}

Result<bool> Kernel::contiguous_parts(const Inputs&, std::vector<Part>&) const { return Unsupported("this operator computes its outputs"); }

Result<bool> PreparedOp::contiguous_parts(const Inputs& inputs, std::vector<Part>& parts) const {
  OW_RETURN_IF_ERROR(check_inputs(inputs));
  Result<bool> contiguous = kernel_->contiguous_parts(inputs, parts);
  if (!contiguous.ok()) return contiguous.status().with_context(label() + ": ");
  return contiguous;
}

Status PreparedOp::check_inputs(const Inputs& inputs) const {
  const size_t n = inputs.size();
  OW_RETURN_IF_ERROR(check_input_count(n));
  const std::span<const Param> params = this->inputs();
  for (size_t i = 0; i < n; ++i) {
    const size_t p = std::min(i, params.size() - 1);  // a variadic param repeats
    const Param& param = params[p];
    // "input 1 ('shape')": the param's name where the operator has more than one.
    const auto input = [&] { return "input " + std::to_string(i) + (params.size() > 1 ? " ('" + std::string(param.name) + "')" : ""); };
    if (inputs[i] == nullptr) {
      if (param.arity == Param::Arity::kOptional) continue;
      return InvalidArgument(label() + ": " + input() + " is required but was omitted");
    }
    const DType t = inputs[i]->dtype();
    const std::span<const DType> types = param_checks_[p].types;
    if (std::find(types.begin(), types.end(), t) == types.end())
      return InvalidArgument(label() + ": " + input() + " has type " + dtype_name(t) + ", which this version does not accept (it accepts " + types_to_string(types) +
                             ")");
    // Inputs of one type constraint share one type: the first such input's (none comes before the
    // constraint's first param).
    const size_t first = param_checks_[p].first;
    for (size_t j = first; j < i; ++j) {
      if (inputs[j] == nullptr || param_checks_[std::min(j, params.size() - 1)].first != first) continue;
      if (inputs[j]->dtype() != t)
        return InvalidArgument(label() + ": " + input() + " has type " + dtype_name(t) + " but input " + std::to_string(j) +
                               " has type " + dtype_name(inputs[j]->dtype()) + "; " +
                               (version_->types.size() == 1 ? std::string("all inputs")
                                                            : "the inputs of type " + std::string(param.type)) +
                               " must share one type");
      break;
    }
  }
  return Status::Ok();
}

namespace {

// The given output `y` is not of `type` and `dims`.
Status given_output_differs(const Tensor& y, DType type, const Dims& dims) {
  return InvalidArgument(std::string("options.out is ") + dtype_name(y.dtype()) + ' ' + dims_to_string(y.dims()) +
                         " but the output is " + dtype_name(type) + ' ' + dims_to_string(dims));
}

// output_tensor() for `dims` a const Dims& or a Dims&&.
template <typename D>
Status place_output(Outputs& outputs, size_t index, DType type, D&& dims, Tensor*& y) {
  if (index >= outputs.size()) {
    OW_ASSIGN_OR_RETURN(Tensor t, Tensor::allocate(type, std::forward<D>(dims)));
    outputs.push_back(std::move(t));
    y = &outputs.back();
    return Status::Ok();
  }
  y = &outputs[index];
  if (y->dtype() == type && y->dims() == dims) return Status::Ok();
  return given_output_differs(*y, type, dims);
}

}  // namespace

Status output_tensor(Outputs& outputs, size_t index, DType type, const Dims& dims, Tensor*& y) {
  return place_output(outputs, index, type, dims, y);
}

Status output_tensor(Outputs& outputs, size_t index, DType type, Dims&& dims, Tensor*& y) {
  return place_output(outputs, index, type, std::move(dims), y);
}

}  // namespace ow
