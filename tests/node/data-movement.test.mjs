// Constant, Identity, Cast, CastLike, Shape, Gather and Concat through ops.* and InferenceSession: every version
// and type against references written here (Cast's from the ONNX rules and saturating truncation, in
// exact arithmetic on numbers and bigints), with edge values, negative axes and indices, empty tensors,
// and the refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, ops, ready, supportedOperators, Tensor } from 'onnx-wasm';
import { DATA_TYPE, buildModel, tensorProto } from '../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges } from '../../tools/values.mjs';
import { bf16Value, castValue, referenceConcat, referenceGather, sizeOf, valueOf } from './helpers/data-movement-reference.mjs';
import { f16ToNumber } from './helpers/reference.mjs';

before(() => ready());

const TYPES = ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const FLOATS = new Set(['float32', 'float64', 'float16', 'bfloat16']);
const NUMERIC = TYPES.filter((t) => t !== 'bfloat16');
const ARRAY = Object.fromEntries(TYPES.map((t) => [t, FLOATS.has(t) ? FLOAT_TYPES[t].array : INT_TYPES[t].array]));

const versionsOf = (op) => supportedOperators().filter((r) => r.op === op).map((r) => r.version);
const isError = (code, ...parts) => (e) => e instanceof OnnxWasmError && e.code === code && parts.every((p) => e.message.includes(p));

const CAST_EDGES = [300, -1, 255.9, 256, -128.5, -129, 32767.5, 65535.9, 65520, 65519.99, 2 ** 31 - 0.5, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1,
  2 ** 32, 5e9, 2 ** 53 + 2, 2 ** 63, -(2 ** 63), 2 ** 63 + 4096, 2 ** 64, 1e30, -1e30, 3.4e38, 1 + 2 ** -11 + 2 ** -40, 1 + 2 ** -8 + 2 ** -35];

// Source data of each type: its edge values, and, for integers, values whose halves round at ties.
function sourceData(type) {
  if (FLOATS.has(type)) return ARRAY[type].from([...FLOAT_EDGES, ...CAST_EDGES], (v) => FLOAT_TYPES[type].encode(v));
  const { min, max } = INT_TYPES[type];
  const big = typeof min === 'bigint';
  const extra = [200, 255, 2049, 4097, 65519, 65520, 16777217, 2 ** 24 + 3].map((v) => (big ? BigInt(v) : v)).filter((v) => v >= min && v <= max);
  if (big) extra.push(...[(1n << 60n) + (1n << 52n) + 1n, (1n << 60n) + (1n << 52n), (1n << 53n) + 1n].filter((v) => v <= max));
  return ARRAY[type].from([...intEdges(type), ...extra]);
}

function assertSameData(got, want, label) {
  assert.equal(got.length, want.length, label);
  for (let i = 0; i < want.length; i++) {
    const same = Object.is(got[i], want[i]) || (Number.isNaN(got[i]) && Number.isNaN(want[i]));
    if (!same) assert.fail(`${label}: element ${i} is ${got[i]}, want ${want[i]}`);
  }
}

function castWant(from, to, data) {
  const want = Array.from(data, (s) => castValue(valueOf(from, s), FLOATS.has(from), to));
  return ARRAY[to].from(want);
}
// As assertSameData, any NaN bits of the half types standing for any other's.
function assertCast(got, from, to, data, label) {
  const want = castWant(from, to, data);
  if (to === 'float16' || to === 'bfloat16') {
    const isNaN = (h) => (to === 'float16' ? Number.isNaN(f16ToNumber(h)) : Number.isNaN(bf16Value(h)));
    for (let i = 0; i < want.length; i++) if (isNaN(want[i]) && isNaN(got[i])) got[i] = want[i];
  }
  assertSameData(got, want, label);
}

