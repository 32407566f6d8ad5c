// Pow through the public API: every version and every pair of base and exponent types, every pair of a
// list of edge values (broadcast: the bases a column, the exponents a row), the legacy broadcast of
// version 1, against a plain-JS reference: C's pow in float64 (Math.pow with C's special cases),
// converted once to the base's type by Cast's rules; through ops.* and a one-node InferenceSession built
// with tools/onnx-builder.mjs.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { ulpDistance } from './helpers/math-reference.mjs';
import { FLOAT_TYPES, INT_TYPES } from '../../tools/values.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const NUMERIC = [...FLOAT, 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
// [since version, base types, exponent types (null: the base's)]
const VARIANTS = [
  [1, FLOAT, null],
  [7, FLOAT, null],
  [12, [...FLOAT, 'int32', 'int64'], NUMERIC],
  [13, [...FLOAT, 'int32', 'int64', 'bfloat16'], NUMERIC],
  [15, [...FLOAT, 'int32', 'int64', 'bfloat16'], [...NUMERIC, 'bfloat16']],
];

// C's pow, where it differs from Math.pow: pow(1, y) and pow(-1, ±inf) are 1.
function cpow(x, y) {
  if (x === 1 || y === 0) return 1;
  if (x === -1 && Math.abs(y) === Infinity) return 1;
  return Math.pow(x, y);
}

// A float64 result in an integer type, by Cast's rules: truncated, saturated, NaN 0.
function toInt(type, v) {
  const { min, max } = INT_TYPES[type];
  const big = typeof min === 'bigint';
  if (Number.isNaN(v)) return big ? 0n : 0;
  const t = Math.trunc(v);
  if (big) return t <= Number(min) ? min : t >= Number(max) ? max : BigInt(t);
  return Math.min(Math.max(t, min), max) + 0;
}

const FLOAT_VALUES = [0, -0, 1, -1, 2, -2, 0.5, -0.5, 3, 10, -3.5, 1e-3, 100, NaN, Infinity, -Infinity];
const INT_VALUES = [0, 1, -1, 2, -2, 3, 7, 31, 62, 63, 64, 100, -128];

function values(type) {
  if (FLOAT_TYPES[type]) return FLOAT_TYPES[type].array.from(FLOAT_VALUES, FLOAT_TYPES[type].encode);
  const { array, min, max } = INT_TYPES[type];
  const big = typeof min === 'bigint';
  const stored = INT_VALUES.map((v) => (big ? BigInt(v) : v)).filter((v) => array.of(v)[0] === v);
  return array.from([...stored, min, max]);
}
const decode = (type, v) => (FLOAT_TYPES[type] ? FLOAT_TYPES[type].decode(v) : Number(v));

async function runSession(opset, [x, y], attributes = {}) {
  const model = buildModel({
    opset,
    nodes: [{ op: 'Pow', inputs: ['x', 'y'], outputs: ['z'], attributes }],
    inputs: [{ name: 'x', type: x.type, dims: [...x.dims] }, { name: 'y', type: y.type, dims: [...y.dims] }],
    outputs: [{ name: 'z', type: x.type }],
  });
  const session = await InferenceSession.create(model);
  const { z } = await session.run({ x, y });
  session.release();
  return z;
}

// Through ops.*, or with `session` through a one-node model of the version.
async function check(version, baseType, expType, session = false) {
  const xs = values(baseType);
  const ys = values(expType);
  // every pair: the bases a column and the exponents a row, broadcast; version 1 (no such broadcasting)
  // gets them tiled to one shape
  const tile = (values, f) => values.constructor.from({ length: xs.length * ys.length }, (_, k) => values[f(Math.floor(k / ys.length), k % ys.length)]);
  const inputs = version < 7
    ? [new Tensor(baseType, tile(xs, (i) => i), [xs.length, ys.length]), new Tensor(expType, tile(ys, (_, j) => j), [xs.length, ys.length])]
    : [new Tensor(baseType, xs, [xs.length, 1]), new Tensor(expType, ys, [1, ys.length])];
  const z = session ? await runSession(version, inputs) : ops.Pow(inputs, { opset: version });
  assert.equal(z.type, baseType);
  assert.deepEqual([...z.dims], [xs.length, ys.length]);
  for (let i = 0; i < xs.length; i++) {
    for (let j = 0; j < ys.length; j++) {
      const exact = cpow(decode(baseType, xs[i]), decode(expType, ys[j]));
      const got = z.data[i * ys.length + j];
      const what = `Pow-${version} ${baseType}^${expType}${session ? ' (session)' : ''}: ${decode(baseType, xs[i])}^${decode(expType, ys[j])}`;
      if (FLOAT_TYPES[baseType]) {
        const want = FLOAT_TYPES[baseType].decode(FLOAT_TYPES[baseType].encode(exact));
        const d = ulpDistance(baseType, FLOAT_TYPES[baseType].decode(got), want);
        // C's pow and Math.pow are each within an ulp of float64: 2 between them; 1 in the narrower types
        if (!(d <= (baseType === 'float64' ? 2 : 1))) assert.fail(`${what}: got ${FLOAT_TYPES[baseType].decode(got)}, want ${want}`);
      } else {
        assert.equal(got, toInt(baseType, exact), what);
      }
    }
  }
}

for (const [version, bases, exponents] of VARIANTS) {
  describe(`Pow-${version}`, () => {
    for (const base of bases) {
      test(`${base} base: every exponent type, every pair of edge values, ops.* and a session`, async () => {
        for (const exp of exponents ?? [base]) {
          for (const session of [false, true]) await check(version, base, exp, session);
        }
      });
    }
  });
}

