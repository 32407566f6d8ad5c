// Large calls on JS memory in blocks (ops.*, and a one-node model's run): each block of the inputs is
// copied into scratch memory, computed and copied out while it is in the CPU's cache, one pass over
// memory rather than three, and the scratch memory stays the size of a block whatever the call's.
// Elementwise operators are blocked by rows of the output (js/block-plan.mjs), those whose planes are
// independent by (batch, channel) planes; either into a given Tensor or into a new one.
import { BLOCK_BYTES, broadcastDims, rowsOfBlock, rowsPerBlock, splitRows } from './block-plan.mjs';
import { DTYPES } from './dtypes.mjs';
import { LIST_COUNT, LIST_HEADER_WORDS, RECORD_WORDS } from 'onnx-wasm-layout';
import { alignLine, byteLengthOf, bytesOf, readOutputs, reserveScratch, usable, writeRecord } from './calls.mjs';
import { dimsByteOffset, heap, lastError, reserveCallArea } from './runtime.mjs';
import { cpuTensor, isTensor, wasmPointer } from './tensor.mjs';

// 0 for what the whole call refuses: not a Tensor, or a bool or string one
const tensorBytes = (t) => (isTensor(t) && Object.prototype.hasOwnProperty.call(DTYPES, t.type) ? byteLengthOf(t) : 0);

/**
 * Whether a call on `tensors` into `out` (a Tensor, or null for a new output) has more bytes in all
 * than a block: only such calls run in blocks. A cheap test on anything the caller was given, for
 * callers that would do more to find out.
 */
export function exceedsBlock(tensors, out) {
  let bytes = out === null ? 0 : tensorBytes(out);
  for (const t of tensors) bytes += tensorBytes(t);
  return bytes > BLOCK_BYTES;
}

// A plan: the inputs ({t, sliced, dims (a block's dims after its row count if sliced, all of them if
// constant), rowBytes, bytes (its bytes if in JS memory, else null), pointer (its scratch block)}),
// rows (how many the blocks split), rowDims (the output's dims the rows span), skip (how many dims of
// a block's output stand for its rows: the row count, and 1s) and fits(dims) (whether an output of
// these dims is the one the rows make).
function input(t, sliced, dims) {
  const rowBytes = dims.reduce((a, b) => a * b, 1) * DTYPES[t.type].array.BYTES_PER_ELEMENT;
  return { t, sliced, dims, rowBytes, bytes: t.location === 'cpu' ? bytesOf(t.data) : null, pointer: 0 };
}

// An elementwise call: rows of the output (splitRows).
function rowsPlan(tensors) {
  const dims = broadcastDims(tensors.map((t) => t.dims));
  if (dims === null) return null; // the whole call says why
  const { lead, rows, sliced, blockDims } = splitRows(tensors.map((t) => t.dims), dims);
  const inputs = tensors.map((t, i) => input(t, sliced[i], blockDims[i]));
  return { elementwise: true, inputs, rows, rowDims: dims.slice(0, lead), skip: 1, fits: (d) => sameDims(d, dims) };
}

// A call whose planes are independent: each (batch, channel) plane of the output depends on that plane
// of the input alone; a block of n planes is computed as a batch of n one-channel images.
function planesPlan(tensors) {
  const [x] = tensors;
  if (tensors.length !== 1 || x.dims.length < 3) return null;
  const inputs = [input(x, true, [1, ...x.dims.slice(2)])];
  const fits = (d) => d.length === x.dims.length && d[0] === x.dims[0] && d[1] === x.dims[1];
  return { elementwise: false, inputs, rows: x.dims[0] * x.dims[1], rowDims: x.dims.slice(0, 2), skip: 2, fits };
}

// Whether `out` (a Tensor in JS memory) can take the plan's blocks: dims as the plan's rows need, and
// no overlap the blocks would get wrong. Elementwise, out may be an input laid out like it (each block
// reads its rows before writing them) or overlap constant inputs (copied in first); planes read
// around each element, so out may share no input's memory. A view of wasm memory (which inputs there
// may share) is run whole.
function takes(plan, out, outRowBytes) {
  if (!plan.fits(out.dims)) return false;
  const outBytes = bytesOf(out.data);
  if (outBytes.buffer === heap().HEAPU8.buffer) return false;
  for (const x of plan.inputs) {
    const b = x.bytes;
    if (b === null || b.buffer !== outBytes.buffer) continue;
    if (!plan.elementwise) return false;
    if (!x.sliced) continue;
    const disjoint = b.byteOffset + b.byteLength <= outBytes.byteOffset || outBytes.byteOffset + outBytes.byteLength <= b.byteOffset;
    if (!disjoint && !(b.byteOffset === outBytes.byteOffset && x.rowBytes === outRowBytes)) return false;
  }
  return true;
}

const sameDims = (a, b) => a.length === b.length && a.every((e, k) => e === b[k]);

