// Graph optimization (graphOptimizationLevel): every exported model and every ONNX backend case the
// runtime loads (where ONNX_TESTS_DIR has them: tools/test-cases.mjs) gives the same outputs, bit for
// bit (but a folded BatchNormalization's, within ONNX's tolerance), optimized by default and with 'disabled'; what each level does shows in session.graph; feeds
// are never written and no returned output shares memory with a feed or another output.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, decodeTensorProto, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { compareTensors } from '../../tools/conformance-runner.mjs';
import { EXPORTED_DIR, HAS_ONNX_CASES, ONNX_SUITES, SKIPPED_ONNX_CASES, dataSets, exportedCases, onnxCases } from '../../tools/test-cases.mjs';

before(() => ready());

const bytesOf = (t) => new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);

/** Runs the model in `folder` on each of its data sets with `options`; the outputs, or the error. */
async function runFolder(folder, options) {
  let session;
  try {
    session = await InferenceSession.create(readFileSync(join(folder, 'model.onnx')), options);
  } catch (e) {
    return { error: `${e.code}: ${e.message}` };
  }
  try {
    const results = [];
    for (const dataSet of dataSets(folder)) {
      const feeds = Object.fromEntries(session.inputNames.map((name, k) => [name, decodeTensorProto(readFileSync(join(folder, dataSet, `input_${k}.pb`)))]));
      const copies = Object.values(feeds).map((t) => bytesOf(t).slice());
      const outputs = await session.run(feeds);
      Object.values(feeds).forEach((t, k) => assert.deepEqual(bytesOf(t), copies[k], `${dataSet}: a feed was written`));
      results.push(session.outputNames.map((name) => outputs[name]));
    }
    return { results, graph: session.graph };
  } catch (e) {
    return { error: `${e.code}: ${e.message}` };
  } finally {
    session.release();
  }
}

/**
 * Asserts that both runs agree: the same error, or the same outputs byte for byte; but where the
 * optimized graph folded a BatchNormalization into the weights before it, the one rewrite that changes
 * the rounding (graph_optimizer.h, checked against its bound by the native per-pass test), within ONNX's
 * tolerance.
 */
function assertSame(optimized, plain, label) {
  assert.equal(optimized.error, plain.error, label);
  if (plain.error) return;
  const folded = optimized.graph.steps.some((step) => step.opType.endsWith('+BatchNormalization'));
  for (const [s, outputs] of plain.results.entries()) {
    for (const [k, want] of outputs.entries()) {
      const got = optimized.results[s][k];
      assert.equal(got.type, want.type, `${label}: data set ${s}, output ${k}`);
      assert.deepEqual(got.dims, want.dims, `${label}: data set ${s}, output ${k}`);
      if (folded) assert.equal(compareTensors(got, want), null, `${label}: data set ${s}, output ${k} (a BatchNormalization folded)`);
      else assert.deepEqual(bytesOf(got), bytesOf(want), `${label}: data set ${s}, output ${k} differs`);
    }
  }
}

describe('every exported model: the same outputs at every optimization level', () => {
  for (const { name, dir } of exportedCases()) {
    test(name, async () => {
      const plain = await runFolder(dir, { graphOptimizationLevel: 'disabled' });
      assert.equal(plain.error, undefined, 'the model loads and runs');
      assert.equal(plain.graph.steps.length, plain.graph.nodes.length);
      for (const level of ['basic', 'extended', undefined]) assertSame(await runFolder(dir, level && { graphOptimizationLevel: level }), plain, `${name}, ${level ?? 'default'}`);
    });
  }
});

describe('every ONNX backend case: the same outputs (or refusal) optimized and not', { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, () => {
  for (const suite of ONNX_SUITES) {
    test(suite, async () => {
      let loaded = 0;
      for (const { name, dir } of onnxCases().filter((c) => c.name.startsWith(`${suite}/`))) {
        const plain = await runFolder(dir, { graphOptimizationLevel: 'disabled' });
        assertSame(await runFolder(dir), plain, name);
        if (!plain.error) loaded++;
      }
      assert.ok(loaded > 0);
    });
  }
});

test('graphOptimizationLevel: onnxruntime names; anything else is an OnnxWasmError naming the option', async () => {
  const model = buildModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
  });
  for (const level of ['disabled', 'basic', 'extended', 'all']) {
    const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
    assert.equal(session.graph.optimizationLevel, level);
    session.release();
  }
  assert.equal((await InferenceSession.create(model)).graph.optimizationLevel, 'all');
  for (const level of ['ALL', 'none', '', 99, {}]) {
    await assert.rejects(InferenceSession.create(model, { graphOptimizationLevel: level }),
      (e) => e instanceof OnnxWasmError && /^InferenceSession\.create: graphOptimizationLevel must be 'disabled', 'basic', 'extended' or 'all', got/.test(e.message));
  }
});

