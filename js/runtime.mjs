// Loads the wasm module once and moves tensors across the JS/wasm boundary.
import createOnnxWasmModule from 'onnx-wasm-glue';
// load-wasm.browser.mjs or load-wasm.node.mjs, chosen by scripts/build-js.mjs for each build.
import { instantiateFromUrl } from 'onnx-wasm-load-wasm';
import { DTYPES, dtypeName } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';
import { Tensor, isTensor } from './tensor.mjs';

let module = null;
let loading = null;

// The wasm sits next to this file; bundlers (Vite, webpack) recognise this pattern and emit it.
function defaultWasmUrl() {
  return new URL('./onnx-wasm.wasm', import.meta.url);
}

function instantiate(imports, options) {
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary, imports);
  return instantiateFromUrl(options.wasmUrl ?? defaultWasmUrl(), imports);
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

// The C++ code reports errors as values, and its sizes are bounded before it allocates; a C++
// exception reaching JS can only be an allocation that failed all the same (std::bad_alloc).
export function asOnnxWasmError(label, e) {
  if (typeof WebAssembly.Exception === 'function' && e instanceof WebAssembly.Exception) {
    return new OnnxWasmError(`${label}: out of memory`, 'OUT_OF_MEMORY');
  }
  return e;
}

// Copies the tensors into wasm memory, calls fn(inputDescriptors), frees them afterwards.
export function withInputs(label, tensors, fn) {
  const m = wasm();
  const pointers = [];
  try {
    const inputs = tensors.map((t, i) => {
      if (!isTensor(t)) throw new OnnxWasmError(`${label}: input ${i} must be a Tensor`);
      if (t.data.length !== t.size) { // its ArrayBuffer was transferred (detached) or resized since
        throw new OnnxWasmError(`${label}: input ${i} has ${t.data.length} elements left in its data but its dims [${t.dims.join(', ')}] need ${t.size}`);
      }
      const bytes = t.size ? new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength) : new Uint8Array(0);
      const p = m._malloc(Math.max(bytes.length, 1));
      if (!p) throw new OnnxWasmError(`${label}: out of memory for input ${i} (${bytes.length} bytes)`, 'OUT_OF_MEMORY');
      pointers.push(p);
      m.HEAPU8.set(bytes, p);
      return { type: DTYPES[t.type].code, data: p, byteLength: bytes.length, dims: t.dims };
    });
    return fn(inputs);
  } catch (e) {
    throw asOnnxWasmError(label, e);
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
