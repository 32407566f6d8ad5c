// ScatterND through ops.* and InferenceSession: every version, type and reduction against a plain-JS
// reference (a copy of data, each tuple's slice replaced or combined in order as ONNX's reference does
// with NumPy: floats rounded once to their type, integers wrapping, max and min keeping data's element
// where it is NaN or ties, bool adding as or and multiplying as and), with edge values (NaN, ±0, ±inf,
// integer limits), repeated and negative indices, tuples naming elements or whole slices, empty
// updates, refusals naming the attribute or input (in a session, the node), and ONNX's backend cases.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES } from '../../tools/test-cases.mjs';
import { FLOAT_TYPES, INT_TYPES } from '../../tools/values.mjs';
import { ARRAY, both, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';
import { assertOnnxCasesPass } from './helpers/onnx-cases.mjs';

before(() => ready());

// y op u for one stored element of `type` (numbers for floats, bigints for 64-bit integers).
function combine(type, reduction, y, u) {
  if (type === 'bool') {
    const a = y !== 0, b = u !== 0;
    return (reduction === 'add' || reduction === 'max' ? a || b : a && b) ? 1 : 0;
  }
  if (FLOAT_TYPES[type]) {
    const { encode, decode } = FLOAT_TYPES[type];
    const a = decode(y), b = decode(u);
    if (reduction === 'add') return encode(a + b); // one rounding of the exact (here float64) result
    if (reduction === 'mul') return encode(a * b);
    if (reduction === 'max') return a >= b || Number.isNaN(a) ? y : u;
    return a <= b || Number.isNaN(a) ? y : u;
  }
  const bits = INT_TYPES[type].array.BYTES_PER_ELEMENT * 8;
  const wrap = (v) => (INT_TYPES[type].min < 0 ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v));
  const a = BigInt(y), b = BigInt(u);
  const r = reduction === 'add' ? wrap(a + b) : reduction === 'mul' ? wrap(a * b) : reduction === 'max' ? (a >= b ? a : b) : a <= b ? a : b;
  return typeof y === 'bigint' ? r : Number(r);
}

function referenceScatterND(type, data, dims, idx, idxDims, updates, reduction) {
  const out = ARRAY[type].from(data);
  const k = idxDims.at(-1);
  const inner = sizeOf(dims.slice(k));
  for (let t = 0; t < idx.length / k; t++) {
    let row = 0;
    for (let j = 0; j < k; j++) row = row * dims[j] + (idx[t * k + j] < 0 ? idx[t * k + j] + dims[j] : idx[t * k + j]);
    for (let i = 0; i < inner; i++) {
      const at = row * inner + i;
      out[at] = reduction === 'none' ? updates[t * inner + i] : combine(type, reduction, out[at], updates[t * inner + i]);
    }
  }
  return out;
}

// Elements equal as stored, every NaN equal to every NaN (a sum's NaN payload is the machine's).
function assertSameElements(got, type, want, label) {
  assert.equal(got.type, type, label);
  const decode = FLOAT_TYPES[type]?.decode ?? ((v) => v);
  for (let i = 0; i < want.length; i++) {
    const g = decode(got.data[i]), w = decode(want[i]);
    if (!(Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w)))) assert.fail(`${label}: element ${i} is ${g}, want ${w}`);
  }
}

