// How tensors and errors cross the JS/wasm boundary on the hot paths (ops.* calls, session runs,
// wasm-resident tensors): plain memory and exported C functions, no embind values, so a call costs a
// few stores and one wasm call. js/runtime.mjs is the other side of this protocol.
//
// A tensor list, in wasm memory:
//   uint32 count, then `count` records of kRecordWords uint32:
//     {type (ONNX TensorProto number), data (pointer), byte length, rank, a, b}
//   then the dims of every record in order, as doubles, from the first 8-byte boundary after the records.
// Inputs (written by JS into the call area): a, b = pointer and length of the UTF-8 feed name (session
// runs) or 0. Outputs (written here into the result area): a = the handle (Tensor*) that owns the data,
// which JS releases with ow_tensor_release or keeps as a wasm-resident tensor.
//
// A call that fails returns null and leaves its Status for ow_error().
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "ops/operator.h"

namespace ow::interop {

constexpr size_t kRecordWords = 6;

struct InputTensor {
  Tensor tensor;  // a view of the memory JS wrote the data to
  std::string_view name;
};

// Reads the input list that JS wrote to the call area into `inputs` (resized to it: callers keep one
// vector for every call, whose tensors are views reassigned in place, so that a call allocates nothing
// here). Errors name the input.
Status read_inputs(std::vector<InputTensor>& inputs);

// Moves the tensors into handles and writes them as the result list; returns its address.
const uint32_t* write_outputs(Outputs&& outputs);

// Keeps `status` for ow_error() and returns null, the failed-call result.
const uint32_t* fail(Status status);

}  // namespace ow::interop
