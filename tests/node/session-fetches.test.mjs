// InferenceSession.run(feeds, fetches) as in onnxruntime-web (output names, or preallocated Tensors
// filled in place) and the session option preferredOutputLocation. Values are checked against
// Math.floor / Math.min written here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ready, supportedOperators } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, INT_TYPES, floatData, randomInt, rng } from '../../tools/values.mjs';

await ready();

// y = Floor(x), m = Min(x, w) with w = [0.5, ...]: two outputs of x's dims [2, 3].
const model = buildModel({
  opset: 13,
  inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }],
  outputs: [{ name: 'y', type: 'float32' }, { name: 'm', type: 'float32' }],
  initializers: [{ name: 'w', type: 'float32', dims: [3], data: [0.5, 0.5, 0.5] }],
  nodes: [
    { op: 'Floor', inputs: ['x'], outputs: ['y'] },
    { op: 'Min', inputs: ['x', 'w'], outputs: ['m'] },
  ],
});
const values = [1.5, -2.5, 0.25, 3, -0.5, 7.75];
const x = new Tensor('float32', new Float32Array(values), [2, 3]);
const wantY = values.map(Math.floor);
const wantM = values.map((v) => Math.fround(Math.min(v, 0.5)));
const is = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);

test('fetches: an array of output names returns those outputs only', async () => {
  const session = await InferenceSession.create(model);
  const only = await session.run({ x }, ['m']);
  assert.deepEqual(Object.keys(only), ['m']);
  assert.deepEqual([...only.m.data], wantM);
  const both = await session.run({ x }, ['y', 'm']);
  assert.deepEqual([...both.y.data], wantY);
  await assert.rejects(session.run({ x }, ['z']), is(/^InferenceSession.run: fetches names 'z', which is not an output of the model \(its outputs: 'y', 'm'\)$/));
  session.release();
});

test('fetches: preallocated Tensors in JS and wasm memory are filled in place and returned', async () => {
  const session = await InferenceSession.create(model);
  const y = new Tensor('float32', new Float32Array(6), [2, 3]);
  const m = Tensor.wasm('float32', [2, 3]);
  for (let round = 0; round < 2; round++) {
    const result = await session.run({ x }, { y, m });
    assert.equal(result.y, y);
    assert.equal(result.m, m);
    assert.deepEqual([...y.data], wantY);
    assert.deepEqual([...m.data], wantM);
  }
  // null: a new Tensor; an output left out is not returned
  const some = await session.run({ x }, { y: null });
  assert.deepEqual(Object.keys(some), ['y']);
  assert.notEqual(some.y, y);
  assert.deepEqual([...some.y.data], wantY);
  // a feed may be fetched into: the model has read it before outputs are copied
  const xx = new Tensor('float32', new Float32Array(values), [2, 3]);
  await session.run({ x: xx }, { y: xx });
  assert.deepEqual([...xx.data], wantY);
  m.dispose();
  session.release();
});

test('fetches: a wrong preallocated Tensor is an error naming the output and what differs', async () => {
  const session = await InferenceSession.create(model);
  await assert.rejects(session.run({ x }, { y: new Tensor('float32', new Float32Array(6), [6]) }), is(/^InferenceSession.run: the Tensor fetched for output 'y' has dims \[6\] but the output has dims \[2, 3\]$/));
  await assert.rejects(session.run({ x }, { m: new Tensor('float64', new Float64Array(6), [2, 3]) }), is(/the Tensor fetched for output 'm' has type float64 but the output has type float32/));
  const disposed = Tensor.wasm('float32', [2, 3]);
  disposed.dispose();
  await assert.rejects(session.run({ x }, { y: disposed }), is(/the Tensor fetched for output 'y' is a wasm tensor used after dispose\(\)/));
  await assert.rejects(session.run({ x }, { y: new Float32Array(6) }), is(/^InferenceSession.run: fetches\['y'\] must be a Tensor or null$/));
  await assert.rejects(session.run({ x }, { y: null, nope: null }), is(/fetches names 'nope', which is not an output/));
  await assert.rejects(session.run({ x }, 'y'), is(/fetches must be an array of output names or an object/));
  // run options (an object naming no output), as onnxruntime-web's run(feeds, options)
  const all = await session.run({ x }, { logSeverityLevel: 3 });
  assert.deepEqual(Object.keys(all), ['y', 'm']);
  // the session still runs: a failed fill leaks nothing (each failed run gave back its outputs)
  assert.deepEqual([...(await session.run({ x })).y.data], wantY);
  session.release();
});

