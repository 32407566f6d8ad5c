// "Your model": opens an .onnx file (picker, drag and drop, gallery), shows its graph from
// session.graph (drawn, and as tables with the initializers' first values), edits its inputs (generated,
// typed or loaded from a .pb TensorProto), runs and times it, shows and downloads its outputs.
import { decodeTensorProto, InferenceSession, supportedOperators } from 'onnx-wasm';
import { benchmark, compareWithOrt, resetBenchmark } from './benchmark.mjs';
import { drawGraph } from './graph-svg.mjs';
import { drawTensor, isImageTensor } from './images.mjs';
import { encodeTensorProto, initializerProtos } from './onnx-proto.mjs';
import { formatTensor, formatValue, generateValues, parseValues, tensorFrom, valuesOf } from './tensors.mjs';
import { formatReading, timeOnce, timeWarmRuns } from './timing.mjs';
import { recordCode, sessionCode } from './use-it.mjs';
import { $, download, el, formatMs, formatShape, goToSection, hideMessage, opChip, showMessage } from './ui.mjs';

const MAX_EDITABLE = 2048; // larger inputs are generated, not typed
const MAX_ELEMENTS = 1 << 24; // a demo's sanity limit on generated inputs
const INITIALIZER_VALUES_SHOWN = 8;

let current = null; // { session, name, bytes, editors, feeds (of the last run) }

// The section's data-state ('loading', 'running', 'ran', 'error') and data-runs (a count) let tests
// and scripts follow what the page did.
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
const headRow = (...names) => el('thead', {}, el('tr', {}, names.map((n) => el('th', { scope: 'col' }, n))));

function valueInfoTable(table, infos) {
  table.replaceChildren(
    headRow('name', 'type', 'shape'),
    el('tbody', {}, infos.map((v) => el('tr', {}, el('td', {}, el('code', {}, v.name)), el('td', {}, v.type ?? 'not stated'), el('td', {}, shapeText(v.shape ?? null))))),
  );
}

/** The initializers with their first values, read from the model's bytes by decodeTensorProto. */
function initializerTable(table, initializers, modelBytes) {
  const protos = new Map(initializerProtos(modelBytes).map((p) => [p.name, p.bytes]));
  const firstValues = (name) => {
    try {
      const tensor = decodeTensorProto(protos.get(name));
      const values = valuesOf(tensor).slice(0, INITIALIZER_VALUES_SHOWN).map((v) => formatValue(tensor.type, v));
      return `${values.join(', ')}${tensor.size > INITIALIZER_VALUES_SHOWN ? `, … (${tensor.size.toLocaleString('en')} values)` : ''}`;
    } catch (e) {
      return `(${e.message})`;
    }
  };
  table.replaceChildren(
    headRow('name', 'type', 'shape', 'values'),
    el('tbody', {}, initializers.map((v) => el('tr', { dataset: { initializer: v.name } },
      el('td', {}, el('code', {}, v.name)), el('td', {}, v.type), el('td', {}, formatShape(v.dims)),
      el('td', { class: 'values-cell' }, el('code', {}, firstValues(v.name)))))),
  );
}

const attributeText = (value) => (Array.isArray(value) ? `[${value.join(', ')}]` : typeof value === 'string' ? `"${value}"` : String(value));

