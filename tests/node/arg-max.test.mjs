// ArgMax and ArgMin through ops.* and InferenceSession: every version x type against a plain-JS
// reference of ONNX's (numpy.argmax along the axis, the array flipped for select_last_index: NaN is
// chosen over every number, the first NaN, or the last; ties to the first or last; -0 and +0 tie), with
// edge values, ties, negative axes, keepdims, empty tensors, and refusals naming the version and attribute.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { rng } from '../../tools/values.mjs';
import { assertSameStored, codec, int, mixedData, runNode, sizeOf } from './helpers/node-runs.mjs';
import { referenceArg } from './helpers/reference.mjs';

before(() => ready());

const TYPES = ['float64', 'float32', 'float16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const VERSIONS = [[1, TYPES], [11, TYPES], [12, TYPES], [13, [...TYPES, 'bfloat16']]];

for (const op of ['ArgMax', 'ArgMin']) {
  for (const [version, types] of VERSIONS) {
    describe(`${op}-${version}`, () => {
      for (const type of types) {
        test(`${type}: random axes (negative too), keepdims, ties and edge values, through ops and a session`, async () => {
          const next = rng(version * 17 + types.indexOf(type) + (op === 'ArgMax' ? 0 : 500));
          const { decode, float } = codec(type);
          for (let c = 0; c < 16; c++) {
            const rank = int(next, 1, 4);
            const dims = Array.from({ length: rank }, () => (next() < 0.2 ? int(next, 17, 70) : int(next, 1, 5)));
            const axis = int(next, 0, rank - 1);
            if (c === 0 && rank > 1) dims[(axis + 1) % rank] = 0;
            const negative = next() < 0.5;
            const keepdims = int(next, 0, 1);
            const last = version >= 12 && next() < 0.5;
            // few distinct values for ties, now and then
            const x = new Tensor(type, mixedData(type, sizeOf(dims), next, next() < 0.3 ? { edges: float ? [0, -0, 1, NaN, -Infinity] : type.endsWith('64') ? [0n, 1n, 2n] : [0, 1, 2], range: 0 } : {}), dims);
            const want = referenceArg(op === 'ArgMax', Array.from(x.data, (v) => (float ? decode(v) : v)), dims, axis, keepdims, last);
            const attrs = { axis: negative ? axis - rank : axis, keepdims, ...(last ? { select_last_index: 1 } : {}) };
            const label = `${op}-${version} ${type} [${dims}] axis ${attrs.axis} keepdims ${keepdims}${last ? ' last' : ''}`;
            const y = ops[op](x, { opset: version, ...attrs });
            assert.equal(y.type, 'int64', label);
            assert.deepEqual([...y.dims], want.dims, label);
            assert.deepEqual([...y.data], want.y, label);
            if (c % 4 === 0) {
              const { y: fromSession } = await runNode(op, version, attrs, [{ name: 'x', tensor: x }], [{ name: 'y', type: 'int64' }]);
              assertSameStored(fromSession, y, `${label} (session)`);
            }
          }
        });
      }
    });
  }
}

describe('ArgMax and ArgMin: chosen values and refusals', () => {
  test('NaN is chosen over every number; ties go to the first, or the last with select_last_index', () => {
    const x = new Tensor('float32', [1, NaN, 3, NaN, 3, -0, 0, -Infinity], [8]);
    assert.deepEqual([...ops.ArgMax(x, { opset: 13 }).data], [1n]);
    assert.deepEqual([...ops.ArgMax(x, { opset: 13, select_last_index: 1 }).data], [3n]);
    assert.deepEqual([...ops.ArgMin(x, { opset: 13, keepdims: 0 }).data], [1n]);
    const y = new Tensor('float32', [3, -0, 3, 0, 1, 0], [6]);
    assert.deepEqual([...ops.ArgMax(y, { opset: 12, select_last_index: 1 }).data], [2n]);
    assert.deepEqual([...ops.ArgMin(y, { opset: 12 }).data], [1n]);
    assert.deepEqual([...ops.ArgMin(y, { opset: 12, select_last_index: 1 }).data], [5n]);
    // long rows through the vector loops: ties across lanes
    const long = new Tensor('float32', Float32Array.from({ length: 37 }, (_, i) => (i % 5 === 2 ? 9 : i % 3)), [37]);
    assert.deepEqual([...ops.ArgMax(long, { opset: 13 }).data], [2n]);
    assert.deepEqual([...ops.ArgMax(long, { opset: 13, select_last_index: 1 }).data], [32n]);
  });

  test('an empty output is fine; an empty axis with outputs is refused', () => {
    assert.deepEqual([...ops.ArgMax(new Tensor('float32', [], [0, 3]), { opset: 13, axis: 1 }).dims], [0, 1]);
    assert.throws(() => ops.ArgMax(new Tensor('float32', [], [2, 0]), { opset: 13, axis: 1 }),
      (e) => e instanceof OnnxWasmError && /^ArgMax-13: input data has no elements along axis 1/.test(e.message));
  });

  test('refusals name the version and attribute', () => {
    const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.ArgMax(x, { opset: 13, axis: 2 }), /^ArgMax-13: attribute 'axis' is 2, out of range/);
    refused(() => ops.ArgMin(x, { opset: 11, axis: -3 }), /^ArgMin-11: attribute 'axis' is -3, out of range/);
    refused(() => ops.ArgMin(x, { opset: 11, select_last_index: 1 }), /^ArgMin-11: attribute 'select_last_index' is not defined by this version/);
    refused(() => ops.ArgMax(x, { opset: 13, keepdims: 3 }), /^ArgMax-13: attribute 'keepdims' must be 0 or 1/);
    refused(() => ops.ArgMax(new Tensor('bfloat16', new Uint16Array(1), [1]), { opset: 12 }), /has type bfloat16/);
  });
});
