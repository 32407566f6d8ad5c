import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tensor, OnnxWasmError, ready } from 'onnx-wasm';

test('Tensor holds type, data, dims and size', () => {
  const t = new Tensor('float32', new Float32Array([1, 2, 3, 4, 5, 6]), [2, 3]);
  assert.equal(t.type, 'float32');
  assert.deepEqual([...t.dims], [2, 3]);
  assert.equal(t.size, 6);
  assert.deepEqual([...new Tensor('int64', [1n, -2n]).data], [1n, -2n]);
  assert.ok(new Tensor('float16', new Uint16Array(2)).data instanceof Uint16Array);
});

test('Tensor refuses mismatched types, data and dims', () => {
  const bad = [
    () => new Tensor('float8', new Float32Array(1)),
    () => new Tensor('float32', new Float64Array(1)),
    () => new Tensor('int64', new Int32Array(1)),
    () => new Tensor('float32', new Float32Array(4), [2, 3]),
    () => new Tensor('float32', new Float32Array(4), [-2, -2]),
    () => new Tensor('float32', new Float32Array(4), [2.5, 1.6]),
    () => new Tensor('float32', new Float32Array(4), 4),
    () => new Tensor('int64', [1.5]),
  ];
  for (const make of bad) assert.throws(make, OnnxWasmError);
});

test('ready() is idempotent', async () => {
  const a = ready();
  const b = ready();
  assert.equal(a, b);
  await a;
});
