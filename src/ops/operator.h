// How operators are described and run. Each operator family (ops/<family>.cpp) provides an
// OpSchema: its versions, each stating only what changed (types, attributes), and a factory that
// turns checked attributes into a Kernel. Kernels are prepared once per node and run many times.
// Schemas are constant data (spans over constexpr arrays): the compiler lays the table out, nothing
// builds it at startup.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/attributes.h"
#include "core/dtype.h"
#include "core/status.h"
#include "core/tensor.h"
#include "ops/chain_stage.h"

namespace ow {

using Inputs = std::vector<const Tensor*>;
using Outputs = std::vector<Tensor>;

// Sets `y` to output `index` of a kernel, of `type` and `dims`: the tensor the caller placed at
// outputs[index] to compute into (ops.* options.out), once its type and shape are checked; else a new
// tensor appended to outputs. `y` is valid until outputs grows. Dims a kernel keeps (its input's) are
// copied only for a new tensor; others are moved into it.
Status output_tensor(Outputs& outputs, size_t index, DType type, const Dims& dims, Tensor*& y);
Status output_tensor(Outputs& outputs, size_t index, DType type, Dims&& dims, Tensor*& y);

// One output of an operator that selects parts of its first input (Kernel::selects_parts): where it
// starts in that input, in elements, and its shape.
struct Part {
  size_t offset = 0;
  Dims dims;
};

// A node with its attributes parsed and checked; compute() may be called many times.
class Kernel {
 public:
  virtual ~Kernel() = default;
  // Inputs have already been checked for count and element type; an omitted optional input is null.
  virtual Status compute(const Inputs& inputs, Outputs& outputs) const = 0;
  // Kernels whose output is their first input's elements unchanged, in a shape computed from the
  // inputs (Identity, Reshape, Flatten, Squeeze, Unsqueeze), say so and give that shape, so that a
  // graph can make the output a view of the input instead of a copy (onnx/graph_optimizer.h). The
  // shape is written into `dims` (its memory reused: a graph's view steps allocate nothing), which is
  // never one of the inputs' dims.
  virtual bool reshapes() const { return false; }
  // Called once, before the kernel runs, with how many outputs its node wants (up to the last it names;
  // ops.* wants the first): an operator whose optional outputs cost work (MaxPool's Indices) computes
  // only those. The others compute every output, and the caller ignores those it does not want.
  virtual void set_output_count(size_t count) { (void)count; }
  virtual Status reshaped_dims(const Inputs& inputs, Dims& dims) const;
  // Called by a session once, before it runs, with the node's inputs whose values are fixed at its
  // creation (initializers no feed replaces, folded values), the others null: a kernel may prepare
  // them for compute(), as the layout its loops read (constant weights packed for the GEMM core). It
  // keeps what it prepares, and uses it only when compute() is given the tensor it was prepared from;
  // any other input (ops.*, which never prepares) takes the ordinary path. Unusable constants (a shape
  // compute() will refuse) are left for compute() to report: errors are only for memory.
  virtual Status prepare_constants(const Inputs& constants) {
    (void)constants;
    return Status::Ok();
  }
  // Kernels whose every output is a part of their first input (Slice, Split) say so and, for the inputs
  // at hand, write each output's Part into `parts` (its memory reused) when each is one contiguous
  // range of the input's elements, in order; false when one is not (the outputs are then computed). So
  // a graph can make the outputs views of the input rather than copies (onnx/graph_optimizer.h). The
  // errors are compute()'s.
  virtual bool selects_parts() const { return false; }
  virtual Result<bool> contiguous_parts(const Inputs& inputs, std::vector<Part>& parts) const;
};

// One formal input or output of an operator version, as ONNX's operator schema names it.
struct Param {
  enum class Arity : uint8_t { kOne, kOptional, kVariadic };  // kVariadic: the last param, one or more
  std::string_view name;  // "X", "shape", "min"
  std::string_view type;  // its type constraint, a TypeConstraint's name in the version: "T", "Tind"
  Arity arity = Arity::kOne;
};

// The element types a type constraint allows, among those this runtime has (core/dtype.h); a type ONNX
// allows that the runtime lacks (string, float8, ...) is refused where tensors enter it.
struct TypeConstraint {
  std::string_view name;
  std::span<const DType> types;
};

// What an attribute holds, as supportedOperators() and the declarations generated from the table
// (scripts/build-js.mjs) present it: kFlag an int of 0 or 1, kDataType a TensorProto.DataType (Cast's
// `to`), kSparseTensor one the runtime refuses, kGraph a subgraph (only a session's node has one).
enum class AttrKind : uint8_t { kInt, kFlag, kFloat, kString, kInts, kFloats, kStrings, kTensor, kSparseTensor, kDataType, kGraph };

// One attribute a version defines, described for JS: the kernel factory reads and checks it; this says
// its kind, its default (as text: a number, a string attribute's value, or words; empty where its
// absence means something of its own), the values a string attribute takes, and whether the version
// requires it.
struct AttributeSpec {
  std::string_view name;
  AttrKind kind;
  std::string_view fallback = {};
  std::span<const std::string_view> choices = {};
  bool required = false;
};

// One version of an operator, stating only what it defines: its type constraints, its attributes and,
// where they differ from the schema's, its inputs and outputs.
struct OpVersion {
  int since_version = 0;
  std::span<const TypeConstraint> types;
  std::span<const AttributeSpec> attributes;
  std::span<const Param> inputs = {};   // empty: the schema's
  std::span<const Param> outputs = {};  // empty: the schema's
};

using KernelFactory = Result<std::unique_ptr<Kernel>> (*)(int version, const Attributes& attrs);

struct OpSchema {
  std::string_view name;
  std::span<const Param> inputs;   // of every version that states none
  std::span<const Param> outputs;  // likewise
  std::span<const OpVersion> versions;  // ascending since_version
  KernelFactory make_kernel;
  // Each output element depends only on the input elements at its position (after broadcasting), and
  // the kernel reads each before writing it: an output given to compute into may be an input laid out
  // like it, and a call may be split into blocks of rows (js/calls.mjs).
  bool elementwise = false;
  // Each (batch, channel) plane of the output depends only on that plane of the input (pooling): a
  // call may be split into blocks of planes, each computed as a batch of one-channel images (js/calls.mjs).
  bool independent_planes = false;
  // The operator runs subgraphs its attributes hold (If): a session runs it (onnx/executor.cpp), ops.*
  // has no function for it.
  bool session_only = false;
  // Its outputs depend on its inputs' types and shapes alone, never on their elements (Shape, Size): a
  // graph may compute them from declared shapes before any element is known.
  bool reads_only_shapes = false;
  // What a node computes as a stage of a fused elementwise chain (ops/chain_stage.h); null for an
  // operator that is never one.
  ChainStageOf chain_stage = nullptr;

