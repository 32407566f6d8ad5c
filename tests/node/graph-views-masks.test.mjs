// Graph optimization of slicing and thresholds: Slice and Split outputs as views of their input where
// each part is contiguous (steps of kind 'view'), and comparisons by a scalar with the Where or Cast
// after them fused into an elementwise chain's one pass. Each graph gives at the default level ('all')
// the bytes 'disabled' gives, on edge values (NaN, ±0, ±inf, empty tensors, slices at the ends,
// negative steps, which are not viewed); no output shares memory with a feed or another output, and
// outputs stay as they were after the next run.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, Tensor, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

before(() => ready());

const bytesOf = (t) => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength).slice();
const EDGES = [NaN, -0, 0, Infinity, -Infinity, 0.5, -0.5, 1.5, -2.5, 3e38, -1e-40, 7];
const edgeData = (n, shift = 0) => Float32Array.from({ length: n }, (_, i) => EDGES[(i + shift) % EDGES.length]);
const size = (dims) => dims.reduce((a, b) => a * b, 1);

/**
 * Runs `model` on `feeds` at 'disabled' and at the default level (outputs in wasm memory), twice:
 * the same bytes every time, no output overlapping another or a feed, the feeds unchanged, and the
 * first run's outputs unchanged by the second. Returns the optimized session's steps.
 */
async function assertSameAsDisabled(model, feeds, label) {
  const reference = {};
  const plain = await InferenceSession.create(model, { graphOptimizationLevel: 'disabled' });
  for (const [name, t] of Object.entries(await plain.run(feeds))) reference[name] = { dims: t.dims, bytes: bytesOf(t) };
  plain.release();
  const session = await InferenceSession.create(model, { preferredOutputLocation: 'wasm' });
  const steps = session.graph.steps.map((s) => `${s.opType} ${s.kind}`);
  const fed = Object.values(feeds).map((t) => Tensor.wasm(t.type, t.dims, t.data));
  const wasmFeeds = Object.fromEntries(Object.keys(feeds).map((name, k) => [name, fed[k]]));
  const feedBytes = fed.map(bytesOf);
  const first = await session.run(wasmFeeds);
  const firstBytes = Object.fromEntries(Object.entries(first).map(([name, t]) => [name, bytesOf(t)]));
  const second = await session.run(wasmFeeds);
  for (const out of [first, second]) {
    for (const [name, want] of Object.entries(reference)) {
      assert.deepEqual(out[name].dims, want.dims, `${label}: ${name}'s dims`);
      assert.deepEqual(bytesOf(out[name]), want.bytes, `${label}: ${name} differs from 'disabled'`);
    }
  }
  for (const [name, bytes] of Object.entries(firstBytes)) assert.deepEqual(bytesOf(first[name]), bytes, `${label}: ${name} changed by the next run`);
  fed.forEach((t, k) => assert.deepEqual(bytesOf(t), feedBytes[k], `${label}: a feed was written`));
  const ranges = [...fed, ...Object.values(first), ...Object.values(second)].filter((t) => t.data.byteLength > 0).map((t) => [t.data.byteOffset, t.data.byteOffset + t.data.byteLength]);
  for (let a = 0; a < ranges.length; a++) {
    for (let b = a + 1; b < ranges.length; b++) assert.ok(ranges[a][1] <= ranges[b][0] || ranges[b][1] <= ranges[a][0], `${label}: tensors ${a} and ${b} overlap`);
  }
  for (const t of [...fed, ...Object.values(first), ...Object.values(second)]) t.dispose();
  session.release();
  return steps;
}

