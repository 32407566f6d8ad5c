// ConvTranspose through the public API: every version and type against a direct N-D reference written
// from the spec (output sizes and padding computed here, independently of the runtime), over 1-D, 2-D
// and 3-D inputs, groups, strides, dilations, explicit pads, output_padding, output_shape and every
// auto_pad, with and without bias, kernel_shape given or inferred; NaN and infinities; and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { randomData } from './helpers/product-data.mjs';
import { checkProduct, referenceConvTranspose, valuesOf } from './helpers/product-reference.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const VARIANTS = [[1, FLOATS], [11, FLOATS], [22, [...FLOATS, 'bfloat16']]];
const size = (dims) => dims.reduce((a, b) => a * b, 1);

function checkConvTranspose(type, version, xDims, wDims, withBias, attrs, next, label, edges = true) {
  const x = randomData(type, size(xDims), next, edges), w = randomData(type, size(wDims), next, edges);
  const m = wDims[1] * (attrs.group ?? 1);
  const b = withBias ? randomData(type, m, next, edges) : null;
  const ref = referenceConvTranspose(type, valuesOf(type, x), xDims, valuesOf(type, w), wDims, b && valuesOf(type, b), attrs);
  const inputs = [new Tensor(type, x, xDims), new Tensor(type, w, wDims)];
  if (b) inputs.push(new Tensor(type, b, [m]));
  if (!ref) {
    assert.throws(() => ops.ConvTranspose(inputs, { opset: version, ...attrs }), (e) => e instanceof OnnxWasmError && /would have size/.test(e.message), `${label}: empty output refused`);
    return;
  }
  const y = ops.ConvTranspose(inputs, { opset: version, ...attrs });
  assert.deepEqual([...y.dims], ref.dims, `${label}: shape`);
  checkProduct(type, y.data, ref.want, label);
}

const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
const pick = (next, list) => list[Math.floor(next() * list.length)];

for (const [version, types] of VARIANTS) {
  describe(`ConvTranspose-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded sweep of 1-D, 2-D, 3-D, groups, strides, dilations, pads, output_padding, output_shape, auto_pad, bias`, () => {
        const next = rng(version * 17 + types.indexOf(type));
        for (let t = 0; t < 45; t++) {
          const rank = 1 + (t % 3);
          const group = pick(next, [1, 1, 2, 3]);
          const cg = int(next, 1, 3), mg = int(next, 1, 3);
          const xs = Array.from({ length: rank }, () => int(next, 1, rank === 3 ? 4 : 7));
          const ks = xs.map(() => int(next, 1, 3));
          const attrs = {};
          if (next() < 0.6) attrs.strides = xs.map(() => int(next, 1, 3));
          if (next() < 0.5) attrs.dilations = xs.map(() => int(next, 1, 2));
          if (group > 1 || next() < 0.3) attrs.group = group;
          if (next() < 0.3) attrs.output_padding = xs.map((_, i) => int(next, 0, (attrs.strides?.[i] ?? 1) - 1));
          const autoPad = pick(next, ['NOTSET', 'NOTSET', 'SAME_UPPER', 'SAME_LOWER', 'VALID']);
          if (autoPad !== 'NOTSET') attrs.auto_pad = autoPad;
          else if (next() < 0.7) attrs.pads = Array.from({ length: 2 * rank }, () => int(next, 0, 2));
          if (autoPad !== 'VALID' && next() < 0.25) {
            attrs.output_shape = xs.map((s, i) => s * (attrs.strides?.[i] ?? 1) + int(next, -1, 2));
            delete attrs.pads;
          }
          if (next() < 0.3) attrs.kernel_shape = ks;
          checkConvTranspose(type, version, [int(next, 1, 2), cg * group, ...xs], [cg * group, mg, ...ks], next() < 0.6, attrs, next,
            `${type} case ${t} X [${cg * group},${xs}] W [${cg * group},${mg},${ks}] ${JSON.stringify(attrs)}`);
        }
      });

      test(`${type}: the backend cases' shapes, sizes past the register tiles and one block of columns`, () => {
        const next = rng(version + 77);
        checkConvTranspose(type, version, [1, 1, 3, 3], [1, 2, 3, 3], false, { strides: [3, 2], output_padding: [1, 1], output_shape: [10, 8] }, next, 'output_shape with output_padding');
        checkConvTranspose(type, version, [1, 1, 3, 3], [1, 2, 3, 3], false, { strides: [3, 2], pads: [1, 2, 1, 2] }, next, 'pads');
        checkConvTranspose(type, version, [2, 6, 9, 7], [6, 5, 4, 4], true, { strides: [2, 2], pads: [1, 1, 1, 1] }, next, '4x4 s2 (a decoder\'s upsampling)');
        checkConvTranspose(type, version, [1, 8, 5, 6], [8, 3, 3, 3], true, { group: 4, dilations: [2, 1] }, next, 'groups, dilation');
        checkConvTranspose(type, version, [1, 3, 11, 13], [3, 2, 2, 2], true, { output_shape: [1, 4, 23, 26], strides: [2, 2] }, next, 'output_shape with N and C');
      });
    }
  });
}

