// bool tensors (ONNX element type 9, a Uint8Array of 0 and 1) through the operators whose versions take
// them: Cast to and from every type in every version (non-zero and NaN to true, bool to 0 or 1), Identity,
// Constant, Shape and the data movement operators, each against a plain-JS reference; the versions and
// operators that do not take bool refuse it naming the type; sessions take bool feeds, initializers
// (raw and int32_data, any non-zero byte true) and give bool outputs, in JS and wasm memory.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, ops, ready, supportedOperators, Tensor } from 'onnx-wasm';
import { DATA_TYPE, buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges } from '../../tools/values.mjs';
import { castValue, referenceConcat, referenceGather, sizeOf, valueOf } from './helpers/data-movement-reference.mjs';

before(() => ready());

const FLOATS = ['float32', 'float64', 'float16', 'bfloat16'];
const NUMERIC = [...FLOATS, ...Object.keys(INT_TYPES)];
const versionsOf = (op) => supportedOperators().filter((r) => r.op === op);
const takesBool = (row) => row.types.includes('bool');
const isError = (code, ...parts) => (e) => e instanceof OnnxWasmError && e.code === code && parts.every((p) => e.message.includes(p));
const DATA_TYPE_NAME = { float32: 'FLOAT', float64: 'DOUBLE', float16: 'FLOAT16', bfloat16: 'BFLOAT16', int8: 'INT8', int16: 'INT16',
  int32: 'INT32', int64: 'INT64', uint8: 'UINT8', uint16: 'UINT16', uint32: 'UINT32', uint64: 'UINT64', bool: 'BOOL' };
const toAttribute = (version, type) => (version === 1 ? DATA_TYPE_NAME[type] : DATA_TYPE[type]);

// Each type's edge values: ±0, NaN, ±inf, subnormals and the float edges; the integer limits.
function edges(type) {
  if (FLOATS.includes(type)) {
    const { array, encode } = FLOAT_TYPES[type];
    return array.from([...FLOAT_EDGES, NaN, -NaN, Infinity, -Infinity, 5e-324, -1e-45], (v) => encode(v));
  }
  return INT_TYPES[type].array.from(intEdges(type));
}

// Bytes of a bool tensor: 0 and 1, and other non-zero bytes, which read as true.
const BOOL_BYTES = new Uint8Array([0, 1, 2, 255, 128, 0, 1]);
const boolOf = (bytes) => Array.from(bytes, (b) => (b !== 0 ? 1 : 0));

describe('Cast', () => {
  test('every version takes bool both ways: non-zero (NaN too, not -0) is true, bool is 0 or 1', () => {
    const rows = versionsOf('Cast');
    assert.deepEqual(rows.map((r) => r.version), [1, 6, 9, 13, 19, 21, 23, 24, 25]);
    for (const { version, types } of rows) {
      assert.ok(types.includes('bool'), `Cast-${version} takes bool`);
      for (const from of NUMERIC.filter((t) => types.includes(t))) {
        const data = edges(from);
        const y = ops.Cast(new Tensor(from, data, [data.length]), { opset: version, to: toAttribute(version, 'bool') });
        assert.equal(y.type, 'bool');
        const want = Array.from(data, (s) => {
          const v = valueOf(from, s);
          return typeof v === 'bigint' ? Number(v !== 0n) : Number(v !== 0); // NaN !== 0
        });
        assert.deepEqual([...y.data], want, `Cast-${version} ${from} -> bool`);
      }
      const x = new Tensor('bool', BOOL_BYTES, [BOOL_BYTES.length]);
      for (const to of [...NUMERIC.filter((t) => types.includes(t)), 'bool']) {
        const y = ops.Cast(x, { opset: version, to: toAttribute(version, to) });
        assert.equal(y.type, to);
        const want = boolOf(BOOL_BYTES).map((b) => (to === 'bool' ? b : castValue(BigInt(b), false, to)));
        // bool -> bool is the input unchanged, as onnxruntime (a copy of its bytes)
        assert.deepEqual([...y.data], to === 'bool' ? [...BOOL_BYTES] : want, `Cast-${version} bool -> ${to}`);
      }
    }
  });

  test('through a session, in blocks too', async () => {
    const n = 300_000; // more than a block of ops.* (512 KiB) once cast to float32
    const x = new Tensor('bool', Uint8Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 0 : i % 7)), [n]);
    const direct = ops.Cast(x, { to: DATA_TYPE.float32 });
    assert.deepEqual([...direct.data.subarray(0, 8)], [0, 1, 1, 0, 1, 1, 0, 0]);
    const session = await InferenceSession.create(buildModel({
      opset: 13, inputs: [{ name: 'x', type: 'bool', dims: [n] }], outputs: [{ name: 'y', type: 'float32', dims: [n] }],
      nodes: [{ op: 'Cast', inputs: ['x'], outputs: ['y'], attributes: { to: DATA_TYPE.float32 } }],
    }));
    try {
      const { y } = await session.run({ x });
      assert.deepEqual(y.data, Float32Array.from(x.data, (b) => (b !== 0 ? 1 : 0)));
      assert.deepEqual(direct.data, y.data);
    } finally {
      await session.release();
    }
  });
});

