import { DTYPES } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';
import { imageToTensor, tensorToDataURL, tensorToImageData } from './image.mjs';
import { TENSOR_TYPES, inferredType, tensorData } from './tensor-data.mjs';
import {
  LIST_COUNT, LIST_HEADER_WORDS, RECORD_BYTE_LENGTH, RECORD_DATA, RECORD_HANDLE, RECORD_RANK, RECORD_TYPE,
} from 'onnx-wasm-layout';
import { dimsByteOffset, guarded, lastError, reserveCallArea, wasm } from './runtime.mjs';

// Set only on tensors made here, after their checks: tells a checked Tensor from an object that merely
// has Tensor.prototype.
const CHECKED = Symbol('onnx-wasm checked tensor');

// Sets the public fields and freezes the tensor: read-only, as typed, so that the checks made when it
// was made stay true for the runtime to rely on (freezing is far cheaper than defining properties,
// which matters on the per-call path). `data` is a getter, which dispose() ends: a tensor in JS
// memory keeps it in a private field (which freezing leaves writable), a wasm tensor in its memory
// record.
function seal(t, type, dims, size) {
  t.type = type;
  t.dims = dims;
  t.size = size;
  t[CHECKED] = true;
  return Object.freeze(t);
}

/**
 * A typed array with an element type and a shape, as in onnxruntime-web:
 * `new Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2])`, or `new Tensor(data, dims)` with
 * the type inferred from a typed array (or an array of strings or booleans). `data` may also be a
 * plain array of values, converted under the rules of tensor-data.mjs. `dims` defaults to
 * `[data.length]`.
 */
export class Tensor {
  // The data in JS memory; undefined once disposed (and for wasm tensors, whose getters read their
  // memory record instead).
  #data;

  // `trusted`: TRUSTED when cpuTensor makes an output, whose type, data and frozen dims are right by
  // construction (type, data, dims), unchecked.
  constructor(typeOrData, dataOrDims, maybeDims, trusted) {
    if (trusted === TRUSTED) {
      this.#data = dataOrDims;
      seal(this, typeOrData, maybeDims, dataOrDims.length);
      return;
    }
    const label = 'Tensor';
    // onnxruntime-web's two forms: (type, data, dims) and (data, dims), data being an object
    const named = typeOrData === null || typeof typeOrData !== 'object';
    const type = named ? checkType(label, typeOrData) : inferredType(label, typeOrData);
    const data = tensorData(label, type, named ? dataOrDims : typeOrData);
    const dims = checkDims(label, named ? maybeDims : dataOrDims, data);
    this.#data = data;
    seal(this, type, Object.freeze([...dims]), data.length);
  }

  /**
   * Tensor.fromImage (onnxruntime-web's): an image as a [1, 3 or 4, H, W] (or NHWC) tensor; see
   * image.mjs for the sources and options.
   */
  static fromImage(image, options) {
    return imageToTensor(image, options).then(({ type, data, dims }) => cpuTensor(type, data, Object.freeze(dims)));
  }

  /** The first image of an image tensor as ImageData (an ImageData-like object where there is no ImageData). */
  toImageData(options) {
    return tensorToImageData(this, options);
  }

  /** The first image of an image tensor as a PNG data: URL (needs a document's canvas). */
  toDataURL(options) {
    return tensorToDataURL(this, options);
  }

  /**
   * The same data with other dims of the same element count (onnxruntime-web's reshape): the new
   * tensor shares the data. A wasm tensor owns its memory, so, as onnxruntime-web refuses for a tensor
   * that owns GPU memory, it is refused.
   */
  reshape(dims) {
    if (this.location === 'none') throw disposedError('Tensor.reshape', 'a tensor');
    if (this.location !== 'cpu') {
      throw new OnnxWasmError('Tensor.reshape: a wasm tensor owns its memory and cannot share it; copy it out first (new Tensor(t.type, t.data.slice(), dims))');
    }
    return cpuTensor(this.type, this.data, Object.freeze([...checkDims('Tensor.reshape', dims, this.data)]));
  }

  /**
   * Resolves to the data (onnxruntime-web's getData): `data` itself in JS memory; for a wasm tensor a
   * copy in JS memory, and with `releaseData` the wasm memory is freed (dispose()).
   */
  async getData(releaseData) {
    if (this.location === 'none') throw disposedError('Tensor.getData', 'a tensor');
    if (this.location === 'cpu') return this.data;
    const copy = this.data.slice();
    if (releaseData) this.dispose();
    return copy;
  }

  /** The elements; throws once the tensor is disposed (as onnxruntime-web's). */
  get data() {
    const data = this.#data;
    if (data === undefined) throw disposedError('Tensor: data', 'a tensor');
    return data;
  }

