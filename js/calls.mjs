// Tensors across the boundary for one call into the wasm module (bindings/interop.h, laid out as
// bindings/call_layout.h says): writeInputs puts
// the inputs in the call area (data in JS memory copied into a reused scratch block, wasm-resident data
// passed by address), the caller runs an exported function, readOutputs takes its result list (copies
// out into JS memory, or wasm tensors that keep the memory). Nothing here allocates wasm memory per
// call unless a call needs more room than any before.
import { DTYPES, dtypeByCode } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';
import {
  LIST_COUNT, LIST_HEADER_WORDS, RECORD_BYTE_LENGTH, RECORD_DATA, RECORD_HANDLE, RECORD_NAME, RECORD_NAME_LENGTH, RECORD_RANK,
  RECORD_TYPE, RECORD_WORDS,
} from 'onnx-wasm-layout';
import { dimsByteOffset, heap, lastError, reserveCallArea } from './runtime.mjs';
import { cpuTensor, isTensor, wasmPointer, wasmTensor } from './tensor.mjs';

// Input data in JS memory go here: one block, kept between calls and grown when a call needs more.
// Each input starts a cache line, as the wasm side's tensors of 4 KiB and more do (core/tensor.h), so
// that the kernels' 16-byte loads never straddle two.
const CACHE_LINE = 64;
let scratchBlock = 0; // what malloc returned
let scratch = 0; // its first cache line
let scratchBytes = 0;

function reserveScratch(m, label, bytes) {
  if (bytes <= scratchBytes) return scratch;
  if (scratchBlock) m._free(scratchBlock);
  scratchBlock = m._malloc(bytes + CACHE_LINE);
  scratch = alignLine(scratchBlock);
  scratchBytes = scratchBlock ? bytes : 0;
  if (!scratchBlock) throw new OnnxWasmError(`${label}: out of memory for the inputs (${bytes} bytes)`, 'OUT_OF_MEMORY');
  return scratch;
}

const alignLine = (n) => Math.ceil(n / CACHE_LINE) * CACHE_LINE; // not bitwise: n may pass 2^31

/**
 * Writes `tensors` as the call area's input list; `names[i]`, if given, is [address, length] of input
 * i's UTF-8 name. Checks that each is a Tensor (and not a disposed wasm tensor). Returns whether any
 * input is wasm-resident.
 */
export function writeInputs(m, label, tensors, names) {
  const count = tensors.length;
  let dimsCount = 0;
  let copyBytes = 0;
  let anyWasm = false;
  for (let i = 0; i < count; i++) {
    const t = tensors[i];
    if (!isTensor(t)) throw new OnnxWasmError(`${label}: input ${i} must be a Tensor`);
    dimsCount += t.dims.length;
    if (t.location === 'cpu') {
      if (t.data.length !== t.size) { // its ArrayBuffer was transferred (detached) or resized since
        throw new OnnxWasmError(`${label}: input ${i} has ${t.data.length} elements left in its data but its dims [${t.dims.join(', ')}] need ${t.size}`);
      }
      copyBytes += alignLine(t.data.byteLength);
    } else {
      anyWasm = true;
    }
  }
  const area = reserveCallArea(count, dimsCount);
  let free = copyBytes ? reserveScratch(m, label, copyBytes) : 0;
  // Heap views only now: reserving may have grown the memory.
  const h = heap();
  const words = h.HEAPU32;
  const heapDims = h.HEAPF64;
  words[(area >> 2) + LIST_COUNT] = count;
  let r = (area >> 2) + LIST_HEADER_WORDS;
  let d = (area + dimsByteOffset(count)) >> 3;
  for (let i = 0; i < count; i++, r += RECORD_WORDS) {
    const t = tensors[i];
    const info = DTYPES[t.type];
    let pointer;
    let byteLength;
    if (t.location === 'cpu') {
      const data = t.data;
      byteLength = data.byteLength;
      pointer = free;
      free += alignLine(byteLength);
      if (byteLength === 0) {
        // nothing to copy (and an empty array's buffer may have been transferred away)
      } else if (info.heap) h[info.heap].set(data, pointer / info.array.BYTES_PER_ELEMENT);
      else h.HEAPU8.set(new Uint8Array(data.buffer, data.byteOffset, byteLength), pointer);
    } else {
      pointer = wasmPointer(t, label, i);
      byteLength = t.size * info.array.BYTES_PER_ELEMENT;
    }
    const dims = t.dims;
    words[r + RECORD_TYPE] = info.code;
    words[r + RECORD_DATA] = pointer;
    words[r + RECORD_BYTE_LENGTH] = byteLength;
    words[r + RECORD_RANK] = dims.length;
    words[r + RECORD_NAME] = names ? names[i][0] : 0;
    words[r + RECORD_NAME_LENGTH] = names ? names[i][1] : 0;
    for (let k = 0; k < dims.length; k++) heapDims[d++] = dims[k];
  }
  return anyWasm;
}

// A frozen dims array equal to the `rank` dims at heapDims[d]: `like`'s when equal (an elementwise
// output has its input's shape; frozen arrays can be shared), else a new one.
function outputDims(heapDims, d, rank, like) {
  if (like !== undefined && like.length === rank) {
    let k = 0;
    while (k < rank && like[k] === heapDims[d + k]) k++;
    if (k === rank) return like;
  }
  const dims = new Array(rank);
  for (let k = 0; k < rank; k++) dims[k] = heapDims[d + k];
  return Object.freeze(dims);
}

/**
 * The tensors of the result list at `result` (0: the call failed, throw its error): wasm tensors that
 * own their memory if `wasmOutputs`, else copies in JS memory (the wasm side's are released).
 * `likeDims`, if given, is a frozen dims array the outputs may share (an input's).
 */
export function readOutputs(m, result, wasmOutputs, likeDims) {
  if (!result) throw lastError();
  const h = heap(); // after the call: the memory may have grown
  const words = h.HEAPU32;
  const heapDims = h.HEAPF64;
  const count = words[(result >> 2) + LIST_COUNT];
  let d = (result + dimsByteOffset(count)) >> 3;
  const outputs = new Array(count);
  for (let i = 0, r = (result >> 2) + LIST_HEADER_WORDS; i < count; i++, r += RECORD_WORDS) {
    const info = dtypeByCode(words[r + RECORD_TYPE]);
    const type = info.name;
    const pointer = words[r + RECORD_DATA];
    const byteLength = words[r + RECORD_BYTE_LENGTH];
    const rank = words[r + RECORD_RANK];
    const handle = words[r + RECORD_HANDLE];
    const dims = outputDims(heapDims, d, rank, likeDims);
    d += rank;
    if (wasmOutputs) {
      outputs[i] = wasmTensor(type, dims, handle, pointer, byteLength);
    } else {
      const data = info.heap
        ? h[info.heap].slice(pointer / info.array.BYTES_PER_ELEMENT, (pointer + byteLength) / info.array.BYTES_PER_ELEMENT)
        : new info.array(h.HEAPU8.buffer.slice(pointer, pointer + byteLength));
      outputs[i] = cpuTensor(type, data, dims);
      m._ow_tensor_release(handle);
    }
  }
  return outputs;
}
