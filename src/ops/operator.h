// How operators are described and run. Each operator family (ops/<family>.cpp) provides an
// OpSchema: its versions, each stating only what changed (types, attributes), and a factory that
// turns checked attributes into a Kernel. Kernels are prepared once per node and run many times.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/attributes.h"
#include "core/dtype.h"
#include "core/status.h"
#include "core/tensor.h"

namespace ow {

using Inputs = std::vector<const Tensor*>;
using Outputs = std::vector<Tensor>;

// Sets `y` to output `index` of a kernel, of `type` and `dims`: the tensor the caller placed at
// outputs[index] to compute into (ops.* options.out), once its type and shape are checked; else a new
// tensor appended to outputs. `y` is valid until outputs grows.
Status output_tensor(Outputs& outputs, size_t index, DType type, Dims dims, Tensor*& y);

// A node with its attributes parsed and checked; compute() may be called many times.
class Kernel {
 public:
  virtual ~Kernel() = default;
  // Inputs have already been checked for count and element type.
  virtual Status compute(const Inputs& inputs, Outputs& outputs) const = 0;
};

struct OpVersion {
  int since_version;
  std::vector<DType> types;              // the type constraint T shared by inputs and output
  std::vector<std::string_view> attributes;  // the attributes this version defines
};

using KernelFactory = Result<std::unique_ptr<Kernel>> (*)(int version, const Attributes& attrs);

struct OpSchema {
  std::string_view name;
  size_t min_inputs;
  size_t max_inputs;               // kVariadic for "any number"
  std::vector<OpVersion> versions;  // ascending since_version
  KernelFactory make_kernel;
  // Each output element depends only on the input elements at its position (after broadcasting), and
  // the kernel reads each before writing it: an output given to compute into may be an input laid out
  // like it, and a call may be split into blocks of rows (js/calls.mjs).
  bool elementwise = false;
  size_t outputs = 1;  // how many outputs its kernels produce; a node may name fewer
  // Each (batch, channel) plane of the output depends only on that plane of the input (pooling): a
  // call may be split into blocks of planes, each computed as a batch of one-channel images (js/calls.mjs).
  bool planes = false;
};

constexpr size_t kVariadic = static_cast<size_t>(-1);

// An operator resolved for an opset, with a prepared kernel: one ONNX node, or one ops.* call.
class PreparedOp {
 public:
  // Resolves the version (largest since_version <= opset) and checks the attributes. Errors name the
  // operator; `op_type` not in the registry is kUnsupported.
  static Result<PreparedOp> create(std::string_view op_type, int64_t opset, const Attributes& attrs);

  // Checks input count and types, then computes into new outputs.
  Status run(const Inputs& inputs, Outputs& outputs) const;
  // As run(), into the tensors the caller placed in `outputs` (memory it owns, checked by the kernel
  // with output_tensor()); outputs not placed there are appended. The caller has checked that they
  // overlap no input, or, for an elementwise operator, are inputs laid out like them.
  Status run_into(const Inputs& inputs, Outputs& outputs) const;
  // The input count check of run(), for callers that know the count beforehand (a model's nodes).
  Status check_input_count(size_t count) const;

  const OpSchema& schema() const { return *schema_; }
  const OpVersion& version() const { return *version_; }
  std::string label() const;  // "AveragePool-19"

 private:
  const OpSchema* schema_ = nullptr;
  const OpVersion* version_ = nullptr;
  std::shared_ptr<const Kernel> kernel_;
};

// Every operator this runtime implements, in a fixed order.
const std::vector<const OpSchema*>& all_operators();
const OpSchema* find_operator(std::string_view name);

}  // namespace ow
