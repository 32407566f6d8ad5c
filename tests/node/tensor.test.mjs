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

test('Tensor refuses mismatched types, data and dims, saying what is wrong', () => {
  const bad = [
    [() => new Tensor('float8', new Float32Array(1)),
      /^Tensor: unknown type 'float8' \(expected one of float32, uint8, int8, uint16, int16, int32, int64, float16, float64, uint32, uint64, bfloat16\)$/],
    [() => new Tensor('float32', new Float64Array(1)), /^Tensor: type 'float32' needs data in a Float32Array, got Float64Array$/],
    [() => new Tensor('int64', new Int32Array(1)), /^Tensor: type 'int64' needs data in a BigInt64Array, got Int32Array$/],
    [() => new Tensor('float32', 'abc'), /^Tensor: type 'float32' needs data in a Float32Array, got string$/],
    [() => new Tensor('float32', new Float32Array(4), [2, 3]), /^Tensor: dims \[2, 3\] hold 6 elements but data has 4$/],
    [() => new Tensor('float32', new Float32Array(4), [-2, -2]), /^Tensor: dims must be non-negative integers, got \[-2, -2\]$/],
    [() => new Tensor('float32', new Float32Array(4), [2.5, 1.6]), /^Tensor: dims must be non-negative integers, got \[2\.5, 1\.6\]$/],
    [() => new Tensor('float32', new Float32Array(4), 4), /^Tensor: dims must be an array, got number$/],
    // The rest of the message is the engine's (V8: "Cannot convert 1.5 to a BigInt").
    [() => new Tensor('int64', [1.5]), /^Tensor: cannot convert the array to BigInt64Array for type 'int64': \S/],
  ];
  for (const [make, message] of bad) {
    assert.throws(make, (e) => {
      assert.ok(e instanceof OnnxWasmError, `${e}`);
      assert.equal(e.code, 'INVALID_ARGUMENT');
      assert.match(e.message, message);
      return true;
    });
  }
});

test('ready() is idempotent', async () => {
  const a = ready();
  const b = ready();
  assert.equal(a, b);
  await a;
});
