// And, Or, Xor 1 and 7 and Not 1 through the public API, through ops.* and a one-node InferenceSession
// built with tools/onnx-builder.mjs, against JavaScript's logic on the bytes (any nonzero byte is true,
// the output 0 or 1): every ordered pair of edge bytes, lengths around the vector width, NumPy
// broadcasting in both orders with scalars, empty and chunk-crossing shapes (7), version 1's legacy
// broadcast (B a scalar, a suffix, at an axis, dims of 1), and refusals of other types naming the
// operator's version and input.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex } from './helpers/reference.mjs';

before(() => ready());

const LOGIC = { And: (a, b) => a && b, Or: (a, b) => a || b, Xor: (a, b) => a !== b };
const EDGES = [0, 1, 2, 255, 128];

const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

// n bytes, most 0 or 1, some other nonzero ones
function bytes(n, seed) {
  const next = rng(seed);
  return Uint8Array.from({ length: n }, () => (next() < 0.2 ? EDGES[Math.floor(next() * EDGES.length)] : next() < 0.5 ? 1 : 0));
}

function assertBools(y, want, label) {
  assert.equal(y.type, 'bool', label);
  assert.equal(y.data.length, want.length, label);
  for (let i = 0; i < want.length; i++) {
    if (y.data[i] !== (want[i] ? 1 : 0)) assert.fail(`${label}: element ${i} is ${y.data[i]}, want ${want[i]}`);
  }
}

async function runSession(op, opset, inputs, attributes = {}) {
  const names = inputs.map((_, k) => 'ab'[k]);
  const model = buildModel({
    opset,
    nodes: [{ op, inputs: names, outputs: ['y'], attributes }],
    inputs: inputs.map((t, k) => ({ name: names[k], type: t.type, dims: [...t.dims] })),
    outputs: [{ name: 'y', type: 'bool' }],
  });
  const session = await InferenceSession.create(model);
  try {
    const { y } = await session.run(Object.fromEntries(inputs.map((t, k) => [names[k], t])));
    return y;
  } finally {
    session.release();
  }
}

// The expected output of `op` over a and b, b broadcast to `out` as `bDims` (a's broadcast as `aDims`).
function reference(op, a, aDims, b, bDims, out) {
  return Array.from({ length: sizeOf(out) }, (_, i) => LOGIC[op](a.data[inputIndex(out, aDims, i)] !== 0, b.data[inputIndex(out, bDims, i)] !== 0));
}

for (const op of Object.keys(LOGIC)) {
  describe(op, () => {
    for (const version of [1, 7]) {
      test(`${op}-${version}: every ordered pair of edge bytes, several lengths, ops.* and a session`, async () => {
        const a = EDGES.flatMap((x) => EDGES.map(() => x));
        const b = EDGES.flatMap(() => EDGES);
        for (const n of [a.length, 0, 1, 15, 16, 17, 67, 1000]) {
          const ta = new Tensor('bool', n === a.length ? Uint8Array.from(a) : bytes(n, n), [n]);
          const tb = new Tensor('bool', n === a.length ? Uint8Array.from(b) : bytes(n, n + 100), [n]);
          const want = reference(op, ta, [n], tb, [n], [n]);
          assertBools(ops[op]([ta, tb], { opset: version }), want, `${op}-${version} n=${n}`);
          if (n === a.length || n === 67) assertBools(await runSession(op, version, [ta, tb]), want, `${op}-${version} n=${n} session`);
        }
      });
    }

    test(`${op}-7: broadcasting in both orders, scalars, empty and chunk-crossing shapes`, async () => {
      const cases = [[[], []], [[], [5]], [[37], []], [[2, 3], [3]], [[2, 1], [1, 3]], [[1, 19], [7, 1]], [[2, 0, 3], [1, 3]],
        [[0], []], [[3, 67], [67]], [[67, 3], [67, 1]], [[2, 9001], [2, 1]], [[700, 33], [33]], [[500, 7], [3, 1, 1]], [[4, 5000], [4, 5000]]];
      for (const [c, [sa, sb]] of cases.entries()) {
        for (const shapes of [[sa, sb], [sb, sa]]) {
          const [ta, tb] = shapes.map((s, k) => new Tensor('bool', bytes(sizeOf(s), 10 * c + k), s));
          const out = broadcastShape(shapes);
          const want = reference(op, ta, shapes[0], tb, shapes[1], out);
          const y = ops[op]([ta, tb]);
          assert.deepEqual([...y.dims], out);
          assertBools(y, want, `${op}-7 ${JSON.stringify(shapes)}`);
          if (c % 4 === 0) assertBools(await runSession(op, 7, [ta, tb]), want, `${op}-7 ${JSON.stringify(shapes)} session`);
        }
      }
    });

    test(`${op}-1: the legacy broadcast (B a scalar, a suffix, at an axis, dims of 1); refusals`, async () => {
      const a = new Tensor('bool', bytes(24, 1), [2, 3, 4]);
      // [B's dims, attributes, B's dims placed in A's rank]
      const cases = [
        [[], {}, []],
        [[1], {}, []],
        [[4], {}, [1, 1, 4]],
        [[3, 4], {}, [1, 3, 4]],
        [[3], { axis: 1 }, [1, 3, 1]],
        [[2], { axis: 0 }, [2, 1, 1]],
        [[2, 1], { axis: 0 }, [2, 1, 1]],
        [[1, 4], { axis: -2 }, [1, 1, 4]],
        [[2, 3, 4], {}, [2, 3, 4]],
      ];
      for (const [k, [dims, extra, placed]] of cases.entries()) {
        const b = new Tensor('bool', bytes(sizeOf(dims), 50 + k), dims);
        const want = reference(op, a, a.dims, b, placed, [2, 3, 4]);
        const attributes = { broadcast: 1, ...extra };
        assertBools(ops[op]([a, b], { opset: 1, ...attributes }), want, `${op}-1 ${JSON.stringify(dims)} ${JSON.stringify(extra)}`);
        assertBools(await runSession(op, 1, [a, b], attributes), want, `${op}-1 ${JSON.stringify(dims)} session`);
      }
      // without broadcast, identical shapes only
      const same = new Tensor('bool', bytes(24, 2), [2, 3, 4]);
      assertBools(await runSession(op, 1, [a, same]), reference(op, a, a.dims, same, same.dims, [2, 3, 4]), `${op}-1 identical shapes`);
      const refused = (pattern) => (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message);
      assert.throws(() => ops[op]([a, new Tensor('bool', bytes(4, 3), [4])], { opset: 1 }),
        refused(new RegExp(`^${op}-1: A has shape \\[2,3,4\\], B \\[4\\]; without broadcast = 1 this version needs identical shapes$`)));
      assert.throws(() => ops[op]([a, new Tensor('bool', bytes(3, 3), [3])], { opset: 1, broadcast: 1 }),
        refused(new RegExp(`^${op}-1: .*each of B's dims must equal A's from axis 2 on, or be 1$`)));
      assert.throws(() => ops[op]([a, new Tensor('bool', bytes(3, 3), [3])], { opset: 1, broadcast: 1, axis: 3 }),
        refused(new RegExp(`^${op}-1: attribute 'axis' 3 places B's 1 dims outside A's 3$`)));
      assert.throws(() => ops[op]([a, a], { opset: 7, broadcast: 1 }), (e) => e instanceof OnnxWasmError && /^.+-7: attribute 'broadcast' is not defined by this version/.test(e.message));
    });
  });
}

