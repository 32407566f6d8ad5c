// Independent references for the Node tests: written from the ONNX definitions and IEEE 754, sharing
// no code with the implementation.

// The float16/bfloat16 codecs, from their one home.
export { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../../tools/half-codecs.mjs';

// Round half to even on numbers, keeping -0 (Math.round rounds halves up and loses -0 for -0.5).
export function roundHalfEven(x) {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  const r = d > 0.5 ? f + 1 : d < 0.5 ? f : f % 2 === 0 ? f : f + 1;
  return r === 0 && x < 0 ? -0 : r;
}

// Same value, NaN equal to NaN, and -0 distinct from +0.
export function sameValue(a, b) {
  return Object.is(a, b);
}

// Min of two values, from the definition: NaN wins on either side, -0 is below +0, otherwise the smaller.
export function referenceMin(a, b, float) {
  if (float) {
    if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
    if (a === 0 && b === 0) return Object.is(a, -0) || Object.is(b, -0) ? -0 : 0;
  }
  return a < b ? a : b; // exact for numbers and bigints alike
}

// Output shape under NumPy broadcasting, and the flat index of an input's element for an output index.
export function broadcastShape(shapes) {
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const out = new Array(rank).fill(1);
  for (const s of shapes) s.forEach((d, i) => { if (d !== 1) out[rank - s.length + i] = d; });
  return out;
}

export function inputIndex(outDims, inDims, flat) {
  let index = 0;
  let stride = 1;
  for (let j = outDims.length - 1; j >= 0; j--) {
    const coordinate = flat % outDims[j];
    flat = Math.floor(flat / outDims[j]);
    const k = j - (outDims.length - inDims.length);
    if (k < 0) continue;
    if (inDims[k] !== 1) index += coordinate * stride;
    stride *= inDims[k];
  }
  return index;
}

// AveragePool, from the spec: every version's formulas, with the defaults of absent attributes.

// Output size and padding of one spatial axis, or null when the output would be empty.
function referenceAxis(size, a, axis) {
  const rank = a.kernel_shape.length;
  const k = a.kernel_shape[axis];
  const s = a.strides?.[axis] ?? 1;
  const d = a.dilations?.[axis] ?? 1;
  const extent = (k - 1) * d + 1;
  const autoPad = a.auto_pad ?? 'NOTSET';
  let out;
  let begin = 0;
  let end = 0;
  if (autoPad === 'VALID') {
    out = Math.floor((size - extent) / s) + 1;
  } else if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
    out = Math.ceil(size / s);
    const total = Math.max(0, (out - 1) * s + extent - size);
    begin = autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : Math.ceil(total / 2);
    end = total - begin;
  } else {
    begin = a.pads?.[axis] ?? 0;
    end = a.pads?.[axis + rank] ?? 0;
    const exact = (size + begin + end - extent) / s + 1;
    out = a.ceil_mode ? Math.ceil(exact) : Math.floor(exact);
    // Sliding windows that would start in the end padding are ignored.
    if (a.ceil_mode && (out - 1) * s >= size + begin) out -= 1;
  }
  return out >= 1 ? { out, begin, end, k, s, d } : null;
}

// The windows both poolings slide over an input of `dims` with attributes `a`: each spatial axis's
// (referenceAxis), the output's spatial sizes, plane counts and sizes, and the taps of a window; null
// when an output axis would be empty.
function poolGeometry(dims, a) {
  const spatial = dims.slice(2);
  const axes = spatial.map((size, i) => referenceAxis(size, a, i));
  if (axes.includes(null)) return null;
  const outSpatial = axes.map((ax) => ax.out);
  const planes = dims[0] * dims[1];
  const inPlane = spatial.reduce((p, v) => p * v, 1);
  const outPlane = outSpatial.reduce((p, v) => p * v, 1);
  const kernelTaps = a.kernel_shape.reduce((p, v) => p * v, 1);
  return { spatial, axes, outSpatial, planes, inPlane, outPlane, kernelTaps };
}