// A session of one node, fed and run once, then released.
async function runNode({ opset, op, attributes = {}, inputs, outputType, initializers = [] }) {
  const names = inputs.map((_, i) => `x${i}`);
  const session = await InferenceSession.create(buildModel({
    opset,
    inputs: inputs.map((t, i) => ({ name: names[i], type: t.type })),
    outputs: [{ name: 'y', type: outputType ?? inputs[0]?.type ?? 'float32' }],
    initializers,
    nodes: [{ op, name: 'n', inputs: names, outputs: ['y'], attributes }],
  }));
  try {
    return (await session.run(Object.fromEntries(inputs.map((t, i) => [names[i], t])))).y;
  } finally {
    session.release();
  }
}

const DATA_TYPE_NAME = { float32: 'FLOAT', float64: 'DOUBLE', float16: 'FLOAT16', bfloat16: 'BFLOAT16', int8: 'INT8', int16: 'INT16',
  int32: 'INT32', int64: 'INT64', uint8: 'UINT8', uint16: 'UINT16', uint32: 'UINT32', uint64: 'UINT64' };

// CastLike: Cast to its second input's type, whatever that input's shape (it is read for its type only).
describe('CastLike', () => {
  test('every version, every pair of types, through ops.* and a session; bool both ways', async () => {
    for (const version of versionsOf('CastLike')) {
      for (const from of TYPES) {
        const data = sourceData(from);
        const x = new Tensor(from, data, [data.length]);
        for (const to of TYPES) {
          const like = new Tensor(to, new ARRAY[to](2), [2, 1]);
          const y = ops.CastLike([x, like], { opset: version });
          assert.equal(y.type, to);
          assert.deepEqual(y.dims, [data.length]);
          assertCast(y.data, from, to, data, `CastLike-${version} ${from} -> ${to}`);
        }
      }
      const attributes = { ...(version >= 19 ? { saturate: 0 } : {}), ...(version >= 24 ? { round_mode: 'nearest' } : {}) };
      const x = new Tensor('float64', sourceData('float64'));
      const y = await runNode({ opset: version, op: 'CastLike', attributes, inputs: [x, new Tensor('int16', [], [0])], outputType: 'int16' });
      assertCast(y.data, 'float64', 'int16', x.data, `CastLike-${version} model`);
    }
    const bools = ops.CastLike([new Tensor('float32', [0, -0, NaN, 0.5, -Infinity], [5]), new Tensor('bool', [1], [1])]);
    assert.equal(bools.type, 'bool');
    assert.deepEqual([...bools.data], [0, 0, 1, 1, 1]);
    assert.deepEqual([...ops.CastLike([bools, new Tensor('int64', [], [0])]).data], [0n, 0n, 1n, 1n, 1n]);
    assert.deepEqual(ops.CastLike([new Tensor('int8', [], [0, 3]), new Tensor('float16', new Uint16Array(1), [])]).dims, [0, 3]);
  });

  test('refusals name the version and attribute', () => {
    const x = new Tensor('float32', [1]);
    assert.throws(() => ops.CastLike([x, x], { opset: 15, saturate: 1 }), isError('INVALID_ARGUMENT', 'CastLike-15', "'saturate'"));
    assert.throws(() => ops.CastLike([x, x], { opset: 23, round_mode: 'up' }), isError('INVALID_ARGUMENT', 'CastLike-23', "'round_mode'"));
    assert.throws(() => ops.CastLike([x, x], { round_mode: 'odd' }), isError('INVALID_ARGUMENT', 'CastLike-25', "'round_mode'"));
    assert.throws(() => ops.CastLike([x, x], { opset: 14 }), (e) => e instanceof OnnxWasmError && e.message.includes('CastLike'));
  });
});

