// Constant weights prepared once at session creation (Kernel::prepare_constants: Conv, MatMul and Gemm
// pack them for the GEMM core, LSTM, GRU and RNN their W for it and their R for the steps): a session whose
// weights are initializers gives ops.*'s bytes (ops.* never prepares), over the shapes each path takes
// (groups, 1x1, 3-D, depthwise left to its direct kernel, batched A, transposed B, several packing
// blocks, both directions, batch first); the packed Conv, MatMul and Gemm against an independent float64
// reference, with NaN, infinities and ±0 among the data and the weights; and an initializer that a feed
// replaces is not used in place of the feed.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { rng } from '../../tools/values.mjs';
import { randomData } from './helpers/product-data.mjs';
import { checkProduct, referenceConv, referenceGemm, referenceMatMul } from './helpers/product-reference.mjs';

before(() => ready());

const size = (dims) => dims.reduce((a, b) => a * b, 1);

// A model of one `op` node: `fed` graph inputs, then `constants` as initializers (each { dims, data }),
// in the node's input order (`order`: indices into fed followed by constants; default fed then constants).
async function oneNode(op, opset, fed, constants, attributes, outputs = ['y']) {
  const model = buildModel({
    opset,
    inputs: fed.map((f, i) => ({ name: `x${i}`, type: 'float32', dims: f.dims })),
    outputs: outputs.map((name) => ({ name, type: 'float32' })),
    initializers: constants.map((c, i) => ({ name: `c${i}`, type: 'float32', dims: c.dims, data: [...c.data] })),
    nodes: [{ op, inputs: [...fed.map((_, i) => `x${i}`), ...constants.map((_, i) => `c${i}`)], outputs, attributes }],
  });
  const session = await InferenceSession.create(model);
  const feeds = Object.fromEntries(fed.map((f, i) => [`x${i}`, new Tensor('float32', f.data, f.dims)]));
  const result = await session.run(feeds);
  session.release();
  const want = ops[op]([...fed, ...constants].map((t) => new Tensor('float32', t.data, t.dims)), { opset, ...attributes });
  const wants = Array.isArray(want) ? want : [want];
  outputs.forEach((name, i) => {
    assert.deepEqual([...result[name].dims], [...wants[i].dims], `${op} ${name}: shape`);
    assert.deepEqual([...result[name].data], [...wants[i].data], `${op} ${name}: the bytes of ops.${op}`);
  });
}

const data = (dims, next) => ({ dims, data: randomData('float32', size(dims), next, false) });
// With NaN, infinities and ±0 mixed in.
const edgyData = (dims, next) => ({ dims, data: randomData('float32', size(dims), next, true) });

// The output of a session running one `op` node whose weights (`constants`) are initializers, which
// the session packs.
async function sessionOutput(op, opset, fed, constants, attributes) {
  const model = buildModel({
    opset,
    inputs: fed.map((f, i) => ({ name: `x${i}`, type: 'float32', dims: f.dims })),
    outputs: [{ name: 'y', type: 'float32' }],
    initializers: constants.map((c, i) => ({ name: `c${i}`, type: 'float32', dims: c.dims, data: [...c.data] })),
    nodes: [{ op, inputs: [...fed.map((_, i) => `x${i}`), ...constants.map((_, i) => `c${i}`)], outputs: ['y'], attributes }],
  });
  const session = await InferenceSession.create(model);
  const { y } = await session.run(Object.fromEntries(fed.map((f, i) => [`x${i}`, new Tensor('float32', f.data, f.dims)])));
  session.release();
  return y;
}

function checkAgainst(reference, y, label) {
  assert.deepEqual([...y.dims], reference.dims, `${label}: shape`);
  checkProduct('float32', y.data, reference.want, label);
}

describe('Constant weights packed at session creation against a float64 reference', () => {
  const values = (t) => Array.from(t.data);

  test('Conv: plain, strided and padded, grouped, 1x1, 1-D and 3-D, past a packed block; edge values', async () => {
    const next = rng(11);
    const cases = [
      [[1, 8, 12, 12], [16, 8, 3, 3], { pads: [1, 1, 1, 1] }],
      [[2, 6, 11, 9], [12, 3, 3, 3], { group: 2, strides: [2, 2], pads: [0, 1, 2, 0] }],
      [[1, 16, 10, 10], [8, 16, 1, 1], {}],
      [[1, 4, 30], [7, 4, 5], { dilations: [2], auto_pad: 'SAME_UPPER' }],
      [[1, 3, 5, 6, 7], [4, 3, 2, 3, 2], { pads: [1, 0, 1, 1, 0, 1] }],
      [[1, 40, 9, 9], [70, 40, 3, 3], { pads: [1, 1, 1, 1] }],  // m past a packed block's rows, k past its depth
    ];
    for (const [xDims, wDims, attributes] of cases) {
      const x = edgyData(xDims, next), w = edgyData(wDims, next), b = edgyData([wDims[0]], next);
      for (const bias of [b, null]) {
        const y = await sessionOutput('Conv', 22, [x], bias ? [w, bias] : [w], attributes);
        const label = `Conv x [${xDims}] w [${wDims}] ${JSON.stringify(attributes)}${bias ? ' with bias' : ''}`;
        checkAgainst(referenceConv('float32', values(x), xDims, values(w), wDims, bias && values(bias), attributes), y, label);
      }
    }
  });

  test('MatMul: a row, batched A, B of rank 3 and 1, wider than a packed block; edge values', async () => {
    const next = rng(12);
    for (const [aDims, bDims] of [[[1, 32], [32, 300]], [[2, 3, 7, 20], [20, 9]], [[5, 17], [1, 17, 4]], [[3, 300], [300, 70]], [[4, 6], [6]]]) {
      const a = edgyData(aDims, next), b = edgyData(bDims, next);
      const y = await sessionOutput('MatMul', 13, [a], [b], {});
      checkAgainst(referenceMatMul('float32', values(a), aDims, values(b), bDims), y, `MatMul [${aDims}] x [${bDims}]`);
    }
  });

  test('Gemm: B plain and transposed, alpha, beta, C broadcast; edge values', async () => {
    const next = rng(13);
    const cases = [
      [[7, 30], [30, 19], [19], { alpha: 0.5, beta: 1.5 }],
      [[130, 260], [40, 260], null, { transB: 1 }],
      [[30, 7], [19, 30], [7, 19], { transA: 1, transB: 1, alpha: -2.5 }],
      [[9, 33], [33, 5], [9, 1], { beta: -0.25 }],
      [[3, 4], [4, 6], [], { beta: 2.5 }],
    ];
    for (const [aDims, bDims, cDims, attributes] of cases) {
      const a = edgyData(aDims, next), b = edgyData(bDims, next), c = cDims && edgyData(cDims, next);
      const y = await sessionOutput('Gemm', 13, [a], c ? [b, c] : [b], attributes);
      const want = referenceGemm('float32', values(a), aDims, values(b), bDims, c && values(c), cDims, attributes);
      checkAgainst(want, y, `Gemm [${aDims}] [${bDims}] C [${cDims}] ${JSON.stringify(attributes)}`);
    }
  });
});

