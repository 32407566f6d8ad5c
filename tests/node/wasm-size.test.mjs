// The package's size budget (tools/size-budget.mjs). Sizes are deterministic for a given toolchain,
// unlike timings, so the budget is a test. `npm run sizes` shows what each operator family
// and layer costs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MAX_GZIP_BYTES, MAX_WASM_BYTES } from '../../tools/size-budget.mjs';

const dist = (name) => readFileSync(fileURLToPath(new URL(`../../dist/${name}`, import.meta.url)));

test(`dist/onnx-wasm.wasm is at most ${MAX_WASM_BYTES} bytes`, () => {
  const bytes = dist('onnx-wasm.wasm').length;
  assert.ok(bytes <= MAX_WASM_BYTES, `dist/onnx-wasm.wasm is ${bytes} bytes, over the budget of ${MAX_WASM_BYTES}`);
});

test(`dist/onnx-wasm.mjs and dist/onnx-wasm.wasm are at most ${MAX_GZIP_BYTES} bytes gzipped`, () => {
  const gzipped = ['onnx-wasm.mjs', 'onnx-wasm.wasm'].map((name) => [name, gzipSync(dist(name), { level: 9 }).length]);
  const total = gzipped.reduce((sum, [, bytes]) => sum + bytes, 0);
  assert.ok(total <= MAX_GZIP_BYTES, `${gzipped.map(([name, bytes]) => `${name} ${bytes}`).join(' + ')} = ${total} bytes gzipped, over the budget of ${MAX_GZIP_BYTES}`);
});
