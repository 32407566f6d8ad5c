// Import maps do not reach workers: the package by its path.
import * as lib from '/node_modules/onnx-wasm/dist/onnx-wasm.mjs';
import { runChecks } from '../src/checks.mjs';

runChecks(lib).then(
  (results) => postMessage({ results }),
  (e) => postMessage({ error: String(e?.stack ?? e) }),
);
