// Equal, Less, Greater, LessOrEqual, GreaterOrEqual through the public API, every version and type,
// through ops.* and a one-node InferenceSession, against JavaScript's comparisons (in which NaN equals
// and orders nothing and -0 equals 0, as ONNX's reference): every ordered pair of edge values (NaN, ±0,
// ±inf, integer limits with int64 as BigInt, any nonzero byte as true), NumPy broadcasting in both
// orders with empty and chunk-crossing shapes, version 1's legacy broadcast, and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex } from './helpers/reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const NUMERIC = [...FLOATS, ...INTS];
const ORDER = [[1, FLOATS], [7, FLOATS], [9, NUMERIC], [13, [...NUMERIC, 'bfloat16']]];
const VERSIONS = {
  Equal: [[1, ['bool', 'int32', 'int64']], [7, ['bool', 'int32', 'int64']], [11, [...NUMERIC, 'bool']],
    [13, [...NUMERIC, 'bool', 'bfloat16']], [19, [...NUMERIC, 'bool', 'bfloat16']]],
  Less: ORDER,
  Greater: ORDER,
  LessOrEqual: [[12, NUMERIC], [16, [...NUMERIC, 'bfloat16']]],
  GreaterOrEqual: [[12, NUMERIC], [16, [...NUMERIC, 'bfloat16']]],
};
const COMPARE = {
  Equal: (x, y) => x === y, Less: (x, y) => x < y, Greater: (x, y) => x > y, LessOrEqual: (x, y) => x <= y, GreaterOrEqual: (x, y) => x >= y,
};

const EDGES = [...FLOAT_EDGES, 7, -7, 2 ** -149, 2 ** -24, 3.4028234663852886e38, -65504, 65504, 1e-310];

function codec(type) {
  if (type === 'bool') return { array: Uint8Array, encode: (x) => x, decode: (x) => x !== 0, edges: [0, 1, 2, 255], random: (next) => Math.floor(next() * 4) };
  if (FLOAT_TYPES[type]) return { ...FLOAT_TYPES[type], edges: EDGES, random: (next) => FLOAT_TYPES[type].encode(Math.round((next() - 0.5) * 8) / 2) };
  return { array: INT_TYPES[type].array, encode: (x) => x, decode: (x) => x, edges: intEdges(type), random: (next) => randomInt(type, next) };
}

// n values: edge values at pseudo-random places among small ones (which repeat, so that some are equal).
function mixedData(type, n, seed) {
  const { array, encode, edges, random } = codec(type);
  const next = rng(seed);
  return array.from({ length: n }, () => (next() < 0.3 ? encode(edges[Math.floor(next() * edges.length)]) : random(next)));
}

function assertBools(y, want, label) {
  assert.equal(y.type, 'bool', label);
  assert.equal(y.data.length, want.length, label);
  for (let i = 0; i < want.length; i++) {
    if (y.data[i] !== (want[i] ? 1 : 0)) assert.fail(`${label}: element ${i} is ${y.data[i]}, want ${want[i]}`);
  }
}

const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

async function runSession(op, opset, type, inputs, attributes = {}) {
  const model = buildModel({
    opset,
    nodes: [{ op, inputs: ['a', 'b'], outputs: ['y'], attributes }],
    inputs: inputs.map((t, k) => ({ name: 'ab'[k], type, dims: [...t.dims] })),
    outputs: [{ name: 'y', type: 'bool' }],
  });
  const session = await InferenceSession.create(model);
  const { y } = await session.run({ a: inputs[0], b: inputs[1] });
  session.release();
  return y;
}

