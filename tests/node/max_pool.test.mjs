// MaxPool and GlobalMaxPool through the public API: every variant against a naive N-D reference written
// from the spec (helpers/reference.mjs), seeded attribute sweeps in 1-D, 2-D and 3-D, the SIMD main
// loops and tails, NaN, ±0, infinities and integer limits, Indices (through a session, both storage
// orders) and every refusal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { int, pick, randomPoolShape, randomWindowAttributes } from './helpers/pool-cases.mjs';
import { referenceMaxPool } from './helpers/reference.mjs';

before(() => ready());

const HALF_AND_WIDER = ['float64', 'float32', 'float16'];
// [since version, types]: the MaxPool variants.
const VARIANTS = [
  [1, HALF_AND_WIDER],
  [8, HALF_AND_WIDER],
  [10, HALF_AND_WIDER],
  [11, HALF_AND_WIDER],
  [12, [...HALF_AND_WIDER, 'int8', 'uint8']],
  [22, [...HALF_AND_WIDER, 'int8', 'uint8', 'bfloat16']],
];

const isFloat = (type) => FLOAT_TYPES[type] !== undefined;
const decoder = (type) => (isFloat(type) ? FLOAT_TYPES[type].decode : (x) => x);
const emptyValue = (type) => (isFloat(type) ? -Infinity : INT_TYPES[type].min);

function check(type, x, attrs, label, op = 'MaxPool') {
  const decode = decoder(type);
  const values = Array.from(x.data, decode);
  const a = op === 'MaxPool' ? attrs : { kernel_shape: x.dims.slice(2) };
  const want = referenceMaxPool(values, x.dims, a, emptyValue(type));
  if (!want) {
    assert.throws(() => ops[op](x, attrs), (e) => e instanceof OnnxWasmError && /kernel_shape|auto_pad SAME/.test(e.message),
      `${label}: the output would be empty, so this must be refused`);
    return;
  }
  const y = ops[op](x, attrs);
  assert.equal(y.type, type, label);
  assert.deepEqual([...y.dims], want.dims, `${label}: output shape`);
  for (let i = 0; i < want.y.length; i++) {
    const got = decode(y.data[i]);
    assert.ok(Object.is(got, want.y[i]), `${label}: output ${i} (of shape [${want.dims}]) got ${got}, want ${want.y[i]}`);
  }
}

function randomTensor(type, dims, next) {
  const n = dims.reduce((p, v) => p * v, 1);
  if (!isFloat(type)) return new Tensor(type, INT_TYPES[type].array.from({ length: n }, () => randomInt(type, next)), dims);
  const { array, encode } = FLOAT_TYPES[type];
  // Small integers often, so that equal values (and ±0) meet in a window.
  return new Tensor(type, array.from({ length: n }, () => encode(next() < 0.3 ? Math.round((next() - 0.5) * 4) : (next() - 0.5) * 20)), dims);
}

// Random attributes a version defines, for `spatial` axes of the given sizes.
function randomAttributes(next, version, sizes) {
  const a = randomWindowAttributes(next, version, sizes, version >= 10 ? 0.5 : 0);
  if (version >= 10 && next() < 0.6) a.ceil_mode = int(next, 0, 1);
  if (version >= 8 && next() < 0.3) a.storage_order = int(next, 0, 1);
  return a;
}