describe('ScatterND', () => {
  const dims = [3, 4, 2];
  // [indices dims, indices]: whole slices, rows, single elements; repeated and negative.
  const CASES = [
    [[2, 1], [2, -3]], [[3, 1], [0, 0, -1]], [[2, 2], [1, 3, 1, -1]], [[4, 3], [0, 0, 0, 2, 3, 1, 0, 0, 0, -1, -1, -1]], [[0, 2], []], [[1, 1, 2], [2, 0]],
  ];
  test('every version, type and reduction, through ops.* and a session, against the reference', async () => {
    for (const row of rowsOf('ScatterND')) {
      const reductions = row.version >= 18 ? ['none', 'add', 'mul', 'max', 'min'] : row.version >= 16 ? ['none', 'add', 'mul'] : ['none'];
      for (const type of row.types) {
        const data = stored(type, sizeOf(dims));
        for (const [idxDims, idx] of CASES) {
          const updDims = [...idxDims.slice(0, -1), ...dims.slice(idxDims.at(-1))];
          const updates = stored(type, sizeOf(updDims) + 5).slice(5).reverse(); // other edge values than data's, in another order
          for (const reduction of reductions) {
            const want = referenceScatterND(type, data, dims, idx, idxDims, updates, reduction);
            const inputs = [new Tensor(type, data, dims), new Tensor('int64', idx.map(BigInt), idxDims), new Tensor(type, updates, updDims)];
            const options = { opset: row.version, ...(row.version >= 16 && reduction !== 'none' ? { reduction } : {}) };
            for (const y of await both('ScatterND', inputs, options)) {
              assert.deepEqual(y.dims, dims);
              assertSameElements(y, type, want, `ScatterND-${row.version} ${type} ${reduction} indices ${idxDims}`);
            }
          }
        }
      }
    }
  });

  test('bool: any nonzero byte is true in a reduction; none passes the bytes', () => {
    const data = new Tensor('bool', new Uint8Array([2, 0, 255, 0]), [4]);
    const indices = new Tensor('int64', [0n, 1n, 2n, 3n], [4, 1]);
    const updates = new Tensor('bool', new Uint8Array([0, 7, 0, 0]), [4]);
    const got = (reduction) => [...ops.ScatterND([data, indices, updates], reduction === 'none' ? {} : { reduction }).data];
    assert.deepEqual(got('none'), [0, 7, 0, 0]);
    assert.deepEqual(got('add'), [1, 1, 1, 0]);
    assert.deepEqual(got('max'), [1, 1, 1, 0]);
    assert.deepEqual(got('mul'), [0, 0, 0, 0]);
    assert.deepEqual(got('min'), [0, 0, 0, 0]);
  });

  test('refusals name the attribute or input; in a session, the node', async () => {
    const x = new Tensor('float32', new Float32Array(24), dims);
    const idx = (values, d) => new Tensor('int64', values.map(BigInt), d);
    const u = (d) => new Tensor('float32', new Float32Array(sizeOf(d)), d);
    assert.throws(() => ops.ScatterND([x, idx([3], [1, 1]), u([1, 4, 2])]), isError('INVALID_ARGUMENT', 'ScatterND-18', "input 'indices' holds 3 at position 0"));
    assert.throws(() => ops.ScatterND([x, idx([0], [1, 1]), u([1, 4])]), isError('INVALID_ARGUMENT', "input 'updates' has shape [1,4]", 'need [1,4,2]'));
    assert.throws(() => ops.ScatterND([x, idx([0, 0, 0, 0], [1, 4]), u([1])]), isError('INVALID_ARGUMENT', 'tuples of 4'));
    assert.throws(() => ops.ScatterND([x, idx([0], [1, 1]), u([1, 4, 2])], { reduction: 'sum' }), isError('INVALID_ARGUMENT', "attribute 'reduction' is 'sum'"));
    assert.throws(() => ops.ScatterND([x, idx([0], [1, 1]), u([1, 4, 2])], { opset: 16, reduction: 'max' }), isError('INVALID_ARGUMENT', 'ScatterND-16', "'max'", 'none, add or mul'));
    assert.throws(() => ops.ScatterND([x, idx([0], [1, 1]), u([1, 4, 2])], { opset: 13, reduction: 'add' }), isError('INVALID_ARGUMENT', 'not defined by this version'));
    assert.throws(() => ops.ScatterND([x, idx([0], [1, 1]), new Tensor('int32', new Int32Array(8), [1, 4, 2])]), isError('INVALID_ARGUMENT', 'input 2', 'int32'));
    const session = await InferenceSession.create(buildModel({
      opset: 18,
      inputs: [{ name: 'x', type: 'float32', dims }, { name: 'i', type: 'int64', dims: [1, 1] }, { name: 'u', type: 'float32', dims: [1, 4, 2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: 'ScatterND', name: 'n', inputs: ['x', 'i', 'u'], outputs: ['y'], attributes: { reduction: 'add' } }],
    }));
    try {
      await assert.rejects(session.run({ x, i: idx([-4], [1, 1]), u: u([1, 4, 2]) }),
        (e) => e instanceof OnnxWasmError && e.message.startsWith("node 'n' (ScatterND): ScatterND-18: input 'indices' holds -4 at position 0"));
    } finally {
      await session.release();
    }
  });

  test('ONNX\'s backend cases of ScatterND pass', { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, async () => {
    await assertOnnxCasesPass(['ScatterND']);
  });
});
