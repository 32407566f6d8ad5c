// Trilu 14 and EyeLike 9, 22 through ops.* and a one-node session, against the definition on element
// positions (j - i against k): every type each version allows, edge values kept bit for bit, k of
// every sign and beyond the matrix, batches of matrices, empty and one-row shapes, Trilu without k;
// EyeLike's dtype; refusals naming the version and the input or attribute.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Tensor, ops, ready } from 'onnx-wasm';
import { DATA_TYPE } from '../../tools/onnx-builder.mjs';
import { assertSameStored } from './helpers/node-runs.mjs';
import { ARRAY, both, i64, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';

await ready();

const zeroOf = (type) => (type.endsWith('64') && type.includes('int') ? 0n : 0);
// float16 and bfloat16 store 1 as bits
const ONE_BITS = { float16: 0x3c00, bfloat16: 0x3f80 };
const oneOf = (type) => ONE_BITS[type] ?? (type.endsWith('64') && type.includes('int') ? 1n : 1);

// Trilu's reference: x's element where j - i is on the kept side of k, else zero.
function referenceTrilu(x, k, upper) {
  const dims = [...x.dims];
  const rows = dims.at(-2), cols = dims.at(-1);
  const data = ARRAY[x.type].from(x.data, (v, flat) => {
    const j = flat % cols, i = Math.floor(flat / cols) % rows;
    return (upper ? j - i >= k : j - i <= k) ? v : zeroOf(x.type);
  });
  return new Tensor(x.type, data, dims);
}

describe('Trilu', () => {
  for (const { types } of rowsOf('Trilu')) {
    for (const type of types) {
      test(`Trilu-14 ${type}: upper and lower, k of every sign and beyond, batches, empty shapes`, async () => {
        const shapes = [[4, 5], [5, 4], [2, 3, 3, 7], [1, 1], [1, 9], [9, 1], [0, 3], [3, 0], [2, 0, 4]];
        for (const dims of shapes) {
          const x = new Tensor(type, stored(type, sizeOf(dims)), dims);
          for (const upper of [1, 0]) {
            for (const k of [0, 1, -1, 2, -3, 6, -6, 100, -100, 2 ** 62]) {
              const want = referenceTrilu(x, k, upper);
              const [viaOps, viaSession] = await both('Trilu', [x, i64([k])], { opset: 14, upper });
              assertSameStored(viaOps, want, `Trilu ${type} [${dims}] upper=${upper} k=${k}`);
              assertSameStored(viaSession, want, `Trilu ${type} [${dims}] upper=${upper} k=${k} session`);
            }
          }
          // no k: 0; the default upper = 1; k as a scalar
          assertSameStored(ops.Trilu([x]), referenceTrilu(x, 0, 1), `Trilu ${type} [${dims}] defaults`);
          assertSameStored(ops.Trilu([x, new Tensor('int64', [-1n], [])], { upper: 0 }), referenceTrilu(x, -1, 0), `Trilu ${type} [${dims}] scalar k`);
        }
      });
    }
  }
  test('Trilu by hand, and refusals', () => {
    const m3 = new Tensor('float32', [1, 2, 3, 4, 5, 6, 7, 8, 9], [3, 3]);
    assert.deepEqual([...ops.Trilu([m3, i64([1])]).data], [0, 2, 3, 0, 0, 6, 0, 0, 0]);
    assert.deepEqual([...ops.Trilu([m3, i64([-1])], { upper: 0 }).data], [0, 0, 0, 4, 0, 0, 7, 8, 0]);
    const x = new Tensor('float32', [1, 2, 3], [3]);
    assert.throws(() => ops.Trilu([x]), isError('INVALID_ARGUMENT', 'Trilu-14', "input 0 ('input') must have rank 2 or more, got shape [3]"));
    const m = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    assert.throws(() => ops.Trilu([m, i64([1, 2])]), isError('INVALID_ARGUMENT', 'Trilu-14', "input 1 ('k') must hold one value, got shape [2]"));
    assert.throws(() => ops.Trilu([m, new Tensor('int32', [1], [1])]), isError('INVALID_ARGUMENT', 'Trilu-14', 'input 1', 'int32'));
    assert.throws(() => ops.Trilu([m], { upper: 2 }), isError('INVALID_ARGUMENT', 'Trilu-14', "'upper' must be 0 or 1, not 2"));
  });
});

describe('EyeLike', () => {
  for (const { version, types } of rowsOf('EyeLike')) {
    test(`EyeLike-${version}: every input type, to its own type and every other, k of every sign`, async () => {
      for (const type of types) {
        for (const dims of [[3, 5], [5, 3], [1, 1], [0, 4], [4, 4]]) {
          const x = new Tensor(type, stored(type, sizeOf(dims)), dims);
          for (const to of [undefined, ...(type === 'float32' || dims[0] === 4 ? types : [])]) {
            const outType = to ?? type;
            for (const k of [0, 1, -1, 3, -4, 9, -9]) {
              const want = new Tensor(outType, ARRAY[outType].from({ length: sizeOf(dims) }, (_, flat) =>
                (flat % dims[1]) - Math.floor(flat / dims[1]) === k ? oneOf(outType) : zeroOf(outType)), dims);
              const options = { opset: version, k, ...(to ? { dtype: DATA_TYPE[to] } : {}) };
              const label = `EyeLike-${version} ${type} -> ${outType} [${dims}] k=${k}`;
              if (k === 0 || k === -1) {
                const [viaOps, viaSession] = await both('EyeLike', x, options);
                assertSameStored(viaOps, want, label);
                assertSameStored(viaSession, want, `${label} session`);
              } else {
                assertSameStored(ops.EyeLike(x, options), want, label);
              }
            }
          }
        }
      }
    });
  }
  test('EyeLike refusals', () => {
    const x = new Tensor('float32', [1, 2, 3], [3]);
    assert.throws(() => ops.EyeLike(x), isError('INVALID_ARGUMENT', 'EyeLike-22', "input 0 ('input') must have rank 2, got shape [3]"));
    const m = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    assert.throws(() => ops.EyeLike(m, { dtype: DATA_TYPE.bfloat16, opset: 9 }), isError('INVALID_ARGUMENT', 'EyeLike-9', "'dtype' is bfloat16"));
    assert.throws(() => ops.EyeLike(m, { dtype: 8 }), isError('UNSUPPORTED', 'EyeLike-22', "'dtype' is string"));
    assert.throws(() => ops.EyeLike(new Tensor('bfloat16', new Uint16Array(4), [2, 2]), { opset: 9 }), isError('INVALID_ARGUMENT', 'EyeLike-9', 'bfloat16'));
  });
});