describe('Cast', () => {
  test('every version, every pair of types, through ops.*', () => {
    for (const version of versionsOf('Cast')) {
      const types = version >= 13 ? TYPES : NUMERIC;
      for (const from of types) {
        const data = sourceData(from);
        const x = new Tensor(from, data, [data.length]);
        for (const to of types) {
          const y = ops.Cast(x, { opset: version, to: version === 1 ? DATA_TYPE_NAME[to] : DATA_TYPE[to] });
          assert.equal(y.type, to);
          assert.deepEqual(y.dims, [data.length]);
          assertCast(y.data, from, to, data, `Cast-${version} ${from} -> ${to}`);
        }
      }
    }
  });

  test('every pair of types through InferenceSession, and each version', async () => {
    for (const from of TYPES) {
      const data = sourceData(from);
      const x = new Tensor(from, data, [1, data.length]);
      for (const to of TYPES) {
        const y = await runNode({ opset: 25, op: 'Cast', attributes: { to: DATA_TYPE[to] }, inputs: [x], outputType: to });
        assertCast(y.data, from, to, data, `Cast-25 model ${from} -> ${to}`);
      }
    }
    for (const version of versionsOf('Cast')) {
      const x = new Tensor('float64', sourceData('float64'));
      const attributes = version === 1 ? { to: 'INT16' } : { to: DATA_TYPE.int16, ...(version >= 19 ? { saturate: 0 } : {}), ...(version >= 24 ? { round_mode: 'down' } : {}) };
      const y = await runNode({ opset: version, op: 'Cast', attributes, inputs: [x], outputType: 'int16' });
      assertCast(y.data, 'float64', 'int16', x.data, `Cast-${version} model`);
    }
  });

  test('empty tensors, the same type, and in place', () => {
    assert.deepEqual(ops.Cast(new Tensor('int8', [], [0, 3]), { to: DATA_TYPE.float16 }).dims, [0, 3]);
    const x = new Tensor('int32', [1, -2, 3]);
    assert.deepEqual([...ops.Cast(x, { to: DATA_TYPE.int32 }).data], [1, -2, 3]);
    const w = Tensor.wasm('float32', [3], new Float32Array([1.5, -2.5, NaN]));
    try {
      assert.equal(ops.Cast(w, { to: DATA_TYPE.float32, out: w }), w);
      assertSameData(w.data, new Float32Array([1.5, -2.5, NaN]), 'in place');
    } finally {
      w.dispose();
    }
  });

  test('refusals name the type or the attribute', async () => {
    const x = new Tensor('float32', [1]);
    assert.throws(() => ops.Cast(x, { to: DATA_TYPE.string }), isError('UNSUPPORTED', 'Cast-25', "'to' is string"));
    assert.throws(() => ops.Cast(x, { to: 17 }), isError('UNSUPPORTED', 'float8e4m3fn'));
    assert.throws(() => ops.Cast(x, { to: 26 }), isError('UNSUPPORTED', 'int2'));
    assert.throws(() => ops.Cast(x, { to: 0 }), isError('INVALID_ARGUMENT', "'to' is 0"));
    assert.throws(() => ops.Cast(x, { to: DATA_TYPE.bfloat16, opset: 12 }), isError('INVALID_ARGUMENT', 'bfloat16'));
    assert.throws(() => ops.Cast(x, {}), isError('INVALID_ARGUMENT', "'to' is required"));
    assert.throws(() => ops.Cast(x, { to: 'FLOAT' }), isError('INVALID_ARGUMENT', "'to'"));
    assert.throws(() => ops.Cast(x, { to: 1, opset: 1 }), isError('INVALID_ARGUMENT', "'to'"));
    assert.throws(() => ops.Cast(x, { to: 1, saturate: 1, opset: 18 }), isError('INVALID_ARGUMENT', "'saturate'"));
    assert.throws(() => ops.Cast(x, { to: 1, round_mode: 'up', opset: 23 }), isError('INVALID_ARGUMENT', "'round_mode'"));
    assert.throws(() => ops.Cast(x, { to: 1, round_mode: 'odd' }), isError('INVALID_ARGUMENT', "'round_mode'"));
    await assert.rejects(runNode({ opset: 21, op: 'Cast', attributes: { to: 22 }, inputs: [x], outputType: 'float32' }),
      isError('UNSUPPORTED', "node 'n' (Cast)", 'int4'));
  });
});

