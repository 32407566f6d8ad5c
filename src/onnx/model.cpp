#include "onnx/model.h"

namespace ow::onnx {

std::string node_label(const Node& node) {
  std::string id = !node.name.empty()      ? "node '" + node.name + "'"
                   : !node.outputs.empty() ? "the node computing '" + node.outputs[0] + "'"
                                           : "an unnamed node";
  return id + " (" + (node.op_type.empty() ? "no op_type" : node.op_type) + ")";
}

}  // namespace ow::onnx