  /**
   * Where the data live: 'cpu' (a JS typed array) or 'wasm' (the wasm module's memory, see
   * Tensor.wasm); 'none' once disposed, as in onnxruntime-web.
   */
  get location() {
    return this.#data === undefined ? 'none' : 'cpu';
  }

  /**
   * Ends the tensor, as onnxruntime-web's dispose(): its location becomes 'none' and its data cannot be
   * read any more (a wasm tensor's memory is freed). Idempotent.
   */
  dispose() {
    this.#data = undefined;
  }

  /**
   * The elements as numbers in a new Float32Array, for the types whose every value float32 holds
   * exactly: float16 and bfloat16 (their bit patterns decoded, NaN payloads and -0 kept) and float32.
   */
  toFloat32Array() {
    const decode = TO_FLOAT32[this.type];
    if (!decode) {
      throw new OnnxWasmError(`Tensor.toFloat32Array: type '${this.type}' is not one float32 holds exactly (float16, bfloat16, float32)`);
    }
    return decode(this.data);
  }

  /**
   * A tensor whose data live in the wasm module's memory (after `await ready()`): ops.* read it in place
   * and return their outputs there too, without copying across the boundary. Filled with `data` (as
   * for the constructor) or zeros. `tensor.data` is a typed-array view of that memory, made anew when
   * the memory has grown; `tensor.dispose()` frees it (otherwise it is freed after garbage collection).
   */
  static wasm(type, dims, data) {
    const label = 'Tensor.wasm';
    checkType(label, type);
    if (!Object.prototype.hasOwnProperty.call(DTYPES, type)) {
      throw new OnnxWasmError(`${label}: type '${type}' has no place in wasm memory: no operator here accepts it`, 'UNSUPPORTED');
    }
    if (data !== undefined) data = tensorData(label, type, data);
    dims = checkDims(label, dims, data ?? null);
    return guarded(label, (m) => {
      // A one-record list of the type and dims (bindings/call_layout.h) asks for the memory; the result
      // list's record has it.
      const area = reserveCallArea(label, 1, dims.length);
      const words = m.HEAPU32;
      words[(area >> 2) + LIST_COUNT] = 1;
      words[(area >> 2) + LIST_HEADER_WORDS + RECORD_TYPE] = DTYPES[type].code;
      words[(area >> 2) + LIST_HEADER_WORDS + RECORD_RANK] = dims.length;
      m.HEAPF64.set(dims, (area + dimsByteOffset(1)) >> 3);
      const result = m._ow_tensor_allocate(data === undefined); // zero-filled only when no data follow
      if (!result) throw lastError(label);
      const r = (result >> 2) + LIST_HEADER_WORDS;
      const out = m.HEAPU32; // after the call: the memory may have grown
      const t = wasmTensor(type, dims, out[r + RECORD_HANDLE], out[r + RECORD_DATA], out[r + RECORD_BYTE_LENGTH]);
      if (data !== undefined) t.data.set(data);
      return t;
    });
  }
}

// float16 and bfloat16 bits to float32 bits: bfloat16 is the upper half of a float32; a float16 gets
// its exponent rebased (127 - 15 = 112) and its mantissa widened, except subnormals (m * 2^-24, exact)
// and infinities and NaNs (all-ones exponent).
const TO_FLOAT32 = {
  float32: (data) => Float32Array.from(data),
  bfloat16: (data) => {
    const bits = new Uint32Array(data.length);
    for (let i = 0; i < data.length; i++) bits[i] = data[i] << 16;
    return new Float32Array(bits.buffer);
  },
  float16: (data) => {
    const out = new Float32Array(data.length);
    const bits = new Uint32Array(out.buffer);
    for (let i = 0; i < data.length; i++) {
      const h = data[i];
      const sign = (h & 0x8000) << 16;
      const exponent = (h >> 10) & 0x1f;
      const mantissa = h & 0x3ff;
      if (exponent === 0) out[i] = (sign ? -mantissa : mantissa) * 2 ** -24;
      else bits[i] = (sign | ((exponent === 0x1f ? 0xff : exponent + 112) << 23) | (mantissa << 13)) >>> 0;
    }
    return out;
  },
};

/** Whether `value` was made here (the constructor, Tensor.wasm or an output), and so passed the checks. */
export function isTensor(value) {
  return typeof value === 'object' && value !== null && value[CHECKED] === true;
}

// Where onnxruntime keeps a tensor's data in CPU memory, readable as its `data`.
const ORT_CPU_LOCATIONS = new Set(['cpu', 'cpu-pinned']);

/**
 * `value` where a Tensor is taken (`what` names it: "input 0", "feed 'x'"): itself if it is a Tensor;
 * a tensor of onnxruntime's shape (onnxruntime-web's or -node's: type, data, dims and a location)
 * whose data are in CPU memory as a Tensor over the same data (checked as the constructor checks them;
 * a float16 Float16Array is read as its bits, not copied); anything else as it is, for the caller's
 * checks to refuse. One whose data are elsewhere (a GPU buffer, a WebGL texture, an ML tensor) is
 * refused, naming its location.
 */