// Writes the call area's list for the block of `n` rows from `row`: each input's block, then the
// output's, if `output` ({code, pointer, rowBytes, dims (after the row count)}) is given; else the
// call makes its output. A block of no rows has every input of no rows, constant ones too (their dims
// over the rows are 1s: they broadcast alike).
function writeBlock(label, plan, row, n, output) {
  const { inputs } = plan;
  // A constant input is written whole (its dims) in a block of rows, else as a block ([n, ...dims]).
  const whole = (x) => !x.sliced && n > 0;
  const records = output === null ? inputs.length : inputs.length + 1;
  const dimsCount = inputs.reduce((s, x) => s + x.dims.length + (whole(x) ? 0 : 1), output === null ? 0 : output.dims.length + 1);
  const area = reserveCallArea(label, records, dimsCount);
  const h = heap(); // a call may have grown the memory
  const words = h.HEAPU32;
  const heapDims = h.HEAPF64;
  words[(area >> 2) + LIST_COUNT] = records;
  let r = (area >> 2) + LIST_HEADER_WORDS;
  let d = (area + dimsByteOffset(records)) >> 3;
  for (const x of inputs) {
    const code = DTYPES[x.t.type].code;
    if (whole(x)) {
      const pointer = x.bytes ? x.pointer : wasmPointer(x.t, label, 'an input');
      d = writeRecord(words, heapDims, r, d, code, pointer, x.rowBytes, x.dims, null);
    } else {
      const begin = row * x.rowBytes;
      const length = n * x.rowBytes;
      if (x.bytes && length) h.HEAPU8.set(x.bytes.subarray(begin, begin + length), x.pointer);
      const pointer = x.bytes ? x.pointer : wasmPointer(x.t, label, 'an input') + begin;
      d = writeRecord(words, heapDims, r, d, code, pointer, length, [n, ...x.dims], null);
    }
    r += RECORD_WORDS;
  }
  if (output !== null) writeRecord(words, heapDims, r, d, output.code, output.pointer, n * output.rowBytes, [n, ...output.dims], null);
}

/**
 * A call of `operator` (its entry of the operator table) on `tensors` into `out` (a Tensor in JS
 * memory, or null for a new one there), run in blocks: by rows if it is elementwise, by planes if its
 * planes are independent; `prepare()` gives the prepared operator once the inputs are checked. Returns
 * the output, or null when the call should be made whole: it cannot be blocked, or its first block
 * failed (before anything was written to out), so that the error names the tensors as given.
 */
export function runBlocked(m, label, prepare, tensors, out, operator) {
  if (!tensors.every(usable) || (out !== null && !usable(out)) || !exceedsBlock(tensors, out)) return null;
  const plan = operator.elementwise ? rowsPlan(tensors) : operator.independentPlanes ? planesPlan(tensors) : null;
  if (plan === null || plan.rows === 0) return null;
  const { inputs, rows } = plan;
  const handle = prepare();
  let type;
  let dims;
  if (out === null) {
    // The output's type and shape: those of a call on no rows, the rows put back.
    writeBlock(label, plan, 0, 0, null);
    const result = m._ow_run_op(handle, 0);
    if (!result) return null;
    const [none] = readOutputs(m, result, false);
    type = none.type;
    dims = [...plan.rowDims, ...none.dims.slice(plan.skip)];
    // An output larger than the inputs (pads far wider than the input, broadcasting both ways) the
    // whole call makes or refuses, as its memory allows.
    if (dims.reduce((a, b) => a * b, 1) * DTYPES[type].array.BYTES_PER_ELEMENT > inputs.reduce((s, x) => s + byteLengthOf(x.t), 0)) return null;
  } else {
    type = out.type;
    dims = out.dims;
  }
  const outRowBytes = (dims.reduce((a, b) => a * b, 1) / rows) * DTYPES[type].array.BYTES_PER_ELEMENT;
  if (outRowBytes === 0) return null;
  if (out !== null && !takes(plan, out, outRowBytes)) return null;
  const { blockRows, inPlace } = plan.elementwise
    ? rowsOfBlock(inputs.map((x) => (x.sliced && x.bytes ? x.rowBytes : 0)), outRowBytes)
    : { blockRows: rowsPerBlock(inputs[0].bytes ? inputs[0].rowBytes + outRowBytes : outRowBytes), inPlace: -1 };
  if (blockRows >= rows) return null;
  const target = out ?? cpuTensor(type, new DTYPES[type].array(dims.reduce((a, b) => a * b, 1)), Object.freeze(dims));
  const outBytes = bytesOf(target.data);
  const outDims = [...new Array(plan.skip - 1).fill(1), ...dims.slice(plan.rowDims.length)];
  // Scratch: constant inputs in JS memory whole, then a block of each sliced one and of the output
  // (unless it goes in place).
  let bytes = inPlace >= 0 ? 0 : alignLine(blockRows * outRowBytes);
  for (const x of inputs) if (x.bytes) bytes += alignLine(x.sliced ? blockRows * x.rowBytes : x.bytes.byteLength);
  let free = reserveScratch(m, label, bytes);
  for (const x of inputs) {
    if (!x.bytes) continue;
    x.pointer = free;
    free += alignLine(x.sliced ? blockRows * x.rowBytes : x.bytes.byteLength);
    if (!x.sliced) heap().HEAPU8.set(x.bytes, x.pointer);
  }
  const outPointer = inPlace >= 0 ? inputs[inPlace].pointer : free;
  const output = { code: DTYPES[type].code, pointer: outPointer, rowBytes: outRowBytes, dims: outDims };
  for (let row = 0; row < rows; row += blockRows) {
    const n = Math.min(blockRows, rows - row);
    writeBlock(label, plan, row, n, output);
    if (!m._ow_run_op(handle, 1)) {
      if (row === 0) return null;
      throw lastError(); // not reached: every block has the first one's types and shapes but its rows
    }
    outBytes.set(heap().HEAPU8.subarray(outPointer, outPointer + n * outRowBytes), row * outRowBytes);
  }
  return target;
}
