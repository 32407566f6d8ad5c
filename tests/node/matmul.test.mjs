// MatMul through the public API: every version and type against a plain-JS reference (float64 sums,
// exact wrapped integers), 1-D operands, batch broadcasting, empty dims, sizes past the GEMM core's
// register tiles and packing blocks, NaN and infinities, a model through InferenceSession, and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, INT_TYPES, rng } from '../../tools/values.mjs';
import { randomData } from './helpers/product-data.mjs';
import { checkProduct, referenceMatMul, valuesOf } from './helpers/product-reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int32', 'int64', 'uint32', 'uint64'];
// [since version, types]
const VARIANTS = [
  [1, FLOATS],
  [9, [...FLOATS, ...INTS]],
  [13, [...FLOATS, ...INTS, 'bfloat16']],
];

const size = (dims) => dims.reduce((a, b) => a * b, 1);

const SHAPES = [
  [[3, 4], [4, 5]], [[4], [4, 5]], [[3, 4], [4]], [[4], [4]], [[2, 1, 3, 4], [3, 4, 2]], [[5, 3, 4], [4, 6]],
  [[1, 4], [2, 4, 3]], [[4], [2, 4, 3]], [[2, 3, 4], [4]], [[0, 4], [4, 5]], [[3, 0], [0, 5]], [[2, 0, 3, 4], [4, 5]],
  [[17, 33], [33, 19]], [[1, 40], [40, 70]], [[7, 300], [300, 9]], [[2, 13, 5], [2, 5, 11]], [[1, 1], [1, 1]],
];

function checkMatMul(type, aDims, bDims, opset, next, label) {
  const a = randomData(type, size(aDims), next), b = randomData(type, size(bDims), next);
  const { dims, want } = referenceMatMul(type, valuesOf(type, a), aDims, valuesOf(type, b), bDims);
  const y = ops.MatMul([new Tensor(type, a, aDims), new Tensor(type, b, bDims)], { opset });
  assert.equal(y.type, type);
  assert.deepEqual([...y.dims], dims, `${label}: shape`);
  checkProduct(type, y.data, want, label);
}

for (const [version, types] of VARIANTS) {
  describe(`MatMul-${version}`, () => {
    for (const type of types) {
      test(`${type}: 1-D, batched and broadcast shapes, empty dims, edge values`, () => {
        const next = rng(version * 31 + types.indexOf(type));
        for (const [aDims, bDims] of SHAPES) checkMatMul(type, aDims, bDims, version, next, `${type} [${aDims}] x [${bDims}]`);
      });
    }
  });
}

describe('MatMul: float32 through the packed core', () => {
  test('every m, n, k in 1..13 and some past the packing blocks', () => {
    const next = rng(5);
    for (let m = 1; m <= 13; m += 2) for (let n = 1; n <= 13; n++) for (let k = 1; k <= 13; k += 3) checkMatMul('float32', [m, k], [k, n], 13, next, `${m}x${k}x${n}`);
    for (const [m, k, n] of [[130, 260, 17], [3, 20, 2100], [1, 32, 4100], [6, 513, 8]]) checkMatMul('float32', [m, k], [k, n], 13, next, `${m}x${k}x${n}`);
  });

  test('NaN and infinities reach exactly the outputs they feed; 0 x inf is NaN', () => {
    const a = new Tensor('float32', new Float32Array([1, 0, Infinity, 1, NaN, 0]), [3, 2]);
    const b = new Tensor('float32', new Float32Array([1, 0, 3, -1, 0, 1]), [2, 3]);
    const y = ops.MatMul([a, b]);
    assert.deepEqual([...y.data].slice(0, 3), [1, 0, 3]);
    assert.equal(y.data[3], Infinity);
    assert.ok(Number.isNaN(y.data[4]));
    assert.equal(y.data[5], Infinity);
    assert.ok([...y.data].slice(6).every(Number.isNaN));
  });

  test('integers wrap as onnxruntime\'s do', () => {
    const a = new Tensor('int32', new Int32Array([2 ** 31 - 1, 2]), [1, 2]);
    const b = new Tensor('int32', new Int32Array([2, 1]), [2, 1]);
    assert.deepEqual([...ops.MatMul([a, b]).data], [0]);
    const u = ops.MatMul([new Tensor('uint64', new BigUint64Array([2n ** 64n - 1n]), [1, 1]), new Tensor('uint64', new BigUint64Array([3n]), [1])]);
    assert.deepEqual([...u.data], [2n ** 64n - 3n]);
  });
});

describe('MatMul: through InferenceSession', () => {
  test('a model of one MatMul with a constant B gives ops.MatMul\'s bytes', async () => {
    const next = rng(11);
    const bData = randomData('float32', 24 * 10, next, false);
    const model = buildModel({ opset: 13, inputs: [{ name: 'a', type: 'float32', dims: ['N', 24] }], outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'b', type: 'float32', dims: [24, 10], data: [...bData] }], nodes: [{ op: 'MatMul', inputs: ['a', 'b'], outputs: ['y'] }] });
    const session = await InferenceSession.create(model);
    const a = new Tensor('float32', randomData('float32', 5 * 24, next, false), [5, 24]);
    const { y } = await session.run({ a });
    assert.deepEqual([...y.dims], [5, 10]);
    assert.deepEqual([...y.data], [...ops.MatMul([a, new Tensor('float32', bData, [24, 10])]).data]);
    session.release();
  });
});

describe('MatMul: refusals name the inputs', () => {
  const t = (dims, type = 'float32') => new Tensor(type, new (FLOAT_TYPES[type]?.array ?? INT_TYPES[type].array)(size(dims)), dims);
  const refused = (inputs, pattern, options) => assert.throws(() => ops.MatMul(inputs, options),
    (e) => e instanceof OnnxWasmError && pattern.test(e.message) && /^MatMul-\d+: /.test(e.message), `expected ${pattern}`);

  test('shapes that do not multiply or broadcast, scalars', () => {
    refused([t([3, 4]), t([5, 2])], /A of shape \[3,4\] and B of shape \[5,2\] do not multiply: A has 4 columns, B 5 rows/);
    refused([t([4]), t([3])], /A has 4 columns, B 3 rows/);
    refused([t([2, 3, 4]), t([3, 4, 5])], /broadcast|\[2\].*\[3\]/);
    refused([t([]), t([3])], /input A is a scalar/);
    refused([t([3]), t([])], /input B is a scalar/);
  });

  test('types: mixed, integers before version 9, bfloat16 before 13, 8-bit never', () => {
    refused([t([2, 2]), t([2, 2], 'float64')], /input 1 \('B'\) has type float64 but input 0 has type float32/);
    refused([t([2, 2], 'int32'), t([2, 2], 'int32')], /MatMul-1: input 0 \('A'\) has type int32, which this version does not accept/, { opset: 8 });
    refused([t([2, 2], 'bfloat16'), t([2, 2], 'bfloat16')], /MatMul-9: input 0 \('A'\) has type bfloat16/, { opset: 12 });
    refused([t([2, 2], 'int8'), t([2, 2], 'int8')], /MatMul-13: input 0 \('A'\) has type int8/);
  });
});
