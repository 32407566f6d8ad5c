// Clip, Relu, Max, Add, Sub, Mul, Div through the public API, every version and type, through ops.* and
// through a one-node InferenceSession, against references written here from the ONNX definitions
// (floats computed exactly in doubles and rounded once to the type; integers in BigInt, wrapped to the
// type's width), with edge values on both sides, broadcasting in both orders, the legacy broadcast of
// versions 1 and 6, in-place calls, and refusals.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex, referenceMin } from './helpers/reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const ALL = [...FLOATS, ...INTS, 'bfloat16'];
const TYPES6 = [...FLOATS, 'int32', 'int64', 'uint32', 'uint64'];
const ARITH_VERSIONS = [[1, FLOATS], [6, TYPES6], [7, TYPES6], [13, [...TYPES6, 'bfloat16']], [14, ALL]];
const VERSIONS = {
  Add: ARITH_VERSIONS,
  Sub: ARITH_VERSIONS,
  Mul: ARITH_VERSIONS,
  Div: ARITH_VERSIONS,
  Max: [[1, FLOATS], [6, FLOATS], [8, FLOATS], [12, [...FLOATS, ...INTS]], [13, ALL]],
  Relu: [[1, FLOATS], [6, FLOATS], [13, [...FLOATS, 'bfloat16']], [14, [...FLOATS, 'bfloat16', 'int8', 'int16', 'int32', 'int64']]],
  Clip: [[1, FLOATS], [6, FLOATS], [11, FLOATS], [12, [...FLOATS, ...INTS]], [13, ALL]],
};

const EDGES = [...FLOAT_EDGES, 7, -7, 3, 1e-3, 2 ** -149, 2 ** -24, 3.4028234663852886e38, -65504, 1e-310];

function codec(type) {
  if (FLOAT_TYPES[type]) return { ...FLOAT_TYPES[type], float: true, edges: EDGES };
  const { array, min } = INT_TYPES[type];
  const big = typeof min === 'bigint';
  return { array, encode: (x) => x, decode: (x) => x, float: false, big, edges: intEdges(type), bits: array.BYTES_PER_ELEMENT * 8, signed: min < 0 };
}

// The value of `type` nearest a number or an exact bigint result (wrapped to the type's width).
function toType(type, v) {
  const c = codec(type);
  if (c.float) return c.decode(c.encode(v));
  const b = c.signed ? BigInt.asIntN(c.bits, v) : BigInt.asUintN(c.bits, v);
  return c.big ? b : Number(b);
}

function referenceMax(a, b, float) {
  if (float) {
    if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
    if (a === 0 && b === 0) return Object.is(a, 0) || Object.is(b, 0) ? 0 : -0;
  }
  return a > b ? a : b;
}

// op(a, b) of decoded values of `type`, from the definitions.
function reference(op, type, a, b) {
  const { float } = codec(type);
  if (op === 'Max') return referenceMax(a, b, float);
  if (op === 'Min') return referenceMin(a, b, float);
  if (float) return toType(type, { Add: a + b, Sub: a - b, Mul: a * b, Div: a / b }[op]);
  const [x, y] = [BigInt(a), BigInt(b)];
  // integer division truncates (BigInt's does); x / 0 is defined as 0 here
  return toType(type, { Add: x + y, Sub: x - y, Mul: x * y, Div: y === 0n ? 0n : x / y }[op]);
}

const sameResult = (got, want) => Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want));

function assertValues(y, type, want, label) {
  const { decode } = codec(type);
  assert.equal(y.type, type, label);
  assert.equal(y.data.length, want.length, label);
  for (let i = 0; i < want.length; i++) {
    const got = decode(y.data[i]);
    if (!sameResult(got, want[i])) assert.fail(`${label}: element ${i} is ${got}, want ${want[i]}`);
  }
}

// n values: edge values at pseudo-random places among random ones.
function mixedData(type, n, seed) {
  const { array, encode, float, edges } = codec(type);
  const next = rng(seed);
  const out = new array(n);
  for (let i = 0; i < n; i++) {
    if (next() < 0.3) out[i] = encode(edges[Math.floor(next() * edges.length)]);
    else out[i] = float ? encode((next() - 0.5) * 200) : randomInt(type, next);
  }
  return out;
}

const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