test('folding and in place, shown in session.graph; the feed is never written', async () => {
  // c = Min(w1, w2) of initializers: folded. y = Round(Floor(Min(x, c))): Floor and Round in place.
  const model = buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [5] }],
    outputs: [{ name: 'y', type: 'float32' }],
    initializers: [
      { name: 'w1', type: 'float32', dims: [5], data: [1, 2, 3, 4, 5] },
      { name: 'w2', type: 'float32', dims: [5], data: [5, 4, 3, 2, -0] },
    ],
    nodes: [
      { op: 'Min', inputs: ['w1', 'w2'], outputs: ['c'] },
      { op: 'Min', inputs: ['x', 'c'], outputs: ['m'] },
      { op: 'Floor', inputs: ['m'], outputs: ['f'] },
      { op: 'Round', inputs: ['f'], outputs: ['y'] },
    ],
  });
  const x = new Tensor('float32', new Float32Array([2.5, -0.5, NaN, 1.5, 9]), [5]);
  const outputs = {};
  for (const level of ['disabled', 'all']) {
    const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
    outputs[level] = (await session.run({ x })).y;
    if (level === 'all') {
      assert.deepEqual(session.graph.folded, [0]);
      assert.deepEqual(session.graph.steps.map((s) => [s.opType, s.kind]), [['Min', 'compute'], ['Floor', 'in-place'], ['Round', 'in-place']]);
    } else {
      assert.deepEqual(session.graph.steps.map((s) => s.nodes), [[0], [1], [2], [3]]);
    }
    session.release();
  }
  assert.deepEqual(bytesOf(outputs.all), bytesOf(outputs.disabled));
  assert.deepEqual([...outputs.all.data], [1, -1, NaN, 1, -0]);
  assert.deepEqual([...x.data], [2.5, -0.5, NaN, 1.5, 9]);
});

test('an exported quantize pipeline: Mul, Round and Clip fused into one step, computed into the pooling output', async () => {
  // (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255), exported at opset 17.
  const model = readFileSync(join(EXPORTED_DIR, 'pool_quantize_opset17', 'model.onnx'));
  const steps = {};
  for (const level of ['basic', 'extended', 'all']) {
    const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
    steps[level] = session.graph.steps.map((s) => [s.opType, s.kind, s.nodes.map((n) => session.graph.nodes[n].opType).join(' ')]);
    session.release();
  }
  // PyTorch writes a Pad of zeros before the pooling: a view at 'basic', fused into the pooling after.
  assert.deepEqual(steps.basic.map(([op, kind]) => `${op} ${kind}`), ['Pad view', 'AveragePool compute', 'Mul compute', 'Round compute', 'Clip compute']);
  assert.deepEqual(steps.extended, [['AveragePool', 'compute', 'Pad AveragePool'], ['Mul+Round+Clip', 'compute', 'Mul Round Clip']]);
  assert.deepEqual(steps.all, [['AveragePool', 'compute', 'Pad AveragePool'], ['Mul+Round+Clip', 'in-place', 'Mul Round Clip']]);
});

test('a Relu, Clip or SiLU after a Conv is applied as the Conv stores its outputs: the same bytes, NaN and infinities through', async () => {
  // The MNIST CNN: Conv, Relu, MaxPool twice, then Gemm; and Conv + Clip(0, 6) (ReLU6), Conv + Clip
  // with min > max (max everywhere) and Conv + SiLU (YOLOv8's x * Sigmoid(x)) on inputs of infinities,
  // NaN and zeros.
  const mnist = readFileSync(new URL('../data/graphs/mnist_cnn/model.onnx', import.meta.url));
  const digit = new Tensor('float32', Float32Array.from({ length: 784 }, (_, i) => (i % 29 === 0 ? 1 : (i % 13) / 13)), [1, 1, 28, 28]);
  const edges = [Infinity, -Infinity, NaN, 0, -0, 0.5, -2, 7];
  const x = new Tensor('float32', Float32Array.from({ length: 2 * 6 * 10 }, (_, i) => (i % 5 === 1 ? edges[i % 8] : ((i % 11) - 5) / 3)), [1, 2, 6, 10]);
  const convThen = (initializers, nodes) => buildModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [1, 2, 6, 10] }], outputs: [{ name: 'y', type: 'float32' }],
    initializers: [
      { name: 'w', type: 'float32', dims: [3, 2, 3, 3], data: Array.from({ length: 54 }, (_, i) => ((i % 9) - 4) / 2) },
      { name: 'b', type: 'float32', dims: [3], data: [-0, 0.5, -1] },
      ...initializers,
    ],
    nodes: [{ op: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['c'], attributes: { pads: [1, 1, 1, 1], strides: [1, 2] } }, ...nodes],
  });
  const clipped = (lo, hi) => convThen(
    [{ name: 'lo', type: 'float32', dims: [], data: [lo] }, { name: 'hi', type: 'float32', dims: [], data: [hi] }],
    [{ op: 'Clip', inputs: ['c', 'lo', 'hi'], outputs: ['y'] }]);
  const silu = convThen([], [{ op: 'Sigmoid', inputs: ['c'], outputs: ['s'] }, { op: 'Mul', inputs: ['c', 's'], outputs: ['y'] }]);
  for (const [name, model, feeds, fused] of [
    ['MNIST', mnist, { x: digit }, ['Conv+Relu', 'MaxPool', 'Conv+Relu', 'MaxPool', 'Flatten', 'Gemm']],
    ['ReLU6', clipped(0, 6), { x }, ['Conv+Clip']],
    ['min > max', clipped(1, -1), { x }, ['Conv+Clip']],
    ['SiLU', silu, { x }, ['Conv+Sigmoid+Mul']],
  ]) {
    const outputs = {};
    for (const level of ['disabled', 'extended']) {
      const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
      if (level === 'extended') assert.deepEqual(session.graph.steps.map((step) => step.opType), fused, name);
      const out = await session.run(feeds);
      outputs[level] = out[session.outputNames[0]];
      session.release();
    }
    // The same values, -0 and +0 apart; a NaN may differ in its sign (a Relu's or Clip's loop keeps it
    // in its scalar tail, where the Conv's store clears it as the loop's vectors do).
    assert.deepEqual([...outputs.extended.data], [...outputs.disabled.data], name);
    assert.ok(outputs.extended.data.every((v, i) => Object.is(v, outputs.disabled.data[i])), name);
    if (name === 'min > max') assert.ok(outputs.extended.data.every((v) => v === -1 || Number.isNaN(v)), name);  // NaN stays NaN
    if (name === 'SiLU') assert.ok(outputs.extended.data.some(Number.isNaN) && outputs.extended.data.includes(Infinity), name);
    if (name === 'ReLU6') assert.ok(outputs.extended.data.some(Number.isNaN) && outputs.extended.data.includes(6) && outputs.extended.data.includes(0), name);
  }
});

