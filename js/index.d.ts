// Declarations of onnx-wasm's public API. The build copies this file to dist/index.d.ts (for require)
// and dist/index.d.mts (for import).

/** Element types the operators take, by onnxruntime-web's names. */
export type NumericTensorType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64';

/**
 * The element types the operators that move or select elements take (Identity, Cast, Reshape, Gather,
 * ...): the numeric ones and 'bool'.
 */
export type DataTensorType = NumericTensorType | 'bool';

/**
 * Every element type a Tensor holds: those above, and 'string', which a program can make and feed and
 * every operator refuses (`UNSUPPORTED`, naming the type).
 */
export type TensorType = DataTensorType | 'string';

/** The floating-point element types, the only ones Floor, Ceil, Round and AveragePool accept. */
export type FloatTensorType = 'float32' | 'float64' | 'float16' | 'bfloat16';

/** The typed array that holds each element type. */
export interface TensorDataMap {
  float32: Float32Array;
  float64: Float64Array;
  /** IEEE 754 half-precision bit patterns. */
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
  /** 1 for true, 0 for false (as operators write it; any other byte reads as true). */
  bool: Uint8Array;
  string: string[];
}

/**
 * The JS engine's Float16Array where its TypeScript library declares one (lib es2025/esnext), otherwise
 * `never`: these declarations compile either way.
 */
export type Float16ArrayIfDeclared = typeof globalThis extends { Float16Array: { prototype: infer A } } ? A : never;

/** What a plain array holds for each type: VALUES, never bit patterns. */
export interface TensorValueMap {
  float32: number; float64: number; float16: number; bfloat16: number;
  int8: number; uint8: number; int16: number; uint16: number; int32: number; uint32: number;
  int64: number | bigint; uint64: number | bigint;
  bool: boolean | 0 | 1;
  string: string;
}

/**
 * What the Tensor constructor takes as data: the type's typed array (uint8 also a Uint8ClampedArray,
 * copied; float16 also a Float16Array where the engine has one, whose bits the tensor shares as a
 * Uint16Array), or a plain array of values: float16 and bfloat16 numbers are rounded to nearest, ties
 * to even; int64 and uint64 take bigints and numbers that are safe integers; a value the type cannot
 * hold exactly (a fraction or an out-of-range number for an integer type, an unsafe integer) is
 * refused, naming its index, never wrapped.
 */
export type TensorData<T extends TensorType> =
  | TensorDataMap[T]
  | (T extends 'float16' ? Float16ArrayIfDeclared : never)
  | (T extends 'uint8' ? Uint8ClampedArray : never)
  | readonly TensorValueMap[T][];

/** Typed arrays whose element type `new Tensor(data, dims)` infers, as onnxruntime-web does. */
export interface InferredTypeMap {
  float32: Float32Array; float64: Float64Array; int8: Int8Array; uint8: Uint8Array | Uint8ClampedArray;
  int16: Int16Array; uint16: Uint16Array; int32: Int32Array; uint32: Uint32Array;
  int64: BigInt64Array; uint64: BigUint64Array; float16: Float16ArrayIfDeclared;
}

/** onnxruntime-web's image formats: the colours of the tensor's channels, in order. */
export type ImageFormat = 'RGB' | 'RGBA' | 'BGR' | 'RBG';
export type ImageTensorLayout = 'NCHW' | 'NHWC';

/**
 * A tensor value is (pixel + bias) / mean, a pixel (value - bias) * mean: each a number for every
 * channel, or one per colour in R, G, B(, A) order (A defaults to mean 255 or 1 as below, bias 0).
 */
export interface ImageNormalization {
  /** Default 255 (for toImageData of an integer tensor, 1). */
  mean?: number | readonly [number, number, number] | readonly [number, number, number, number];
  /** Default 0. */
  bias?: number | readonly [number, number, number] | readonly [number, number, number, number];
}

/** An object with ImageData's fields: RGBA bytes, 4 per pixel, row by row. */
export interface ImageDataLike {
  readonly data: Uint8ClampedArray | Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** Tensor.fromImage's options (onnxruntime-web's names). */
export interface TensorFromImageOptions {
  /** Scale the image to this size first (drawn on a canvas); each defaults to the image's own. */
  resizedWidth?: number;
  resizedHeight?: number;
  /** 'float32' (default: normalized values) or 'uint8' (the pixels as they are; no norm). */
  dataType?: 'float32' | 'uint8';
  /** Default 'RGB' ('RGBA' for an HTMLImageElement, as onnxruntime-web makes it). */
  tensorFormat?: ImageFormat;
  /** Default 'NCHW': [1, C, H, W]; 'NHWC': [1, H, W, C]. */
  tensorLayout?: ImageTensorLayout;
  norm?: ImageNormalization;
  /**
   * The image's own format, read as onnxruntime-web reads it: an ImageData's is RGBA whatever this
   * says; any other source's pixels are read as 3 bytes each for 'RGB' (an RGBA tensor's alpha then
   * as onnxruntime-web makes it: each pixel's third byte, the last pixel's 0), else as RGBA (the
   * default).
   */
  format?: ImageFormat;
  /** Accepted for onnxruntime-web's URL options, which do not read them either. */
  width?: number;
  height?: number;
}

/** toImageData's and toDataURL's options (onnxruntime-web's names). */
export interface TensorToImageDataOptions {
  /**
   * The colours of the tensor's channels (default 'RGB'): 1 channel is grey; 3 take RGB, BGR or RBG;
   * 4 take any, RGBA reading the fourth as alpha (otherwise the image is opaque).
   */
  format?: ImageFormat;
  /** Default 'NCHW'. */
  tensorLayout?: ImageTensorLayout;
  norm?: ImageNormalization;
}

/** What fromImage takes: in pages and workers, any of these; in Node, ImageData-like data at its own size. */
export type ImageSource =
  | ImageDataLike
  | (typeof globalThis extends { HTMLImageElement: { prototype: infer I } } ? I : never)
  | (typeof globalThis extends { ImageBitmap: { prototype: infer B } } ? B : never)
  | (typeof globalThis extends { HTMLCanvasElement: { prototype: infer C } } ? C : never)
  | (typeof globalThis extends { OffscreenCanvas: { prototype: infer O } } ? O : never)
  | string
  | URL;

/** ImageData where the environment has it (pages, workers); elsewhere an object with its fields. */
export type ImageDataResult = typeof globalThis extends { ImageData: { prototype: infer D } } ? D : ImageDataLike & { colorSpace: 'srgb' };

/**
 * A typed array with an element type and a shape, as in onnxruntime-web:
 * `new Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2])`, `new Tensor('float16', [1.5, 2.5])`
 * (values), or `new Tensor(new Float32Array(n), [1, n])` (the type inferred).
 */
export class Tensor<T extends TensorType = TensorType> {
  /**
   * @param dims the shape; defaults to `[data.length]`. Its element count must equal `data.length`.
   * @throws OnnxWasmError for an unknown type, data of the wrong array type, a value the type cannot
   *   hold (naming its index), or dims that do not fit.
   */
  constructor(type: T, data: TensorData<T>, dims?: readonly number[]);
  /**
   * The type inferred at run time from a typed array, or from an array of strings ('string') or
   * booleans ('bool'); TypeScript does not infer it here: narrow by `type`.
   */
  constructor(data: InferredTypeMap[keyof InferredTypeMap] | readonly string[] | readonly boolean[], dims?: readonly number[]);
  readonly type: T;
  /**
   * The elements. For a wasm-resident tensor, a view of the wasm module's memory, made anew when that
   * memory has grown (which detaches views taken before): read `data` again after other calls rather
   * than keeping it. Throws OnnxWasmError once the tensor is disposed.
   */
  readonly data: TensorDataMap[T];
  readonly dims: readonly number[];
  /** Element count: the product of dims. */
  readonly size: number;
  /** 'cpu': `data` is a JS typed array; 'wasm': it lives in the wasm module's memory (Tensor.wasm). */
  readonly location: TensorLocation;
  /**
   * Frees a wasm-resident tensor's memory (a tensor nobody disposes is freed after garbage collection);
   * idempotent. Nothing to do for a tensor in JS memory.
   */
  dispose(): void;
  /**
   * The same data with other dims of the same element count; the new tensor shares the data.
   * @throws OnnxWasmError for dims that do not fit, or a wasm tensor (it owns its memory).
   */
  reshape(dims: readonly number[]): Tensor<T>;
  /** `data`; for a wasm tensor a copy in JS memory, the wasm memory freed if `releaseData`. */
  getData(releaseData?: boolean): Promise<TensorDataMap[T]>;
  /**
   * The first image of an image tensor ([N, C, H, W] or NHWC) as ImageData: each pixel (value - bias) *
   * mean, rounded and clamped to 0..255. Works in Node too (an ImageData-like result).
   * @throws OnnxWasmError for a tensor that is not an image or a format that does not fit its channels.
   */
  toImageData(options?: TensorToImageDataOptions): ImageDataResult;
  /**
   * toImageData's image as a PNG `data:` URL.
   * @throws OnnxWasmError `UNSUPPORTED` without a document (workers, Node): use toImageData there.
   */
  toDataURL(options?: TensorToImageDataOptions): string;
  /**
   * The elements as numbers in a new Float32Array: float16 and bfloat16 bit patterns decoded (exactly,
   * -0 and NaN payloads kept), float32 copied.
   * @throws OnnxWasmError for the other types, whose values float32 does not all hold.
   */
  toFloat32Array(this: Tensor<'float16' | 'bfloat16' | 'float32'>): Float32Array;
  /**
   * An image as a tensor, float32 in 0..1 by default: ImageData (or `{ data, width, height }`), an
   * HTMLImageElement, an ImageBitmap, a canvas, or a URL (fetched and decoded), in pages and workers.
   * Node decodes no images: it takes ImageData-like data at its own size, and refuses the rest
   * (`UNSUPPORTED`).
   */
  static fromImage(image: ImageSource, options?: TensorFromImageOptions): Promise<Tensor<'float32'> | Tensor<'uint8'>>;
  /**
   * A tensor whose data live in the wasm module's memory, filled with `data` (as for the constructor)
   * or zeros. ops.* read such inputs in place and, when any input is wasm-resident, return their output
   * in wasm memory too, so chained calls copy nothing across the JS/wasm boundary. Call after
   * `await ready()`; dispose() it when done.
   * @throws OnnxWasmError as the constructor does, `UNSUPPORTED` for 'string', or `OUT_OF_MEMORY`.
   */
  static wasm<T extends DataTensorType>(type: T, dims: readonly number[], data?: TensorData<T>): Tensor<T>;
}

