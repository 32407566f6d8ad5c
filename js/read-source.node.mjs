// Reads a model given by path or URL in Node (the CommonJS build): a path or file: URL from the file
// system, other URLs with fetch.
import { readFile } from 'node:fs/promises';
import { OnnxWasmError } from './errors.mjs';

export async function readSource(label, source) {
  const isUrl = source instanceof URL || /^[a-z][a-z0-9+.-]+:/i.test(source); // drive letters are one letter
  const url = isUrl ? new URL(source) : null;
  if (url && url.protocol !== 'file:') {
    const response = await fetch(url).catch((e) => {
      throw new OnnxWasmError(`${label}: cannot fetch ${url}: ${e.message}`);
    });
    if (!response.ok) throw new OnnxWasmError(`${label}: cannot fetch ${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  try {
    return new Uint8Array(await readFile(url ?? source));
  } catch (e) {
    throw new OnnxWasmError(`${label}: cannot read ${source}: ${e.message}`);
  }
}
