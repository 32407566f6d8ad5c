// ready()'s options (its own process: node --test runs each file apart, and the module loads once):
// options it does not know are refused, before and after loading; a precompiled WebAssembly.Module is
// used as it is, with nothing read.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { Tensor, ops, ready } from 'onnx-wasm';

const KNOWN = 'known options: wasmUrl, wasmBinary, wasmModule';

function refusedWith(pattern) {
  return (e) => e.name === 'OnnxWasmError' && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message);
}

async function assertRefusals() {
  await assert.rejects(ready({ wasmURL: 'x.wasm' }), refusedWith(new RegExp(`^ready: unknown option 'wasmURL' \\(${KNOWN}\\)$`)));
  await assert.rejects(ready({ wasmModule: new Uint8Array(8) }), refusedWith(/^ready: wasmModule must be a WebAssembly\.Module/));
  await assert.rejects(ready(null), refusedWith(/^ready: options must be an object, got null$/));
  await assert.rejects(ready('onnx-wasm.wasm'), refusedWith(/^ready: options must be an object, got string$/));
}

test('unknown options are refused by name; a compiled module loads with nothing read', async () => {
  await assertRefusals();
  assert.throws(() => ops.Floor(new Tensor('float32', [1.5])), { code: 'NOT_READY' }, 'a refused call loads nothing');

  const wasmModule = await WebAssembly.compile(await readFile(new URL('../../dist/onnx-wasm.wasm', import.meta.url)));
  // With a wasmUrl that does not exist: only the module can have loaded it.
  await ready({ wasmModule, wasmUrl: '/nonexistent/onnx-wasm.wasm' });
  assert.deepEqual([...ops.Floor(new Tensor('float32', [1.5, -1.5])).data], [1, -2]);

  await assertRefusals();
  await ready({ wasmModule }); // loaded: the same promise
});
