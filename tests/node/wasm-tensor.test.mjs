// Wasm-resident tensors (Tensor.wasm): data in the wasm module's memory, read in place by ops.*, outputs
// kept there, views that follow memory growth, dispose(). Values are checked against references written
// here (Math.floor, Math.min, a plain 2x2 average), not against the implementation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, heapStats, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { floatData } from '../../tools/values.mjs';

await ready();

const floorOf = (data) => Float32Array.from(data, Math.floor);

test('Tensor.wasm: zero-filled or filled with data, location wasm', () => {
  const zeros = Tensor.wasm('float32', [2, 3]);
  assert.equal(zeros.location, 'wasm');
  assert.equal(zeros.type, 'float32');
  assert.deepEqual([...zeros.dims], [2, 3]);
  assert.ok(Object.isFrozen(zeros.dims));
  assert.equal(zeros.size, 6);
  assert.ok(zeros.data instanceof Float32Array);
  assert.deepEqual([...zeros.data], [0, 0, 0, 0, 0, 0]);
  assert.ok(zeros instanceof Tensor);

  const filled = Tensor.wasm('int64', [3], [1n, -2n, 3n]);
  assert.ok(filled.data instanceof BigInt64Array);
  assert.deepEqual([...filled.data], [1n, -2n, 3n]);
  const halves = Tensor.wasm('float16', [2], new Uint16Array([0x3e00, 0xbc00]));
  assert.deepEqual([...halves.data], [0x3e00, 0xbc00]);
  const empty = Tensor.wasm('float32', [0, 4]);
  assert.equal(empty.data.length, 0);
  for (const t of [zeros, filled, halves, empty]) t.dispose();

  const cpu = new Tensor('float32', [1, 2]);
  assert.equal(cpu.location, 'cpu');
  cpu.dispose(); // ends it, as onnxruntime-web's (tensor.test.mjs)
  assert.equal(cpu.location, 'none');
  assert.throws(() => cpu.data, /used after dispose/);
});