// y, plus per output what the tolerance needs: the sum of |taps| and the number of taps summed.
export function referencePool(values, dims, a) {
  const geometry = poolGeometry(dims, a);
  if (geometry === null) return null;
  const { spatial, axes, outSpatial, planes, inPlane, outPlane, kernelTaps } = geometry;
  const y = [];
  const sumAbs = [];
  const taps = [];
  for (let plane = 0; plane < planes; plane++) {
    for (let o = 0; o < outPlane; o++) {
      const oIdx = unravel(o, outSpatial);
      let sum = 0;
      let abs = 0;
      let inside = 0;
      let insidePadded = 0;
      for (let t = 0; t < kernelTaps; t++) {
        const tIdx = unravel(t, a.kernel_shape);
        let offset = 0;
        let isInside = true;
        let isInsidePadded = true;
        for (let i = 0; i < spatial.length; i++) {
          const { s, d, begin, end } = axes[i];
          const pos = oIdx[i] * s - begin + tIdx[i] * d;
          if (pos < 0 || pos >= spatial[i]) isInside = false;
          if (pos < -begin || pos >= spatial[i] + end) isInsidePadded = false;
          offset = offset * spatial[i] + pos;
        }
        if (isInside) {
          const v = values[plane * inPlane + offset];
          sum += v;
          abs += Math.abs(v);
          inside++;
        }
        if (isInsidePadded) insidePadded++;
      }
      const divisor = a.count_include_pad ? insidePadded : inside;
      y.push(sum / divisor);
      sumAbs.push(abs / divisor);
      taps.push(inside);
    }
  }
  return { dims: [dims[0], dims[1], ...outSpatial], y, sumAbs, taps };
}

// MaxPool, from the spec: the same windows as AveragePool's (taps in the padding excluded); the
// maximum ranks NaN above every number and +0 above -0, and Indices (row-major offsets in the input,
// planes included, or column-major within the plane with storage_order 1) name the first tap in
// row-major window order that holds it. A window without taps gives `empty` and the index -1. Values
// are numbers; null when the output would be empty.
export function referenceMaxPool(values, dims, a, empty = -Infinity) {
  const geometry = poolGeometry(dims, a);
  if (geometry === null) return null;
  const { spatial, axes, outSpatial, planes, inPlane, outPlane, kernelTaps } = geometry;
  const ranksAbove = (v, m) => {
    if (Number.isNaN(m)) return false;
    if (Number.isNaN(v)) return true;
    if (v === m) return Object.is(v, 0) && Object.is(m, -0);
    return v > m;
  };
  const y = [];
  const indices = [];
  for (let plane = 0; plane < planes; plane++) {
    for (let o = 0; o < outPlane; o++) {
      const oIdx = unravel(o, outSpatial);
      let best = null;
      let bestIndex = -1;
      for (let t = 0; t < kernelTaps; t++) {
        const tIdx = unravel(t, a.kernel_shape);
        const pos = tIdx.map((ti, i) => oIdx[i] * axes[i].s - axes[i].begin + ti * axes[i].d);
        if (pos.some((p, i) => p < 0 || p >= spatial[i])) continue;
        const rowMajor = pos.reduce((acc, p, i) => acc * spatial[i] + p, 0);
        const v = values[plane * inPlane + rowMajor];
        if (best === null || ranksAbove(v, best)) {
          best = v;
          const withinPlane = a.storage_order === 1 ? pos.reduceRight((acc, p, i) => acc * spatial[i] + p, 0) : rowMajor;
          bestIndex = plane * inPlane + withinPlane;
        }
      }
      y.push(best === null ? empty : best);
      indices.push(bestIndex);
    }
  }
  return { dims: [dims[0], dims[1], ...outSpatial], y, indices };
}

// How far output i of referencePool(...) = want may be from an implementation's in `type`:
// float16/bfloat16/float32 accumulate in float32, float64 in float64; then the result is rounded to
// the type (relative precision `round`, plus half the type's smallest subnormal, below which results
// round to zero or to it; float64's is the reference's own).
const POOL_PRECISION = {
  float64: { acc: 2 ** -53, round: 2 ** -52, tiny: 0 },
  float32: { acc: 2 ** -24, round: 2 ** -23, tiny: 2 ** -150 },
  float16: { acc: 2 ** -24, round: 2 ** -11, tiny: 2 ** -25 },
  bfloat16: { acc: 2 ** -24, round: 2 ** -8, tiny: 2 ** -134 },
};

export function poolTolerance(type, want, i) {
  const p = POOL_PRECISION[type];
  return p.round * Math.abs(want.y[i]) + (want.taps[i] + 1) * p.acc * want.sumAbs[i] + p.tiny;
}

function unravel(index, shape) {
  const idx = new Array(shape.length);
  for (let i = shape.length - 1; i >= 0; i--) {
    idx[i] = index % shape[i];
    index = Math.floor(index / shape[i]);
  }
  return idx;
}

// Pad, from numpy.pad's modes as ONNX's reference applies them (negative pads crop first).