export type TensorLocation = 'cpu' | 'wasm';

/**
 * onnxruntime-web's (or -node's) Tensor whose data are in CPU memory ('cpu' or 'cpu-pinned'): taken
 * wherever a Tensor is, its data read in place (float16 also as the Float16Array onnxruntime gives where
 * the engine has one). One whose data are elsewhere (a GPU buffer, a WebGL texture, an ML tensor) is
 * refused, naming its location. Hand results back with `new ort.Tensor(t.type, t.data, t.dims)`.
 */
export interface OrtTensorLike<T extends TensorType = TensorType> {
  readonly type: T;
  readonly data: TensorDataMap[T] | (T extends 'float16' ? ArrayLike<number> : never);
  readonly dims: readonly number[];
  readonly location: string;
}

/** What the operators, `run`'s feeds and fetches and `options.out` take: a Tensor or onnxruntime's. */
export type TensorInput<T extends TensorType = TensorType> = Tensor<T> | OrtTensorLike<T>;

/** A tensor of any one type: checking `type` narrows `data` (`if (t.type === 'int64') t.data` is a BigInt64Array). */
export type AnyTensor = { [K in TensorType]: Tensor<K> }[TensorType];

export type ErrorCode = 'INVALID_ARGUMENT' | 'UNSUPPORTED' | 'INVALID_MODEL' | 'OUT_OF_MEMORY' | 'NOT_READY' | 'INTERNAL';

/**
 * Every failure of this package. The message names the operator version, node, input or attribute at
 * fault, e.g. `Floor-6: input 0 has type bfloat16, which this version does not accept`.
 */
export class OnnxWasmError extends Error {
  constructor(message: string, code?: ErrorCode);
  readonly name: 'OnnxWasmError';
  readonly code: ErrorCode;
}

export interface ReadyOptions {
  /**
   * Where onnx-wasm.wasm is served from, for unusual hosting (a CDN, a renamed file). Relative URLs
   * resolve as `fetch` resolves them; in Node, a file path or a `file:` URL. By default the file next to
   * the package's JavaScript is used, which bundlers (Vite, webpack) emit and rewrite on their own.
   */
  wasmUrl?: string | URL;
  /** The wasm bytes themselves; nothing is fetched. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * onnx-wasm.wasm already compiled; nothing is fetched or compiled. For runtimes that forbid compiling
   * wasm at run time, such as Cloudflare Workers, which hand over a module imported from the file.
   */
  wasmModule?: WebAssembly.Module;
}

/**
 * Loads and instantiates the wasm module once; later calls return the same promise (after a failure,
 * the next call tries again, e.g. with another `wasmUrl`).
 * @throws (rejects with) OnnxWasmError `NOT_READY` when the wasm cannot be fetched or compiled;
 *   `INVALID_ARGUMENT` for an option not in ReadyOptions (named in the message) or a wasmModule that is
 *   not a WebAssembly.Module.
 */
export function ready(options?: ReadyOptions): Promise<void>;

/** The newest opset any operator here has a version for; operators default to it. */
export const LATEST_OPSET: number;

export interface OpsetOption {
  /**
   * Selects the operator version with the largest since-version <= opset, as a model's opset import
   * does (default: LATEST_OPSET).
   */
  opset?: number;
}

/** Every ops.* call's `options` may also name where the result goes. */
export interface OutOption<T extends TensorType> {
  /**
   * A Tensor of the output's type and dims, in JS or wasm memory, that receives the result and is
   * returned: no new output is made. A wrong type, dims or a disposed wasm tensor is an OnnxWasmError
   * saying what differs. For the elementwise operators (Floor, Ceil, Round, Min, Max, Add, Sub, Mul, Div, Relu, Clip, Identity, Cast, Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal, Erf) it may be an input of
   * the output's dims (in place); AveragePool refuses an `out` that shares memory with its input in
   * wasm memory (in JS memory the input is copied before anything is written).
   */
  out?: TensorInput<NoInfer<T>> | null;
}

/** Floor, Ceil, Min, Max, Relu and version 1 of the elementwise math operators (Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal). */
export interface ConsumedInputsOptions extends OpsetOption {
  /** Version 1 only (a legacy optimisation hint): accepted and ignored. */
  consumed_inputs?: readonly number[];
}

export type FloorOptions = ConsumedInputsOptions;
export type CeilOptions = ConsumedInputsOptions;
/** Round has no attributes. */
export type RoundOptions = OpsetOption;
export type MinOptions = ConsumedInputsOptions;
export type MaxOptions = ConsumedInputsOptions;
export type ReluOptions = ConsumedInputsOptions;
export type SigmoidOptions = ConsumedInputsOptions;
export type TanhOptions = ConsumedInputsOptions;
export type ExpOptions = ConsumedInputsOptions;
export type LogOptions = ConsumedInputsOptions;
export type SqrtOptions = ConsumedInputsOptions;
export type AbsOptions = ConsumedInputsOptions;
export type NegOptions = ConsumedInputsOptions;
export type ReciprocalOptions = ConsumedInputsOptions;
/** Erf has no attributes. */
export type ErfOptions = OpsetOption;

/** Softmax and LogSoftmax. */
export interface SoftmaxOptions extends OpsetOption {
  /**
   * Versions 1 and 11: the input is coerced to 2-D at this axis (the dims before it are rows, the rest
   * one axis), default 1. From 13: the one axis normalized, default -1. Negative counts from the back
   * (version 11 on).
   */
  axis?: number;
}
export type LogSoftmaxOptions = SoftmaxOptions;

/** Pow. */
export interface PowOptions extends OpsetOption {
  /** Version 1 only: 1 broadcasts Y to X's shape (Y of one element, or Y's shape equal to X's dims from `axis` on); default 0, identical shapes. */
  broadcast?: 0 | 1 | boolean;
  /** Version 1 only, with broadcast: the dim of X where Y's shape starts (default: Y's shape is a suffix of X's). */
  axis?: number;
}

/** Add, Sub, Mul and Div. */
export interface ArithmeticOptions extends OpsetOption {
  /** Versions 1 and 6 only: 1 broadcasts B to A's shape (B of one element, or B's shape equal to A's dims from `axis` on); default 0, identical shapes. */
  broadcast?: 0 | 1 | boolean;
  /** Versions 1 and 6 only, with broadcast: the dim of A where B's shape starts (default: B's shape is a suffix of A's). */
  axis?: number;
  /** Version 1 only (a legacy optimisation hint): accepted and ignored. */
  consumed_inputs?: readonly number[];
}

export type AddOptions = ArithmeticOptions;
export type SubOptions = ArithmeticOptions;
export type MulOptions = ArithmeticOptions;
export type DivOptions = ArithmeticOptions;

