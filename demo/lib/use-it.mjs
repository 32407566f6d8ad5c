// "Use it": the install line, two short examples, and what the page last ran as code a visitor can
// copy into an app (the gallery, the pipelines, "Your model" and the playground each record theirs).
import { formatValue, valuesOf } from './tensors.mjs';
import { $ } from './ui.mjs';

const OPS_EXAMPLE = `import { ready, ops, Tensor } from 'onnx-wasm';

await ready(); // fetches and compiles the wasm, once
const x = new Tensor('float32', [-1.5, 0.5, 2.5, 3.7], [2, 2]);
ops.Floor(x).data;                // Float32Array [-2, 0, 2, 3]
ops.Round(x, { opset: 11 }).data; // Float32Array [-2, 0, 2, 4] (halves to even)
const image = new Tensor('float32', [1, 2, 3, 4], [1, 1, 2, 2]);
ops.AveragePool(image, { kernel_shape: [2, 2] }).data; // Float32Array [2.5]`;

const SESSION_EXAMPLE = `import { InferenceSession, Tensor } from 'onnx-wasm';

const session = await InferenceSession.create(new URL('./model.onnx', import.meta.url));
const x = new Tensor('float32', new Float32Array(1 * 3 * 32 * 32), [1, 3, 32, 32]);
const outputs = await session.run({ [session.inputNames[0]]: x });
console.log(outputs[session.outputNames[0]].data);
session.release();`;

const ARRAY_OF = {
  float32: 'Float32Array', float64: 'Float64Array', float16: 'Uint16Array', bfloat16: 'Uint16Array',
  int8: 'Int8Array', uint8: 'Uint8Array', int16: 'Int16Array', uint16: 'Uint16Array',
  int32: 'Int32Array', uint32: 'Uint32Array', int64: 'BigInt64Array', uint64: 'BigUint64Array',
};
const MAX_INLINE = 64; // more values than this are left for the app to fill

/** `new Tensor(…)` for the tensor: its values inline when few (half types as bit patterns), else zeros to fill. */
export function tensorCode(tensor) {
  const array = ARRAY_OF[tensor.type];
  const dims = `[${tensor.dims.join(', ')}]`;
  if (tensor.size > MAX_INLINE) return `new Tensor('${tensor.type}', new ${array}(${tensor.size}) /* ${tensor.size} values: fill with yours */, ${dims})`;
  let items;
  if (tensor.type === 'float16' || tensor.type === 'bfloat16') {
    const numbers = valuesOf(tensor);
    items = Array.from(tensor.data, (bits, i) => `0x${bits.toString(16).padStart(4, '0')} /* ${formatValue(tensor.type, numbers[i])} */`);
  } else if (array.startsWith('Big')) {
    items = Array.from(tensor.data, (v) => `${v}n`);
  } else {
    items = valuesOf(tensor).map((v) => (Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : formatValue(tensor.type, v)));
  }
  return `new Tensor('${tensor.type}', new ${array}([${items.join(', ')}]), ${dims})`;
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** Code that runs a model file on the feeds and prints every output. */
export function sessionCode(file, feeds) {
  const lines = Object.entries(feeds).map(([name, t]) => `  ${key(name)}: ${tensorCode(t)},`);
  return `import { InferenceSession, Tensor } from 'onnx-wasm';

const session = await InferenceSession.create(new URL('./${file}', import.meta.url));
const outputs = await session.run({
${lines.join('\n')}
});
for (const [name, y] of Object.entries(outputs)) console.log(name, y.type, y.dims, y.data);
session.release();`;
}

let copyTimer;
async function copy(id) {
  const text = $(id).textContent;
  let done;
  try {
    await navigator.clipboard.writeText(text);
    done = 'Copied.';
  } catch {
    // No clipboard (an insecure origin, or permission refused): select the text for Ctrl+C instead.
    getSelection().selectAllChildren($(id));
    done = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
  $('copy-status').textContent = done;
  clearTimeout(copyTimer);
  copyTimer = setTimeout(() => { $('copy-status').textContent = ''; }, 4000);
}

/** Records what the page just ran: a sentence saying what, and the code. */
export function recordCode(what, code) {
  $('last-code-what').textContent = what;
  $('last-code').textContent = code;
}

/** Fills the examples and wires the copy buttons. */
export function setUpUseIt() {
  $('ops-example').textContent = OPS_EXAMPLE;
  $('session-example').textContent = SESSION_EXAMPLE;
  for (const button of document.querySelectorAll('[data-copy]')) button.addEventListener('click', () => copy(button.dataset.copy));
}
