// OneHot 9 and 11 through ops.* and a one-node session, against the definition: every type of the
// indices, the depth and the values, every axis (negative too) of several ranks, indices out of range
// (a line of off) and negative ones (11: from the end; 9: out of range), float indices and depth
// truncated, empty indices, depth 0; refusals naming the version and the input or attribute.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Tensor, ops, ready } from 'onnx-wasm';
import { FLOAT_TYPES } from '../../tools/values.mjs';
import { assertSameStored } from './helpers/node-runs.mjs';
import { ARRAY, both, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';

await ready();

const encode = (type, v) => (FLOAT_TYPES[type] ? FLOAT_TYPES[type].encode(v) : type.endsWith('int64') ? BigInt(v) : v);

// OneHot's reference: output[..., d, ...] (d at `axis`) is on where the index at the other positions,
// truncated (NaN read as 0, as Cast reads it), made non-negative from version 11, is d.
function referenceOneHot(version, indices, values, depth, axis) {
  const dims = [...indices.dims];
  const rank = dims.length + 1;
  const a = axis < 0 ? axis + rank : axis;
  const out = [...dims.slice(0, a), depth, ...dims.slice(a)];
  const inner = sizeOf(dims.slice(a));
  const [off, on] = values.data;
  const data = ARRAY[values.type].from({ length: sizeOf(out) }, (_, flat) => {
    const j = flat % inner, d = Math.floor(flat / inner) % depth, o = Math.floor(flat / (inner * depth));
    const stored = indices.data[o * inner + j];
    const value = Number(FLOAT_TYPES[indices.type] ? FLOAT_TYPES[indices.type].decode(stored) : stored);
    // read as Cast reads it: NaN as 0 (values beyond int64 stay out of range)
    let index = Number.isNaN(value) ? 0 : Math.trunc(value);
    if (version >= 11 && index < 0) index += depth;
    return index === d ? on : off;
  });
  return new Tensor(values.type, data, out);
}

describe('OneHot', () => {
  for (const { version, types } of rowsOf('OneHot')) {
    test(`OneHot-${version}: every indices type, every axis, indices in and out of range`, async () => {
      const values = new Tensor('float32', [-0.5, 3], [2]);
      for (const type of types) {
        const signed = !type.startsWith('uint');
        const list = [0, 1, 2, 3, 4, 9, 5, ...(signed ? [-1, -4, -5, -100] : [200])];
        const indices = new Tensor(type, ARRAY[type].from(list, (v) => encode(type, v)), [list.length]);
        for (const depthType of [type, 'int64', 'float32']) {
          const depth = new Tensor(depthType, ARRAY[depthType].from([encode(depthType, 4)]), []);
          for (const axis of [-1, 0, -2, 1]) {
            const want = referenceOneHot(version, indices, values, 4, axis);
            const [viaOps, viaSession] = await both('OneHot', [indices, depth, values], { opset: version, axis });
            assertSameStored(viaOps, want, `OneHot-${version} ${type} depth ${depthType} axis ${axis}`);
            assertSameStored(viaSession, want, `OneHot-${version} ${type} depth ${depthType} axis ${axis} session`);
          }
        }
      }
    });

    test(`OneHot-${version}: every values type, ranks 0 to 3, float indices and depth truncated, empty`, async () => {
      const next = [3, -2, 0, 1, 2, -3, 4, 7, -1, 1, 0, 2];
      for (const valueType of ['float64', 'float32', 'float16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'bool']) {
        const values = new Tensor(valueType, stored(valueType, 2), [2]);
        for (const dims of [[], [3], [2, 3], [2, 1, 6], [0, 2]]) {
          const indices = new Tensor('int32', next.slice(0, sizeOf(dims)), dims);
          for (let axis = -dims.length - 1; axis <= dims.length; axis++) {
            const want = referenceOneHot(version, indices, values, 5, axis);
            assertSameStored(ops.OneHot([indices, new Tensor('int64', [5n], [1]), values], { opset: version, axis }), want, `OneHot-${version} ${valueType} [${dims}] axis ${axis}`);
          }
        }
      }
      const floats = new Tensor('float64', [2.9, -0.5, -1.5, 1e300, NaN, -2.5], [6]);
      const values = new Tensor('int64', [0n, 1n], [2]);
      const [viaOps, viaSession] = await both('OneHot', [floats, new Tensor('float32', [3.7], []), values], { opset: version });
      const want = referenceOneHot(version, floats, values, 3, -1);
      assertSameStored(viaOps, want, `OneHot-${version} float indices`);
      assertSameStored(viaSession, want, `OneHot-${version} float indices session`);
      assert.deepEqual([...ops.OneHot([floats, new Tensor('int32', [0], []), values], { opset: version }).dims], [6, 0]);
    });
  }

  test('OneHot refusals', () => {
    const indices = new Tensor('int64', [1n], [1]);
    const depth = new Tensor('int64', [3n], []);
    const values = new Tensor('float32', [0, 1], [2]);
    assert.throws(() => ops.OneHot([indices, new Tensor('int64', [3n, 4n], [2]), values]), isError('INVALID_ARGUMENT', 'OneHot-11', "input 1 ('depth') must hold one value, got shape [2]"));
    assert.throws(() => ops.OneHot([indices, new Tensor('int64', [-3n], []), values]), isError('INVALID_ARGUMENT', 'OneHot-11', "input 1 ('depth') is -3"));
    assert.throws(() => ops.OneHot([indices, depth, new Tensor('float32', [0, 1, 2], [3])]), isError('INVALID_ARGUMENT', 'OneHot-11', "input 2 ('values') must be [off_value, on_value], got shape [3]"));
    assert.throws(() => ops.OneHot([indices, depth, values], { axis: 2 }), isError('INVALID_ARGUMENT', 'OneHot-11', "attribute 'axis' is 2, out of range for an output of rank 2"));
    assert.throws(() => ops.OneHot([indices, depth, values], { axis: -3 }), isError('INVALID_ARGUMENT', 'OneHot-11', "'axis' is -3"));
    assert.throws(() => ops.OneHot([indices, depth, new Tensor('bfloat16', new Uint16Array(2), [2])]), isError('INVALID_ARGUMENT', 'OneHot-11', 'bfloat16'));
    assert.throws(() => ops.OneHot([new Tensor('bool', [1], [1]), depth, values]), isError('INVALID_ARGUMENT', 'OneHot-11', 'bool'));
  });
});