/** Equal, Less and Greater: version 1's legacy broadcast, as Add's (later versions broadcast by NumPy rules). */
export interface ComparisonOptions extends OpsetOption {
  /** Version 1 only: 1 broadcasts B to A's shape (B of one element, or B's shape equal to A's dims from `axis` on); default 0, identical shapes. */
  broadcast?: 0 | 1 | boolean;
  /** Version 1 only, with broadcast: the dim of A where B's shape starts (default: B's shape is a suffix of A's). */
  axis?: number;
}
export type EqualOptions = ComparisonOptions;
export type LessOptions = ComparisonOptions;
export type GreaterOptions = ComparisonOptions;
/** LessOrEqual and GreaterOrEqual have no attributes. */
export type LessOrEqualOptions = OpsetOption;
export type GreaterOrEqualOptions = OpsetOption;
/** And, Or and Xor: version 1's legacy broadcast, as the comparisons'. */
export type AndOptions = ComparisonOptions;
export type OrOptions = ComparisonOptions;
export type XorOptions = ComparisonOptions;
/** Not has no attributes. */
export type NotOptions = OpsetOption;

/** Clip. From version 11 the bounds are the optional inputs min and max instead (scalars, null when omitted). */
export interface ClipOptions extends OpsetOption {
  /** Versions 1 and 6: the lower bound (default -3.402823e+38, float32's lowest). */
  min?: number;
  /** Versions 1 and 6: the upper bound (default 3.402823e+38, float32's highest). */
  max?: number;
  /** Version 1 only (a legacy optimisation hint): accepted and ignored. */
  consumed_inputs?: readonly number[];
}

/** AveragePool. N is the number of spatial axes (input rank - 2). */
export interface AveragePoolOptions extends OpsetOption {
  /** The window size along each spatial axis (N values). Required. */
  kernel_shape: readonly number[];
  /** Step along each spatial axis (N values; default 1 each). */
  strides?: readonly number[];
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2N values; default 0 each). Not with auto_pad. */
  pads?: readonly number[];
  /** Default 'NOTSET': explicit `pads`; '' is read as 'NOTSET', as onnxruntime reads it. */
  auto_pad?: 'NOTSET' | '' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  /** Version 10 on: compute output sizes with ceil instead of floor (default 0). */
  ceil_mode?: 0 | 1 | boolean;
  /** Version 7 on: count padding in each window's divisor (default 0). */
  count_include_pad?: 0 | 1 | boolean;
  /** Version 19 on: spacing of the window's elements along each spatial axis (N values; default 1 each). */
  dilations?: readonly number[];
}

/**
 * MaxPool: AveragePool's windows (N spatial axes), each output the largest element of its window (NaN
 * above every number, +0 above -0; a window without elements gives -Infinity, or the type's lowest
 * integer). ops.MaxPool returns Y; a session node that names the second output also gets Indices.
 */
export interface MaxPoolOptions extends OpsetOption {
  /** The window size along each spatial axis (N values). Required. */
  kernel_shape: readonly number[];
  /** Step along each spatial axis (N values; default 1 each). */
  strides?: readonly number[];
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2N values; default 0 each). Not with auto_pad. */
  pads?: readonly number[];
  /** Default 'NOTSET': explicit `pads`; '' is read as 'NOTSET', as onnxruntime reads it. */
  auto_pad?: 'NOTSET' | '' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  /** Version 10 on: compute output sizes with ceil instead of floor (default 0). */
  ceil_mode?: 0 | 1 | boolean;
  /** Version 10 on: spacing of the window's elements along each spatial axis (N values; default 1 each). */
  dilations?: readonly number[];
  /** Version 8 on: Indices in row-major (0, default) or column-major (1) order within each plane. */
  storage_order?: 0 | 1;
}

/** GlobalMaxPool has no attributes. */
export type GlobalMaxPoolOptions = OpsetOption;

/**
 * Resize. Coordinates are computed in float32 as onnxruntime does; see docs/operators.md for the choices
 * where ONNX is open (integer types round to nearest, bool takes mode 'nearest' only, Resize-10 follows
 * onnxruntime).
 */
export interface ResizeOptions extends OpsetOption {
  /** Default 'nearest'; version 10: 'nearest' or 'linear'. */
  mode?: 'nearest' | 'linear' | 'cubic';
  /** Version 11 on (default 'half_pixel'); 'tf_half_pixel_for_nn' is version 11's only, 'half_pixel_symmetric' 19's on. */
  coordinate_transformation_mode?:
    | 'half_pixel' | 'half_pixel_symmetric' | 'pytorch_half_pixel' | 'align_corners' | 'asymmetric' | 'tf_half_pixel_for_nn' | 'tf_crop_and_resize';
  /** Version 11 on: how nearest rounds x_original (default 'round_prefer_floor'). */
  nearest_mode?: 'round_prefer_floor' | 'round_prefer_ceil' | 'floor' | 'ceil';
  /** Version 11 on: cubic's coefficient a (default -0.75). */
  cubic_coeff_a?: number;
  /** Version 11 on: weigh taps outside the input 0 and renormalize (default 0). */
  exclude_outside?: 0 | 1 | boolean;
  /** Version 11 on: tf_crop_and_resize's value outside the input (default 0). */
  extrapolation_value?: number;
  /** Version 18 on: linear and cubic filters stretched by 1 / scale when downscaling (default 0). */
  antialias?: 0 | 1 | boolean;
  /** Version 18 on: the axes roi, scales and sizes list (negative counts from the back; default all). */
  axes?: readonly number[];
  /** Version 18 on: how `sizes` keeps the aspect ratio (default 'stretch'). */
  keep_aspect_ratio_policy?: 'stretch' | 'not_larger' | 'not_smaller';
}

/** Reshape. */
export interface ReshapeOptions extends OpsetOption {
  /** Version 1 only, where it is required: the new shape (from version 5 it is the input `shape`). */
  shape?: readonly number[];
  /** Version 1 only (a legacy optimisation hint): accepted and ignored. */
  consumed_inputs?: readonly number[];
  /**
   * Version 14 on: a 0 in the shape is a dim of 0 rather than a copy of the input's dim at that index
   * (default 0). The shape may then not have both a 0 and a -1.
   */
  allowzero?: 0 | 1 | boolean;
}

/** Flatten. */
export interface FlattenOptions extends OpsetOption {
  /** The output is [product of the dims before axis, product of the others] (default 1; negative from version 11). */
  axis?: number;
}

/** Squeeze and Unsqueeze. */
export interface AxesOptions extends OpsetOption {
  /**
   * Versions 1 and 11: the axes (negative from version 11, counting from the back); from version 13
   * they are the input `axes`. Unsqueeze needs them; Squeeze without them drops every dim of 1.
   */
  axes?: readonly number[];
}

export type SqueezeOptions = AxesOptions;
export type UnsqueezeOptions = AxesOptions;

/** Transpose. */
export interface TransposeOptions extends OpsetOption {
  /** Output axis i is input axis perm[i] (default: the axes reversed). */
  perm?: readonly number[];
}

/** TensorProto.DataType's numbers for the element types (Cast's `to` from version 6). */
export interface DataTypeNumbers {
  float32: 1; uint8: 2; int8: 3; uint16: 4; int16: 5; int32: 6; int64: 7; bool: 9; float16: 10; float64: 11; uint32: 12; uint64: 13; bfloat16: 16;
}
/** TensorProto.DataType's names for the element types (Cast-1's `to`). */
export interface DataTypeNames {
  float32: 'FLOAT'; uint8: 'UINT8'; int8: 'INT8'; uint16: 'UINT16'; int16: 'INT16'; int32: 'INT32'; int64: 'INT64'; bool: 'BOOL';
  float16: 'FLOAT16'; float64: 'DOUBLE'; uint32: 'UINT32'; uint64: 'UINT64'; bfloat16: 'BFLOAT16';
}

/**
 * Constant: exactly one of the value attributes. A type the runtime lacks (value_string(s)) and
 * sparse_value are refused as UNSUPPORTED.
 */
export interface ConstantOptions extends OpsetOption {
  /** The tensor itself (copied when the operator is prepared). */
  value?: TensorInput<DataTensorType>;
  /** Version 11 on; refused (sparse tensors are not supported). */
  sparse_value?: never;
  /** Version 12 on: a float32 scalar. */
  value_float?: number;
  /** Version 12 on: a 1-D float32 tensor. */
  value_floats?: readonly number[];
  /** Version 12 on: an int64 scalar (exact up to 2^53; pass a Tensor as `value` beyond). */
  value_int?: number;
  /** Version 12 on: a 1-D int64 tensor. */
  value_ints?: readonly number[];
  /** Version 12 on; refused (the runtime has no string tensors). */
  value_string?: string;
  /** Version 12 on; refused. */
  value_strings?: readonly string[];
}

/** Identity has no attributes. */
export type IdentityOptions = OpsetOption;

/**
 * Slice: from version 10 starts, ends, axes and steps are inputs; version 1 takes them here. Negative
 * starts and ends count from the back, then clamp to the axis (INT64_MAX: to the end).
 */