test('Tensor.wasm refuses what the constructor refuses', () => {
  const bad = [
    () => Tensor.wasm('float8', [1]),
    () => Tensor.wasm('float32', [2, 3], new Float32Array(4)),
    () => Tensor.wasm('float32', [-1]),
    () => Tensor.wasm('float32', 4),
    () => Tensor.wasm('float32', [2], new Float64Array(2)),
  ];
  for (const make of bad) assert.throws(make, (e) => e instanceof OnnxWasmError && e.message.startsWith('Tensor.wasm: '));
  assert.throws(() => Tensor.wasm('float32', [2 ** 20, 2 ** 20]), (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY');
});

test('ops.* read wasm tensors in place and return wasm tensors', () => {
  const values = floatData('float32', 1000, 7);
  const x = Tensor.wasm('float32', [10, 100], values);
  const y = ops.Floor(x);
  assert.equal(y.location, 'wasm');
  assert.deepEqual([...y.dims], [10, 100]);
  assert.deepEqual(y.data, floorOf(values));
  assert.deepEqual(x.data, values); // the input is untouched

  // Chained, and mixed with a tensor in JS memory: the output stays in wasm memory.
  const row = new Tensor('float32', floatData('float32', 100, 8));
  const z = ops.Min([y, row]);
  assert.equal(z.location, 'wasm');
  const want = new Float32Array(1000);
  for (let i = 0; i < 1000; i++) want[i] = Math.min(y.data[i], row.data[i % 100]);
  assert.deepEqual([...z.data], [...want]); // as numbers: a NaN's bits are not specified

  // The same call on JS tensors gives the same values, in JS memory.
  const cpu = ops.Floor(new Tensor('float32', values, [10, 100]));
  assert.equal(cpu.location, 'cpu');
  assert.deepEqual(cpu.data, y.data);
  for (const t of [x, y, z]) t.dispose();
});

test('AveragePool and 64-bit Min on wasm tensors', () => {
  const x = Tensor.wasm('float32', [1, 1, 2, 4], [1, 2, 3, 4, 5, 6, 7, 8]);
  const y = ops.AveragePool(x, { kernel_shape: [2, 2], strides: [2, 2] });
  assert.deepEqual([...y.data], [(1 + 2 + 5 + 6) / 4, (3 + 4 + 7 + 8) / 4]);
  assert.deepEqual([...y.dims], [1, 1, 1, 2]);
  const a = Tensor.wasm('int64', [3], [5n, -(2n ** 63n), 7n]);
  const b = Tensor.wasm('int64', [3], [6n, 0n, -(2n ** 62n)]);
  const m = ops.Min([a, b]);
  assert.deepEqual([...m.data], [5n, -(2n ** 63n), -(2n ** 62n)]);
  for (const t of [x, y, a, b, m]) t.dispose();
});

test('data views follow memory growth', () => {
  const values = floatData('float32', 64, 3);
  const x = Tensor.wasm('float32', [64], values);
  const before = x.data;
  // 64 MiB more than anything allocated so far: the memory must grow, which detaches old views.
  const big = Tensor.wasm('uint8', [64 * 1024 * 1024]);
  assert.equal(before.length, 0, 'a view taken before growth is detached');
  assert.deepEqual(x.data, values);
  assert.deepEqual(ops.Floor(x).data, floorOf(values));
  big.dispose();
  x.dispose();
});

test('dispose() frees once; use afterwards is an OnnxWasmError', () => {
  const x = Tensor.wasm('float32', [4], [1.5, 2.5, -1.5, 0]);
  x.dispose();
  x.dispose(); // idempotent
  assert.throws(() => x.data, (e) => e instanceof OnnxWasmError && /after dispose/.test(e.message));
  assert.throws(() => ops.Floor(x), (e) => e instanceof OnnxWasmError && e.message === 'Floor: input 0 is a wasm tensor used after dispose()');
  const y = Tensor.wasm('float32', [4]);
  assert.throws(() => ops.Min([y, x]), (e) => e instanceof OnnxWasmError && /input 1 is a wasm tensor used after dispose/.test(e.message));
  y.dispose();
});

test('errors from ops on wasm tensors are OnnxWasmErrors, and failed and disposed calls give back every byte', () => {
  const calls = () => {
    const x = Tensor.wasm('int32', [2], [1, 2]);
    assert.throws(() => ops.Floor(x), (e) => e instanceof OnnxWasmError &&
      e.message === 'Floor-13: input 0 has type int32, which this version does not accept (it accepts float64, float32, float16, bfloat16)');
    const unpooled = Tensor.wasm('float32', [1, 1, 2]);
    assert.throws(() => ops.AveragePool(unpooled, {}), (e) => e instanceof OnnxWasmError && e.message === "AveragePool-22: attribute 'kernel_shape' is required");
    const ok = Tensor.wasm('float32', [2], [1.5, -1.5]);
    const y = ops.Ceil(ok);
    assert.deepEqual([...y.data], [2, -1]);
    for (const t of [x, unpooled, ok, y]) t.dispose();
  };
  calls(); // the first time prepares Ceil and sizes the call areas, which stay
  const before = heapStats().inUseBytes;
  for (let i = 0; i < 3; i++) calls();
  assert.equal(heapStats().inUseBytes, before);
  // The measure sees a leak: a tensor nobody disposes keeps its bytes.
  const kept = Tensor.wasm('float32', [256]);
  assert.ok(heapStats().inUseBytes >= before + 1024);
  kept.dispose();
  assert.equal(heapStats().inUseBytes, before);
});

test('InferenceSession.run reads wasm tensors in place', async () => {
  const model = buildModel({
    opset: 13,
    inputs: [{ name: 'a', type: 'float32', dims: [4] }, { name: 'b', type: 'float32', dims: [4] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Min', inputs: ['a', 'b'], outputs: ['y'] }],
  });
  const session = await InferenceSession.create(model);
  const a = Tensor.wasm('float32', [4], [1, 5, -3, 8]);
  const b = new Tensor('float32', [2, 4, -4, 9]);
  const { y } = await session.run({ a, b });
  assert.equal(y.location, 'cpu');
  assert.deepEqual([...y.data], [1, 4, -4, 8]);
  a.dispose();
  session.release();
});

test('repeated ops calls with changing attributes use the right ones', () => {
  const x = new Tensor('float32', Float32Array.from({ length: 16 }, (_, i) => i), [1, 1, 4, 4]);
  const mean = (idx) => idx.reduce((s, i) => s + i, 0) / idx.length;
  for (let round = 0; round < 3; round++) {
    assert.deepEqual([...ops.AveragePool(x, { kernel_shape: [2, 2], strides: [2, 2] }).data], [mean([0, 1, 4, 5]), mean([2, 3, 6, 7]), mean([8, 9, 12, 13]), mean([10, 11, 14, 15])]);
    assert.deepEqual([...ops.AveragePool(x, { kernel_shape: [4, 4] }).data], [7.5]);
    // count_include_pad as a boolean and as a number: the same attribute value.
    const padded = { kernel_shape: [3, 3], pads: [1, 1, 1, 1], strides: [4, 4] };
    assert.deepEqual([...ops.AveragePool(x, { ...padded, count_include_pad: true }).data], [Math.fround((0 + 1 + 4 + 5) / 9)]);
    assert.deepEqual([...ops.AveragePool(x, { ...padded, count_include_pad: 0 }).data], [mean([0, 1, 4, 5])]);
    assert.deepEqual([...ops.Floor(x, { opset: 6 }).data], [...x.data]);
  }
});
