// The bundled app (Vite and webpack build this): the checks in the page, in a module worker and in a
// worker whose code requires the package with CommonJS. window.results resolves to all three.
import * as lib from 'onnx-wasm';
import { fromWorker, runChecks } from './checks.mjs';

window.results = Promise.all([
  runChecks(lib),
  fromWorker(new Worker(new URL('./module-worker.js', import.meta.url), { type: 'module' })),
  fromWorker(new Worker(new URL('./require-worker.cjs', import.meta.url))),
]).then(([main, moduleWorker, requireWorker]) => ({ main, moduleWorker, requireWorker }));
