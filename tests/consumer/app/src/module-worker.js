import * as lib from 'onnx-wasm';
import { runChecks } from './checks.mjs';

runChecks(lib).then(
  (results) => postMessage({ results }),
  (e) => postMessage({ error: String(e?.stack ?? e) }),
);
