// Slice, Expand, Tile, Where, ConstantOfShape, Range, Size, NonZero, GatherElements and GatherND through
// ops.* and InferenceSession: every version and every type it takes against plain-JS references written
// here (index by index, BigInt where int64 limits matter), with negative and out-of-range starts, ends,
// axes, steps and indices, INT64 limits, empty tensors, the refusals naming the input (and in a session
// the node), and ONNX's backend cases of them.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, ops, ready, Tensor } from 'onnx-wasm';
import { ATTRIBUTE_TYPE, buildModel, tensorProto } from '../../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, onnxCases } from '../../tools/test-cases.mjs';
import { ARRAY, assertPicked, both, bytesOf, eachIndex, flat, i32, i64, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';
import { assertOnnxCasesPass } from './helpers/onnx-cases.mjs';
import { FLOAT_TYPES } from '../../tools/values.mjs';

before(() => ready());

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

// The indices Slice takes along an axis of size dim, by ONNX's rules, walked one step at a time.
function sliceIndices(start, end, step, dim) {
  let [s, e, st, n] = [BigInt(start), BigInt(end), BigInt(step), BigInt(dim)];
  if (s < 0n) s += n;
  if (e < 0n) e += n;
  const clamp = (v, lo, hi) => (v < lo ? lo : v > hi ? hi : v);
  if (st > 0n) [s, e] = [clamp(s, 0n, n), clamp(e, 0n, n)];
  else [s, e] = [clamp(s, 0n, n - 1n), clamp(e, -1n, n - 1n)];
  const out = [];
  for (let i = s; st > 0n ? i < e : i > e; i += st) out.push(Number(i));
  return out;
}

function referenceSlice(dims, starts, ends, axes, steps) {
  const picks = dims.map((d) => Array.from({ length: d }, (_, i) => i));
  starts.forEach((s, k) => {
    const a = axes ? (axes[k] < 0 ? axes[k] + dims.length : axes[k]) : k;
    picks[a] = sliceIndices(s, ends[k], steps ? steps[k] : 1, dims[a]);
  });
  const outDims = picks.map((p) => p.length);
  const out = [];
  eachIndex(outDims, (index) => out.push(flat(index.map((i, d) => picks[d][i]), dims)));
  return { outDims, picks: out };
}

// Input index of each output position when `dims` broadcasts to `outDims`.
function broadcastPicks(dims, outDims) {
  const lead = outDims.length - dims.length;
  const out = [];
  eachIndex(outDims, (index) => out.push(flat(dims.map((d, k) => (d === 1 ? 0 : index[lead + k])), dims)));
  return out;
}

describe('Slice', () => {
  const dims = [3, 4, 5];
  // [starts, ends, axes, steps]: negative, out of range and INT64-limit values, reversed steps.
  const CASES = [
    [[1], [3], null, null],
    [[0, 1], [2, -1], [0, 2], null],
    [[-100], [100], [1], null],
    [[INT64_MIN], [INT64_MAX], [-1], [2]],
    [[INT64_MAX], [INT64_MIN], [2], [-1]],
    [[-1, 3], [-100, 0], [0, 1], [-2, -1]],
    [[2], [1], [0], null], // empty
    [[0, 0, 0], [3, 4, 5], [-3, -2, -1], [INT64_MAX, 3, -3]],
    [[5], [0], [2], [INT64_MIN]],
    [[10], [20], [0], null], // start beyond the end: empty
  ];

  test('every version and type, through ops.* and a session, against the reference', async () => {
    for (const row of rowsOf('Slice')) {
      for (const type of row.types) {
        const data = stored(type, sizeOf(dims));
        const x = new Tensor(type, data, dims);
        for (const [starts, ends, axes, steps] of CASES) {
          const label = `Slice-${row.version} ${type} ${starts}:${ends} axes ${axes} steps ${steps}`;
          const { outDims, picks } = referenceSlice(dims, starts, ends, axes, steps);
          let ys;
          if (row.version === 1) {
            if (steps) continue;
            const fits = (v) => BigInt(v) >= -(2n ** 53n) && BigInt(v) <= 2n ** 53n; // options take numbers
            if (![...starts, ...ends].every(fits)) continue;
            ys = await both('Slice', [x], { opset: 1, starts: starts.map(Number), ends: ends.map(Number), ...(axes ? { axes } : {}) });
          } else {
            const inputs = [x, i64(starts), i64(ends)];
            if (axes || steps) inputs.push(axes ? i64(axes) : null);
            if (steps) inputs.push(i64(steps));
            ys = await both('Slice', inputs, { opset: row.version });
          }
          for (const y of ys) assertPicked(y, type, outDims, data, picks, label);
        }
      }
    }
  });

  test('int32 indices, an empty input, a scalar slice of nothing, and through a session', async () => {
    const x = new Tensor('float32', stored('float32', 60), dims);
    const { outDims, picks } = referenceSlice(dims, [-1], [-4], [1], [-1]);
    assertPicked(ops.Slice([x, i32([-1]), i32([-4]), i32([1]), i32([-1])]), 'float32', outDims, x.data, picks, 'int32');
    assert.deepEqual(ops.Slice([new Tensor('int8', [], [0, 4]), i64([1]), i64([3]), i64([1])]).dims, [0, 2]);
    const session = await InferenceSession.create(buildModel({
      opset: 13,
      inputs: [{ name: 'x', type: 'float32', dims }, { name: 's', type: 'int64', dims: [1] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'e', type: 'int64', dims: [1], data: [INT64_MAX] }, { name: 'a', type: 'int64', dims: [1], data: [2n] }],
      nodes: [{ op: 'Slice', inputs: ['x', 's', 'e', 'a'], outputs: ['y'] }],
    }));
    try {
      for (const s of [0, 2, -2, 7]) {
        const { y } = await session.run({ x, s: i64([s]) });
        const want = referenceSlice(dims, [s], [INT64_MAX], [2], null);
        assertPicked(y, 'float32', want.outDims, x.data, want.picks, `session start ${s}`);
      }
    } finally {
      await session.release();
    }
  });

  test('refusals name the input', () => {
    const x = new Tensor('float32', new Float32Array(60), dims);
    assert.throws(() => ops.Slice([x, i64([0]), i64([1]), i64([0]), i64([0])]), isError('INVALID_ARGUMENT', 'Slice-13', "'steps'", '0'));
    assert.throws(() => ops.Slice([x, i64([0]), i64([1]), i64([3])]), isError('INVALID_ARGUMENT', "'axes'", '3', 'out of range'));
    assert.throws(() => ops.Slice([x, i64([0, 0]), i64([1, 1]), i64([1, -2])]), isError('INVALID_ARGUMENT', "'axes'", 'twice'));
    assert.throws(() => ops.Slice([x, i64([0, 0]), i64([1])]), isError('INVALID_ARGUMENT', "'ends'", '1 values', "'starts' has 2"));
    assert.throws(() => ops.Slice([x, new Tensor('int64', [0n], []), i64([1])]), isError('INVALID_ARGUMENT', "'starts'", '1-D'));
    assert.throws(() => ops.Slice([x, i32([0]), i64([1])]), isError('INVALID_ARGUMENT', 'input 2', 'int64', 'int32'));
    assert.throws(() => ops.Slice([x], { opset: 1, starts: [0] }), isError('INVALID_ARGUMENT', 'Slice-1', "'ends' is required"));
  });
});

describe('Expand and Tile', () => {
  test('Expand: every version and type; a 1 in the shape keeps the dim, more axes, empty', async () => {
    const CASES = [[[3, 1], [2, 3, 4]], [[1, 4], [3, 1]], [[2, 1, 3], [1]], [[1], [0, 2]], [[], [2, 2]], [[2, 3], [2, 3]]];
    for (const row of rowsOf('Expand')) {
      for (const type of row.types) {
        for (const [dims, shape] of CASES) {
          const data = stored(type, sizeOf(dims));
          const outDims = [...new Array(Math.max(dims.length, shape.length))].map((_, k, all) => {
            const a = dims[dims.length - all.length + k] ?? 1, b = shape[shape.length - all.length + k] ?? 1;
            return a === 1 ? b : a;
          });
          const ys = await both('Expand', [new Tensor(type, data, dims), i64(shape)], { opset: row.version });
          for (const y of ys) assertPicked(y, type, outDims, data, broadcastPicks(dims, outDims), `Expand-${row.version} ${type} ${dims} by ${shape}`);
        }
      }
    }
    const x = new Tensor('float32', [1, 2, 3], [3]);
    assert.throws(() => ops.Expand([x, i64([2])]), isError('INVALID_ARGUMENT', 'Expand-13', "'shape'", 'broadcast'));
    assert.throws(() => ops.Expand([x, i64([-1, 3])]), isError('INVALID_ARGUMENT', "'shape'", 'negative'));
  });

  test('Tile: every version and type, zero repeats, and version 1\'s tiles and axis', async () => {
    const dims = [2, 3];
    for (const row of rowsOf('Tile')) {
      for (const type of row.types) {
        const data = stored(type, 6);
        const x = new Tensor(type, data, dims);
        const cases = row.version === 1 ? [[[3, 1], (t) => [x, i64([3]).reshape([]), i64([0]).reshape([])]], [[1, 2], () => [x, i64([2]).reshape([]), i64([1]).reshape([])]]]
          : [[[2, 3], () => [x, i64([2, 3])]], [[1, 0], () => [x, i64([1, 0])]], [[1, 1], () => [x, i64([1, 1])]]];
        for (const [repeats, inputs] of cases) {
          const outDims = dims.map((d, k) => d * repeats[k]);
          const picks = [];
          eachIndex(outDims, (index) => picks.push(flat(index.map((i, k) => i % dims[k]), dims)));
          for (const y of await both('Tile', inputs(), { opset: row.version })) assertPicked(y, type, outDims, data, picks, `Tile-${row.version} ${type} ${repeats}`);
        }
      }
    }
    const x = new Tensor('float32', [1, 2], [2]);
    assert.throws(() => ops.Tile([x, i64([-1])]), isError('INVALID_ARGUMENT', "'repeats'", 'negative'));
    assert.throws(() => ops.Tile([x, i64([1, 1])]), isError('INVALID_ARGUMENT', "'repeats'", 'rank 1'));
    assert.throws(() => ops.Tile([x, i64([1]).reshape([]), i64([1]).reshape([])], { opset: 1 }), isError('INVALID_ARGUMENT', "'axis'", 'out of range'));
  });
});

describe('Where', () => {
  test('every version and type, broadcast three ways, any non-zero condition byte true', async () => {
    const cond = new Tensor('bool', new Uint8Array([1, 0, 2, 255, 0, 1]), [2, 1, 3]);
    const condTrue = (i) => cond.data[i] !== 0;
    for (const row of rowsOf('Where')) {
      const types = row.inputs[1].types;
      for (const type of types) {
        const xd = stored(type, 4), yd = stored(type, 3).reverse();
        const x = new Tensor(type, xd, [4, 1]);
        const y = new Tensor(type, yd, [3]);
        const outDims = [2, 4, 3];
        const cp = broadcastPicks([2, 1, 3], outDims), xp = broadcastPicks([4, 1], outDims), yp = broadcastPicks([3], outDims);
        const want = new ARRAY[type](cp.length);
        cp.forEach((c, i) => (want[i] = condTrue(c) ? xd[xp[i]] : yd[yp[i]]));
        for (const out of await both('Where', [cond, x, y], { opset: row.version })) {
          assert.equal(out.type, type);
          assert.deepEqual(out.dims, outDims);
          assert.deepEqual(bytesOf(out.data), bytesOf(want), `Where-${row.version} ${type}`);
        }
      }
    }
    assert.deepEqual(ops.Where([new Tensor('bool', [], [0]), new Tensor('int8', [1], [1]), new Tensor('int8', [2], [1])]).dims, [0]);
    assert.throws(() => ops.Where([new Tensor('bool', [true, false], [2]), new Tensor('float32', [1, 2, 3], [3]), new Tensor('float32', [1], [1])]),
      isError('INVALID_ARGUMENT', 'Where-16', 'broadcast'));
    assert.throws(() => ops.Where([new Tensor('uint8', [1], [1]), new Tensor('float32', [1], [1]), new Tensor('float32', [1], [1])]),
      isError('INVALID_ARGUMENT', "input 0 ('condition') has type uint8"));
    assert.throws(() => ops.Where([new Tensor('bool', [true], [1]), new Tensor('float32', [1], [1]), new Tensor('int32', [1], [1])]),
      isError('INVALID_ARGUMENT', 'input 2', 'int32', 'float32'));
  });
});

describe('ConstantOfShape, Range and Size', () => {
  test('ConstantOfShape: every version and value type, the default, a scalar and empty shapes', async () => {
    for (const row of rowsOf('ConstantOfShape')) {
      const types = row.outputs[0].types;
      for (const type of types) {
        const value = stored(type, 3).subarray(type === 'bool' ? 1 : 2, type === 'bool' ? 2 : 3); // 1 for bool; a NaN or an edge otherwise
        for (const shape of [[2, 3], [], [0, 4]]) {
          const attribute = { raw: { type: ATTRIBUTE_TYPE.TENSOR, t: tensorProto({ name: 'value', type, dims: [1], data: value }) } };
          const ys = await both('ConstantOfShape', i64(shape), { opset: row.version, value: new Tensor(type, value, [1]) }, { value: attribute });
          for (const y of ys) assertPicked(y, type, shape, value, new Array(sizeOf(shape)).fill(0), `ConstantOfShape-${row.version} ${type} [${shape}]`);
        }
      }
      for (const y of await both('ConstantOfShape', i64([2]), { opset: row.version })) assertPicked(y, 'float32', [2], new Float32Array([0]), [0, 0], 'default');
    }
    assert.throws(() => ops.ConstantOfShape(i64([2, -1])), isError('INVALID_ARGUMENT', 'ConstantOfShape-25', "'input'", 'negative'));
    assert.throws(() => ops.ConstantOfShape(i64([2]), { value: new Tensor('float32', [1, 2], [2]) }), isError('INVALID_ARGUMENT', "'value'", 'one element'));
    assert.throws(() => ops.ConstantOfShape(i64([2]), { opset: 9, value: new Tensor('bfloat16', [1], [1]) }), isError('INVALID_ARGUMENT', "'value'", 'bfloat16'));
  });

  test('Range: each type, up, down, empty, INT64 limits, float accumulation as onnxruntime', async () => {
    const scalar = (type, v) => new Tensor(type, [v], []);
    const reference = (type, start, limit, delta) => {
      const out = [];
      if (type === 'int64' || type === 'int16' || type === 'int32') {
        const [s, l, d] = [BigInt(start), BigInt(limit), BigInt(delta)];
        for (let v = s; d > 0n ? v < l : v > l; v += d) out.push(type === 'int64' ? v : Number(v));
        return out;
      }
      const round = type === 'float32' ? Math.fround : (v) => v;
      const n = Math.max(Math.ceil((limit - start) / delta), 0);
      for (let i = 0, v = round(start); i < n; i++, v = round(v + round(delta))) out.push(v);
      return out;
    };
    // float16 and bfloat16 (27): stepped in float32 and each element rounded once, or stepped in the type.
    const halfReference = (type, start, limit, delta, inFloat32) => {
      const { encode, decode } = FLOAT_TYPES[type];
      const out = [];
      const n = Math.max(Math.ceil((limit - start) / delta), 0);
      for (let i = 0, v = start; i < n; i++) {
        out.push(encode(v));
        v = Math.fround((inFloat32 ? v : decode(out[i])) + delta);
      }
      return out;
    };
    const HALF_CASES = [[0, 1, 0.125], [5, -5, -1.5], [1, 1, 1], [1000, 1100, 0.75], [256, 300, 1]];
    for (const type of ['float16', 'bfloat16']) {
      for (const [s, l, d] of HALF_CASES) {
        for (const stash of [undefined, 1, type === 'float16' ? 10 : 16]) {
          const inputs = [s, l, d].map((v) => new Tensor(type, FLOAT_TYPES[type].array.of(FLOAT_TYPES[type].encode(v)), []));
          const [vs, vl, vd] = [s, l, d].map((v) => FLOAT_TYPES[type].decode(FLOAT_TYPES[type].encode(v)));
          const want = halfReference(type, vs, vl, vd, stash !== (type === 'float16' ? 10 : 16));
          for (const y of await both('Range', inputs, { opset: 27, ...(stash ? { stash_type: stash } : {}) })) {
            assert.equal(y.type, type);
            assert.deepEqual([...y.data], want, `Range ${type} ${s} ${l} ${d} stash_type ${stash}`);
          }
        }
      }
      assert.throws(() => ops.Range([0, 1, 1].map((v) => new Tensor(type, FLOAT_TYPES[type].array.of(FLOAT_TYPES[type].encode(v)), [])), { opset: 11 }),
        isError('INVALID_ARGUMENT', 'Range-11', type));
    }
    assert.throws(() => ops.Range([0, 1, 1].map((v) => new Tensor('float16', Uint16Array.of(FLOAT_TYPES.float16.encode(v)), [])), { stash_type: 11 }),
      isError('UNSUPPORTED', 'Range-27', "'stash_type' 11"));
    const CASES = {
      float32: [[0, 1, 0.1], [5, -5, -1.5], [1, 1, 1], [0, 10, -1], [0.5, 3.25, 0.25]],
      float64: [[0, 1, 0.1], [-2, 2, 0.3], [3, 0, 1]],
      int16: [[-32768, 32767, 4096], [10, -10, -3], [0, 0, 1]],
      int32: [[-2147483648, 2147483647, 1 << 29], [7, 2, -2]],
      int64: [[INT64_MIN, INT64_MAX, 2n ** 61n], [INT64_MAX, INT64_MIN, -(2n ** 62n)], [5n, 6n, INT64_MAX], [0n, 10n, 3n], [3n, 3n, -1n]],
    };
    for (const row of rowsOf('Range')) {
      assert.deepEqual(new Set(row.types), new Set([...Object.keys(CASES), ...(row.version >= 27 ? ['float16', 'bfloat16'] : [])]));
      for (const [type, cases] of Object.entries(CASES)) {
        for (const [s, l, d] of cases) {
          const want = reference(type, s, l, d);
          for (const y of await both('Range', [scalar(type, s), scalar(type, l), scalar(type, d)], { opset: row.version })) {
            assert.equal(y.type, type);
            assert.deepEqual(y.dims, [want.length]);
            assert.deepEqual([...y.data], want, `Range ${type} ${s} ${l} ${d}`);
          }
        }
      }
    }
    assert.throws(() => ops.Range([scalar('int32', 0), scalar('int32', 5), scalar('int32', 0)]), isError('INVALID_ARGUMENT', 'Range-27', "'delta'", '0'));
    assert.throws(() => ops.Range([scalar('float32', 0), scalar('float32', NaN), scalar('float32', 1)]), isError('INVALID_ARGUMENT', 'NaN'));
    assert.throws(() => ops.Range([new Tensor('int32', [0, 1], [2]), scalar('int32', 5), scalar('int32', 1)]), isError('INVALID_ARGUMENT', "'start'", 'scalar'));
    assert.throws(() => ops.Range([scalar('float32', 0), scalar('float32', 1e30), scalar('float32', 1)]), isError('OUT_OF_MEMORY'));
  });

  test('Range and Size in a session: outputs whose shape depends on values', async () => {
    const session = await InferenceSession.create(buildModel({
      opset: 13,
      inputs: [{ name: 'n', type: 'int64', dims: [] }],
      outputs: [{ name: 'r', type: 'int64' }, { name: 's', type: 'int64' }],
      initializers: [{ name: 'zero', type: 'int64', dims: [], data: [0n] }, { name: 'one', type: 'int64', dims: [], data: [1n] }],
      nodes: [
        { op: 'Range', inputs: ['zero', 'n', 'one'], outputs: ['r'] },
        { op: 'Size', inputs: ['r'], outputs: ['s'] },
      ],
    }));
    try {
      for (const n of [0n, 3n, 7n]) {
        const { r, s } = await session.run({ n: new Tensor('int64', [n], []) });
        assert.deepEqual([...r.data], Array.from({ length: Number(n) }, (_, i) => BigInt(i)));
        assert.deepEqual(s.dims, []);
        assert.deepEqual([...s.data], [n]);
      }
    } finally {
      await session.release();
    }
  });

  test('Size: every version and type', async () => {
    for (const row of rowsOf('Size')) {
      for (const type of row.types) {
        for (const dims of [[2, 3, 4], [], [5, 0]]) {
          for (const y of await both('Size', new Tensor(type, stored(type, sizeOf(dims)), dims), { opset: row.version })) {
            assert.equal(y.type, 'int64');
            assert.deepEqual(y.dims, []);
            assert.deepEqual([...y.data], [BigInt(sizeOf(dims))], `Size-${row.version} ${type} [${dims}]`);
          }
        }
      }
    }
  });
});

describe('NonZero and GatherElements', () => {
  test('NonZero: every version and type; NaN is non-zero, -0 is not; a scalar; in a session', async () => {
    for (const row of rowsOf('NonZero')) {
      for (const type of row.types) {
        const dims = [3, 1, 5];
        const data = stored(type, 15);
        const isZero = (v) => {
          if (type === 'float16' || type === 'bfloat16') return (v & 0x7fff) === 0;
          return typeof v === 'bigint' ? v === 0n : v === 0; // NaN !== 0
        };
        const coords = [[], [], []];
        eachIndex(dims, (index) => {
          if (!isZero(data[flat(index, dims)])) index.forEach((i, d) => coords[d].push(BigInt(i)));
        });
        for (const y of await both('NonZero', new Tensor(type, data, dims), { opset: row.version })) {
          assert.equal(y.type, 'int64');
          assert.deepEqual(y.dims, [3, coords[0].length], `NonZero-${row.version} ${type}`);
          assert.deepEqual([...y.data], coords.flat(), `NonZero-${row.version} ${type}`);
        }
      }
    }
    assert.deepEqual([...ops.NonZero(new Tensor('float32', [2], [])).data], [0n]);
    assert.deepEqual(ops.NonZero(new Tensor('float32', [0], [])).dims, [1, 0]);
    assert.deepEqual(ops.NonZero(new Tensor('int8', [], [2, 0])).dims, [2, 0]);
    const session = await InferenceSession.create(buildModel({
      opset: 13, inputs: [{ name: 'x', type: 'int32', dims: [4] }], outputs: [{ name: 'y', type: 'int64' }],
      nodes: [{ op: 'NonZero', inputs: ['x'], outputs: ['y'] }],
    }));
    try {
      for (const values of [[0, 3, 0, -1], [0, 0, 0, 0]]) {
        const { y } = await session.run({ x: new Tensor('int32', values, [4]) });
        const want = values.flatMap((v, i) => (v !== 0 ? [BigInt(i)] : []));
        assert.deepEqual(y.dims, [1, want.length]);
        assert.deepEqual([...y.data], want);
      }
    } finally {
      await session.release();
    }
  });

  test('GatherElements: every version and type, each axis, negative indices, smaller index dims, refusals', async () => {
    const dims = [3, 4];
    for (const row of rowsOf('GatherElements')) {
      for (const type of row.types) {
        const data = stored(type, 12);
        for (const [axis, idxDims, idx] of [[0, [2, 4], [0, 2, -1, 1, -3, 0, 2, 2]], [1, [3, 2], [3, -4, 0, 1, -1, 2]], [-1, [2, 3], [0, 0, 3, 1, 2, -2]]]) {
          const a = axis < 0 ? axis + 2 : axis;
          const picks = [];
          eachIndex(idxDims, (index) => {
            const at = [...index];
            at[a] = idx[flat(index, idxDims)] < 0 ? idx[flat(index, idxDims)] + dims[a] : idx[flat(index, idxDims)];
            picks.push(flat(at, dims));
          });
          for (const itype of ['int32', 'int64']) {
            const indices = itype === 'int32' ? new Tensor('int32', idx, idxDims) : new Tensor('int64', idx.map(BigInt), idxDims);
            for (const y of await both('GatherElements', [new Tensor(type, data, dims), indices], { axis, opset: row.version })) {
              assertPicked(y, type, idxDims, data, picks, `GatherElements-${row.version} ${type} axis ${axis} ${itype}`);
            }
          }
        }
      }
    }
    const x = new Tensor('float32', new Float32Array(12), dims);
    assert.throws(() => ops.GatherElements([x, new Tensor('int64', [3n], [1, 1])]), isError('INVALID_ARGUMENT', 'GatherElements-13', "'indices' holds 3"));
    assert.throws(() => ops.GatherElements([x, new Tensor('int64', [0n], [1])]), isError('INVALID_ARGUMENT', "'indices' has shape [1]"));
    assert.throws(() => ops.GatherElements([x, new Tensor('int64', [0n], [1, 1])], { axis: 2 }), isError('INVALID_ARGUMENT', "'axis' is 2"));
    assert.deepEqual(ops.GatherElements([x, new Tensor('int64', [], [0, 4])]).dims, [0, 4]);
  });
});

describe('GatherND', () => {
  // The reference: for each tuple (per batch), the slice of data it names, copied element by element.
  function referenceGatherND(dims, idxDims, idx, b) {
    const m = idxDims.at(-1);
    const outDims = [...idxDims.slice(0, -1), ...dims.slice(b + m)];
    const inner = sizeOf(dims.slice(b + m));
    const picks = [];
    const tuples = idx.length / m;
    const perBatch = tuples / sizeOf(dims.slice(0, b));
    for (let t = 0; t < tuples; t++) {
      const batch = Math.floor(t / perBatch);
      const batchIndex = [];
      for (let d = b - 1, rest = batch; d >= 0; d--) batchIndex.unshift(rest % dims[d]), (rest = Math.floor(rest / dims[d]));
      const at = [...batchIndex, ...idx.slice(t * m, t * m + m).map((k, j) => (k < 0 ? k + dims[b + j] : k))];
      for (let i = 0; i < inner; i++) {
        const tail = [];
        for (let d = dims.length - 1, rest = i; d >= b + m; d--) tail.unshift(rest % dims[d]), (rest = Math.floor(rest / dims[d]));
        picks.push(flat([...at, ...tail], dims));
      }
    }
    return { outDims, picks };
  }

  test('every version and type, batch_dims, negative indices, refusals', async () => {
    const dims = [2, 3, 4];
    const CASES = [
      [[2, 1], [1, -2], 0], [[2, 2], [0, 1, 1, -1], 0], [[1, 3], [1, 2, 3], 0], [[2, 2, 2], [0, 0, 1, 2, -1, -1, 0, -3], 0],
      [[2, 1], [2, -3], 1], [[2, 2, 2], [0, 1, 2, 3, 1, 0, -1, -1], 1], [[0, 1], [], 0],
    ];
    for (const row of rowsOf('GatherND')) {
      for (const type of row.types) {
        const data = stored(type, 24);
        for (const [idxDims, idx, b] of CASES) {
          if (b > 0 && row.version < 12) continue;
          const { outDims, picks } = referenceGatherND(dims, idxDims, idx, b);
          const inputs = [new Tensor(type, data, dims), new Tensor('int64', idx.map(BigInt), idxDims)];
          for (const y of await both('GatherND', inputs, { opset: row.version, ...(b ? { batch_dims: b } : {}) })) {
            assertPicked(y, type, outDims, data, picks, `GatherND-${row.version} ${type} ${idxDims} batch_dims ${b}`);
          }
        }
      }
    }
    const x = new Tensor('float32', new Float32Array(24), dims);
    assert.throws(() => ops.GatherND([x, new Tensor('int64', [2n], [1, 1])]), isError('INVALID_ARGUMENT', 'GatherND-13', "'indices' holds 2"));
    assert.throws(() => ops.GatherND([x, new Tensor('int64', [0n, 0n, 0n, 0n], [1, 4])]), isError('INVALID_ARGUMENT', "tuples of 4"));
    assert.throws(() => ops.GatherND([x, new Tensor('int64', [0n, 0n, 0n], [3, 1])], { batch_dims: 1 }), isError('INVALID_ARGUMENT', 'batch_dims'));
    assert.throws(() => ops.GatherND([x, new Tensor('int64', [0n], [1, 1])], { opset: 11, batch_dims: 1 }), isError('INVALID_ARGUMENT', "'batch_dims'"));
  });
});

describe('in sessions', () => {
  test('a refusal names the node, the operator version and the input', async () => {
    const CASES = [
      [{ op: 'Slice', inputs: ['x', 'i', 'i', 'i', 'z'] }, 'Slice-13', "input 'steps' has 0"],
      [{ op: 'Expand', inputs: ['x', 'neg'] }, 'Expand-13', "input 'shape' [-1] has a negative dimension"],
      [{ op: 'Tile', inputs: ['x', 'neg'] }, 'Tile-13', "input 'repeats' has -1"],
      [{ op: 'GatherElements', inputs: ['x', 'far1'] }, 'GatherElements-13', "input 'indices' holds 9"],
      [{ op: 'GatherND', inputs: ['x', 'far'] }, 'GatherND-13', "input 'indices' holds 9"],
      [{ op: 'Range', inputs: ['s', 's', 'zs'] }, 'Range-11', "input 'delta' is 0"],
    ];
    for (const [node, label, message] of CASES) {
      const session = await InferenceSession.create(buildModel({
        opset: 13,
        inputs: [{ name: 'x', type: 'float32', dims: [3] }],
        outputs: [{ name: 'y', type: 'float32' }],
        initializers: [
          { name: 'i', type: 'int64', dims: [1], data: [0n] }, { name: 'z', type: 'int64', dims: [1], data: [0n] },
          { name: 'neg', type: 'int64', dims: [1], data: [-1n] }, { name: 'far', type: 'int64', dims: [1, 1], data: [9n] },
          { name: 'far1', type: 'int64', dims: [1], data: [9n] },
          { name: 's', type: 'float32', dims: [], data: [1] }, { name: 'zs', type: 'float32', dims: [], data: [0] },
        ],
        nodes: [{ ...node, name: 'n', outputs: ['y'] }],
      }), { graphOptimizationLevel: 'disabled' });
      try {
        await assert.rejects(session.run({ x: new Tensor('float32', [1, 2, 3], [3]) }),
          (e) => e instanceof OnnxWasmError && e.message.startsWith(`node 'n' (${node.op}): ${label}: ${message}`), label);
      } finally {
        await session.release();
      }
    }
  });

  test('ONNX\'s backend cases of these operators pass', { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, async () => {
    const names = await assertOnnxCasesPass(['Slice', 'Expand', 'Tile', 'Where', 'ConstantOfShape', 'Range', 'Size', 'NonZero', 'GatherElements', 'GatherND']);
    const named = onnxCases().filter((c) => /^node\/test_(slice|expand|tile|where|constantofshape|range|size|nonzero|gather_elements|gathernd)/.test(c.name));
    for (const { name } of named) assert.ok(names.includes(name), `${name} ran`);
  });
});
