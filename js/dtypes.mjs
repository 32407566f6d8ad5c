// Element types: onnxruntime-web's names, the typed array that holds each, ONNX's type number, and the
// wasm module's view of its memory with that array type (none for the 64-bit integers).
export const DTYPES = {
  float32: { code: 1, array: Float32Array, heap: 'HEAPF32' },
  uint8: { code: 2, array: Uint8Array, heap: 'HEAPU8' },
  int8: { code: 3, array: Int8Array, heap: 'HEAP8' },
  uint16: { code: 4, array: Uint16Array, heap: 'HEAPU16' },
  int16: { code: 5, array: Int16Array, heap: 'HEAP16' },
  int32: { code: 6, array: Int32Array, heap: 'HEAP32' },
  int64: { code: 7, array: BigInt64Array, heap: null },
  float16: { code: 10, array: Uint16Array, heap: 'HEAPU16' }, // bit patterns
  float64: { code: 11, array: Float64Array, heap: 'HEAPF64' },
  uint32: { code: 12, array: Uint32Array, heap: 'HEAPU32' },
  uint64: { code: 13, array: BigUint64Array, heap: null },
  bfloat16: { code: 16, array: Uint16Array, heap: 'HEAPU16' }, // bit patterns
  bool: { code: 9, array: Uint8Array, heap: 'HEAPU8' }, // 0 or 1 as written here; any byte but 0 reads as true
};

// DTYPES entries by ONNX type number, with their names: read for every output of every call.
const BY_CODE = [];
for (const [name, info] of Object.entries(DTYPES)) BY_CODE[info.code] = { name, ...info };

/** { name, code, array, heap } of an ONNX type number the wasm side reports (always one of ours). */
export function dtypeByCode(code) {
  return BY_CODE[code];
}
