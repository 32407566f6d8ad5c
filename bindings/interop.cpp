#include "interop.h"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace ow::interop {
namespace {

// Both areas are reused by every call, so a call allocates nothing for its descriptors; they grow
// through malloc, so that running out of memory there is an error value. uint64_t elements keep the
// dims 8-byte aligned.
struct Area {
  uint64_t* words = nullptr;
  size_t size = 0;  // in words
  // Room for at least `size` words; false (the area unchanged) when memory runs out.
  bool reserve(size_t n) {
    if (n <= size) return true;
    void* grown = std::malloc(n * sizeof(uint64_t));  // what the area held need not be kept
    if (!grown) return false;
    std::free(words);
    words = static_cast<uint64_t*>(grown);
    size = n;
    return true;
  }
  uint64_t* data() const { return words; }
  void release() {
    std::free(words);
    words = nullptr;
    size = 0;
  }
};
Area call_area;
Area result_area;

Status last_error;
uint32_t error_words[kErrorWords];

// Offset of the dims, in doubles, from the start of a list of `count` records.
size_t dims_offset(size_t count) { return (4 * (kListHeaderWords + kRecordWords * count) + 7) / 8; }

const uint32_t* record(const uint32_t* list, size_t i) { return list + kListHeaderWords + kRecordWords * i; }
uint32_t* record(uint32_t* list, size_t i) { return list + kListHeaderWords + kRecordWords * i; }

// Points ow_error()'s words at `code`'s name and `message` (kept until the next failure); null, the
// failed-call result.
const uint32_t* report(ErrorCode code, std::string_view message) {
  const char* name = error_code_name(code);
  error_words[kErrorCode] = reinterpret_cast<uintptr_t>(name);
  error_words[kErrorCodeLength] = static_cast<uint32_t>(std::strlen(name));
  error_words[kErrorMessage] = reinterpret_cast<uintptr_t>(message.data());
  error_words[kErrorMessageLength] = static_cast<uint32_t>(message.size());
  return nullptr;
}

}  // namespace

CallScratch& scratch = *new CallScratch;

Status read_inputs() {
  const auto* list = reinterpret_cast<const uint32_t*>(call_area.data());
  const size_t count = list[kListCount];
  const double* dims = reinterpret_cast<const double*>(list) + dims_offset(count);
  std::vector<InputTensor>& inputs = scratch.inputs;
  inputs.resize(count);
  Dims& shape = scratch.shape;  // reused, as are the inputs' tensors: assigning keeps their memory
  for (size_t i = 0; i < count; ++i) {
    const uint32_t* r = record(list, i);
    inputs[i].omitted = r[kRecordType] == 0;
    if (inputs[i].omitted) continue;
    if (!dtype_is_known(static_cast<int32_t>(r[kRecordType])))
      return InvalidArgument("input " + std::to_string(i) + " has an unknown element type");
    const uint32_t rank = r[kRecordRank];
    shape.assign(dims, dims + rank);  // JS has checked that these are non-negative safe integers
    dims += rank;
    Status st = inputs[i].tensor.assign_view(static_cast<DType>(r[kRecordType]), shape,
                                             reinterpret_cast<void*>(r[kRecordData]), r[kRecordByteLength]);
    if (!st.ok()) return st.with_context("input " + std::to_string(i) + ": ");
    inputs[i].name = std::string_view(reinterpret_cast<const char*>(r[kRecordName]), r[kRecordNameLength]);
  }
  return Status::Ok();
}

void release_handle(Tensor* handle) {
  handle->~Tensor();
  std::free(handle);
}

void release_results(const uint32_t* list) {
  for (size_t i = 0; i < list[kListCount]; ++i) release_handle(reinterpret_cast<Tensor*>(record(list, i)[kRecordHandle]));
}

const uint32_t* write_outputs(Outputs&& outputs) {
  const size_t count = outputs.size();
  size_t total_dims = 0;
  for (const Tensor& t : outputs) total_dims += t.rank();
  if (!result_area.reserve(dims_offset(count) + total_dims)) return fail(OutOfMemory("cannot allocate the result list"));
  auto* list = reinterpret_cast<uint32_t*>(result_area.data());
  double* dims = reinterpret_cast<double*>(result_area.data()) + dims_offset(count);
  list[kListCount] = 0;  // the handles made so far, should one fail
  for (size_t i = 0; i < count; ++i) {
    void* memory = std::malloc(sizeof(Tensor));
    if (!memory) {
      release_results(list);
      return fail(OutOfMemory("cannot allocate the handles of " + std::to_string(count) + " outputs"));
    }
    Tensor* handle = new (memory) Tensor(std::move(outputs[i]));
    list[kListCount] = static_cast<uint32_t>(i + 1);
    uint32_t* r = record(list, i);
    r[kRecordType] = static_cast<uint32_t>(handle->dtype());
    r[kRecordData] = reinterpret_cast<uintptr_t>(handle->raw_data());
    r[kRecordByteLength] = static_cast<uint32_t>(handle->byte_size());
    r[kRecordRank] = static_cast<uint32_t>(handle->rank());
    r[kRecordHandle] = reinterpret_cast<uintptr_t>(handle);
    for (int64_t d : handle->dims()) *dims++ = static_cast<double>(d);
  }
  return list;
}

