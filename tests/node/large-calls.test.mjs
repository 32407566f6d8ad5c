// What a call keeps between calls stays small whatever its size: after each of these calls (issue 22's
// sizes) `inUseBytes` is back within 1 MiB of its level before the first call, with the inputs and
// outputs in JS memory and in wasm memory (those the test made, disposed), through ops.* and through
// InferenceSession on one-node models. The level counts the prepared operators too. Each result is
// spot-checked, so that a call that did nothing cannot pass. Large: run it alone.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { InferenceSession, Tensor, heapStats, ops, ready, releaseCaches, supportedOperators } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

const MiB = 1 << 20;
const inUse = () => heapStats().inUseBytes;
let level = 0;

before(async () => {
  await ready();
  supportedOperators(); // the operator tables, built once on first use (not a cache)
  releaseCaches();
  level = inUse();
});

after(() => releaseCaches());

// `live`: the wasm tensors the test holds at this point, whose bytes are the test's, not kept by the
// runtime.
function assertSmall(what, live = []) {
  const kept = inUse() - level - live.reduce((s, t) => s + (t.location === 'wasm' ? t.size * 4 : 0), 0);
  assert.ok(kept <= MiB, `${what}: ${kept} bytes more in use than before the first call`);
}

// Spot values at `at`: the input gets value(k) at at[k], the rest is 0.
const SPOTS = [0, 1, 4097, 1234567];
const spotted = (n, value, shift = 0) => {
  const data = new Float32Array(n);
  for (const [k, i] of SPOTS.entries()) data[i + shift] = value(k);
  data[n - 1] = value(9);
  return data;
};

// The three calls, each given where its inputs live ('cpu' or 'wasm') and how to run it: run(inputs)
// returns the output Tensor (the caller disposes what it made).
const CASES = [
  {
    name: 'Floor of 600 MB (150M float32)',
    op: 'Floor',
    attributes: {},
    inputs: () => [{ dims: [150e6], data: spotted(150e6, (k) => k + 0.5) }],
    check: (y) => {
      for (const [k, i] of SPOTS.entries()) assert.equal(y.data[i], k);
      assert.equal(y.data[150e6 - 1], 9);
    },
  },
  {
    name: 'Min of two 100 MB tensors',
    op: 'Min',
    attributes: {},
    inputs: () => [
      { dims: [25e6], data: spotted(25e6, (k) => -k) },
      { dims: [25e6], data: spotted(25e6, (k) => -2 * k, 1) },
    ],
    check: (y) => {
      assert.equal(y.data[1], -1);
      assert.equal(y.data[2], -2);
      assert.equal(y.data[4097], -2);
      assert.equal(y.data[4098], -4);
      assert.equal(y.data[25e6 - 1], -18);
    },
  },
  {
    name: 'AveragePool on one 100 MB plane',
    op: 'AveragePool',
    attributes: { kernel_shape: [2, 2], strides: [2, 2] },
    inputs: () => [{ dims: [1, 1, 5000, 5000], data: spotted(25e6, (k) => 4 * (k + 1)) }],
    check: (y) => {
      assert.deepEqual(y.dims, [1, 1, 2500, 2500]);
      assert.equal(y.data[0], 3); // the window of elements 0 (4), 1 (8), 5000 and 5001
      assert.equal(y.data[2500 * 2500 - 1], 10);
    },
  },
];

const tensorsOf = (specs, location) =>
  specs.map(({ dims, data }) => (location === 'wasm' ? Tensor.wasm('float32', dims, data) : new Tensor('float32', data, dims)));

const callOps = (c, inputs, options) => (c.op === 'Min' ? ops.Min(inputs, options) : ops[c.op](inputs[0], { ...c.attributes, ...options }));

for (const c of CASES) {
  test(`${c.name}: ops.*, in JS and in wasm memory`, () => {
    const specs = c.inputs();
    for (const location of ['cpu', 'wasm']) {
      const inputs = tensorsOf(specs, location);
      const y = callOps(c, inputs);
      assert.equal(y.location, location);
      c.check(y);
      const dims = y.dims;
      y.dispose(); // a wasm one: the memory holds at most two of these tensors at once
      assertSmall(`${c.name}, ${location}, new output`, inputs);
      // into a given output, in the same memory
      const out = location === 'wasm' ? Tensor.wasm('float32', dims) : new Tensor('float32', new Float32Array(y.size), dims);
      assert.equal(callOps(c, inputs, { out }), out);
      c.check(out);
      assertSmall(`${c.name}, ${location}, into out`, [...inputs, out]);
      for (const t of [...inputs, out]) t.dispose();
    }
  });

  test(`${c.name}: InferenceSession on a one-node model, in JS and in wasm memory`, async () => {
    const specs = c.inputs();
    const names = specs.map((_, i) => `x${i}`);
    const model = buildModel({
      opset: 22,
      inputs: specs.map(({ dims }, i) => ({ name: names[i], type: 'float32', dims })),
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: c.op, inputs: names, outputs: ['y'], attributes: c.attributes }],
    });
    for (const location of ['cpu', 'wasm']) {
      const session = await InferenceSession.create(model, { preferredOutputLocation: location });
      const inputs = tensorsOf(specs, location);
      const feeds = Object.fromEntries(inputs.map((t, i) => [names[i], t]));
      const { y } = await session.run(feeds);
      assert.equal(y.location, location);
      c.check(y);
      const dims = y.dims;
      y.dispose();
      assertSmall(`${c.name}, session, ${location}`, inputs);
      // into a fetched Tensor in JS memory
      const fetched = new Tensor('float32', new Float32Array(y.size), dims);
      assert.equal((await session.run(feeds, { y: fetched })).y, fetched);
      c.check(fetched);
      assertSmall(`${c.name}, session, ${location}, into a fetched Tensor`, inputs);
      session.release();
      for (const t of inputs) t.dispose();
    }
  });
}
