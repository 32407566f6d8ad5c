// Tensors across the boundary for one call into the wasm module (bindings/interop.h, laid out as
// bindings/call_layout.h says): writeInputs puts
// the inputs in the call area (data in JS memory copied into a reused scratch block, wasm-resident data
// passed by address), the caller runs an exported function, readOutputs takes its result list (copies
// out into JS memory, or wasm tensors that keep the memory). Nothing here allocates wasm memory per
// call unless a call needs more room than any before; endCall gives back what a large one took.
// js/blocks.mjs runs large calls in blocks over these.
import { DTYPES, dtypeByCode } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';
import {
  LIST_COUNT, LIST_HEADER_WORDS, RECORD_BYTE_LENGTH, RECORD_DATA, RECORD_HANDLE, RECORD_NAME, RECORD_NAME_LENGTH, RECORD_RANK,
  RECORD_TYPE, RECORD_WORDS,
} from 'onnx-wasm-layout';
import { BLOCK_BYTES } from './block-plan.mjs';
import { dimsByteOffset, heap, lastError, reserveCallArea } from './runtime.mjs';
import { cpuTensor, isTensor, wasmPointer, wasmTensor } from './tensor.mjs';

// Input data in JS memory go here: one block, grown when a call needs more, and kept between calls
// while it is no larger than SCRATCH_KEPT. Each input starts a cache line, as the wasm side's tensors
// of 4 KiB and more do (core/tensor.h), so that the kernels' 16-byte loads never straddle two.
const CACHE_LINE = 64;
let scratchBlock = 0; // what malloc returned
let scratch = 0; // its first cache line
let scratchBytes = 0;

// What a call of a block needs (js/blocks.mjs: a block of each input, each from a cache line, and
// small inputs broadcast over them whole), and so the most the scratch block keeps between calls.
const SCRATCH_KEPT = BLOCK_BYTES + 64 * 1024;

/** The address of `bytes` of scratch memory, from a cache line; earlier contents are not kept. */
export function reserveScratch(m, label, bytes) {
  if (bytes <= scratchBytes) return scratch;
  if (scratchBlock) m._free(scratchBlock);
  scratchBlock = m._malloc(bytes + CACHE_LINE);
  scratch = alignLine(scratchBlock);
  scratchBytes = scratchBlock ? bytes : 0;
  if (!scratchBlock) throw new OnnxWasmError(`${label}: out of memory for the inputs (${bytes} bytes)`, 'OUT_OF_MEMORY');
  return scratch;
}

// Frees the scratch block; the next call that copies inputs takes a new one.
export function releaseScratch(m) {
  if (scratchBlock) m._free(scratchBlock);
  scratchBlock = scratch = scratchBytes = 0;
}

/**
 * At the end of every call that may have copied inputs (successful or not): gives back a scratch
 * block larger than SCRATCH_KEPT, so that what stays between calls is small whatever their size.
 */
export function endCall(m) {
  if (scratchBytes > SCRATCH_KEPT) releaseScratch(m);
}

export const alignLine = (n) => Math.ceil(n / CACHE_LINE) * CACHE_LINE; // not bitwise: n may pass 2^31

// Throws unless `t` is a Tensor whose data are all there: `what` is "input 3" or "options.out".
function checkTensorArgument(label, t, what) {
  if (!isTensor(t)) throw new OnnxWasmError(`${label}: ${what} must be a Tensor`);
  // string tensors can be made and fed, but no operator here takes them
  if (!Object.prototype.hasOwnProperty.call(DTYPES, t.type)) throw new OnnxWasmError(`${label}: ${what} has type '${t.type}', which no operator of onnx-wasm accepts`, 'UNSUPPORTED');
  if (t.location === 'cpu') {
    if (t.data.length !== t.size) { // its ArrayBuffer was transferred (detached) or resized since
      throw new OnnxWasmError(`${label}: ${what} has ${t.data.length} elements left in its data but its dims [${t.dims.join(', ')}] need ${t.size}`);
    }
  } else {
    wasmPointer(t, label, what); // throws once disposed
  }
}

// Whether checkTensorArgument takes `t`: the blocked paths run only then, and leave the errors to the
// whole call's checks, which name the tensors as the caller gave them.
export function usable(t) {
  try {
    checkTensorArgument('', t, '');
    return true;
  } catch {
    return false;
  }
}

