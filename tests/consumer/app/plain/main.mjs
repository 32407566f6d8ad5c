// No bundler: the package's ES module straight from node_modules, in the page (through the import
// map), in a module worker and in a classic worker.
import * as lib from 'onnx-wasm';
import { fromWorker, runChecks } from '../src/checks.mjs';

window.results = Promise.all([
  runChecks(lib),
  fromWorker(new Worker(new URL('./module-worker.mjs', import.meta.url), { type: 'module' })),
  fromWorker(new Worker(new URL('./classic-worker.js', import.meta.url))),
]).then(([main, moduleWorker, classicWorker]) => ({ main, moduleWorker, classicWorker }));
