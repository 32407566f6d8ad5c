// Before the wasm is loaded (its own process: node --test runs each file apart): every synchronous
// call is refused with NOT_READY, a failed load can be retried, and everything works once loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Tensor, decodeTensorProto, heapStats, ops, ready, supportedOperators } from 'onnx-wasm';

test('calls before ready(), a failed ready(), then a working module', async () => {
  const x = new Tensor('float32', [1.5, -1.5]);
  const notReady = { name: 'OnnxWasmError', code: 'NOT_READY', message: 'onnx-wasm is not loaded yet: await ready() first' };
  assert.throws(() => ops.Floor(x), notReady);
  assert.throws(() => decodeTensorProto(new Uint8Array(0)), notReady);
  assert.throws(() => heapStats(), notReady);
  assert.throws(() => supportedOperators(), notReady);

  await assert.rejects(ready({ wasmBinary: new Uint8Array([0, 97, 115, 109, 1, 0, 0]) }), (e) =>
    e.name === 'OnnxWasmError' && e.code === 'NOT_READY' && /^ready: cannot load the wasm module: /.test(e.message));
  assert.throws(() => ops.Floor(x), notReady);

  await ready();
  assert.deepEqual([...ops.Floor(x).data], [1, -2]);
  assert.ok(heapStats().inUseBytes > 0);
});
