// Mod 10 and 13, BitShift 11, BitwiseAnd, BitwiseOr, BitwiseXor and BitwiseNot 18 through ops.* and a
// one-node session, against tests/node/helpers/reference.mjs (bigints for integers, JavaScript's % for
// fmod): every type each version allows, every ordered pair of edge values (integer limits, 0, ±1;
// NaN, ±inf, ±0, subnormals), lengths across the vector width, NumPy broadcasting in both orders (a
// scalar divisor or shift count takes the loops' by-scalar path), empty tensors; refusals naming the
// version and the attribute or input.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex, referenceBitwiseNot, referenceInteger, referenceMod } from './helpers/reference.mjs';
import { assertSameStored, runNode, sizeOf } from './helpers/node-runs.mjs';

await ready();

const typesOf = (op, version) => supportedOperators().find((r) => r.op === op && r.version === version).types;
const bitsOf = (type) => Number(type.match(/\d+/)[0]);
const isSigned = (type) => type.startsWith('int');
// The smallest subnormal of each float type, and one of the largest.
const SUBNORMALS = { float64: [5e-324, 2 ** -1023], float32: [2 ** -149, 2 ** -127], float16: [2 ** -24, 2 ** -15], bfloat16: [2 ** -133, 2 ** -127] };

// The edge values of a type: stored values, for pairs of them.
function edgesOf(type, shifts) {
  if (FLOAT_TYPES[type]) return [...FLOAT_EDGES, ...SUBNORMALS[type], ...SUBNORMALS[type].map((x) => -x), 7, -7, 0.1].map(FLOAT_TYPES[type].encode);
  const small = [-7, -3, -2, -1, 1, 2, 3, 7].filter((v) => v >= Number(INT_TYPES[type].min));
  const counts = shifts ? [bitsOf(type) - 1, bitsOf(type), bitsOf(type) + 1, 2 * bitsOf(type)] : [];
  const values = [...intEdges(type), ...small, ...counts];
  return values.map((v) => (typeof INT_TYPES[type].min === 'bigint' ? BigInt(v) : Number(v)));
}

// n stored values: edges where next() says, else random ones (shift counts mostly in range).
function data(type, n, next, shifts = false) {
  const edges = edgesOf(type, shifts);
  if (FLOAT_TYPES[type]) {
    return FLOAT_TYPES[type].array.from({ length: n }, () => (next() < 0.3 ? edges[Math.floor(next() * edges.length)] : FLOAT_TYPES[type].encode((next() - 0.5) * 200)));
  }
  return INT_TYPES[type].array.from({ length: n }, () => {
    if (next() < 0.3) return edges[Math.floor(next() * edges.length)];
    if (shifts && next() < 0.7) {
      const count = Math.floor(next() * (bitsOf(type) + 2));
      return typeof INT_TYPES[type].min === 'bigint' ? BigInt(count) : count;
    }
    return randomInt(type, next);
  });
}

// The reference of a binary operation over a and b broadcast to `out`: `operation` on decoded values
// (numbers or bigints), encoded to the type.
function referenceBinary(type, a, b, out, operation) {
  const float = FLOAT_TYPES[type];
  const decode = float ? float.decode : BigInt;
  const encode = float ? float.encode : (v) => (typeof INT_TYPES[type].min === 'bigint' ? v : Number(v));
  const array = float ? float.array : INT_TYPES[type].array;
  return new Tensor(type, array.from({ length: sizeOf(out) }, (_, i) =>
    encode(operation(decode(a.data[inputIndex(out, [...a.dims], i)]), decode(b.data[inputIndex(out, [...b.dims], i)])))), out);
}

