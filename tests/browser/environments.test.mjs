// The package where browsers are strict (pages in fixtures/, all run through fixtures/checks.mjs):
// under `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'` (no 'unsafe-eval', as on
// extension pages), in a page and a module worker; in a module service worker (no import()); float16
// data given as a Float16Array. Every response carries that policy, except under /csp-without-wasm/,
// whose policy forbids compiling WebAssembly: ready() says so.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { startServerAndBrowser } from '../../tools/browser-harness.mjs';

const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";
const CSP_WITHOUT_WASM = "script-src 'self'";
const at = (path) => fileURLToPath(new URL(path, import.meta.url));

// /dist/ the built package, /onnx-tests/ the ONNX backend cases, / the fixtures; all under STRICT_CSP.
function createStrictServer() {
  const mounts = [
    ['/dist/', sirv(at('../../dist'), { dev: true })],
    ['/onnx-tests/', sirv(at('../data/onnx-backend'), { dev: true })],
    ['/', sirv(at('./fixtures'), { dev: true })],
  ];
  return http.createServer((req, res) => {
    res.setHeader('Content-Security-Policy', req.url.startsWith('/csp-without-wasm/') ? CSP_WITHOUT_WASM : STRICT_CSP);
    const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p));
    if (prefix !== '/') req.url = req.url.slice(prefix.length - 1);
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
}

let harness, server, base;

before(async () => {
  harness = await startServerAndBrowser();
  server = createStrictServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
});

after(async () => {
  server?.close();
  await harness?.close();
});

// Opens a fixture page; resolves to its window.results, with the page's errors and CSP violations.
async function openFixture(path, csp = STRICT_CSP) {
  const context = await harness.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  try {
    const response = await page.goto(base + path);
    assert.equal(response.headers()['content-security-policy'], csp);
    const results = await page.evaluate(() => window.results);
    return { results, errors };
  } finally {
    await context.close();
  }
}

// What fixtures/checks.mjs reports in a context under STRICT_CSP.
function assertComputes(results, where) {
  assert.equal(results.evalAllowed, false, `${where}: the policy forbids evaluating strings`);
  assert.ok(results.operators > 0, where);
  assert.deepEqual(results.Floor, [1, -2, 2, -1], where);
  assert.deepEqual(results.Round, [2, -2, 2, '-0'], where);
  assert.deepEqual(results.session, [-2], where);
  // Float16Array.from rounds to the nearest half: these inputs are exact.
  assert.deepEqual(results.float16Array, { bits: [0x3e00, 0xbe00, 0x4100, 0xb800], Floor: [1, -2, 2, -1] }, where);
}

test("strict CSP (script-src 'self' 'wasm-unsafe-eval'): page and module worker load and compute; Float16Array input", async () => {
  const { results, errors } = await openFixture('strict-csp/');
  assert.equal(results.error, undefined);
  assert.deepEqual(errors, []);
  assertComputes(results.page, 'page');
  assertComputes(results.moduleWorker, 'module worker');
});

test('module service worker (no import()) loads and computes, under the strict CSP too', async () => {
  const { results, errors } = await openFixture('service-worker/');
  assert.equal(results.error, undefined);
  assert.deepEqual(errors, []);
  assertComputes(results.serviceWorker, 'service worker');
});

test("a policy without 'wasm-unsafe-eval': ready() rejects with NOT_READY saying what the policy must allow", async () => {
  const { results } = await openFixture('csp-without-wasm/', CSP_WITHOUT_WASM);
  assert.equal(results.name, 'OnnxWasmError');
  assert.equal(results.code, 'NOT_READY');
  assert.match(results.message, /^ready: this page's Content-Security-Policy forbids compiling WebAssembly: add 'wasm-unsafe-eval' to its script-src/);
});
