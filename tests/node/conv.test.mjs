// Conv through the public API: every version and type against a direct N-D reference written from the
// spec (output sizes and SAME padding computed here, independently of the runtime), over 1-D, 2-D and
// 3-D inputs, groups (depthwise included), strides, dilations, explicit pads and every auto_pad, with
// and without bias, kernel_shape given or inferred; NaN and infinities; and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { randomData } from './helpers/product-data.mjs';
import { checkProduct, referenceConv, valuesOf } from './helpers/product-reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const VARIANTS = [[1, FLOATS], [11, FLOATS], [22, [...FLOATS, 'bfloat16']]];
const size = (dims) => dims.reduce((a, b) => a * b, 1);

function checkConv(type, version, xDims, wDims, withBias, attrs, next, label, edges = true) {
  const x = randomData(type, size(xDims), next, edges), w = randomData(type, size(wDims), next, edges);
  const b = withBias ? randomData(type, wDims[0], next, edges) : null;
  const ref = referenceConv(type, valuesOf(type, x), xDims, valuesOf(type, w), wDims, b && valuesOf(type, b), attrs);
  const inputs = [new Tensor(type, x, xDims), new Tensor(type, w, wDims)];
  if (b) inputs.push(new Tensor(type, b, [wDims[0]]));
  if (!ref) {
    assert.throws(() => ops.Conv(inputs, { opset: version, ...attrs }), (e) => e instanceof OnnxWasmError && /does not fit|empty output/.test(e.message), `${label}: empty output refused`);
    return;
  }
  const y = ops.Conv(inputs, { opset: version, ...attrs });
  assert.deepEqual([...y.dims], ref.dims, `${label}: shape`);
  checkProduct(type, y.data, ref.want, label);
}

const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
const pick = (next, list) => list[Math.floor(next() * list.length)];

for (const [version, types] of VARIANTS) {
  describe(`Conv-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded sweep of 1-D, 2-D, 3-D, groups, strides, dilations, pads, auto_pad, bias`, () => {
        const next = rng(version * 13 + types.indexOf(type));
        for (let t = 0; t < 45; t++) {
          const rank = 1 + (t % 3);
          const group = pick(next, [1, 1, 2, 3]);
          const cg = int(next, 1, 3), mg = int(next, 1, 3);
          const xs = Array.from({ length: rank }, () => int(next, 1, rank === 3 ? 5 : 8));
          const ks = xs.map((s) => int(next, 1, Math.min(3, s + 1)));
          const attrs = {};
          if (next() < 0.6) attrs.strides = xs.map(() => int(next, 1, 3));
          if (next() < 0.5) attrs.dilations = xs.map(() => int(next, 1, 2));
          if (group > 1 || next() < 0.3) attrs.group = group;
          const autoPad = pick(next, ['NOTSET', 'NOTSET', 'SAME_UPPER', 'SAME_LOWER', 'VALID']);
          if (autoPad !== 'NOTSET') attrs.auto_pad = autoPad;
          else if (next() < 0.7) attrs.pads = Array.from({ length: 2 * rank }, () => int(next, 0, 2));
          if (next() < 0.3) attrs.kernel_shape = ks;
          checkConv(type, version, [int(next, 1, 2), cg * group, ...xs], [mg * group, cg, ...ks], next() < 0.6, attrs, next,
            `${type} case ${t} X [${cg * group},${xs}] W [${mg * group},${cg},${ks}] ${JSON.stringify(attrs)}`);
        }
      });

      test(`${type}: depthwise 3x3, 1x1 and strided 3x3 at sizes past the register tiles and column blocks`, () => {
        const next = rng(version + 99);
        checkConv(type, version, [1, 8, 13, 11], [8, 1, 3, 3], true, { group: 8, pads: [1, 1, 1, 1] }, next, 'depthwise 3x3');
        checkConv(type, version, [1, 6, 9, 10], [6, 1, 3, 3], false, { group: 6, strides: [2, 2], pads: [1, 1, 1, 1] }, next, 'depthwise 3x3 s2');
        checkConv(type, version, [2, 5, 7, 9], [11, 5, 1, 1], true, {}, next, '1x1');
        checkConv(type, version, [1, 3, 17, 15], [7, 3, 3, 3], true, { strides: [2, 2], pads: [1, 0, 1, 2] }, next, '3x3 s2');
        // 60 channels x 9 taps: more depth than one panel of the implicit GEMM holds (kernels/conv.h)
        checkConv(type, version, [1, 60, 5, 11], [7, 60, 3, 3], true, { pads: [1, 1, 1, 1] }, next, '3x3, deep');
      });
    }
  });
}

