// InferenceSession in Chromium, Firefox and WebKit: the ES module build fetches each ONNX backend test
// case's model and .pb files by URL and runs them through the same runner as `npm run conformance`;
// ready() given a URL that serves an HTML page, nothing, or the wasm.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { eachEngine, serveDemo } from '../../tools/browser-harness.mjs';

const TESTS = new URL('../data/onnx-backend/', import.meta.url);
let server;

before(async () => {
  server = await serveDemo();
});

after(() => server?.close());

eachEngine((browser) => {

  test(`${browser.name}: every ONNX backend test case through InferenceSession, models and data fetched by URL`, async () => {
    const cases = ['node', 'pytorch-converted'].flatMap((suite) =>
      readdirSync(new URL(`${suite}/`, TESTS), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${suite}/${e.name}`));
    const page = await browser.newPage();
    await page.goto(server.base);
    const results = await page.evaluate(async ({ cases }) => {
      const api = await import('/dist/onnx-wasm.mjs');
      const { runCase } = await import('/tools/conformance-runner.mjs');
      const out = [];
      for (const name of cases) {
        const readFile = async (path) => {
          const response = await fetch(`/onnx-tests/${name}/${path}`);
          if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
          return new Uint8Array(await response.arrayBuffer());
        };
        out.push(await runCase({ name, readFile, api }));
      }
      // A model given by URL, fetched by the browser build.
      const session = await api.InferenceSession.create(`/onnx-tests/${cases.find((c) => c.endsWith('test_floor'))}/model.onnx`);
      const x = new api.Tensor('float32', new Float32Array(60).fill(-1.5), [3, 4, 5]);
      const { [session.outputNames[0]]: y } = await session.run({ [session.inputNames[0]]: x });
      out.push({ name: 'URL source', status: y.data.every((v) => v === -2) ? 'passed' : 'failed', detail: String(y.data) });
      return out;
    }, { cases });
    const failed = results.filter((r) => r.status === 'failed');
    assert.deepEqual(failed, []);
    // The runner refuses a case only for an operator the table lacks or a type the runtime lacks (named
    // in the error): every other case passes, as in Node (npm run conformance).
    assert.deepEqual(results.filter((r) => r.status !== 'passed' && r.status !== 'refused'), []);
    assert.ok(results.filter((r) => r.status === 'passed').length >= 119, 'the 118 cases of the operators and the URL source pass');
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });

  test(`${browser.name}: ready({ wasmUrl }) on an HTML page or a missing file rejects with NOT_READY naming it; then the wasm loads`, async (t) => {
    t.diagnostic(`${browser.name} ${browser.version}`);
    const page = await browser.newPage();
    await page.goto(server.base);
    const results = await page.evaluate(async () => {
      // A module instance of its own (the page's is ready already).
      const { ready, ops, Tensor } = await import('/dist/onnx-wasm.mjs?instance=fresh');
      const failure = (wasmUrl) => ready({ wasmUrl }).then(() => 'resolved', (e) => ({ code: e.code, message: e.message }));
      const html = await failure('/index.html');
      const missing = await failure('/missing.wasm');
      await ready({ wasmUrl: '/dist/onnx-wasm.wasm' });
      return { html, missing, floor: [...ops.Floor(new Tensor('float32', [1.5, -0.5], [2])).data] };
    });
    assert.equal(results.html.code, 'NOT_READY');
    assert.match(results.html.message, /^ready: \/index\.html \(text\/html[^)]*\) is not the onnx-wasm module: .+; pass ready\(\{ wasmUrl \}\)/);
    assert.deepEqual(results.missing, { code: 'NOT_READY', message: 'ready: cannot load /missing.wasm: HTTP 404' });
    assert.deepEqual(results.floor, [1, -1]);
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });
});
