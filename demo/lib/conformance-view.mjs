// The conformance view: the test cases the server lists (/test-cases/index.json: this repository's
// exported models, and ONNX's backend test cases where the server has them), each case's files
// fetched first and then run, from memory, through the same runner as `npm run conformance`, so the
// two times are apart: fetching (the network: how long the page waited for the case's files, which
// are fetched while the cases before it run) and running (decoding the model and the .pb files,
// running, comparing).
import * as onnxWasm from 'onnx-wasm';
import { runCase } from '../../tools/conformance-runner.mjs';
import { formatReading, timeOnce } from './timing.mjs';
import { $, el, formatMs } from './ui.mjs';

const STATUS_TEXT = { passed: 'pass', failed: 'FAIL', refused: 'refused' };
// How many cases' files are fetched at once, from the one about to run on: one request at a time
// would leave the page waiting on each.
const LOOKAHEAD = 8;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Every file of a case, fetched: Map(relative path -> bytes). */
async function fetchCase({ name, files }) {
  const entries = await Promise.all(files.map(async (path) => [path, await fetchBytes(`/test-cases/${name}/${path}`)]));
  return new Map(entries);
}

function summarize(results, total, fetchMs, runMs) {
  const count = (status) => results.filter((r) => r.status === status).length;
  const chip = (status, label) => el('span', { class: `chip ${status}`, dataset: { count: count(status) } }, `${count(status)} ${label}`);
  $('conformance-summary').replaceChildren(
    chip('passed', 'passed'), chip('failed', 'failed'), chip('refused', 'refused as unsupported'),
    el('span', { class: 'muted' }, results.length < total ? `${results.length} of ${total}…` : `${total} cases: fetching ${formatMs(fetchMs)}, running ${formatMs(runMs)}`),
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
  let [fetchTotal, runTotal] = [0, 0];
  try {
    const response = await fetch('/test-cases/index.json');
    if (!response.ok) throw new Error(`the server lists no test cases (/test-cases/index.json: HTTP ${response.status})`);
    const { cases, skipped } = await response.json();
    $('conformance-skipped').hidden = !skipped;
    $('conformance-skipped').textContent = skipped ? `The server ${skipped}.` : '';
    const expectedOperators = [...new Set(onnxWasm.supportedOperators().map((o) => o.op))];
    summarize(results, cases.length);
    const fetches = [];
    for (const [i, testCase] of cases.entries()) {
      for (let next = i; next < Math.min(i + LOOKAHEAD, cases.length); next++) {
        fetches[next] ??= fetchCase(cases[next]).then((files) => ({ files }), (error) => ({ error }));
      }
      const fetched = await timeOnce(async () => {
        const { files, error } = await fetches[i];
        if (error) throw error;
        return files;
      });
      fetches[i] = null;
      const files = fetched.result;
      const ran = await timeOnce(() => runCase({
        name: testCase.name, api: onnxWasm, expectedOperators, dataSets: testCase.dataSets,
        readFile: async (path) => {
          if (!files.has(path)) throw new Error(`${testCase.name}: no file ${path}`);
          return files.get(path);
        },
      }));
      const result = ran.result;
      fetchTotal += fetched.ms;
      runTotal += ran.ms;
      results.push(result);
      const [suite, test] = testCase.name.split('/');
      body.append(el('tr', { class: result.status, dataset: { case: testCase.name, status: result.status } },
        el('td', { class: 'case' }, el('code', {}, el('span', { class: 'suite' }, `${suite}/`), test)),
        el('td', { class: 'result' }, el('span', { class: `chip ${result.status}` }, STATUS_TEXT[result.status])),
        el('td', { class: 'num', dataset: { label: 'fetch' } }, formatReading(fetched.ms)),
        el('td', { class: 'num', dataset: { label: 'run' } }, formatReading(ran.ms)),
        el('td', { class: 'detail' }, result.detail)));
      summarize(results, cases.length, fetchTotal, runTotal);
    }
  } catch (e) {
    body.append(el('tr', { class: 'failed' }, el('td', { colspan: 5 }, `Cannot run the test cases: ${e.message}`)));
  } finally {
    button.disabled = false;
    button.textContent = 'Run again';
    section.dataset.done = 'true';
  }
}

export function setUpConformanceView() {
  $('run-conformance').addEventListener('click', runAll);
}