export const byteLengthOf = (t) => t.size * DTYPES[t.type].array.BYTES_PER_ELEMENT;
export const bytesOf = (data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

// Record `r` (a word index) of a tensor list, its dims written from heapDims index `d`; returns the
// next dims index.
export function writeRecord(words, heapDims, r, d, code, pointer, byteLength, dims, name) {
  words[r + RECORD_TYPE] = code;
  words[r + RECORD_DATA] = pointer;
  words[r + RECORD_BYTE_LENGTH] = byteLength;
  words[r + RECORD_RANK] = dims.length;
  words[r + RECORD_NAME] = name ? name[0] : 0;
  words[r + RECORD_NAME_LENGTH] = name ? name[1] : 0;
  for (let k = 0; k < dims.length; k++) heapDims[d++] = dims[k];
  return d;
}

/**
 * Writes `tensors` as the call area's input list; `names[i]`, if given, is [address, length] of input
 * i's UTF-8 name; a null input is an omitted optional one. Checks that each other is a Tensor (and
 * not a disposed wasm tensor). Returns whether any input is wasm-resident.
 */
export function writeInputs(m, label, tensors, names) {
  writeList(m, label, tensors, names, null, false);
  for (const t of tensors) if (t?.location === 'wasm') return true;
  return false;
}

/**
 * Writes `tensors` as the call area's input list, then `out` (options.out: the tensor to compute
 * into), and returns where out's data are for the call: its own memory if wasm-resident, else a
 * block of scratch memory that copyOut reads back. Checks as writeInputs, and that out in wasm memory
 * overlaps no input or, if `elementwise`, is an input laid out like it (each element is read before
 * it is written).
 */
export function writeInputsInto(m, label, tensors, out, elementwise) {
  return writeList(m, label, tensors, null, out, elementwise);
}

// The list of writeInputs (out null) or writeInputsInto; returns out's address (0 without out).
function writeList(m, label, tensors, names, out, elementwise) {
  const count = tensors.length;
  let dimsCount = 0;
  let copyBytes = 0;
  for (let i = 0; i < count; i++) {
    const t = tensors[i];
    if (t === null || t === undefined) continue; // an omitted optional input: the wasm side checks that it may be
    checkTensorArgument(label, t, `input ${i}`);
    dimsCount += t.dims.length;
    if (t.location === 'cpu') copyBytes += alignLine(t.data.byteLength);
  }
  const records = out ? count + 1 : count;
  if (out) {
    checkTensorArgument(label, out, 'options.out');
    dimsCount += out.dims.length;
    if (out.location === 'cpu') copyBytes += alignLine(byteLengthOf(out));
    else checkOverlap(label, tensors, out, elementwise);
  }
  const area = reserveCallArea(label, records, dimsCount);
  let free = copyBytes ? reserveScratch(m, label, copyBytes) : 0;
  // Heap views only now: reserving may have grown the memory.
  const h = heap();
  const words = h.HEAPU32;
  const heapDims = h.HEAPF64;
  words[(area >> 2) + LIST_COUNT] = records;
  let r = (area >> 2) + LIST_HEADER_WORDS;
  let d = (area + dimsByteOffset(records)) >> 3;
  for (let i = 0; i < count; i++, r += RECORD_WORDS) {
    const t = tensors[i];
    if (t === null || t === undefined) {
      d = writeRecord(words, heapDims, r, d, 0, 0, 0, [], null);
      continue;
    }
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
      else h.HEAPU8.set(bytesOf(data), pointer);
    } else {
      pointer = wasmPointer(t, label, `input ${i}`);
      byteLength = t.size * info.array.BYTES_PER_ELEMENT;
    }
    d = writeRecord(words, heapDims, r, d, info.code, pointer, byteLength, t.dims, names?.[i]);
  }
  if (!out) return 0;
  const pointer = out.location === 'cpu' ? free : wasmPointer(out, label, 'options.out');
  writeRecord(words, heapDims, r, d, DTYPES[out.type].code, pointer, byteLengthOf(out), out.dims, null);
  return pointer;
}

