// Gemm through the public API: every version and type against a plain-JS reference (float64 sums,
// exact wrapped integers) over transA, transB, alpha, beta and every shape C broadcasts from (or none),
// the legacy `broadcast` of versions 1 and 6, empty dims, NaN and infinities, and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { FLOAT_TYPES, INT_TYPES, rng } from '../../tools/values.mjs';
import { checkProduct, referenceGemm, valuesOf } from './helpers/product-reference.mjs';
import { randomData } from './helpers/product-data.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int32', 'int64', 'uint32', 'uint64'];
const VARIANTS = [
  [1, FLOATS], [6, FLOATS], [7, FLOATS], [9, [...FLOATS, ...INTS]], [11, [...FLOATS, ...INTS]], [13, [...FLOATS, ...INTS, 'bfloat16']],
];
const size = (dims) => dims.reduce((a, b) => a * b, 1);

const tensor = (type, data, dims) => new Tensor(type, data, dims);

function checkGemm(type, version, m, k, n, cDims, attrs, next, label) {
  const aDims = attrs.transA ? [k, m] : [m, k], bDims = attrs.transB ? [n, k] : [k, n];
  const a = randomData(type, size(aDims), next), b = randomData(type, size(bDims), next);
  const c = cDims ? randomData(type, size(cDims), next) : null;
  const { dims, want } = referenceGemm(type, valuesOf(type, a), aDims, valuesOf(type, b), bDims, c && valuesOf(type, c), cDims, attrs);
  const inputs = [tensor(type, a, aDims), tensor(type, b, bDims)];
  if (c) inputs.push(tensor(type, c, cDims));
  const y = ops.Gemm(inputs, { opset: version, ...attrs });
  assert.deepEqual([...y.dims], dims, `${label}: shape`);
  checkProduct(type, y.data, want, label);
}

for (const [version, types] of VARIANTS) {
  describe(`Gemm-${version}`, () => {
    for (const type of types) {
      test(`${type}: transA, transB, alpha, beta, C broadcast${version >= 11 ? ' or omitted' : ''}`, () => {
        const next = rng(version * 17 + types.indexOf(type));
        const float = FLOAT_TYPES[type];
        for (let t = 0; t < 40; t++) {
          const m = 1 + Math.floor(next() * 9), k = Math.floor(next() * 12), n = 1 + Math.floor(next() * 11);
          const cShapes = [[m, n], [n], [1, n], [m, 1], [1], [], [1, 1]];
          let cDims = cShapes[t % cShapes.length];
          if (version >= 11 && t % 5 === 4) cDims = null;
          const attrs = { transA: t & 1, transB: (t >> 1) & 1 };
          if (t % 3 === 1) attrs.alpha = float ? -0.75 : 3;
          if (t % 4 === 2) attrs.beta = float ? 0.5 : -2;
          if (t % 9 === 8) attrs.beta = 0;
          if (version < 7 && cDims && (cDims.length !== 2 || cDims[0] !== m || cDims[1] !== n)) attrs.broadcast = 1;
          checkGemm(type, version, m, k, n, cDims, attrs, next, `${type} ${m}x${k}x${n} C [${cDims}] ${JSON.stringify(attrs)}`);
        }
      });
    }
  });
}

describe('Gemm: float32 through the packed core', () => {
  test('larger sizes, transposed, with a bias row', () => {
    const next = rng(3);
    for (const [m, k, n] of [[33, 70, 41], [128, 40, 256], [1, 32, 600]]) {
      for (const transA of [0, 1]) for (const transB of [0, 1]) checkGemm('float32', 13, m, k, n, [n], { transA, transB, alpha: 1.5 }, next, `${m}x${k}x${n}`);
    }
  });

  test('beta 0 leaves C unread (a NaN in it does not reach Y); k = 0 gives beta * C', () => {
    const a = tensor('float32', new Float32Array([1, 2]), [1, 2]);
    const b = tensor('float32', new Float32Array([3, 4]), [2, 1]);
    assert.deepEqual([...ops.Gemm([a, b, tensor('float32', new Float32Array([NaN]), [1])], { beta: 0 }).data], [11]);
    assert.ok(Number.isNaN(ops.Gemm([a, b, tensor('float32', new Float32Array([NaN]), [1])]).data[0]));
    const empty = tensor('float32', new Float32Array(0), [2, 0]);
    assert.deepEqual([...ops.Gemm([empty, tensor('float32', new Float32Array(0), [0, 3]), tensor('float32', new Float32Array([1, 2, 3]), [3])], { beta: 2 }).data], [2, 4, 6, 2, 4, 6]);
    assert.deepEqual([...ops.Gemm([tensor('float32', new Float32Array(0), [0, 2]), b]).dims], [0, 1]);
  });
});

describe('Gemm: refusals name the input or attribute', () => {
  const t = (dims, type = 'float32') => new Tensor(type, new (FLOAT_TYPES[type]?.array ?? INT_TYPES[type].array)(size(dims)), dims);
  const refused = (inputs, options, pattern) => assert.throws(() => ops.Gemm(inputs, options),
    (e) => e instanceof OnnxWasmError && pattern.test(e.message) && /^Gemm-\d+: /.test(e.message), `expected ${pattern}`);

  test('shapes', () => {
    refused([t([2, 3]), t([4, 5])], {}, /A of shape \[2,3\] and B of shape \[4,5\] do not multiply/);
    refused([t([2, 3]), t([5, 4])], { transB: 1 }, /B of shape \[5,4\] transposed do not multiply/);
    refused([t([3]), t([3, 2])], {}, /input A must be a matrix \(rank 2\), got shape \[3\]/);
    refused([t([2, 3]), t([3, 2, 1])], {}, /input B must be a matrix/);
    refused([t([2, 3]), t([3, 4]), t([3])], {}, /input C of shape \[3\] does not broadcast to \[M, N\] = \[2,4\]/);
    refused([t([2, 3]), t([3, 4]), t([1, 2, 4])], {}, /input C of shape \[1,2,4\] does not broadcast/);
    refused([t([2, 3]), t([3, 4]), t([4])], { opset: 6 }, /input C of shape \[4\] must be \[M, N\] = \[2,4\] unless attribute 'broadcast' is 1/);
    refused([t([2, 3]), t([3, 4])], { opset: 10 }, /Gemm-9: .*3 inputs|expects? 3|at least 3/);
  });

  test('attributes and types', () => {
    refused([t([2, 2], 'int32'), t([2, 2], 'int32')], { alpha: 0.5 }, /attribute 'alpha' is 0\.5.*whole values/);
    refused([t([2, 2], 'int32'), t([2, 2], 'int32'), t([2], 'int32')], { beta: 1.5 }, /attribute 'beta' is 1\.5.*whole values/);
    refused([t([2, 2]), t([2, 2])], { transA: 2 }, /attribute 'transA' must be 0 or 1/);
    refused([t([2, 2]), t([2, 2])], { broadcast: 1 }, /attribute 'broadcast' is not defined by this version/);
    refused([t([2, 2], 'int64'), t([2, 2], 'int64'), t([2], 'int64')], { opset: 8 }, /Gemm-7: input 0 \('A'\) has type int64/);
    refused([t([2, 2], 'bfloat16'), t([2, 2], 'bfloat16')], { opset: 12 }, /Gemm-11: input 0 \('A'\) has type bfloat16/);
  });
});