// Where output index o along an axis reads the kept (cropped) input, or -1 for the constant: numpy.pad.
function padSource(mode, o, begin, kept) {
  let i = o - begin;
  if (i >= 0 && i < kept) return i;
  if (mode === 'constant') return -1;
  if (mode === 'edge') return i < 0 ? 0 : kept - 1;
  if (mode === 'wrap') return ((i % kept) + kept) % kept;
  if (kept === 1) return 0;
  while (i < 0 || i >= kept) i = i < 0 ? -i : 2 * (kept - 1) - i; // reflect
  return i;
}

// Pad of stored values by per-axis begin/end pads (ONNX's reference: crop, then numpy.pad). An axis's
// output has its length plus both pads; where a crop removes more than the axis has on one side, nothing
// is kept and the constant fills it (kept < 0: padSource gives -1).
export function referencePad(data, dims, begin, end, mode, constant) {
  const rank = dims.length;
  const first = dims.map((_, d) => Math.max(0, -begin[d]));
  const kept = dims.map((n, d) => n + Math.min(0, begin[d]) + Math.min(0, end[d]));
  const outDims = dims.map((n, d) => n + begin[d] + end[d]);
  const out = new data.constructor(outDims.reduce((a, b) => a * b, 1));
  for (let flat = 0; flat < out.length; flat++) {
    let rest = flat;
    const idx = new Array(rank);
    for (let d = rank - 1; d >= 0; d--) { idx[d] = rest % outDims[d]; rest = Math.floor(rest / outDims[d]); }
    let src = 0;
    let isConstant = false;
    for (let d = 0; d < rank; d++) {
      const s = padSource(mode, idx[d], Math.max(0, begin[d]), kept[d]);
      if (s < 0) isConstant = true;
      src = src * dims[d] + (s < 0 ? 0 : s + first[d]);
    }
    out[flat] = isConstant ? constant : data[src];
  }
  return { dims: outDims, data: out };
}

// ReduceMean.

// Where the elements of a tensor of `dims` go when the `reduced` axes (a flag per axis) are reduced: the
// output's dims (a reduced axis kept as 1 where keepdims), its element count and, per input element,
// the index of its output.
function reductionLayout(dims, reduced, keepdims) {
  const outDims = [];
  const keptDims = [];
  dims.forEach((n, d) => {
    if (!reduced[d]) keptDims.push(n);
    if (!reduced[d] || keepdims) outDims.push(reduced[d] ? 1 : n);
  });
  const outputIndex = new Array(dims.reduce((a, b) => a * b, 1));
  for (let flat = 0; flat < outputIndex.length; flat++) {
    let rest = flat;
    let o = 0;
    let stride = 1;
    for (let d = dims.length - 1; d >= 0; d--) {
      const i = rest % dims[d];
      rest = Math.floor(rest / dims[d]);
      if (!reduced[d]) { o += i * stride; stride *= dims[d]; }
    }
    outputIndex[flat] = o;
  }
  return { outDims, n: keptDims.reduce((a, b) => a * b, 1), outputIndex };
}

// Means over `reduced` axes: floats as exact-ish sums in float64 with what the tolerance needs; integers
// as exact BigInt sums divided truncating toward zero.
export function referenceReduceMean(type, values, dims, reduced, keepdims) {
  const { outDims, n, outputIndex } = reductionLayout(dims, reduced, keepdims);
  const float = type.startsWith('float') || type === 'bfloat16';
  const sums = new Array(n).fill(float ? 0 : 0n);
  const abs = new Array(n).fill(0);
  const counts = new Array(n).fill(0);
  for (let flat = 0; flat < values.length; flat++) {
    const o = outputIndex[flat];
    if (float) { sums[o] += values[flat]; abs[o] += Math.abs(values[flat]); } else sums[o] += BigInt(values[flat]);
    counts[o]++;
  }
  // Integers: the exact sum (no wrapping), divided truncating toward zero, as ONNX's reference does.
  const y = sums.map((s, o) => {
    if (float) return s / counts[o];
    return counts[o] === 0 ? 0n : s / BigInt(counts[o]);
  });
  return { dims: outDims, y, abs, counts };
}