export interface SliceOptions extends OpsetOption {
  /** Version 1 only: the first index along each axis. Required there. */
  starts?: readonly number[];
  /** Version 1 only: the index before which each axis stops. Required there. */
  ends?: readonly number[];
  /** Version 1 only: the axes starts and ends apply to (default: the first ones). */
  axes?: readonly number[];
}

/** Expand has no attributes. */
export type ExpandOptions = OpsetOption;

/** Tile has no attributes (version 1's inputs are [input, tiles, axis], scalars). */
export type TileOptions = OpsetOption;

/** Where has no attributes. */
export type WhereOptions = OpsetOption;

/** ConstantOfShape: the one-element tensor every output element copies (default float32 0). */
export interface ConstantOfShapeOptions extends OpsetOption {
  value?: TensorInput<DataTensorType>;
}

/** Range has no attributes. */
export type RangeOptions = OpsetOption;

/** Size has no attributes. */
export type SizeOptions = OpsetOption;

/** NonZero has no attributes. */
export type NonZeroOptions = OpsetOption;

export interface GatherElementsOptions extends OpsetOption {
  /** The axis the indices run along, in [-rank, rank - 1] (default 0). */
  axis?: number;
}

export interface GatherNDOptions extends OpsetOption {
  /** Version 12 on: how many leading axes data and indices share as batches (default 0). */
  batch_dims?: number;
}

export interface ScatterNDOptions extends OpsetOption {
  /** Version 16 on: 'none' (default), 'add' or 'mul'; from 18 also 'max' or 'min'. */
  reduction?: 'none' | 'add' | 'mul' | 'max' | 'min';
}

export interface SplitOptions extends OpsetOption {
  /** The axis to cut, in [-rank, rank - 1] (default 0). */
  axis?: number;
  /** Versions 1 to 11: each part's length, none negative, summing to the axis's. */
  split?: readonly number[];
  /** Version 18: how many parts, of ceil(dim / num_outputs) elements, the last smaller. */
  num_outputs?: number;
}

/**
 * Cast. Floating point to integer truncates toward zero and saturates, as WebAssembly's and ARM64's
 * conversions do: NaN gives 0, values beyond int32, int64, uint32 or uint64 its nearest end; to the
 * narrower integer types, through int32 so saturated, its low bits kept. Integers keep their low bits;
 * to floating point everything rounds to nearest even, once. To bool: true where not zero (NaN too);
 * from bool: 0 or 1.
 */
export interface CastOptions<T extends DataTensorType> extends OpsetOption {
  /** The output type: its TensorProto.DataType number (version 6 on) or name (version 1). Required. */
  to: DataTypeNumbers[T] | DataTypeNames[T];
  /** Version 19 on: only affects float8 results (which the runtime lacks): accepted and ignored. */
  saturate?: 0 | 1 | boolean;
  /** Version 24 on: only affects float8e8m0 results: checked and ignored. */
  round_mode?: 'up' | 'down' | 'nearest';
}

/** Shape: version 15 on, the dims of axes [start, end); negative axes count from the back, then clamp to [0, rank]. */
export interface ShapeOptions extends OpsetOption {
  start?: number;
  end?: number;
}

/** Gather. */
export interface GatherOptions extends OpsetOption {
  /** The axis of `data` to gather along, in [-rank, rank - 1] (default 0). */
  axis?: number;
}

/** Concat. */
export interface ConcatOptions extends OpsetOption {
  /** The axis to join along, in [-rank, rank - 1]; required from version 4 (version 1: default 1). */
  axis: number;
}

/**
 * Pad. Versions 1 and 2 take the pads and the value as attributes (`ops.Pad([x], { opset: 2, pads })`);
 * from 11 they are inputs.
 */
export interface PadOptions extends OpsetOption {
  /** 'constant' (default), 'reflect', 'edge'; 'wrap' from version 19. */
  mode?: 'constant' | 'reflect' | 'edge' | 'wrap';
  /** Version 1 only, required there: as `pads`. */
  paddings?: readonly number[];
  /**
   * Version 2 only, required there: [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2 values per input
   * axis), elements added at each end of each axis, or removed where negative.
   */
  pads?: readonly number[];
  /** Versions 1 and 2: the constant of mode 'constant', a float32 as in a model (default 0). */
  value?: number;
}

/** MatMul has no attributes. */
export type MatMulOptions = OpsetOption;

/** Gemm: Y = alpha * A' * B' + beta * C. */
export interface GemmOptions extends OpsetOption {
  /** Scale of the product (default 1; integer types take whole values only). */
  alpha?: number;
  /** Scale of C (default 1; integer types take whole values only). 0 leaves C unread. */
  beta?: number;
  /** 1: A' is A transposed (default 0). */
  transA?: 0 | 1 | boolean;
  /** 1: B' is B transposed (default 0). */
  transB?: 0 | 1 | boolean;
  /** Versions 1 and 6 only: 1 lets C broadcast to [M, N]; default 0, C must be [M, N]. */
  broadcast?: 0 | 1 | boolean;
}

/** Conv. N is the number of spatial axes (input rank - 2), 1 to 3. */
export interface ConvOptions extends OpsetOption {
  /** The kernel's spatial shape (N values); default W's, which it must equal when given. */
  kernel_shape?: readonly number[];
  /** Step along each spatial axis (N values; default 1 each). */
  strides?: readonly number[];
  /** [x1_begin, x2_begin, ..., x1_end, x2_end, ...] (2N values; default 0 each). Not with auto_pad. */
  pads?: readonly number[];
  /** Default 'NOTSET': explicit `pads`; '' is read as 'NOTSET', as onnxruntime reads it. */
  auto_pad?: 'NOTSET' | '' | 'SAME_UPPER' | 'SAME_LOWER' | 'VALID';
  /** Spacing of the kernel's taps along each spatial axis (N values; default 1 each). */
  dilations?: readonly number[];
  /** Channel groups (default 1): C and M are multiples of it; C = M = group is depthwise. */
  group?: number;
}

/** GlobalAveragePool has no attributes. */
export type GlobalAveragePoolOptions = OpsetOption;

/** ReduceMean. Versions 1 to 13 take the axes as an attribute, 18 as an input. */
export interface ReduceMeanOptions extends OpsetOption {
  /** Versions 1 to 13: the axes to reduce (negative counts from the back; default all). */
  axes?: readonly number[];
  /** Keep each reduced axis as a dimension of 1 (default 1). */
  keepdims?: 0 | 1 | boolean;
  /** Version 18: with no axes, reduce none (the output is the input) rather than all (default 0). */
  noop_with_empty_axes?: 0 | 1 | boolean;
}

/** The activations of LSTM, GRU and RNN (case is ignored). */
export type RecurrentActivation =
  | 'Relu' | 'Tanh' | 'Sigmoid' | 'Affine' | 'LeakyRelu' | 'ThresholdedRelu' | 'ScaledTanh' | 'HardSigmoid' | 'Elu' | 'Softsign' | 'Softplus';

/** The options LSTM, GRU and RNN share. */
export interface RecurrentOptions extends OpsetOption {
  /** 'forward' (default), 'reverse' or 'bidirectional' (two directions, forward first). */
  direction?: 'forward' | 'reverse' | 'bidirectional';
  /** The hidden size; default: R's last dim. */
  hidden_size?: number;
  /**
   * The activations of every direction, forward first: f, g, h for LSTM (default Sigmoid, Tanh, Tanh),
   * f, g for GRU (Sigmoid, Tanh), f for RNN (Tanh).
   */
  activations?: readonly RecurrentActivation[];
  /** The alphas of the activations that take one (Affine, LeakyRelu, ThresholdedRelu, ScaledTanh, HardSigmoid, Elu), in order; the ONNX operators' defaults after the list ends. */
  activation_alpha?: readonly number[];
  /** The betas of Affine, ScaledTanh and HardSigmoid, likewise. */
  activation_beta?: readonly number[];
  /** Bounds the activations' inputs to [-clip, clip] (default: no bound). */
  clip?: number;
  /** Version 14 on: 1 for batch-first X, Y, initial and final states. */
  layout?: 0 | 1 | boolean;
  /** Version 1 only: checked (0 or 1) and ignored; Y is given all the same. */
  output_sequence?: 0 | 1 | boolean;
}

/** LSTM. */
export interface LSTMOptions extends RecurrentOptions {
  /** Couples the input and forget gates: f = 1 - i (default 0). */
  input_forget?: 0 | 1 | boolean;
}

/** GRU. */
export interface GRUOptions extends RecurrentOptions {
  /** Version 3 on: r multiplies (H * Rh^T + Rbh) rather than H (default 0). */
  linear_before_reset?: 0 | 1 | boolean;
}

/** RNN. */
export type RNNOptions = RecurrentOptions;

/**
 * ReduceSum, ReduceProd, ReduceMax and ReduceMin take ReduceMean's options; the axes are an option up to
 * ReduceSum-11 and ReduceProd, ReduceMax, ReduceMin-13, then an input (with `noop_with_empty_axes`).
 */
