// Instantiates the wasm from a file in Node (the CommonJS build, which Node uses for both require and
// import): url is a file: URL or a path.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { OnnxWasmError } from './errors.mjs';

export async function instantiateFromUrl(url, imports) {
  const isUrl = url instanceof URL || /^[a-z][a-z0-9+.-]+:/i.test(url); // drive letters are one letter
  if (isUrl && new URL(url).protocol !== 'file:') {
    throw new OnnxWasmError(`ready: in Node, wasmUrl must be a path or a file: URL, got ${url}`, 'NOT_READY');
  }
  let bytes;
  try {
    bytes = await readFile(isUrl ? fileURLToPath(url) : url);
  } catch (e) {
    throw new OnnxWasmError(`ready: cannot read ${url}: ${e.message}`, 'NOT_READY');
  }
  return WebAssembly.instantiate(bytes, imports);
}