// Output index -> input index of Transpose, by a plain walk of the output.
function referenceTranspose(data, dims, perm) {
  const rank = dims.length;
  const outDims = perm.map((p) => dims[p]);
  const inStrides = dims.map((_, k) => sizeOf(dims.slice(k + 1)));
  const out = [];
  const index = new Array(rank).fill(0);
  for (let n = 0; n < sizeOf(outDims); n++) {
    let at = 0;
    for (let k = 0; k < rank; k++) at += index[k] * inStrides[perm[k]];
    out.push(data[at]);
    for (let k = rank - 1; k >= 0 && ++index[k] === outDims[k]; k--) index[k] = 0;
  }
  return { out, outDims };
}

// Pad with non-negative pads, every mode: each output position's source along each axis.
function referencePad(data, dims, pads, mode, constant) {
  const rank = dims.length;
  const outDims = dims.map((d, k) => d + pads[k] + pads[k + rank]);
  const strides = dims.map((_, k) => sizeOf(dims.slice(k + 1)));
  const source = (i, d) => {
    if (i >= 0 && i < d) return i;
    if (mode === 'constant') return -1;
    if (mode === 'edge') return Math.min(Math.max(i, 0), d - 1);
    if (mode === 'wrap') return ((i % d) + d) % d;
    const period = 2 * (d - 1); // reflect
    if (period === 0) return 0;
    const r = ((i % period) + period) % period;
    return r < d ? r : period - r;
  };
  const out = [];
  const index = new Array(rank).fill(0);
  for (let n = 0; n < sizeOf(outDims); n++) {
    let at = 0;
    for (let k = 0; k < rank && at >= 0; k++) {
      const s = source(index[k] - pads[k], dims[k]);
      at = s < 0 ? -1 : at + s * strides[k];
    }
    out.push(at < 0 ? constant : data[at]);
    for (let k = rank - 1; k >= 0 && ++index[k] === outDims[k]; k--) index[k] = 0;
  }
  return { out, outDims };
}

