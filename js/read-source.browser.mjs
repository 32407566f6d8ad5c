// Fetches a model given by URL in browsers and workers (the ES module build).
import { OnnxWasmError } from './errors.mjs';

export async function readSource(label, source) {
  const response = await fetch(source, { credentials: 'same-origin' }).catch((e) => {
    throw new OnnxWasmError(`${label}: cannot fetch ${source}: ${e.message}`);
  });
  if (!response.ok) throw new OnnxWasmError(`${label}: cannot fetch ${source}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
