// Node, ES module: `import` gets the package's Node build (the same module instance as `require`), and
// the wasm is found next to it.
import { createRequire } from 'node:module';
import * as lib from 'onnx-wasm';
import { runChecks } from '../src/checks.mjs';

const entry = import.meta.resolve('onnx-wasm');
const sameAsRequire = createRequire(import.meta.url)('onnx-wasm').ops === lib.ops;
console.log(JSON.stringify({ entry, sameAsRequire, main: await runChecks(lib) }));