for (const op of Object.keys(VERSIONS)) {
  describe(op, () => {
    for (const [version, types] of VERSIONS[op]) {
      for (const type of types) {
        test(`${op}-${version} ${type}: every ordered pair of edge values, several lengths, ops.* and a session`, async () => {
          const { array, encode, decode, edges } = codec(type);
          const a = [];
          const b = [];
          for (const x of edges) for (const z of edges) { a.push(encode(x)); b.push(encode(z)); }
          for (const n of [a.length, 0, 1, 5, 17, 67]) {
            const ta = new Tensor(type, n === a.length ? array.from(a) : mixedData(type, n, n), [n]);
            const tb = new Tensor(type, n === a.length ? array.from(b) : mixedData(type, n, n + 100), [n]);
            const want = Array.from({ length: n }, (_, i) => COMPARE[op](decode(ta.data[i]), decode(tb.data[i])));
            assertBools(ops[op]([ta, tb], { opset: version }), want, `${op}-${version} ${type} n=${n}`);
            if (n === a.length) assertBools(await runSession(op, version, type, [ta, tb]), want, `${op}-${version} ${type} session`);
          }
        });
      }
      if (version >= 7) {
        test(`${op}-${version}: broadcasting in both orders, scalars, empty and chunk-crossing shapes`, () => {
          const cases = [[[], []], [[], [5]], [[37], []], [[2, 3], [3]], [[2, 1], [1, 3]], [[1, 19], [7, 1]], [[2, 0, 3], [1, 3]],
            [[0], []], [[3, 67], [67]], [[67, 3], [67, 1]], [[2, 9001], [2, 1]], [[700, 33], [33]], [[500, 7], [3, 1, 1]], [[4, 5000], [4, 5000]]];
          for (const type of types.filter((t) => ['float32', 'float16', 'int32', 'int64', 'int8', 'bool', 'float64'].includes(t))) {
            const { decode } = codec(type);
            cases.forEach(([sa, sb], c) => {
              for (const shapes of [[sa, sb], [sb, sa]]) {
                const [ta, tb] = shapes.map((s, k) => new Tensor(type, mixedData(type, sizeOf(s), 10 * c + k), s));
                const out = broadcastShape(shapes);
                const want = Array.from({ length: sizeOf(out) }, (_, i) =>
                  COMPARE[op](decode(ta.data[inputIndex(out, shapes[0], i)]), decode(tb.data[inputIndex(out, shapes[1], i)])));
                const y = ops[op]([ta, tb], { opset: version });
                assert.deepEqual([...y.dims], out);
                assertBools(y, want, `${op}-${version} ${type} ${JSON.stringify(shapes)}`);
              }
            });
          }
        });
      }
    }
  });
}

describe('Equal, Less, Greater version 1: the legacy broadcast', () => {
  const isError = (pattern) => (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message);
  for (const [op, type] of [['Equal', 'int32'], ['Less', 'float32'], ['Greater', 'float64']]) {
    test(`${op}-1 ${type}: B a scalar, a suffix, at an axis; refusals`, async () => {
      const { array } = codec(type);
      const a = new Tensor(type, array.from({ length: 24 }, (_, i) => (i % 7) - 3), [2, 3, 4]);
      const cases = [
        [[1], [], {}, () => 0],
        [[0, 1, -2, 3], [4], {}, (i) => i % 4],
        [[2, -1, 0], [3], { axis: 1 }, (i) => Math.floor(i / 4) % 3],
        [[0, 3], [2], { axis: 0 }, (i) => Math.floor(i / 12)],
      ];
      for (const [data, dims, extra, index] of cases) {
        const b = new Tensor(type, array.from(data), dims);
        const want = Array.from({ length: 24 }, (_, i) => COMPARE[op](a.data[i], b.data[index(i)]));
        const attributes = { broadcast: 1, ...extra };
        assertBools(ops[op]([a, b], { opset: 1, ...attributes }), want, `${op}-1 ${JSON.stringify(dims)}`);
        assertBools(await runSession(op, 1, type, [a, b], attributes), want, `${op}-1 session`);
      }
      assert.throws(() => ops[op]([a, new Tensor(type, array.from([1, 2, 3, 4]), [4])], { opset: 1 }),
        isError(/without broadcast = 1 this version needs identical shapes/));
      assert.throws(() => ops[op]([a, new Tensor(type, array.from([1, 2, 3]), [3])], { opset: 1, broadcast: 1 }),
        isError(/each of B's dims must equal A's from axis 2 on/));
    });
  }
});

test('comparisons refuse types their version lacks, mixed types and shapes that do not broadcast, naming them', () => {
  const f = new Tensor('float32', [1, 2], [2]);
  const i = new Tensor('int32', [1, 2], [2]);
  const refused = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
  assert.throws(() => ops.Equal([f, f], { opset: 7 }), refused(/Equal-7.*float32/));
  assert.throws(() => ops.Less([i, i], { opset: 7 }), refused(/Less-7.*int32/));
  assert.throws(() => ops.Less([new Tensor('bool', [1, 0], [2]), new Tensor('bool', [1, 0], [2])]), refused(/bool/));
  assert.throws(() => ops.Greater([f, i]), refused(/Greater/));
  assert.throws(() => ops.LessOrEqual([f, new Tensor('float32', [1, 2, 3], [3])]), refused(/shape/));
});