describe('Conv: the direct depthwise path (one input channel per group)', () => {
  for (const type of ['float32', 'float16', 'bfloat16']) {
    test(`${type}: widths 1..19, strides 1-3, dilations, asymmetric and wide pads, depth multiplier 2, 1-D`, () => {
      const next = rng(500 + type.length);
      for (let width = 1; width <= 19; width++) {
        for (const stride of [1, 2, 3]) {
          const k = 1 + ((width + stride) % 4), dilation = 1 + (width % 2);
          const pads = [width % 3, (width * stride) % 4, (width + 1) % 2, k + 1];  // the last past the kernel
          const group = 2 + (width % 3), mg = 1 + (stride % 2);
          const height = 1 + (width % 5);
          checkConv(type, 22, [1 + (width % 2), group, height, width], [group * mg, 1, Math.min(3, height + pads[0] + pads[2]), k], width % 3 !== 0,
            { group, strides: [1 + (width % 3), stride], dilations: [1, dilation], pads }, next, `${type} width ${width} stride ${stride}`);
        }
      }
      // A kernel larger than the input, reached through the pads; 1-D; C = 1 with several outputs.
      checkConv(type, 22, [1, 3, 2, 3], [3, 1, 5, 6], true, { group: 3, pads: [2, 2, 1, 3] }, next, `${type} kernel past the input`);
      checkConv(type, 22, [2, 4, 17], [8, 1, 3], true, { group: 4, strides: [2], pads: [1, 2] }, next, `${type} 1-D`);
      checkConv(type, 22, [1, 1, 9, 14], [5, 1, 3, 3], false, { strides: [2, 1], pads: [0, 1, 1, 0] }, next, `${type} one input channel`);
      checkConv(type, 22, [1, 16, 30, 37], [16, 1, 3, 3], true, { group: 16, pads: [1, 1, 1, 1] }, next, `${type} 3x3 s1`, false);
      checkConv(type, 22, [1, 16, 30, 37], [16, 1, 3, 3], true, { group: 16, strides: [2, 2], pads: [1, 1, 1, 1] }, next, `${type} 3x3 s2`, false);
    });
  }
});

describe('Conv: constant float16 and bfloat16 weights in a session', () => {
  for (const type of ['float16', 'bfloat16']) {
    test(`${type}: converted to float32 and packed once, at creation: the bytes of ops.Conv, which converts them on each call`, async () => {
      const next = rng(900 + type.length);
      const xDims = [2, 6, 9, 11], wDims = [8, 3, 3, 3], attrs = { group: 2, pads: [1, 0, 1, 2], strides: [1, 2] };
      const x = randomData(type, size(xDims), next, true), w = randomData(type, size(wDims), next, true), b = randomData(type, 8, next, true);
      const model = buildModel({
        opset: 22, inputs: [{ name: 'x', type, dims: xDims }], outputs: [{ name: 'y', type }],
        initializers: [{ name: 'w', type, dims: wDims, data: w }, { name: 'b', type, dims: [8], data: b }],
        nodes: [{ op: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['y'], attributes: attrs }],
      });
      const session = await InferenceSession.create(model);
      const { y } = await session.run({ x: new Tensor(type, x, xDims) });
      session.release();
      const want = ops.Conv([new Tensor(type, x, xDims), new Tensor(type, w, wDims), new Tensor(type, b, [8])], { opset: 22, ...attrs });
      assert.deepEqual([...y.dims], [...want.dims]);
      assert.deepEqual([...y.data], [...want.data]);
    });
  }
});

