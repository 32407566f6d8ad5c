// How a large call on JS memory is cut into blocks: the block size, and which rows of an elementwise
// call the blocks split. Plain arithmetic on shapes, no wasm: bench/measure.mjs reads it too, so that
// its "kernel, in cache" column times the blocks the package makes.

// The blocks are of about this many bytes of scratch memory (each input's block and the output's), so
// that a block is copied in, computed and copied out while it is in the CPU's cache, rather than
// three passes over memory. The size was chosen with `npm run bench` (its "the same, blocked" and
// "kernel, in cache" columns).
export const BLOCK_BYTES = 512 * 1024;

// Rows of `rowBytes` each that fit a block: at least one.
export const rowsPerBlock = (rowBytes) => Math.max(1, Math.floor(BLOCK_BYTES / rowBytes));

/** The dims of `shapes` broadcast together (NumPy rules), or null if they do not broadcast. */
export function broadcastDims(shapes) {
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const dims = new Array(rank).fill(1);
  for (const shape of shapes) {
    const lead = rank - shape.length;
    for (let k = 0; k < shape.length; k++) {
      const e = shape[k];
      if (e === dims[lead + k] || e === 1) continue;
      if (dims[lead + k] !== 1) return null;
      dims[lead + k] = e;
    }
  }
  return dims;
}

/**
 * The rows of an elementwise call on inputs of `shapes` (broadcast to `dims`, the output's): the
 * output's leading dims, as many as every input either follows (sliced: its elements for output rows
 * [a, b) are its rows [a, b)) or broadcasts over (constant: the same for every row). Returns {lead
 * (how many dims the rows span), rows, sliced (per input), blockDims (per input: its dims after the
 * rows; a block of a sliced input is [n, ...blockDims], a constant input is blockDims, its dims over
 * the rows being all 1)}.
 */
export function splitRows(shapes, dims) {
  const rank = dims.length;
  const aligned = shapes.map((s) => [...new Array(rank - s.length).fill(1), ...s]);
  // state per input over the leading dims: 0 none yet, 1 sliced, 2 constant
  const state = new Array(shapes.length).fill(0);
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
  return { lead, rows, sliced: state.map((s) => s === 1), blockDims: aligned.map((a) => a.slice(lead)) };
}

/**
 * How many output rows a block of an elementwise call holds: `rowBytes` per input (its bytes per
 * row, or 0 if it takes no room per row: constant, or in wasm memory already), `outRowBytes` the
 * output's. The output goes over the block of the first input of its row size (in place: the working
 * set is smaller), if any; returns {blockRows, inPlace (that input's index, or -1)}.
 */
export function rowsOfBlock(rowBytes, outRowBytes) {
  const inPlace = rowBytes.indexOf(outRowBytes);
  const perRow = rowBytes.reduce((s, b) => s + b, inPlace >= 0 ? 0 : outRowBytes);
  return { blockRows: rowsPerBlock(perRow), inPlace };
}
