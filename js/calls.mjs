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

// Frees the scratch block; the next call that copies inputs takes a new one.
export function releaseScratch(m) {
  if (scratchBlock) m._free(scratchBlock);
  scratchBlock = scratch = scratchBytes = 0;
}

const alignLine = (n) => Math.ceil(n / CACHE_LINE) * CACHE_LINE; // not bitwise: n may pass 2^31

// Throws unless `t` is a Tensor whose data are all there: `what` is "input 3" or "options.out".
function checkTensorArgument(label, t, what) {
  if (!isTensor(t)) throw new OnnxWasmError(`${label}: ${what} must be a Tensor`);
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
function usable(t) {
  try {
    checkTensorArgument('', t, '');
    return true;
  } catch {
    return false;
  }
}

const byteLengthOf = (t) => t.size * DTYPES[t.type].array.BYTES_PER_ELEMENT;
const bytesOf = (data) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

// Record `r` (a word index) of a tensor list, its dims written from heapDims index `d`; returns the
// next dims index.
function writeRecord(words, heapDims, r, d, code, pointer, byteLength, dims, name) {
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
 * Writes `tensors` as the call area's input list, then `out` (if given: the tensor to compute into,
 * options.out; in JS memory it gets a block of scratch memory, read back by copyOut); `names[i]`, if
 * given, is [address, length] of input i's UTF-8 name; a null input is an omitted optional one. Checks
 * that each other is a Tensor (and not a disposed
 * wasm tensor), and that out in wasm memory overlaps no input or, if `elementwise`, is an input laid
 * out like it (each element is read before it is written). Returns whether any input is wasm-resident.
 */
export function writeInputs(m, label, tensors, names, out, elementwise) {
  const count = tensors.length;
  let dimsCount = 0;
  let copyBytes = 0;
  let anyWasm = false;
  for (let i = 0; i < count; i++) {
    const t = tensors[i];
    if (t === null || t === undefined) continue; // an omitted optional input: the wasm side checks that it may be
    checkTensorArgument(label, t, `input ${i}`);
    dimsCount += t.dims.length;
    if (t.location === 'cpu') copyBytes += alignLine(t.data.byteLength);
    else anyWasm = true;
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
  if (out) {
    outScratch = out.location === 'cpu' ? free : 0;
    const pointer = outScratch || wasmPointer(out, label, 'options.out');
    writeRecord(words, heapDims, r, d, DTYPES[out.type].code, pointer, byteLengthOf(out), out.dims, null);
  }
  return anyWasm;
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

// Where the last writeInputs put options.out's result when out is in JS memory.
let outScratch = 0;

/** After a call written by writeInputs with `out`: copies the result into out when it is in JS memory. */
export function copyOut(result, out) {
  if (!result) throw lastError();
  if (out.location === 'cpu' && out.size !== 0) bytesOf(out.data).set(heap().HEAPU8.subarray(outScratch, outScratch + byteLengthOf(out)));
  return out;
}

// Large calls with out in JS memory (ops.* with options.out, a one-node model's fetch) are run in
// blocks of about this many bytes of scratch memory (the inputs' blocks and the output's): copied in,
// computed and copied out while they are in the CPU's cache (L2 is 512 KiB and more on current
// desktops), rather than three passes over memory. Each block is a call, which costs 1-3.5 us for an
// elementwise one (Floor; Min of 4) and 2-7 us for AveragePool: measured in Node and Chromium, blocks
// of 512 KiB were as fast as 128 KiB ones for Floor and 10-30% faster for Min and AveragePool, and
// blocks of 1-2 MiB slower.
const BLOCK_BYTES = 512 * 1024;

/**
 * Whether a call on `tensors` into `out` (Tensors) has more bytes in all than a block: only such calls
 * run in blocks (a cheap test, for callers that would do more to find out).
 */
export function exceedsBlock(tensors, out) {
  let bytes = byteLengthOf(out);
  for (const t of tensors) bytes += byteLengthOf(t);
  return bytes > BLOCK_BYTES;
}

// The output dims of an elementwise call: the inputs' dims broadcast (NumPy rules), or null if they
// do not broadcast or are not all of out's type (the call is then made whole, whose error says why).
function broadcastDims(tensors, type) {
  let rank = 0;
  for (const t of tensors) {
    if (t.type !== type) return null;
    rank = Math.max(rank, t.dims.length);
  }
  const dims = new Array(rank).fill(1);
  for (const t of tensors) {
    const lead = rank - t.dims.length;
    for (let k = 0; k < t.dims.length; k++) {
      const e = t.dims[k];
      if (e === dims[lead + k] || e === 1) continue;
      if (dims[lead + k] !== 1) return null;
      dims[lead + k] = e;
    }
  }
  return dims;
}

/**
 * How an elementwise call into `out` (in JS memory) runs in blocks, or null if it need not or cannot
 * (then it runs whole). The output's leading dims, as many as every input either follows (sliced: its
 * elements for output rows [a, b) are its rows [a, b)) or broadcasts over (constant: the same for
 * every row), are the rows that blocks split.
 */
function planBlocks(tensors, out) {
  if (!usable(out) || !tensors.every(usable) || !exceedsBlock(tensors, out)) return null;
  const elementBytes = DTYPES[out.type].array.BYTES_PER_ELEMENT;
  const dims = broadcastDims(tensors, out.type);
  if (dims === null || dims.length !== out.dims.length || dims.some((e, k) => e !== out.dims[k])) return null;
  const rank = dims.length;
  const aligned = tensors.map((t) => [...new Array(rank - t.dims.length).fill(1), ...t.dims]);
  // state per input over the leading dims: 0 none yet, 1 sliced, 2 constant
  const state = new Array(tensors.length).fill(0);
  let lead = 0;
  for (; lead < rank; lead++) {
    if (dims[lead] === 1) continue;
    const next = aligned.map((a) => (a[lead] === 1 ? 2 : 1));
    if (next.some((s, i) => state[i] !== 0 && state[i] !== s)) break;
    next.forEach((s, i) => {
      state[i] = s;
    });
  }
  let rows = 1;
  for (let k = 0; k < lead; k++) rows *= dims[k];
  const rowOf = (shape) => shape.slice(lead).reduce((a, b) => a * b, 1) * elementBytes;
  const outRowBytes = rowOf(dims);
  const inputs = tensors.map((t, i) => ({
    t,
    sliced: state[i] === 1,
    dims: aligned[i].slice(lead), // a block's dims after its row count (sliced) or all of them (constant)
    rowBytes: rowOf(aligned[i]),
    bytes: t.location === 'cpu' ? bytesOf(t.data) : null,
    pointer: 0, // its scratch block, if in JS memory
  }));
  // Out may be an input laid out like it (each block reads its rows before writing them), or overlap
  // constant inputs (copied in first); any other overlap with JS memory it writes, or a view of wasm
  // memory (which inputs there may share), is run whole.
  const outBytes = bytesOf(out.data);
  if (outBytes.buffer === heap().HEAPU8.buffer) return null;
  for (const input of inputs) {
    const b = input.bytes;
    if (b === null || b.buffer !== outBytes.buffer || !input.sliced) continue;
    const disjoint = b.byteOffset + b.byteLength <= outBytes.byteOffset || outBytes.byteOffset + outBytes.byteLength <= b.byteOffset;
    if (!disjoint && !(b.byteOffset === outBytes.byteOffset && input.rowBytes === outRowBytes)) return null;
  }
  // A block's output goes over the block of an input in JS memory laid out like it (in place: the
  // working set is smaller), else into its own block.
  const inPlace = inputs.find((x) => x.bytes && x.sliced && x.rowBytes === outRowBytes) ?? null;
  const perRow = inputs.reduce((s, x) => s + (x.sliced && x.bytes ? x.rowBytes : 0), inPlace ? 0 : outRowBytes);
  const blockRows = Math.max(1, Math.floor(BLOCK_BYTES / perRow));
  if (blockRows >= rows) return null;
  return { inputs, inPlace, rows, blockRows, outRowBytes, outDims: dims.slice(lead), outBytes };
}

/**
 * How a pooling call into `out` (in JS memory) runs in blocks of planes, or null if it need not or
 * cannot (then it runs whole). Each (batch, channel) plane of the output depends on that plane of the
 * input alone: the planes are the rows that blocks split, a block of n of them computed as a batch of
 * n one-channel images.
 */
function planPlanes(tensors, out) {
  if (tensors.length !== 1 || !usable(out) || !usable(tensors[0]) || !exceedsBlock(tensors, out)) return null;
  const [x] = tensors;
  const elementBytes = DTYPES[out.type].array.BYTES_PER_ELEMENT;
  const rank = x.dims.length;
  if (x.type !== out.type || rank < 3 || out.dims.length !== rank || out.dims[0] !== x.dims[0] || out.dims[1] !== x.dims[1]) return null;
  const rows = x.dims[0] * x.dims[1];
  const rowBytes = (x.size / rows) * elementBytes;
  const outRowBytes = (out.size / rows) * elementBytes;
  const blockRows = Math.max(1, Math.floor(BLOCK_BYTES / (x.location === 'cpu' ? rowBytes + outRowBytes : outRowBytes)));
  if (blockRows >= rows) return null;
  // Out may overlap no input in JS memory (the call reads around each element) nor be a view of wasm
  // memory: those run whole (and are refused or copied in first there).
  const outBytes = bytesOf(out.data);
  const bytes = x.location === 'cpu' ? bytesOf(x.data) : null;
  if (outBytes.buffer === heap().HEAPU8.buffer || (bytes && bytes.buffer === outBytes.buffer)) return null;
  const input = { t: x, sliced: true, dims: [1, ...x.dims.slice(2)], rowBytes, bytes, pointer: 0 };
  return { inputs: [input], inPlace: null, rows, blockRows, outRowBytes, outDims: [1, ...out.dims.slice(2)], outBytes };
}

/**
 * For a call without options.out of an operator whose planes are independent (see planPlanes) on an
 * input in JS memory large enough to be blocked: a new Tensor in JS memory of the output's type and
 * shape, for runBlocked to compute into; else null (the call runs whole). The shape is that of a call
 * on no planes (a batch of 0 images, which computes nothing) with the batch and channels put back; if
 * that call fails, null, and the whole call says why. So is an output larger than the input (pads far
 * wider than the input), which the wasm side may refuse to make, and JS may fail to allocate.
 */
export function planesOutput(m, label, prepare, tensors) {
  const [x] = tensors;
  if (tensors.length !== 1 || !usable(x) || x.location !== 'cpu' || x.dims.length < 3 || x.data.byteLength < BLOCK_BYTES) return null;
  writeInputs(m, label, [cpuTensor(x.type, new DTYPES[x.type].array(0), [0, 1, ...x.dims.slice(2)])], null);
  const result = m._ow_run_op(prepare(), 0);
  if (!result) return null;
  const [none] = readOutputs(m, result, false);
  const dims = [x.dims[0], x.dims[1], ...none.dims.slice(2)];
  const size = dims.reduce((a, b) => a * b, 1);
  return size > x.size ? null : cpuTensor(none.type, new DTYPES[none.type].array(size), Object.freeze(dims));
}

/**
 * A call into `out` in JS memory, run in blocks as `operator` (its entry of the operator table) allows:
 * by rows if it is elementwise (planBlocks), by planes if its planes are independent (planPlanes);
 * `prepare()` gives the prepared operator once the inputs are checked. Returns out, or null when the
 * call should be made whole: it cannot be blocked, or its first block failed (before anything was
 * written to out), so that the error names the tensors as given.
 */
export function runBlocked(m, label, prepare, tensors, out, operator) {
  const plan = operator.elementwise ? planBlocks(tensors, out) : operator.independentPlanes ? planPlanes(tensors, out) : null;
  if (plan === null) return null;
  const handle = prepare();
  const { inputs, inPlace, rows, blockRows, outRowBytes, outDims, outBytes } = plan;
  const count = inputs.length;
  // Scratch: constant inputs in JS memory whole, then a block of each sliced one and of the output
  // (unless it goes in place).
  let bytes = inPlace ? 0 : alignLine(blockRows * outRowBytes);
  for (const x of inputs) if (x.bytes) bytes += alignLine(x.sliced ? blockRows * x.rowBytes : x.bytes.byteLength);
  let free = reserveScratch(m, label, bytes);
  for (const x of inputs) {
    if (!x.bytes) continue;
    x.pointer = free;
    free += alignLine(x.sliced ? blockRows * x.rowBytes : x.bytes.byteLength);
    if (!x.sliced) heap().HEAPU8.set(x.bytes, x.pointer);
  }
  const outPointer = inPlace ? inPlace.pointer : free;
  const dimsCount = inputs.reduce((s, x) => s + x.dims.length + (x.sliced ? 1 : 0), outDims.length + 1);
  const area = reserveCallArea(label, count + 1, dimsCount);
  for (let row = 0; row < rows; row += blockRows) {
    const n = Math.min(blockRows, rows - row);
    const h = heap(); // a call may have grown the memory
    const words = h.HEAPU32;
    const heapDims = h.HEAPF64;
    words[(area >> 2) + LIST_COUNT] = count + 1;
    let r = (area >> 2) + LIST_HEADER_WORDS;
    let d = (area + dimsByteOffset(count + 1)) >> 3;
    for (const x of inputs) {
      const code = DTYPES[x.t.type].code;
      if (!x.sliced) {
        const pointer = x.bytes ? x.pointer : wasmPointer(x.t, label, 'an input');
        d = writeRecord(words, heapDims, r, d, code, pointer, x.rowBytes, x.dims, null);
      } else {
        const begin = row * x.rowBytes;
        const length = n * x.rowBytes;
        if (x.bytes) h.HEAPU8.set(x.bytes.subarray(begin, begin + length), x.pointer);
        const pointer = x.bytes ? x.pointer : wasmPointer(x.t, label, 'an input') + begin;
        d = writeRecord(words, heapDims, r, d, code, pointer, length, [n, ...x.dims], null);
      }
      r += RECORD_WORDS;
    }
    writeRecord(words, heapDims, r, d, DTYPES[out.type].code, outPointer, n * outRowBytes, [n, ...outDims], null);
    if (!m._ow_run_op(handle, 1)) {
      if (row === 0) return null;
      throw lastError(); // not reached: every block has the first one's types and shapes but its rows
    }
    outBytes.set(heap().HEAPU8.subarray(outPointer, outPointer + n * outRowBytes), row * outRowBytes);
  }
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
