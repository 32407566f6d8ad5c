// "Your model": opens an .onnx file (picker, drag and drop, gallery), shows its graph from
// session.graph, edits its inputs and shows its outputs with the run time.
import { InferenceSession, supportedOperators } from 'onnx-wasm';
import { drawTensor, isImageTensor } from './images.mjs';
import { formatTensor, generateValues, parseValues, tensorFrom } from './tensors.mjs';
import { $, el, formatMs, formatShape, hideMessage, opChip, scrollToSection, showMessage } from './ui.mjs';

const MAX_EDITABLE = 2048; // larger inputs are generated, not typed
const MAX_ELEMENTS = 1 << 24; // a demo's sanity limit on generated inputs

let current = null; // { session, name, editors }

// The section's data-state ('loading', 'ran', 'error') and data-runs (a count) let tests and
// scripts follow what the page did.
function setState(state) {
  const section = $('model');
  section.dataset.state = state;
  if (state === 'ran') section.dataset.runs = String(Number(section.dataset.runs ?? 0) + 1);
}

function explainLoadError(name, e) {
  const operators = [...new Set(supportedOperators().map((o) => o.op))].join(', ');
  if (e.code === 'UNSUPPORTED') {
    return { title: `${name} uses something onnx-wasm does not run`, code: e.code, detail: e.message, hint: `This build implements ${operators} (ONNX domain ai.onnx), every version.` };
  }
  if (e.code === 'INVALID_MODEL') {
    return { title: `${name} is not a valid ONNX model`, code: e.code, detail: e.message };
  }
  return { title: `Cannot load ${name}`, code: e.code, detail: e.message ?? String(e) };
}

const shapeText = (shape) => (shape === null ? 'any shape' : formatShape(shape));

function valueInfoTable(table, infos) {
  table.replaceChildren(
    el('thead', {}, el('tr', {}, el('th', {}, 'name'), el('th', {}, 'type'), el('th', {}, 'shape'))),
    el('tbody', {}, infos.map((v) => el('tr', {}, el('td', {}, el('code', {}, v.name)), el('td', {}, v.type ?? 'not stated'), el('td', {}, shapeText(v.shape ?? v.dims ?? null))))),
  );
}

const attributeText = (value) => (Array.isArray(value) ? `[${value.join(', ')}]` : typeof value === 'string' ? `"${value}"` : String(value));

function renderGraph(graph, name, byteLength, loadMs) {
  const opsets = graph.opsetImports.map((o) => `${o.domain || 'ai.onnx'} ${o.version}`).join(', ');
  $('model-summary').replaceChildren(
    el('span', { class: 'file' }, name),
    el('span', {}, `${byteLength.toLocaleString('en')} bytes`),
    el('span', {}, 'IR version ', el('b', {}, String(graph.irVersion))),
    el('span', { id: 'model-opset' }, 'opset ', el('b', {}, opsets)),
    el('span', {}, `loaded in ${formatMs(loadMs)}`),
  );
  valueInfoTable($('graph-inputs'), graph.inputs);
  valueInfoTable($('graph-outputs'), graph.outputs);
  $('graph-initializers-block').hidden = graph.initializers.length === 0;
  valueInfoTable($('graph-initializers'), graph.initializers);
  $('node-count').textContent = `(${graph.nodes.length}, in file order)`;
  $('graph-nodes').replaceChildren(
    ...graph.nodes.map((node) =>
      el('li', { class: 'node', dataset: { op: node.opType } },
        el('div', { class: 'node-head' }, opChip(node.opType, node.version, `${node.opType} version ${node.version}`),
          node.name ? el('span', { class: 'node-name' }, node.name) : null),
        el('div', { class: 'node-io' }, node.inputs.map((i) => el('code', {}, i || '∅')), el('span', { class: 'arrow' }, '→'), node.outputs.map((o) => el('code', {}, o))),
        Object.keys(node.attributes).length
          ? el('dl', { class: 'attrs' }, Object.entries(node.attributes).flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, attributeText(v))]))
          : null)),
  );
}

// Symbolic dimensions get a default size the user can change: N → 1, others → 4.
const defaultDims = (shape) => (shape ?? [4]).map((d) => (typeof d === 'number' ? d : d === 'N' || d === 'batch' ? 1 : 4));

