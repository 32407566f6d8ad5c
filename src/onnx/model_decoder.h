// ONNX protobuf messages (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
// ValueInfoProto) decoded into the structs of model.h. Decoding checks the wire format and each
// message on its own; how the pieces fit together (names, order, operators) is the session builder's
// job (session_builder.h).
#pragma once

#include <cstddef>

#include "core/status.h"
#include "core/tensor.h"
#include "onnx/model.h"

namespace ow::onnx {

// Most attributes a node may have: every operator here defines a handful, and each new one is checked
// against the node's others (an attribute given twice is an error).
constexpr size_t kMaxNodeAttributes = 1024;

// Most graphs a subgraph may lie inside (If's branches: an If in a branch of an If is two deep).
// Decoding recurses once per level; deeper models are refused (kUnsupported).
constexpr size_t kMaxGraphNesting = 16;

// Decodes a serialized ModelProto. Tensors are copied out of `data`, which may be freed afterwards.
// Errors: kInvalidModel for malformed protobuf or messages (a node's attribute errors name the node),
// kUnsupported for what the runtime cannot hold (external data, unsupported element types, more than
// kMaxNodeAttributes attributes, subgraphs nested deeper than kMaxGraphNesting), kOutOfMemory when memory runs out.
Result<Model> decode_model(const void* data, size_t size);

// Decodes a serialized TensorProto (the .pb files of ONNX test data), with every data encoding.
Result<NamedTensor> decode_tensor(const void* data, size_t size);

}  // namespace ow::onnx
