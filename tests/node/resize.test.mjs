// Resize through the public API: every version, mode, coordinate transformation and nearest mode, scales
// and sizes (keep_aspect_ratio_policy), roi with extrapolation, axes, antialias, cubic_coeff_a and
// exclude_outside, every type, against a plain-JS reference written from the spec
// (helpers/reference.mjs), with edge values; and every refusal, naming the input or attribute.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { FLOAT_TYPES, INT_TYPES, intEdges, rng } from '../../tools/values.mjs';
import { referenceResize, roundHalfEven } from './helpers/reference.mjs';

before(() => ready());

const NUMERIC = ['float64', 'float32', 'float16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
// [since version, types]
const VARIANTS = [[10, NUMERIC], [11, NUMERIC], [13, [...NUMERIC, 'bfloat16']], [18, [...NUMERIC, 'bfloat16']], [19, [...NUMERIC, 'bfloat16']]];
const TRANSFORMS = {
  10: ['asymmetric'],
  11: ['half_pixel', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_half_pixel_for_nn', 'tf_crop_and_resize'],
  13: ['half_pixel', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_crop_and_resize'],
};
TRANSFORMS[18] = TRANSFORMS[13];
TRANSFORMS[19] = [...TRANSFORMS[13], 'half_pixel_symmetric'];
const NEAREST_MODES = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

const isFloat = (type) => FLOAT_TYPES[type] !== undefined;
const is64 = (type) => type === 'int64' || type === 'uint64';

function tensorOf(type, values, dims) {
  if (isFloat(type)) return new Tensor(type, FLOAT_TYPES[type].array.from(values, FLOAT_TYPES[type].encode), dims);
  return new Tensor(type, INT_TYPES[type].array.from(values, (v) => (is64(type) ? BigInt(v) : v)), dims);
}
const numbers = (type, data) => Array.from(data, isFloat(type) ? FLOAT_TYPES[type].decode : Number);

// The node's inputs for a version: [X, roi, scales, sizes] from 11, [X, scales] for 10.
function inputsOf(version, x, { roi, scales, sizes }) {
  const f32 = (v) => new Tensor('float32', Float32Array.from(v), [v.length]);
  if (version === 10) return [x, f32(scales)];
  const empty = new Tensor('float32', new Float32Array(0), [0]);
  const list = [x, roi ? f32(roi) : version < 13 ? empty : null, scales ? f32(scales) : version < 13 ? empty : null];
  if (sizes) list.push(new Tensor('int64', BigInt64Array.from(sizes, BigInt), [sizes.length]));
  return list;
}

// Checks ops.Resize against the reference: nearest exactly; interpolated floats within the rounding of
// float32 arithmetic (float64 and integers: the weights are float32), integers rounded to nearest even
// and saturated.
function check(type, version, values, dims, attrs, inputs, label) {
  const x = tensorOf(type, values, dims);
  const want = referenceResize(numbers(type, x.data), dims, { version, ...attrs, ...inputs });
  const y = ops.Resize(inputsOf(version, x, inputs), { opset: version, ...attrs });
  assert.equal(y.type, type, label);
  assert.deepEqual([...y.dims], want.dims, `${label}: dims`);
  const got = numbers(type, y.data);
  const exact = (attrs.mode ?? 'nearest') === 'nearest';
  const rel = { float64: 2 ** -18, float32: 2 ** -16, float16: 2 ** -10, bfloat16: 2 ** -7 }[type] ?? 0;
  for (let i = 0; i < want.y.length; i++) {
    const where = `${label}: output ${i} of [${want.dims}] is ${got[i]}, want ${want.y[i]}`;
    let w = want.y[i];
    if (isFloat(type)) {
      const stored = FLOAT_TYPES[type].decode(FLOAT_TYPES[type].encode(w));
      if (exact || !Number.isFinite(w)) assert.ok(Object.is(got[i], stored) || (Number.isNaN(got[i]) && Number.isNaN(stored)), where);
      else assert.ok(Math.abs(got[i] - w) <= rel * (want.magnitude[i] + Math.abs(w)) + 1e-30, where);
    } else {
      const { min, max } = INT_TYPES[type];
      const clamp = (v) => Math.min(Math.max(v, Number(min)), Number(max));
      const r = clamp(roundHalfEven(w));
      if (exact) assert.equal(got[i], r, where);
      else {
        // (the weights are float32: off by their rounding times the taps' magnitude, and 1 more for a
        // result within that of a halfway point)
        const slack = 2 ** -20 * want.magnitude[i];
        assert.ok(Math.abs(got[i] - r) <= (slack > 0 ? slack + 1 : 0), where);
      }
    }
  }
}

const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
const pick = (next, list) => list[Math.floor(next() * list.length)];

function randomValues(type, n, next) {
  if (isFloat(type)) return Array.from({ length: n }, () => (next() < 0.3 ? int(next, -8, 8) : (next() - 0.5) * 40));
  const { min, max } = INT_TYPES[type];
  const [lo, hi] = [Math.max(Number(min), -1000), Math.min(Number(max), 1000)];
  return Array.from({ length: n }, () => int(next, lo, hi));
}

function randomCase(next, version, type) {
  const rank = int(next, 1, 4);
  const dims = Array.from({ length: rank }, (_, i) => (i >= rank - 2 ? int(next, 1, 7) : int(next, 1, 3)));
  const attrs = {};
  const modes = version === 10 ? ['nearest', 'linear'] : ['nearest', 'linear', 'cubic'];
  attrs.mode = pick(next, modes);
  if (version >= 11) {
    attrs.coordinate_transformation_mode = pick(next, TRANSFORMS[version]);
    if (attrs.mode === 'nearest') attrs.nearest_mode = pick(next, NEAREST_MODES);
    if (attrs.mode === 'cubic') {
      if (next() < 0.5) attrs.cubic_coeff_a = pick(next, [-0.5, -0.75, -0.6]);
      if (next() < 0.5) attrs.exclude_outside = 1;
    }
    if (attrs.coordinate_transformation_mode === 'tf_crop_and_resize' && next() < 0.5) attrs.extrapolation_value = pick(next, [0, -3, 7.5]);
  }
  let axes = dims.map((_, i) => i);
  if (version >= 18 && next() < 0.4 && rank >= 2) {
    axes = [rank - 1, rank - 2].slice(0, int(next, 1, 2));
    attrs.axes = axes.map((a) => (next() < 0.5 ? a - rank : a));
  }
  if (version >= 18 && attrs.mode !== 'nearest' && next() < 0.4) attrs.antialias = 1;
  const inputs = {};
  const useSizes = version >= 11 && next() < 0.4;
  if (useSizes) {
    inputs.sizes = axes.map((a) => int(next, 1, 2 * dims[a] + 2));
    if (version >= 18 && next() < 0.3 && axes.length > 1) attrs.keep_aspect_ratio_policy = pick(next, ['not_larger', 'not_smaller']);
  } else {
    inputs.scales = axes.map(() => pick(next, [0.5, 1, 2, 3, 0.6, 1.5, 0.25, 2.5, 1.7]));
    if (axes.some((a, i) => Math.floor(dims[a] * Math.fround(inputs.scales[i])) === 0)) inputs.scales = axes.map(() => 2);
  }
  if (attrs.coordinate_transformation_mode === 'tf_crop_and_resize') {
    inputs.roi = [...axes.map(() => pick(next, [0, 0.1, 0.4, -0.2])), ...axes.map(() => pick(next, [1, 0.8, 0.6, 1.3]))];
  }
  return { dims, attrs, inputs };
}

for (const [version, types] of VARIANTS) {
  describe(`Resize-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded sweep of modes, transformations, scales and sizes, ranks 1 to 4`, () => {
        const next = rng(version * 31 + types.indexOf(type));
        for (let c = 0; c < 50; c++) {
          const { dims, attrs, inputs } = randomCase(next, version, type);
          const n = dims.reduce((p, v) => p * v, 1);
          check(type, version, randomValues(type, n, next), dims, attrs, inputs, `case ${c} ${JSON.stringify({ dims, attrs, inputs })}`);
        }
      });
    }
    if (version >= 11) {
      test('every coordinate transformation and nearest mode, up and down, float32', () => {
        const next = rng(version);
        const dims = [1, 2, 5, 7];
        const values = randomValues('float32', 70, next);
        for (const transform of TRANSFORMS[version]) {
          const roi = transform === 'tf_crop_and_resize' ? [0, 0, 0.2, 0.1, 1, 1, 0.9, 1.2] : undefined;
          for (const scales of [[1, 1, 2, 2], [1, 1, 0.5, 0.6], [1, 1, 1.5, 3], [1, 1, 0.4, 1]]) {
            for (const nearest of NEAREST_MODES) {
              const attrs = { mode: 'nearest', coordinate_transformation_mode: transform, nearest_mode: nearest };
              check('float32', version, values, dims, attrs, { scales, roi }, `${JSON.stringify(attrs)} ${scales}`);
            }
            for (const mode of ['linear', 'cubic']) {
              for (const exclude of [0, 1]) {
                const attrs = { mode, coordinate_transformation_mode: transform, exclude_outside: exclude, extrapolation_value: -1 };
                check('float32', version, values, dims, attrs, { scales, roi }, `${JSON.stringify(attrs)} ${scales}`);
                if (version >= 18) check('float32', version, values, dims, { ...attrs, antialias: 1 }, { scales, roi }, `antialias ${JSON.stringify(attrs)} ${scales}`);
              }
            }
          }
        }
      });
    }
    test('edge values: NaN, ±0, ±inf, integer limits; weights of 0 keep them out', () => {
      const floats = [NaN, -0, 0, Infinity, -Infinity, 1.5, -2.5, 65504, 1e-7, 3];
      for (const type of ['float32', 'float64', 'float16']) {
        for (const mode of version === 10 ? ['nearest', 'linear'] : ['nearest', 'linear', 'cubic']) {
          check(type, version, floats, [2, 5], { mode }, { scales: [1, 2] }, `${type} ${mode} up`);
          check(type, version, floats, [1, 10], { mode }, { scales: [1, 0.5] }, `${type} ${mode} down`);
          check(type, version, floats, [10], { mode }, { scales: [1] }, `${type} ${mode} scale 1`);
        }
      }
      for (const type of ['int8', 'uint8', 'int32', 'uint32']) {
        const edges = intEdges(type).map(Number);
        for (const mode of version === 10 ? ['nearest', 'linear'] : ['nearest', 'linear', 'cubic']) {
          check(type, version, edges, [1, edges.length], { mode }, { scales: [1, 1.5] }, `${type} ${mode}`);
        }
      }
    });
  });
}

