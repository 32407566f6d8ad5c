#include "interop.h"

#include <emscripten/emscripten.h>

#include <cmath>
#include <cstring>
#include <string>

namespace ow::interop {
namespace {

// Both areas are reused by every call, so a call allocates nothing for its descriptors. uint64_t
// elements keep the dims 8-byte aligned.
std::vector<uint64_t> call_area;
std::vector<uint64_t> result_area;

Status last_error;
uint32_t error_words[kErrorWords];

// Offset of the dims, in doubles, from the start of a list of `count` records.
size_t dims_offset(size_t count) { return (4 * (kListHeaderWords + kRecordWords * count) + 7) / 8; }

const uint32_t* record(const uint32_t* list, size_t i) { return list + kListHeaderWords + kRecordWords * i; }
uint32_t* record(uint32_t* list, size_t i) { return list + kListHeaderWords + kRecordWords * i; }

}  // namespace

Status read_inputs(std::vector<InputTensor>& inputs) {
  const auto* list = reinterpret_cast<const uint32_t*>(call_area.data());
  const size_t count = list[kListCount];
  const double* dims = reinterpret_cast<const double*>(list) + dims_offset(count);
  static Dims shape;  // reused, as are the inputs' tensors: assigning keeps their memory
  inputs.resize(count);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t* r = record(list, i);
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

const uint32_t* write_outputs(Outputs&& outputs) {
  const size_t count = outputs.size();
  size_t total_dims = 0;
  for (const Tensor& t : outputs) total_dims += t.rank();
  result_area.resize(dims_offset(count) + total_dims);
  auto* list = reinterpret_cast<uint32_t*>(result_area.data());
  double* dims = reinterpret_cast<double*>(result_area.data()) + dims_offset(count);
  list[kListCount] = static_cast<uint32_t>(count);
  for (size_t i = 0; i < count; ++i) {
    Tensor* handle = new Tensor(std::move(outputs[i]));
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
  const char* code = error_code_name(last_error.code());
  error_words[kErrorCode] = reinterpret_cast<uintptr_t>(code);
  error_words[kErrorCodeLength] = static_cast<uint32_t>(std::strlen(code));
  error_words[kErrorMessage] = reinterpret_cast<uintptr_t>(last_error.message().data());
  error_words[kErrorMessageLength] = static_cast<uint32_t>(last_error.message().size());
  return nullptr;
}

}  // namespace ow::interop

using namespace ow;

extern "C" {

// The call area, with room for at least `bytes`; it moves when it grows.
EMSCRIPTEN_KEEPALIVE uint32_t* ow_call_area(size_t bytes) {
  if (interop::call_area.size() * 8 < bytes) interop::call_area.resize((bytes + 7) / 8);
  return reinterpret_cast<uint32_t*>(interop::call_area.data());
}

// The error of the last call that returned null (call_layout.h's kError* words).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_error() { return interop::error_words; }

// A tensor owned by a handle, for the shape and type of the call area's first record; zero-filled if
// `zero_fill` (otherwise the caller writes every element).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_tensor_allocate(bool zero_fill) {
  auto* list = reinterpret_cast<const uint32_t*>(interop::call_area.data());
  const double* dims = reinterpret_cast<const double*>(list) + interop::dims_offset(list[interop::kListCount]);
  const uint32_t* r = interop::record(list, 0);
  auto t = Tensor::allocate(static_cast<DType>(r[interop::kRecordType]), Dims(dims, dims + r[interop::kRecordRank]));
  if (!t.ok()) return interop::fail(t.status());
  if (zero_fill) std::memset(t.value().raw_data(), 0, t.value().byte_size());
  Outputs outputs;
  outputs.push_back(t.take());
  return interop::write_outputs(std::move(outputs));
}

EMSCRIPTEN_KEEPALIVE void ow_tensor_release(Tensor* handle) { delete handle; }

}  // extern "C"
