// The conformance view: the ONNX backend test cases the server lists (/onnx-tests/index.json), each
// run through the same runner as `npm run conformance`, with its files fetched by URL.
import * as onnxWasm from 'onnx-wasm';
import { runCase } from '../../tools/conformance-runner.mjs';
import { $, el, formatMs } from './ui.mjs';

const STATUS_TEXT = { passed: 'pass', failed: 'FAIL', refused: 'refused' };

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function summarize(results, total) {
  const count = (status) => results.filter((r) => r.status === status).length;
  const chip = (status, label) => el('span', { class: `chip ${status}`, dataset: { count: count(status) } }, `${count(status)} ${label}`);
  $('conformance-summary').replaceChildren(
    chip('passed', 'passed'), chip('failed', 'failed'), chip('refused', 'refused as unsupported'),
    el('span', { class: 'muted' }, results.length < total ? `${results.length} of ${total}…` : `${total} cases`),
  );
}

async function runAll() {
  const button = $('run-conformance');
  button.disabled = true;
  const section = $('conformance');
  delete section.dataset.done;
  const body = $('conformance-table').tBodies[0];
  body.replaceChildren();
  $('conformance-table').hidden = false;
  const results = [];
  try {
    const response = await fetch('/onnx-tests/index.json');
    if (!response.ok) throw new Error(`the server lists no test cases (/onnx-tests/index.json: HTTP ${response.status})`);
    const { cases } = await response.json();
    const expectedOperators = [...new Set(onnxWasm.supportedOperators().map((o) => o.op))];
    summarize(results, cases.length);
    for (const { name, dataSets } of cases) {
      const start = performance.now();
      const result = await runCase({
        name, api: onnxWasm, expectedOperators, dataSets,
        readFile: (path) => fetchBytes(`/onnx-tests/${name}/${path}`),
      });
      const ms = performance.now() - start;
      results.push(result);
      body.append(el('tr', { class: result.status, dataset: { case: name, status: result.status } },
        el('td', {}, el('code', {}, name)),
        el('td', {}, el('span', { class: `chip ${result.status}` }, STATUS_TEXT[result.status])),
        el('td', { class: 'num' }, formatMs(ms)),
        el('td', { class: 'detail' }, result.detail)));
      summarize(results, cases.length);
    }
  } catch (e) {
    body.append(el('tr', { class: 'failed' }, el('td', { colspan: 4 }, `Cannot run the test cases: ${e.message}`)));
  } finally {
    button.disabled = false;
    button.textContent = 'Run again';
    section.dataset.done = 'true';
  }
}

export function setUpConformanceView() {
  $('run-conformance').addEventListener('click', runAll);
}