describe('Slice and Split: views of their input where the part is contiguous', () => {
  const INT64_MAX = 9223372036854775807n, INT64_MIN = -9223372036854775808n;
  // y = Slice(t) of t = Neg(x), also read by Split; the Neg of y, the Relu of p1 and the Sigmoid of t
  // are steps that compute into their input where no other tensor holds its memory, which the views
  // do here; z = Slice(x) of the feed itself, an output.
  const sliceModel = (dims, [starts, ends, axes, steps]) => buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims }],
    outputs: ['ny', 'p0', 'rp1', 's', 'z'].map((name) => ({ name, type: 'float32' })),
    initializers: [
      { name: 'starts', type: 'int64', dims: [starts.length], data: starts.map(BigInt) },
      { name: 'ends', type: 'int64', dims: [ends.length], data: ends.map(BigInt) },
      { name: 'axes', type: 'int64', dims: [axes.length], data: axes.map(BigInt) },
      { name: 'steps', type: 'int64', dims: [steps.length], data: steps.map(BigInt) },
      { name: 'split', type: 'int64', dims: [2], data: [1n, BigInt(dims[1] - 1)] },
    ],
    nodes: [
      { op: 'Neg', inputs: ['x'], outputs: ['t'] },
      { op: 'Slice', inputs: ['t', 'starts', 'ends', 'axes', 'steps'], outputs: ['y'] },
      { op: 'Neg', inputs: ['y'], outputs: ['ny'] },
      { op: 'Split', inputs: ['t', 'split'], outputs: ['p0', 'p1'], attributes: { axis: 1 } },
      { op: 'Relu', inputs: ['p1'], outputs: ['rp1'] },
      { op: 'Sigmoid', inputs: ['t'], outputs: ['s'] },
      { op: 'Slice', inputs: ['x', 'starts', 'ends', 'axes', 'steps'], outputs: ['z'] },
    ],
  });
  const cases = [
    ['rows 1 to 3', [1, 6, 5], [[1], [3], [1], [1]]],
    ['the last rows, to INT64_MAX', [1, 6, 5], [[4], [INT64_MAX], [1], [1]]],
    ['the first row, from the back', [1, 6, 5], [[-6], [-5], [-2], [1]]],
    ['the end of one row', [1, 6, 5], [[2, 3], [3, 99], [1, 2], [1, 1]]],
    ['empty', [1, 6, 5], [[2], [2], [1], [1]]],
    ['rows reversed (negative step: copied)', [1, 6, 5], [[5], [INT64_MIN], [1], [-1]]],
    ['every other row (copied)', [1, 6, 5], [[0], [6], [1], [2]]],
    ['columns (copied)', [1, 6, 5], [[1], [3], [2], [1]]],
    ['a batch of 2 (copied: the parts are strided)', [2, 6, 5], [[1], [3], [1], [1]]],
    ['an empty input', [1, 6, 0], [[1], [3], [1], [1]]],
  ];
  for (const [label, dims, spec] of cases) {
    test(label, async () => {
      const model = sliceModel(dims, spec);
      const steps = await assertSameAsDisabled(model, { x: new Tensor('float32', edgeData(size(dims)), dims) }, label);
      assert.deepEqual(steps.filter((s) => /^(Slice|Split) /.test(s)).sort(), ['Slice view', 'Slice view', 'Split view']);
    });
  }

  test('a YOLO head cut by Split-18 num_outputs and Slice-10, read by a fused chain', async () => {
    // boxes, scores = Split(x, axis 1) of x [1, 84, n]; a score threshold on Slice(scores, classes 0..1).
    const model = buildModel({
      opset: 18,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 12, 7] }],
      outputs: ['a', 'b', 'c', 'm'].map((name) => ({ name, type: 'float32' })),
      initializers: [
        { name: 'two', type: 'float32', dims: [], data: [2] },
        { name: 'zero', type: 'int64', dims: [1], data: [0n] },
        { name: 'one', type: 'int64', dims: [1], data: [1n] },
      ],
      nodes: [
        { op: 'Split', inputs: ['x'], outputs: ['a', 'b', 'c'], attributes: { axis: 1, num_outputs: 3 } },
        { op: 'Slice', inputs: ['c', 'zero', 'one', 'one'], outputs: ['s'] },
        { op: 'Mul', inputs: ['s', 'two'], outputs: ['s2'] },
        { op: 'Floor', inputs: ['s2'], outputs: ['m'] },
      ],
    });
    const steps = await assertSameAsDisabled(model, { x: new Tensor('float32', edgeData(84, 3), [1, 12, 7]) }, 'YOLO head');
    assert.deepEqual(steps, ['Split view', 'Slice view', 'Mul+Floor in-place']);
  });

  test("'disabled' and 'extended' copy", async () => {
    const model = sliceModel([1, 6, 5], [[1], [3], [1], [1]]);
    for (const level of ['disabled', 'basic', 'extended']) {
      const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
      assert.deepEqual(session.graph.steps.filter((s) => s.opType === 'Slice' || s.opType === 'Split').map((s) => s.kind), ['compute', 'compute', 'compute'], level);
      session.release();
    }
  });
});