function renderGraph(graph, name, bytes, loadMs) {
  const opsets = graph.opsetImports.map((o) => `${o.domain || 'ai.onnx'} ${o.version}`).join(', ');
  $('model-summary').replaceChildren(
    el('span', { class: 'file' }, name),
    el('span', {}, `${bytes.byteLength.toLocaleString('en')} bytes`),
    el('span', {}, 'IR version ', el('b', {}, String(graph.irVersion))),
    el('span', { id: 'model-opset' }, 'opset ', el('b', {}, opsets)),
    el('span', {}, `loaded in ${formatReading(loadMs)}`),
    el('span', { id: 'model-steps' }, plural(graph.nodes.length, 'node'), ', ', plural(graph.steps.length, 'step')),
  );
  $('graph-drawing').replaceChildren(drawGraph(graph));
  renderSteps(graph);
  valueInfoTable($('graph-inputs'), graph.inputs);
  valueInfoTable($('graph-outputs'), graph.outputs);
  $('graph-initializers-block').hidden = graph.initializers.length === 0;
  initializerTable($('graph-initializers'), graph.initializers, bytes);
  $('node-count').textContent = `(${graph.nodes.length}, in file order)`;
  const fates = nodeFates(graph);
  $('graph-nodes').replaceChildren(
    ...graph.nodes.map((node, n) =>
      el('li', { class: 'node', dataset: { op: node.opType, fate: fates[n] } },
        el('div', { class: 'node-head' }, opChip(node.opType, node.version, `${node.opType} version ${node.version}`),
          node.name ? el('span', { class: 'node-name' }, node.name) : null,
          el('span', { class: 'node-fate' }, FATE_TEXT[fates[n]])),
        el('div', { class: 'node-io' }, node.inputs.map((i) => el('code', {}, i || '∅')), el('span', { class: 'arrow', 'aria-label': 'to' }, '→'), node.outputs.map((o) => el('code', {}, o))),
        Object.keys(node.attributes).length
          ? el('dl', { class: 'attrs' }, Object.entries(node.attributes).flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, attributeText(v))]))
          : null)),
  );
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// What optimization made of each node (session.graph): folded at creation, removed, fused into a step
// with others, run as a view or in place, or run as declared.
const FATE_TEXT = { folded: 'folded at creation', removed: 'removed', fused: 'fused', view: 'a view', 'in-place': 'in place', compute: '' };
function nodeFates(graph) {
  const fates = graph.nodes.map(() => 'compute');
  for (const n of graph.folded) fates[n] = 'folded';
  for (const n of graph.removed) fates[n] = 'removed';
  for (const step of graph.steps) for (const n of step.nodes) fates[n] = step.nodes.length > 1 ? 'fused' : step.kind;
  return fates;
}

// The steps a run takes after optimization, each with the declared nodes it runs.
function renderSteps(graph) {
  $('step-count').textContent = `(${graph.steps.length}; graphOptimizationLevel '${graph.optimizationLevel}')`;
  $('graph-steps').replaceChildren(
    ...graph.steps.map((step) =>
      el('li', { class: 'node', dataset: { op: step.opType, kind: step.kind } },
        el('div', { class: 'node-head' }, opChip(step.opType, graph.nodes[step.nodes.at(-1)].version, `${step.opType} step`),
          el('span', { class: 'node-fate' }, step.kind === 'compute' ? '' : step.kind),
          step.nodes.length > 1 ? el('span', { class: 'node-name' }, `fuses ${step.nodes.map((n) => graph.nodes[n].name || graph.nodes[n].opType).join(' + ')}`) : null),
        el('div', { class: 'node-io' }, step.inputs.map((i) => el('code', {}, i || '∅')), el('span', { class: 'arrow', 'aria-label': 'to' }, '→'), step.outputs.map((o) => el('code', {}, o))))),
  );
}

// Symbolic dimensions get a default size the user can change: N → 1, others → 4.
const defaultDims = (shape) => (shape ?? [4]).map((d) => (typeof d === 'number' ? d : d === 'N' || d === 'batch' ? 1 : 4));
const countOf = (shape) => shape.reduce((a, b) => a * b, 1);

/**
 * One input's editor: shape, fill buttons, a .pb loader and the values. get() gives the Tensor or
 * throws. Values come from one source at a time: generated (regenerated for a new shape), typed (kept
 * when the shape changes), or a loaded TensorProto (which sets the shape).
 */
