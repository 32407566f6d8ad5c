// The layout of what crosses the JS/wasm boundary in plain memory (interop.h): its one definition. Each
// `constexpr uint32_t kName = value;` line also becomes the JS constant NAME (kRecordByteLength ->
// RECORD_BYTE_LENGTH) that js/ imports from `onnx-wasm-layout`, written by scripts/build-js.mjs.
//
// A tensor list: kListHeaderWords uint32 (the count), then `count` records of kRecordWords uint32,
// then the dims of every record in order, as doubles, from the first 8-byte boundary after the records.
#pragma once

#include <cstdint>

namespace ow::interop {

constexpr uint32_t kListCount = 0;  // the word that holds the number of records
constexpr uint32_t kListHeaderWords = 1;

// The words of a record.
constexpr uint32_t kRecordType = 0;        // ONNX TensorProto element type number; 0: an omitted input
constexpr uint32_t kRecordData = 1;        // address of the data
constexpr uint32_t kRecordByteLength = 2;  // of the data
constexpr uint32_t kRecordRank = 3;        // how many of the list's dims are this record's
constexpr uint32_t kRecordName = 4;        // inputs: address of the UTF-8 feed name (session runs), or 0
constexpr uint32_t kRecordNameLength = 5;  // inputs: its length in bytes
constexpr uint32_t kRecordHandle = 4;      // outputs: the Tensor* that owns the data
constexpr uint32_t kRecordWords = 6;

// The error of the last failed call (ow_error()): two UTF-8 strings, the code's name and the message.
constexpr uint32_t kErrorCode = 0;
constexpr uint32_t kErrorCodeLength = 1;
constexpr uint32_t kErrorMessage = 2;
constexpr uint32_t kErrorMessageLength = 3;
constexpr uint32_t kErrorWords = 4;

}  // namespace ow::interop
