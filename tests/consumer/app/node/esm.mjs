// Node (also run by Deno and Bun), ES module: `import` gets the package's Node build (the same module instance as `require`), and
// the wasm is found next to it.
import { createRequire } from 'node:module';
import * as lib from 'onnx-wasm';
import { runChecks } from '../src/checks.mjs';

const entry = await import.meta.resolve('onnx-wasm'); // a Promise in Node 18 (--experimental-import-meta-resolve)
const sameAsRequire = createRequire(import.meta.url)('onnx-wasm').ops === lib.ops;
console.log(JSON.stringify({ entry, sameAsRequire, main: await runChecks(lib) }));
