// Node (also run by Bun), CommonJS: the package's `require` entry, the wasm found next to it.
const lib = require('onnx-wasm');

import('../src/checks.mjs')
  .then(({ runChecks }) => runChecks(lib))
  .then((main) => console.log(JSON.stringify({ entry: require.resolve('onnx-wasm'), main })));