export type ReduceSumOptions = ReduceMeanOptions;
export type ReduceProdOptions = ReduceMeanOptions;
export type ReduceMaxOptions = ReduceMeanOptions;
export type ReduceMinOptions = ReduceMeanOptions;

/** ArgMax and ArgMin. */
export interface ArgMaxOptions extends OpsetOption {
  /** The axis to search along, in [-rank, rank - 1] (default 0). */
  axis?: number;
  /** Keep the axis as a dimension of 1 (default 1). */
  keepdims?: 0 | 1 | boolean;
  /** Version 12 on: among equal extremes, the last index rather than the first (default 0). */
  select_last_index?: 0 | 1 | boolean;
}
export type ArgMinOptions = ArgMaxOptions;

/** NonMaxSuppression. */
export interface NonMaxSuppressionOptions extends OpsetOption {
  /** 0 (default): boxes are [y1, x1, y2, x2], either diagonal; 1: [x_center, y_center, width, height]. */
  center_point_box?: 0 | 1;
}

/** TopK. */
export interface TopKOptions extends OpsetOption {
  /** The axis to search along, in [-rank, rank - 1] (default -1). */
  axis?: number;
  /** Version 1 only, required there: how many elements (from 10, the input K). */
  k?: number;
  /** Version 11 on: the largest (1, default) or the smallest (0). */
  largest?: 0 | 1 | boolean;
  /** Version 11 on: accepted; the elements are always sorted (ONNX leaves the order of 0 open). */
  sorted?: 0 | 1 | boolean;
}

/**
 * One function per operator, synchronous after `await ready()`; each returns a new Tensor of the input
 * type (Cast: of `to`; Shape: int64), or an array of them for an operator of several outputs (TopK, LSTM, GRU, RNN): in
 * wasm memory if any input is (see Tensor.wasm), else in JS memory. Unsupported types, bad attributes and bad shapes throw OnnxWasmError.
 */
