// Dependencies run one way: tests/, demo/, bench/ and scripts/ use the package and tools/ (the shared
// development modules), never each other. Reads every import specifier in those folders' modules.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['tests', 'demo', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'data', 'dist', 'build']);

function* modules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(path);
    else if (/\.(mjs|cjs|js|mts|cts|ts|html)$/.test(entry.name)) yield path;
  }
}

// Static and dynamic imports, re-exports and require() calls with a literal specifier.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

/** The top-level folder a relative specifier of `file` lands in, or null for packages and URLs. */
function targetFolder(file, specifier) {
  if (!specifier.startsWith('.')) return null;
  return relative(root, resolve(dirname(file), specifier)).split(/[\\/]/)[0];
}

test('tests/, demo/, bench/ and scripts/ import only the package, tools/ and their own folder', () => {
  const crossings = [];
  let checked = 0;
  for (const folder of FOLDERS) {
    for (const file of modules(join(root, folder))) {
      for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        checked++;
        const target = targetFolder(file, specifier);
        if (target !== null && target !== folder && FOLDERS.includes(target)) {
          crossings.push(`${relative(root, file)} imports ${specifier}`);
        }
      }
    }
  }
  assert.ok(checked > 50, `found only ${checked} imports: is the scan still reading the modules?`);
  assert.deepEqual(crossings, []);
});

test('the check sees a crossing', () => {
  const file = join(root, 'scripts', 'example.mjs');
  assert.equal(targetFolder(file, '../tests/node/helpers/reference.mjs'), 'tests');
  assert.equal(targetFolder(file, '../tools/onnx-builder.mjs'), 'tools');
  assert.equal(targetFolder(file, './serve.mjs'), 'scripts');
  assert.equal(targetFolder(file, 'onnx-wasm'), null);
});
