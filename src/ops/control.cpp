// If: runs one of two subgraphs, then_branch or else_branch, as its bool condition says. A session
// runs it (onnx/executor.cpp, Step::Conditional), its branches built and optimized at creation like
// the graph; the kernel here checks the attributes and is never run on tensors: ops.* has no If
// (OpSchema::session_only).
//
// Versions: 1; 11 lets the branches' outputs differ in shape; 13 allows sequences, 16 bfloat16 and
// optional values; 19 to 25 add element types the runtime lacks (sequences and optional values it
// lacks too: a model declaring them is refused where they enter it).
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class IfKernel final : public Kernel {
 public:
  Status compute(const Inputs& /*inputs*/, Outputs& /*outputs*/) const override {
    return Unsupported("runs its branches in an InferenceSession only");
  }
};

Result<std::unique_ptr<Kernel>> make_if(int /*version*/, const Attributes& attrs) {
  for (const char* name : {"then_branch", "else_branch"}) {
    const AttributeValue* a = attrs.find(name);
    if (!a) return InvalidArgument(std::string("attribute '") + name + "' is required");
    if (a->kind != AttributeValue::Kind::kGraph)
      return InvalidArgument(std::string("attribute '") + name + "' must be a graph, got " + attribute_kind_name(a->kind));
  }
  return std::unique_ptr<Kernel>(new IfKernel());
}

constexpr AttributeSpec kIfAttributes[] = {{"then_branch", AttrKind::kGraph, {}, {}, true}, {"else_branch", AttrKind::kGraph, {}, {}, true}};
constexpr TypeConstraint kIfTypes1[] = {{"V", kAnyTypesNoBf16}, {"B", kBoolType}};
constexpr TypeConstraint kIfTypes16[] = {{"V", kAnyTypes}, {"B", kBoolType}};
constexpr auto kIfVersions = concat(same_versions({1, 11, 13}, {.types = kIfTypes1, .attributes = kIfAttributes}),
                                    same_versions({16, 19, 21, 23, 24, 25}, {.types = kIfTypes16, .attributes = kIfAttributes}));
constexpr Param kIfInputs[] = {{"cond", "B"}};
constexpr Param kIfOutputs[] = {{"outputs", "V", Param::Arity::kVariadic}};

}  // namespace

constexpr OpSchema kIfSchema{.name = "If",
                             .inputs = kIfInputs,
                             .outputs = kIfOutputs,
                             .versions = kIfVersions,
                             .make_kernel = make_if,
                             .session_only = true};

}  // namespace ow