// A one-node model of `op` at `opset` whose inputs are graph inputs (null: an omitted input, '').
async function runSession(op, opset, type, inputs, attributes = {}) {
  const names = inputs.map((t, k) => (t === null ? '' : `in${k}`));
  const model = buildModel({
    opset,
    nodes: [{ op, inputs: names, outputs: ['y'], attributes }],
    inputs: inputs.flatMap((t, k) => (t === null ? [] : [{ name: names[k], type, dims: [...t.dims] }])),
    outputs: [{ name: 'y', type }],
  });
  const session = await InferenceSession.create(model);
  const feeds = Object.fromEntries(inputs.flatMap((t, k) => (t === null ? [] : [[names[k], t]])));
  const { y } = await session.run(feeds);
  session.release();
  return y;
}

const BINARY = ['Max', 'Add', 'Sub', 'Mul', 'Div'];

for (const op of BINARY) {
  describe(op, () => {
    for (const [version, types] of VERSIONS[op]) {
      for (const type of types) {
        test(`${op}-${version} ${type}: every ordered pair of edge values, lengths over the vector loops, ops.* and a session`, async () => {
          const { array, encode, decode, edges } = codec(type);
          const a = [];
          const b = [];
          for (const x of edges) for (const z of edges) { a.push(encode(x)); b.push(encode(z)); }
          for (const n of [a.length, 0, 1, 5, 17, 67]) {
            const ta = new Tensor(type, n === a.length ? array.from(a) : mixedData(type, n, n), [n]);
            const tb = new Tensor(type, n === a.length ? array.from(b) : mixedData(type, n, n + 100), [n]);
            const want = Array.from({ length: n }, (_, i) => reference(op, type, decode(ta.data[i]), decode(tb.data[i])));
            assertValues(ops[op]([ta, tb], { opset: version }), type, want, `${op}-${version} ${type} n=${n}`);
            if (n === a.length) assertValues(await runSession(op, version, type, [ta, tb]), type, want, `${op}-${version} ${type} session`);
          }
        });
      }
      if (version >= 7) {
        test(`${op}-${version}: broadcasting in both orders, scalars, empty and chunk-crossing shapes`, () => {
          const cases = [[[], []], [[], [5]], [[37], []], [[2, 3], [3]], [[3], [2, 3]], [[2, 1], [1, 3]], [[1, 19], [7, 1]],
            [[2, 0, 3], [1, 3]], [[0], []], [[3, 67], [67]], [[67, 3], [67, 1]], [[2, 9001], [2, 1]], [[700, 33], [33]],
            [[5, 1, 1, 17], [5, 2, 1, 1]], [[500, 7], [3, 1, 1]], [[4, 3000], [4, 3000]]];
          // the same loop for every version: one type for the older ones, several for the newest
          const newest = version === VERSIONS[op].at(-1)[0];
          const sample = newest ? ['float32', 'float64', 'float16', 'int8', 'uint64', 'int32'] : ['float32'];
          for (const type of types.filter((t) => sample.includes(t))) {
            const { decode } = codec(type);
            cases.forEach(([sa, sb], c) => {
              for (const shapes of [[sa, sb], [sb, sa]]) {
                const [ta, tb] = shapes.map((s, k) => new Tensor(type, mixedData(type, sizeOf(s), 10 * c + k), s));
                const out = broadcastShape(shapes);
                const want = Array.from({ length: sizeOf(out) }, (_, i) =>
                  reference(op, type, decode(ta.data[inputIndex(out, shapes[0], i)]), decode(tb.data[inputIndex(out, shapes[1], i)])));
                const y = ops[op]([ta, tb], { opset: version });
                assert.deepEqual([...y.dims], out);
                assertValues(y, type, want, `${op}-${version} ${type} ${JSON.stringify(shapes)}`);
              }
            });
          }
        });
      }
    }

    test(`${op}: in place, the output either input, the other broadcast`, () => {
      for (const type of ['float32', 'int16', 'float16']) {
        const { decode } = codec(type);
        for (const k of [0, 1]) {
          const shapes = k === 0 ? [[40, 70], [70]] : [[70], [40, 70]];
          const [ta, tb] = shapes.map((s, j) => new Tensor(type, mixedData(type, sizeOf(s), j + 3), s));
          const want = Array.from({ length: 2800 }, (_, i) =>
            reference(op, type, decode(ta.data[inputIndex([40, 70], shapes[0], i)]), decode(tb.data[inputIndex([40, 70], shapes[1], i)])));
          const target = k === 0 ? ta : tb;
          assert.equal(ops[op]([ta, tb], { out: target }), target);
          assertValues(target, type, want, `${op} ${type} in place into input ${k}`);
        }
      }
    });
  });
}

