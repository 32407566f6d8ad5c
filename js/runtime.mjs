// Loads the wasm module once and moves tensors across the JS/wasm boundary.
import createOnnxWasmModule from 'onnx-wasm-glue';
import { DTYPES, dtypeName } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';
import { Tensor } from './tensor.mjs';

const isNode = typeof process === 'object' && !!process.versions?.node && typeof window === 'undefined';

let module = null;
let loading = null;

// The wasm sits next to this file; bundlers (Vite, webpack) recognise this pattern and emit it.
function defaultWasmUrl() {
  return new URL('./onnx-wasm.wasm', import.meta.url);
}

async function wasmBytesInNode(url) {
  // Hidden from bundlers: this branch only runs in Node.
  const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
  const { fileURLToPath } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:url');
  const u = new URL(url);
  if (u.protocol !== 'file:') throw new OnnxWasmError(`ready: in Node, wasmUrl must be a file: URL or path, got ${u.href}`);
  return fs.readFile(fileURLToPath(u));
}

async function instantiate(imports, options) {
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary, imports);
  let url = options.wasmUrl ?? defaultWasmUrl();
  if (isNode) {
    if (typeof url === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
      const { pathToFileURL } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:url');
      url = pathToFileURL(url);
    }
    return WebAssembly.instantiate(await wasmBytesInNode(url), imports);
  }
  const response = fetch(url, { credentials: 'same-origin' });
  if (WebAssembly.instantiateStreaming) {
    try {
      return await WebAssembly.instantiateStreaming(response, imports);
    } catch {
      // A server without the application/wasm MIME type: fall back to bytes.
    }
  }
  const r = await response;
  if (!r.ok) throw new OnnxWasmError(`ready: cannot load ${url}: HTTP ${r.status}`, 'NOT_READY');
  return WebAssembly.instantiate(await r.arrayBuffer(), imports);
}

/**
 * Loads and instantiates the wasm module once; later calls return the same promise.
 * Options: `wasmUrl` (URL or path of onnx-wasm.wasm, for unusual hosting) or `wasmBinary` (its bytes).
 */
export function ready(options = {}) {
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      createOnnxWasmModule({
        instantiateWasm(imports, done) {
          instantiate(imports, options).then((r) => done(r.instance, r.module), reject);
          return {};
        },
      }).then((m) => {
        module = m;
        resolve();
      }, reject);
    }).catch((e) => {
      loading = null; // allow a retry, e.g. with another wasmUrl
      throw e instanceof OnnxWasmError ? e : new OnnxWasmError(`ready: cannot load the wasm module: ${e?.message ?? e}`, 'NOT_READY');
    });
  }
  return loading;
}

export function wasm() {
  if (!module) throw new OnnxWasmError('onnx-wasm is not loaded yet: await ready() first', 'NOT_READY');
  return module;
}

// Copies the tensors into wasm memory, calls fn(inputDescriptors), frees them afterwards.
export function withInputs(label, tensors, fn) {
  const m = wasm();
  const pointers = [];
  try {
    const inputs = tensors.map((t, i) => {
      if (!(t instanceof Tensor)) throw new OnnxWasmError(`${label}: input ${i} must be a Tensor`);
      const bytes = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
      const p = m._malloc(Math.max(bytes.length, 1));
      if (!p) throw new OnnxWasmError(`${label}: out of memory for input ${i} (${bytes.length} bytes)`, 'OUT_OF_MEMORY');
      pointers.push(p);
      m.HEAPU8.set(bytes, p);
      return { type: DTYPES[t.type].code, data: p, byteLength: bytes.length, dims: t.dims };
    });
    return fn(inputs);
  } finally {
    for (const p of pointers) m._free(p);
  }
}

// Turns a CallResult into Tensors (copied out of wasm memory) or throws; always deletes it.
export function takeOutputs(result) {
  try {
    if (!result.ok()) throw new OnnxWasmError(result.message(), result.code());
    const heap = wasm().HEAPU8; // read after the call: memory may have grown
    const outputs = [];
    for (let i = 0; i < result.outputCount(); i++) {
      const type = dtypeName(result.outputType(i));
      const start = result.outputData(i);
      const bytes = heap.buffer.slice(start, start + result.outputByteLength(i));
      outputs.push(new Tensor(type, new DTYPES[type].array(bytes), result.outputDims(i)));
    }
    return outputs;
  } finally {
    result.delete();
  }
}
