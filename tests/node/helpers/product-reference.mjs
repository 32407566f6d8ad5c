// Plain-JS references for the matrix products (MatMul, Gemm, Conv's sums): values as numbers (floats,
// summed in float64) or bigints (integers, wrapped to the type's width), and how far a float result may
// be from its reference.
import { FLOAT_TYPES, INT_TYPES } from '../../../tools/values.mjs';
import { broadcastShape } from './reference.mjs';

const size = (dims) => dims.reduce((a, b) => a * b, 1);

// Wraps a bigint into an integer type's range, as two's complement arithmetic of its width does.
export function wrapInt(type, v) {
  const bits = INT_TYPES[type].array.BYTES_PER_ELEMENT * 8;
  return INT_TYPES[type].min < 0 ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v);
}

// The stored elements of a tensor as numbers (floats) or bigints (integers).
export function valuesOf(type, data) {
  if (FLOAT_TYPES[type]) return Array.from(data, FLOAT_TYPES[type].decode);
  return Array.from(data, (v) => BigInt(v));
}

// Relative size of the float32 rounding each sum and product adds, by the type computed in.
const UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -24, bfloat16: 2 ** -24 };
// Of the final rounding to the output type.
const OUTPUT_UNIT = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -11, bfloat16: 2 ** -8 };

/**
 * Checks `got` (stored elements of `type`) against `want`: {value, magnitude, terms} per element, the
 * exact sum in float64 (or the wrapped bigint), the sum of its terms' magnitudes and their count.
 */
export function checkProduct(type, got, want, label) {
  if (got.length !== want.length) throw new Error(`${label}: ${got.length} elements, want ${want.length}`);
  const float = FLOAT_TYPES[type];
  for (let i = 0; i < want.length; i++) {
    const { value, magnitude = 0, terms = 0 } = want[i];
    if (!float) {
      if (BigInt(got[i]) !== value) throw new Error(`${label}: element ${i} is ${got[i]}, want ${value}`);
      continue;
    }
    const g = float.decode(got[i]);
    const rounded = float.decode(float.encode(value));
    const ok = Number.isNaN(rounded)
      ? Number.isNaN(g)
      : !Number.isFinite(rounded)
        ? g === rounded
        : Math.abs(g - rounded) <= 2 * (terms + 2) * UNIT[type] * magnitude + 2 * OUTPUT_UNIT[type] * Math.abs(rounded) + 1e-300;
    if (!ok) throw new Error(`${label}: element ${i} is ${g}, want ${rounded} (exact ${value}, magnitude ${magnitude})`);
  }
}

// Sum of products as a reference element: exact for integers (wrapped to `type`), float64 for floats.
export function dot(type, pairs) {
  if (!FLOAT_TYPES[type]) {
    let s = 0n;
    for (const [x, y] of pairs) s += x * y;
    return { value: wrapInt(type, s) };
  }
  let value = 0, magnitude = 0;
  for (const [x, y] of pairs) {
    value += x * y;
    magnitude += Math.abs(x * y);
  }
  return { value, magnitude, terms: pairs.length };
}

// NumPy matmul on values: {dims, want} with want[i] = dot(...).
export function referenceMatMul(type, a, aDims, b, bDims) {
  const aD = aDims.length === 1 ? [1, aDims[0]] : aDims;
  const bD = bDims.length === 1 ? [bDims[0], 1] : bDims;
  const [m, k] = aD.slice(-2);
  const n = bD.at(-1);
  const batch = broadcastShape([aD.slice(0, -2), bD.slice(0, -2)]);
  const dims = [...batch, ...(aDims.length === 1 ? [] : [m]), ...(bDims.length === 1 ? [] : [n])];
  const index = (bDims_, flat) => { // flat batch index -> the operand's batch index
    let at = 0, stride = 1;
    for (let j = batch.length - 1, f = flat; j >= 0; j--) {
      const c = f % batch[j];
      f = Math.floor(f / batch[j]);
      const i = j - (batch.length - bDims_.length);
      if (i >= 0) {
        if (bDims_[i] !== 1) at += c * stride;
        stride *= bDims_[i];
      }
    }
    return at;
  };
  const want = [];
  for (let t = 0; t < size(batch); t++) {
    const ao = index(aD.slice(0, -2), t) * m * k, bo = index(bD.slice(0, -2), t) * k * n;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) want.push(dot(type, Array.from({ length: k }, (_, p) => [a[ao + i * k + p], b[bo + p * n + j]])));
  }
  return { dims, want };
}

