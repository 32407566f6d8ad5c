// Session creation grows with the graph, not with its square: a chain of 100,000 nodes created with
// optimizations takes at most twice as long as with none, measured in this process (a ratio, so that a
// slow or busy machine does not fail it). The optimizer's passes run over one index of each value's
// producer and readers (src/onnx/step_index.h); before it, a 20,000-node chain took six times longer at
// 'all' than at 'disabled', and the ratio grew with the chain.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { InferenceSession, Tensor, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

before(() => ready());

const NODES = 100_000;

/** A chain of `NODES` nodes x -> ... -> y, the operators taken in turn from `ops`. */
function chain(ops) {
  const nodes = [];
  for (let i = 0; i < NODES; ++i) {
    nodes.push({ op: ops[i % ops.length], inputs: [i === 0 ? 'x' : `v${i}`], outputs: [i + 1 === NODES ? 'y' : `v${i + 1}`] });
  }
  return buildModel({ opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [4] }], outputs: [{ name: 'y', type: 'float32' }], nodes });
}

/**
 * The fastest of two creations at 'disabled' and at `level`, taken in turn so that the machine's load
 * falls on both; and the last session created at `level`.
 */
async function creationTimes(model, level) {
  const best = { disabled: Infinity, [level]: Infinity };
  let session;
  for (let round = 0; round < 2; ++round) {
    for (const at of ['disabled', level]) {
      session?.release();
      const start = performance.now();
      session = await InferenceSession.create(model, { graphOptimizationLevel: at });
      best[at] = Math.min(best[at], performance.now() - start);
    }
  }
  return { times: best, session };
}

const x = new Tensor('float32', new Float32Array([1.5, -2.5, -0, 3]), [4]);

test(`a chain of ${NODES} Floor and Ceil nodes: created at 'all' within twice 'disabled'`, async () => {
  const model = chain(['Floor', 'Ceil']);
  const { times, session } = await creationTimes(model, 'all');
  assert.ok(times.all <= 2 * times.disabled, `'all' ${times.all.toFixed(0)} ms, 'disabled' ${times.disabled.toFixed(0)} ms`);
  // What 'all' made of it: every step after the first computes in place, and the outputs are right.
  const { steps } = session.graph;
  assert.equal(steps.length, NODES);
  assert.equal(steps[0].kind, 'compute');
  assert.ok(steps.slice(1).every((s) => s.kind === 'in-place'));
  assert.deepEqual([...(await session.run({ x })).y.data], [1, -3, -0, 3]);
  session.release();
});

test(`a chain of ${NODES} Identity nodes: created at 'basic' within twice 'disabled'`, async () => {
  const model = chain(['Identity']);
  const { times, session } = await creationTimes(model, 'basic');
  assert.ok(times.basic <= 2 * times.disabled, `'basic' ${times.basic.toFixed(0)} ms, 'disabled' ${times.disabled.toFixed(0)} ms`);
  // Every Identity but the last, whose output is the graph's, removed; the last reads x.
  assert.equal(session.graph.removed.length, NODES - 1);
  assert.deepEqual(session.graph.steps.map((s) => s.inputs), [['x']]);
  assert.deepEqual([...(await session.run({ x })).y.data], [...x.data]);
  session.release();
});
