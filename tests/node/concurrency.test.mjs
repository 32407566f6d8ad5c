// Many runs in flight at once (issue 12): each returns its own right answer, on one session and across
// sessions; ops.* inside a run's continuation works; release() with runs pending never cuts one short
// (run() does its work before it returns its promise), and a run after release() rejects.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, heapStats, ops, ready, releaseCaches } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

// y = AveragePool(Min(Floor(x), w), kernel 2) on [1, 1, 4]: a different answer for every x.
const model = (w) => buildModel({
  opset: 19,
  inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 4] }],
  outputs: [{ name: 'y', type: 'float32' }],
  initializers: [{ name: 'w', type: 'float32', dims: [1], data: [w] }],
  nodes: [
    { op: 'Floor', inputs: ['x'], outputs: ['f'] },
    { op: 'Min', inputs: ['f', 'w'], outputs: ['m'] },
    { op: 'AveragePool', inputs: ['m'], outputs: ['y'], attributes: { kernel_shape: [2] } },
  ],
});

const input = (i) => [i + 0.5, -i - 0.25, 2 * i + 0.75, i % 7];
function expected(x, w) {
  const m = x.map((v) => Math.min(Math.floor(v), w));
  return [0, 1, 2].map((o) => Math.fround((m[o] + m[o + 1]) / 2));
}

before(() => ready());

test('100 runs in flight on one session: each its own answer', async () => {
  const session = await InferenceSession.create(model(50));
  const runs = Array.from({ length: 100 }, (_, i) => session.run({ x: new Tensor('float32', input(i), [1, 1, 4]) }));
  const outputs = await Promise.all(runs);
  outputs.forEach(({ y }, i) => assert.deepEqual([...y.data], expected(input(i), 50), `run ${i}`));
  session.release();
});

test('100 runs in flight across 10 sessions: each its own answer', async () => {
  const sessions = await Promise.all(Array.from({ length: 10 }, (_, s) => InferenceSession.create(model(10 * s))));
  const runs = Array.from({ length: 100 }, (_, i) => sessions[i % 10].run({ x: new Tensor('float32', input(i), [1, 1, 4]) }));
  const outputs = await Promise.all(runs);
  outputs.forEach(({ y }, i) => assert.deepEqual([...y.data], expected(input(i), 10 * (i % 10)), `run ${i}`));
  for (const s of sessions) s.release();
});

test('ops.* and another run inside a run continuation', async () => {
  const session = await InferenceSession.create(model(3));
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
    session.run({ x: new Tensor('float32', input(i), [1, 1, 4]) }).then(async ({ y }) => {
      const floored = ops.Floor(y);
      const again = await session.run({ x: new Tensor('float32', input(i + 1), [1, 1, 4]) });
      return [[...y.data], [...floored.data], [...again.y.data]];
    })));
  results.forEach(([y, floored, again], i) => {
    assert.deepEqual(y, expected(input(i), 3));
    assert.deepEqual(floored, y.map(Math.floor));
    assert.deepEqual(again, expected(input(i + 1), 3));
  });
  session.release();
});

test('release() with runs pending: they resolve with their outputs; a run after it rejects; the memory is back', async () => {
  releaseCaches();
  const level = heapStats().inUseBytes;
  const session = await InferenceSession.create(model(50));
  const runs = Array.from({ length: 100 }, (_, i) => session.run({ x: new Tensor('float32', input(i), [1, 1, 4]) }));
  session.release();
  const outputs = await Promise.all(runs);
  outputs.forEach(({ y }, i) => assert.deepEqual([...y.data], expected(input(i), 50), `run ${i}`));
  await assert.rejects(session.run({ x: new Tensor('float32', input(0), [1, 1, 4]) }),
    (e) => e instanceof OnnxWasmError && e.message === 'InferenceSession.run: the session has been released');
  releaseCaches();
  assert.equal(heapStats().inUseBytes, level);
});