test("a fused chain ending in Clip-11 or later without a bound clamps to float32's largest finite values", async () => {
  // y = Clip(Round(x * 2)) with only min (13) or no bound (11): the omitted bounds are ±3.4028235e38.
  const F = 3.4028234663852886e38;
  const x = new Tensor('float32', [Infinity, -Infinity, 2e38, -2e38, NaN, 1.25, -3]);
  for (const [opset, min, want] of [[13, -5, [F, -5, F, -5, NaN, 2, -5]], [11, null, [F, -F, F, -F, NaN, 2, -6]]]) {
    const model = buildModel({
      opset, inputs: [{ name: 'x', type: 'float32', dims: [7] }], outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'two', type: 'float32', dims: [], data: [2] }, ...(min === null ? [] : [{ name: 'lo', type: 'float32', dims: [], data: [min] }])],
      nodes: [
        { op: 'Mul', inputs: ['x', 'two'], outputs: ['m'] },
        { op: 'Round', inputs: ['m'], outputs: ['r'] },
        { op: 'Clip', inputs: min === null ? ['r'] : ['r', 'lo'], outputs: ['y'] },
      ],
    });
    const outputs = {};
    for (const level of ['disabled', 'all']) {
      const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
      if (level === 'all') assert.deepEqual(session.graph.steps.map((step) => step.opType), ['Mul+Round+Clip'], `Clip-${opset}: fused`);
      outputs[level] = (await session.run({ x })).y;
      session.release();
    }
    assert.deepEqual([...outputs.all.data], want, `Clip-${opset}`);
    assert.deepEqual(bytesOf(outputs.all), bytesOf(outputs.disabled), `Clip-${opset}`);
  }
});

test('wasm-resident feeds and outputs: no output shares memory with a feed or another output', async () => {
  // Outputs: the feed x itself, f = Floor(x) (not computed into x: a feed), r = Round(f) (not into f:
  // an output) and the initializer w.
  const model = buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [4] }],
    outputs: [{ name: 'x', type: 'float32' }, { name: 'f', type: 'float32' }, { name: 'r', type: 'float32' }, { name: 'w', type: 'float32' }],
    initializers: [{ name: 'w', type: 'float32', dims: [4], data: [1, 2, 3, 4] }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['f'] }, { op: 'Round', inputs: ['f'], outputs: ['r'] }],
  });
  for (const level of ['disabled', 'all']) {
    const session = await InferenceSession.create(model, { graphOptimizationLevel: level, preferredOutputLocation: 'wasm' });
    const x = Tensor.wasm('float32', [4], new Float32Array([1.5, -2.5, 0.5, 7]));
    const out = await session.run({ x });
    const ranges = [x, ...Object.values(out)].map((t) => [t.data.byteOffset, t.data.byteOffset + t.data.byteLength]);
    for (let a = 0; a < ranges.length; a++) {
      for (let b = a + 1; b < ranges.length; b++) assert.ok(ranges[a][1] <= ranges[b][0] || ranges[b][1] <= ranges[a][0], `${level}: tensors ${a} and ${b} overlap`);
    }
    out.w.data[0] = 100;  // the session's initializer is not the caller's to change
    out.x.data[0] = 100;
    assert.deepEqual([...x.data], [1.5, -2.5, 0.5, 7]);
    const again = await session.run({ x });
    assert.deepEqual([...again.w.data], [1, 2, 3, 4]);
    assert.deepEqual([...again.r.data], [1, -3, 0, 7]);
    for (const t of [x, ...Object.values(out), ...Object.values(again)]) t.dispose();
    session.release();
  }
});
