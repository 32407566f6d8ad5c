// The demo page: imports the built package by name (see the import map in index.html) and uses only
// its public API.
import * as onnxWasm from 'onnx-wasm';
import { setUpConformanceView } from './lib/conformance-view.mjs';
import { downloadedBytes, PACKAGE_FILES } from './lib/downloads.mjs';
import { choosePipeline, setUpImageView } from './lib/image-view.mjs';
import { openModel, setUpModelView } from './lib/model-view.mjs';
import { setUpPlayground } from './lib/playground.mjs';
import { setUpUseIt } from './lib/use-it.mjs';
import { setUpVoiceView, showVoice } from './lib/vad-view.mjs';
import { $, el, formatBytes, goToSection, opChip, showMessage } from './lib/ui.mjs';

window.onnxWasm = onnxWasm; // for poking at it from the console

const { InferenceSession, ready, supportedOperators } = onnxWasm;
const DEFAULT_MODEL = 'rounding.onnx';

// Anything not handled where it happened still shows up on the page.
const pageError = (title, error) => showMessage($('page-message'), { title, code: error?.code, detail: error?.message ?? String(error) });
window.addEventListener('error', (event) => pageError('Unexpected error', event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => pageError('Unexpected error', event.reason));

async function showVersion() {
  try {
    const response = await fetch(import.meta.resolve('onnx-wasm/package.json'));
    const { version } = await response.json();
    $('version').textContent = `v${version}`;
    $('version').hidden = false;
  } catch {
    // The version is a nicety: a host that does not serve package.json just leaves it out.
  }
}

function showStats() {
  const table = supportedOperators();
  const operators = new Set(table.map((o) => o.op));
  const variants = table.reduce((n, o) => n + o.types.length, 0);
  const stat = (value, label, title) => el('li', { title }, el('b', {}, String(value)), ` ${label}`);
  $('stats').replaceChildren(
    stat(operators.size, 'operators', [...operators].join(', ')),
    stat(table.length, 'operator versions', table.map((o) => `${o.op}-${o.version}`).join(' ')),
    stat(variants, 'variants', 'operator × version × element type'),
    stat(onnxWasm.LATEST_OPSET, 'newest opset', 'ops.* default to the newest opset'),
  );
}

/** What this page downloaded for the package, in the Use it panel. */
async function showPackageSize() {
  const { bytes, files } = await downloadedBytes(PACKAGE_FILES);
  $('use-sizes').textContent = `This page downloaded ${formatBytes(bytes)} of it (${files.map((f) => `${f.url.split('/').pop()} ${formatBytes(f.bytes)}`).join(', ')}, as served); "Benchmark" under "Your model" compares that and the speed with onnxruntime-web's, in your browser.`;
  $('use-sizes').dataset.bytes = String(bytes);
}

async function fetchModel(file) {
  const response = await fetch(`models/${file}`);
  if (!response.ok) throw new Error(`models/${file}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function open(entry) {
  goToSection('model');
  await openModel(await fetchModel(entry.file), entry.file);
}

/** One card per model, with the operator versions its session reports (or the error it expects). */
async function setUpGallery(entries) {
  const cards = await Promise.all(entries.map(async (entry) => {
    let chips;
    if (entry.expectError) {
      chips = [el('span', { class: 'chip refused' }, `expected error: ${entry.expectError}`)];
    } else {
      const session = await InferenceSession.create(new URL(`models/${entry.file}`, document.baseURI));
      const versions = new Set(session.graph.nodes.map((n) => `${n.opType}-${n.version}`));
      chips = [...versions].map((v) => opChip(...v.split('-')));
      chips.unshift(el('span', { class: 'chip opset' }, `opset ${session.graph.opsetImports[0].version}`));
      session.release();
    }
    // Visible "Open", "Use on a picture" and "Listen"; the model's title completes each name for screen readers.
    const forModel = el('span', { class: 'visually-hidden' }, ` ${entry.title}`);
    return el('article', { class: 'model-card', dataset: { model: entry.file } },
      el('h3', {}, entry.title),
      el('p', {}, entry.description),
      el('div', { class: 'chips' }, chips),
      el('div', { class: 'card-actions' },
        el('button', { type: 'button', class: 'small', dataset: { action: 'open' }, onclick: () => open(entry) }, 'Open', forModel),
        entry.image && !entry.expectError
          ? el('button', { type: 'button', class: 'small', dataset: { action: 'use-on-picture' }, onclick: () => choosePipeline(entry.file) }, 'Use on a picture', forModel.cloneNode(true))
          : null,
        entry.audio
          ? el('button', { type: 'button', class: 'small', dataset: { action: 'voice' }, onclick: showVoice }, 'On audio', forModel.cloneNode(true))
          : null));
  }));
  $('gallery-grid').replaceChildren(...cards);
}

async function main() {
  showVersion();
  setUpUseIt();
  setUpModelView();
  setUpConformanceView();
  setUpPlayground();
  try {
    await ready();
  } catch (e) {
    $('status').textContent = 'failed to load';
    pageError('The WebAssembly module did not load', e);
    return;
  }
  $('status').textContent = 'wasm ready';
  $('status').classList.add('ok');
  showStats();
  const entries = await (await fetch('models/index.json')).json();
  await Promise.all([setUpImageView(entries), setUpVoiceView(), setUpGallery(entries), showPackageSize()]);
  await openModel(await fetchModel(DEFAULT_MODEL), DEFAULT_MODEL);
  document.body.dataset.ready = 'true';
}

main().catch((e) => pageError('The demo failed to start', e));
