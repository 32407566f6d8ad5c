// Unusual hosting: the test copies only the package's ES module to custom/lib/ and the wasm, renamed,
// to custom/cdn/engine.bin, served as application/octet-stream. The default location fails; wasmUrl
// finds it.
import * as lib from './lib/onnx-wasm.mjs';
import { loadFailure, runChecks } from '../src/checks.mjs';

window.results = (async () => {
  const failure = await loadFailure(lib);
  const main = await runChecks(lib, { wasmUrl: new URL('./cdn/engine.bin', import.meta.url) });
  return { failure, main };
})();