export function asTensor(value, label, what) {
  if (isTensor(value) || typeof value !== 'object' || value === null || typeof value.type !== 'string' || !('location' in value) || !('dims' in value)) return value;
  const { location } = value;
  if (!ORT_CPU_LOCATIONS.has(location)) {
    throw new OnnxWasmError(`${label}: ${what} is an onnxruntime tensor whose data are in '${String(location)}' memory; onnx-wasm takes tensors in CPU memory: download it first (await tensor.getData())`);
  }
  return new Tensor(value.type, value.data, value.dims);
}

// Wasm-resident tensors: a Tensor whose data getter views wasm memory. The handle (a C++ Tensor* that
// owns the memory, bindings/interop.h) is released by dispose() or, as a backstop, after garbage
// collection. The tensor is frozen; what changes (handle, pointer, current view) lives in its
// memory record, under a symbol key that keeps it off the public surface.
const MEMORY = Symbol('memory');

const leaked = new FinalizationRegistry((handle) => wasm()._ow_tensor_release(handle));

class WasmTensor extends Tensor {
  get location() {
    return this[MEMORY].handle === 0 ? 'none' : 'wasm';
  }

  // A view of the tensor's memory, made anew when the memory has grown (the old one is then detached).
  get data() {
    const memory = this[MEMORY];
    const heap = wasm().HEAPU8.buffer;
    if (memory.view.buffer === heap) return memory.view;
    if (memory.handle === 0) throw disposedError('Tensor: data', 'a wasm tensor');
    return (memory.view = new DTYPES[this.type].array(heap, memory.pointer, this.size));
  }

  dispose() {
    const memory = this[MEMORY];
    if (memory.handle === 0) return;
    leaked.unregister(this);
    wasm()._ow_tensor_release(memory.handle);
    memory.handle = 0;
    memory.pointer = 0;
    memory.view = EMPTY_VIEW;
  }
}

const EMPTY_VIEW = new Uint8Array(0);

// `what` of `kind` ('a tensor', 'a wasm tensor'), read after dispose().
function disposedError(what, kind) {
  return new OnnxWasmError(`${what} of ${kind} used after dispose()`);
}

// A WasmTensor over memory owned by `handle` (from a result list); dims is a frozen array.
export function wasmTensor(type, dims, handle, pointer, byteLength) {
  const t = Object.create(WasmTensor.prototype);
  t[MEMORY] = { handle, pointer, view: EMPTY_VIEW };
  seal(t, type, Object.isFrozen(dims) ? dims : Object.freeze([...dims]), byteLength / DTYPES[type].array.BYTES_PER_ELEMENT);
  leaked.register(t, handle, t);
  return t;
}

// The address of a wasm tensor's data, for passing it to a call; throws once it is disposed (or for a
// disposed tensor of JS memory, which callers send here as not 'cpu'). `what` names it: "input 3",
// "options.out".
export function wasmPointer(t, label, what) {
  const memory = t[MEMORY];
  if (memory === undefined) throw new OnnxWasmError(`${label}: ${what} is a tensor used after dispose()`);
  if (memory.handle === 0) throw new OnnxWasmError(`${label}: ${what} is a wasm tensor used after dispose()`);
  return memory.pointer;
}

const TRUSTED = Symbol('onnx-wasm trusted tensor');

// A Tensor in JS memory made without the constructor's checks, for outputs (dims is frozen).
export function cpuTensor(type, data, dims) {
  return new Tensor(type, data, dims, TRUSTED);
}

// The type name, checked: one of TENSOR_TYPES.
function checkType(label, type) {
  if (typeof type === 'string' && Object.prototype.hasOwnProperty.call(TENSOR_TYPES, type)) return type;
  throw new OnnxWasmError(`${label}: unknown type '${String(type)}' (expected one of ${Object.keys(TENSOR_TYPES).join(', ')})`);
}

// dims checked against data (or null for none); undefined is [data.length].
function checkDims(label, dims, data) {
  if (dims === undefined && data !== null) dims = [data.length];
  if (!Array.isArray(dims)) throw new OnnxWasmError(`${label}: dims must be an array, got ${dims === null ? 'null' : typeof dims}`);
  let size = 1;
  for (const d of dims) {
    if (!Number.isSafeInteger(d) || d < 0) {
      throw new OnnxWasmError(`${label}: dims must be non-negative integers, got [${dims.map(String).join(', ')}]`);
    }
    size *= d;
  }
  if (data !== null && size !== data.length) {
    throw new OnnxWasmError(`${label}: dims [${dims.join(', ')}] hold ${size} elements but data has ${data.length}`);
  }
  return dims;
}
