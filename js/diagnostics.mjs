import { wasm } from './runtime.mjs';

/**
 * Diagnostics: the wasm memory's size and the bytes of it that malloc has handed out and not had back.
 * A wasm memory never shrinks; what is in use returns to its level after every call and after
 * InferenceSession.release(). Synchronous after `await ready()`.
 */
export function heapStats() {
  const m = wasm();
  return { memoryBytes: m.HEAPU8.buffer.byteLength, inUseBytes: m.heapInUse() };
}