// ReduceSum, ReduceProd, ReduceMax, ReduceMin over `reduced` axes: floats as float64 sums and products
// (with each output's sum of magnitudes and count, for a tolerance), Max and Min propagating NaN and
// ordering -0 below +0; integers (numbers or bigints) as BigInt sums and products wrapped to the
// type's width. Over no elements: 0, 1, -inf or the lowest integer, +inf or the highest.
export function referenceReduce(op, type, values, dims, reduced, keepdims) {
  const { outDims, n, outputIndex } = reductionLayout(dims, reduced, keepdims);
  const float = type.startsWith('float') || type === 'bfloat16';
  const bits = Number(type.replace(/\D/g, ''));
  const signed = type.startsWith('int');
  const limits = float ? [-Infinity, Infinity] : signed ? [-(2n ** BigInt(bits - 1)), 2n ** BigInt(bits - 1) - 1n] : [0n, 2n ** BigInt(bits) - 1n];
  const max = (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b ? (Object.is(a, -0) ? b : a) : a < b ? b : a);
  const min = (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b ? (Object.is(a, -0) ? a : b) : a < b ? a : b);
  const fold = {
    ReduceSum: [float ? 0 : 0n, (a, b) => a + b],
    ReduceProd: [float ? 1 : 1n, (a, b) => a * b],
    ReduceMax: [limits[0], float ? max : (a, b) => (a < b ? b : a)],
    ReduceMin: [limits[1], float ? min : (a, b) => (a < b ? a : b)],
  }[op];
  const acc = new Array(n).fill(fold[0]);
  const abs = new Array(n).fill(0);
  const counts = new Array(n).fill(0);
  for (let flat = 0; flat < values.length; flat++) {
    const o = outputIndex[flat];
    const v = float ? values[flat] : BigInt(values[flat]);
    acc[o] = fold[1](acc[o], v);
    if (float) abs[o] += Math.abs(values[flat]);
    counts[o]++;
  }
  const y = float ? acc : acc.map((s) => (signed ? BigInt.asIntN(bits, s) : BigInt.asUintN(bits, s)));
  return { dims: outDims, y, abs, counts };
}

// ArgMax and ArgMin.

const size = (dims) => dims.reduce((a, b) => a * b, 1);

// numpy.argmax (max) or argmin along `axis`; `last`: of the flipped axis, counted from the end.
export function referenceArg(max, values, dims, axis, keepdims, last) {
  const outer = size(dims.slice(0, axis));
  const extent = dims[axis];
  const inner = size(dims.slice(axis + 1));
  const y = [];
  const better = (v, best) => (Number.isNaN(best) ? false : Number.isNaN(v) ? true : max ? v > best : v < best);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      let at = last ? extent - 1 : 0;
      for (let s = 1; s < extent; s++) {
        const k = last ? extent - 1 - s : s;
        if (better(values[(o * extent + k) * inner + i], values[(o * extent + at) * inner + i])) at = k;
      }
      y.push(BigInt(at));
    }
  }
  const outDims = dims.flatMap((n, d) => (d === axis ? (keepdims ? [1] : []) : [n]));
  return { dims: outDims, y };
}

// NonMaxSuppression as onnxruntime selects, in float32 arithmetic (Math.fround) step by step as its
// SuppressByIOU.
const f = Math.fround;

function corners(b, center) {
  if (center) {
    const hw = f(b[2] / 2), hh = f(b[3] / 2);
    return [f(b[0] - hw), f(b[1] - hh), f(b[0] + hw), f(b[1] + hh)];
  }
  const [x0, x1] = b[1] >= b[3] ? [b[3], b[1]] : [b[1], b[3]];
  const [y0, y1] = b[0] >= b[2] ? [b[2], b[0]] : [b[0], b[2]];
  return [x0, y0, x1, y1];
}

function suppresses(s, c, threshold) {
  const ix0 = s[0] < c[0] ? c[0] : s[0], ix1 = c[2] < s[2] ? c[2] : s[2];
  if (!(ix1 > ix0)) return false;
  const iy0 = s[1] < c[1] ? c[1] : s[1], iy1 = c[3] < s[3] ? c[3] : s[3];
  if (!(iy1 > iy0)) return false;
  const inter = f(f(ix1 - ix0) * f(iy1 - iy0));
  const sa = f(f(s[2] - s[0]) * f(s[3] - s[1])), ca = f(f(c[2] - c[0]) * f(c[3] - c[1]));
  const uni = f(f(sa + ca) - inter);
  if (!(inter > 0 && sa > 0 && ca > 0 && uni > 0)) return false;
  return f(inter / uni) > threshold;
}

