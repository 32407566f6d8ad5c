// Session creation grows with the graph, not with its square: a chain of 100,000 nodes created with
// optimizations takes at most twice as long as with none, measured in this process (a ratio, so that a
// slow or busy machine does not fail it). The optimizer's passes run over one index of each value's
// producer and readers (src/onnx/step_index.h); before it, a 20,000-node chain took six times longer at
// 'all' than at 'disabled', and the ratio grew with the chain. Likewise a graph of many If nodes and a
// deep nest of them, which is also created within a small multiple of a chain of as many nodes: each
// branch is indexed by its own values and those it reads (GraphValues, src/onnx/step.h), not every
// value of the session, which made 'disabled' too grow with the square of the Ifs (5,000 took 70 s).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { InferenceSession, Tensor, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

before(() => ready());

const NODES = 100_000;

/** A chain of `count` nodes x -> ... -> y, the operators taken in turn from `ops`. */
function chain(ops, count = NODES) {
  const nodes = [];
  for (let i = 0; i < count; ++i) {
    nodes.push({ op: ops[i % ops.length], inputs: [i === 0 ? 'x' : `v${i}`], outputs: [i + 1 === count ? 'y' : `v${i + 1}`] });
  }
  return buildModel({ opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [4] }], outputs: [{ name: 'y', type: 'float32' }], nodes });
}

/**
 * The fastest of two creations at 'disabled' and at `level`, taken in turn so that the machine's load
 * falls on both (and on `alongside`'s creations, at 'disabled', if given); and the last session
 * created at `level`.
 */
async function creationTimes(model, level, alongside) {
  const creations = [['disabled', model, 'disabled'], [level, model, level]];
  if (alongside) creations.push(['alongside', alongside, 'disabled']);
  const best = Object.fromEntries(creations.map(([name]) => [name, Infinity]));
  let session;
  for (let round = 0; round < 2; ++round) {
    for (const [name, created, at] of creations) {
      const start = performance.now();
      const made = await InferenceSession.create(created, { graphOptimizationLevel: at });
      best[name] = Math.min(best[name], performance.now() - start);
      if (name === level) {
        session?.release();
        session = made;
      } else {
        made.release();
      }
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

const IFS = 5_000;
const NEST = 16; // the deepest nesting a model may have (kMaxGraphNesting, src/onnx/model_decoder.h)
const NEST_NODES = 2_000; // in each nested then-branch

const IF_MODEL_NODES = 3 * IFS + NEST + NEST * NEST_NODES;

const branch = (nodes, outputs) => ({ type: 'GRAPH', value: { name: 'branch', nodes, outputs } });
const ifNode = (outputs, thenBranch, elseBranch) => ({
  op: 'If', inputs: ['cond'], outputs, attributes: { then_branch: thenBranch, else_branch: elseBranch },
});

/** `count` nodes from `input` to `output`, Floor and Ceil in turn, their values named after `prefix`. */
function chainNodes(input, output, count, prefix) {
  return Array.from({ length: count }, (_, i) => ({
    op: i % 2 ? 'Ceil' : 'Floor', inputs: [i === 0 ? input : `${prefix}${i}`], outputs: [i + 1 === count ? output : `${prefix}${i + 1}`],
  }));
}

/** A then-branch nested `depth` deep below `input`: a chain, then an If nested one less deep; its output `output`. */
function nested(input, output, depth) {
  const chained = `n${depth}`;
  if (depth === 1) return branch(chainNodes(input, output, NEST_NODES, `n${depth}_`), [{ name: output, type: 'float32' }]);
  return branch([
    ...chainNodes(input, chained, NEST_NODES, `n${depth}_`),
    ifNode([output], nested(chained, `r${depth - 1}`, depth - 1), branch([], [{ name: chained, type: 'float32' }])),
  ], [{ name: output, type: 'float32' }]);
}

/**
 * `IFS` If nodes in a chain, each branch one node reading the value before (Floor, else Ceil), then an
 * If whose then-branch nests `NEST` deep, each level a chain of `NEST_NODES` nodes: `IF_MODEL_NODES`
 * nodes in all.
 */
function manyIfs() {
  const nodes = [];
  for (let i = 0; i < IFS; ++i) {
    nodes.push(ifNode([`v${i + 1}`],
      branch([{ op: 'Floor', inputs: [i === 0 ? 'x' : `v${i}`], outputs: [`t${i}`] }], [{ name: `t${i}`, type: 'float32' }]),
      branch([{ op: 'Ceil', inputs: [i === 0 ? 'x' : `v${i}`], outputs: [`e${i}`] }], [{ name: `e${i}`, type: 'float32' }])));
  }
  nodes.push(ifNode(['y'], nested(`v${IFS}`, `r${NEST}`, NEST), branch([], [{ name: `v${IFS}`, type: 'float32' }])));
  return buildModel({
    opset: 16,
    inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [4] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes,
  });
}

test(`${IFS} If nodes and an If nested ${NEST} deep: created at 'all' within twice 'disabled', within 3 times a chain`, async () => {
  const { times, session } = await creationTimes(manyIfs(), 'all', chain(['Floor', 'Ceil'], IF_MODEL_NODES));
  const ms = (name) => `'${name}' ${times[name].toFixed(0)} ms`;
  assert.ok(times.all <= 2 * times.disabled, `${ms('all')}, ${ms('disabled')}`);
  assert.ok(times.disabled <= 3 * times.alongside, `${ms('disabled')}, a chain of ${IF_MODEL_NODES} nodes ${ms('alongside')}`);
  // The model's graph is its Ifs; the outputs are right.
  assert.equal(session.graph.steps.length, IFS + 1);
  for (const [cond, want] of [[1, [1, -3, -0, 3]], [0, [2, -2, -0, 3]]]) {
    const { y } = await session.run({ cond: new Tensor('bool', new Uint8Array([cond]), []), x });
    assert.deepEqual([...y.data], want, `cond ${cond}`);
  }
  session.release();
});
