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

// Checks ops.Resize against the reference: nearest exactly (where x_original is within float32's
// rounding of a tie, either element); interpolated floats within the rounding of float32 arithmetic
// and of the float32 weights (from float32 coordinates: off by at most 2^-17 each); integers rounded to
// nearest even and saturated, exactly, but where the reference's value is within that weight error of
// a halfway point, where either neighbour is right (and the weights' error itself, for magnitudes
// near 2^31).
// `run` calls the operator on X (Upsample's: Resize-10's computation, checked with version 10).
function check(type, version, values, dims, attrs, inputs, label, run = (x) => ops.Resize(inputsOf(version, x, inputs), { opset: version, ...attrs })) {
  const x = tensorOf(type, values, dims);
  const want = referenceResize(numbers(type, x.data), dims, { version, ...attrs, ...inputs });
  const y = run(x);
  assert.equal(y.type, type, label);
  assert.deepEqual([...y.dims], want.dims, `${label}: dims`);
  const got = numbers(type, y.data);
  const exact = (attrs.mode ?? 'nearest') === 'nearest';
  const rel = { float64: 2 ** -18, float32: 2 ** -16, float16: 2 ** -10, bfloat16: 2 ** -7 }[type] ?? 0;
  const same = (a, b) => Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
  for (let i = 0; i < want.y.length; i++) {
    const where = `${label}: output ${i} of [${want.dims}] is ${got[i]}, want ${want.choices[i] ? want.choices[i].join(' or ') : want.y[i]}`;
    const weightError = 2 ** -17 * want.reach[i];
    const accepts = (w) => {
      if (isFloat(type)) {
        const stored = FLOAT_TYPES[type].decode(FLOAT_TYPES[type].encode(w));
        if (exact || !Number.isFinite(w)) return same(got[i], stored);
        return Math.abs(got[i] - w) <= rel * (want.magnitude[i] + Math.abs(w)) + weightError + 1e-30;
      }
      const { min, max } = INT_TYPES[type];
      const clamp = (v) => Math.min(Math.max(v, Number(min)), Number(max));
      if (exact) return got[i] === clamp(roundHalfEven(w));
      // The value rounded, from anywhere within the weights' error of it: one integer, but near a
      // halfway point (or for values beyond float32's precision), its neighbours.
      return got[i] >= clamp(roundHalfEven(w - weightError)) && got[i] <= clamp(roundHalfEven(w + weightError));
    };
    assert.ok((want.choices[i] ?? [want.y[i]]).some(accepts), where);
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
    test('edge values: NaN, ±0, ±inf, integer limits', () => {
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

describe('Resize: the edges ONNX decides', () => {
  const f32 = (v) => new Tensor('float32', Float32Array.from(v), [v.length]);
  test('every tap of a resized axis counts, as in ONNX\'s reference: 0 times NaN or infinity is NaN', () => {
    // asymmetric x2: x_original 0, 0.5, 1, 1.5, 2, 2.5; at 1 and 2 the window is [0, 1] and [1, 2]
    // with weights 0 and 1, so the NaN (or 0 times the infinity) at 1 reaches outputs 2 and 4.
    const attrs = { mode: 'linear', coordinate_transformation_mode: 'asymmetric' };
    for (const [x, want] of [[[1, NaN, 3], [1, NaN, NaN, NaN, NaN, 3]], [[1, Infinity, 3], [1, Infinity, Infinity, Infinity, NaN, 3]]]) {
      for (const opset of [11, 13, 18, 19]) {
        const y = ops.Resize([f32(x), opset === 11 ? f32([]) : null, f32([2])], { opset, ...attrs });
        assert.deepEqual([...y.data], want, `Resize-${opset} [${x}]`);
      }
      const v10 = ops.Resize([f32(x), f32([2])], { opset: 10, mode: 'linear' });
      assert.deepEqual([...v10.data], want, `Resize-10 [${x}]`);
    }
    // Cubic at an integer x_original: the taps of weight 0 on either side count too.
    const cubic = ops.Resize([f32([1, 2, NaN, 4, 5]), null, f32([2])], { opset: 19, mode: 'cubic', coordinate_transformation_mode: 'asymmetric' });
    assert.deepEqual([...cubic.data].map(Number.isNaN), [false, true, true, true, true, true, true, true, true, false]);
  });
  test('an axis that is not resized is copied: a NaN does not reach the next row or channel', () => {
    const x = new Tensor('float32', Float32Array.from([NaN, 1, 2, 3, 4, 5]), [2, 3]);
    for (const mode of ['linear', 'cubic']) {
      const y = ops.Resize([x, null, f32([1, 2])], { mode, coordinate_transformation_mode: 'asymmetric' });
      assert.deepEqual([...y.data].slice(6).map(Number.isNaN), [false, false, false, false, false, false], mode);
    }
  });
  test('bool X: nearest selects elements, at every version; linear and cubic are refused', () => {
    const x = new Tensor('bool', Uint8Array.from([1, 0, 1, 1]), [4, 1]);
    for (const opset of [11, 13, 18, 19]) {
      const y = ops.Resize([x, opset === 11 ? f32([]) : null, f32([1.25, 1])], { opset });
      assert.equal(y.type, 'bool');
      assert.deepEqual([...y.dims], [5, 1]);
      // half_pixel, round_prefer_floor: x_original -0.1, 0.7, 1.5, 2.3, 3.1
      assert.deepEqual([...y.data], [1, 0, 0, 1, 1], `Resize-${opset}`);
    }
    const v10 = ops.Resize([x, f32([1.25, 1])], { opset: 10 });
    assert.deepEqual([...v10.data], [1, 1, 0, 1, 1], 'Resize-10'); // asymmetric: x_original 0, 0.8, 1.6, 2.4, 3.2 truncated
    const crop = ops.Resize([x, f32([0, 0, 1.5, 1]), f32([1.25, 1])],
      { opset: 13, coordinate_transformation_mode: 'tf_crop_and_resize', extrapolation_value: 2 });
    // x_original 0, 1.125, 2.25, then 3.375 and 4.5 outside: extrapolation_value 2, which is true
    assert.deepEqual([...crop.data], [1, 0, 1, 1, 1]);
    for (const mode of ['linear', 'cubic']) {
      assert.throws(() => ops.Resize([x, null, f32([1.25, 1])], { opset: 13, mode }),
        (e) => e instanceof OnnxWasmError && e.message.includes(`Resize-13: input X of type bool takes mode 'nearest' only, not '${mode}'`));
    }
  });
  test('tf_crop_and_resize divides by the output length before flooring, as ONNX\'s reference does', () => {
    // onnxruntime's ResizeOpLinearDownSampleTest_tf_crop_and_resize_with_extrapolation: output 3 x 3 of
    // 4 x 4 by 0.8. Output row 1 is at x_original 0.4 * 3 + 1 * 0.8 * 3 / (3.2 - 1) = 2.2909 in ONNX's
    // reference (onnxruntime divides by 3 - 1: 2.4, and gives 12.4), column 0 at 1.8: 4 * 2.2909 + 2.8.
    const x = new Tensor('float32', Float32Array.from({ length: 16 }, (_, i) => i + 1), [1, 1, 4, 4]);
    const y = ops.Resize([x, f32([0, 0, 0.4, 0.6, 1, 1, 1.2, 1.7]), f32([1, 1, 0.8, 0.8])],
      { opset: 13, mode: 'linear', coordinate_transformation_mode: 'tf_crop_and_resize', extrapolation_value: 10 });
    const row1 = 0.4 * 3 + (0.8 * 3) / (3.2 - 1);
    const want = [7.6, 10, 10, 4 * row1 + 2.8, 10, 10, 10, 10, 10];
    [...y.data].forEach((v, i) => assert.ok(Math.abs(v - want[i]) < 1e-5, `output ${i} is ${v}, want ${want[i]}`));
  });
  test('integers: rounded to nearest even from the exact value, never truncated', () => {
    // uint8 [0, 3] up 4x, align_corners: x_original 0, 1/7, ..., 1; the values 3k/7 round to nearest.
    const x = new Tensor('uint8', Uint8Array.from([0, 3]), [2]);
    const y = ops.Resize([x, null, f32([4])], { mode: 'linear', coordinate_transformation_mode: 'align_corners' });
    assert.deepEqual([...y.data], [0, 0, 1, 1, 2, 2, 3, 3]);
    // asymmetric x2 of [0, 1]: 0.5 rounds to 0 (even), of [1, 2]: 1.5 to 2.
    const half = ops.Resize([new Tensor('uint8', Uint8Array.from([0, 1, 2]), [3]), null, f32([2])], { mode: 'linear', coordinate_transformation_mode: 'asymmetric' });
    assert.deepEqual([...half.data], [0, 0, 1, 2, 2, 2]);
  });
});

describe('Resize: 8- and 16-bit integers in float32 where that is exact', () => {
  test('pictures at scales of binary-fraction weights: exactly the value rounded half to even', () => {
    // half_pixel 2x weighs 1/4 and 3/4, 0.5x 1/2 and 1/2, asymmetric 4x k/4: float32 holds every sum,
    // so each output is the exact value rounded (ties to even), with no slack, every width tail.
    const next = rng(41);
    for (const type of ['uint8', 'int8', 'uint16', 'int16']) {
      for (const [dims, scales, transform] of [[[1, 6, 37, 3], [1, 2, 2, 1], 'half_pixel'], [[1, 8, 42, 3], [1, 0.5, 0.5, 1], 'half_pixel'],
        [[1, 3, 5, 9], [1, 1, 4, 4], 'asymmetric'], [[2, 17], [2, 0.5], 'align_corners']]) {
        const { min, max } = INT_TYPES[type];
        const values = Array.from({ length: dims.reduce((p, v) => p * v, 1) }, () => int(next, Number(min), Number(max)));
        const attrs = { mode: 'linear', coordinate_transformation_mode: transform };
        const want = referenceResize(values, dims, { version: 19, ...attrs, scales });
        const y = ops.Resize([tensorOf(type, values, dims), null, new Tensor('float32', Float32Array.from(scales), [scales.length])], attrs);
        const got = numbers(type, y.data);
        want.y.forEach((w, i) => assert.equal(got[i], roundHalfEven(w) + 0, `${type} [${dims}] ${scales} ${transform}: output ${i} of value ${w}`));
      }
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

// Upsample 7 (scales an attribute) and 9 (an input): Resize-10's computation, scales at least 1.
describe('Upsample', () => {
  for (const version of [7, 9]) {
    test(`Upsample-${version}: every type, nearest and linear, scales 1 to 3, ranks 1 to 4, against Resize-10's reference`, () => {
      const next = rng(version);
      for (const type of NUMERIC) {
        for (let t = 0; t < 6; t++) {
          const rank = int(next, 1, 4);
          const dims = Array.from({ length: rank }, (_, i) => (i >= rank - 2 ? int(next, 1, 6) : int(next, 1, 2)));
          const scales = dims.map(() => pick(next, [1, 2, 3, 1.5, 2.5, 1.7]));
          const mode = pick(next, ['nearest', 'linear']);
          const f32 = new Tensor('float32', Float32Array.from(scales), [rank]);
          const run = (x) => (version === 7 ? ops.Upsample([x], { opset: 7, mode, scales }) : ops.Upsample([x, f32], { opset: 9, mode }));
          check(type, 10, randomValues(type, dims.reduce((a, b) => a * b, 1), next), dims, { mode }, { scales }, `Upsample-${version} ${type} [${dims}] ${mode} x${scales}`, run);
        }
      }
    });
  }

  test('bool takes nearest; refusals name the scales', () => {
    const x = new Tensor('bool', Uint8Array.from([1, 0]), [1, 2]);
    assert.deepEqual([...ops.Upsample([x], { opset: 7, scales: [1, 2] }).data], [1, 1, 0, 0]);
    const refused = (call, pattern) => assert.throws(call, (e) => e instanceof OnnxWasmError && pattern.test(e.message));
    const f = new Tensor('float32', new Float32Array(4), [2, 2]);
    refused(() => ops.Upsample([f], { opset: 7 }), /^Upsample-7: .*attribute 'scales' is required/);
    refused(() => ops.Upsample([f], { opset: 7, scales: [1, 0.5] }), /attribute 'scales' must be 1 or more along each axis, got 0\.50* for axis 1/);
    refused(() => ops.Upsample([f], { opset: 7, scales: [2] }), /attribute 'scales' must hold one value per axis of X of shape \[2,2\], got shape \[1\]/);
    refused(() => ops.Upsample([f, new Tensor('float32', Float32Array.from([NaN, 2]), [2])], { opset: 9 }), /^Upsample-9: .*input 'scales' must be 1 or more along each axis, got -?nan for axis 0/);
    refused(() => ops.Upsample([f], { opset: 7, scales: [2, 2], mode: 'cubic' }), /attribute 'mode' must be nearest or linear/);
  });
});