  std::span<const Param> inputs_of(const OpVersion& v) const { return v.inputs.empty() ? inputs : v.inputs; }
  std::span<const Param> outputs_of(const OpVersion& v) const { return v.outputs.empty() ? outputs : v.outputs; }
};

// The input counts a list of params accepts: optional params may be left off the end (or passed as
// null in the middle), a variadic one takes one or more.
size_t min_input_count(std::span<const Param> params);
size_t max_input_count(std::span<const Param> params);  // kVariadic for "any number"
// The types `constraint` allows in `version`; empty if it names none.
std::span<const DType> constraint_types(const OpVersion& version, std::string_view constraint);
// The types a version's variants are counted by (supportedOperators(), the README's table): its first
// input's; where that allows one type only, the first single (not variadic) param's allowing more
// (Where's X over its bool condition, ConstantOfShape's output over its int64 shape); with no inputs,
// its output's (Constant).
std::span<const DType> variant_types(const OpSchema& schema, const OpVersion& version);

constexpr size_t kVariadic = static_cast<size_t>(-1);

// An operator resolved for an opset, with a prepared kernel: one ONNX node, or one ops.* call.
class PreparedOp {
 public:
  // Resolves the version (largest since_version <= opset) and checks the attributes. Errors name the
  // operator; `op_type` not in the registry is kUnsupported. `output_count` is how many outputs the
  // caller wants (Kernel::set_output_count).
  static Result<PreparedOp> create(std::string_view op_type, int64_t opset, const Attributes& attrs, size_t output_count = 1);

  // Checks input count and types (each against its param's type constraint; inputs of one constraint
  // share one type), then computes into new outputs. An omitted optional input is null.
  Status run(const Inputs& inputs, Outputs& outputs) const;
  // As run(), into the tensors the caller placed in `outputs` (memory it owns, checked by the kernel
  // with output_tensor()); outputs not placed there are appended. The caller has checked that they
  // overlap no input, or, for an elementwise operator, are inputs laid out like them.
  Status run_into(const Inputs& inputs, Outputs& outputs) const;
  // As run(), for an operator whose kernel reshapes(): writes the output's shape into `dims` (its
  // memory reused), for the caller to view the first input in that shape (Tensor::view_of) rather than
  // copy it. The shape has the first input's element count.
  Status view_shape(const Inputs& inputs, Dims& dims) const;
  bool reshapes() const { return kernel_->reshapes(); }
  // Kernel::prepare_constants, for a session's node before it runs. The kernel is this PreparedOp's
  // and its copies'.
  Status prepare_constants(const Inputs& constants);
  // As run(), for an operator whose kernel selects_parts(): its outputs as parts of the first input,
  // when each is contiguous there (Kernel::contiguous_parts), for the caller to view (Tensor::part_of).
  Result<bool> contiguous_parts(const Inputs& inputs, std::vector<Part>& parts) const;
  bool selects_parts() const { return kernel_->selects_parts(); }
  // The input count check of run(), for callers that know the count beforehand (a model's nodes).
  Status check_input_count(size_t count) const;
  // run()'s checks of the input count and types, for callers that run the operator themselves (a
  // session's If).
  Status check_inputs(const Inputs& inputs) const;
  std::span<const Param> inputs() const { return schema_->inputs_of(*version_); }
  std::span<const Param> outputs() const { return schema_->outputs_of(*version_); }

  // This operator, version and checks, computed by `kernel` instead: a fused step's, which the
  // operator's family makes (ops/conv.h). The kernel gives one output.
  PreparedOp with_kernel(std::unique_ptr<Kernel> kernel) const;

  const OpSchema& schema() const { return *schema_; }
  const OpVersion& version() const { return *version_; }
  std::string label() const;  // "AveragePool-19"

 private:

  // What check_inputs() needs of an input param, which depends on the version alone: resolved once.
  struct ParamCheck {
    std::span<const DType> types;  // the types its constraint allows
    size_t first;  // the first param of its constraint: their inputs share one type
  };

  const OpSchema* schema_ = nullptr;
  const OpVersion* version_ = nullptr;
  std::shared_ptr<Kernel> kernel_;
  std::vector<ParamCheck> param_checks_;  // per input param
  size_t least_inputs_ = 0, most_inputs_ = 0;  // min_input_count(), max_input_count() of the params
};

// Every operator this runtime implements, in a fixed order.
std::span<const OpSchema* const> all_operators();
const OpSchema* find_operator(std::string_view name);
// The newest ai.onnx opset whose versions the table has: the largest since_version of any operator.
int newest_opset();

}  // namespace ow