function inputEditor(info, fill) {
  const type = info.type;
  const dimsField = el('input', { class: 'dims', value: defaultDims(info.shape).join(', '), spellcheck: 'false', 'aria-label': `shape of ${info.name}` });
  const values = el('textarea', { class: 'values', rows: 4, spellcheck: 'false', wrap: 'off', 'aria-label': `values of ${info.name}` });
  const note = el('span', { class: 'muted', role: 'status' });
  let source = { kind: fill }; // { kind: 'ramp' | 'random' | 'zeros', values } | { kind: 'typed' } | { kind: 'loaded', tensor, file }

  const dims = () => {
    const parsed = dimsField.value.split(/[\s,[\]]+/).filter(Boolean).map(Number);
    if (parsed.some((d) => !Number.isInteger(d) || d < 0)) throw new Error(`input '${info.name}': the shape must be whole numbers, e.g. 1, 3, 8, 8`);
    if (countOf(parsed) > MAX_ELEMENTS) throw new Error(`input '${info.name}': more than ${MAX_ELEMENTS.toLocaleString('en')} values is too many for this page`);
    return parsed;
  };
  const show = (tensor) => {
    values.value = formatTensor(tensor);
    values.rows = Math.min(Math.max(values.value.split('\n').length, 2), 12);
    values.readOnly = tensor.size > MAX_EDITABLE;
  };
  const markButtons = () => { for (const b of buttons) b.classList.toggle('active', b.dataset.fill === source.kind); };
  const generate = (kind) => {
    let shape;
    try {
      shape = dims();
    } catch (e) {
      note.textContent = e.message;
      return;
    }
    const count = countOf(shape);
    source = { kind, values: generateValues(kind, type, count) };
    show(tensorFrom(type, source.values, shape));
    note.textContent = count > MAX_EDITABLE ? `${count.toLocaleString('en')} values: generated, too many to type` : `${count} values (${kind})`;
    markButtons();
  };
  const buttons = ['ramp', 'random', 'zeros'].map((k) =>
    el('button', { type: 'button', class: 'small', dataset: { fill: k }, 'aria-label': `fill ${info.name} with ${k}`, onclick: () => generate(k) }, k));
  values.addEventListener('input', () => {
    source = { kind: 'typed' };
    markButtons();
    note.textContent = 'typed';
  });
  dimsField.addEventListener('change', () => {
    if (source.kind === 'typed') {
      // Typed values stay; the note says whether they fill the new shape.
      try {
        const count = countOf(dims());
        const typed = parseValues(type, values.value, `input '${info.name}'`).length;
        note.textContent = typed === count ? `typed, ${count} values` : `typed: ${typed} values, the shape holds ${count}`;
      } catch (e) {
        note.textContent = e.message;
      }
    } else {
      generate(source.kind === 'loaded' ? fill : source.kind);
    }
  });
  const pbInput = el('input', { type: 'file', class: 'visually-hidden', accept: '.pb,application/octet-stream' });
  pbInput.addEventListener('change', async () => {
    const file = pbInput.files[0];
    pbInput.value = '';
    if (!file) return;
    try {
      const tensor = decodeTensorProto(new Uint8Array(await file.arrayBuffer()));
      if (type && tensor.type !== type) throw new Error(`${file.name} holds ${tensor.type}; input '${info.name}' is ${type}`);
      source = { kind: 'loaded', tensor, file: file.name };
      dimsField.value = tensor.dims.join(', ');
      show(tensor);
      note.textContent = `${tensor.size} values from ${file.name}`;
      markButtons();
    } catch (e) {
      note.textContent = `${file.name}: ${e.message}`;
    }
  });

  const element = el('div', { class: 'input-editor', dataset: { input: info.name } },
    el('div', { class: 'input-head' },
      el('code', { class: 'name' }, info.name), el('span', { class: 'type' }, type),
      el('label', { class: 'field' }, 'shape', dimsField),
      info.shape ? el('span', { class: 'muted' }, `declared ${formatShape(info.shape)}`) : null,
      el('span', { class: 'fill' }, 'fill ', buttons),
      el('label', { class: 'button small file-button' }, 'load .pb', el('span', { class: 'visually-hidden' }, ` for ${info.name}`), pbInput),
      note),
    values);
  generate(fill);

  const get = () => {
    const shape = dims();
    if (source.kind === 'loaded' && shape.join() === source.tensor.dims.join()) return source.tensor;
    const data = source.values ?? parseValues(type, values.value, `input '${info.name}'`);
    if (data.length !== countOf(shape)) throw new Error(`input '${info.name}': ${data.length} values for shape ${formatShape(shape)}, which holds ${countOf(shape)}`);
    return tensorFrom(type, data, shape);
  };
  return { element, get, name: info.name };
}

const safeName = (name) => name.replace(/[^\w.-]+/g, '_');

function downloadJson(name, tensor) {
  const values = valuesOf(tensor).map((v) => (typeof v === 'bigint' ? String(v) : Number.isFinite(v) ? v : String(v)));
  download(`${safeName(name)}.json`, [JSON.stringify({ name, type: tensor.type, dims: tensor.dims, values })], 'application/json');
}