for (const [version, types] of VARIANTS) {
  describe(`MaxPool-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded attribute sweep in 1-D, 2-D and 3-D`, () => {
        const next = rng(version * 100 + types.indexOf(type));
        for (let c = 0; c < 60; c++) {
          const { sizes, dims } = randomPoolShape(next, c);
          const attrs = randomAttributes(next, version, sizes);
          check(type, randomTensor(type, dims, next), attrs, `case ${c} ${JSON.stringify(attrs)} on [${dims}]`);
        }
      });

      test(`${type}: row widths 1..37 with kernels 1..3 and strides 1, 2, 3 (SIMD main loops and tails)`, () => {
        const next = rng(version + 7);
        for (let w = 1; w <= 37; w++) {
          for (const s of [1, 2, 3]) {
            for (const k of [1, 2, 3]) {
              const attrs = { opset: version, kernel_shape: [2, k], strides: [1, s], pads: [0, k > 1 ? 1 : 0, 1, 0] };
              check(type, randomTensor(type, [1, 2, 3, w], next), attrs, `w=${w} ${JSON.stringify(attrs)}`);
              check(type, randomTensor(type, [1, 1, w], next), { opset: version, kernel_shape: [k], strides: [s] }, `1-D w=${w} k=${k} s=${s}`);
            }
          }
        }
      });

      test(`${type}: edge values (${isFloat(type) ? 'NaN wins, +0 above -0, infinities' : 'the type\'s limits'})`, () => {
        const next = rng(99);
        const edges = isFloat(type) ? [NaN, -0, 0, Infinity, -Infinity, 1.5, -1.5, 65504, -65504] : intEdges(type);
        const { encode, array } = isFloat(type) ? FLOAT_TYPES[type] : { encode: (v) => v, array: INT_TYPES[type].array };
        for (const w of [5, 9, 17, 33]) {
          const n = 2 * 5 * w;
          const x = new Tensor(type, array.from({ length: n }, () => encode(pick(next, edges))), [1, 2, 5, w]);
          for (const [k, s] of [[3, 2], [3, 1], [2, 2], [4, 3]]) {
            check(type, x, { opset: version, kernel_shape: [k, k], strides: [s, s] }, `w=${w} k${k}s${s}`);
            check(type, x, { opset: version, kernel_shape: [k, k], strides: [s, s], pads: [1, 1, 1, 1] }, `w=${w} k${k}s${s} p1`);
          }
        }
        // ±0 in one window in either order: +0 wins wherever it is.
        if (isFloat(type)) {
          for (const pair of [[-0, 0], [0, -0], [-0, -0]]) check(type, new Tensor(type, array.from(pair, encode), [1, 1, 2]), { opset: version, kernel_shape: [2] }, `[${pair.map((v) => (Object.is(v, -0) ? '-0' : '0'))}]`);
        }
      });

      if (version >= 10) {
        test(`${type}: dilations that let taps miss the input, windows wholly in the padding`, () => {
          const next = rng(5);
          const x = randomTensor(type, [1, 1, 3, 4], next);
          check(type, x, { opset: version, kernel_shape: [2, 2], dilations: [3, 4], pads: [2, 3, 2, 3] }, 'dilated past the input');
          check(type, x, { opset: version, kernel_shape: [3, 3], strides: [2, 2], ceil_mode: 1, pads: [2, 2, 2, 2] }, 'ceil_mode in padding');
        });
      }
    }
  });
}

describe('GlobalMaxPool', () => {
  for (const [version, types] of [[1, HALF_AND_WIDER], [22, [...HALF_AND_WIDER, 'bfloat16']]]) {
    for (const type of types) {
      test(`GlobalMaxPool-${version} ${type}: each plane's maximum, ranks 3 to 5`, () => {
        const next = rng(version);
        for (const dims of [[1, 1, 1], [2, 3, 7], [1, 2, 5, 9], [2, 1, 3, 4, 5], [1, 2, 33, 17]]) {
          check(type, randomTensor(type, dims, next), { opset: version }, `[${dims}]`, 'GlobalMaxPool');
        }
        const { array, encode } = FLOAT_TYPES[type];
        check(type, new Tensor(type, array.from([1, NaN, 2, -0, 0, -Infinity], encode), [1, 2, 3]), { opset: version }, 'NaN, ±0', 'GlobalMaxPool');
      });
    }
  }
  test('refuses an input of rank below 3; bfloat16 before version 22; int8', () => {
    assert.throws(() => ops.GlobalMaxPool(new Tensor('float32', new Float32Array(4), [2, 2])), /rank 3 or more/);
    assert.throws(() => ops.GlobalMaxPool(new Tensor('bfloat16', new Uint16Array(4), [1, 1, 4]), { opset: 21 }), /bfloat16/);
    assert.throws(() => ops.GlobalMaxPool(new Tensor('int8', new Int8Array(4), [1, 1, 4])), /int8/);
  });
});

