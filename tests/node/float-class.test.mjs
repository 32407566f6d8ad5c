// IsNaN 9, 13, 20 and IsInf 10, 20 (each pair of detect_negative and detect_positive) through ops.* and
// a one-node session, against the definition on decoded values: every type each version allows, NaNs
// of both signs and several payloads, ±inf, ±0, subnormals, the largest finite values, lengths across
// the vector width, empty tensors; refusals naming the version and input or attribute.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
import { FLOAT_EDGES, FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { runNode, sizeOf } from './helpers/node-runs.mjs';

await ready();

const typesOf = (op, version) => supportedOperators().find((r) => r.op === op && r.version === version).types;

// Stored NaNs besides the encoder's: both signs, quiet and signalling payloads.
const NAN_BITS = {
  float64: [], // Float64Array keeps a NaN's payload only through its bits: see below
  float32: [],
  float16: [0x7c01, 0xfc01, 0x7e00, 0xfe00, 0x7fff, 0xffff],
  bfloat16: [0x7f81, 0xff81, 0x7fc0, 0xffc0, 0x7fff, 0xffff],
};

// n stored values of `type`: edges first, then random ones and edges mixed.
function values(type, n, seed) {
  const { array, encode, max } = FLOAT_TYPES[type];
  const edges = [...FLOAT_EDGES, max, -max, Number.MIN_VALUE, -Number.MIN_VALUE, 2 ** -140, -(2 ** -20)].map(encode);
  const out = new array(n);
  const next = rng(seed);
  for (let i = 0; i < n; i++) out[i] = i < edges.length ? edges[i] : next() < 0.4 ? edges[Math.floor(next() * edges.length)] : encode((next() - 0.5) * 1e6);
  if (type === 'float32' || type === 'float64') {
    // NaNs of other payloads and signs, written through their bits
    const bits = type === 'float32' ? new Uint32Array(out.buffer) : new BigUint64Array(out.buffer);
    const payloads = type === 'float32' ? [0x7f800001, 0xff800001, 0xffc00000, 0x7fffffff] : [0x7ff0000000000001n, 0xfff0000000000001n, 0xfff8000000000000n];
    for (let i = 0; i < payloads.length && edges.length + i < n; i++) bits[edges.length + i] = payloads[i];
  } else {
    for (let i = 0; i < NAN_BITS[type].length && edges.length + i < n; i++) out[edges.length + i] = NAN_BITS[type][i];
  }
  return out;
}

function decoded(type, stored) {
  if (type === 'float32' || type === 'float64') return Array.from(stored);
  return Array.from(stored, FLOAT_TYPES[type].decode);
}

async function check(op, version, attributes, type, predicate) {
  for (const dims of [[61], [0], [], [1], [15], [16], [17], [3, 5, 67]]) {
    const x = new Tensor(type, values(type, sizeOf(dims), sizeOf(dims) + 1), dims);
    const want = decoded(type, x.data).map((v) => (predicate(v) ? 1 : 0));
    const label = `${op}-${version} ${JSON.stringify(attributes)} ${type} [${dims}]`;
    const y = ops[op](x, { opset: version, ...attributes });
    assert.equal(y.type, 'bool', label);
    assert.deepEqual([...y.dims], dims, label);
    assert.deepEqual([...y.data], want, label);
    if (dims.length !== 1 || dims[0] === 61) {
      const { y: z } = await runNode(op, version, attributes, [{ name: 'x', tensor: x }], [{ name: 'y', type: 'bool' }]);
      assert.deepEqual([...z.data], want, `${label} session`);
    }
  }
}

describe('IsNaN', () => {
  for (const version of [9, 13, 20]) {
    for (const type of typesOf('IsNaN', version)) test(`IsNaN-${version} ${type}`, () => check('IsNaN', version, {}, type, Number.isNaN));
  }
  test('IsNaN refusals', () => {
    assert.throws(() => ops.IsNaN(new Tensor('bfloat16', new Uint16Array(1), [1]), { opset: 9 }), (e) => e instanceof OnnxWasmError && /^IsNaN-9: input 0 has type bfloat16, which this version does not accept/.test(e.message));
    assert.throws(() => ops.IsNaN(new Tensor('int32', [1], [1])), (e) => e instanceof OnnxWasmError && /^IsNaN-20: input 0 has type int32/.test(e.message));
  });
});

describe('IsInf', () => {
  for (const version of [10, 20]) {
    for (const type of typesOf('IsInf', version)) {
      for (const [negative, positive] of [[1, 1], [0, 1], [1, 0], [0, 0]]) {
        const attributes = version === 10 && negative && positive ? {} : { detect_negative: negative, detect_positive: positive };
        test(`IsInf-${version} ${type} ${negative} ${positive}`, () =>
          check('IsInf', version, attributes, type, (v) => (v === Infinity && positive === 1) || (v === -Infinity && negative === 1)));
      }
    }
  }
  test('IsInf refusals', () => {
    const h = new Tensor('float16', new Uint16Array(1), [1]);
    assert.throws(() => ops.IsInf(h, { opset: 10 }), (e) => e instanceof OnnxWasmError && /^IsInf-10: input 0 has type float16, which this version does not accept/.test(e.message));
    assert.throws(() => ops.IsInf(new Tensor('float32', [1], [1]), { detect_negative: 2 }), (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && e.message === "IsInf-20: attribute 'detect_negative' must be 0 or 1, not 2");
  });
});
