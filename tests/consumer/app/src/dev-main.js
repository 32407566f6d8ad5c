// The app under Vite's dev server (dev.html): the checks in the page and in a module worker. (The
// CommonJS worker of main.js needs a build: the dev server serves the app's own code as ES modules.)
import * as lib from 'onnx-wasm';
import { fromWorker, runChecks } from './checks.mjs';

window.results = Promise.all([
  runChecks(lib),
  fromWorker(new Worker(new URL('./module-worker.js', import.meta.url), { type: 'module' })),
]).then(([main, moduleWorker]) => ({ main, moduleWorker }));