export interface Ops {
  Floor<T extends FloatTensorType>(x: TensorInput<T>, options?: FloorOptions & OutOption<T>): Tensor<T>;
  Ceil<T extends FloatTensorType>(x: TensorInput<T>, options?: CeilOptions & OutOption<T>): Tensor<T>;
  /** Rounds halves to even. */
  Round<T extends FloatTensorType>(x: TensorInput<T>, options?: RoundOptions & OutOption<T>): Tensor<T>;
  /**
   * Elementwise minimum of one or more tensors of one type, with multidirectional broadcasting
   * (version 8 on). Integer types from version 12.
   */
  Min<T extends NumericTensorType>(inputs: readonly TensorInput<T>[], options?: MinOptions & OutOption<T>): Tensor<T>;
  /** X is (N x C x D1 x ... x Dn). */
  AveragePool<T extends FloatTensorType>(x: TensorInput<T>, options: AveragePoolOptions & OutOption<T>): Tensor<T>;
  /**
   * The elements of `data` under another shape: `shape` (version 5 on; version 1 takes it as an option)
   * lists the dims, where -1 (once) is inferred and 0 copies the input's dim (unless allowzero).
   */
  Reshape<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, shape?: TensorInput<'int64'>], options?: ReshapeOptions & OutOption<T>): Tensor<T>;
  /** The elements of `input` as a matrix (see FlattenOptions.axis). */
  Flatten<T extends DataTensorType>(input: TensorInput<T>, options?: FlattenOptions & OutOption<T>): Tensor<T>;
  /** `data` without dims of size 1: those `axes` lists (version 13 on; before, an option), or all. */
  Squeeze<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: SqueezeOptions & OutOption<T>): Tensor<T>;
  /** `data` with dims of size 1 inserted at `axes`, axes of the output (version 13 on; before, an option). */
  Unsqueeze<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'>], options?: UnsqueezeOptions & OutOption<T>): Tensor<T>;
  Transpose<T extends DataTensorType>(data: TensorInput<T>, options?: TransposeOptions & OutOption<T>): Tensor<T>;
  /**
   * Clamps each element to [min, max] (Min(max, Max(x, min)): NaN stays NaN, min > max gives max):
   * [x] with the bounds as options (versions 1 and 6), or [x, min?, max?] with scalar bounds (version
   * 11 on; integer types from 12, bfloat16 from 13).
   */
  Clip<T extends NumericTensorType>(inputs: readonly [input: TensorInput<T>, min?: TensorInput<T> | null, max?: TensorInput<T> | null], options?: ClipOptions & OutOption<T>): Tensor<T>;
  /** max(x, 0); NaN stays NaN. Signed integer types from version 14. */
  Relu<T extends NumericTensorType>(x: TensorInput<T>, options?: ReluOptions & OutOption<T>): Tensor<T>;
  /** Elementwise maximum of one or more tensors of one type, as Min. */
  Max<T extends NumericTensorType>(inputs: readonly TensorInput<T>[], options?: MaxOptions & OutOption<T>): Tensor<T>;
  /**
   * [A, B]: A + B, with multidirectional broadcasting from version 7 (before, see ArithmeticOptions).
   * Integers wrap around. Integer types from version 6 (8- and 16-bit from 14), bfloat16 from 13.
   */
  Add<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: AddOptions & OutOption<T>): Tensor<T>;
  /** [A, B]: A - B, as Add. */
  Sub<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: SubOptions & OutOption<T>): Tensor<T>;
  /** [A, B]: A * B, as Add. */
  Mul<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: MulOptions & OutOption<T>): Tensor<T>;
  /**
   * [A, B]: A / B, as Add. Integer division truncates toward zero; x / 0 is 0 and the lowest value /
   * -1 wraps to itself (no trap).
   */
  Div<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: DivOptions & OutOption<T>): Tensor<T>;
  /**
   * [A, B]: A == B as bool, broadcasting as Add. NaN equals nothing, -0 equals 0. bool, int32 and int64;
   * every type from version 11 (bfloat16 from 13; version 19's string is refused).
   */
  Equal<T extends DataTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: EqualOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B]: A < B as bool, broadcasting as Add; NaN is not ordered. Float types; numeric from version 9, bfloat16 from 13. */
  Less<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: LessOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B]: A > B as bool, as Less. */
  Greater<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: GreaterOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B]: A <= B as bool, broadcasting by NumPy rules; NaN is not ordered. Numeric types; bfloat16 from version 16. */
  LessOrEqual<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: LessOrEqualOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B]: A >= B as bool, as LessOrEqual. */
  GreaterOrEqual<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: GreaterOrEqualOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B] of bool: A and B, broadcasting as Add (version 1's legacy broadcast, see AndOptions). Any nonzero byte is true; the output is 0 or 1. */
  And<T extends DataTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: AndOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B] of bool: A or B, as And. */
  Or<T extends DataTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: OrOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** [A, B] of bool: A xor B, as And. */
  Xor<T extends DataTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: XorOptions & OutOption<'bool'>): Tensor<'bool'>;
  /** Not x of bool: 1 where x is 0, else 0. */
  Not<T extends DataTensorType>(x: TensorInput<T>, options?: NotOptions & OutOption<T>): Tensor<T>;
  /**
   * `data` padded with a constant, or by reflecting it, repeating its edges or wrapping it. From version
   * 11 `pads` (2 values per padded axis: every begin, then every end; negative ones remove elements) and
   * the constant (a scalar, default 0) are inputs, before them options; from 18 `axes` names the padded
   * axes (negative counts from the back; default all).
   */
  Pad<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, pads?: TensorInput<'int64'>, constant_value?: TensorInput<T> | null, axes?: TensorInput<'int32' | 'int64'> | null], options?: PadOptions & OutOption<T>): Tensor<T>;
  /** X is (N x C x D1 x ... x Dn); Y is (N x C x 1 x ... x 1), each plane's mean. */
  GlobalAveragePool<T extends FloatTensorType>(x: TensorInput<T>, options?: GlobalAveragePoolOptions & OutOption<T>): Tensor<T>;
  /**
   * The mean over `axes` (version 18 on; before, an option). Integers sum in their own width, wrapping,
   * and divide truncating toward zero, as onnxruntime does.
   */
  ReduceMean<T extends NumericTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: ReduceMeanOptions & OutOption<T>): Tensor<T>;
  /**
   * The sum over `axes` (default all; an input from version 13, before an option). Integers wrap in
   * their type; over no elements, 0.
   */
  ReduceSum<T extends NumericTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: ReduceSumOptions & OutOption<T>): Tensor<T>;
  /** The product over `axes` (an input from version 18), as ReduceSum; over no elements, 1. */
  ReduceProd<T extends NumericTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: ReduceProdOptions & OutOption<T>): Tensor<T>;
  /**
   * The largest element over `axes` (an input from version 18); NaN propagates, +0 is above -0; over
   * no elements, -Infinity or the type's lowest. int8 and uint8 from version 12, bfloat16 from 13, bool
   * (any) from 20.
   */
  ReduceMax<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: ReduceMaxOptions & OutOption<T>): Tensor<T>;
  /** The smallest element over `axes`, as ReduceMax; over no elements, Infinity or the type's highest. */
  ReduceMin<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, axes?: TensorInput<'int64'> | null], options?: ReduceMinOptions & OutOption<T>): Tensor<T>;
  /**
   * The int64 index of the largest element along `axis`: the first of equal ones (the last with
   * select_last_index); NaN is chosen over every number, as numpy.argmax. bfloat16 from version 13.
   */
  ArgMax<T extends NumericTensorType>(data: TensorInput<T>, options?: ArgMaxOptions & OutOption<'int64'>): Tensor<'int64'>;
  /** The int64 index of the smallest element along `axis`, as ArgMax. */
  ArgMin<T extends NumericTensorType>(data: TensorInput<T>, options?: ArgMinOptions & OutOption<'int64'>): Tensor<'int64'>;
  /**
   * [boxes [B, N, 4], scores [B, C, N], max_output_boxes_per_class (default 0), iou_threshold (default 0),
   * score_threshold (default none)]: the boxes kept per batch and class, by descending score, each
   * unless it overlaps a kept one by more than the IoU threshold, as int64 [selected, 3] rows (batch,
   * class, box), as onnxruntime selects them. The output's length depends on the values.
   */
  NonMaxSuppression<T extends FloatTensorType>(inputs: readonly [boxes: TensorInput<T>, scores: TensorInput<T>, max_output_boxes_per_class?: TensorInput<'int64'> | null, iou_threshold?: TensorInput<T> | null, score_threshold?: TensorInput<T> | null], options?: NonMaxSuppressionOptions & OutOption<'int64'>): Tensor<'int64'>;
  /**
   * [X, K] (K, one int64, from version 10; before, the option k): the k largest (or smallest) elements
   * along `axis` and their int64 indices, equal values by lower index, NaN after every number. Integer
   * types from version 11, bfloat16 from 24. Returns both outputs; options.out is not taken.
   */
  TopK<T extends NumericTensorType>(inputs: readonly [X: TensorInput<T>, K?: TensorInput<'int64'>], options?: TopKOptions): [Values: Tensor<T>, Indices: Tensor<'int64'>];
  /** No inputs: the tensor the options give. */
  Constant<T extends DataTensorType>(options: ConstantOptions & OutOption<T>): Tensor<T>;
  /** The input (copied). */
  Identity<T extends DataTensorType>(x: TensorInput<T>, options?: IdentityOptions & OutOption<T>): Tensor<T>;
  Cast<T extends DataTensorType>(x: TensorInput<DataTensorType>, options: CastOptions<T> & OutOption<T>): Tensor<T>;
  /** The input's dims (or some of them) as a 1-D int64 tensor. */
  Shape<T extends DataTensorType>(x: TensorInput<T>, options?: ShapeOptions & OutOption<'int64'>): Tensor<'int64'>;
  /** [data, indices]: the slices of data along the axis that the indices name (negative: from the back). */
  Gather<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, indices: TensorInput<'int32' | 'int64'>], options?: GatherOptions & OutOption<T>): Tensor<T>;
  /** One or more tensors of one type joined along an axis. */
  Concat<T extends DataTensorType>(inputs: readonly TensorInput<T>[], options: ConcatOptions & OutOption<T>): Tensor<T>;
  /**
   * [A, B]: the matrix product, as NumPy's matmul: a 1-D A is a row and a 1-D B a column (that dim
   * dropped from the output), the dims before the last two broadcast. Integers wrap around; float16
   * and bfloat16 compute in float32, rounded once. Integer types from version 9, bfloat16 from 13.
   */
  MatMul<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>], options?: MatMulOptions & OutOption<T>): Tensor<T>;
  /**
   * [A, B, C]: alpha * A' * B' + beta * C for matrices A and B (see GemmOptions); C broadcasts to
   * [M, N] (from version 7; before, with broadcast) and is optional from version 11. Integer types
   * from version 9 (exact, wrapping around), bfloat16 from 13.
   */
  Gemm<T extends NumericTensorType>(inputs: readonly [A: TensorInput<T>, B: TensorInput<T>, C?: TensorInput<T> | null], options?: GemmOptions & OutOption<T>): Tensor<T>;
  /**
   * [X, W, B?]: the convolution (cross-correlation) of X (N x C x D1 ... x Dn, n from 1 to 3) with the
   * weights W (M x C/group x k1 ... x kn), plus the bias B (M) if given. bfloat16 from version 22.
   */
  Conv<T extends FloatTensorType>(inputs: readonly [X: TensorInput<T>, W: TensorInput<T>, B?: TensorInput<T> | null], options?: ConvOptions & OutOption<T>): Tensor<T>;
  /**
   * 1 / (1 + e^-x). The elementwise math operators (Sigmoid to Erf): float32 within 2 ulp of the correctly
   * rounded result, float64 within 2 ulp, float16 and bfloat16 computed in float32 and rounded once;
   * bfloat16 from version 13.
   */
  Sigmoid<T extends FloatTensorType>(x: TensorInput<T>, options?: SigmoidOptions & OutOption<T>): Tensor<T>;
  Tanh<T extends FloatTensorType>(x: TensorInput<T>, options?: TanhOptions & OutOption<T>): Tensor<T>;
  /** e^x. */
  Exp<T extends FloatTensorType>(x: TensorInput<T>, options?: ExpOptions & OutOption<T>): Tensor<T>;
  /** The natural logarithm: -inf at ±0, NaN below 0. */
  Log<T extends FloatTensorType>(x: TensorInput<T>, options?: LogOptions & OutOption<T>): Tensor<T>;
  /** Exact (correctly rounded); NaN below 0, -0 at -0. */
  Sqrt<T extends FloatTensorType>(x: TensorInput<T>, options?: SqrtOptions & OutOption<T>): Tensor<T>;
  /** |x|; every numeric type from version 6 (the lowest value of a signed integer type gives itself). */
  Abs<T extends NumericTensorType>(x: TensorInput<T>, options?: AbsOptions & OutOption<T>): Tensor<T>;
  /** -x; the signed integer types from version 6 (the lowest value gives itself). */
  Neg<T extends NumericTensorType>(x: TensorInput<T>, options?: NegOptions & OutOption<T>): Tensor<T>;
  /** 1 / x, exact (correctly rounded). */
  Reciprocal<T extends FloatTensorType>(x: TensorInput<T>, options?: ReciprocalOptions & OutOption<T>): Tensor<T>;
  /** The error function; on integer types erf(x) in float64 truncated toward zero, as ONNX's reference casts it: 0, or ±1 from |x| = 6. */
  Erf<T extends NumericTensorType>(x: TensorInput<T>, options?: ErfOptions & OutOption<T>): Tensor<T>;
  /**
   * e^(x - max) / sum along an axis (see SoftmaxOptions); a NaN or +inf among a row's values makes the
   * row NaN. bfloat16 from version 13.
   */
  Softmax<T extends FloatTensorType>(input: TensorInput<T>, options?: SoftmaxOptions & OutOption<T>): Tensor<T>;
  /** (x - max) - ln(sum of e^(x - max)) along an axis, as Softmax. */
  LogSoftmax<T extends FloatTensorType>(input: TensorInput<T>, options?: LogSoftmaxOptions & OutOption<T>): Tensor<T>;
  /**
   * [X, Y]: X^Y, of X's type, with multidirectional broadcasting from version 7 (before, see PowOptions).
   * Versions 1 and 7 take float X and Y of one type; from 12 X is int32, int64 or float and Y any
   * numeric type (bfloat16 X from 13, Y from 15). Computed in float64 as onnxruntime does, converted
   * once to X's type: integers truncated toward zero and saturated (2^31 gives 2147483647 in int32),
   * NaN giving 0.
   */
  Pow<T extends NumericTensorType>(inputs: readonly [X: TensorInput<T>, Y: TensorInput<'float64' | 'float32' | 'float16' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'bfloat16'>], options?: PowOptions & OutOption<T>): Tensor<T>;
  /** X is (N x C x D1 x ... x Dn); float types, int8 and uint8 from version 12, bfloat16 from 22. */
  MaxPool<T extends NumericTensorType>(x: TensorInput<T>, options: MaxPoolOptions & OutOption<T>): Tensor<T>;
  /** X is (N x C x D1 x ... x Dn); Y is (N x C x 1 x ... x 1), each plane's maximum. */
  GlobalMaxPool<T extends FloatTensorType>(x: TensorInput<T>, options?: GlobalMaxPoolOptions & OutOption<T>): Tensor<T>;
  /**
   * Version 10: [X, scales]. From 11: [X, roi, scales, sizes?] (roi and scales optional from 13, an empty
   * tensor or null for one not given): scales or sizes, one per axis (or per entry of `axes`).
   */
  Resize<T extends DataTensorType>(inputs: readonly [X: TensorInput<T>, scales: TensorInput<'float32'>] | readonly [X: TensorInput<T>, roi?: TensorInput<'float64' | 'float32' | 'float16'> | null, scales?: TensorInput<'float32'> | null, sizes?: TensorInput<'int64'> | null], options?: ResizeOptions & OutOption<T>): Tensor<T>;
  /**
   * X is [seq, batch, input] ([batch, seq, input] with layout 1), W [directions, 4 * hidden, input] (gates
   * i, o, f, c), R [directions, 4 * hidden, hidden], B [directions, 8 * hidden], sequence_lens [batch],
   * initial states [directions, batch, hidden], P [directions, 3 * hidden] (peepholes i, o, f). Gives Y
   * [seq, directions, batch, hidden], Y_h and Y_c [directions, batch, hidden] (layout 1: batch first).
   * float16 and bfloat16 compute in float32.
   */
  LSTM<T extends FloatTensorType>(inputs: readonly [X: TensorInput<T>, W: TensorInput<T>, R: TensorInput<T>, B?: TensorInput<T> | null, sequence_lens?: TensorInput<'int32'> | null, initial_h?: TensorInput<T> | null, initial_c?: TensorInput<T> | null, P?: TensorInput<T> | null], options?: LSTMOptions): [Y: Tensor<T>, Y_h: Tensor<T>, Y_c: Tensor<T>];
  /** As LSTM with 3 gates (z, r, h) and no cell state. */
  GRU<T extends FloatTensorType>(inputs: readonly [X: TensorInput<T>, W: TensorInput<T>, R: TensorInput<T>, B?: TensorInput<T> | null, sequence_lens?: TensorInput<'int32'> | null, initial_h?: TensorInput<T> | null], options?: GRUOptions): [Y: Tensor<T>, Y_h: Tensor<T>];
  /** As LSTM with one gate and no cell state. */
  RNN<T extends FloatTensorType>(inputs: readonly [X: TensorInput<T>, W: TensorInput<T>, R: TensorInput<T>, B?: TensorInput<T> | null, sequence_lens?: TensorInput<'int32'> | null, initial_h?: TensorInput<T> | null], options?: RNNOptions): [Y: Tensor<T>, Y_h: Tensor<T>];
  /**
   * [data, starts, ends, axes?, steps?] (version 1: [data], the rest in options): along each listed
   * axis the elements start, start + step, ... before end, each clamped to the axis as ONNX states.
   */
  Slice<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, starts?: TensorInput<'int32' | 'int64'>, ends?: TensorInput<'int32' | 'int64'>, axes?: TensorInput<'int32' | 'int64'> | null, steps?: TensorInput<'int32' | 'int64'> | null], options?: SliceOptions & OutOption<T>): Tensor<T>;
  /** [input, shape]: the input broadcast with the shape (NumPy's rules: a 1 in the shape keeps the dim). */
  Expand<T extends DataTensorType>(inputs: readonly [input: TensorInput<T>, shape: TensorInput<'int64'>], options?: ExpandOptions & OutOption<T>): Tensor<T>;
  /** [input, repeats] (version 1: [input, tiles, axis]): each axis repeated. */
  Tile<T extends DataTensorType>(inputs: readonly [input: TensorInput<T>, tiles: TensorInput<'int64'>, axis: TensorInput<'int64'>] | readonly [input: TensorInput<T>, repeats: TensorInput<'int64'>], options?: TileOptions & OutOption<T>): Tensor<T>;
  /** [condition, X, Y]: X where condition is true, else Y, the three broadcast together. */
  Where<T extends DataTensorType>(inputs: readonly [condition: TensorInput<'bool'>, X: TensorInput<T>, Y: TensorInput<T>], options?: WhereOptions & OutOption<T>): Tensor<T>;
  /** A tensor of the shape the int64 input gives, every element options.value. */
  ConstantOfShape<T extends DataTensorType>(input: TensorInput<'int64'>, options?: ConstantOfShapeOptions & OutOption<T>): Tensor<T>;
  /** [start, limit, delta] (scalars): start, start + delta, ... before limit. */
  Range<T extends NumericTensorType>(inputs: readonly [start: TensorInput<T>, limit: TensorInput<T>, delta: TensorInput<T>], options?: RangeOptions & OutOption<T>): Tensor<T>;
  /** The input's element count, an int64 scalar. */
  Size<T extends DataTensorType>(data: TensorInput<T>, options?: SizeOptions & OutOption<'int64'>): Tensor<'int64'>;
  /** The indices of the non-zero elements (NaN is, -0 is not), [rank, count] in row-major order. */
  NonZero<T extends DataTensorType>(X: TensorInput<T>, options?: NonZeroOptions & OutOption<'int64'>): Tensor<'int64'>;
  /** [data, indices]: data's element at each position of indices, along the axis at the index's value. */
  GatherElements<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, indices: TensorInput<'int32' | 'int64'>], options?: GatherElementsOptions & OutOption<T>): Tensor<T>;
  /** [data, indices]: the slices of data that the tuples of indices' last axis name. */
  GatherND<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, indices: TensorInput<'int64'>], options?: GatherNDOptions & OutOption<T>): Tensor<T>;
  /**
   * [input, split?] (version 1: split of T; 13 on: int64; 2 and 11: none, the attribute): the input cut
   * along the axis into parts of the lengths split gives, or (version 18) num_outputs parts of
   * ceil(dim / num_outputs), the last smaller. With neither, one part: ops.* is a node of one output.
   */
  Split<T extends DataTensorType>(inputs: readonly [input: TensorInput<T>, split?: TensorInput<'int64' | 'float64' | 'float32' | 'float16'> | null], options?: SplitOptions): Tensor<T>[];
  /**
   * [data, indices, updates]: a copy of data with the slices the tuples of indices' last axis name
   * replaced by (or, options.reduction from version 16, combined with) those of updates, in order.
   */
  ScatterND<T extends DataTensorType>(inputs: readonly [data: TensorInput<T>, indices: TensorInput<'int64'>, updates: TensorInput<T>], options?: ScatterNDOptions & OutOption<T>): Tensor<T>;
}

