// "Benchmark" in "Your model": warm runs of the open model on its inputs, their median and the input
// elements per second; "Compare with onnxruntime-web" then loads onnxruntime-web (only then, from the
// server's /ort/, which `npm start` serves from the dev dependencies) and runs the same model bytes on
// the same inputs in this browser, checking that its outputs agree.
import { InferenceSession } from 'onnx-wasm';
import { downloadedBytes, PACKAGE_FILES } from './downloads.mjs';
import { compareOutputs } from './compare.mjs';
import { formatReading, timeOnce, timeWarmRuns } from './timing.mjs';
import { $, el, formatBytes, formatMs, formatRate, hideMessage, showMessage } from './ui.mjs';

// onnxruntime-web's WebAssembly-only build: this module and the wasm it fetches next to it.
const ORT_MODULE = '/ort/ort.wasm.bundle.min.mjs';
const ORT_FILES = [ORT_MODULE, '/ort/ort-wasm-simd-threaded.wasm'];
const OPTIONS = { samples: 9, minSampleMs: 20 };

let ort = null; // the onnxruntime-web module, once loaded
let results = {}; // { onnxWasm, ort }: each { median, runs, batch, elements, bytes, files }

const elementCount = (feeds) => Object.values(feeds).reduce((n, t) => n + t.size, 0);

function render() {
  const cell = (r, show, kind) => el('td', { class: kind }, r ? show(r) : '—');
  const row = (label, show, kind = 'num') => el('tr', {}, el('th', { scope: 'row' }, label), cell(results.onnxWasm, show, kind), cell(results.ort, show, kind));
  $('bench-table').tBodies[0].replaceChildren(
    row('median per run', (r) => formatMs(r.median)),
    row('input elements per second', (r) => `${formatRate((r.elements / r.median) * 1000)}/s`),
    row('runs timed', (r) => `${r.runs.toLocaleString('en')} (${r.samples} batches of ${r.batch})`),
    row('new session: created in', (r) => formatReading(r.createMs)),
    row('new session: first run', (r) => formatReading(r.firstMs)),
    row('downloaded', (r) => (r.bytes === undefined ? '—' : formatBytes(r.bytes))),
    row('files', (r) => r.files ?? '—', 'files'),
  );
  if (results.onnxWasm && results.ort) {
    const ratio = results.ort.median / results.onnxWasm.median;
    $('bench-info').textContent = `onnx-wasm ${ratio >= 1 ? `${ratio.toFixed(2)}× faster` : `${(1 / ratio).toFixed(2)}× slower`} per run; downloads ${(results.ort.bytes / results.onnxWasm.bytes).toFixed(0)}× smaller.`;
  }
}

async function filesLine(urls) {
  const { bytes, files } = await downloadedBytes(urls);
  return { bytes, files: files.map((f) => `${f.url.split('/').pop()} ${formatBytes(f.bytes)}`).join(', ') };
}

/**
 * Times a runtime on the model: creating a new session from the bytes, its first run, then warm runs,
 * each on its own. `create()` resolves to the session, `run(session)` runs it on the inputs.
 */
async function measure(create, run, feeds) {
  const created = await timeOnce(create);
  const session = created.result;
  try {
    const first = await timeOnce(() => run(session));
    const warm = await timeWarmRuns(() => run(session), OPTIONS);
    return { ...warm, createMs: created.ms, firstMs: first.ms, elements: elementCount(feeds), outputs: first.result };
  } finally {
    await session.release();
  }
}

/** Benchmarks `model` ({session, bytes, feeds}) with onnx-wasm; the comparison is offered afterwards. */
export async function benchmark(model) {
  const box = $('bench-message');
  hideMessage(box);
  $('bench').hidden = false;
  $('bench-info').textContent = 'timing onnx-wasm…';
  results = {};
  render();
  const section = $('bench');
  delete section.dataset.done;
  try {
    const measured = await measure(() => InferenceSession.create(model.bytes), (session) => session.run(model.feeds), model.feeds);
    results.onnxWasm = { ...measured, ...await filesLine(PACKAGE_FILES) };
    section.dataset.onnxWasmBytes = String(results.onnxWasm.bytes);
    $('bench-info').textContent = '';
  } catch (e) {
    showMessage(box, { title: 'The benchmark failed', code: e.code, detail: e.message });
    $('bench-info').textContent = '';
  }
  render();
  section.dataset.done = 'onnx-wasm';
}

async function loadOrt() {
  if (ort) return ort;
  const module = await import(ORT_MODULE);
  module.env.wasm.numThreads = 1; // this page is not cross-origin isolated: no threads
  ort = module;
  return ort;
}

/** Runs the same model bytes and inputs through onnxruntime-web, loading it first. */
export async function compareWithOrt(model) {
  if (!results.onnxWasm) return; // offered only after onnx-wasm's own numbers
  const box = $('bench-message');
  hideMessage(box);
  const section = $('bench');
  delete section.dataset.done;
  $('compare-ort').disabled = true;
  try {
    $('bench-info').textContent = 'loading onnxruntime-web…';
    const { InferenceSession: OrtSession, Tensor: OrtTensor } = await loadOrt();
    const feeds = Object.fromEntries(Object.entries(model.feeds).map(([name, t]) => [name, new OrtTensor(t.type, t.data, t.dims)]));
    $('bench-info').textContent = 'timing onnxruntime-web…';
    const measured = await measure(() => OrtSession.create(model.bytes, { executionProviders: ['wasm'] }), (session) => session.run(feeds), model.feeds);
    results.ort = { ...measured, ...await filesLine(ORT_FILES) };
    section.dataset.ortBytes = String(results.ort.bytes);
    const mismatch = compareOutputs(results.onnxWasm.outputs, measured.outputs);
    render();
    if (mismatch) showMessage(box, { title: 'The two runtimes disagree', detail: mismatch });
    section.dataset.agree = String(!mismatch);
  } catch (e) {
    $('bench-info').textContent = '';
    showMessage(box, { title: 'onnxruntime-web could not run this model', code: e.code, detail: e.message ?? String(e) });
  } finally {
    $('compare-ort').disabled = false;
    section.dataset.done = 'ort';
  }
}

/** Hides the benchmark (a new model or new inputs make its numbers stale). */
export function resetBenchmark() {
  results = {};
  $('bench').hidden = true;
  $('bench-info').textContent = '';
  delete $('bench').dataset.done;
  delete $('bench').dataset.agree;
}
