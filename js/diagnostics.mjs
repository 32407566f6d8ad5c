import { releaseScratch } from './calls.mjs';
import { releasePrepared } from './ops.mjs';
import { guarded, releaseCallArea, wasm } from './runtime.mjs';

/**
 * Diagnostics: the wasm memory's size and the bytes of it that malloc has handed out and not had back.
 * A wasm memory never shrinks. What is in use returns to its level after every call, successful or
 * not, and after InferenceSession.release(), apart from what releaseCaches() frees. Synchronous after
 * `await ready()`.
 */
export function heapStats() {
  const m = wasm();
  return { memoryBytes: m.HEAPU8.buffer.byteLength, inUseBytes: m.heapInUse() };
}

/**
 * Frees what the runtime keeps between calls to make the next one cheap: the prepared operators of
 * ops.* (up to 64), the scratch block that inputs in JS memory are copied into (no larger than a call of
 * one block needs: larger calls run in blocks or give theirs back when they end), the call and result
 * areas and the reused input list. Afterwards `inUseBytes`
 * is back at its level after `ready()` (sessions and wasm tensors not released aside). Synchronous
 * after `await ready()`.
 */
export function releaseCaches() {
  guarded('releaseCaches', (m) => {
    releasePrepared(m);
    releaseScratch(m);
    releaseCallArea();
  });
}
