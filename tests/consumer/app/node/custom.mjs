// Node (also run by Deno and Bun), wasm hosted elsewhere:
// node custom.mjs wasmUrl|fileUrl|wasmBinary|wasmModule <path of a copy of the wasm>.
// A missing file fails first; then ready() retries with the given location.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import * as lib from 'onnx-wasm';
import { loadFailure, runChecks } from '../src/checks.mjs';

const [how, path] = process.argv.slice(2);
const failure = await loadFailure(lib, { wasmUrl: `${path}.missing` });
const options = {
  wasmUrl: { wasmUrl: path },
  fileUrl: { wasmUrl: pathToFileURL(path) },
  // With a wasmUrl that fails, so that only the bytes or the module can have loaded it.
  wasmBinary: { wasmBinary: new Uint8Array(await readFile(path)), wasmUrl: `${path}.missing` },
  wasmModule: { wasmModule: await WebAssembly.compile(await readFile(path)), wasmUrl: `${path}.missing` },
}[how];
console.log(JSON.stringify({ failure, main: await runChecks(lib, options) }));
