// The image pipeline: a picture (built-in or the user's) through one of the gallery's image models,
// shown before and after. Each model states how pixels scale in and out (index.json's `image`).
import { InferenceSession } from 'onnx-wasm';
import { canvasToTensor, drawBuiltInPicture, drawImageFile, drawTensor } from './images.mjs';
import { $, el, formatMs, formatShape, hideMessage, opChip, showMessage } from './ui.mjs';

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

/** Runs the selected pipeline on the "before" canvas and draws the "after" canvas. */
export async function runPipeline() {
  const entry = selected();
  const box = $('image-message');
  hideMessage(box);
  try {
    const session = await sessionFor(entry);
    $('pipeline-graph').replaceChildren(
      ...session.graph.nodes.flatMap((n, i) => [...(i ? [el('span', { class: 'arrow' }, '→')] : []), opChip(n.opType, n.version, n.name)]),
    );
    $('pipeline-description').textContent = entry.description;
    const before = $('before');
    const input = canvasToTensor(before, entry.image.inputScale);
    const start = performance.now();
    const outputs = await session.run({ [session.inputNames[0]]: input });
    const ms = performance.now() - start;
    const result = outputs[session.outputNames[0]];
    drawTensor($('after'), result, entry.image.outputScale);
    $('before-info').textContent = `${before.width} × ${before.height}`;
    $('after-info').textContent = `${result.dims[3]} × ${result.dims[2]} · ${formatShape(input.dims)} → ${formatShape(result.dims)} in ${formatMs(ms)}`;
    Object.assign($('after').dataset, { pipeline: entry.file, picture: before.dataset.picture });
  } catch (e) {
    showMessage(box, { title: `The ${entry.title} pipeline failed`, code: e.code, detail: e.message });
  }
}

// Draws a picture on the "before" canvas (draw(canvas) may reject, e.g. for a file that is no image) and runs.
async function usePicture(name, draw) {
  try {
    await draw($('before'));
  } catch (e) {
    showMessage($('image-message'), { title: 'Cannot use that picture', detail: e.message });
    return;
  }
  $('before').dataset.picture = name;
  await runPipeline();
}

/** Fills the pipeline list from the gallery's image models, draws the built-in picture and runs. */
export async function setUpImageView(entries) {
  pipelines = entries.filter((e) => e.image && !e.expectError);
  $('pipeline').replaceChildren(...pipelines.map((p) => el('option', { value: p.file }, p.title)));
  $('pipeline').addEventListener('change', runPipeline);
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

/** Selects a pipeline (by model file) and runs it. */
export async function choosePipeline(file) {
  $('pipeline').value = file;
  await runPipeline();
}