export const ops: Ops;

export interface OperatorVersion {
  /** Operator type, e.g. 'Floor'. */
  op: string;
  /** The opset in which this version was introduced (its since-version). */
  version: number;
  /** The element types of its first input, or of its output if it has none (its variants are these, per version). */
  types: DataTensorType[];
  /** Its inputs as ONNX names them, each with the element types it accepts. */
  inputs: OperatorParam[];
  /** Its outputs, likewise. */
  outputs: OperatorParam[];
  /** How many inputs a node of it takes at least. */
  minInputs: number;
  /** How many inputs a node of it takes at most (Infinity: any number); above 1, `ops` takes them as an array. */
  maxInputs: number;
  /** Each output element depends only on the input elements at its position: `options.out` may be an input. */
  elementwise: boolean;
  /** Each (batch, channel) plane of the output depends only on that plane of the input (pooling). */
  independentPlanes: boolean;
  /**
   * The operator runs subgraphs its node holds (If's then_branch and else_branch): an
   * `InferenceSession` runs it; `ops` has no function for it.
   */
  sessionOnly: boolean;
}

/** One input or output of an operator version. */
export interface OperatorParam {
  /** ONNX's name for it, e.g. 'X', 'shape', 'min'. */
  name: string;
  /** Its type constraint's name, e.g. 'T': params of one constraint have one type in a call. */
  constraint: string;
  types: DataTensorType[];
  /** An input that may be left out (null in the middle of the inputs, or off their end). */
  optional: boolean;
  /** The last input, given one or more times. */
  variadic: boolean;
}

/**
 * Every operator version with the element types and input counts it accepts, in a fixed order: the
 * table the operators of `ops` and LATEST_OPSET come from. Needs `await ready()` first.
 */
export function supportedOperators(): OperatorVersion[];

/** A graph input or output as the model declares it. */
export interface ModelValueInfo {
  name: string;
  /** Element type name (onnxruntime-web's names; ONNX's for types outside this package, e.g. 'bool'); null when not stated. */
  type: string | null;
  /**
   * Declared shape: a number per fixed dimension, a string per named symbolic dimension (dim_param),
   * null per unnamed one; null when the model states no shape.
   */
  shape: ReadonlyArray<number | string | null> | null;
}