describe('Constant weights packed at session creation give ops.*\'s bytes', () => {
  test('Conv: 3x3, strided, grouped, 1x1, 1-D and 3-D, with and without bias; depthwise', async () => {
    const next = rng(3);
    const cases = [
      [[1, 8, 12, 12], [16, 8, 3, 3], { pads: [1, 1, 1, 1] }],
      [[2, 6, 11, 9], [12, 3, 3, 3], { group: 2, strides: [2, 2] }],
      [[1, 16, 10, 10], [8, 16, 1, 1], {}],
      [[1, 4, 30], [7, 4, 5], { dilations: [2] }],
      [[1, 3, 5, 6, 7], [4, 3, 2, 3, 2], { pads: [1, 0, 1, 1, 0, 1] }],
      [[1, 40, 30, 30], [70, 40, 3, 3], { pads: [1, 1, 1, 1] }],  // m past a packed block's rows, k past its depth
      [[1, 8, 9, 9], [16, 1, 3, 3], { group: 8 }],  // depthwise: the direct kernel
    ];
    for (const [x, w, attributes] of cases) {
      await oneNode('Conv', 22, [data(x, next)], [data(w, next), data([w[0]], next)], attributes);
      await oneNode('Conv', 11, [data(x, next)], [data(w, next)], attributes);
    }
  });

  test('MatMul: a row, batched A, B of rank 3 with one matrix, wider than a packed block', async () => {
    const next = rng(4);
    for (const [a, b] of [[[1, 32], [32, 300]], [[2, 3, 7, 20], [20, 9]], [[5, 17], [1, 17, 4]], [[3, 300], [300, 2100]], [[4, 6], [6]]])
      await oneNode('MatMul', 13, [data(a, next)], [data(b, next)], {});
  });

  test('Gemm: B plain and transposed, alpha, beta and C', async () => {
    const next = rng(5);
    await oneNode('Gemm', 13, [data([7, 30], next)], [data([30, 19], next), data([19], next)], { alpha: 0.5, beta: 1.5 });
    await oneNode('Gemm', 13, [data([130, 260], next)], [data([40, 260], next)], { transB: 1 });
    await oneNode('Gemm', 11, [data([30, 7], next)], [data([19, 30], next), data([7, 19], next)], { transA: 1, transB: 1 });
  });

  test('LSTM, GRU and RNN: forward, bidirectional, batch first, one batch row', async () => {
    const next = rng(7);
    const input = 10;
    for (const [op, gates, outputs] of [['LSTM', 4, ['y', 'yh', 'yc']], ['GRU', 3, ['y', 'yh']], ['RNN', 1, ['y', 'yh']]]) {
      for (const [dirs, attributes, x, h] of [[1, {}, [7, 2, input], 12], [2, { direction: 'bidirectional' }, [5, 3, input], 12],
        [1, { layout: 1 }, [2, 9, input], 12], [1, {}, [6, 1, input], 37]]) {
        const weights = [data([dirs, gates * h, input], next), data([dirs, gates * h, h], next), data([dirs, 2 * gates * h], next)];
        await oneNode(op, 14, [data(x, next)], weights, { hidden_size: h, ...attributes }, outputs);
      }
    }
  });

  test('an initializer a feed replaces is not used in place of the feed', async () => {
    const next = rng(6);
    const x = data([1, 4, 6, 6], next), w = data([5, 4, 3, 3], next), fedW = data([5, 4, 3, 3], next);
    const model = buildModel({
      opset: 13,
      inputs: [{ name: 'x', type: 'float32', dims: x.dims }, { name: 'w', type: 'float32', dims: w.dims }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'w', type: 'float32', dims: w.dims, data: [...w.data] }],
      nodes: [{ op: 'Conv', inputs: ['x', 'w'], outputs: ['y'] }],
    });
    const session = await InferenceSession.create(model);
    const X = new Tensor('float32', x.data, x.dims);
    for (const weights of [fedW, w]) {
      const { y } = await session.run({ x: X, w: new Tensor('float32', weights.data, weights.dims) });
      assert.deepEqual([...y.data], [...ops.Conv([X, new Tensor('float32', weights.data, weights.dims)]).data]);
    }
    const { y } = await session.run({ x: X });
    assert.deepEqual([...y.data], [...ops.Conv([X, new Tensor('float32', w.data, w.dims)]).data]);
    session.release();
  });
});
