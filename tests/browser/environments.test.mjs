// The package where browsers are strict (pages in fixtures/, all run through fixtures/checks.mjs):
// under `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'` (no 'unsafe-eval', as on
// extension pages), in a page and a module worker; in a module service worker (no import()); float16
// data given as a Float16Array. Every response carries that policy, except under /csp-without-wasm/,
// whose policy forbids compiling WebAssembly: ready() says so.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { eachEngine, serve } from '../../tools/browser-harness.mjs';
import { floorModel } from '../../tools/test-models.mjs';

const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";
const CSP_WITHOUT_WASM = "script-src 'self'";
const at = (path) => fileURLToPath(new URL(path, import.meta.url));

// /dist/ the built package, /models/floor.onnx the model the checks load, / the fixtures.
const mounts = [
  ['/dist/', sirv(at('../../dist'), { dev: true })],
  ['/models/floor.onnx', (req, res) => res.end(floorModel)],
  ['/', sirv(at('./fixtures'), { dev: true })],
];
function handle(req, res) {
  res.setHeader('Content-Security-Policy', req.url.startsWith('/csp-without-wasm/') ? CSP_WITHOUT_WASM : STRICT_CSP);
  const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p));
  if (prefix !== '/') req.url = req.url.slice(prefix.length - 1);
  handler(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  });
}

let server;
before(async () => {
  server = await serve(handle);
});
after(() => server?.close());

// The page's errors but the report of the checks' own eval (which Firefox and WebKit log).
const withoutEvalReports = (errors) => errors.filter((e) => !/\beval\b/.test(e));

// What fixtures/checks.mjs reports in a context under STRICT_CSP.
function assertComputes(results, where) {
  assert.equal(results.evalAllowed, false, `${where}: the policy forbids evaluating strings`);
  assert.ok(results.operators > 0, where);
  assert.deepEqual(results.Floor, [1, -2, 2, -1], where);
  assert.deepEqual(results.Round, [2, -2, 2, '-0'], where);
  assert.deepEqual(results.session, [-2], where);
  // Float16Array.from rounds to the nearest half: these inputs are exact.
  assert.deepEqual(results.float16Array, {
    bits: [0x3e00, 0xbe00, 0x4100, 0xb800],
    isUint16Array: true,
    sharesMemory: true,
    Floor: [1, -2, 2, -1],
    bfloat16: "Tensor: type 'bfloat16' needs data in a Uint16Array or a plain array, got Float16Array",
    float32Data: "Tensor: type 'float16' needs data in a Uint16Array (or a Float16Array where the engine has one) or a plain array, got Float32Array",
  }, where);
}

eachEngine((browser) => {
  // Opens a fixture page; resolves to its window.results and the page's errors.
  async function openFixture(path) {
    const page = await browser.newPage();
    try {
      await page.goto(server.base + path);
      await page.waitForFunction(() => window.results !== undefined);
      const results = await page.evaluate(() => window.results);
      return { results, errors: withoutEvalReports(await page.consoleErrors()) };
    } finally {
      await page.close();
    }
  }

  test(`${browser.name}: strict CSP (script-src 'self' 'wasm-unsafe-eval'): page and module worker load and compute; Float16Array input`, async () => {
    const { results, errors } = await openFixture('strict-csp/');
    assert.equal(results.error, undefined);
    assert.deepEqual(errors, []);
    assertComputes(results.page, 'page');
    assertComputes(results.moduleWorker, 'module worker');
  });

  test(`${browser.name}: module service worker (no import()) loads and computes, under the strict CSP too`, async () => {
    const { results, errors } = await openFixture('service-worker/');
    assert.equal(results.error, undefined);
    assert.deepEqual(errors, []);
    assertComputes(results.serviceWorker, 'service worker');
  });

  test(`${browser.name}: a policy without 'wasm-unsafe-eval': ready() rejects with NOT_READY saying what the policy must allow`, async () => {
    const { results } = await openFixture('csp-without-wasm/');
    assert.equal(results.name, 'OnnxWasmError');
    assert.equal(results.code, 'NOT_READY');
    assert.match(results.message, /^ready: this page's Content-Security-Policy forbids compiling WebAssembly: add 'wasm-unsafe-eval' to its script-src/);
  });
});