// ops.* and a session of the node give the reference, each shape pair in both orders.
async function checkBinary(op, version, type, attributes, operation, label, { shifts = false, sessions = true } = {}) {
  const next = rng(version * 100 + bitsOf(type) + (label.length << 8));
  const edges = edgesOf(type, shifts);
  // every ordered pair of edges, then broadcast shapes
  const pairs = [
    [new Tensor(type, INT_TYPES[type] ? INT_TYPES[type].array.from(edges.flatMap((x) => edges.map(() => x))) : FLOAT_TYPES[type].array.from(edges.flatMap((x) => edges.map(() => x))), [edges.length ** 2]),
      new Tensor(type, (INT_TYPES[type] ?? FLOAT_TYPES[type]).array.from(edges.flatMap(() => edges)), [edges.length ** 2])],
  ];
  const shapes = [[[67], [67]], [[1], [1]], [[15], [15]], [[2, 3, 17], [17]], [[3, 33], []], [[5, 1], [1, 7]], [[2, 0, 3], [1, 3]], [[0], []], [[], []], [[4, 9], [4, 1]]];
  for (const [sa, sb] of shapes) {
    for (const [da, db] of [[sa, sb], [sb, sa]]) pairs.push([new Tensor(type, data(type, sizeOf(da), next), da), new Tensor(type, data(type, sizeOf(db), next, shifts), db)]);
  }
  for (const [k, [a, b]] of pairs.entries()) {
    const out = broadcastShape([[...a.dims], [...b.dims]]);
    const want = referenceBinary(type, a, b, out, operation);
    const what = `${op}-${version} ${label} ${type} [${a.dims}] [${b.dims}]`;
    assertSameStored(ops[op]([a, b], { opset: version, ...attributes }), want, what);
    if (sessions && (k === 0 || k % 5 === 1)) {
      const { y } = await runNode(op, version, attributes, [{ name: 'a', tensor: a }, { name: 'b', tensor: b }]);
      assertSameStored(y, want, `${what} session`);
    }
  }
}

const refused = (pattern, code = 'INVALID_ARGUMENT') => (e) => e instanceof OnnxWasmError && e.code === code && pattern.test(e.message);

describe('Mod', () => {
  for (const version of [10, 13]) {
    for (const type of typesOf('Mod', version)) {
      const float = Boolean(FLOAT_TYPES[type]);
      for (const fmod of float ? [1] : [0, 1]) {
        test(`Mod-${version} ${type} fmod=${fmod}`, async () => {
          await checkBinary('Mod', version, type, { fmod }, (a, b) => referenceMod(a, b, fmod), `fmod=${fmod}`);
        });
      }
    }
  }
  test('Mod: signs of both remainders, by hand', () => {
    const a = new Tensor('int32', [7, -7, 7, -7, 6, -6, 0, -2147483648, -2147483648], [9]);
    const b = new Tensor('int32', [3, 3, -3, -3, 3, -3, 5, -1, 0], [9]);
    assert.deepEqual([...ops.Mod([a, b]).data], [1, 2, -2, -1, 0, 0, 0, 0, 0]);
    assert.deepEqual([...ops.Mod([a, b], { fmod: 1 }).data], [1, -1, 1, -1, 0, 0, 0, 0, 0]);
    const f = ops.Mod([new Tensor('float32', [5.5, -5.5, -0, 1, Infinity, 3], [6]), new Tensor('float32', [2, 2, 3, Infinity, 2, 0], [6])], { fmod: 1 });
    assert.deepEqual([...f.data].map((v) => (Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v)), [1.5, -1.5, '-0', 1, 'NaN', 'NaN']);
  });
  test('Mod refusals: floats without fmod, fmod out of range, types the version lacks', () => {
    const f = new Tensor('float32', [1, 2], [2]);
    assert.throws(() => ops.Mod([f, f]), refused(/^Mod-13: input 0 \('A'\) has type float32, whose remainder needs attribute 'fmod' = 1$/));
    assert.throws(() => ops.Mod([f, f], { fmod: 2 }), refused(/^Mod-13: attribute 'fmod' must be 0 or 1, not 2$/));
    const h = new Tensor('bfloat16', new Uint16Array(2), [2]);
    assert.throws(() => ops.Mod([h, h], { opset: 10, fmod: 1 }), (e) => e instanceof OnnxWasmError && /^Mod-10: input 0 \('A'\) has type bfloat16, which this version does not accept/.test(e.message));
    assert.throws(() => ops.Mod([f, f], { opset: 9, fmod: 1 }), (e) => e instanceof OnnxWasmError && /Mod.*9/.test(e.message));
  });
});