describe('Pow: broadcasting, out and version rules', () => {
  const is = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
  test('version 1: the legacy broadcast and axis; identical shapes otherwise', async () => {
    const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [2, 3]);
    // [Y, attributes, want]: a suffix, a scalar, at an axis, dims of 1 repeated along X's
    const cases = [
      [new Tensor('float32', [1, 2, 0], [3]), {}, [1, 4, 1, 4, 25, 1]],
      [new Tensor('float32', [2], [1]), {}, [1, 4, 9, 16, 25, 36]],
      [new Tensor('float32', [2, 0], [2]), { axis: 0 }, [1, 4, 9, 1, 1, 1]],
      [new Tensor('float32', [0, 2], [2, 1]), {}, [1, 1, 1, 16, 25, 36]],
      [new Tensor('float32', [2, 1, 0], [1, 3]), { axis: -2 }, [1, 2, 1, 16, 5, 1]],
    ];
    for (const [y, attributes, want] of cases) {
      assert.deepEqual([...ops.Pow([x, y], { opset: 6, broadcast: 1, ...attributes }).data], want);
      assert.deepEqual([...(await runSession(1, [x, y], { broadcast: 1, ...attributes })).data], want);
    }
    assert.deepEqual([...(await runSession(1, [x, x])).data], [1, 4, 27, 256, 3125, 46656]);
    assert.throws(() => ops.Pow([x, new Tensor('float32', [2], [1])], { opset: 1 }), is(/^Pow-1: X has shape \[2,3\], Y \[1\]; without broadcast = 1 this version needs identical shapes$/));
    assert.throws(() => ops.Pow([x, new Tensor('float32', [2, 2], [2])], { opset: 1, broadcast: 1 }), is(/^Pow-1: X has shape \[2,3\], Y \[2\]; with broadcast = 1, each of Y's dims must equal X's from axis 1 on, or be 1$/));
    assert.throws(() => ops.Pow([x, new Tensor('float32', [1, 1, 1, 1, 1, 1], [2, 3, 1])], { opset: 1, broadcast: 1 }), is(/^Pow-1: .*Y must not have more dims than X$/));
    assert.throws(() => ops.Pow([x, x], { opset: 7, broadcast: 1 }), is(/^Pow-7: attribute 'broadcast' is not defined by this version \(defined by version 1\)$/));
  });
  test('7 on: multidirectional broadcasting; an out in place over X', () => {
    const x = new Tensor('float64', [1, 2, 3], [3, 1]);
    const y = new Tensor('float64', [0, 1, 2, 3], [4]);
    assert.deepEqual([...ops.Pow([x, y]).data], [1, 1, 1, 1, 1, 2, 4, 8, 1, 3, 9, 27]);
    assert.throws(() => ops.Pow([x, new Tensor('float64', [1, 2], [2, 1])]), is(/^Pow-15: .*broadcast/));
    const square = new Tensor('float32', [1, 2, 3, 4], [4]);
    assert.equal(ops.Pow([square, new Tensor('float32', [2])], { out: square }), square);
    assert.deepEqual([...square.data], [1, 4, 9, 16]);
  });
  test('float32 squared (an exponent of one element equal to 2, any type): float64 pow rounded once', async () => {
    const bases = new Float32Array([0, -0, 1, -1.5, 3, 1e-20, -1e-20, 1.1754943508222875e-38, 1.4e-45, -1.9e19, 1.8446744e19,
      1.8446746e19, 3.4028234663852886e38, 1.0000001, 0.1, NaN, Infinity, -Infinity]);
    const x = new Tensor('float32', bases, [bases.length]);
    for (const y of [new Tensor('float32', [2]), new Tensor('float64', [2], []), new Tensor('int64', [2n], [1, 1]), new Tensor('uint8', [2], [1])]) {
      const z = ops.Pow([x, y], { opset: 15 });
      const fromSession = await runSession(15, [x, y]);
      assert.deepEqual([...z.dims], y.dims.length > 1 ? [1, bases.length] : [bases.length]);
      bases.forEach((b, i) => {
        const want = Math.fround(cpow(b, 2));
        assert.ok(Object.is(z.data[i], want) && Object.is(fromSession.data[i], want), `${b}^${y.type} 2: got ${z.data[i]}, ${fromSession.data[i]}, want ${want}`);
      });
    }
  });
  test('types by version', () => {
    const f = new Tensor('float32', [2]);
    assert.throws(() => ops.Pow([f, new Tensor('int32', [2])], { opset: 11 }), is(/^Pow-7: input 1 \('Y'\) has type int32, which this version does not accept/));
    assert.deepEqual([...ops.Pow([f, new Tensor('int32', [3])], { opset: 12 }).data], [8]);
    assert.throws(() => ops.Pow([new Tensor('uint8', [2]), f]), is(/^Pow-15: input 0 \('X'\) has type uint8, which this version does not accept/));
    const bf = new Tensor('bfloat16', new Uint16Array([0x4000])); // 2
    assert.throws(() => ops.Pow([bf, f], { opset: 12 }), is(/^Pow-12: input 0 \('X'\) has type bfloat16/));
    assert.throws(() => ops.Pow([f, bf], { opset: 14 }), is(/^Pow-13: input 1 \('Y'\) has type bfloat16/));
    assert.deepEqual([...ops.Pow([f, bf], { opset: 15 }).data], [4]);
    assert.deepEqual([...ops.Pow([new Tensor('int32', [2, -2, 2, 0]), new Tensor('int64', [31n, 31n, -1n, -1n])]).data], [2147483647, -2147483648, 0, 2147483647]);
  });
});
