export type TensorType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64';

export interface TensorDataMap {
  float32: Float32Array;
  float64: Float64Array;
  /** IEEE half-precision bit patterns. */
  float16: Uint16Array;
  /** bfloat16 bit patterns (the upper 16 bits of a float32). */
  bfloat16: Uint16Array;
  int8: Int8Array;
  uint8: Uint8Array;
  int16: Int16Array;
  uint16: Uint16Array;
  int32: Int32Array;
  uint32: Uint32Array;
  int64: BigInt64Array;
  uint64: BigUint64Array;
}

export class Tensor<T extends TensorType = TensorType> {
  constructor(type: T, data: TensorDataMap[T] | (T extends 'int64' | 'uint64' ? bigint[] : number[]), dims?: readonly number[]);
  readonly type: T;
  readonly data: TensorDataMap[T];
  readonly dims: readonly number[];
  readonly size: number;
}

export type ErrorCode = 'INVALID_ARGUMENT' | 'UNSUPPORTED' | 'INVALID_MODEL' | 'OUT_OF_MEMORY' | 'NOT_READY';

export class OnnxWasmError extends Error {
  readonly code: ErrorCode;
}

export interface ReadyOptions {
  /** Where onnx-wasm.wasm is served from, when it is not next to the package's JavaScript. */
  wasmUrl?: string | URL;
  /** The wasm bytes themselves. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads and instantiates the wasm module once. */
export function ready(options?: ReadyOptions): Promise<void>;

export interface OpsetOption {
  /** Selects the operator version with the largest since-version <= opset (default: newest). */
  opset?: number;
}

export interface FloorCeilOptions extends OpsetOption {
  /** Version 1 only; accepted and ignored. */
  consumed_inputs?: number[];
}

export interface MinOptions extends OpsetOption {
  /** Version 1 only; accepted and ignored. */
  consumed_inputs?: number[];
}

export interface AveragePoolOptions extends OpsetOption {
  /** Window size along each spatial axis (required). */
  kernel_shape: readonly number[];
  /** Step along each spatial axis (default 1). */
  strides?: readonly number[];
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (default 0); not with a non-NOTSET auto_pad. */
  pads?: readonly number[];
  /** Deprecated in ONNX: pad so that output = ceil(input / stride) (SAME_*), or not at all (VALID). */
  auto_pad?: 'NOTSET' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  /** Version 7 and later: divide by the taps inside the padded input rather than the input. */
  count_include_pad?: 0 | 1 | boolean;
  /** Version 10 and later: round the output size up instead of down. */
  ceil_mode?: 0 | 1 | boolean;
  /** Version 19 and later: spacing of the window's taps along each spatial axis (default 1). */
  dilations?: readonly number[];
}

export interface Ops {
  Floor<T extends TensorType>(x: Tensor<T>, options?: FloorCeilOptions): Tensor<T>;
  Ceil<T extends TensorType>(x: Tensor<T>, options?: FloorCeilOptions): Tensor<T>;
  Round<T extends TensorType>(x: Tensor<T>, options?: OpsetOption): Tensor<T>;
  /**
   * Elementwise minimum of one or more tensors of one type. Before version 8 (opset < 8) the shapes
   * must be identical; from 8 they broadcast as in NumPy. NaN propagates and -0 is below +0.
   */
  Min<T extends TensorType>(inputs: readonly Tensor<T>[], options?: MinOptions): Tensor<T>;
  /** Average pooling of an N x C x D1 x ... x Dn tensor. */
  AveragePool<T extends TensorType>(x: Tensor<T>, options: AveragePoolOptions): Tensor<T>;
}

export const ops: Ops;
export const LATEST_OPSET: number;

export interface OperatorVersion {
  op: string;
  version: number;
  types: TensorType[];
}

export function supportedOperators(): OperatorVersion[];
