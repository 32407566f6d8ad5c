// Browser tests: headless Debian Chromium, driven by playwright-core, against `npm start`'s server.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { createServer } from '../../scripts/serve.mjs';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
let server, browser, base;

before(async () => {
  server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('the demo page loads, runs Floor in the browser and reports no console errors', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  assert.equal(await page.textContent('#output'), '[-2, -1, 0, 2, 3]');
  assert.equal(await page.evaluate(() => typeof window.onnxWasm.ops.Floor), 'function');
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL('demo.png', ARTIFACTS).pathname, fullPage: true });
  assert.deepEqual(errors, []);
});