describe('Resize: the fast paths on image shapes', () => {
  test('3x32x48 2x up and 0.5x down, linear and nearest (row copies, two-tap rows), every width tail', () => {
    const next = rng(3);
    for (const w of [31, 32, 33, 48]) {
      const dims = [1, 3, 32, w];
      const values = randomValues('float32', dims.reduce((p, v) => p * v, 1), next);
      for (const mode of ['linear', 'nearest']) {
        for (const scales of [[1, 1, 2, 2], [1, 1, 0.5, 0.5]]) check('float32', 19, values, dims, { mode }, { scales }, `${mode} ${scales} w=${w}`);
      }
    }
  });
  test('NHWC images (channels not resized, folded into the width): every mode, crop with extrapolation, integers', () => {
    const next = rng(4);
    for (const [dims, scales] of [[[1, 9, 12, 3], [1, 0.5, 0.5, 1]], [[1, 5, 7, 4], [1, 1.7, 2, 1]], [[2, 6, 5, 3, 2], [1, 1, 0.5, 1, 1]], [[7, 3], [1.5, 1]]]) {
      const values = randomValues('float32', dims.reduce((p, v) => p * v, 1), next);
      for (const mode of ['linear', 'nearest', 'cubic']) check('float32', 19, values, dims, { mode }, { scales }, `${mode} [${dims}] ${scales}`);
      const ints = randomValues('uint8', values.length, next);
      check('uint8', 19, ints, dims, { mode: 'linear' }, { scales }, `uint8 linear [${dims}] ${scales}`);
      check('uint8', 19, ints, dims, { mode: 'nearest' }, { scales }, `uint8 nearest [${dims}] ${scales}`);
    }
    const dims = [1, 6, 8, 3];
    const values = randomValues('float32', 144, next);
    const roi = [0, 0.2, -0.3, 0, 1, 0.9, 1.2, 1];
    for (const mode of ['linear', 'nearest']) {
      check('float32', 19, values, dims, { mode, coordinate_transformation_mode: 'tf_crop_and_resize', extrapolation_value: -7 },
        { roi, scales: [1, 1.5, 2, 1] }, `${mode} crop [${dims}]`);
    }
  });
});

