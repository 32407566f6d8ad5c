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
// A call that fails returns null and leaves its Status for ow_error(); every exported entry point runs
// its body through guard(), which turns an exception that escapes it into such a failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
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

// Keeps `status` for ow_error() and returns null, the failed-call result.
const uint32_t* fail(Status status);

// Fails the call (ow_error()) for the exception being handled: OUT_OF_MEMORY for std::bad_alloc,
// "<where>: out of memory (the wasm memory is full; 24 bytes asked for)", INTERNAL for any other.
// `where()` names the call; should not even the message fit in memory, `name` (cut short) stands in
// for it, in static memory. For guard().
void fail_escaped(std::string_view name, std::string (*where)(const void*), const void* context);

// The one way an exported entry point runs its body: `call()`'s result or, should an exception escape
// it (memory ran out; everything it made is freed on the way out), null, 0 or undefined (an embind
// value) with the error for ow_error() (fail_escaped()). `where()`, which names the call, runs only
// then, after `call`'s frames are gone: what it reads must outlive them.
template <typename Where, typename Call>
auto guard(std::string_view name, const Where& where, Call&& call) -> decltype(call()) {
  try {
    return call();
  } catch (...) {
    fail_escaped(name, [](const void* w) -> std::string { return (*static_cast<const Where*>(w))(); }, &where);
    using R = decltype(call());
    if constexpr (std::is_default_constructible_v<R>) return R{};
    else return R::undefined();
  }
}

// guard() for a call named by `name` alone.
template <typename Call>
auto guard(std::string_view name, Call&& call) -> decltype(call()) {
  return guard(name, [name] { return std::string(name); }, std::forward<Call>(call));
}

}  // namespace ow::interop
