// Loads the wasm module once; reads the errors it reports.
import createOnnxWasmModule from 'onnx-wasm-glue';
// load-wasm.browser.mjs or load-wasm.node.mjs, chosen by scripts/build-js.mjs for each build.
import { instantiateFromUrl } from 'onnx-wasm-load-wasm';
import { OnnxWasmError } from './errors.mjs';
// bindings/call_layout.h's constants (scripts/build-js.mjs).
import { ERROR_CODE, ERROR_CODE_LENGTH, ERROR_MESSAGE, ERROR_MESSAGE_LENGTH, LIST_HEADER_WORDS, RECORD_WORDS } from 'onnx-wasm-layout';

let module = null;
let loading = null;

// The wasm sits next to this file; bundlers (Vite, webpack) recognise this pattern and emit it.
function defaultWasmUrl() {
  return new URL('./onnx-wasm.wasm', import.meta.url);
}

const READY_OPTIONS = ['wasmUrl', 'wasmBinary', 'wasmModule'];

// Refuses what ready() cannot use, rather than fetching the default file as if it were not there.
function checkReadyOptions(options) {
  if (typeof options !== 'object' || options === null) {
    throw new OnnxWasmError(`ready: options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  for (const name of Object.keys(options)) {
    if (!READY_OPTIONS.includes(name)) {
      throw new OnnxWasmError(`ready: unknown option '${name}' (known options: ${READY_OPTIONS.join(', ')})`);
    }
  }
  if (options.wasmModule !== undefined && !(options.wasmModule instanceof WebAssembly.Module)) {
    throw new OnnxWasmError('ready: wasmModule must be a WebAssembly.Module (compiled from onnx-wasm.wasm)');
  }
}

// Resolves to { instance, module }, from whichever the options give: a compiled module (for runtimes
// that forbid compiling at run time, such as Cloudflare Workers), the bytes, or where to read them.
async function instantiate(imports, options) {
  if (options.wasmModule) return { instance: await WebAssembly.instantiate(options.wasmModule, imports), module: options.wasmModule };
  if (options.wasmBinary) return WebAssembly.instantiate(options.wasmBinary, imports);
  return instantiateFromUrl(options.wasmUrl ?? defaultWasmUrl(), imports);
}

/**
 * Loads and instantiates the wasm module once; later calls return the same promise.
 * Options: `wasmModule` (onnx-wasm.wasm compiled), `wasmBinary` (its bytes) or `wasmUrl` (its URL or
 * path, for unusual hosting); any other option is refused.
 */
export function ready(options = {}) {
  try {
    checkReadyOptions(options);
  } catch (e) {
    return Promise.reject(e);
  }
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

// The module's views of the wasm memory (HEAPU8, HEAPF32, ...), for the per-call paths: the module
// object keeps its properties in a dictionary, slow to read several times per call. Taken again when
// the memory has grown, which detaches the old buffer (its views then have length 0).
const views = {
  HEAP8: new Int8Array(0),
  HEAPU8: new Uint8Array(0),
  HEAP16: new Int16Array(0),
  HEAPU16: new Uint16Array(0),
  HEAP32: new Int32Array(0),
  HEAPU32: new Uint32Array(0),
  HEAPF32: new Float32Array(0),
  HEAPF64: new Float64Array(0),
};
export function heap() {
  if (views.HEAPU8.length === 0) {
    const m = wasm();
    for (const name of Object.keys(views)) views[name] = m[name];
  }
  return views;
}

/**
 * Runs fn(m), calls into the wasm module, and turns a trap (which only a bug can cause: every export
 * turns C++ exceptions into errors it reports, bindings/interop.h guard()) into an OnnxWasmError
 * INTERNAL. Whatever was thrown may have abandoned frames that had moved the stack pointer: it is put
 * back. Other errors (OnnxWasmErrors, and what JavaScript code throws) pass through unchanged.
 */
export function guarded(label, fn) {
  const m = wasm();
  const stack = m.stackSave();
  try {
    return fn(m);
  } catch (e) {
    m.stackRestore(stack);
    if (!isTrap(e)) throw e;
    throw new OnnxWasmError(`${label}: internal error: the wasm code trapped (${e.message})`, 'INTERNAL');
  }
}

// A trap: a RuntimeError, or the RangeError an engine throws when wasm code overflows the call stack,
// whose innermost frame is then a wasm function (every engine's stack names it "wasm-function[N]" or
// by a wasm:// URL). A RangeError from JavaScript (a typed array too large, a caller's getter) is none.
function isTrap(e) {
  if (e instanceof WebAssembly.RuntimeError) return true;
  if (!(e instanceof RangeError)) return false;
  const frames = String(e.stack ?? '').split('\n').filter((line) => line !== '' && !line.startsWith(`${e.name}: `));
  return /wasm-function\[|wasm:\/\//.test(frames[0] ?? '');
}

// Tensor lists (bindings/call_layout.h): LIST_HEADER_WORDS uint32 (the count), records of RECORD_WORDS
// uint32, then every record's dims as doubles from this byte offset.
export function dimsByteOffset(count) {
  return (4 * (LIST_HEADER_WORDS + RECORD_WORDS * count) + 7) & ~7;
}

// The call area, with room for a list of `count` tensors of `dimsCount` dims in all; its address.
// Growing it may grow the memory: take heap views after this.
let callArea = 0;
let callAreaBytes = 0;
export function reserveCallArea(label, count, dimsCount) {
  const bytes = dimsByteOffset(count) + 8 * dimsCount;
  if (bytes > callAreaBytes) {
    const area = wasm()._ow_call_area(bytes);
    if (!area) throw new OnnxWasmError(`${label}: out of memory for the call's ${count} tensor descriptors (${bytes} bytes)`, 'OUT_OF_MEMORY');
    callArea = area;
    callAreaBytes = bytes;
  }
  return callArea;
}

// Frees the call area and what the wasm side keeps for the next call (bindings/interop.h).
export function releaseCallArea() {
  wasm()._ow_release_caches();
  callArea = 0;
  callAreaBytes = 0;
}

// The error that the last failed call left in wasm memory (bindings/call_layout.h), as an OnnxWasmError;
// `label` prefixes the message when the wasm side does not name the caller.
export function lastError(label) {
  const m = wasm();
  const words = m.HEAPU32.subarray(m._ow_error() >> 2);
  const message = utf8(words[ERROR_MESSAGE], words[ERROR_MESSAGE_LENGTH]);
  return new OnnxWasmError(label ? `${label}: ${message}` : message, utf8(words[ERROR_CODE], words[ERROR_CODE_LENGTH]));
}

const decoder = new TextDecoder();
function utf8(pointer, length) {
  return decoder.decode(wasm().HEAPU8.subarray(pointer, pointer + length));
}