/** One input's editor: shape, fill buttons and the values. get() gives the Tensor or throws. */
function inputEditor(info, fill) {
  const type = info.type;
  const dimsField = el('input', { class: 'dims', value: defaultDims(info.shape).join(', '), 'aria-label': `shape of ${info.name}`, spellcheck: 'false' });
  const values = el('textarea', { class: 'values', rows: 4, spellcheck: 'false', 'aria-label': `values of ${info.name}` });
  const note = el('span', { class: 'muted' });
  let generated = null; // the values last generated, while the text is not edited
  let kind = fill;

  const dims = () => {
    const parsed = dimsField.value.split(/[\s,[\]]+/).filter(Boolean).map(Number);
    if (parsed.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`input '${info.name}': the shape must be whole numbers, e.g. 1, 3, 8, 8`);
    if (parsed.reduce((a, b) => a * b, 1) > MAX_ELEMENTS) throw new Error(`input '${info.name}': more than ${MAX_ELEMENTS.toLocaleString('en')} values is too many for this page`);
    return parsed;
  };
  const regenerate = () => {
    let shape;
    try {
      shape = dims();
    } catch (e) {
      note.textContent = e.message;
      return;
    }
    const count = shape.reduce((a, b) => a * b, 1);
    generated = generateValues(kind, type, count);
    values.value = formatTensor(tensorFrom(type, generated, shape));
    values.rows = Math.min(Math.max(values.value.split('\n').length, 2), 12);
    values.readOnly = count > MAX_EDITABLE;
    note.textContent = count > MAX_EDITABLE ? `${count.toLocaleString('en')} values: generated, too many to type` : `${count} values`;
    for (const b of buttons) b.classList.toggle('active', b.dataset.fill === kind);
  };
  const buttons = ['ramp', 'random', 'zeros'].map((k) =>
    el('button', { type: 'button', class: 'small', dataset: { fill: k }, onclick: () => { kind = k; regenerate(); } }, k));
  values.addEventListener('input', () => {
    generated = null;
    for (const b of buttons) b.classList.remove('active');
    note.textContent = 'typed';
  });
  dimsField.addEventListener('change', regenerate);

  const element = el('div', { class: 'input-editor', dataset: { input: info.name } },
    el('div', { class: 'input-head' },
      el('code', { class: 'name' }, info.name), el('span', { class: 'type' }, type),
      el('label', { class: 'field' }, 'shape', dimsField),
      info.shape ? el('span', { class: 'muted' }, `declared ${formatShape(info.shape)}`) : null,
      el('span', { class: 'fill' }, 'fill ', buttons), note),
    values);
  regenerate();

  const get = () => {
    const shape = dims();
    const count = shape.reduce((a, b) => a * b, 1);
    const data = generated ?? parseValues(type, values.value, `input '${info.name}'`);
    if (data.length !== count) throw new Error(`input '${info.name}': ${data.length} values for shape ${formatShape(shape)}, which holds ${count}`);
    return tensorFrom(type, data, shape);
  };
  return { element, get, name: info.name };
}

function renderOutputs(outputs) {
  $('outputs').replaceChildren(
    ...Object.entries(outputs).map(([name, tensor]) =>
      el('div', { class: 'output', dataset: { output: name } },
        el('div', { class: 'output-head' }, el('code', { class: 'name' }, name), el('span', { class: 'type' }, tensor.type), el('span', { class: 'muted' }, formatShape(tensor.dims))),
        el('div', { class: 'output-body' },
          el('pre', { class: 'values' }, formatTensor(tensor)),
          isImageTensor(tensor) ? imageOf(tensor) : null))),
  );
}

function imageOf(tensor) {
  const canvas = el('canvas', { class: 'tensor-image', title: 'first item; channels 0-2 as RGB (or channel 0 as grey), min..max scaled to 0..255' });
  drawTensor(canvas, tensor);
  return el('figure', {}, canvas, el('figcaption', { class: 'muted' }, 'as an image (min..max)'));
}

/** Runs the open model on the editors' inputs and shows the outputs; errors go to the message box. */
export async function runModel() {
  if (!current) return;
  const box = $('model-message');
  hideMessage(box);
  let feeds;
  try {
    feeds = Object.fromEntries(current.editors.map((e) => [e.name, e.get()]));
  } catch (e) {
    showMessage(box, { title: 'Check the inputs', detail: e.message });
    setState('error');
    return;
  }
  try {
    const start = performance.now();
    const outputs = await current.session.run(feeds);
    const ms = performance.now() - start;
    renderOutputs(outputs);
    $('run-info').textContent = `ran in ${formatMs(ms)}`;
    setState('ran');
  } catch (e) {
    $('outputs').replaceChildren();
    $('run-info').textContent = '';
    showMessage(box, { title: `Running ${current.name} failed`, code: e.code, detail: e.message });
    setState('error');
  }
}

/** Loads a model from its bytes, shows it, fills its inputs and runs it. Resolves to whether it loaded. */
export async function openModel(bytes, name) {
  const box = $('model-message');
  hideMessage(box);
  current?.session.release();
  current = null;
  $('model-view').hidden = true;
  $('model').dataset.model = name;
  setState('loading');
  let session;
  const start = performance.now();
  try {
    session = await InferenceSession.create(bytes);
  } catch (e) {
    showMessage(box, explainLoadError(name, e));
    setState('error');
    return false;
  }
  const loadMs = performance.now() - start;
  const graph = session.graph;
  renderGraph(graph, name, bytes.byteLength, loadMs);
  const editors = graph.inputs.map((info) => inputEditor(info, 'ramp'));
  $('input-editors').replaceChildren(...editors.map((e) => e.element));
  current = { session, name, editors };
  $('model-view').hidden = false;
  await runModel();
  return true;
}

async function openFile(file) {
  if (!file) return;
  await openModel(new Uint8Array(await file.arrayBuffer()), file.name);
}

/** Wires the file picker, the drop zone and the Run button. */
export function setUpModelView() {
  const input = $('model-file');
  input.addEventListener('change', () => {
    openFile(input.files[0]);
    input.value = ''; // the same file again is a new choice
  });
  // A file dropped anywhere on the page (but on the image pipeline) opens as a model.
  const zone = $('drop-zone');
  window.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  window.addEventListener('dragleave', (event) => {
    if (!event.relatedTarget) zone.classList.remove('dragging');
  });
  window.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const file = event.dataTransfer.files[0];
    if (!file) return;
    scrollToSection('model');
    openFile(file);
  });
  $('run-model').addEventListener('click', runModel);
}