test('preferredOutputLocation: wasm for all outputs or by name; errors for other values', async () => {
  const wasmAll = await InferenceSession.create(model, { preferredOutputLocation: 'wasm' });
  const r = await wasmAll.run({ x });
  assert.equal(r.y.location, 'wasm');
  assert.equal(r.m.location, 'wasm');
  assert.deepEqual([...r.y.data], wantY);
  assert.deepEqual([...r.m.data], wantM);
  r.y.dispose();
  r.m.dispose();
  // a preallocated fetch wins over the preferred location
  const y = new Tensor('float32', new Float32Array(6), [2, 3]);
  assert.equal((await wasmAll.run({ x }, { y })).y, y);
  wasmAll.release();

  const byName = await InferenceSession.create(model, { preferredOutputLocation: { m: 'wasm' } });
  const s = await byName.run({ x });
  assert.equal(s.y.location, 'cpu');
  assert.equal(s.m.location, 'wasm');
  assert.deepEqual([...s.m.data], wantM);
  s.m.dispose();
  byName.release();

  await assert.rejects(InferenceSession.create(model, { preferredOutputLocation: 'gpu-buffer' }), is(/^InferenceSession.create: preferredOutputLocation must be 'cpu' or 'wasm', got 'gpu-buffer'$/));
  await assert.rejects(InferenceSession.create(model, { preferredOutputLocation: { y: 'texture' } }), is(/preferredOutputLocation\['y'\] must be 'cpu' or 'wasm', got 'texture'/));
  await assert.rejects(InferenceSession.create(model, { preferredOutputLocation: { z: 'wasm' } }), is(/preferredOutputLocation names 'z', which is not an output of the model/));
});

// A model that is one Floor, Ceil, Round, Min or AveragePool node fetched into a Tensor in JS memory
// runs as ops.* with options.out does: large calls in blocks (js/calls.mjs). Each result here must
// equal, bit for bit, the same run with the output left to the session (a whole run), at sizes around
// the block size (512 KiB: a call that needs more than one is blocked), for every type.
const newest = (op) => supportedOperators().filter((r) => r.op === op).at(-1);
const BLOCK_BYTES = 512 * 1024;

function valuesOf(type, n, seed) {
  if (FLOAT_TYPES[type]) return floatData(type, n, seed);
  const next = rng(seed);
  return INT_TYPES[type].array.from({ length: n }, () => randomInt(type, next));
}
const arrayOf = (type) => (FLOAT_TYPES[type] ?? INT_TYPES[type]).array;

function assertSameBytes(got, want, what) {
  const a = Buffer.from(got.buffer, got.byteOffset, got.byteLength);
  const b = Buffer.from(want.buffer, want.byteOffset, want.byteLength);
  assert.equal(a.length, b.length, `${what}: byte length`);
  if (a.equals(b)) return;
  const i = a.findIndex((v, k) => v !== b[k]);
  assert.fail(`${what}: byte ${i} is ${a[i]}, want ${b[i]}`);
}

// The whole run's output, then the fetch into a Tensor in JS memory (fresh, then again into the same
// one) and into (a copy of) each feed laid out like the output: each must equal it.
async function assertFetchesEqualWholeRun(session, feeds, what) {
  const want = (await session.run(feeds)).y;
  const y = new Tensor(want.type, new (arrayOf(want.type))(want.size).fill(arrayOf(want.type) === BigInt64Array || arrayOf(want.type) === BigUint64Array ? 7n : 7), want.dims);
  for (let round = 0; round < 2; round++) {
    assert.equal((await session.run(feeds, { y })).y, y);
    assertSameBytes(y.data, want.data, `${what}, round ${round}`);
  }
  for (const [name, t] of Object.entries(feeds)) {
    if (t.type !== want.type || t.dims.join() !== want.dims.join()) continue;
    const copy = { ...feeds, [name]: new Tensor(t.type, t.data.slice(), t.dims) };
    assert.equal((await session.run(copy, { y: copy[name] })).y, copy[name]);
    assertSameBytes(copy[name].data, want.data, `${what}, in place over '${name}'`);
  }
}

