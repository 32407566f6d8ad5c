// How tensors and errors cross the JS/wasm boundary on the hot paths (ops.* calls, session runs,
// wasm-resident tensors): plain memory and exported C functions, no embind values, so a call costs a
// few stores and one wasm call. js/calls.mjs and js/runtime.mjs are the other side of this protocol;
// call_layout.h defines the layout for both.
//
// Inputs are a tensor list JS writes into the call area, each record naming its feed (session runs) or
// not; an ops.* call with options.out appends the tensor to compute into as one more record (memory
// the caller owns: ow_run_op's `given`, for which no handle comes back). Outputs are a tensor list written here into the result area, each record with the handle
// (Tensor*) that owns its data, which JS releases with ow_tensor_release or keeps as a wasm-resident
// tensor.
//
// A call that fails returns null and leaves its Status for ow_error().
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "call_layout.h"
#include "ops/operator.h"

namespace ow::interop {

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
