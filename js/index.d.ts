// Declarations of onnx-wasm's public API. The build writes this file to dist/index.d.ts (for require)
// and dist/index.d.mts (for import), with the operators' declarations (the Ops interface and each
// operator's options type), generated from the operator table, in place of the line that marks them.

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
  /**
   * 'cpu': `data` is a JS typed array; 'wasm': it lives in the wasm module's memory (Tensor.wasm);
   * 'none': the tensor is disposed, as in onnxruntime-web.
   */
  readonly location: TensorLocation | 'none';
  /**
   * Ends the tensor, as onnxruntime-web's dispose() does: its location becomes 'none', and reading its
   * data (data, getData(), reshape(), toImageData(), an ops.* or session call taking it) throws
   * OnnxWasmError; a wasm-resident tensor's memory is freed (one nobody disposes is freed after garbage
   * collection). Idempotent. A tensor in JS memory only lets go of its array, which other tensors
   * sharing it (reshape()) keep.
   */
  dispose(): void;
  /**
   * The same data with other dims of the same element count; the new tensor shares the data.
   * @throws OnnxWasmError for dims that do not fit, a wasm tensor (it owns its memory) or a disposed one.
   */
  reshape(dims: readonly number[]): Tensor<T>;
  /**
   * `data`; for a wasm tensor a copy in JS memory, the wasm memory freed if `releaseData`. Rejects with
   * OnnxWasmError once the tensor is disposed.
   */
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
   * saying what differs. For an elementwise operator (`elementwise` in supportedOperators()) it may be
   * an input of the output's dims (in place); the other operators refuse an `out` that shares memory
   * with an input in wasm memory (in JS memory the inputs are copied before anything is written).
   */
  out?: TensorInput<NoInfer<T>> | null;
}

/**
 * Every ops.* call of an operator whose node decides how many outputs it has (a variadic output, as
 * Split's) may say how many.
 */
export interface OutputCountOption {
  /**
   * How many outputs the node has, as a model's node names them (default: one, or as many as a
   * `split` lists): Split without `split` or `num_outputs` shares the axis equally among them (an
   * error where it does not divide). A positive integer, at most 4096; with a `split`, its length.
   */
  outputCount?: number;
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

// The operators' declarations go here (tools/operator-declarations.mjs).

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
  /** The attributes it defines (ops.* takes them as options). */
  attributes: OperatorAttribute[];
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

/** One attribute of an operator version. */
export interface OperatorAttribute {
  /** ONNX's name for it, e.g. 'axis'. */
  name: string;
  /**
   * What it holds: 'flag' an int of 0 or 1, 'dataType' a TensorProto.DataType (Cast's `to`),
   * 'sparseTensor' a tensor the runtime refuses, 'graph' a subgraph (a session's node only).
   */
  kind: 'int' | 'flag' | 'float' | 'string' | 'ints' | 'floats' | 'strings' | 'tensor' | 'sparseTensor' | 'dataType' | 'graph';
  /** Its default as ONNX states it (a number, a string's value, or words such as 'all'); null where it has none. */
  default: string | null;
  /** The values a string (or each of a list of strings) may take; empty where any may. */
  choices: string[];
  /** Whether the version requires it. */
  required: boolean;
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
  /** The operator's; a fused Pad + AveragePool's is 'AveragePool', a fused chain's its nodes', joined: 'Mul+Round+Clip', 'Mul+Greater+Where', a Conv with the Relu or Clip it applies 'Conv+Relu'. */
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
