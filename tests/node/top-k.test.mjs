// TopK through ops.* and InferenceSession: every version x type against a plain-JS reference of ONNX's
// (a stable sort of the axis: largest or smallest first, equal values by lower index, NaN after every
// number, -0 and +0 equal), with edge values, ties, negative axes, k from 0 to the axis' length, empty
// tensors, and refusals naming the version, input or attribute.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { rng } from '../../tools/values.mjs';
import { assertSameStored, codec, int, int64s, mixedData, runNode, sizeOf } from './helpers/node-runs.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const NUMERIC = [...FLOATS, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const VERSIONS = [[1, FLOATS], [10, FLOATS], [11, NUMERIC], [24, [...NUMERIC, 'bfloat16']]];

// The positions of the k first along `axis` of values (numbers or bigints, decoded), in order.
function referenceTopK(values, dims, axis, k, largest) {
  const outer = sizeOf(dims.slice(0, axis));
  const extent = dims[axis];
  const inner = sizeOf(dims.slice(axis + 1));
  const outDims = dims.map((n, d) => (d === axis ? k : n));
  const picks = new Array(sizeOf(outDims));
  const isNaN = (v) => typeof v === 'number' && Number.isNaN(v);
  for (let o = 0; o < outer; o++) {
    for (let i = 0; i < inner; i++) {
      const at = (a) => (o * extent + a) * inner + i;
      const order = [...Array(extent).keys()].sort((a, b) => {
        const [x, y] = [values[at(a)], values[at(b)]];
        if (isNaN(x) || isNaN(y)) return isNaN(x) === isNaN(y) ? a - b : isNaN(x) ? 1 : -1;
        if (x == y) return a - b; // eslint-disable-line eqeqeq -- -0 and +0, numbers and bigints
        return (largest ? x < y : x > y) ? 1 : -1;
      });
      for (let j = 0; j < k; j++) picks[(o * k + j) * inner + i] = order[j];
    }
  }
  return { dims: outDims, picks };
}

for (const [version, types] of VERSIONS) {
  describe(`TopK-${version}`, () => {
    for (const type of types) {
      test(`${type}: random axes, k and directions, ties and edge values, through ops and a session`, async () => {
        const next = rng(version * 13 + types.indexOf(type));
        const { decode, float } = codec(type);
        for (let c = 0; c < 16; c++) {
          const rank = int(next, 1, 4);
          const dims = Array.from({ length: rank }, () => (next() < 0.2 ? int(next, 17, 60) : int(next, 1, 5)));
          const axis = int(next, 0, rank - 1);
          if (c === 0 && rank > 1) dims[(axis + 1) % rank] = 0;
          const k = c === 1 ? 0 : c === 2 ? dims[axis] : int(next, 0, dims[axis]);
          const largest = version < 11 || next() < 0.5;
          const ties = next() < 0.3 ? { edges: float ? [0, -0, 1, NaN, -Infinity, Infinity] : type.endsWith('64') ? [0n, 1n, 2n] : [0, 1, 2], range: 0 } : {};
          const x = new Tensor(type, mixedData(type, sizeOf(dims), next, ties), dims);
          const values = Array.from(x.data, (v) => (float ? decode(v) : v));
          const want = referenceTopK(values, dims, axis, k, largest);
          const attrs = { axis: next() < 0.5 ? axis - rank : axis, ...(version < 10 ? { k } : {}), ...(version >= 11 ? { largest: largest ? 1 : 0 } : {}) };
          const inputs = version < 10 ? [x] : [x, int64s([k])];
          const label = `TopK-${version} ${type} [${dims}] axis ${attrs.axis} k ${k}${largest ? '' : ' smallest'}`;
          const [v, i] = ops.TopK(inputs, { opset: version, ...attrs });
          assert.deepEqual([...v.dims], want.dims, label);
          assert.deepEqual([...i.dims], want.dims, label);
          assert.equal(i.type, 'int64', label);
          // within each line the output index j counts along the axis: compare the chosen positions
          const outer = sizeOf(dims.slice(0, axis));
          const inner = sizeOf(dims.slice(axis + 1));
          for (let o = 0; o < outer; o++) {
            for (let j = 0; j < k; j++) {
              for (let n = 0; n < inner; n++) {
                const p = (o * k + j) * inner + n;
                assert.equal(i.data[p], BigInt(want.picks[p]), `${label} index ${p}`);
                assert.ok(Object.is(v.data[p], x.data[(o * dims[axis] + want.picks[p]) * inner + n]), `${label} value ${p}`);
              }
            }
          }
          if (c % 4 === 0) {
            const nodeInputs = [{ name: 'x', tensor: x }, ...(version < 10 ? [] : [{ name: 'k', tensor: int64s([k]), initializer: next() < 0.5 }])];
            const got = await runNode('TopK', version, attrs, nodeInputs, [{ name: 'values', type }, { name: 'indices', type: 'int64' }]);
            assertSameStored(got.values, v, `${label} (session values)`);
            assertSameStored(got.indices, i, `${label} (session indices)`);
          }
        }
      });
    }
  });
}

describe('TopK: chosen values and refusals', () => {
  test('NaN ranks after every number either way; equal values by lower index', () => {
    const x = new Tensor('float32', [3, NaN, -Infinity, 3, -0, 0, NaN], [7]);
    const [v, i] = ops.TopK([x, int64s([7])], { opset: 11 });
    assert.deepEqual([...i.data], [0n, 3n, 4n, 5n, 2n, 1n, 6n]);
    assert.ok(Object.is(v.data[2], -0) && Object.is(v.data[3], 0));
    const [, smallest] = ops.TopK([x, int64s([7])], { opset: 11, largest: 0 });
    assert.deepEqual([...smallest.data], [2n, 4n, 5n, 0n, 3n, 1n, 6n]);
    const u = new Tensor('uint64', [2n ** 64n - 1n, 0n, 2n ** 63n], [3]);
    assert.deepEqual([...ops.TopK([u, int64s([2])], { opset: 11 })[1].data], [0n, 2n]);
  });

  test('refusals name the version, input or attribute', () => {
    const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.TopK([x, int64s([3])], { opset: 11 }), /^TopK-11: input 'K' is 3, out of range for axis 1 of 2 elements/);
    refused(() => ops.TopK([x, int64s([-1])], { opset: 10 }), /^TopK-10: input 'K' is -1, out of range/);
    refused(() => ops.TopK([x, int64s([1, 1])], { opset: 10 }), /^TopK-10: input 'K' must hold one value/);
    refused(() => ops.TopK([x], { opset: 1 }), /^TopK-1: attribute 'k' is required/);
    refused(() => ops.TopK([x, int64s([1])], { opset: 11, axis: 2 }), /^TopK-11: attribute 'axis' is 2, out of range/);
    refused(() => ops.TopK([x, int64s([1])], { opset: 10, largest: 0 }), /^TopK-10: attribute 'largest' is not defined by this version/);
    refused(() => ops.TopK([new Tensor('int32', [1], [1]), int64s([1])], { opset: 10 }), /has type int32/);
    refused(() => ops.TopK([x, int64s([1])], { opset: 11, out: x }), /^TopK: options.out is not taken by an operator of 2 outputs/);
  });
});
