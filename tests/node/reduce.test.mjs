// ReduceSum, ReduceProd, ReduceMax and ReduceMin through ops.* and InferenceSession: every version x
// type against the plain-JS reference (exact BigInt sums and products wrapped to the width for
// integers; float64 sums and products within the accumulator's rounding; Max and Min exact, NaN
// propagated, -0 below +0), with edge values (NaN, ±0, ±inf, integer limits), empty tensors and empty
// reductions, negative axes, noop_with_empty_axes, and refusals naming the version and input.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { rng } from '../../tools/values.mjs';
import { assertSameStored, codec, int, int64s, mixedData, runNode, sizeOf } from './helpers/node-runs.mjs';
import { referenceReduce } from './helpers/reference.mjs';

before(() => ready());

const TYPES = ['float64', 'float32', 'float16', 'int32', 'int64', 'uint32', 'uint64'];
const TYPES13 = [...TYPES, 'bfloat16'];
const MAX_MIN12 = [...TYPES, 'int8', 'uint8'];
const MAX_MIN13 = [...MAX_MIN12, 'bfloat16'];
// [operator, version, types, whether the axes are an input]
const VARIANTS = [
  ...[[1, TYPES], [11, TYPES], [13, TYPES13]].map(([v, t]) => ['ReduceSum', v, t, v >= 13]),
  ...[[1, TYPES], [11, TYPES], [13, TYPES13], [18, TYPES13]].map(([v, t]) => ['ReduceProd', v, t, v >= 18]),
  ...['ReduceMax', 'ReduceMin'].flatMap((op) =>
    [[1, TYPES], [11, TYPES], [12, MAX_MIN12], [13, MAX_MIN13], [18, MAX_MIN13], [20, MAX_MIN13]].map(([v, t]) => [op, v, t, v >= 18])),
];
// Relative rounding of the accumulator (float32 for the halves) and of the result's type.
const PRECISION = { float64: [2 ** -53, 2 ** -53], float32: [2 ** -24, 2 ** -24], float16: [2 ** -24, 2 ** -11], bfloat16: [2 ** -24, 2 ** -8] };
const SMALLEST = { float64: 2 ** -1074, float32: 2 ** -149, float16: 2 ** -24, bfloat16: 2 ** -133 };
// Products draw from these (magnitudes near 1, so that no order overflows where another does not).
const PROD_EDGES = [0, -0, 1, -1, NaN, Infinity, -Infinity, 0.5, -2];

function check(op, type, got, want, o, label) {
  const ref = want.y[o];
  const where = `${label} output ${o}: got ${got}, want ${ref}`;
  if (typeof ref === 'bigint') return assert.equal(BigInt(got), ref, where);
  if (op === 'ReduceMax' || op === 'ReduceMin' || Number.isNaN(ref) || !Number.isFinite(ref)) {
    return assert.ok(Object.is(got, ref) || (Number.isNaN(got) && Number.isNaN(ref)), where);
  }
  const [acc, round] = PRECISION[type];
  const n = want.counts[o];
  const bound = op === 'ReduceSum' ? (n + 1) * acc * want.abs[o] : (n + 1) * acc * Math.abs(ref);
  const tolerance = round * Math.abs(ref) + bound + SMALLEST[type];
  // Past the type's largest finite value: infinity where the exact result, moved by the tolerance, rounds to it.
  const { encode, decode } = codec(type);
  if (Number.isFinite(got) || Number.isNaN(got)) assert.ok(Math.abs(got - ref) <= tolerance, where);
  else assert.ok(Object.is(got, decode(encode(ref + Math.sign(got) * tolerance))), where);
}