function checkOverlap(label, tensors, out, elementwise) {
  const begin = wasmPointer(out, label, 'options.out');
  const bytes = byteLengthOf(out);
  for (let i = 0; i < tensors.length; i++) {
    const t = tensors[i];
    if (t?.location !== 'wasm') continue;
    const at = wasmPointer(t, label, `input ${i}`);
    const length = byteLengthOf(t);
    if (at >= begin + bytes || at + length <= begin) continue; // disjoint (or either is empty)
    if (!elementwise) throw new OnnxWasmError(`${label}: options.out shares memory with input ${i}, which this operator reads around each output element`);
    if (at !== begin || length !== bytes) throw new OnnxWasmError(`${label}: options.out shares memory with input ${i} without being laid out like it`);
  }
}

/**
 * After a call written by writeInputsInto: copies the result from `pointer` (what that returned) into
 * out when it is in JS memory.
 */
export function copyOut(result, out, pointer) {
  if (!result) throw lastError();
  if (out.location === 'cpu' && out.size !== 0) bytesOf(out.data).set(heap().HEAPU8.subarray(pointer, pointer + byteLengthOf(out)));
  return out;
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
 * The tensors of the result list at `result` (0: the call failed, throw its error). `where` says what
 * becomes of them: true, wasm tensors that own their memory; false, copies in JS memory (the wasm
 * side's are released); or per output, 'wasm', 'cpu', a Tensor of its type and shape to copy it into
 * (returned in its place) or null (released, and null in its place). `likeDims`, if given, is a frozen
 * dims array the outputs may share (an input's).
 */
export function readOutputs(m, result, where, likeDims, names) {
  if (!result) throw lastError();
  const h = heap(); // after the call: the memory may have grown
  const words = h.HEAPU32;
  const heapDims = h.HEAPF64;
  const count = words[(result >> 2) + LIST_COUNT];
  let d = (result + dimsByteOffset(count)) >> 3;
  const outputs = new Array(count);
  let i = 0;
  try {
    for (let r = (result >> 2) + LIST_HEADER_WORDS; i < count; i++, r += RECORD_WORDS) {
      const info = dtypeByCode(words[r + RECORD_TYPE]);
      const type = info.name;
      const pointer = words[r + RECORD_DATA];
      const byteLength = words[r + RECORD_BYTE_LENGTH];
      const rank = words[r + RECORD_RANK];
      const handle = words[r + RECORD_HANDLE];
      const to = typeof where === 'boolean' ? where : where[i];
      if (to === null) {
        d += rank;
        outputs[i] = null;
        m._ow_tensor_release(handle);
        continue;
      }
      const dims = outputDims(heapDims, d, rank, likeDims);
      d += rank;
      if (to === true || to === 'wasm') {
        outputs[i] = wasmTensor(type, dims, handle, pointer, byteLength);
        continue;
      }
      if (to === false || to === 'cpu') {
        const data = info.heap
          ? h[info.heap].slice(pointer / info.array.BYTES_PER_ELEMENT, (pointer + byteLength) / info.array.BYTES_PER_ELEMENT)
          : new info.array(h.HEAPU8.buffer.slice(pointer, pointer + byteLength));
        outputs[i] = cpuTensor(type, data, dims);
      } else {
        fill(to, `output '${names[i]}'`, type, dims, h.HEAPU8.subarray(pointer, pointer + byteLength));
        outputs[i] = to;
      }
      m._ow_tensor_release(handle);
    }
  } catch (e) {
    // Nothing that failed is returned: free what this call made.
    for (let k = 0; k < i; k++) if (outputs[k]?.location === 'wasm' && outputs[k] !== where[k]) outputs[k].dispose();
    for (let k = i, r = (result >> 2) + LIST_HEADER_WORDS + i * RECORD_WORDS; k < count; k++, r += RECORD_WORDS) m._ow_tensor_release(words[r + RECORD_HANDLE]);
    throw e;
  }
  return outputs;
}

// Copies `bytes` (an output of `type` and `dims`, `what`) into the preallocated Tensor `target`.
function fill(target, what, type, dims, bytes) {
  const label = 'InferenceSession.run';
  checkTensorArgument(label, target, `the Tensor fetched for ${what}`);
  if (target.type !== type) throw new OnnxWasmError(`${label}: the Tensor fetched for ${what} has type ${target.type} but the output has type ${type}`);
  if (target.dims.length !== dims.length || target.dims.some((e, k) => e !== dims[k])) {
    throw new OnnxWasmError(`${label}: the Tensor fetched for ${what} has dims [${target.dims.join(', ')}] but the output has dims [${dims.join(', ')}]`);
  }
  if (bytes.length) bytesOf(target.data).set(bytes);
}