// boxes [B, N, 4], scores [B, C, N] as flat arrays; thresholds undefined where omitted.
export function referenceNms(boxes, scores, [B, C, N], { center = false, maxBoxes = 0, iou = 0, score }) {
  const out = [];
  for (let b = 0; b < B; b++) {
    const cs = Array.from({ length: N }, (_, i) => corners(boxes.slice((b * N + i) * 4, (b * N + i) * 4 + 4), center));
    for (let c = 0; c < C; c++) {
      const s = scores.slice((b * C + c) * N, (b * C + c + 1) * N);
      const candidates = [...s.keys()].filter((i) => (score === undefined ? !Number.isNaN(s[i]) : s[i] > f(score)));
      candidates.sort((i, j) => s[j] - s[i] || i - j);
      const kept = [];
      for (const i of candidates) {
        if (kept.length >= maxBoxes) break;
        if (kept.some((k) => suppresses(cs[k], cs[i], f(iou)))) continue;
        kept.push(i);
        out.push(BigInt(b), BigInt(c), BigInt(i));
      }
    }
  }
  return out;
}

// Resize from its definition: the spec's coordinate formulas and ONNX's reference implementation
// (onnx/reference/ops/op_resize.py), in float64, every tap summed. `o`: the node's attributes (with
// their defaults), `version`, and `scales`, `sizes`, `roi` as arrays (or undefined).
// - The scale of an axis is the scales input as given (a float32) or, with sizes, output / input; the
//   output length floor(input * scale), or with keep_aspect_ratio_policy the kept scale times the input
//   rounded half up. align_corners, tf_crop_and_resize and half_pixel_symmetric divide by the output
//   length before flooring (input * scale; with sizes stretched, the size), as ONNX's reference does.
// - Linear and cubic: the taps are the n input positions nearest x_original, the smaller preferred at
//   a tie (n = 2 or 4, antialias: the filter's support stretched by 1 / scale when downscaling), each
//   weighted by the filter at its distance from x_original (normalized with antialias or
//   exclude_outside, whose taps outside the input weigh 0); a position outside the input reads the
//   edge's value; every tap counts, so 0 times a NaN or an infinity is NaN, as np.dot makes it (but
//   on an axis that is not resized: see `identity`).
// - Nearest: the one element the nearest mode picks (Resize-10: onnxruntime's, floor when upsampling,
//   ceil when downsampling).
// The implementation computes coordinates in float32 (onnxruntime's choice), so where x_original is
// within float32's rounding of a point where the choice changes (a nearest tie, the edge of
// tf_crop_and_resize's region) either choice is right: `choices[i]` lists the values element i may take
// then (undefined elsewhere). Returns {dims, y, choices, magnitude, reach}: magnitude the sum of
// |weight * tap| of each output, reach the sum of |tap| (for tolerances: the weights are float32, from
// float32 coordinates); or throws where the inputs are invalid.
export function referenceResize(values, dims, o) {
  const version = o.version;
  const mode = o.mode ?? 'nearest';
  const transform = version === 10 ? 'asymmetric' : (o.coordinate_transformation_mode ?? 'half_pixel');
  const nearestMode = version === 10 ? 'simple' : (o.nearest_mode ?? 'round_prefer_floor');
  const a = o.cubic_coeff_a ?? -0.75;
  const rank = dims.length;
  const axes = (o.axes ?? dims.map((_, i) => i)).map((x) => (x < 0 ? x + rank : x));
  const scale = dims.map(() => 1);
  const out = [...dims];
  const stretched = !o.scales?.length && (o.keep_aspect_ratio_policy ?? 'stretch') === 'stretch';
  if (o.scales?.length) {
    axes.forEach((d, i) => {
      scale[d] = Math.fround(o.scales[i]);
      out[d] = Math.floor(dims[d] * scale[d]);
    });
  } else {
    const sizes = o.sizes.map(Number);
    const ratios = axes.map((d, i) => sizes[i] / dims[d]);
    if (stretched) {
      axes.forEach((d, i) => { out[d] = sizes[i]; scale[d] = ratios[i]; });
    } else {
      const kept = o.keep_aspect_ratio_policy === 'not_larger' ? Math.min(...ratios) : Math.max(...ratios);
      for (const d of axes) {
        scale[d] = kept;
        out[d] = Math.floor(kept * dims[d] + 0.5);
      }
    }
  }
  const width = dims.map((d, i) => (stretched ? out[i] : d * scale[i]));
  const start = dims.map(() => 0);
  const end = dims.map(() => 1);
  if (transform === 'tf_crop_and_resize' && o.roi?.length) {
    axes.forEach((d, i) => {
      start[d] = Math.fround(o.roi[i]);
      end[d] = Math.fround(o.roi[i + axes.length]);
    });
  }
  const cubic = (d) => (d <= 1 ? ((a + 2) * d - (a + 3)) * d * d + 1 : d < 2 ? (((d - 5) * d + 8) * d - 4) * a : 0);
  const filter = mode === 'linear' ? (d) => Math.max(0, 1 - d) : cubic;
  // x_original of output x along axis d.
  const coordinate = (d, x) => {
    const [s, inSize, outSize, wide, lo, hi] = [scale[d], dims[d], out[d], width[d], start[d], end[d]];
    switch (transform) {
      case 'half_pixel': return (x + 0.5) / s - 0.5;
      case 'half_pixel_symmetric': return (inSize / 2) * (1 - outSize / wide) + (x + 0.5) / s - 0.5;
      case 'pytorch_half_pixel': return outSize > 1 ? (x + 0.5) / s - 0.5 : 0;
      case 'align_corners': return wide === 1 ? 0 : (x * (inSize - 1)) / (wide - 1);
      case 'asymmetric': return x / s;
      case 'tf_half_pixel_for_nn': return (x + 0.5) / s;
      case 'tf_crop_and_resize':
        return wide > 1 ? lo * (inSize - 1) + (x * (hi - lo) * (inSize - 1)) / (wide - 1) : 0.5 * (lo + hi) * (inSize - 1);
      default: throw new Error(`no transform ${transform}`);
    }
  };
  // The filter's tap count: 2 - 2 * (floor(-support) + 1), op_resize.py's footprint.
  const taps = (support) => 2 - 2 * (Math.floor(-support) + 1);
  // An axis' entry for x_original x: {outside} or {taps: [[index, weight]]}.
  const entry = (d, x) => {
    const [s, inSize] = [scale[d], dims[d]];
    if (transform === 'tf_crop_and_resize' && (x < 0 || x > inSize - 1)) return { outside: true, taps: [] };
    const clamp = (j) => Math.min(Math.max(j, 0), inSize - 1);
    if (mode === 'nearest') {
      const halfway = x - Math.floor(x) === 0.5;
      const picked = {
        round_prefer_floor: halfway ? Math.floor(x) : Math.round(x),
        round_prefer_ceil: halfway ? Math.ceil(x) : Math.round(x),
        floor: Math.floor(x),
        ceil: Math.ceil(x),
        simple: s < 1 ? Math.ceil(x) : Math.trunc(x),
      }[nearestMode];
      return { outside: false, taps: [[clamp(picked), 1]] };
    }
    const stretch = o.antialias ? Math.min(1, s) : 1;
    const support = (mode === 'cubic' ? 2 : 1) / stretch;
    const n = taps(support);
    // The n positions nearest x, the smaller first at a tie (op_resize.py's _get_neighbor_idxes).
    const candidates = [];
    for (let j = Math.floor(x) - n; j <= Math.ceil(x) + n; j++) candidates.push(j);
    candidates.sort((i, j) => Math.abs(x - i) - Math.abs(x - j) || i - j);
    const positions = candidates.slice(0, n).sort((i, j) => i - j);
    let weights = positions.map((j) => (o.exclude_outside && (j < 0 || j >= inSize) ? 0 : filter(stretch * Math.abs(j - x))));
    if (o.antialias || o.exclude_outside) {
      const sum = weights.reduce((t, w) => t + w, 0);
      weights = weights.map((w) => w / sum);
    }
    return { outside: false, taps: positions.map((j, k) => [clamp(j), weights[k]]) };
  };
  // Per axis, per output: the entry at x_original, and where float32's rounding of x_original could
  // change the choice, the entry on the other side.
  // An axis that is not resized (each output at its own index) reads that element alone: there the
  // implementation copies, and ONNX's reference would sum in the element before it with weight 0.
  const identity = dims.map((inSize, d) => out[d] === inSize && Array.from({ length: inSize }, (_, i) => coordinate(d, i) === i).every(Boolean));
  const tables = dims.map((_, d) =>
    Array.from({ length: out[d] }, (_, i) => {
      if (identity[d]) return [{ outside: false, taps: [[i, 1]] }];
      const x = coordinate(d, i);
      const here = entry(d, x);
      if (mode !== 'nearest' && transform !== 'tf_crop_and_resize') return [here];
      // Each choice made somewhere in [x - near, x + near]: at its ends, and at the points within it
      // where the choice changes (an integer for floor and ceil, a tie, the region's edges 0 and
      // length - 1), where the choice is the point's own.
      const near = 2 ** -18 * (1 + Math.abs(x));
      const points = [x - near, x + near, Math.round(x), Math.floor(x) + 0.5, 0, dims[d] - 1].filter((p) => Math.abs(p - x) <= near);
      const key = (e) => (e.outside ? 'outside' : mode === 'nearest' ? e.taps[0][0] : 'inside');
      const choices = [here];
      for (const e of points.map((p) => entry(d, p))) if (!choices.some((c) => key(c) === key(e))) choices.push(e);
      return choices;
    }));
  const total = out.reduce((p, v) => p * v, 1);
  const y = new Array(total);
  const choices = new Array(total);
  const magnitude = new Array(total);
  const reach = new Array(total);
  const strides = dims.map((_, d) => dims.slice(d + 1).reduce((p, v) => p * v, 1));
  const extrapolation = Math.fround(o.extrapolation_value ?? 0);
  // The output for one entry per axis.
  const evaluate = (entries) => {
    if (entries.some((e) => e.outside)) return { value: extrapolation, magnitude: Math.abs(extrapolation), reach: Math.abs(extrapolation) };
    let sum = 0;
    let abs = 0;
    let all = 0;
    const visit = (d, offset, weight) => {
      if (d === rank) {
        const v = values[offset];
        sum = mode === 'nearest' ? v : sum + weight * v; // nearest: the element itself (-0 stays -0)
        abs += Math.abs(weight * v);
        all += Math.abs(v);
        return;
      }
      for (const [j, w] of entries[d].taps) visit(d + 1, offset + j * strides[d], weight * w);
    };
    visit(0, 0, 1);
    return { value: sum, magnitude: abs, reach: all };
  };
  for (let flat = 0; flat < total; flat++) {
    const options = unravel(flat, out).map((i, d) => tables[d][i]);
    const first = evaluate(options.map((list) => list[0]));
    y[flat] = first.value;
    magnitude[flat] = first.magnitude;
    reach[flat] = first.reach;
    if (options.every((list) => list.length === 1)) continue;
    // Every combination of the axes' choices.
    let combos = [[]];
    for (const list of options) combos = combos.flatMap((c) => list.map((e) => [...c, e]));
    choices[flat] = combos.map((c) => evaluate(c).value);
  }
  return { dims: out, y, choices, magnitude, reach };
}