describe('Resize refusals', () => {
  const x = new Tensor('float32', new Float32Array(16), [1, 1, 4, 4]);
  const f32 = (v) => new Tensor('float32', Float32Array.from(v), [v.length]);
  const i64 = (v) => new Tensor('int64', BigInt64Array.from(v, BigInt), [v.length]);
  const refuses = (inputs, attrs, pattern) =>
    assert.throws(() => ops.Resize(inputs, attrs), (e) => e instanceof OnnxWasmError && pattern.test(e.message), `${pattern}`);
  test('bad attributes, each named', () => {
    refuses([x, null, f32([1, 1, 2, 2])], { mode: 'bilinear' }, /Resize-19: attribute 'mode' must be nearest, linear or cubic, got 'bilinear'/);
    refuses([x, null, f32([1, 1, 2, 2])], { coordinate_transformation_mode: 'tf_half_pixel_for_nn' }, /attribute 'coordinate_transformation_mode' must be/);
    refuses([x, null, f32([1, 1, 2, 2])], { opset: 18, coordinate_transformation_mode: 'half_pixel_symmetric' }, /Resize-18: attribute 'coordinate_transformation_mode'/);
    refuses([x, null, f32([1, 1, 2, 2])], { nearest_mode: 'round' }, /attribute 'nearest_mode' must be/);
    refuses([x, null, f32([1, 1, 2, 2])], { exclude_outside: 2 }, /attribute 'exclude_outside' must be 0 or 1/);
    refuses([x, null, f32([1, 1, 2, 2])], { antialias: 3 }, /attribute 'antialias' must be 0 or 1/);
    refuses([x, null, null, i64([2, 2])], { axes: [2, 2] }, /attribute 'axes' lists axis 2 twice/);
    refuses([x, null, null, i64([2, 2])], { axes: [2, 4] }, /attribute 'axes' has 4, outside \[-4, 3\]/);
    refuses([x, null, null, i64([2, 2])], { axes: [2, 3], keep_aspect_ratio_policy: 'fit' }, /attribute 'keep_aspect_ratio_policy' must be/);
    refuses([x, null, f32([1, 1, 2, 2])], { opset: 17, antialias: 1 }, /Resize-13: attribute 'antialias' is not defined by this version \(defined by version 18\)/);
    refuses([x, f32([1, 1, 2, 2])], { opset: 10, mode: 'cubic' }, /Resize-10: attribute 'mode' must be nearest or linear/);
  });
  test('bad inputs, each named', () => {
    refuses([x, null, f32([1, 1, 2])], {}, /input 'scales' has 3 values but needs 4 \(the rank of X\)/);
    refuses([x, null, f32([1, 1, 0, 2])], {}, /input 'scales' must be positive/);
    refuses([x, null, f32([1, 1, 2, 2]), i64([1, 1, 8, 8])], {}, /inputs 'scales' and 'sizes' are both given/);
    refuses([x], {}, /one of inputs 'scales' and 'sizes' must be given/);
    refuses([x, null, null, i64([8, 8, 8])], { axes: [2, 3] }, /input 'sizes' has 3 values but needs 2 \(one per entry of attribute 'axes'\)/);
    refuses([x, null, null, i64([1, 1, -1, 8])], {}, /input 'sizes' has -1/);
    refuses([x, f32([0, 0, 1]), null, i64([1, 1, 8, 8])], { coordinate_transformation_mode: 'tf_crop_and_resize' }, /input 'roi' has 3 values but needs 2 x 4/);
    refuses([new Tensor('float32', new Float32Array(1), []), null, f32([])], {}, /rank 1 or more/);
  });
});