/** A node of the model: its operator, the version of it that runs, and its attributes. */
export interface ModelNode {
  /** May be empty. */
  name: string;
  opType: string;
  /** '' or 'ai.onnx' (the only domain this package runs). */
  domain: string;
  /** The operator version the node runs: the largest since-version <= the model's opset, e.g. 6 for Floor at opset 12. */
  version: number;
  /** Value names; '' marks an omitted optional input. */
  inputs: readonly string[];
  outputs: readonly string[];
  /**
   * By name: ints and floats as numbers, strings, and lists of these; subgraphs (If's branches) as
   * declared; null for tensors and other kinds.
   */
  attributes: Readonly<Record<string, number | string | readonly number[] | readonly string[] | ModelSubgraph | readonly ModelSubgraph[] | null>>;
}

/** A subgraph a node's attribute holds (If's then_branch and else_branch), as declared. */
export interface ModelSubgraph {
  name: string;
  /** An If's branches have none: their nodes read the values of the graphs around them by name. */
  inputs: readonly ModelValueInfo[];
  outputs: readonly ModelValueInfo[];
  initializers: ReadonlyArray<{ readonly name: string; readonly type: TensorType; readonly dims: readonly number[] }>;
  /** In file order. */
  nodes: readonly ModelNode[];
}

/** What `InferenceSession.graph` describes: the model as declared (deeply frozen). */
export interface ModelGraph {
  irVersion: number;
  opsetImports: ReadonlyArray<{ readonly domain: string; readonly version: number }>;
  /** The graph's name. */
  name: string;
  /** The inputs `run` takes, in `inputNames` order (inputs with an initializer are listed under initializers). */
  inputs: readonly ModelValueInfo[];
  /** In `outputNames` order. */
  outputs: readonly ModelValueInfo[];
  initializers: ReadonlyArray<{ readonly name: string; readonly type: TensorType; readonly dims: readonly number[] }>;
  /** In file order. */
  nodes: readonly ModelNode[];
  /** The session's graphOptimizationLevel. */
  optimizationLevel: GraphOptimizationLevel;
  /** What runs, in order, after optimization. */
  steps: readonly ModelStep[];
  /** Indices in `nodes` of the nodes computed once at creation (constant folding): their outputs are constants. */
  folded: readonly number[];
  /** Indices in `nodes` of the nodes removed (Identity): their readers read the node's input. */
  removed: readonly number[];
}

/**
 * onnxruntime's graph optimization levels: 'disabled' runs the nodes as declared; 'basic' folds
 * constants, removes Identity nodes and makes Pads of zero pads views of their input; 'extended' also
 * fuses a Pad of zeros into the AveragePool after it, and float32 chains of scale, offset, rounding
 * and clamp by constants (Mul or Div, Add or Sub, Floor/Ceil/Round, Max/Relu, Min, Clip) into one
 * pass, and makes a Reshape whose shape is computed from dimensions known only as it runs (Shape,
 * Gather, Unsqueeze, Concat) read them itself; 'all' (the default) also makes Reshape, Flatten,
 * Squeeze and Unsqueeze views of their input and computes elementwise nodes into their input's memory
 * where nothing else reads it. Every level gives the same outputs, bit for bit, but that a NaN may
 * come out as another NaN.
 */
export type GraphOptimizationLevel = 'disabled' | 'basic' | 'extended' | 'all';

/** One step of a session's run after optimization. */
export interface ModelStep {
  /**
   * Indices in ModelGraph.nodes of the nodes it runs: one, or those fused into it (a Pad, then its
   * AveragePool; an elementwise chain; the shape arithmetic, then the Reshape it serves).
   */
  nodes: readonly number[];
  /** The operator's; a fused Pad + AveragePool's is 'AveragePool', a fused chain's its nodes', joined: 'Mul+Round+Clip', 'Mul+Greater+Where'. */
  opType: string;
  /**
   * 'compute': new outputs; 'view': its output is its input's memory in another shape (no copy), or
   * (Slice, Split) each output a part of its input's memory where, for the input at hand, the part is
   * contiguous in it (else copied);
   * 'in-place': computes into its input's memory (when no other tensor holds that memory).
   */
  kind: 'compute' | 'view' | 'in-place';
  /** Value names, '' for an omitted optional input. */
  inputs: readonly string[];
  outputs: readonly string[];
}

/** InferenceSession.create's options (onnxruntime-web's session options; the others are ignored). */
export interface SessionOptions {
  /**
   * Where run() puts outputs it is not given a Tensor for: 'cpu' (JS memory, the default) or 'wasm'
   * (wasm tensors, see Tensor.wasm), for all outputs or by output name.
   */
  preferredOutputLocation?: TensorLocation | Readonly<Record<string, TensorLocation>>;
  /** Which graph optimizations run at creation (default 'all'); see GraphOptimizationLevel. */
  graphOptimizationLevel?: GraphOptimizationLevel;
  [option: string]: unknown;
}

/**
 * run()'s `fetches`, as in onnxruntime-web: the names of the outputs to return, or output name to a
 * Tensor of its type and dims (filled in place and returned) or null (a new Tensor).
 */
export type FetchesType = readonly string[] | Readonly<Record<string, TensorInput | null>>;

/** onnxruntime-web's ValueMetadata of a tensor input or output. */
export interface ValueMetadata {
  readonly name: string;
  readonly isTensor: true;
  /** The element type; null when the model states none and none can be inferred. */
  readonly type: string | null;
  readonly shape: ReadonlyArray<number | string>;
}

/** A model loaded with `InferenceSession.create`, run on the wasm kernels. */
export class InferenceSession {
  /**
   * Parses an ONNX model: its bytes, or a URL (a path or `file:` URL in Node) to fetch them from. Loads
   * the wasm module first when `ready()` has not been called.
   * @throws (rejects with) OnnxWasmError `INVALID_MODEL` for a malformed model, `UNSUPPORTED` for an
   * operator, version or type outside this package, naming the node. Of `options` (onnxruntime-web's
   * session options) `preferredOutputLocation` and `graphOptimizationLevel` are read (an unknown level is
   * an OnnxWasmError naming the option); the others are accepted so that code moving over needs no
   * change, and ignored.
   */
  static create(source: Uint8Array | ArrayBuffer | string | URL, options?: SessionOptions): Promise<InferenceSession>;
  private constructor();
  /** The names of the graph inputs that `run` takes. */
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  /**
   * The model as declared (opsets, inputs, outputs, initializers, nodes), e.g. to show it, and the steps
   * that run after optimization. Not in onnxruntime-web.
   */
  readonly graph: ModelGraph;
  /**
   * Runs the graph on the given inputs (one per input name; wasm-resident tensors are read in place)
   * and resolves with the graph outputs `fetches` names (default: all), each where
   * preferredOutputLocation says (default: JS memory) or in the Tensor `fetches` gives for it. A third
   * argument (onnxruntime-web's run options) is accepted and ignored.
   */
  run(feeds: Readonly<Record<string, TensorInput>>, fetches?: FetchesType, options?: object): Promise<Record<string, AnyTensor>>;
  /**
   * onnxruntime-web's metadata of the inputs: name, type and shape (a number, a symbolic name, or -1
   * per dimension; [] when the model states no shape).
   */
  readonly inputMetadata: readonly ValueMetadata[];
  /**
   * The same for the outputs, a shape the model leaves out (or dimensions it leaves unnamed) inferred
   * from its nodes where it can be, as onnxruntime-web does.
   */
  readonly outputMetadata: readonly ValueMetadata[];
  /** A no-op here (onnx-wasm records no profile); it does not throw. */
  startProfiling(): void;
  /** A no-op, as startProfiling(). */
  endProfiling(): void;
  /**
   * Frees the session's memory in the wasm module at once; the session cannot run afterwards. A session
   * that is garbage-collected without release() is freed then.
   */
  release(): Promise<void>;
}

/** Decodes a serialized ONNX TensorProto (e.g. a backend test's `input_0.pb`). Call after `await ready()`. */
export function decodeTensorProto(bytes: Uint8Array | ArrayBuffer): AnyTensor;

/** What `heapStats()` reports. */
export interface HeapStats {
  /** Size of the wasm memory in bytes. It grows on demand and never shrinks. */
  memoryBytes: number;
  /** Bytes of that memory that malloc has handed out and not had back. */
  inUseBytes: number;
}

/**
 * Diagnostics: how much wasm memory the package holds. `inUseBytes` returns to its level after every
 * call (successful or not) and after `InferenceSession.release()`, apart from what `releaseCaches()`
 * frees. Call after `await ready()`.
 */
export function heapStats(): HeapStats;

/**
 * Frees what the runtime keeps between calls to make the next one cheap: the prepared operators of
 * `ops.*` (up to 64), the scratch block inputs in JS memory are copied into (at most about 576 KiB:
 * larger calls run in blocks or give theirs back when they end), the call and result areas and the
 * reused input list. Afterwards `inUseBytes` is
 * back at its level after `ready()`, apart from sessions and wasm tensors not released. Call after
 * `await ready()`.
 */
export function releaseCaches(): void;