const productOf = (dims) => dims.reduce((a, b) => a * b, 1);

// BatchNormalization in inference, from its definition: Y = (X - mean) / sqrt(var + epsilon) * scale + B,
// the parameters indexed by X's axis 1 (a 1-D X is one channel); with `perSample` (spatial 0) by the
// element's position within its sample.
export function referenceBatchNorm(x, dims, { scale, bias, mean, variance }, epsilon, perSample = false) {
  const channels = dims.length === 1 ? 1 : perSample ? productOf(dims.slice(1)) : dims[1];
  const inner = dims.length === 1 || perSample ? 1 : productOf(dims.slice(2));
  return Array.from(x, (v, i) => {
    const c = Math.floor(i / inner) % channels;
    return ((v - mean[c]) / Math.sqrt(variance[c] + epsilon)) * scale[c] + bias[c];
  });
}

// LayerNormalization from its definition, along the dims from `axis` on: Mean, Var, InvStdDev and
// Y = (X - Mean) * InvStdDev * Scale + B, Scale and B (absent: none added) broadcast to X.
export function referenceLayerNorm(x, dims, axis, { scale, scaleDims, bias, biasDims }, epsilon) {
  const a = axis < 0 ? axis + dims.length : axis;
  const rows = productOf(dims.slice(0, a)), d = productOf(dims.slice(a));
  const y = new Array(x.length), mean = new Array(rows), invStdDev = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const row = Array.from({ length: d }, (_, j) => x[r * d + j]);
    const m = row.reduce((s, v) => s + v, 0) / d;
    const variance = row.reduce((s, v) => s + (v - m) * (v - m), 0) / d;
    const inv = 1 / Math.sqrt(variance + epsilon);
    mean[r] = m;
    invStdDev[r] = inv;
    for (let j = 0; j < d; j++) {
      const i = r * d + j;
      const scaled = (row[j] - m) * inv * scale[inputIndex(dims, scaleDims, i)];
      y[i] = bias ? scaled + bias[inputIndex(dims, biasDims, i)] : scaled;
    }
  }
  return { y, mean, invStdDev };
}