for (const [op, version, types, axesInput] of VARIANTS) {
  describe(`${op}-${version}`, () => {
    for (const type of types) {
      test(`${type}: random axes (negative too), keepdims, edge values, through ops and a session`, async () => {
        const next = rng(version * 31 + types.indexOf(type) + op.length * 1000);
        const { decode } = codec(type);
        for (let c = 0; c < 16; c++) {
          const rank = int(next, 0, 4);
          const big = op === 'ReduceProd' ? 8 : 40;
          const dims = Array.from({ length: rank }, () => (next() < 0.15 ? int(next, 10, big) : int(next, 1, 5)));
          if (c === 0 && rank > 0) dims[0] = 0;
          if (c === 1 && rank > 1) dims[rank - 1] = 0;
          const axes = [...Array(rank).keys()].filter(() => next() < 0.5).map((a) => (next() < 0.5 ? a - rank : a));
          const keepdims = int(next, 0, 1);
          const noop = axesInput && axes.length === 0 && next() < 0.3;
          const reduced = dims.map((_, d) => (axes.length === 0 ? !noop : axes.some((a) => (a + rank) % rank === d)));
          const x = new Tensor(type, mixedData(type, sizeOf(dims), next, op === 'ReduceProd' && codec(type).float ? { edges: PROD_EDGES, range: 1.5 } : {}), dims);
          const want = referenceReduce(op, type, Array.from(x.data, decode), dims, reduced, keepdims);
          const attrs = { keepdims, ...(noop ? { noop_with_empty_axes: 1 } : {}), ...(!axesInput && axes.length ? { axes } : {}) };
          const withAxes = axesInput && (axes.length > 0 || next() < 0.3);
          const inputs = withAxes ? [x, int64s(axes)] : [x];
          const y = ops[op](inputs, { opset: version, ...attrs });
          const label = `${op}-${version} ${type} [${dims}] axes [${axes}] keepdims ${keepdims}${noop ? ' noop' : ''}`;
          assert.equal(y.type, type, label);
          assert.deepEqual([...y.dims], want.dims, label);
          for (let o = 0; o < want.y.length; o++) check(op, type, decode(y.data[o]), want, o, label);
          if (c % 3 === 0) {
            const nodeInputs = [{ name: 'x', tensor: x }, ...(withAxes ? [{ name: 'axes', tensor: int64s(axes), initializer: next() < 0.5 }] : [])];
            assertSameStored((await runNode(op, version, attrs, nodeInputs)).y, y, `${label} (session)`);
          }
        }
      });
    }
  });
}

