// Whole ONNX models, with onnxruntime-web's InferenceSession API, and TensorProto decoding.
import { OnnxWasmError } from './errors.mjs';
// read-source.browser.mjs or read-source.node.mjs, chosen by scripts/build-js.mjs for each build.
import { readSource } from 'onnx-wasm-read-source';
import { readOutputs, writeInputs } from './calls.mjs';
import { lastError, ready, wasm } from './runtime.mjs';
import { Tensor } from './tensor.mjs';

function deepFreeze(value) {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

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
  } finally {
    m._free(p);
  }
}

/**
 * A loaded ONNX model, as in onnxruntime-web:
 * `const session = await InferenceSession.create('model.onnx')`,
 * `const { y } = await session.run({ x: new Tensor('float32', data, dims) })`.
 */
export class InferenceSession {
  #handle; // the C++ Session's address; 0 once released
  #names = new Map(); // feed name -> [address, length] of its UTF-8 bytes in wasm memory

  constructor(handle) {
    if (!handle) throw new OnnxWasmError('InferenceSession: use `await InferenceSession.create(source)`');
    this.#handle = handle;
    /** Names of the inputs run() expects (graph inputs that are not initializers). */
    this.inputNames = Object.freeze(wasm().sessionInputNames(handle));
    /** Names of the outputs run() returns. */
    this.outputNames = Object.freeze(wasm().sessionOutputNames(handle));
    /**
     * The model as declared, for tools that show it: opset imports, inputs (those run() takes) and
     * outputs with their types and shapes, initializers, and the nodes in file order, each with the
     * operator version it runs and its attributes.
     */
    this.graph = deepFreeze(wasm().sessionGraph(handle));
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
    if (!handle) throw lastError();
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
      if (!(feeds[name] instanceof Tensor)) throw new OnnxWasmError(`${label}: feed '${name}' must be a Tensor`);
      return feeds[name];
    });
    const m = wasm();
    writeInputs(m, label, tensors, names.map((name) => this.#nameInWasm(name)));
    const outputs = readOutputs(m, m._ow_session_run(this.#handle), false);
    const result = {};
    for (let i = 0; i < outputs.length; i++) result[this.outputNames[i]] = outputs[i];
    return result;
  }

  #nameInWasm(name) {
    let entry = this.#names.get(name);
    if (!entry) {
      const utf8 = new TextEncoder().encode(name);
      const m = wasm();
      const p = m._malloc(Math.max(utf8.length, 1));
      if (!p) throw new OnnxWasmError(`InferenceSession.run: out of memory for the name '${name}'`, 'OUT_OF_MEMORY');
      m.HEAPU8.set(utf8, p);
      entry = [p, utf8.length];
      this.#names.set(name, entry);
    }
    return entry;
  }

  /** Frees the model's memory; the session cannot run afterwards. */
  release() {
    if (!this.#handle) return;
    const m = wasm();
    m._ow_session_release(this.#handle);
    for (const [p] of this.#names.values()) m._free(p);
    this.#names.clear();
    this.#handle = 0;
  }
}

/**
 * Decodes a serialized ONNX TensorProto (the .pb files of ONNX test data) into a Tensor, with every
 * data encoding (raw_data and the typed fields). Synchronous after `await ready()`.
 */
export function decodeTensorProto(bytes) {
  const label = 'decodeTensorProto';
  const [tensor] = withBytes(label, asBytes(label, bytes), (p, n) => {
    const m = wasm();
    return readOutputs(m, m._ow_decode_tensor_proto(p, n), false);
  });
  return tensor;
}