describe('Conv: float32 in blocks of columns', () => {
  test('a 3x3 convolution whose columns span several blocks; a 1x1 of 64 channels', () => {
    const next = rng(7);
    checkConv('float32', 22, [1, 32, 40, 40], [16, 32, 3, 3], true, { pads: [1, 1, 1, 1] }, next, 'blocks', false);
    checkConv('float32', 22, [1, 64, 12, 12], [24, 64, 1, 1], true, {}, next, '1x1 64', false);
  });

  test('NaN and infinities reach exactly the outputs whose windows hold them', () => {
    const x = new Tensor('float32', new Float32Array([1, 2, 3, NaN, 5, 6, Infinity, 8, 9]), [1, 1, 9]);
    const w = new Tensor('float32', new Float32Array([1, 1]), [1, 1, 2]);
    const y = ops.Conv([x, w]);
    assert.deepEqual([...y.data].map(String), ['3', '5', 'NaN', 'NaN', '11', 'Infinity', 'Infinity', '17']);
  });
});

describe('Conv: refusals name the input or attribute', () => {
  const t = (dims, type = 'float32') => new Tensor(type, new FLOAT_TYPES[type].array(size(dims)), dims);
  const refused = (inputs, options, pattern) => assert.throws(() => ops.Conv(inputs, options),
    (e) => e instanceof OnnxWasmError && pattern.test(e.message) && /^Conv-\d+: /.test(e.message), `expected ${pattern}`);

  test('shapes and groups', () => {
    refused([t([1, 2]), t([1, 2])], {}, /input X must have rank 3 or more/);
    refused([t([1, 2, 4, 4]), t([1, 2, 3])], {}, /input W of shape \[1,2,3\] must have X's rank 4/);
    refused([t([1, 2, 4, 4]), t([1, 3, 3, 3])], {}, /input X has 2 channels but W of shape \[1,3,3,3\] with group 1 needs 3/);
    refused([t([1, 4, 4, 4]), t([3, 2, 3, 3])], { group: 2 }, /input W has 3 output channels, not a multiple of attribute 'group' 2/);
    refused([t([1, 2, 4, 4]), t([3, 2, 3, 3]), t([2])], {}, /input B of shape \[2\] must be \[M\] = \[3\]/);
    refused([t([1, 1, 2, 2]), t([1, 1, 3, 3])], {}, /kernel_shape\[0\] = 3 does not fit in spatial axis 0 of size 2/);
    refused([t([1, 1, 2, 2, 2, 2]), t([1, 1, 1, 1, 1, 1])], {}, /has 4 spatial axes; this runtime's Conv takes 1 to 3/);
  });

  test('attributes', () => {
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { kernel_shape: [2, 2] }, /attribute 'kernel_shape' \[2,2\] is not W's spatial shape \[3,3\]/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { strides: [1] }, /attribute 'strides' has 1 values but needs 2/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { pads: [1, 1] }, /attribute 'pads' has 2 values but needs 4/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { dilations: [0, 1] }, /attribute 'dilations' must be positive/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { group: 0 }, /attribute 'group' must be positive/);
    refused([t([1, 1, 4, 4]), t([1, 1, 3, 3])], { auto_pad: 'SAME_UPPER', pads: [0, 0, 0, 0] }, /'pads' cannot be used with auto_pad 'SAME_UPPER'/);
    refused([t([1, 1, 4, 4], 'bfloat16'), t([1, 1, 3, 3], 'bfloat16')], { opset: 21 }, /Conv-11: input 0 \('X'\) has type bfloat16/);
  });
});