// alpha * A' * B' + beta * C, from the definition.
export function referenceGemm(type, a, aDims, b, bDims, c, cDims, { alpha = 1, beta = 1, transA = 0, transB = 0 }) {
  const [m, k] = transA ? [aDims[1], aDims[0]] : aDims;
  const n = transB ? bDims[0] : bDims[1];
  const at = (i, p) => (transA ? a[p * m + i] : a[i * k + p]);
  const bt = (p, j) => (transB ? b[j * k + p] : b[p * n + j]);
  const float = FLOAT_TYPES[type];
  const want = [];
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      const d = dot(type, Array.from({ length: k }, (_, p) => [at(i, p), bt(p, j)]));
      let cv = null;
      if (c && beta !== 0) {
        const cm = cDims.length === 2 ? cDims[0] : 1, cn = cDims.length ? cDims.at(-1) : 1;
        cv = c[(cm === 1 ? 0 : i) * cn + (cn === 1 ? 0 : j)];
      }
      if (!float) {
        want.push({ value: wrapInt(type, BigInt(alpha) * d.value + (cv === null ? 0n : BigInt(beta) * cv)) });
        continue;
      }
      const scaled = alpha * d.value + (cv === null ? 0 : beta * cv);
      // 0 * inf terms make NaN whatever alpha is
      want.push({ value: scaled, magnitude: Math.abs(alpha) * d.magnitude + (cv === null ? 0 : Math.abs(beta * cv)), terms: d.terms + 2 });
    }
  }
  return { dims: [m, n], want };
}

// Output size and padding before the input along one axis, from the spec's formulas; null if empty.
function axis(input, k, s, d, autoPad, padBegin, padEnd) {
  const extent = (k - 1) * d + 1;
  if (autoPad === 'VALID') return { out: Math.floor((input - extent) / s) + 1, begin: 0 };
  if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    const out = Math.ceil(input / s);
    const total = Math.max(0, (out - 1) * s + extent - input);
    return { out, begin: autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : total - Math.floor(total / 2) };
  }
  return { out: Math.floor((input + padBegin + padEnd - extent) / s) + 1, begin: padBegin };
}

// Y[n, m, o...] = B[m] + sum over c in m's group and kernel taps of X[n, c, o * s - pad + t * d] W[m, c, t],
// X being 0 in the padding.
export function referenceConv(type, x, xDims, w, wDims, b, a) {
  const [n, c, ...xs] = xDims;
  const [m, cg, ...ks] = wDims;
  const group = a.group ?? 1;
  const rank = xs.length;
  const geometry = xs.map((input, i) => axis(input, ks[i], a.strides?.[i] ?? 1, a.dilations?.[i] ?? 1, a.auto_pad ?? 'NOTSET', a.pads?.[i] ?? 0, a.pads?.[i + rank] ?? 0));
  if (geometry.some((g) => g.out < 1)) return null;
  const os = geometry.map((g) => g.out);
  const dims = [n, m, ...os];
  const want = [];
  const coords = (flat, extents) => extents.reduceRight((acc, e) => { acc.unshift(flat % e); flat = Math.floor(flat / e); return acc; }, []);
  const mg = m / group;
  for (let img = 0; img < n; img++) {
    for (let oc = 0; oc < m; oc++) {
      const g = Math.floor(oc / mg);
      for (let p = 0; p < size(os); p++) {
        const o = coords(p, os);
        const pairs = [];
        for (let ci = 0; ci < cg; ci++) {
          for (let t = 0; t < size(ks); t++) {
            const tap = coords(t, ks);
            const at = o.map((oi, i) => oi * (a.strides?.[i] ?? 1) - geometry[i].begin + tap[i] * (a.dilations?.[i] ?? 1));
            // the padding is zeros: 0 x inf is NaN there as anywhere
            if (at.some((v, i) => v < 0 || v >= xs[i])) {
              pairs.push([0, w[(oc * cg + ci) * size(ks) + t]]);
              continue;
            }
            const xi = ((img * c + g * cg + ci) * size(xs)) + at.reduce((acc, v, i) => acc * xs[i] + v, 0);
            pairs.push([x[xi], w[(oc * cg + ci) * size(ks) + t]]);
          }
        }
        if (b) pairs.push([b[oc], 1]);
        want.push(dot(type, pairs));
      }
    }
  }
  return { dims, want };
}

