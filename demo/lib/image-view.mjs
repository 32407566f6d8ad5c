// Pictures: a picture (built-in or the user's) through one of the gallery's image models, shown before
// and after, and through one ops.* call in the playground. Each model states how pixels scale in and
// out (index.json's `image`), and which output, if any, holds boxes to outline on the result.
import { InferenceSession } from 'onnx-wasm';
import { alphaOf, canvasToTensor, drawBoxes, drawBuiltInPicture, drawImageFile, drawTensor } from './images.mjs';
import { runPlayground } from './playground.mjs';
import { formatReading, timeOnce, timeWarmRuns } from './timing.mjs';
import { recordCode, sessionCode } from './use-it.mjs';
import { $, el, formatMs, formatShape, goToSection, hideMessage, opChip, showMessage } from './ui.mjs';

const sessions = new Map(); // file -> Promise<InferenceSession>
let pipelines = [];

function sessionFor(entry) {
  if (!sessions.has(entry.file)) {
    const loading = InferenceSession.create(new URL(`models/${entry.file}`, document.baseURI));
    loading.catch(() => sessions.delete(entry.file)); // try again next time
    sessions.set(entry.file, loading);
  }
  return sessions.get(entry.file);
}

const selected = () => pipelines.find((p) => p.file === $('pipeline').value);

function clearAfter() {
  const after = $('after');
  after.getContext('2d').clearRect(0, 0, after.width, after.height);
  after.setAttribute('aria-label', 'No result: the pipeline failed');
  delete after.dataset.pipeline;
  delete after.dataset.picture;
  delete after.dataset.boxes;
  $('after-info').textContent = '';
}

/** Runs the selected pipeline on the "before" canvas and draws the "after" canvas. */
export async function runPipeline() {
  const entry = selected();
  const box = $('image-message');
  hideMessage(box);
  const after = $('after');
  after.dataset.state = 'running';
  try {
    const session = await sessionFor(entry);
    $('pipeline-graph').replaceChildren(
      ...session.graph.nodes.flatMap((n, i) => [...(i ? [el('span', { class: 'arrow', 'aria-label': 'then' }, '→')] : []), opChip(n.opType, n.version, n.name)]),
    );
    $('pipeline-description').textContent = entry.description;
    const before = $('before');
    const feeds = { [session.inputNames[0]]: await canvasToTensor(before, entry.image.inputScale) };
    const run = () => session.run(feeds);
    const first = await timeOnce(run);
    const result = first.result[session.outputNames[0]];
    const warm = await timeWarmRuns(run);
    drawTensor(after, result, entry.image.outputScale, alphaOf(before));
    const boxes = entry.image.boxes && first.result[entry.image.boxes];
    if (boxes) drawBoxes(after, boxes);
    const boxCount = boxes ? ` · ${boxes.dims[0]} box${boxes.dims[0] === 1 ? '' : 'es'}` : '';
    const [, , height, width] = result.dims;
    $('after-info').textContent = `${width} × ${height}${boxCount} · ${formatShape(feeds[session.inputNames[0]].dims)} → ${formatShape(result.dims)} · first run ${formatReading(first.ms)}, warm runs ${formatMs(warm.median)} each`;
    after.setAttribute('aria-label', `The picture after ${entry.title}${boxCount}: ${entry.description}`);
    Object.assign(after.dataset, { pipeline: entry.file, picture: before.dataset.picture, state: 'ran' });
    if (boxes) after.dataset.boxes = String(boxes.dims[0]);
    else delete after.dataset.boxes;
    recordCode(`Ran the pipeline ${entry.file} on the picture (pixels times ${entry.image.inputScale.toPrecision(4)}; the code leaves the values to you).`, sessionCode(entry.file, feeds));
  } catch (e) {
    clearAfter();
    after.dataset.state = 'error';
    showMessage(box, { title: `The ${entry.title} pipeline failed`, code: e.code, detail: e.message });
  }
}

// Draws a picture on the "before" canvas (draw(canvas) may reject, e.g. for a file that is no image) and runs.
async function usePicture(name, draw) {
  const before = $('before');
  try {
    await draw(before);
  } catch (e) {
    showMessage($('image-message'), { title: 'Cannot use that picture', detail: e.message });
    return;
  }
  before.dataset.picture = name;
  before.setAttribute('aria-label', name === 'built-in' ? 'The built-in picture: a sunset over mountains and a lake, colour stripes and the text onnx-wasm' : `Your picture, ${name}`);
  $('before-info').textContent = `${name === 'built-in' ? 'built-in' : name}, ${before.width} × ${before.height}`;
  await runPipeline();
  await runPlayground(true);
}

/** Fills the pipeline list from the gallery's image models, draws the built-in picture and runs. */
export async function setUpImageView(entries) {
  pipelines = entries.filter((e) => e.image && !e.expectError);
  $('pipeline').replaceChildren(...pipelines.map((p) => el('option', { value: p.file }, p.title)));
  $('pipeline').addEventListener('change', runPipeline);
  $('run-pipeline').addEventListener('click', runPipeline);
  $('builtin-picture').addEventListener('click', () => usePicture('built-in', drawBuiltInPicture));
  const picker = $('picture-file');
  picker.addEventListener('change', () => {
    const file = picker.files[0];
    picker.value = ''; // the same file again is a new choice
    if (file) usePicture(file.name, (canvas) => drawImageFile(canvas, file));
  });
  // A picture dropped on this section replaces the one shown (the page opens other drops as models).
  $('image').addEventListener('drop', (event) => {
    const file = event.dataTransfer.files[0];
    if (!file?.type.startsWith('image/')) return;
    event.preventDefault();
    event.stopPropagation();
    $('drop-zone').classList.remove('dragging');
    usePicture(file.name, (canvas) => drawImageFile(canvas, file));
  });
  await usePicture('built-in', drawBuiltInPicture);
}

/** Selects a pipeline (by model file), takes the visitor there and runs it. */
export async function choosePipeline(file) {
  $('pipeline').value = file;
  goToSection('image');
  await runPipeline();
}