function renderOutputs(outputs) {
  $('outputs').replaceChildren(
    ...Object.entries(outputs).map(([name, tensor]) =>
      el('div', { class: 'output', dataset: { output: name } },
        el('div', { class: 'output-head' },
          el('code', { class: 'name' }, name), el('span', { class: 'type' }, tensor.type), el('span', { class: 'muted' }, formatShape(tensor.dims)),
          el('span', { class: 'downloads' },
            el('button', { type: 'button', class: 'small', dataset: { download: 'pb' }, 'aria-label': `download .pb of ${name} (a TensorProto)`, onclick: () => download(`${safeName(name)}.pb`, [encodeTensorProto(tensor, name)]) }, 'download .pb'),
            el('button', { type: 'button', class: 'small', dataset: { download: 'json' }, 'aria-label': `.json of ${name}`, onclick: () => downloadJson(name, tensor) }, '.json'))),
        el('div', { class: 'output-body' },
          el('pre', { class: 'values', tabindex: '0', 'aria-label': `values of ${name}` }, formatTensor(tensor)),
          isImageTensor(tensor) ? imageOf(name, tensor) : null))),
  );
}

function imageOf(name, tensor) {
  const canvas = el('canvas', { class: 'tensor-image', role: 'img', 'aria-label': `${name} drawn as an image: item 0, channels 0 to 2 as red, green, blue (or channel 0 as grey), its smallest to largest value as black to white` });
  drawTensor(canvas, tensor);
  return el('figure', {}, canvas, el('figcaption', { class: 'muted' }, 'as an image (min..max)'));
}

function failRun(title, e) {
  $('outputs').replaceChildren();
  $('run-info').textContent = '';
  showMessage($('run-message'), { title, code: e.code, detail: e.message ?? String(e) });
  $('run-message').scrollIntoView({ block: 'nearest' });
  setState('error');
}

/**
 * Runs the open model on the editors' inputs: the first run, shown with its outputs, then warm runs for
 * an honest time. Errors replace the outputs with a message under the Run button.
 */
export async function runModel() {
  if (!current) return;
  hideMessage($('run-message'));
  resetBenchmark();
  let feeds;
  try {
    feeds = Object.fromEntries(current.editors.map((e) => [e.name, e.get()]));
  } catch (e) {
    failRun('Check the inputs', e);
    return;
  }
  const model = current;
  setState('running');
  $('run-model').disabled = true;
  try {
    const first = await timeOnce(() => model.session.run(feeds));
    renderOutputs(first.result);
    model.feeds = feeds;
    recordCode(`Ran ${model.name} on the inputs shown in "Your model".`, sessionCode(model.name, feeds));
    const warm = await timeWarmRuns(() => model.session.run(feeds));
    $('run-info').textContent = `first run ${formatReading(first.ms)}; warm runs ${formatMs(warm.median)} each (median of ${warm.samples} batches of ${warm.batch})`;
    setState('ran');
  } catch (e) {
    failRun(`Running ${model.name} failed`, e);
  } finally {
    $('run-model').disabled = false;
  }
}

/** Loads a model from its bytes, shows it, fills its inputs and runs it. Resolves to whether it loaded. */
export async function openModel(bytes, name) {
  const box = $('model-message');
  hideMessage(box);
  hideMessage($('run-message'));
  resetBenchmark();
  current?.session.release();
  current = null;
  $('model-view').hidden = true;
  $('model').dataset.model = name;
  setState('loading');
  let loaded;
  try {
    loaded = await timeOnce(() => InferenceSession.create(bytes));
  } catch (e) {
    showMessage(box, explainLoadError(name, e));
    setState('error');
    return false;
  }
  const session = loaded.result;
  renderGraph(session.graph, name, bytes, loaded.ms);
  const editors = session.graph.inputs.map((info) => inputEditor(info, 'ramp'));
  $('input-editors').replaceChildren(...editors.map((e) => e.element));
  current = { session, name, bytes, editors };
  $('model-view').hidden = false;
  await runModel();
  return true;
}

async function openFile(file) {
  if (!file) return;
  goToSection('model');
  await openModel(new Uint8Array(await file.arrayBuffer()), file.name);
}

/** Wires the file picker, the drop zone and the Run, Benchmark and compare buttons. */
export function setUpModelView() {
  const input = $('model-file');
  input.addEventListener('change', () => {
    openFile(input.files[0]);
    input.value = ''; // the same file again is a new choice
  });
  // A file dropped anywhere on the page (but on the pictures section) opens as a model.
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
    openFile(event.dataTransfer.files[0]);
  });
  $('run-model').addEventListener('click', runModel);
  $('benchmark').addEventListener('click', async () => {
    if (!current?.feeds) return;
    $('benchmark').disabled = true;
    try {
      await benchmark(current);
    } finally {
      $('benchmark').disabled = false;
    }
  });
  $('compare-ort').addEventListener('click', () => current?.feeds && compareWithOrt(current));
}