// ConvTranspose's output size and the padding cut from its beginning along one axis, from the spec's
// formulas.
function transposedAxis(input, k, s, d, outputPadding, autoPad, padBegin, padEnd, outputShape) {
  const full = s * (input - 1) + outputPadding + (k - 1) * d + 1;
  const same = autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER';
  if (outputShape !== undefined || same) {
    const out = outputShape ?? input * s;
    const total = full - out;
    return { out, begin: autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : total - Math.floor(total / 2) };
  }
  if (autoPad === 'VALID') return { out: full, begin: 0 };
  return { out: full - padBegin - padEnd, begin: padBegin };
}

// Y[n, m, o...] = B[m] + sum over c in m's group, input positions i and kernel taps t with
// i * s + t * d - pad_begin = o of X[n, c, i] W[c, m % (M / group), t]; null if the output is empty.
export function referenceConvTranspose(type, x, xDims, w, wDims, b, a) {
  const [n, c, ...xs] = xDims;
  const [, mg, ...ks] = wDims;
  const group = a.group ?? 1;
  const m = mg * group, cg = c / group;
  const rank = xs.length;
  const stride = (i) => a.strides?.[i] ?? 1, dilation = (i) => a.dilations?.[i] ?? 1;
  const geometry = xs.map((input, i) => transposedAxis(input, ks[i], stride(i), dilation(i), a.output_padding?.[i] ?? 0, a.auto_pad ?? 'NOTSET',
    a.pads?.[i] ?? 0, a.pads?.[i + rank] ?? 0, a.output_shape?.[a.output_shape.length - rank + i]));
  if (geometry.some((g) => g.out < 1)) return null;
  const os = geometry.map((g) => g.out);
  const coords = (flat, extents) => extents.reduceRight((acc, e) => { acc.unshift(flat % e); flat = Math.floor(flat / e); return acc; }, []);
  const want = [];
  for (let img = 0; img < n; img++) {
    for (let oc = 0; oc < m; oc++) {
      const g = Math.floor(oc / mg);
      for (let p = 0; p < size(os); p++) {
        const o = coords(p, os);
        const pairs = [];
        for (let t = 0; t < size(ks); t++) {
          const tap = coords(t, ks);
          const at = o.map((oi, i) => (oi + geometry[i].begin - tap[i] * dilation(i)) / stride(i));
          if (at.some((v, i) => !Number.isInteger(v) || v < 0 || v >= xs[i])) continue;
          const flat = at.reduce((acc, v, i) => acc * xs[i] + v, 0);
          for (let ci = 0; ci < cg; ci++) {
            const channel = g * cg + ci;
            pairs.push([x[(img * c + channel) * size(xs) + flat], w[(channel * mg + (oc % mg)) * size(ks) + t]]);
          }
        }
        if (b) pairs.push([b[oc], 1]);
        want.push(dot(type, pairs));
      }
    }
  }
  return { dims: [n, m, ...os], want };
}
