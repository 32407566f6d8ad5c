// The wasm memory views js/ reads (HEAPU8, HEAPF64, …, by name or through dtypes.mjs) are exported
// by name in the link flags (EXPORTED_RUNTIME_METHODS): Emscripten releases after 3.1.6 put on the
// module object only what is listed, so an unlisted view would be undefined there.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const root = new URL('../../', import.meta.url);

test('every HEAP* view named in js/ is in EXPORTED_RUNTIME_METHODS', () => {
  const read = new Set();
  for (const file of readdirSync(new URL('js/', root))) {
    for (const [name] of readFileSync(new URL(`js/${file}`, root), 'utf8').matchAll(/\bHEAP[A-Z0-9]+\b/g)) read.add(name);
  }
  const flag = readFileSync(new URL('CMakeLists.txt', root), 'utf8').match(/-sEXPORTED_RUNTIME_METHODS=([\w,]+)/);
  assert.ok(flag, 'CMakeLists.txt links with -sEXPORTED_RUNTIME_METHODS');
  const exported = new Set(flag[1].split(','));
  assert.deepEqual([...read].filter((name) => !exported.has(name)), [], 'views js/ reads but the link does not export');
  assert.ok(read.has('HEAPU8') && read.has('HEAPF64'), [...read].join());
});
