// A Manifest V3 Chrome extension (fixtures/extension) whose page and service worker use the package,
// loaded unpacked into headless Chromium. MV3's default policy for extension pages, script-src 'self',
// forbids compiling WebAssembly; the manifest adds 'wasm-unsafe-eval' (and no 'unsafe-eval'). Chromium
// only: the extension is assembled in a temporary directory from the fixture, the built package (dist/),
// fixtures/checks.mjs and the one ONNX model the checks load (tools/test-models.mjs's floorModel).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tools/browser-harness.mjs';
import { floorModel } from '../../tools/test-models.mjs';

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
let tmp, context, serviceWorker, extensionId;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'onnx-wasm-extension-'));
  const extension = join(tmp, 'extension');
  cpSync(at('./fixtures/extension'), extension, { recursive: true });
  cpSync(at('./fixtures/checks.mjs'), join(extension, 'checks.mjs'));
  mkdirSync(join(extension, 'dist'));
  for (const file of ['onnx-wasm.mjs', 'onnx-wasm.wasm']) cpSync(at(`../../dist/${file}`), join(extension, 'dist', file));
  mkdirSync(join(extension, 'models'));
  writeFileSync(join(extension, 'models', 'floor.onnx'), floorModel);
  context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
    executablePath: '/usr/bin/chromium',
    headless: false, // CHROMIUM_ARGS has --headless, the new headless mode, which runs extensions
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    ignoreDefaultArgs: ['--disable-extensions'],
  });
  [serviceWorker] = context.serviceWorkers();
  serviceWorker ??= await context.waitForEvent('serviceworker', { timeout: 30000 });
  extensionId = new URL(serviceWorker.url()).host;
});

after(async () => {
  await context?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function assertComputes(results, where) {
  assert.equal(results.error, undefined, where);
  assert.equal(results.evalAllowed, false, `${where}: MV3's policy forbids evaluating strings`);
  assert.ok(results.operators > 0, where);
  assert.deepEqual(results.Floor, [1, -2, 2, -1], where);
  assert.deepEqual(results.Round, [2, -2, 2, '-0'], where);
  assert.deepEqual(results.session, [-2], where);
}

test('MV3 extension: the service worker loads the package and computes Floor', async () => {
  assert.match(serviceWorker.url(), /^chrome-extension:\/\/[a-p]{32}\/service-worker\.mjs$/);
  assertComputes(await serviceWorker.evaluate(() => self.results), 'service worker');
});

test('MV3 extension: the extension page loads the package and computes Floor', async () => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`chrome-extension://${extensionId}/page.html`);
  assertComputes(await page.evaluate(() => window.results), 'extension page');
  assert.deepEqual(errors, []);
  await page.close();
});