describe('data movement', () => {
  const dims = [2, 3, 4];
  const bytes = Uint8Array.from({ length: 24 }, (_, i) => (i * 7) % 3 === 0 ? 1 : 0);
  const x = new Tensor('bool', bytes, dims);
  const i64 = (values) => new Tensor('int64', values.map(BigInt), [values.length]);
  const check = (y, { out, outDims }, label) => {
    assert.equal(y.type, 'bool', label);
    assert.deepEqual(y.dims, outDims, label);
    assert.deepEqual([...y.data], out, label);
  };

  // Each operator's call with x in version `version`, and the reference of its result.
  const CASES = {
    Identity: () => [ops.Identity, x, {}, { out: [...bytes], outDims: dims }],
    Reshape: (v) => (v === 1 ? null : [ops.Reshape, [x, i64([4, -1])], {}, { out: [...bytes], outDims: [4, 6] }]),
    Flatten: () => [ops.Flatten, x, { axis: 2 }, { out: [...bytes], outDims: [6, 4] }],
    Squeeze: (v) => [ops.Squeeze, v >= 13 ? [x.reshape([2, 1, 12]), i64([1])] : [x.reshape([2, 1, 12])], v >= 13 ? {} : { axes: [1] }, { out: [...bytes], outDims: [2, 12] }],
    Unsqueeze: (v) => [ops.Unsqueeze, v >= 13 ? [x, i64([0])] : [x], v >= 13 ? {} : { axes: [0] }, { out: [...bytes], outDims: [1, 2, 3, 4] }],
    Transpose: () => [ops.Transpose, x, { perm: [2, 0, 1] }, referenceTranspose(bytes, dims, [2, 0, 1])],
    Gather: () => [ops.Gather, [x, new Tensor('int32', [2, -1, 0, 2], [2, 2])], { axis: -1 },
      referenceGather(bytes, dims, [2, -1, 0, 2], [2, 2], -1)],
    Concat: () => {
      const other = new Tensor('bool', [true, false, true, true, false, false, true, false], [2, 1, 4]);
      return [ops.Concat, [x, other, x], { axis: 1 }, referenceConcat([{ data: bytes, dims }, { data: other.data, dims: other.dims }, { data: bytes, dims }], 1)];
    },
    Pad: (v) => v < 11 ? [ops.Pad, [x], { [v === 1 ? 'paddings' : 'pads']: [0, 0, 0, 0, 0, 0] }, null] : [ops.Pad, v >= 18 ? [x, i64([1, 2, 0, 1]), new Tensor('bool', [true], []), i64([0, 2])] : [x, i64([1, 0, 2, 0, 0, 1]), new Tensor('bool', [true], [])], {},
      referencePad(bytes, dims, [1, 0, 2, 0, 0, 1], 'constant', 1)],
  };

  for (const [op, make] of Object.entries(CASES)) {
    test(`${op}: every version whose types include bool moves bool elements; the others refuse them`, () => {
      for (const row of versionsOf(op)) {
        const label = `${op}-${row.version}`;
        const call = make(row.version);
        if (!takesBool(row)) {
          if (call === null) continue; // Reshape-1's shape is an attribute: its float-only types are checked below
          const [fn, input, options] = call;
          assert.throws(() => fn(input, { ...options, opset: row.version }), isError('INVALID_ARGUMENT', label, 'has type bool'), label);
          continue;
        }
        const [fn, input, options, want] = call;
        check(fn(input, { ...options, opset: row.version }), want, label);
      }
    });
  }

  test('Pad: the modes edge, reflect and wrap, and empty tensors', () => {
    for (const mode of ['edge', 'reflect', 'wrap']) {
      const pads = [1, 0, 3, 0, 2, 2];
      check(ops.Pad([x, i64(pads)], { mode }), referencePad(bytes, dims, pads, mode, 0), `Pad ${mode}`);
    }
    check(ops.Pad([new Tensor('bool', [], [0, 2]), i64([1, 0, 0, 1])]), { out: [0, 0, 0], outDims: [1, 3] }, 'Pad of an empty tensor');
    check(ops.Transpose(new Tensor('bool', [], [3, 0])), { out: [], outDims: [0, 3] }, 'Transpose of an empty tensor');
  });

  test('Shape, and Constant from its value tensor in every version that takes bool', async () => {
    for (const row of versionsOf('Shape')) {
      assert.ok(takesBool(row), `Shape-${row.version}`);
      assert.deepEqual([...ops.Shape(x, { opset: row.version }).data], [2n, 3n, 4n]);
    }
    for (const row of versionsOf('Constant')) {
      const call = () => ops.Constant({ value: x, opset: row.version });
      if (!takesBool(row)) {
        assert.throws(call, isError('INVALID_ARGUMENT', `Constant-${row.version}`, 'bool'));
        continue;
      }
      check(call(), { out: [...bytes], outDims: dims }, `Constant-${row.version}`);
    }
  });

  test('ReduceMax and ReduceMin from version 20: any and all of each row, any non-zero byte true', () => {
    const rows = new Tensor('bool', new Uint8Array([0, 0, 0, 0, 2, 0, 1, 255, 3, 0, 0, 0]), [3, 4]);
    const truth = (b) => (b !== 0 ? 1 : 0);
    for (const [op, fold] of [['ReduceMax', (r) => r.some((b) => b !== 0)], ['ReduceMin', (r) => r.every((b) => b !== 0)]]) {
      const y = ops[op]([rows, i64([1])], { keepdims: 0 });
      assert.equal(y.type, 'bool');
      assert.deepEqual([...y.data].map(truth), [0, 1, 2].map((r) => Number(fold([...rows.data.subarray(r * 4, r * 4 + 4)]))), op);
      assert.throws(() => ops[op]([rows, i64([1])], { opset: 18 }), isError('INVALID_ARGUMENT', `${op}-18`, 'has type bool'));
    }
  });

  test('ReduceMax and ReduceMin over no elements: false and true, the bytes 0 and 1', () => {
    // The identity of ReduceMin is the type's maximum read as a bool (true), not the byte 255;
    // ReduceMax's is its minimum (false).
    const empty = new Tensor('bool', new Uint8Array(0), [4, 1, 0]);
    for (const [op, byte] of [['ReduceMin', 1], ['ReduceMax', 0]]) {
      const y = ops[op]([empty, i64([1, -1, -3])], { keepdims: 0 });
      assert.deepEqual([...y.dims], [], op);
      assert.deepEqual([...new Uint8Array(y.data.buffer, y.data.byteOffset, 1)], [byte], op);
      const kept = ops[op]([empty, i64([2])], { keepdims: 1 });
      assert.deepEqual([...kept.dims], [4, 1, 1], `${op} keepdims`);
      assert.deepEqual([...new Uint8Array(kept.data.buffer, kept.data.byteOffset, 4)], [byte, byte, byte, byte], `${op} keepdims`);
    }
  });

  test('numeric operators refuse bool naming the version and type', () => {
    assert.throws(() => ops.Add([x, x]), isError('INVALID_ARGUMENT', 'Add-14', 'input 0', 'has type bool'));
    assert.throws(() => ops.Relu(x), isError('INVALID_ARGUMENT', 'Relu-14', 'has type bool'));
    assert.throws(() => ops.ReduceMean([x]), isError('INVALID_ARGUMENT', 'has type bool'));
  });
});

