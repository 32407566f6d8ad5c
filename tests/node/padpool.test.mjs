// Pad, GlobalAveragePool and ReduceMean through the public API, ops.* and InferenceSession: every
// version x type against references written here from the spec (numpy.pad's modes per output element;
// plane means; reduced sums, exact BigInt sums wrapped to the width for integers), with edge values
// (NaN, -0, infinities, integer limits), negative pads and axes, empty tensors, and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { poolTolerance, referencePad, referencePool, referenceReduceMean } from './helpers/reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);
const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));

function codec(type) {
  if (FLOAT_TYPES[type]) return { ...FLOAT_TYPES[type], float: true };
  return { array: INT_TYPES[type].array, encode: (x) => x, decode: (x) => x, float: false };
}

// n stored values of `type`, a third of them edge values.
function mixedData(type, n, next) {
  const { array, encode, float } = codec(type);
  const edges = float ? FLOAT_EDGES : intEdges(type);
  const out = new array(n);
  for (let i = 0; i < n; i++) {
    if (next() < 0.33) out[i] = encode(edges[Math.floor(next() * edges.length)]);
    else out[i] = float ? encode((next() - 0.5) * 200) : randomInt(type, next);
  }
  return out;
}

const int64s = (values) => new Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]);

// Runs one node of `op` in a model: inputs [{name, tensor, initializer}] (null: an omitted input).
async function runModel(op, opset, attributes, inputs) {
  const model = buildModel({
    opset,
    inputs: inputs.filter((i) => i && !i.initializer).map(({ name, tensor }) => ({ name, type: tensor.type, dims: [...tensor.dims] })),
    initializers: inputs.filter((i) => i?.initializer).map(({ name, tensor }) => ({ name, type: tensor.type, dims: [...tensor.dims], data: tensor.data })),
    outputs: [{ name: 'y', type: inputs[0].tensor.type }],
    nodes: [{ op, inputs: inputs.map((i) => i?.name ?? ''), outputs: ['y'], attributes }],
  });
  const session = await InferenceSession.create(model);
  const feeds = Object.fromEntries(inputs.filter((i) => i && !i.initializer).map(({ name, tensor }) => [name, tensor]));
  const { y } = await session.run(feeds);
  session.release();
  return y;
}