describe('ConvTranspose: float32 in blocks of columns', () => {
  test('an upsampling whose input positions span several blocks', () => {
    const next = rng(9);
    checkConvTranspose('float32', 22, [1, 16, 48, 48], [16, 24, 3, 3], true, { strides: [2, 2], pads: [1, 1, 1, 1], output_padding: [1, 1] }, next, 'blocks', false);
  });

  test('NaN and infinities reach exactly the outputs their taps reach', () => {
    const x = new Tensor('float32', new Float32Array([1, NaN, 3, Infinity, 5]), [1, 1, 5]);
    const w = new Tensor('float32', new Float32Array([1, 1]), [1, 1, 2]);
    const y = ops.ConvTranspose([x, w], { strides: [2] });
    assert.deepEqual([...y.data].map(String), ['1', '1', 'NaN', 'NaN', '3', '3', 'Infinity', 'Infinity', '5', '5']);
    // -0 products summed from a +0 output stay +0
    const z = ops.ConvTranspose([new Tensor('float32', new Float32Array([-0]), [1, 1, 1]), new Tensor('float32', new Float32Array([1]), [1, 1, 1])]);
    assert.ok(Object.is(z.data[0], 0));
  });

  test('an empty batch gives an empty output', () => {
    const y = ops.ConvTranspose([new Tensor('float32', new Float32Array(0), [0, 2, 3, 3]), new Tensor('float32', new Float32Array(2 * 3 * 4), [2, 3, 2, 2])]);
    assert.deepEqual([...y.dims], [0, 3, 4, 4]);
  });
});

describe('ConvTranspose: refusals name the input or attribute', () => {
  const t = (dims, type = 'float32') => new Tensor(type, new FLOAT_TYPES[type].array(size(dims)), dims);
  const refused = (inputs, options, pattern) => assert.throws(() => ops.ConvTranspose(inputs, options),
    (e) => e instanceof OnnxWasmError && pattern.test(e.message) && /^ConvTranspose-\d+: /.test(e.message), `expected ${pattern}`);

  test('shapes and groups', () => {
    refused([t([1, 2]), t([1, 2])], {}, /input X must have rank 3 or more/);
    refused([t([1, 2, 4, 4]), t([2, 1, 3])], {}, /input W of shape \[2,1,3\] must have X's rank 4/);
    refused([t([1, 2, 4, 4]), t([3, 1, 3, 3])], {}, /input X has 2 channels but W of shape \[3,1,3,3\] has 3/);
    refused([t([1, 3, 4, 4]), t([3, 1, 3, 3])], { group: 2 }, /input X has 3 channels, not a multiple of attribute 'group' 2/);
    refused([t([1, 2, 4, 4]), t([2, 3, 3, 3]), t([2])], {}, /input B of shape \[2\] must be \[M\] = \[3\]/);
    refused([t([1, 1, 2, 2]), t([1, 1, 3, 3])], { pads: [3, 3, 2, 2] }, /spatial axis 0 of the output would have size -1 \(input 2, kernel 3, stride 1, dilation 1, pads \[3,3,2,2\]\)/);
    refused([t([1, 1, 2, 2, 2, 2]), t([1, 1, 1, 1, 1, 1])], {}, /has 4 spatial axes; this runtime's ConvTranspose takes 1 to 3/);
  });

  test('attributes', () => {
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { kernel_shape: [2, 2] }, /attribute 'kernel_shape' \[2,2\] is not W's spatial shape \[3,3\]/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { strides: [1] }, /attribute 'strides' has 1 values but needs 2/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { output_padding: [1] }, /attribute 'output_padding' has 1 values but X has 2 spatial axes/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { output_padding: [-1, 0] }, /attribute 'output_padding' must be non-negative/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { output_shape: [5, 5, 5] }, /attribute 'output_shape' has 3 values but X has 2 spatial axes/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { group: 0 }, /attribute 'group' must be positive/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { auto_pad: 'SAME_UPPER', pads: [0, 0, 0, 0] }, /'pads' cannot be used with auto_pad 'SAME_UPPER'/);
    refused([t([1, 1, 4, 4], 'bfloat16'), t([1, 1, 3, 3], 'bfloat16')], { opset: 21 }, /ConvTranspose-11: input 0 \('X'\) has type bfloat16/);
  });
});

test('ONNX\'s backend cases of ConvTranspose pass', NEEDS_ONNX_CASES, async () => {
  await assertOnnxCasesPass(['ConvTranspose']);
});