for (const op of ['Floor', 'Ceil', 'Round']) {
  test(`a one-node ${op} model's fetch, blocked, equals a whole run for every type and sizes around the block`, async () => {
    for (const type of newest(op).types) {
      const bytes = arrayOf(type).BYTES_PER_ELEMENT;
      for (const n of [BLOCK_BYTES / bytes, BLOCK_BYTES / bytes + 1, (7 * BLOCK_BYTES) / (2 * bytes) + 3]) {
        const session = await InferenceSession.create(buildModel({
          opset: newest(op).version,
          inputs: [{ name: 'x', type, dims: ['N'] }],
          outputs: [{ name: 'y', type }],
          nodes: [{ op, inputs: ['x'], outputs: ['y'] }],
        }));
        await assertFetchesEqualWholeRun(session, { x: new Tensor(type, valuesOf(type, n, n), [n]) }, `${op} ${type} [${n}]`);
        session.release();
      }
    }
  });
}

test("a one-node Min model's fetch, blocked, equals a whole run for every type, with broadcasting", async () => {
  const shapes = [
    [[1000, 700], [1000, 700]],
    [[1000, 700], [700]], // a row broadcast over the blocks
    [[1000, 1], [1000, 700], [1, 700]], // a column, the full one, a row
    [[3, 400, 700], [400, 1], [3, 1, 700]], // blocks over the first axis only
  ];
  const sizeOf = (d) => d.reduce((x, y) => x * y, 1);
  const most = Math.max(...shapes.flat().map(sizeOf));
  for (const type of newest('Min').types) {
    const values = valuesOf(type, most + 3 * 997, 3); // input i: its elements from 997 * i on
    for (const dims of shapes) {
      const names = dims.map((_, i) => `x${i}`);
      const session = await InferenceSession.create(buildModel({
        opset: newest('Min').version,
        inputs: dims.map((d, i) => ({ name: names[i], type, dims: d })),
        outputs: [{ name: 'y', type }],
        nodes: [{ op: 'Min', inputs: names, outputs: ['y'] }],
      }));
      const feeds = Object.fromEntries(dims.map((d, i) => [names[i], new Tensor(type, values.slice(997 * i, 997 * i + sizeOf(d)), d)]));
      await assertFetchesEqualWholeRun(session, feeds, `Min ${type} ${JSON.stringify(dims)}`);
      session.release();
    }
  }
});

test("a one-node AveragePool model's fetch, in blocks of planes, equals a whole run", async () => {
  for (const type of newest('AveragePool').types) {
    for (const [dims, attributes] of [
      [[3, 37, 72, 72], { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }],
      [[1, 3, 400, 400], { kernel_shape: [2, 2], strides: [2, 2] }], // a plane larger than a block
      [[2, 9, 24, 24, 24], { kernel_shape: [2, 2, 2], strides: [2, 2, 2], count_include_pad: 1, pads: [1, 0, 1, 0, 1, 0] }],
    ]) {
      const session = await InferenceSession.create(buildModel({
        opset: newest('AveragePool').version,
        inputs: [{ name: 'x', type, dims: ['N', dims[1], ...dims.slice(2)] }],
        outputs: [{ name: 'y', type }],
        nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], attributes }],
      }));
      await assertFetchesEqualWholeRun(session, { x: new Tensor(type, valuesOf(type, dims.reduce((a, b) => a * b, 1), 9), dims) }, `AveragePool ${type} ${JSON.stringify(dims)}`);
      session.release();
    }
  }
});

test('a one-node model fed or fetched other than as declared says so as a whole run does, writing nothing', async () => {
  const session = await InferenceSession.create(buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [600, 500] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
  }));
  const x = new Tensor('float32', new Float32Array(300000).fill(1.5), [600, 500]);
  const y = new Tensor('float32', new Float32Array(300000).fill(7), [600, 500]);
  await assert.rejects(session.run({ x: new Tensor('float32', x.data, [500, 600]) }, { y }), is(/^input 'x': dimension 0 must be 600, got 500 \(the model declares shape \[600,500\]\)$/));
  await assert.rejects(session.run({ x: new Tensor('float64', new Float64Array(300000), [600, 500]) }, { y }), is(/input 'x' must have type float32, got float64/));
  await assert.rejects(session.run({ x, z: x }, { y }), is(/'z' is not an input of the model/));
  await assert.rejects(session.run({ x }, { y: new Tensor('float32', y.data, [300000]) }), is(/^InferenceSession.run: the Tensor fetched for output 'y' has dims \[300000\] but the output has dims \[600, 500\]$/));
  assert.ok(y.data.every((v) => v === 7), 'nothing written');
  assert.equal((await session.run({ x }, { y })).y, y);
  assert.ok(y.data.every((v) => v === 1));
  session.release();
});
