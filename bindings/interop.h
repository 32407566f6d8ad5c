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

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "call_layout.h"
#include "ops/operator.h"

namespace ow::interop {

struct InputTensor {
  Tensor tensor;  // a view of the memory JS wrote the data to
  std::string_view name;
  bool omitted = false;  // an optional input left out (a record of type 0): run as null
};

// What every call reuses, so that a repeated call allocates nothing for it: the input tensors (views
// reassigned in place), pointers to them, and the outputs' list. Their capacity follows the most inputs
// (and dims) of a call so far; ow_release_caches() frees it.
struct CallScratch {
  std::vector<InputTensor> inputs;
  Inputs pointers;
  Outputs outputs;
  Dims shape;  // of the input being read
};
extern CallScratch& scratch;  // never destroyed

// Reads the input list that JS wrote to the call area into scratch.inputs (resized to it). Errors name
// the input.
Status read_inputs();

// Moves the tensors into handles and writes them as the result list; returns its address (or null,
// the tensors freed, when memory runs out).
const uint32_t* write_outputs(Outputs&& outputs);

// Frees a handle of a result list (a Tensor in malloc'd memory), or all of the list's.
void release_handle(Tensor* handle);
void release_results(const uint32_t* list);

// Keeps `status` for ow_error() and returns null, the failed-call result. The call has failed, so
// whether it used the heap's reserve no longer matters: the reserve is taken back for the next call.
const uint32_t* fail(Status status);

// Whether the call now ending has used the heap's reserve (core/heap_reserve.h); takes the reserve
// again for the next call if it was used (or could not be taken before), and forgets that it was used.
bool ran_short_of_memory();

// What a call that returns a result list ends with: `result` (null for a failed call, which keeps its
// error), or, if the call used the reserve, null with OUT_OF_MEMORY naming `label`, after releasing
// the result's tensors.
const uint32_t* finish(const uint32_t* result, const char* label);

// For the calls built without exceptions (ops.*, Tensor.wasm), at their start: takes the heap's reserve
// back if it is not held, and true if it is held. Without it (the heap is full to the last byte) such a
// call must not start, since an allocation there could only throw through frames that do not free
// what they hold: it fails at once with fail_heap_full(), which allocates nothing. Forgets whether the
// reserve was used before the call.
bool hold_reserve();
// fail() with OUT_OF_MEMORY "<label>: out of memory (the wasm memory is full)", formatted in static
// memory: for when not even an error's message can be allocated.
const uint32_t* fail_heap_full(std::string_view label);

}  // namespace ow::interop
