// Independent references for Reshape, Flatten, Squeeze, Unsqueeze and Transpose, from the ONNX
// definitions: the output shapes, and Transpose's element order. They share no code with the
// implementation and assume valid arguments (the refusals are tested apart).

const count = (dims) => dims.reduce((a, b) => a * b, 1);

/** Reshape: a 0 copies the input's dim at its index (unless allowzero), a -1 is what the count leaves. */
export function reshapeDims(dims, shape, allowzero = false) {
  const out = shape.map((v, i) => (v === 0 && !allowzero ? dims[i] : v));
  const known = count(out.filter((v) => v !== -1));
  return out.map((v) => (v === -1 ? count(dims) / known : v));
}

/** Flatten: [the product of the dims before axis, the product of the others]. */
export function flattenDims(dims, axis = 1) {
  const a = axis < 0 ? axis + dims.length : axis;
  return [count(dims.slice(0, a)), count(dims.slice(a))];
}

/** Squeeze: without axes, every dim of 1 goes. */
export function squeezeDims(dims, axes) {
  if (axes === undefined) return dims.filter((d) => d !== 1);
  const drop = axes.map((a) => (a < 0 ? a + dims.length : a));
  return dims.filter((_, i) => !drop.includes(i));
}

/** Unsqueeze: axes of the output, whose other dims are the input's in order. */
export function unsqueezeDims(dims, axes) {
  const rank = dims.length + axes.length;
  const at = axes.map((a) => (a < 0 ? a + rank : a));
  const rest = [...dims];
  return Array.from({ length: rank }, (_, i) => (at.includes(i) ? 1 : rest.shift()));
}

/**
 * Transpose of `data` (an array or typed array) of shape `dims`: output element by output element, its
 * index along output axis i is its index along input axis perm[i] (default: the axes reversed).
 */
export function referenceTranspose(data, dims, perm = dims.map((_, i) => dims.length - 1 - i)) {
  const outDims = perm.map((p) => dims[p]);
  const out = new data.constructor(data.length);
  const index = new Array(dims.length);
  for (let flat = 0; flat < data.length; flat++) {
    let rest = flat;
    for (let i = outDims.length - 1; i >= 0; i--) {
      index[perm[i]] = rest % outDims[i];
      rest = Math.floor(rest / outDims[i]);
    }
    let offset = 0;
    for (let k = 0; k < dims.length; k++) offset = offset * dims[k] + index[k];
    out[flat] = data[offset];
  }
  return { dims: outDims, data: out };
}