// The same stored values, but that a NaN matches any NaN: wasm leaves the sign and payload of a NaN an
// arithmetic instruction makes open, and engines' compiler tiers differ there (float16 and bfloat16
// are stored as bits, so their NaNs are decoded first).
function assertSameStored(got, want, label) {
  assert.equal(got.type, want.type, `${label}: type`);
  assert.deepEqual([...got.dims], [...want.dims], `${label}: dims`);
  assert.equal(got.data.length, want.data.length, `${label}: length`);
  const decode = FLOAT_TYPES[want.type]?.decode ?? ((v) => v);
  const isNaN = (v) => typeof v === 'number' && Number.isNaN(decode(v));
  for (let i = 0; i < want.data.length; i++) {
    if (!Object.is(got.data[i], want.data[i]) && !(isNaN(got.data[i]) && isNaN(want.data[i]))) assert.fail(`${label}[${i}]: got ${got.data[i]}, want ${want.data[i]}`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Pad

// [since version, types, modes]
const PAD_VERSIONS = [
  [1, FLOATS], [2, FLOATS], [11, [...FLOATS, ...INTS]], [13, [...FLOATS, ...INTS, 'bfloat16']],
  ...[18, 19, 21, 23, 24, 25].map((v) => [v, [...FLOATS, ...INTS, 'bfloat16']]),
];

// A random Pad call of a version: input dims, pads (for `axes` when given), mode, constant.
function randomPad(next, version, type) {
  const modes = version >= 19 ? ['constant', 'reflect', 'edge', 'wrap'] : ['constant', 'reflect', 'edge'];
  const mode = modes[int(next, 0, modes.length - 1)];
  const rank = int(next, 1, 4);
  const dims = Array.from({ length: rank }, () => int(next, 1, 5));
  let axes = null;
  if (version >= 18 && next() < 0.5) {
    axes = [...Array(rank).keys()].filter(() => next() < 0.6).map((a) => (next() < 0.5 ? a - rank : a));
  }
  const axisList = axes ? axes.map((a) => (a < 0 ? a + rank : a)) : [...Array(rank).keys()];
  const begin = new Array(rank).fill(0);
  const end = new Array(rank).fill(0);
  for (const a of axisList) {
    begin[a] = int(next, -2, 6);
    end[a] = int(next, -2, 6);
    // A crop past the axis (nothing kept) is valid while the output is not negative, in constant mode.
    const kept = dims[a] + Math.min(0, begin[a]) + Math.min(0, end[a]);
    if (dims[a] + begin[a] + end[a] < 0 || (kept <= 0 && mode !== 'constant')) begin[a] = end[a] = 0;
  }
  const pads = [...axisList.map((a) => begin[a]), ...axisList.map((a) => end[a])];
  const { encode, float } = codec(type);
  const constant = version < 11 ? [0, 1.5, -7, Infinity, NaN, 1e-3][int(next, 0, 5)]
    : float ? (next() < 0.5 ? encode(NaN) : encode(-0)) : intEdges(type).at(-1);
  return { mode, dims, axes, begin, end, pads, constant };
}

for (const [version, types] of PAD_VERSIONS) {
  describe(`Pad-${version}`, () => {
    for (const type of types) {
      test(`${type}: random shapes, modes and pads (negative too) through ops.Pad and a session`, async () => {
        const next = rng(version * 31 + types.indexOf(type));
        const { array, encode } = codec(type);
        for (let c = 0; c < 25; c++) {
          const { mode, dims, axes, begin, end, pads, constant } = randomPad(next, version, type);
          const x = new Tensor(type, mixedData(type, sizeOf(dims), next), dims);
          const stored = version < 11 ? encode(Math.fround(constant)) : constant; // the attribute is a float32
          const want = referencePad(x.data, dims, begin, end, mode, array.of(stored)[0]);
          const label = `Pad-${version} ${type} ${mode} dims [${dims}] pads [${pads}]${axes ? ` axes [${axes}]` : ''}`;
          let got;
          let model;
          if (version < 11) {
            const attrs = { mode, [version === 1 ? 'paddings' : 'pads']: pads, value: constant };
            got = ops.Pad([x], { opset: version, ...attrs });
            model = await runModel('Pad', version, { ...attrs, value: { type: 'FLOAT', value: constant } }, [{ name: 'x', tensor: x }]);
          } else {
            const value = mode === 'constant' || next() < 0.5 ? new Tensor(type, array.of(constant), []) : null;
            const axesTensor = axes ? int64s(axes) : null;
            got = ops.Pad([x, int64s(pads), value, ...(axesTensor ? [axesTensor] : [])], { opset: version, mode });
            model = await runModel('Pad', version, { mode }, [
              { name: 'x', tensor: x }, { name: 'pads', tensor: int64s(pads), initializer: true },
              value && { name: 'value', tensor: value }, ...(axesTensor ? [{ name: 'axes', tensor: axesTensor, initializer: true }] : []),
            ]);
            if (!value && mode === 'constant') continue;
          }
          assertSameStored(got, { type, dims: want.dims, data: want.data }, label);
          assertSameStored(model, got, `${label} (session)`);
        }
      });
    }
  });
}

describe('Pad: edge cases and refusals', () => {
  test('rank 0, empty axes padded by the constant, crops to nothing, pads longer than the axis', () => {
    const scalar = new Tensor('float32', [2.5], []);
    assert.deepEqual([...ops.Pad([scalar, int64s([])], { opset: 13 }).data], [2.5]);
    const empty = new Tensor('int8', new Int8Array(0), [0, 2]);
    const y = ops.Pad([empty, int64s([1, 0, 0, 1]), new Tensor('int8', [-128], [])], { opset: 11 });
    assert.deepEqual([...y.dims], [1, 3]);
    assert.deepEqual([...y.data], [-128, -128, -128]);
    const x = new Tensor('uint16', [1, 2, 3], [3]);
    assert.deepEqual([...ops.Pad([x, int64s([-3, 2])], { opset: 11 }).data], [0, 0]);
    // A crop that removes more than the axis has on one side: the output is the length plus both pads.
    assert.deepEqual([...ops.Pad([x, int64s([3, -5]), new Tensor('uint16', [9], [])], { opset: 11 }).data], [9]);
    const none = ops.Pad([new Tensor('float32', [], [0]), int64s([-1, 1])], { opset: 11 });
    assert.deepEqual([none.dims, none.data.length], [[0], 0]);
    const wide = ops.Pad([new Tensor('float32', new Float32Array(144), [2, 18, 4]), int64s([1, 1048576, -2, -3, 0, 1])], { opset: 11 });
    assert.deepEqual([wide.dims, wide.data.length], [[0, 1048594, 3], 0]);
    assert.throws(() => ops.Pad([x, int64s([3, -5])], { opset: 11, mode: 'edge' }), { message: /^Pad-11: mode 'edge' cannot pad axis 0, which has no elements left after the negative pads/ });
    assert.deepEqual([...ops.Pad([x, int64s([5, 4])], { opset: 11, mode: 'reflect' }).data], [2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3]);
    assert.deepEqual([...ops.Pad([x, int64s([4, 4])], { opset: 19, mode: 'wrap' }).data], [3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1]);
    const big = new Tensor('int64', [-(2n ** 63n), 5n], [2]);
    assert.deepEqual([...ops.Pad([big, int64s([1, 1])], { opset: 13, mode: 'edge' }).data], [-(2n ** 63n), -(2n ** 63n), 5n, 5n]);
  });

  test('the value attribute keeps -0 (a FLOAT attribute in a model)', async () => {
    const x = new Tensor('float32', [1, 2], [2]);
    const y = await runModel('Pad', 2, { pads: [1, 0], value: { type: 'FLOAT', value: -0 } }, [{ name: 'x', tensor: x }]);
    assert.ok(Object.is(y.data[0], -0));
  });

  test('refusals name the version, attribute or input', () => {
    const x = new Tensor('float32', [1, 2], [2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.Pad([x], { opset: 2 }), /^Pad-2: attribute 'pads' is required/);
    refused(() => ops.Pad([x], { opset: 1, pads: [1, 1] }), /^Pad-1: attribute 'pads' is not defined by this version \(defined by version 2\)/);
    refused(() => ops.Pad([x, int64s([1, 1])], { opset: 18, mode: 'wrap' }), /^Pad-18: attribute 'mode' must be .*wrap is defined from version 19/);
    refused(() => ops.Pad([x, int64s([1])], { opset: 11 }), /^Pad-11: input 'pads' has 1 values but needs 2/);
    refused(() => ops.Pad([x, int64s([-2, -1])], { opset: 11 }), /^Pad-11: input 'pads' removes 3 elements from axis 0/);
    refused(() => ops.Pad([x, int64s([1, -4])], { opset: 11 }), /^Pad-11: input 'pads' removes 4 elements from axis 0 of input data of shape \[2\], which has 2 and gains 1$/);
    refused(() => ops.Pad([x, new Tensor('int32', [1, 1], [2])], { opset: 11 }), /^Pad-11: input 1 \('pads'\) has type int32/);
    refused(() => ops.Pad([x, int64s([1, 1]), null, int64s([1])], { opset: 18 }), /^Pad-18: input 'axes' has 1, out of range/);
    refused(() => ops.Pad([x, int64s([1, 1]), new Tensor('float32', [1, 2], [2])], { opset: 11 }), /constant_value' must hold one value/);
    refused(() => ops.Pad([new Tensor('int32', [1], [1])], { opset: 2, pads: [1, 1] }), /^Pad-2: input 0 has type int32/);
    refused(() => ops.Pad([new Tensor('bfloat16', new Uint16Array(1), [1]), int64s([1, 1])], { opset: 11 }), /has type bfloat16/);
  });
});

// ---------------------------------------------------------------------------------------------------
// GlobalAveragePool: AveragePool's reference with a window of the spatial shape.

for (const [version, types] of [[1, FLOATS], [22, [...FLOATS, 'bfloat16']]]) {
  describe(`GlobalAveragePool-${version}`, () => {
    for (const type of types) {
      test(`${type}: ranks 3 to 5, planes short and long, edge values, through ops and a session`, async () => {
        const next = rng(version + types.indexOf(type));
        const { decode } = FLOAT_TYPES[type];
        for (const dims of [[1, 1, 1], [2, 3, 5], [1, 2, 3, 4], [2, 2, 2, 3, 2], [1, 3, 17, 19], [1, 1, 1000], [3, 2, 1, 1]]) {
          const x = new Tensor(type, mixedData(type, sizeOf(dims), next).map((v, i) => (i % 7 ? (FLOAT_TYPES[type].encode((next() - 0.5) * 50)) : v)), dims);
          const values = Array.from(x.data, decode);
          const want = referencePool(values, dims, { kernel_shape: dims.slice(2) });
          const y = ops.GlobalAveragePool(x, { opset: version });
          assert.deepEqual([...y.dims], want.dims);
          for (let i = 0; i < want.y.length; i++) {
            const got = decode(y.data[i]);
            const ref = want.y[i];
            const where = `${type} [${dims}] plane ${i}: got ${got}, want ${ref}`;
            if (!Number.isFinite(ref)) assert.ok(Object.is(got, ref) || (Number.isNaN(ref) && Number.isNaN(got)), where);
            else assert.ok(Math.abs(got - ref) <= poolTolerance(type, want, i), where);
          }
          assertSameStored(await runModel('GlobalAveragePool', version, {}, [{ name: 'x', tensor: x }]), y, `${type} [${dims}] session`);
        }
        const empty = ops.GlobalAveragePool(new Tensor(type, new FLOAT_TYPES[type].array(0), [2, 1, 0]), { opset: version });
        assert.deepEqual([...empty.dims], [2, 1, 1]);
        assert.ok(Array.from(empty.data, decode).every(Number.isNaN), 'the mean of an empty plane is NaN');
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// ReduceMean

const REDUCE_TYPES = ['float64', 'float32', 'float16', 'int32', 'int64', 'uint32', 'uint64'];
const REDUCE_PRECISION = { float64: [2 ** -53, 2 ** -52], float32: [2 ** -24, 2 ** -23], float16: [2 ** -24, 2 ** -11], bfloat16: [2 ** -24, 2 ** -8] };

for (const [version, types] of [[1, REDUCE_TYPES], [11, REDUCE_TYPES], [13, [...REDUCE_TYPES, 'bfloat16']], [18, [...REDUCE_TYPES, 'bfloat16']]]) {
  describe(`ReduceMean-${version}`, () => {
    for (const type of types) {
      test(`${type}: random axes (negative too), keepdims, edge values, through ops and a session`, async () => {
        const next = rng(version * 7 + types.indexOf(type));
        const { decode, float } = codec(type);
        for (let c = 0; c < 30; c++) {
          const rank = int(next, 0, 4);
          const dims = Array.from({ length: rank }, () => (next() < 0.15 ? int(next, 20, 70) : int(next, 1, 5)));
          if (c === 0 && rank > 0) dims[0] = 0;
          const axes = [...Array(rank).keys()].filter(() => next() < 0.5).map((a) => (next() < 0.5 ? a - rank : a));
          const keepdims = int(next, 0, 1);
          const noop = version >= 18 && axes.length === 0 && next() < 0.3;
          const reduced = dims.map((_, d) => (axes.length === 0 ? !noop : axes.some((a) => (a + rank) % rank === d)));
          const x = new Tensor(type, mixedData(type, sizeOf(dims), next), dims);
          const values = Array.from(x.data, decode);
          const want = referenceReduceMean(type, values, dims, reduced, keepdims);
          const attrs = { keepdims, ...(noop ? { noop_with_empty_axes: 1 } : {}), ...(version < 18 && axes.length ? { axes } : {}) };
          const withAxes = version >= 18 && axes.length > 0;
          const y = withAxes ? ops.ReduceMean([x, int64s(axes)], { opset: version, ...attrs }) : ops.ReduceMean(version >= 18 ? [x] : [x], { opset: version, ...attrs });
          const label = `ReduceMean-${version} ${type} [${dims}] axes [${axes}] keepdims ${keepdims}${noop ? ' noop' : ''}`;
          assert.deepEqual([...y.dims], want.dims, label);
          for (let o = 0; o < want.y.length; o++) {
            const got = decode(y.data[o]);
            const ref = want.y[o];
            const where = `${label} output ${o}: got ${got}, want ${ref}`;
            if (!float) assert.equal(BigInt(got), ref, where);
            else if (!Number.isFinite(ref) || want.abs[o] === Infinity) assert.ok(Object.is(got, ref) || Number.isNaN(got) || Number.isNaN(ref) || !Number.isFinite(got), where);
            else {
              const [acc, round] = REDUCE_PRECISION[type];
              assert.ok(Math.abs(got - ref) <= round * Math.abs(ref) + (want.counts[o] + 1) * acc * want.abs[o] / want.counts[o] + 2 ** -140, where);
            }
          }
          const inputs = [{ name: 'x', tensor: x }, ...(withAxes ? [{ name: 'axes', tensor: int64s(axes), initializer: next() < 0.5 }] : [])];
          assertSameStored(await runModel('ReduceMean', version, attrs, inputs), y, `${label} (session)`);
        }
      });
    }
  });
}

describe('ReduceMean: integer means and refusals', () => {
  test('integer means do not overflow: exact sums, truncated toward zero, every version, ops.* and a session', async () => {
    const x = new Tensor('int32', [2 ** 31 - 1, 2 ** 31 - 1, 5, -7, 0, 0], [2, 3]);
    assert.deepEqual([...ops.ReduceMean([x], { opset: 13, axes: [1], keepdims: 0 }).data], [1431655766, -2]); // 4294967299 / 3, -7 / 3
    // Means whose sums pass the type's range, along the inner axis (runs) and the outer (rows).
    const cases = {
      int32: [[2e9, 2e9], [-(2 ** 31), -(2 ** 31) + 1], [2e9, -2e9 + 1]],
      uint32: [[4e9, 4e9], [2 ** 32 - 1, 2 ** 32 - 2]],
      int64: [[4n * 10n ** 18n, 4n * 10n ** 18n], [5n * 10n ** 18n, 5n * 10n ** 18n], [-(2n ** 63n), -(2n ** 63n) + 1n]],
      uint64: [[2n ** 64n - 1n, 2n ** 64n - 3n], [18n * 10n ** 18n, 10n ** 18n]],
    };
    for (const version of [1, 11, 13, 18]) {
      for (const [type, pairs] of Object.entries(cases)) {
        for (const [a, b] of pairs) {
          const mean = (BigInt(a) + BigInt(b)) / 2n;
          const want = typeof a === 'bigint' ? mean : Number(mean);
          for (const [dims, axes, values] of [[[2], [0], [a, b]], [[2, 3], [0], [a, a, a, b, b, b]]]) {
            const label = `ReduceMean-${version} ${type} [${a}, ${b}] dims [${dims}]`;
            const t = new Tensor(type, values, dims);
            const attrs = { keepdims: 0, ...(version < 18 ? { axes } : {}) };
            const inputs = [{ name: 'x', tensor: t }, ...(version >= 18 ? [{ name: 'axes', tensor: int64s(axes), initializer: true }] : [])];
            const y = ops.ReduceMean(version >= 18 ? [t, int64s(axes)] : [t], { opset: version, ...attrs });
            assert.deepEqual([...y.data], new Array(y.data.length).fill(want), label);
            assert.deepEqual([...(await runModel('ReduceMean', version, attrs, inputs)).data], [...y.data], `${label} (session)`);
          }
        }
      }
    }
  });

  test('refusals name the version, attribute or input', () => {
    const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.ReduceMean([x], { opset: 13, axes: [2] }), /^ReduceMean-13: attribute 'axes' has 2, out of range/);
    refused(() => ops.ReduceMean([x, int64s([0, -2])], { opset: 18 }), /^ReduceMean-18: input 'axes' names axis 0 twice/);
    refused(() => ops.ReduceMean([x], { opset: 18, axes: [0] }), /^ReduceMean-18: attribute 'axes' is not defined by this version/);
    refused(() => ops.ReduceMean([new Tensor('int8', [1], [1])], { opset: 18 }), /input 0 \('data'\) has type int8/);
    refused(() => ops.ReduceMean([new Tensor('bfloat16', new Uint16Array(1), [1])], { opset: 11 }), /has type bfloat16/);
  });
});
