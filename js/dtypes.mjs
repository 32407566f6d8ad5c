// Element types: onnxruntime-web's names, the typed array that holds each, and ONNX's type number.
export const DTYPES = {
  float32: { code: 1, array: Float32Array },
  uint8: { code: 2, array: Uint8Array },
  int8: { code: 3, array: Int8Array },
  uint16: { code: 4, array: Uint16Array },
  int16: { code: 5, array: Int16Array },
  int32: { code: 6, array: Int32Array },
  int64: { code: 7, array: BigInt64Array },
  float16: { code: 10, array: Uint16Array }, // bit patterns
  float64: { code: 11, array: Float64Array },
  uint32: { code: 12, array: Uint32Array },
  uint64: { code: 13, array: BigUint64Array },
  bfloat16: { code: 16, array: Uint16Array }, // bit patterns
};

const NAME_BY_CODE = new Map(Object.entries(DTYPES).map(([name, { code }]) => [code, name]));

export function dtypeName(code) {
  return NAME_BY_CODE.get(code);
}