const uint32_t* fail(Status status) {
  last_error = std::move(status);
  return report(last_error.code(), last_error.message());
}

// What operator new throws: std::bad_alloc, noting the size it could not allocate, for the message.
struct HeapFull : std::bad_alloc {
  explicit HeapFull(size_t bytes) : bytes(bytes) {}
  size_t bytes;
};

void fail_escaped(std::string_view name, std::string (*where)(const void*), const void* context) {
  ErrorCode code = ErrorCode::kOutOfMemory;
  size_t asked = 0;
  const char* what = "";
  try {
    throw;
  } catch (const HeapFull& e) {
    asked = e.bytes;
  } catch (const std::bad_alloc&) {
  } catch (const std::exception& e) {
    code = ErrorCode::kInternal;
    what = e.what();
  } catch (...) {
    code = ErrorCode::kInternal;
    what = "an exception of an unknown type";
  }
  last_error = Status();  // its message's memory, for this one
  try {
    std::string message = where(context);
    if (!message.empty()) message += ": ";
    if (code == ErrorCode::kInternal) {
      message += "internal error: ";
      message += what;
    } else {
      message += "out of memory (the wasm memory is full";
      if (asked) message += "; " + std::to_string(asked) + " bytes asked for";
      message += ')';
    }
    fail(Status(code, std::move(message)));
  } catch (const std::bad_alloc&) {  // not even the message fits: "<name>: out of memory", without memory
    static constexpr std::string_view kFull = "out of memory (the wasm memory is full)";
    static constexpr std::string_view kInternal = "internal error";
    static char message[128 + 2 + kFull.size()];
    char* end = message;
    if (!name.empty()) {
      name = name.substr(0, 128);
      end = std::copy(name.begin(), name.end(), end);
      end = std::copy_n(": ", 2, end);
    }
    const std::string_view text = code == ErrorCode::kInternal ? kInternal : kFull;
    end = std::copy(text.begin(), text.end(), end);
    report(code, std::string_view(message, static_cast<size_t>(end - message)));
  }
}

}  // namespace ow::interop

// The global operator new (C++ lets a program replace it), as the standard library's but throwing
// HeapFull, whose size the message names. operator new[] and the nothrow forms call this one.
void* operator new(std::size_t size) {
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw ow::interop::HeapFull(size);
}

using namespace ow;

extern "C" {

// The call area, with room for at least `bytes`; it moves when it grows. Null when memory runs out.
EMSCRIPTEN_KEEPALIVE uint32_t* ow_call_area(size_t bytes) {
  if (!interop::call_area.reserve((bytes + 7) / 8)) return nullptr;
  return reinterpret_cast<uint32_t*>(interop::call_area.data());
}

// Frees what calls keep for the next one: the call and result areas, the reused input list and the last
// error.
EMSCRIPTEN_KEEPALIVE void ow_release_caches() {
  interop::call_area.release();
  interop::result_area.release();
  std::vector<interop::InputTensor>().swap(interop::scratch.inputs);
  Inputs().swap(interop::scratch.pointers);
  Outputs().swap(interop::scratch.outputs);
  Dims().swap(interop::scratch.shape);
  interop::last_error = Status();  // its message, kept for ow_error()
}

// The error of the last call that returned null (call_layout.h's kError* words).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_error() { return interop::error_words; }

// A tensor owned by a handle, for the shape and type of the call area's first record; zero-filled if
// `zero_fill` (otherwise the caller writes every element).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_tensor_allocate(bool zero_fill) {
  return interop::guard("", [&]() -> const uint32_t* {  // JS names the call
    auto* list = reinterpret_cast<const uint32_t*>(interop::call_area.data());
    const double* dims = reinterpret_cast<const double*>(list) + interop::dims_offset(list[interop::kListCount]);
    const uint32_t* r = interop::record(list, 0);
    auto t = Tensor::allocate(static_cast<DType>(r[interop::kRecordType]), Dims(dims, dims + r[interop::kRecordRank]));
    if (!t.ok()) return interop::fail(t.status());
    if (zero_fill) std::memset(t.value().raw_data(), 0, t.value().byte_size());
    Outputs outputs;
    outputs.push_back(t.take());
    return interop::write_outputs(std::move(outputs));
  });
}

EMSCRIPTEN_KEEPALIVE void ow_tensor_release(Tensor* handle) { interop::release_handle(handle); }

}  // extern "C"
