// Whole ONNX models, with onnxruntime-web's InferenceSession API, and TensorProto decoding.
import { OnnxWasmError } from './errors.mjs';
import { ready, takeOutputs, wasm, withInputs } from './runtime.mjs';
import { Tensor } from './tensor.mjs';

const isNode = typeof process === 'object' && !!process.versions?.node && typeof window === 'undefined';

function asBytes(label, source) {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new OnnxWasmError(`${label}: expected a Uint8Array or an ArrayBuffer, got ${source === null ? 'null' : typeof source}`);
}

async function readFileInNode(label, pathOrUrl) {
  // Hidden from bundlers: this branch only runs in Node.
  const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
  try {
    return new Uint8Array(await fs.readFile(pathOrUrl));
  } catch (e) {
    throw new OnnxWasmError(`${label}: cannot read ${pathOrUrl}: ${e.message}`);
  }
}

async function fetchBytes(label, url) {
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new OnnxWasmError(`${label}: cannot fetch ${url}: ${e.message}`);
  }
  if (!response.ok) throw new OnnxWasmError(`${label}: cannot fetch ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A string is a file path in Node and a URL in the browser; URL objects are read (file:) or fetched.
async function modelBytes(label, source) {
  if (typeof source === 'string') {
    if (!isNode) return fetchBytes(label, source);
    if (/^file:/i.test(source)) source = new URL(source);
    else return readFileInNode(label, source);
  }
  if (source instanceof URL) return isNode && source.protocol === 'file:' ? readFileInNode(label, source) : fetchBytes(label, source);
  return asBytes(label, source);
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
  #handle;

  constructor(handle) {
    if (!handle) throw new OnnxWasmError('InferenceSession: use `await InferenceSession.create(source)`');
    this.#handle = handle;
    /** Names of the inputs run() expects (graph inputs that are not initializers). */
    this.inputNames = Object.freeze(handle.inputNames());
    /** Names of the outputs run() returns. */
    this.outputNames = Object.freeze(handle.outputNames());
  }

  /**
   * Loads a model from its bytes (Uint8Array or ArrayBuffer), a file path (Node) or a URL (browser).
   * `options` is accepted for compatibility with onnxruntime-web and ignored: there is one backend.
   */
  static async create(source, options) {
    const label = 'InferenceSession.create';
    const bytes = await modelBytes(label, source);
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
      if (!(feeds[name] instanceof Tensor)) throw new OnnxWasmError(`${label}: feed '${name}' must be a Tensor`);
      return feeds[name];
    });
    const outputs = withInputs(label, tensors, (descriptors) => takeOutputs(this.#handle.run(names, descriptors)));
    return Object.fromEntries(this.outputNames.map((name, i) => [name, outputs[i]]));
  }

  /** Frees the model's memory; the session cannot run afterwards. */
  async release() {
    this.#handle?.delete();
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
