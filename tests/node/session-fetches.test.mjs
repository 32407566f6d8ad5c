// InferenceSession.run(feeds, fetches) as in onnxruntime-web (output names, or preallocated Tensors
// filled in place) and the session option preferredOutputLocation. Values are checked against
// Math.floor / Math.min written here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

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
