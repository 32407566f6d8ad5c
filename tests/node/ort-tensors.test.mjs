// Tensors from onnxruntime (onnxruntime-web's, as a pipeline's main model gives them) wherever a
// Tensor is taken: ops.* inputs and options.out, a Constant's value, session feeds and fetches. Their
// data are read where they are (a fetched or out tensor is filled in place); one whose data are on a
// GPU is refused naming where. Outputs go back to onnxruntime as new ort.Tensor(t.type, t.data, t.dims).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import * as ort from 'onnxruntime-web';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { floorModel } from '../../tools/test-models.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

before(() => ready());

const floorOf = (values) => values.map(Math.floor);

test('ops.*: an onnxruntime tensor as an input, of each type, gives what a Tensor of the same data gives', () => {
  const x = new ort.Tensor('float32', new Float32Array([1.5, -0.5, -0, 2]), [2, 2]);
  const y = ops.Floor(x);
  assert.ok(y instanceof Tensor);
  assert.deepEqual([...y.data], floorOf([1.5, -0.5, -0, 2]));
  assert.deepEqual(y.dims, [2, 2]);
  assert.ok(Object.is(y.data[2], -0));
  // float16 as onnxruntime gives it where the engine has no Float16Array: the bits in a Uint16Array.
  const half = ops.Floor(new ort.Tensor('float16', new Uint16Array([0x3e00, 0xbe00]), [2])); // 1.5, -1.5
  assert.deepEqual([...half.data], [0x3c00, 0xc000]); // 1, -2
  // Several inputs, onnxruntime's and onnx-wasm's mixed; integers; a 'cpu-pinned' tensor.
  const m = ops.Min([new ort.Tensor('int64', BigInt64Array.from([3n, -7n]), [2]), new Tensor('int64', [4n], [1])]);
  assert.deepEqual([...m.data], [3n, -7n]);
  const pinned = ort.Tensor.fromPinnedBuffer('float64', new Float64Array([2.5]), [1]);
  assert.deepEqual([...ops.Ceil(pinned).data], [3]);
  // A Constant's value.
  const c = ops.Constant({ value: new ort.Tensor('int32', new Int32Array([5, 6]), [2]) });
  assert.deepEqual([c.type, [...c.data], c.dims], ['int32', [5, 6], [2]]);
});

test('ops.*: an onnxruntime tensor as options.out is filled in place', () => {
  const out = new ort.Tensor('float32', new Float32Array(3), [3]);
  const data = out.data;
  ops.Floor(new Tensor('float32', [1.5, -2.5, 7]), { out });
  assert.equal(out.data, data);
  assert.deepEqual([...data], [1, -3, 7]);
});

test('ops.*: an onnxruntime tensor whose data are on a GPU is refused, naming where they are', () => {
  const gpu = ort.Tensor.fromGpuBuffer({ size: 8, usage: 0 }, { dataType: 'float32', dims: [2] });
  const refusal = (call) => assert.throws(call, (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' &&
    /^Floor: input 0 is an onnxruntime tensor whose data are in 'gpu-buffer' memory; onnx-wasm takes tensors in CPU memory: download it first \(await tensor\.getData\(\)\)$/.test(e.message));
  refusal(() => ops.Floor(gpu));
  const texture = ort.Tensor.fromTexture({}, { width: 1, height: 1, format: 'RGBA' });
  assert.throws(() => ops.Min([new Tensor('float32', [1]), texture]), { message: /^Min: input 1 is an onnxruntime tensor whose data are in 'texture' memory/ });
  assert.throws(() => ops.Floor(new Tensor('float32', [1]), { out: gpu }), { message: /^Floor: options\.out is an onnxruntime tensor whose data are in 'gpu-buffer' memory/ });
  // What has no location is no tensor of onnxruntime's: refused as before.
  assert.throws(() => ops.Floor({ type: 'float32', data: new Float32Array(1), dims: [1] }), { message: 'Floor: input 0 must be a Tensor' });
});

test('sessions: onnxruntime tensors as feeds and fetches; the outputs handed back to onnxruntime', async () => {
  const session = await InferenceSession.create(floorModel);
  const values = Float32Array.from({ length: 60 }, (_, i) => (i - 30) / 4);
  const x = new ort.Tensor('float32', values, [3, 4, 5]);
  const { y } = await session.run({ x });
  assert.deepEqual([...y.data], floorOf([...values]));
  // Filled in place: onnxruntime's tensor as the fetched output.
  const fetched = new ort.Tensor('float32', new Float32Array(60), [3, 4, 5]);
  await session.run({ x }, { y: fetched });
  assert.deepEqual([...fetched.data], floorOf([...values]));
  // The hand-back: onnxruntime-web runs the same model on what onnx-wasm gave.
  const ortSession = await ort.InferenceSession.create(floorModel);
  const back = await ortSession.run({ x: new ort.Tensor(y.type, y.data, y.dims) });
  assert.deepEqual([...back.y.data], [...y.data]);
  assert.deepEqual(back.y.dims, [3, 4, 5]);
  await ortSession.release();
  const gpu = ort.Tensor.fromGpuBuffer({ size: 240, usage: 0 }, { dataType: 'float32', dims: [3, 4, 5] });
  await assert.rejects(session.run({ x: gpu }), { name: 'OnnxWasmError', message: /^InferenceSession\.run: feed 'x' is an onnxruntime tensor whose data are in 'gpu-buffer' memory/ });
  await assert.rejects(session.run({ x }, { y: gpu }), { name: 'OnnxWasmError', message: /^InferenceSession\.run: fetches\['y'\] is an onnxruntime tensor whose data are in 'gpu-buffer' memory/ });
  await session.release();
});

test('sessions: a model of several nodes (run whole, not as one ops.* call) takes onnxruntime feeds', async () => {
  const model = buildModel({
    opset: 13, inputs: [{ name: 'a', type: 'int32', dims: [3] }, { name: 'b', type: 'int32', dims: [3] }], outputs: [{ name: 'y', type: 'int32' }],
    nodes: [{ op: 'Add', inputs: ['a', 'b'], outputs: ['s'] }, { op: 'Mul', inputs: ['s', 'b'], outputs: ['y'] }],
  });
  const session = await InferenceSession.create(model);
  const { y } = await session.run({ a: new ort.Tensor('int32', new Int32Array([1, 2, 3]), [3]), b: new Tensor('int32', [2, -1, 0]) });
  assert.deepEqual([...y.data], [6, -1, 0]);
  await session.release();
});