describe('ReduceSum, ReduceProd, ReduceMax, ReduceMin: chosen values', () => {
  test('integer sums and products wrap in the type, as numpy with the dtype', () => {
    const x = new Tensor('int32', [2 ** 31 - 1, 1, -(2 ** 31), -1, 65536, 65536], [3, 2]);
    assert.deepEqual([...ops.ReduceSum([x], { opset: 11, axes: [1], keepdims: 0 }).data], [-(2 ** 31), 2 ** 31 - 1, 131072]);
    assert.deepEqual([...ops.ReduceProd([x], { opset: 11, axes: [1], keepdims: 0 }).data], [2 ** 31 - 1, -(2 ** 31), 0]);
    const u = new Tensor('uint64', [2n ** 64n - 1n, 2n], [2]);
    assert.deepEqual([...ops.ReduceSum([u], { opset: 11 }).data], [1n]);
    assert.deepEqual([...ops.ReduceProd([u], { opset: 11 }).data], [2n ** 64n - 2n]);
  });

  test('over no elements: 0, 1, -inf or the lowest, +inf or the highest', () => {
    const f = new Tensor('float32', [], [2, 0]);
    const i8 = new Tensor('int8', [], [0, 3]);
    const expect = { ReduceSum: [0, 0n], ReduceProd: [1, 1n], ReduceMax: [-Infinity, -128], ReduceMin: [Infinity, 127] };
    for (const [op, [float, int8]] of Object.entries(expect)) {
      const y = ops[op]([f], { opset: 18, keepdims: 0 });
      assert.deepEqual([...y.dims], [], op);
      assert.ok(Object.is(y.data[0], float), `${op}: ${y.data[0]}`);
      if (op === 'ReduceMax' || op === 'ReduceMin') assert.deepEqual([...ops[op]([i8, int64s([0])], { opset: 18 }).data], [int8, int8, int8], op);
      assert.deepEqual([...ops[op]([f, int64s([0])], { opset: 18 }).dims], [1, 0], `${op}: an empty output`);
    }
  });

  test('sums of infinities are exact: +inf and -inf give NaN, +inf alone +inf, in every float type', () => {
    for (const type of ['float64', 'float32', 'float16', 'bfloat16']) {
      const { encode: e, decode: d } = codec(type);
      // rows of 9: the infinities among finite values, so that the vector lanes and the tail both meet them
      const rows = [
        [[Infinity, 1, 2, 3, 4, 5, 6, 7, -Infinity], NaN],
        [[1, 2, Infinity, 3, 4, 5, 6, 7, 8], Infinity],
        [[1, 2, 3, 4, 5, 6, 7, 8, -Infinity], -Infinity],
        [[Infinity, -1, Infinity, -2, -3, -4, -5, -6, -7], Infinity],
        [[-Infinity, 1, 2, 3, -Infinity, 4, 5, 6, 7], -Infinity],
        [[1, 2, 3, 4, 5, 6, 7, 8, 9], 45],
      ];
      const x = new Tensor(type, codec(type).array.from(rows.flatMap(([r]) => r), e), [rows.length, 9]);
      for (const opset of type === 'bfloat16' ? [13] : [11, 13]) {
        const y = ops.ReduceSum(opset >= 13 ? [x, int64s([1])] : [x], { opset, keepdims: 0, ...(opset < 13 ? { axes: [1] } : {}) });
        rows.forEach(([, want], r) => {
          const got = d(y.data[r]);
          assert.ok(Object.is(got, want) || (Number.isNaN(want) && Number.isNaN(got)), `ReduceSum-${opset} ${type} row ${r}: got ${got}, want ${want}`);
        });
      }
    }
  });

  test('Max and Min propagate NaN and order -0 below +0', () => {
    const x = new Tensor('float32', [-0, 0, 1, NaN, 0, -0], [3, 2]);
    assert.ok(Object.is(ops.ReduceMax([x], { opset: 13, axes: [1], keepdims: 0 }).data[0], 0));
    assert.ok(Object.is(ops.ReduceMin([x], { opset: 13, axes: [1], keepdims: 0 }).data[2], -0));
    assert.ok(Number.isNaN(ops.ReduceMax([x], { opset: 13, axes: [1], keepdims: 0 }).data[1]));
    assert.ok(Number.isNaN(ops.ReduceMin([x], { opset: 13 }).data[0]));
    assert.ok(Object.is(ops.ReduceSum([new Tensor('float32', [], [0])], { opset: 13 }).data[0], 0));
  });

  test('noop_with_empty_axes gives the input unchanged', () => {
    const x = new Tensor('float64', [-0, NaN, 3, -Infinity], [2, 2]);
    for (const op of ['ReduceSum', 'ReduceProd', 'ReduceMax', 'ReduceMin']) {
      const y = ops[op]([x, int64s([])], { opset: 18, noop_with_empty_axes: 1 });
      assert.deepEqual([...y.dims], [2, 2], op);
      [...x.data].forEach((v, i) => assert.ok(Object.is(y.data[i], v) || (Number.isNaN(v) && Number.isNaN(y.data[i])), `${op}[${i}]`));
    }
  });

  test('refusals name the version, attribute or input', () => {
    const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.ReduceSum([x], { opset: 11, axes: [2] }), /^ReduceSum-11: attribute 'axes' has 2, out of range/);
    refused(() => ops.ReduceSum([x, int64s([-3])], { opset: 13 }), /^ReduceSum-13: input 'axes' has -3, out of range/);
    refused(() => ops.ReduceMax([x, int64s([1, -1])], { opset: 18 }), /^ReduceMax-18: input 'axes' names axis 1 twice/);
    refused(() => ops.ReduceMin([x, int64s([0], [1, 1])], { opset: 20 }), /^ReduceMin-20: input 'axes' must be 1-D/);
    refused(() => ops.ReduceProd([x], { opset: 18, axes: [0] }), /^ReduceProd-18: attribute 'axes' is not defined by this version/);
    refused(() => ops.ReduceProd([x], { opset: 13, keepdims: 2 }), /^ReduceProd-13: attribute 'keepdims' must be 0 or 1/);
    refused(() => ops.ReduceMax([new Tensor('int8', [1], [1])], { opset: 11 }), /^ReduceMax-11: input 0 has type int8/);
    refused(() => ops.ReduceSum([new Tensor('int8', [1], [1])], { opset: 13 }), /input 0 \('data'\) has type int8/);
    refused(() => ops.ReduceMin([new Tensor('bfloat16', new Uint16Array(1), [1])], { opset: 12 }), /has type bfloat16/);
  });
});