// GroupNormalization (and InstanceNormalization, a group per channel) from its definition: each
// (sample, group of channels)'s mean and population variance, then per channel
// scale * (x - mean) / sqrt(variance + epsilon) + bias; scale and bias given per channel.
export function referenceGroupNorm(x, dims, groups, scale, bias, epsilon) {
  const [n, c] = dims;
  const spatial = productOf(dims.slice(2)), block = (c / groups) * spatial;
  const y = new Array(x.length);
  for (let g = 0; g < n * groups; g++) {
    const values = Array.from({ length: block }, (_, k) => x[g * block + k]);
    const mean = values.reduce((s, v) => s + v, 0) / block;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / block;
    for (let k = 0; k < block; k++) {
      const channel = ((g % groups) * (c / groups)) + Math.floor(k / spatial);
      y[g * block + k] = (scale[channel] * (values[k] - mean)) / Math.sqrt(variance + epsilon) + bias[channel];
    }
  }
  return y;
}

// DepthToSpace and SpaceToDepth from their definitions (Reshape, Transpose, Reshape): for each output
// element of an N x C x H x W input moved by blocks of b, the flat index of the input element it holds.
export function referenceDepthSpacePicks(op, [n, c, h, w], b, mode = 'DCR') {
  const picks = [];
  if (op === 'DepthToSpace') {
    const depth = c / (b * b);
    for (let i = 0; i < n; i++)
      for (let d = 0; d < depth; d++)
        for (let y = 0; y < h * b; y++)
          for (let x = 0; x < w * b; x++) {
            const [row, column] = [y % b, x % b];
            const channel = mode === 'DCR' ? (row * b + column) * depth + d : d * b * b + row * b + column;
            picks.push(((i * c + channel) * h + Math.floor(y / b)) * w + Math.floor(x / b));
          }
  } else {
    for (let i = 0; i < n; i++)
      for (let k = 0; k < c * b * b; k++)
        for (let y = 0; y < h / b; y++)
          for (let x = 0; x < w / b; x++) {
            const [row, column, channel] = [Math.floor(k / (b * c)), Math.floor(k / c) % b, k % c];
            picks.push(((i * c + channel) * h + y * b + row) * w + x * b + column);
          }
  }
  return picks;
}

