// An app written in CommonJS: the bundler must still pick the package's ES module (the CommonJS build
// is for Node), or the wasm would not be found.
const lib = require('onnx-wasm');
const { runChecks } = require('./checks.mjs');

runChecks(lib).then(
  (results) => postMessage({ results }),
  (e) => postMessage({ error: String(e?.stack ?? e) }),
);
