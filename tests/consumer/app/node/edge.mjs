// An edge runtime as Cloudflare Workers is one, in Node, Deno or Bun: the ES module build (what
// bundlers pick through the `module` condition), no window, no importScripts, and compiling wasm from
// bytes refused; the host hands over the compiled module. node edge.mjs <path of the wasm>
import { readFile } from 'node:fs/promises';
import { loadFailure, runChecks } from '../src/checks.mjs';

const [path] = process.argv.slice(2);
const wasmModule = await WebAssembly.compile(await readFile(path)); // the host's doing, before the policy
const refuse = () => {
  throw new Error('compiling wasm from bytes is not allowed here');
};
const { instantiate } = WebAssembly;
WebAssembly.instantiate = (source, imports) => (source instanceof WebAssembly.Module ? instantiate(source, imports) : Promise.reject(refuse()));
WebAssembly.compile = WebAssembly.compileStreaming = WebAssembly.instantiateStreaming = async () => refuse();

const lib = await import('../node_modules/onnx-wasm/dist/onnx-wasm.mjs');
const failure = await loadFailure(lib, { wasmBinary: await readFile(path) });
const environment = { window: typeof window, importScripts: typeof importScripts };
console.log(JSON.stringify({ environment, failure, main: await runChecks(lib, { wasmModule }) }));