describe('sessions', () => {
  test('bool feeds, initializers (raw and int32_data, any non-zero value true) and outputs, in JS and in wasm memory', async () => {
    const model = buildModel({
      opset: 13,
      inputs: [{ name: 'x', type: 'bool', dims: [2, 2] }],
      outputs: [{ name: 'y', type: 'bool', dims: [2, 5] }, { name: 'n', type: 'int32', dims: [2, 5] }],
      initializers: [
        { name: 'raw', type: 'bool', dims: [2, 2], data: [0, 2, 255, 1] },
        { name: 'typed', type: 'bool', dims: [2, 1], data: [0, 5], encoding: 'typed' },
      ],
      nodes: [
        { op: 'Concat', inputs: ['x', 'raw', 'typed'], outputs: ['c'], attributes: { axis: 1 } },
        { op: 'Identity', inputs: ['c'], outputs: ['y'] },
        { op: 'Cast', inputs: ['c'], outputs: ['n'], attributes: { to: DATA_TYPE.int32 } },
      ],
    });
    const want = [1, 0, 0, 1, 0, 0, 1, 1, 1, 1];
    for (const level of ['disabled', 'all']) {
      for (const location of ['cpu', 'wasm']) {
        const session = await InferenceSession.create(model, { graphOptimizationLevel: level, preferredOutputLocation: location });
        try {
          assert.deepEqual(session.inputMetadata[0].type, 'bool');
          const { y, n } = await session.run({ x: new Tensor('bool', [true, false, false, true], [2, 2]) });
          assert.equal(y.type, 'bool');
          assert.equal(y.location, location);
          // the initializers' bytes and values other than 0 and 1 are decoded as 1
          assert.deepEqual([...y.data], want, `${level} ${location}`);
          assert.deepEqual([...n.data], want, `${level} ${location}`);
          if (location === 'wasm') y.dispose(), n.dispose();
        } finally {
          await session.release();
        }
      }
    }
  });

  test('a bool feed where the model declares another type is refused naming both', async () => {
    const session = await InferenceSession.create(buildModel({
      opset: 13, inputs: [{ name: 'x', type: 'uint8', dims: [1] }], outputs: [{ name: 'y', type: 'uint8' }],
      nodes: [{ op: 'Identity', inputs: ['x'], outputs: ['y'] }],
    }));
    try {
      await assert.rejects(session.run({ x: new Tensor('bool', [true], [1]) }), isError('INVALID_ARGUMENT', "'x'", 'uint8', 'bool'));
    } finally {
      await session.release();
    }
  });

  test('Tensor.wasm holds bool, and ops.* return wasm bool tensors for wasm inputs', () => {
    const w = Tensor.wasm('bool', [3], [true, false, true]);
    try {
      const y = ops.Transpose(w);
      assert.equal(y.location, 'wasm');
      assert.deepEqual([...y.data], [1, 0, 1]);
      y.dispose();
    } finally {
      w.dispose();
    }
  });
});