// Values of each type, distinct where the type allows.
function valuesOf(type, n) {
  const edges = sourceData(type);
  return ARRAY[type].from({ length: n }, (_, i) => edges[i % edges.length]);
}

describe('Gather', () => {
  test('every version and type, int32 and int64 indices, every axis (negative too), negative indices, through ops.* and a model', async () => {
    const dims = [3, 4, 2];
    for (const version of versionsOf('Gather')) {
      for (const type of version >= 13 ? TYPES : NUMERIC) {
        const data = valuesOf(type, sizeOf(dims));
        const x = new Tensor(type, data, dims);
        for (const axis of [0, 1, 2, -1, -2, -3]) {
          const extent = dims[axis < 0 ? axis + 3 : axis];
          for (const [indexType, raw, indexDims] of [['int64', [0, extent - 1, -1, -extent], [2, 2]], ['int32', [1], []], ['int32', [], [0]], ['int64', [-1, 0, 1], [3]]]) {
            const indices = new Tensor(indexType, indexType === 'int64' ? raw.map(BigInt) : raw, indexDims);
            const want = referenceGather(data, dims, raw, indexDims, axis);
            const label = `Gather-${version} ${type} axis ${axis} indices ${indexType} [${raw}]`;
            const y = ops.Gather([x, indices], { opset: version, axis });
            assert.deepEqual(y.dims, want.outDims, label);
            assertSameData(y.data, ARRAY[type].from(want.out), label);
            if (axis === -2 || version === 13) {
              const z = await runNode({ opset: version, op: 'Gather', attributes: { axis }, inputs: [x, indices] });
              assertSameData(z.data, ARRAY[type].from(want.out), `${label} (model)`);
            }
          }
        }
      }
    }
  });

  test('refusals: an index out of range named, bad axis, scalar data, other index types', () => {
    const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
    assert.throws(() => ops.Gather([x, new Tensor('int64', [0n, 3n])], { axis: 1 }), isError('INVALID_ARGUMENT', 'Gather-13', "input 1 ('indices') holds 3 at position 1", '[-3, 2]'));
    assert.throws(() => ops.Gather([x, new Tensor('int32', [-3])]), isError('INVALID_ARGUMENT', 'holds -3'));
    assert.throws(() => ops.Gather([x, new Tensor('int32', [0])], { axis: 2 }), isError('INVALID_ARGUMENT', "'axis' is 2"));
    assert.throws(() => ops.Gather([x, new Tensor('int32', [0])], { axis: -3 }), isError('INVALID_ARGUMENT', "'axis' is -3"));
    assert.throws(() => ops.Gather([new Tensor('float32', [1], []), new Tensor('int32', [0])]), isError('INVALID_ARGUMENT', 'scalar'));
    assert.throws(() => ops.Gather([x, new Tensor('int16', [0])]), isError('INVALID_ARGUMENT', 'int16'));
    assert.throws(() => ops.Gather([new Tensor('bfloat16', [0]), new Tensor('int32', [0])], { opset: 11 }), isError('INVALID_ARGUMENT', 'bfloat16'));
  });
});

