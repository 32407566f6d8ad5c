// A classic worker cannot importScripts() an ES module, but it can import() one.
Promise.all([import('/node_modules/onnx-wasm/dist/onnx-wasm.mjs'), import('../src/checks.mjs')])
  .then(([lib, { runChecks }]) => runChecks(lib))
  .then(
    (results) => postMessage({ results }),
    (e) => postMessage({ error: String(e?.stack ?? e) }),
  );
