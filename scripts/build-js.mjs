// Bundles js/ with the Emscripten glue into dist/: an ES module, a CommonJS module, the wasm and the
// TypeScript declarations. Run after the wasm build (scripts/build.sh does both).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wasmDir = process.env.OW_WASM_BUILD_DIR ?? join(root, 'build', 'wasm');
const dist = join(root, 'dist');
mkdirSync(dist, { recursive: true });

const glue = {
  name: 'onnx-wasm-glue',
  setup(build) {
    build.onResolve({ filter: /^onnx-wasm-glue$/ }, () => ({ path: join(wasmDir, 'onnx-wasm.mjs') }));
  },
};

const common = {
  entryPoints: [join(root, 'js', 'index.mjs')],
  bundle: true,
  plugins: [glue],
  platform: 'neutral',
  target: 'es2020',
  logLevel: 'warning',
  legalComments: 'none',
  external: ['node:*'], // only imported at run time, in Node
};

await esbuild.build({ ...common, format: 'esm', outfile: join(dist, 'onnx-wasm.mjs') });
// CommonJS has no import.meta.url: derive it from __filename so the same wasm lookup works.
await esbuild.build({
  ...common,
  format: 'cjs',
  outfile: join(dist, 'onnx-wasm.cjs'),
  define: { 'import.meta.url': '__onnxWasmModuleUrl' },
  banner: { js: "var __onnxWasmModuleUrl = require('url').pathToFileURL(__filename).href;" },
});
copyFileSync(join(wasmDir, 'onnx-wasm.wasm'), join(dist, 'onnx-wasm.wasm'));
copyFileSync(join(root, 'js', 'index.d.ts'), join(dist, 'index.d.ts'));