describe('Concat', () => {
  test('every version and type, every axis (negative too), 1 to 3 inputs, empty ones, through ops.* and a model', async () => {
    for (const version of versionsOf('Concat')) {
      for (const type of version >= 13 ? TYPES : version >= 4 ? NUMERIC : ['float64', 'float32', 'float16']) {
        for (const axis of [0, 1, 2, -1, -3]) {
          const a = axis < 0 ? axis + 3 : axis;
          const shapes = [[2, 3, 2], [2, 3, 2], [2, 3, 2]].map((d, j) => d.map((e, k) => (k === a ? [1, 0, 3][j] : e)));
          for (const count of [1, 2, 3]) {
            const tensors = shapes.slice(0, count).map((d, j) => new Tensor(type, valuesOf(type, sizeOf(d) + j).slice(j), d));
            const want = referenceConcat(tensors, axis);
            const label = `Concat-${version} ${type} axis ${axis} of ${count}`;
            const y = ops.Concat(tensors, { opset: version, axis });
            assert.deepEqual(y.dims, want.outDims, label);
            assertSameData(y.data, ARRAY[type].from(want.out), label);
            if (count === 3 && (axis === -1 || version === 13)) {
              const z = await runNode({ opset: version, op: 'Concat', attributes: { axis }, inputs: tensors });
              assertSameData(z.data, ARRAY[type].from(want.out), `${label} (model)`);
            }
          }
        }
      }
    }
    // Concat-1's axis defaults to 1
    const x = new Tensor('float32', [1, 2], [1, 2]);
    assert.deepEqual(ops.Concat([x, x], { opset: 1 }).dims, [1, 4]);
  });

  test('refusals: shapes that differ off the axis, bad axis, a missing axis from version 4, mixed types', () => {
    const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
    assert.throws(() => ops.Concat([x, new Tensor('float32', [1, 2], [1, 2])], { axis: 0 }), isError('INVALID_ARGUMENT', 'input 1 has shape [1,2]'));
    assert.throws(() => ops.Concat([x, new Tensor('float32', [1, 2, 3], [3])], { axis: 0 }), isError('INVALID_ARGUMENT', 'input 1 has shape [3]'));
    assert.throws(() => ops.Concat([x], { axis: 2 }), isError('INVALID_ARGUMENT', "'axis' is 2"));
    assert.throws(() => ops.Concat([x], { axis: -3 }), isError('INVALID_ARGUMENT', "'axis' is -3"));
    assert.throws(() => ops.Concat([new Tensor('float32', [1], [])], { axis: 0 }), isError('INVALID_ARGUMENT', 'rank 0'));
    assert.throws(() => ops.Concat([x], { opset: 4 }), isError('INVALID_ARGUMENT', "'axis' is required"));
    assert.throws(() => ops.Concat([x, new Tensor('float64', [1, 2], [1, 2])], { axis: 0 }), isError('INVALID_ARGUMENT', 'share one type'));
    assert.throws(() => ops.Concat([new Tensor('int32', [1])], { opset: 1, axis: 0 }), isError('INVALID_ARGUMENT', 'int32'));
  });
});