describe('MaxPool Indices (through a session)', () => {
  async function run(version, type, x, attrs) {
    const model = buildModel({
      opset: version,
      inputs: [{ name: 'x', type, dims: x.dims }],
      outputs: [{ name: 'y', type }, { name: 'i', type: 'int64' }],
      nodes: [{ op: 'MaxPool', inputs: ['x'], outputs: ['y', 'i'], attributes: attrs }],
    });
    const session = await InferenceSession.create(model);
    try {
      return await session.run({ x });
    } finally {
      await session.release();
    }
  }
  for (const [version, types] of VARIANTS.filter(([v]) => v >= 8)) {
    for (const type of types) {
      test(`MaxPool-${version} ${type}: Indices in both storage orders, 1-D to 3-D, several planes`, async () => {
        const next = rng(version * 3 + types.indexOf(type));
        for (let c = 0; c < 24; c++) {
          const spatial = 1 + (c % 3);
          const sizes = Array.from({ length: spatial }, () => int(next, 1, 6));
          const dims = [int(next, 1, 2), int(next, 1, 3), ...sizes];
          const { opset, ...attrs } = randomAttributes(next, version, sizes);
          attrs.storage_order = c % 2;
          const x = randomTensor(type, dims, next);
          const want = referenceMaxPool(Array.from(x.data, decoder(type)), dims, attrs, emptyValue(type));
          if (!want) continue;
          const { y, i } = await run(opset, type, x, attrs);
          const label = `case ${c} ${JSON.stringify(attrs)} on [${dims}]`;
          assert.equal(i.type, 'int64', label);
          assert.deepEqual([...i.dims], want.dims, label);
          assert.deepEqual(Array.from(i.data, Number), want.indices, `${label}: indices`);
          assert.deepEqual(Array.from(y.data, decoder(type)), want.y, `${label}: values`);
        }
      });
    }
  }
  test('a node without Indices, or with an empty name for it, runs as one output', async () => {
    const x = new Tensor('float32', Float32Array.from({ length: 16 }, (_, k) => (k * 7) % 16), [1, 1, 4, 4]);
    const model = buildModel({
      opset: 12,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 4, 4] }],
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: 'MaxPool', inputs: ['x'], outputs: ['y', ''], attributes: { kernel_shape: [2, 2], strides: [2, 2] } }],
    });
    const session = await InferenceSession.create(model);
    const { y } = await session.run({ x });
    assert.deepEqual([...y.data], [12, 14, 15, 13]);
    await session.release();
  });
});

describe('MaxPool refusals', () => {
  const x = new Tensor('float32', new Float32Array(16), [1, 1, 4, 4]);
  const refuses = (attrs, pattern, input = x) =>
    assert.throws(() => ops.MaxPool(input, attrs), (e) => e instanceof OnnxWasmError && pattern.test(e.message), JSON.stringify(attrs));
  test('bad attributes, each named', () => {
    refuses({}, /MaxPool-22: attribute 'kernel_shape' is required/);
    refuses({ kernel_shape: [2, 2], storage_order: 2 }, /attribute 'storage_order' must be 0 \(row major\) or 1/);
    refuses({ kernel_shape: [2, 2], strides: [0, 1] }, /attribute 'strides' must be positive/);
    refuses({ kernel_shape: [2, 2], dilations: [1] }, /attribute 'dilations' has 1 values but needs 2/);
    refuses({ kernel_shape: [2, 2], pads: [1, 1, 1, 1], auto_pad: 'SAME_UPPER' }, /attribute 'pads' cannot be used with auto_pad/);
    refuses({ kernel_shape: [2, 2], auto_pad: 'SAME' }, /attribute 'auto_pad' must be/);
    refuses({ kernel_shape: [2, 2], ceil_mode: 2 }, /attribute 'ceil_mode' must be 0 or 1/);
    refuses({ kernel_shape: [5, 5] }, /kernel_shape\[0\] = 5 does not fit/);
    refuses({ kernel_shape: [2] }, /attribute 'kernel_shape' has 1 values but input X of shape \[1,1,4,4\] has 2 spatial axes/);
  });
  test('attributes and types a version does not define', () => {
    refuses({ opset: 7, kernel_shape: [2, 2], storage_order: 0 }, /MaxPool-1: attribute 'storage_order' is not defined by this version \(defined by version 8\)/);
    refuses({ opset: 9, kernel_shape: [2, 2], dilations: [1, 1] }, /MaxPool-8: attribute 'dilations' is not defined by this version \(defined by version 10\)/);
    refuses({ opset: 9, kernel_shape: [2, 2], ceil_mode: 1 }, /MaxPool-8: attribute 'ceil_mode' is not defined/);
    refuses({ opset: 11, kernel_shape: [2, 2] }, /MaxPool-11.*int8/, new Tensor('int8', new Int8Array(16), [1, 1, 4, 4]));
    refuses({ opset: 21, kernel_shape: [2, 2] }, /MaxPool-12.*bfloat16/, new Tensor('bfloat16', new Uint16Array(16), [1, 1, 4, 4]));
    refuses({ kernel_shape: [2, 2] }, /MaxPool-22.*int32/, new Tensor('int32', new Int32Array(16), [1, 1, 4, 4]));
  });
});