describe('BitShift', () => {
  for (const type of typesOf('BitShift', 11)) {
    for (const direction of ['LEFT', 'RIGHT']) {
      test(`BitShift-11 ${type} ${direction}`, async () => {
        await checkBinary('BitShift', 11, type, { direction }, (a, b) => referenceInteger(direction, a, b, false, bitsOf(type)), direction, { shifts: true });
      });
    }
  }
  test('BitShift refusals: direction missing or another, signed types', () => {
    const u = new Tensor('uint8', [1, 2], [2]);
    assert.throws(() => ops.BitShift([u, u]), refused(/^BitShift-11: attribute 'direction' is required$/));
    assert.throws(() => ops.BitShift([u, u], { direction: 'left' }), (e) => e instanceof OnnxWasmError && /^BitShift-11: .*direction/.test(e.message));
    const i = new Tensor('int8', [1, 2], [2]);
    assert.throws(() => ops.BitShift([i, i], { direction: 'LEFT' }), (e) => e instanceof OnnxWasmError && /^BitShift-11: input 0 \('X'\) has type int8, which this version does not accept/.test(e.message));
  });
});

for (const op of ['BitwiseAnd', 'BitwiseOr', 'BitwiseXor']) {
  describe(op, () => {
    for (const type of typesOf(op, 18)) {
      test(`${op}-18 ${type}`, async () => {
        await checkBinary(op, 18, type, {}, (a, b) => referenceInteger(op, a, b, isSigned(type), bitsOf(type)), 'bits');
      });
    }
    test(`${op}-18 refuses floats and bool`, () => {
      for (const type of ['float32', 'bool']) {
        const t = new Tensor(type, type === 'bool' ? new Uint8Array(2) : new Float32Array(2), [2]);
        assert.throws(() => ops[op]([t, t]), (e) => e instanceof OnnxWasmError && new RegExp(`^${op}-18: input 0 \\('A'\\) has type ${type}, which this version does not accept`).test(e.message));
      }
    });
  });
}

describe('BitwiseNot', () => {
  for (const type of typesOf('BitwiseNot', 18)) {
    test(`BitwiseNot-18 ${type}`, async () => {
      const next = rng(bitsOf(type));
      const edges = edgesOf(type, false);
      for (const dims of [[edges.length], [67], [0], [], [3, 5, 7]]) {
        const x = new Tensor(type, dims[0] === edges.length ? INT_TYPES[type].array.from(edges) : data(type, sizeOf(dims), next), dims);
        const big = typeof INT_TYPES[type].min === 'bigint';
        const want = new Tensor(type, INT_TYPES[type].array.from(x.data, (v) => {
          const r = referenceBitwiseNot(BigInt(v), isSigned(type), bitsOf(type));
          return big ? r : Number(r);
        }), dims);
        assertSameStored(ops.BitwiseNot(x), want, `BitwiseNot ${type} [${dims}]`);
        const { y } = await runNode('BitwiseNot', 18, {}, [{ name: 'x', tensor: x }]);
        assertSameStored(y, want, `BitwiseNot ${type} [${dims}] session`);
      }
    });
  }
  test('BitwiseNot-18 refuses floats', () => {
    assert.throws(() => ops.BitwiseNot(new Tensor('float64', [1], [1])), (e) => e instanceof OnnxWasmError && /^BitwiseNot-18: input 0 has type float64, which this version does not accept/.test(e.message));
  });
});