describe('Shape', () => {
  test('every version and type; start and end, negative and clamped, through ops.* and a model', async () => {
    const dims = [2, 0, 3, 1];
    for (const version of versionsOf('Shape')) {
      for (const type of version >= 13 ? TYPES : NUMERIC) {
        const x = new Tensor(type, new ARRAY[type](0), dims);
        const ranges = version >= 15 ? [[], [1], [-1], [-9], [9], [1, 3], [0, -1], [-2, 9], [3, 1], [2, -9], [undefined, 2]] : [[]];
        for (const [start, end] of ranges) {
          const r = dims.length;
          const clamp = (v) => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
          const want = dims.slice(clamp(start ?? 0), end === undefined ? r : clamp(end)).map(BigInt);
          const attributes = { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
          const y = ops.Shape(x, { opset: version, ...attributes });
          const label = `Shape-${version} ${type} ${JSON.stringify(attributes)}`;
          assert.equal(y.type, 'int64', label);
          assert.deepEqual([...y.data], want, label);
          if (type === 'float32' || type === 'bfloat16') {
            const z = await runNode({ opset: version, op: 'Shape', attributes, inputs: [x], outputType: 'int64' });
            assert.deepEqual([...z.data], want, `${label} (model)`);
          }
        }
      }
    }
    assert.deepEqual([...ops.Shape(new Tensor('float32', [1], [])).data], []);
    assert.throws(() => ops.Shape(new Tensor('float32', [1]), { opset: 14, start: 0 }), isError('INVALID_ARGUMENT', "'start'"));
  });
});

describe('Identity', () => {
  test('every version and type through ops.* and a model, and chained in a graph', async () => {
    for (const version of versionsOf('Identity')) {
      for (const type of version >= 13 ? TYPES : NUMERIC) {
        const data = valuesOf(type, 12);
        const x = new Tensor(type, data, [3, 4]);
        const y = ops.Identity(x, { opset: version });
        assert.deepEqual(y.dims, [3, 4]);
        assertSameData(y.data, data, `Identity-${version} ${type}`);
        assert.notEqual(y.data, x.data);
        const z = await runNode({ opset: version, op: 'Identity', inputs: [x] });
        assertSameData(z.data, data, `Identity-${version} ${type} (model)`);
      }
    }
    // Identity of an intermediate and of an initializer share their memory; the results are right.
    const session = await InferenceSession.create(buildModel({
      opset: 25,
      inputs: [{ name: 'x', type: 'int32' }],
      outputs: [{ name: 'a', type: 'int32' }, { name: 'b', type: 'int32' }, { name: 'c', type: 'int32' }],
      initializers: [{ name: 'w', type: 'int32', dims: [2], data: [7, 8] }],
      nodes: [
        { op: 'Identity', inputs: ['x'], outputs: ['i1'] },
        { op: 'Identity', inputs: ['i1'], outputs: ['a'] },
        { op: 'Identity', inputs: ['w'], outputs: ['b'] },
        { op: 'Concat', inputs: ['a', 'b', 'i1'], outputs: ['c'], attributes: { axis: 0 } },
      ],
    }));
    try {
      for (let run = 0; run < 2; run++) {
        const out = await session.run({ x: new Tensor('int32', [run, run - 5]) });
        assert.deepEqual([[...out.a.data], [...out.b.data], [...out.c.data]], [[run, run - 5], [7, 8], [run, run - 5, 7, 8, run, run - 5]]);
      }
    } finally {
      session.release();
    }
  });
});

describe('Constant', () => {
  // A model of one Constant node; its output's type `type`.
  async function runConstant(opset, attributes, type) {
    const session = await InferenceSession.create(buildModel({
      opset, outputs: [{ name: 'y', type }], nodes: [{ op: 'Constant', name: 'n', outputs: ['y'], attributes }],
    }));
    try {
      return (await session.run({})).y;
    } finally {
      session.release();
    }
  }
  const tensorAttribute = (type, data, dims) => ({ raw: { type: 4, t: tensorProto({ type, data, dims }) } });

  test('value: every version and type, through ops.* (a Tensor) and a model (a TensorProto)', async () => {
    for (const version of versionsOf('Constant')) {
      const types = version >= 13 ? TYPES : version >= 9 ? NUMERIC : ['float64', 'float32', 'float16'];
      for (const type of types) {
        const data = valuesOf(type, 6);
        const y = ops.Constant({ opset: version, value: new Tensor(type, data, [2, 3]) });
        assert.deepEqual([y.type, y.dims], [type, [2, 3]]);
        assertSameData(y.data, data, `Constant-${version} ${type}`);
        const z = await runConstant(version, { value: tensorAttribute(type, data, [2, 3]) }, type);
        assertSameData(z.data, data, `Constant-${version} ${type} (model)`);
      }
    }
    // scalars and empty tensors; a wasm tensor's value is copied
    assert.deepEqual(ops.Constant({ value: new Tensor('int8', [5], []) }).dims, []);
    assert.deepEqual(ops.Constant({ value: new Tensor('float32', [], [0, 2]) }).dims, [0, 2]);
    const w = Tensor.wasm('int32', [2], new Int32Array([4, 5]));
    const c = ops.Constant({ value: w });
    w.dispose();
    assert.deepEqual([...c.data], [4, 5]);
  });

  test('value_float(s) and value_int(s) from version 12, through ops.* and a model', async () => {
    for (const version of versionsOf('Constant').filter((v) => v >= 12)) {
      const check = (y, type, dims, values) => {
        assert.deepEqual([y.type, y.dims], [type, dims]);
        assertSameData(y.data, ARRAY[type].from(values), `Constant-${version} ${type}`);
      };
      check(ops.Constant({ opset: version, value_float: 0.1 }), 'float32', [], [Math.fround(0.1)]);
      check(ops.Constant({ opset: version, value_float: 3 }), 'float32', [], [3]);
      check(ops.Constant({ opset: version, value_float: -0 }), 'float32', [], [-0]);
      check(ops.Constant({ opset: version, value_floats: [1.5, -0, 1e39, -1e300, NaN] }), 'float32', [5], [1.5, -0, Infinity, -Infinity, NaN]);
      check(ops.Constant({ opset: version, value_floats: [] }), 'float32', [0], []);
      check(ops.Constant({ opset: version, value_floats: [-0, 2] }), 'float32', [2], [-0, 2]); // whole numbers, -0 kept
      check(ops.Constant({ opset: version, value_int: -7 }), 'int64', [], [-7n]);
      check(ops.Constant({ opset: version, value_ints: [1, -2, 2 ** 40] }), 'int64', [3], [1n, -2n, 2n ** 40n]);
      check(await runConstant(version, { value_float: { type: 'FLOAT', value: 2 } }, 'float32'), 'float32', [], [2]);
      check(await runConstant(version, { value_floats: [0.5, -2.25] }, 'float32'), 'float32', [2], [0.5, -2.25]);
      check(await runConstant(version, { value_int: 9 }, 'int64'), 'int64', [], [9n]);
      check(await runConstant(version, { value_ints: [3, -4] }, 'int64'), 'int64', [2], [3n, -4n]);
    }
  });

  test('refusals: strings, sparse values, other types, none or two values, kinds', async () => {
    assert.throws(() => ops.Constant({ value_string: 'a' }), isError('UNSUPPORTED', 'Constant-25', 'string'));
    assert.throws(() => ops.Constant({ value_strings: ['a'] }), isError('UNSUPPORTED', 'string'));
    assert.throws(() => ops.Constant({}), isError('INVALID_ARGUMENT', 'is required'));
    assert.throws(() => ops.Constant({ opset: 1 }), isError('INVALID_ARGUMENT', "'value' is required"));
    assert.throws(() => ops.Constant({ value_int: 1, value_float: 2 }), isError('INVALID_ARGUMENT', 'exactly one'));
    assert.throws(() => ops.Constant({ value_int: 1, opset: 11 }), isError('INVALID_ARGUMENT', "'value_int'"));
    assert.throws(() => ops.Constant({ value_int: 1.5 }), isError('INVALID_ARGUMENT', "'value_int' must be an int"));
    assert.throws(() => ops.Constant({ value: 3 }), isError('INVALID_ARGUMENT', "'value' must be a tensor"));
    assert.throws(() => ops.Constant({ value: new Tensor('int32', [1]), opset: 1 }), isError('INVALID_ARGUMENT', 'int32'));
    assert.throws(() => ops.Constant({ value: new Tensor('bfloat16', [1]), opset: 12 }), isError('INVALID_ARGUMENT', 'bfloat16'));
    const complexValue = { raw: { type: 4, t: { dims: [1], dataType: DATA_TYPE.complex64, rawData: new Uint8Array(8) } } };
    await assert.rejects(runConstant(13, { value: complexValue }, 'float32'),
      isError('UNSUPPORTED', "node 'n' (Constant)", 'complex64'));
    await assert.rejects(runConstant(13, { sparse_value: { raw: { type: 11, sparseTensor: {} } } }, 'float32'),
      isError('UNSUPPORTED', "node 'n' (Constant)", 'sparse'));
    await assert.rejects(runConstant(13, { value_string: 'abc' }, 'float32'), isError('UNSUPPORTED', 'string'));
  });
});
