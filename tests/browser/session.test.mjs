// InferenceSession in Chromium, Firefox and WebKit: the ES module build fetches each exported model's
// and each ONNX backend test case's (where ONNX_TESTS_DIR has them) model and .pb files by URL and runs
// them through the same runner as `npm run conformance`; ready() given a URL that serves an HTML page,
// nothing, or the wasm.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import * as api from 'onnx-wasm';
import { eachEngine, serveDemo } from '../../tools/browser-harness.mjs';
import { runCase } from '../../tools/conformance-runner.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, exportedCases, onnxCases } from '../../tools/test-cases.mjs';

let server;

before(async () => {
  server = await serveDemo();
});

after(() => server?.close());

// Each case's status in Node ({ name: status }), run once for all the engines.
let nodeRuns;
function nodeStatuses() {
  nodeRuns ??= (async () => {
    const statuses = {};
    for (const { name, dir } of [...exportedCases(), ...onnxCases()]) {
      const readFile = async (path) => readFileSync(join(dir, path));
      statuses[name] = (await runCase({ name, readFile, api })).status;
    }
    return statuses;
  })();
  return nodeRuns;
}

eachEngine((browser) => {

  test(`${browser.name}: every exported model and ONNX backend test case through InferenceSession, models and data fetched by URL`, async (t) => {
    if (!HAS_ONNX_CASES) t.diagnostic(SKIPPED_ONNX_CASES);
    const exported = exportedCases();
    const all = [...exported, ...onnxCases()];
    const cases = all.map((c) => c.name);
    const page = await browser.newPage();
    await page.goto(server.blank);
    const results = await page.evaluate(async ({ cases }) => {
      const api = await import('/dist/onnx-wasm.mjs');
      const { runCase } = await import('/tools/conformance-runner.mjs');
      const fetchFile = async (name, path) => {
        const response = await fetch(`/test-cases/${name}/${path}`);
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return new Uint8Array(await response.arrayBuffer());
      };
      // One request at a time leaves the page waiting on each; so the files the server lists for the
      // next few cases are fetched while a case runs (a file it does not list is fetched when read).
      const { cases: listed } = await (await fetch('/test-cases/index.json')).json();
      const filesOf = new Map(listed.map((c) => [c.name, c.files]));
      const fetchCase = (name) => new Map((filesOf.get(name) ?? []).map((path) => {
        const bytes = fetchFile(name, path);
        bytes.catch(() => {}); // a failure is reported when the runner reads that file
        return [path, bytes];
      }));
      const LOOKAHEAD = 8;
      const fetched = [];
      const out = [];
      for (const [i, name] of cases.entries()) {
        for (let next = i; next < Math.min(i + LOOKAHEAD, cases.length); next++) fetched[next] ??= fetchCase(cases[next]);
        const files = fetched[i];
        fetched[i] = null;
        const readFile = (path) => files.get(path) ?? fetchFile(name, path);
        out.push(await runCase({ name, readFile, api }));
      }
      // A model given by URL, fetched by the browser build.
      const session = await api.InferenceSession.create('/test-cases/exported/floor_opset13/model.onnx');
      const x = new api.Tensor('float32', new Float32Array(60).fill(-1.5), [2, 3, 10]);
      const { [session.outputNames[0]]: y } = await session.run({ [session.inputNames[0]]: x });
      out.push({ name: 'URL source', status: y.data.every((v) => v === -2) ? 'passed' : 'failed', detail: String(y.data) });
      return out;
    }, { cases });
    const failed = results.filter((r) => r.status === 'failed');
    assert.deepEqual(failed, []);
    // Each case ends as it does in Node (npm run conformance): passed, or refused for an operator or a
    // type the runtime lacks.
    const inNode = await nodeStatuses();
    assert.deepEqual(Object.fromEntries(results.filter((r) => r.name !== 'URL source').map((r) => [r.name, r.status])), inNode);
    assert.deepEqual(exported.filter((c) => inNode[c.name] !== 'passed'), [], 'every exported model passes');
    if (HAS_ONNX_CASES) assert.ok(Object.values(inNode).filter((s) => s === 'passed').length >= exported.length + 180, 'most ONNX cases pass');
    assert.equal(results.find((r) => r.name === 'URL source').status, 'passed');
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });

  test(`${browser.name}: ready({ wasmUrl }) on an HTML page or a missing file rejects with NOT_READY naming it; then the wasm loads`, async (t) => {
    t.diagnostic(`${browser.name} ${browser.version}`);
    const page = await browser.newPage();
    await page.goto(server.blank);
    const results = await page.evaluate(async () => {
      // A module instance of its own, whatever else the page loaded.
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
