// The size budget: dist/onnx-wasm.wasm at most 400,000 bytes. Sizes are
// deterministic for a given toolchain, unlike timings, so the limit is a test. To see where the bytes
// go, see the note on the kernels' flags in CMakeLists.txt.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAX_WASM_BYTES = 400_000;

test(`dist/onnx-wasm.wasm is at most ${MAX_WASM_BYTES} bytes`, () => {
  const bytes = statSync(fileURLToPath(new URL('../../dist/onnx-wasm.wasm', import.meta.url))).size;
  assert.ok(bytes <= MAX_WASM_BYTES, `dist/onnx-wasm.wasm is ${bytes} bytes, over the limit of ${MAX_WASM_BYTES}`);
});