describe('Not', () => {
  test('Not-1: edge bytes, several lengths and shapes, ops.* and a session', async () => {
    for (const dims of [[EDGES.length], [], [0], [1], [15], [16], [17], [67], [3, 0], [2, 3, 333]]) {
      const x = new Tensor('bool', dims[0] === EDGES.length ? Uint8Array.from(EDGES) : bytes(sizeOf(dims), sizeOf(dims)), dims);
      const want = Array.from(x.data, (v) => v === 0);
      const y = ops.Not(x, { opset: 1 });
      assert.deepEqual([...y.dims], dims);
      assertBools(y, want, `Not [${dims}]`);
      assertBools(await runSession('Not', 1, [x]), want, `Not [${dims}] session`);
    }
    // twice is the input made 0 or 1
    const x = new Tensor('bool', bytes(100, 7), [100]);
    assertBools(ops.Not(ops.Not(x)), Array.from(x.data, (v) => v !== 0), 'Not of Not');
  });
});

describe('the logical operators refuse other types, naming the version and the input', () => {
  const f = new Tensor('float32', [1, 0], [2]);
  const i = new Tensor('int32', [1, 0], [2]);
  const u = new Tensor('uint8', [1, 0], [2]);
  const b = new Tensor('bool', [1, 0], [2]);
  const refused = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
  for (const op of Object.keys(LOGIC)) {
    test(op, async () => {
      assert.throws(() => ops[op]([f, f]), refused(new RegExp(`^${op}-7: input 0 \\('A'\\) has type float32, which this version does not accept`)));
      assert.throws(() => ops[op]([u, u], { opset: 1 }), refused(new RegExp(`^${op}-1: input 0 \\('A'\\) has type uint8, which this version does not accept`)));
      assert.throws(() => ops[op]([b, i]), refused(new RegExp(`^${op}-7: input 1 \\('B'\\) has type int32`)));
      await assert.rejects(runSession(op, 7, [b, f]), refused(new RegExp(`${op}-7.*'B'.*float32`)));
    });
  }
  test('Not', async () => {
    // an operator of one input names it by its index
    assert.throws(() => ops.Not(i), refused(/^Not-1: input 0 has type int32, which this version does not accept \(it accepts bool\)$/));
    assert.throws(() => ops.Not(u), refused(/^Not-1: input 0 has type uint8/));
    await assert.rejects(runSession('Not', 1, [f]), refused(/Not-1.*input 0.*float32/));
  });
});