describe('Add, Sub, Mul, Div: versions 1 and 6 (legacy broadcast)', () => {
  const f32 = (values, dims) => new Tensor('float32', values, dims);
  const isError = (pattern) => (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message);
  const a = f32(Array.from({ length: 24 }, (_, i) => i + 1), [2, 3, 4]);
  const expect = (op, bData, bDims, index) => Array.from({ length: 24 }, (_, i) => reference(op, 'float32', a.data[i], bData[index(i)]));

  for (const op of ['Add', 'Sub', 'Mul', 'Div']) {
    for (const opset of [1, 6]) {
      test(`${op}-${opset}: B a scalar, a suffix, at an axis; refusals`, async () => {
        const label = `${op}-${opset}`;
        const cases = [
          [[2.5], [], {}, () => 0],
          [[-3], [1, 1], {}, () => 0],
          [[1, 2, 3, 4], [4], {}, (i) => i % 4],
          [Array.from({ length: 12 }, (_, i) => i - 5), [3, 4], {}, (i) => i % 12],
          [[7, -8, 9], [3], { axis: 1 }, (i) => Math.floor(i / 4) % 3],
          [[0.5, -2], [2], { axis: 0 }, (i) => Math.floor(i / 12)],
          [[1, 2, 3], [3], { axis: -2 }, (i) => Math.floor(i / 4) % 3],
          // dims of 1 repeat along A's
          [[4, -5, 6], [3, 1], {}, (i) => Math.floor(i / 4) % 3],
          [[1, 2, 3, 4], [1, 4], {}, (i) => i % 4],
          [[1, -2, 3, -4, 5, -6, 7, -8], [2, 1, 4], {}, (i) => Math.floor(i / 12) * 4 + (i % 4)],
          [[9, 8, 7], [1, 3], { axis: 0 }, (i) => Math.floor(i / 4) % 3],
        ];
        for (const [data, dims, extra, index] of cases) {
          const b = f32(data, dims);
          const want = expect(op, b.data, dims, index);
          const attributes = { broadcast: 1, ...extra };
          assertValues(ops[op]([a, b], { opset, ...attributes }), 'float32', want, `${label} ${JSON.stringify(dims)}`);
          assertValues(await runSession(op, opset, 'float32', [a, b], attributes), 'float32', want, `${label} session`);
        }
        const same = f32(Array.from({ length: 24 }, (_, i) => 24 - i), [2, 3, 4]);
        assertValues(ops[op]([a, same], { opset }), 'float32', expect(op, same.data, [], (i) => i), label);
        assert.throws(() => ops[op]([a, f32([1, 2, 3, 4], [4])], { opset }), isError(/without broadcast = 1 this version needs identical shapes/));
        assert.throws(() => ops[op]([a, f32([1, 2, 3], [3])], { opset, broadcast: 1 }), isError(/each of B's dims must equal A's from axis 2 on, or be 1$/));
        assert.throws(() => ops[op]([a, f32([1, 2], [2])], { opset, broadcast: 1, axis: 2 }), isError(/each of B's dims must equal A's from axis 2 on, or be 1$/));
        assert.throws(() => ops[op]([a, f32([1, 2, 3, 4], [2, 2])], { opset, broadcast: 1 }), isError(/A has shape \[2,3,4\], B \[2,2\]; with broadcast = 1, each of B's dims must equal A's from axis 1 on, or be 1$/));
        assert.throws(() => ops[op]([a, f32([1, 2, 3, 4], [4])], { opset, broadcast: 1, axis: 3 }), isError(/attribute 'axis' 3 places B's 1 dims outside A's 3/));
        assert.throws(() => ops[op]([f32([1, 2], [2]), f32([1, 2], [1, 2])], { opset, broadcast: 1 }), isError(/B must not have more dims than A/));
        assert.throws(() => ops[op]([a, a], { opset, broadcast: 2 }), isError(/attribute 'broadcast' must be 0 or 1/));
        assert.throws(() => ops[op]([a, a], { opset: 7, broadcast: 1 }), isError(new RegExp(`^${op}-7: attribute 'broadcast' is not defined`)));
        if (opset === 6) assert.throws(() => ops[op]([a, a], { opset, consumed_inputs: [0] }), isError(/consumed_inputs' is not defined/));
        else assertValues(ops[op]([a, same], { opset, consumed_inputs: [0, 0] }), 'float32', expect(op, same.data, [], (i) => i), label);
      });
    }
  }
});

test("Add-6 with broadcast = 1: ONNX's test_operator_add_size1_broadcast and _singleton_broadcast (B [2, 1], [1, 3])", async () => {
  const a = new Tensor('float64', [1, 2, 3, 4, 5, 6], [2, 3]);
  for (const [b, want] of [[new Tensor('float64', [10, 20], [2, 1]), [11, 12, 13, 24, 25, 26]], [new Tensor('float64', [10, 20, 30], [1, 3]), [11, 22, 33, 14, 25, 36]]]) {
    assert.deepEqual([...ops.Add([a, b], { opset: 6, broadcast: 1 }).data], want);
    assert.deepEqual([...(await runSession('Add', 6, 'float64', [a, b], { broadcast: 1 })).data], want);
  }
});

describe('Div: integers truncate; x / 0 is 0; the lowest / -1 wraps', () => {
  for (const type of INTS) {
    test(type, () => {
      const { array, min, max } = INT_TYPES[type];
      const big = typeof min === 'bigint';
      const n = (v) => (big ? BigInt(v) : v);
      const a = array.from([n(7), min < 0 ? n(-7) : n(9), n(7), max, min, min, n(0), max]);
      const b = array.from([n(2), n(2), n(0), n(0), min < 0 ? n(-1) : n(1), n(1), n(0), max]);
      const want = [n(3), min < 0 ? n(-3) : n(4), n(0), n(0), min, min, n(0), n(1)];
      assert.deepEqual([...ops.Div([new Tensor(type, a), new Tensor(type, b)]).data], want);
    });
  }
});

describe('Relu', () => {
  for (const [version, types] of VERSIONS.Relu) {
    for (const type of types) {
      test(`Relu-${version} ${type}: edge values, ops.* and a session`, async () => {
        const { array, encode, decode, edges, float } = codec(type);
        const x = new Tensor(type, array.from([...edges, ...edges.slice(0, 9)].map(encode)));
        const want = [...x.data].map((v) => referenceMax(decode(v), float ? 0 : codec(type).big ? 0n : 0, float));
        assertValues(ops.Relu(x, { opset: version }), type, want, `Relu-${version} ${type}`);
        assertValues(await runSession('Relu', version, type, [x]), type, want, `Relu-${version} ${type} session`);
      });
    }
  }
  test('refusals: unsigned integers, integers before 14, consumed_inputs after 1', () => {
    assert.throws(() => ops.Relu(new Tensor('uint8', [1])), (e) => e.code === 'INVALID_ARGUMENT' && /Relu-14: input 0 has type uint8/.test(e.message));
    assert.throws(() => ops.Relu(new Tensor('int32', [1]), { opset: 13 }), /Relu-13: input 0 has type int32/);
    assert.throws(() => ops.Relu(new Tensor('float32', [1]), { opset: 6, consumed_inputs: [0] }), /Relu-6: attribute 'consumed_inputs'/);
  });
});

// From Clip-11, an omitted bound is the type's lowest or highest value (numeric_limits): a float
// type's largest finite values; an integer type's clamp nothing.
const limit = (type, sign) => (FLOAT_TYPES[type] ? sign * FLOAT_TYPES[type].max : undefined);

describe('Clip', () => {
  // min(max(x, lo), hi), a bound left out skipped
  const clip = (float, x, lo, hi) => {
    let v = x;
    if (lo !== undefined) v = referenceMax(v, lo, float);
    if (hi !== undefined) v = referenceMin(v, hi, float);
    return v;
  };

  for (const [version, types] of VERSIONS.Clip) {
    for (const type of types) {
      test(`Clip-${version} ${type}: bounds of edge values, each left out, min > max; ops.* and a session`, async () => {
        const { array, encode, decode, edges, float } = codec(type);
        const x = new Tensor(type, array.from([...edges, ...edges].map(encode)));
        const xs = [...x.data].map(decode);
        const pick = (k) => decode(encode(edges[k % edges.length]));
        const bounds = [[pick(1), pick(3)], [pick(3), pick(1)], [pick(4), undefined], [undefined, pick(6)], [undefined, undefined]];
        if (float) bounds.push([-1.5, 2.5], [NaN, 1], [-Infinity, Infinity]);
        for (const [lo, hi] of bounds) {
          const label = `Clip-${version} ${type} [${lo}, ${hi}]`;
          if (version < 11) {
            // absent attributes are float32's lowest and highest
            const F = 3.4028234663852886e38;
            const l = toType(type, lo ?? -F);
            const h = toType(type, hi ?? F);
            const want = xs.map((v) => clip(true, v, l, h));
            const attributes = { ...(lo !== undefined && { min: { type: 'FLOAT', value: lo } }), ...(hi !== undefined && { max: { type: 'FLOAT', value: hi } }) };
            const options = { ...(lo !== undefined && { min: lo }), ...(hi !== undefined && { max: hi }) };
            assertValues(ops.Clip([x], { opset: version, ...options }), type, want, label);
            assertValues(await runSession('Clip', version, type, [x], attributes), type, want, `${label} session`);
          } else {
            const scalar = (v) => (v === undefined ? null : new Tensor(type, array.from([encode(v)]), []));
            const want = xs.map((v) => clip(float, v, lo ?? limit(type, -1), hi ?? limit(type, 1)));
            const inputs = [x, scalar(lo), scalar(hi)];
            assertValues(ops.Clip(inputs, { opset: version }), type, want, label);
            assertValues(await runSession('Clip', version, type, inputs), type, want, `${label} session`);
            if (hi === undefined) assertValues(ops.Clip(inputs.slice(0, lo === undefined ? 1 : 2), { opset: version }), type, want, `${label} trailing left off`);
          }
        }
      });
    }
  }

  test('from version 11, an omitted bound is the type\'s lowest or highest value, not an infinity', () => {
    for (const [type, { max }] of Object.entries(FLOAT_TYPES)) {
      const { array, encode, decode } = codec(type);
      const x = new Tensor(type, array.from([Infinity, -Infinity, NaN, 1].map(encode)));
      const values = (t) => [...t.data].map(decode);
      for (const version of type === 'bfloat16' ? [13] : [11, 12, 13]) {
        assert.deepEqual(values(ops.Clip([x], { opset: version })), [max, -max, NaN, 1], `Clip-${version} ${type}`);
        // min = +inf and no max: max everywhere (but NaN).
        const inf = new Tensor(type, array.from([encode(Infinity)]), []);
        assert.deepEqual(values(ops.Clip([x, inf], { opset: version })), [max, max, NaN, max], `Clip-${version} ${type}, min +inf`);
      }
    }
  });

  test('large inputs (in chunks), in place', () => {
    const x = new Tensor('float32', mixedData('float32', 50001, 4), [50001]);
    const want = [...x.data].map((v) => clip(true, v, -3, 5));
    const y = ops.Clip([x, new Tensor('float32', [-3], []), new Tensor('float32', [5], [])], { out: x });
    assert.equal(y, x);
    assertValues(x, 'float32', want, 'Clip in place');
  });

  test('refusals: bounds that are not one element, attributes by version, types', () => {
    const x = new Tensor('float32', [1, 2, 3]);
    assert.throws(() => ops.Clip([x, new Tensor('float32', [1, 2])]), (e) => e.code === 'INVALID_ARGUMENT' && /Clip-13: input 'min' must be a scalar, not of shape \[2\]/.test(e.message));
    assert.throws(() => ops.Clip([x, null, new Tensor('float32', [], [0])]), /input 'max' must be a scalar, not of shape \[0\]/);
    assert.throws(() => ops.Clip([x], { min: 0 }), /Clip-13: attribute 'min' is not defined by this version \(defined by version 1\)/);
    assert.throws(() => ops.Clip([x, x], { opset: 6 }), /Clip-6/);
    assert.throws(() => ops.Clip([new Tensor('int32', [1])], { opset: 11 }), /Clip-11: input 0 \('input'\) has type int32/);
    assert.throws(() => ops.Clip([x, new Tensor('float64', [1], [])]), /Clip-13: input 1 \('min'\) has type float64 but input 0 has type float32/);
    assert.deepEqual([...ops.Clip([x], { opset: 6, min: 1.5, max: 2 }).data], [1.5, 2, 2]);
  });
});

test('supportedOperators lists every version and its types', () => {
  for (const [op, versions] of Object.entries(VERSIONS)) {
    const rows = supportedOperators().filter((r) => r.op === op);
    assert.deepEqual(rows.map((r) => [r.version, [...r.types].sort()]), versions.map(([v, t]) => [v, [...t].sort()]), op);
  }
});
