// The ops.* playground: the picture through one operator call, its options set by the controls; the
// result drawn live with the call as code, or the library's refusal with its message.
import { LATEST_OPSET, ops, Tensor } from 'onnx-wasm';
import { alphaOf, canvasToTensor, drawTensor } from './images.mjs';
import { timeWarmRuns } from './timing.mjs';
import { recordCode } from './use-it.mjs';
import { $, el, formatMs, formatShape, hideMessage, showMessage } from './ui.mjs';

const OPERATORS = ['AveragePool', 'Floor', 'Ceil', 'Round', 'Min'];
const IN_SCALE = 4 / 255; // pixels as 0..4, so Floor, Ceil and Round make 5 levels
const LIST_ATTRIBUTES = ['kernel_shape', 'strides', 'pads', 'dilations'];
const CHOICE_ATTRIBUTES = ['ceil_mode', 'count_include_pad', 'auto_pad'];

let picture = null; // the picture as a tensor, as `x` in the code shown
let latest = 0; // the number of the latest call, so a slower earlier one does not overwrite it

function listValue(name) {
  const text = $(`pg-${name}`).value.trim();
  if (!text) return undefined;
  return text.split(/[\s,[\]]+/).filter(Boolean).map((token) => {
    const n = Number(token);
    if (!Number.isInteger(n)) throw Object.assign(new Error(`${name}: '${token}' is not a whole number`), { code: 'FORM' });
    return n;
  });
}

/** The options the controls set: only the attributes given, and the opset. */
function optionsOf(op) {
  const options = {};
  if (op === 'AveragePool') {
    for (const name of LIST_ATTRIBUTES) {
      const value = listValue(name);
      if (value) options[name] = value;
    }
    for (const name of CHOICE_ATTRIBUTES) {
      const value = $(`pg-${name}`).value;
      if (value) options[name] = name === 'auto_pad' ? value : Number(value);
    }
  }
  options.opset = Number($('pg-opset').value);
  return options;
}

const literal = (value) => (Array.isArray(value) ? `[${value.join(', ')}]` : typeof value === 'string' ? `'${value}'` : String(value));
const optionsCode = (options) => `{ ${Object.entries(options).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;

/** The call as code, `x` being the picture. */
function callCode(op, options, minWith) {
  const call = op === 'Min'
    ? `ops.Min([x, new Tensor('float32', [${minWith}], [1])], ${optionsCode(options)})`
    : `ops.${op}(x, ${optionsCode(options)})`;
  const [, , height, width] = picture.dims;
  return `import { ready, ops, Tensor } from 'onnx-wasm';

await ready();
// x: the picture, [1, 3, ${height}, ${width}] float32, each pixel's 0..255 times 4/255
const y = ${call};`;
}

/**
 * Runs the call the controls describe on the picture and shows the result, or the refusal.
 * `newPicture`: the "before" canvas shows another picture than last time.
 */
export async function runPlayground(newPicture = false) {
  const call = ++latest;
  const form = $('playground');
  form.dataset.call = String(call); // data-call and data-done let tests wait for the latest call
  const op = $('pg-op').value;
  for (const label of $('playground-form').querySelectorAll('[data-for]')) label.hidden = label.dataset.for !== op;
  const box = $('pg-message');
  const canvas = $('pg-result');
  const before = $('before');
  if (newPicture || !picture) picture = await canvasToTensor(before, IN_SCALE);
  let options;
  let code = '';
  try {
    options = optionsOf(op);
    const minWith = Number($('pg-min-with').value);
    code = callCode(op, options, minWith);
    $('pg-code').textContent = code;
    const args = op === 'Min' ? [[picture, new Tensor('float32', [minWith], [1])], options] : [picture, options];
    const result = ops[op](...args);
    const warm = await timeWarmRuns(() => ops[op](...args));
    if (call !== latest) return;
    drawTensor(canvas, result, 1 / IN_SCALE, alphaOf(before));
    hideMessage(box);
    $('pg-info').textContent = `${formatShape(picture.dims)} → ${formatShape(result.dims)}, ${formatMs(warm.median)} per call (warm)`;
    canvas.setAttribute('aria-label', `The picture through ${op}: ${formatShape(result.dims)}`);
    form.dataset.state = 'ran';
    form.dataset.dims = result.dims.join(',');
    recordCode(`Called ops.${op} on the picture in the playground.`, code);
    form.dataset.done = String(call);
  } catch (e) {
    if (call !== latest) return;
    canvas.getContext('2d').clearRect(0, 0, canvas.width, canvas.height);
    canvas.setAttribute('aria-label', `No result: ${e.message}`);
    $('pg-info').textContent = '';
    showMessage(box, e.code === 'FORM'
      ? { title: 'Check the fields', detail: e.message }
      : { title: `onnx-wasm refuses this call`, code: e.code, detail: e.message });
    form.dataset.state = 'refused';
    delete form.dataset.dims;
    form.dataset.done = String(call);
  }
}

export function setUpPlayground() {
  $('pg-op').replaceChildren(...OPERATORS.map((op) => el('option', {}, op)));
  Object.assign($('pg-opset'), { max: LATEST_OPSET, value: LATEST_OPSET });
  // Live: every change runs again, at most once per frame.
  let pending = false;
  $('playground-form').addEventListener('input', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      runPlayground();
    });
  });
  $('playground-form').addEventListener('submit', (event) => event.preventDefault());
}
