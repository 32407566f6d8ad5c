// Whole ONNX models, with onnxruntime-web's InferenceSession API, and TensorProto decoding.
import { OnnxWasmError } from './errors.mjs';
// read-source.browser.mjs or read-source.node.mjs, chosen by scripts/build-js.mjs for each build.
import { readSource } from 'onnx-wasm-read-source';
import { asOnnxWasmError, ready, takeOutputs, wasm, withInputs } from './runtime.mjs';
import { Tensor, isTensor } from './tensor.mjs';

function asBytes(label, source) {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new OnnxWasmError(`${label}: expected a Uint8Array, an ArrayBuffer, a path or a URL, got ${source === null ? 'null' : typeof source}`);
}

// Copies bytes into wasm memory for the duration of fn(pointer, length).
function withBytes(label, bytes, fn) {
  const m = wasm();
  const p = m._malloc(Math.max(bytes.length, 1));
  if (!p) throw new OnnxWasmError(`${label}: out of memory for ${bytes.length} bytes`, 'OUT_OF_MEMORY');
  try {
    m.HEAPU8.set(bytes, p);
    return fn(p, bytes.length);
  } catch (e) {
    throw asOnnxWasmError(label, e);
  } finally {
    m._free(p);
  }
}

// Feed names are copied into wasm memory before the model can refuse them: a name longer than this
// that is not one of the session's inputNames is refused here.
const MAX_FEED_NAME_LENGTH = 4096;

// Frees the wasm memory of sessions that are garbage-collected without release().
const unreleased = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => handle.delete()) : null;

/**
 * A loaded ONNX model, as in onnxruntime-web:
 * `const session = await InferenceSession.create('model.onnx')`,
 * `const { y } = await session.run({ x: new Tensor('float32', data, dims) })`.
 */
export class InferenceSession {
  #handle;

  constructor(handle) {
    if (!handle) throw new OnnxWasmError('InferenceSession: use `await InferenceSession.create(source)`');
    this.#handle = handle;
    unreleased?.register(this, handle, this);
    /** Names of the inputs run() expects (graph inputs that are not initializers). */
    this.inputNames = Object.freeze(handle.inputNames());
    /** Names of the outputs run() returns. */
    this.outputNames = Object.freeze(handle.outputNames());
  }

  /**
   * Loads a model from its bytes (Uint8Array or ArrayBuffer), a path (Node) or a URL (fetched; file:
   * URLs are read in Node).
   * `options` is accepted for compatibility with onnxruntime-web and ignored: there is one backend.
   */
  static async create(source, options) {
    const label = 'InferenceSession.create';
    const bytes = typeof source === 'string' || source instanceof URL ? await readSource(label, source) : asBytes(label, source);
    await ready();
    const handle = withBytes(label, bytes, (p, n) => wasm().createSession(p, n));
    if (!handle.ok()) {
      const error = new OnnxWasmError(handle.message(), handle.code());
      handle.delete();
      throw error;
    }
    return new InferenceSession(handle);
  }

  /**
   * Runs the model on `feeds` ({inputName: Tensor}); resolves to {outputName: Tensor}. Each feed's
   * type and fixed dimensions are checked against the model.
   */
  async run(feeds) {
    const label = 'InferenceSession.run';
    if (!this.#handle) throw new OnnxWasmError(`${label}: the session has been released`);
    if (feeds === null || typeof feeds !== 'object' || Array.isArray(feeds) || feeds instanceof Tensor) {
      throw new OnnxWasmError(`${label}: feeds must be an object mapping input names to Tensors`);
    }
    const names = Object.keys(feeds);
    const tensors = names.map((name) => {
      if (name.length > MAX_FEED_NAME_LENGTH && !this.inputNames.includes(name)) {
        throw new OnnxWasmError(`${label}: '${name.slice(0, 32)}...' (${name.length} characters) is not an input of the model`);
      }
      if (!isTensor(feeds[name])) throw new OnnxWasmError(`${label}: feed '${name}' must be a Tensor`);
      return feeds[name];
    });
    const outputs = withInputs(label, tensors, (descriptors) => takeOutputs(this.#handle.run(names, descriptors)));
    return Object.fromEntries(this.outputNames.map((name, i) => [name, outputs[i]]));
  }

  /** Frees the model's memory; the session cannot run afterwards. */
  release() {
    if (!this.#handle) return;
    unreleased?.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
}

/**
 * Decodes a serialized ONNX TensorProto (the .pb files of ONNX test data) into a Tensor, with every
 * data encoding (raw_data and the typed fields). Synchronous after `await ready()`.
 */
export function decodeTensorProto(bytes) {
  const label = 'decodeTensorProto';
  const [tensor] = withBytes(label, asBytes(label, bytes), (p, n) => takeOutputs(wasm().decodeTensorProto(p, n)));
  return tensor;
}