// LpNormalization from its definition: x / (sum |x|^p along `axis`)^(1/p), 0 where that norm is 0.
export function referenceLpNorm(x, dims, axis, p) {
  const outer = productOf(dims.slice(0, axis)), length = dims[axis], inner = productOf(dims.slice(axis + 1));
  const y = new Array(x.length);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const at = (c) => (o * length + c) * inner + i;
      let sum = 0;
      for (let c = 0; c < length; c++) sum += Math.abs(x[at(c)]) ** p;
      const norm = sum ** (1 / p);
      for (let c = 0; c < length; c++) y[at(c)] = norm === 0 ? 0 : x[at(c)] / norm;
    }
  }
  return y;
}

// Mod, BitShift and the bitwise operators of integers, from their definitions, on bigints (exact, and
// with two's complement bitwise semantics at any width), wrapped to a type of `bits` bits.
const wrapBits = (signed, bits, v) => (signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v));

// a mod b: fmod 1 the remainder of truncated division (C's fmod, the dividend's sign), fmod 0 of floor
// division (Python's %, the divisor's sign). Numbers: fmod of their float64 values, which JavaScript's
// % is (exact, so also the float32 and half types' result). Integers (bigints): x mod 0 is 0, as NumPy's.
export function referenceMod(a, b, fmod) {
  if (typeof a === 'number') return a % b;
  if (b === 0n) return 0n;
  const r = a % b;
  return !fmod && r !== 0n && (r < 0n) !== (b < 0n) ? r + b : r;
}

// The integer operations on bigint values of a type of `bits` bits, signed or not, wrapped to it.
export const INTEGER_OPERATIONS = {
  BitwiseAnd: (a, b) => a & b,
  BitwiseOr: (a, b) => a | b,
  BitwiseXor: (a, b) => a ^ b,
  // Every bit shifted out where the count is the width or more.
  LEFT: (a, b, bits) => (b >= BigInt(bits) ? 0n : a << b),
  RIGHT: (a, b, bits) => (b >= BigInt(bits) ? 0n : a >> b),
};
export function referenceInteger(operation, a, b, signed, bits) {
  return wrapBits(signed, bits, INTEGER_OPERATIONS[operation](a, b, bits));
}
export const referenceBitwiseNot = (a, signed, bits) => wrapBits(signed, bits, ~a);