describe('comparisons by a scalar, and the Where or Cast choosing by them, fused into a chain', () => {
  const scalar = (name, value) => ({ name, type: 'float32', dims: [], data: [value] });
  // One graph per case: x of `dims` in, y out; `nodes` read x and the constants.
  const model = (nodes, initializers, dims, outputType = 'float32', outputs = ['y']) => buildModel({
    opset: 16,
    inputs: [{ name: 'x', type: 'float32', dims }],
    outputs: outputs.map((name) => ({ name, type: name === 'y' ? outputType : 'float32' })),
    initializers,
    nodes,
  });
  const cases = [
    {
      label: 'x * 2 + 1 > 0.5 ? it : 0 (the value read by the comparison and the Where)',
      nodes: [
        { op: 'Mul', inputs: ['x', 'two'], outputs: ['m'] },
        { op: 'Add', inputs: ['m', 'one'], outputs: ['v'] },
        { op: 'Greater', inputs: ['v', 'half'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'v', 'zero'], outputs: ['y'] },
      ],
      initializers: [scalar('two', 2), scalar('one', 1), scalar('half', 0.5), scalar('zero', 0)],
      steps: ['Mul+Add+Greater+Where compute'],
    },
    {
      label: 'x >= -0 ? -0 : x, from the graph input',
      nodes: [
        { op: 'GreaterOrEqual', inputs: ['x', 'nzero'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'nzero', 'x'], outputs: ['y'] },
      ],
      initializers: [scalar('nzero', -0)],
      steps: ['GreaterOrEqual+Where compute'],
    },
    {
      label: 'Floor(x) == 0 (±0 equal), a bool output',
      nodes: [
        { op: 'Floor', inputs: ['x'], outputs: ['f'] },
        { op: 'Equal', inputs: ['f', 'zero'], outputs: ['y'] },
      ],
      initializers: [scalar('zero', 0)],
      outputType: 'bool',
      steps: ['Floor+Equal compute'],
    },
    {
      label: 'Cast(1.5 < Clip(x, -1, 3)) to float32, the comparison swapped',
      nodes: [
        { op: 'Clip', inputs: ['x', 'lo', 'hi'], outputs: ['k'] },
        { op: 'Less', inputs: ['t', 'k'], outputs: ['c'] },
        { op: 'Cast', inputs: ['c'], outputs: ['y'], attributes: { to: 1 } },
      ],
      initializers: [scalar('lo', -1), scalar('hi', 3), scalar('t', 1.5)],
      steps: ['Clip+Less+Cast compute'],
    },
    {
      label: 'Where(Relu(x) <= 2, 7, Relu(x)): the constant chosen where true',
      nodes: [
        { op: 'Relu', inputs: ['x'], outputs: ['r'] },
        { op: 'LessOrEqual', inputs: ['r', 'two'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'seven', 'r'], outputs: ['y'] },
      ],
      initializers: [scalar('two', 2), scalar('seven', 7)],
      steps: ['Relu+LessOrEqual+Where compute'],
    },
    {
      label: 'Where(x * 3 < 1, 7, -inf): constants both',
      nodes: [
        { op: 'Mul', inputs: ['x', 'three'], outputs: ['m'] },
        { op: 'Less', inputs: ['m', 'one'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'seven', 'ninf'], outputs: ['y'] },
      ],
      initializers: [scalar('three', 3), scalar('one', 1), scalar('seven', 7), scalar('ninf', -Infinity)],
      steps: ['Mul+Less+Where compute'],
    },
    {
      label: 'not fused: the Where chooses from a tensor of two elements',
      nodes: [
        { op: 'Mul', inputs: ['x', 'two'], outputs: ['m'] },
        { op: 'Greater', inputs: ['m', 'two'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'm', 'pair'], outputs: ['y'] },
      ],
      initializers: [scalar('two', 2), { name: 'pair', type: 'float32', dims: [2], data: [1, -1] }],
      dims: [3, 2],
      steps: ['Mul compute', 'Greater compute', 'Where compute'],
    },
    {
      label: 'the value the comparison reads is also an output: the chain starts after it',
      nodes: [
        { op: 'Mul', inputs: ['x', 'two'], outputs: ['m'] },
        { op: 'Greater', inputs: ['m', 'two'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'm', 'two'], outputs: ['y'] },
      ],
      initializers: [scalar('two', 2)],
      outputs: ['y', 'm'],
      steps: ['Mul compute', 'Greater+Where compute'],
    },
    {
      label: 'a constant of higher rank: fused, the nodes run one by one',
      nodes: [
        { op: 'Mul', inputs: ['x', 'two'], outputs: ['m'] },
        { op: 'Greater', inputs: ['m', 'high'], outputs: ['c'] },
        { op: 'Where', inputs: ['c', 'm', 'two'], outputs: ['y'] },
      ],
      initializers: [scalar('two', 2), { name: 'high', type: 'float32', dims: [1, 1, 1], data: [0] }],
      steps: ['Mul+Greater+Where compute'],
    },
  ];
  for (const { label, nodes, initializers, dims, outputType, outputs, steps } of cases) {
    test(label, async () => {
      const shapes = dims ? [dims] : [[600], [37], [0], [3]];
      for (const shape of shapes) {
        const m = model(nodes, initializers, shape, outputType, outputs);
        const got = await assertSameAsDisabled(m, { x: new Tensor('float32', edgeData(size(shape), shape[0] ?? 0), shape) }, `${label} ${JSON.stringify(shape)}`);
        assert.deepEqual(got, steps);
      }
    });
  }

  test('computed into the input where nothing else reads it, the mask chosen by a Cast of bool', async () => {
    // y = Where(Floor(x) > 0, Floor(x), 0) after a Neg: the fused chain computes into Neg's output.
    const m = model([
      { op: 'Neg', inputs: ['x'], outputs: ['n'] },
      { op: 'Floor', inputs: ['n'], outputs: ['f'] },
      { op: 'Greater', inputs: ['f', 'zero'], outputs: ['c'] },
      { op: 'Where', inputs: ['c', 'f', 'zero'], outputs: ['y'] },
    ], [scalar('zero', 0)], [300]);
    const steps = await assertSameAsDisabled(m, { x: new Tensor('float32', edgeData(300), [300]) }, 'in place');
    assert.deepEqual(steps, ['Neg compute', 'Floor+Greater+Where in-place']);
  });
});
