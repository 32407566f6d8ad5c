// The demo page (`npm start`) in headless Debian Chromium, driven by playwright-core: it becomes ready
// without console errors, models opened through the file input and by drag and drop give the numbers
// computed here independently, broken and unsupported models show a message, the image pipeline
// draws the expected pixels, every gallery model opens, and the conformance view passes.
// Screenshots go to test-artifacts/.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { startServerAndBrowser } from '../../tools/browser-harness.mjs';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { roundHalfEven } from '../node/helpers/reference.mjs';
import { rng } from '../../tools/values.mjs';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const TESTS = new URL('../data/onnx-backend/', import.meta.url);
let harness, browser, base;

before(async () => {
  harness = await startServerAndBrowser();
  ({ browser, base } = harness);
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(() => harness?.close());

// A fresh page on the demo, ready; `errors` collects console errors and uncaught exceptions.
async function openDemo() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return { page, errors };
}

const screenshot = (page, name) => page.screenshot({ path: new URL(name, ARTIFACTS).pathname, fullPage: true });

// The numbers shown for an output, in order ("-0" stays -0).
async function shownValues(page, output) {
  const text = await page.textContent(`#outputs [data-output="${output}"] pre.values`);
  return text.replace(/\[[^\]]*:[^\]]*\]/g, ' ').split(/\s+/).filter(Boolean).map(Number);
}

async function loadThroughFileInput(page, name, bytes) {
  await page.setInputFiles('#model-file', { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  await page.waitForSelector(`#model[data-model="${name}"]:is([data-state="ran"], [data-state="error"])`);
}

const ramp = (count) => Array.from({ length: count }, (_, i) => (i - Math.floor(count / 2)) * 0.5);

test('the page becomes ready without console errors, runs its default graph and exposes the package', async () => {
  const { page, errors } = await openDemo();
  // Default model: Floor, Ceil and Round of a [3, 4] ramp of halves.
  const x = ramp(12);
  assert.deepEqual(await shownValues(page, 'floor'), x.map(Math.floor));
  assert.deepEqual(await shownValues(page, 'ceil'), x.map(Math.ceil));
  assert.deepEqual(await shownValues(page, 'round'), x.map(roundHalfEven));
  assert.match(await page.textContent('#run-info'), /^ran in \d+(\.\d+)? m?s$/);
  // The default image pipeline ran on the built-in picture.
  assert.equal(await page.getAttribute('#after', 'data-picture'), 'built-in');
  assert.equal(await page.getAttribute('#after', 'data-pipeline'), 'image-blur-posterize.onnx');
  // The header states the build's operators; the package is on window.
  const stats = await page.textContent('#stats');
  assert.match(stats, /5 operators/);
  assert.match(stats, /19 operator versions/);
  assert.equal(await page.evaluate(() => typeof window.onnxWasm.InferenceSession.create), 'function');
  assert.equal(await page.evaluate(() => window.onnxWasm.ops.Floor(new window.onnxWasm.Tensor('float32', [2.5], [1])).data[0]), 2);
  assert.equal(await page.locator('.model-card').count(), 14);
  assert.equal(await page.isHidden('#page-message'), true);
  await screenshot(page, 'demo.png');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a model chosen with the file input shows its graph and, on typed inputs, the right numbers', async () => {
  const { page, errors } = await openDemo();
  const model = buildModel({
    opset: 19,
    inputs: [{ name: 'x', type: 'float32', dims: ['N', 1, 'H', 'W'] }],
    outputs: [{ name: 'clamped', type: 'float32' }, { name: 'rounded', type: 'float32' }],
    initializers: [{ name: 'cap', type: 'float32', dims: [], data: [1.5] }],
    nodes: [
      { op: 'AveragePool', name: 'pool', inputs: ['x'], outputs: ['pooled'], attributes: { kernel_shape: [2, 2], strides: [2, 2], pads: [0, 0, 0, 1] } },
      { op: 'Min', name: 'clamp', inputs: ['pooled', 'cap'], outputs: ['clamped'] },
      { op: 'Round', name: 'round', inputs: ['x'], outputs: ['rounded'] },
    ],
  });
  await loadThroughFileInput(page, 'pool-clamp-round.onnx', model);
  assert.equal(await page.isHidden('#model-message'), true);
  assert.match(await page.textContent('#model-summary'), /pool-clamp-round\.onnx.*opset ai\.onnx 19/);
  assert.deepEqual(await page.locator('#graph-nodes .chip.op').allTextContents(), ['AveragePool-19', 'Min-13', 'Round-11']);
  assert.match(await page.textContent('#graph-nodes li[data-op="AveragePool"] .attrs'), /kernel_shape\[2, 2\]strides\[2, 2\]pads\[0, 0, 0, 1\]/);
  assert.match(await page.textContent('#graph-inputs'), /xfloat32\[N, 1, H, W\]/);
  assert.match(await page.textContent('#graph-initializers'), /capfloat32\[\]/);

  // A 4 x 5 picture of multiples of 0.25, typed in.
  const next = rng(7);
  const [H, W] = [4, 5];
  const x = Array.from({ length: H * W }, () => Math.floor(next() * 32 - 16) / 4);
  await page.fill('[data-input="x"] input.dims', `1, 1, ${H}, ${W}`);
  await page.dispatchEvent('[data-input="x"] input.dims', 'change');
  await page.fill('[data-input="x"] textarea', x.join(', '));
  const runs = Number(await page.getAttribute('#model', 'data-runs'));
  await page.click('#run-model');
  await page.waitForSelector(`#model[data-runs="${runs + 1}"]`);

  // 2 x 2 windows with stride 2, the last column padded on the right and padding not counted.
  const clamped = [];
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 3; j++) {
      const window = [];
      for (let r = 2 * i; r < 2 * i + 2; r++) for (let c = 2 * j; c < Math.min(2 * j + 2, W); c++) window.push(x[r * W + c]);
      clamped.push(Math.min(window.reduce((a, b) => a + b) / window.length, 1.5));
    }
  }
  assert.deepEqual(await shownValues(page, 'clamped'), clamped);
  assert.deepEqual(await shownValues(page, 'rounded'), x.map(roundHalfEven));
  assert.match(await page.textContent('#outputs [data-output="clamped"] .output-head'), /clampedfloat32\[1, 1, 2, 3\]/);
  assert.equal(await page.locator('#outputs canvas.tensor-image').count(), 2); // both outputs are 4-D
  await page.locator('#model').screenshot({ path: new URL('model.png', ARTIFACTS).pathname });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a model dropped on the page runs; broken files, unsupported operators and bad inputs show a message', async () => {
  const { page, errors } = await openDemo();
  const message = () => page.textContent('#model-message');

  // Drag and drop: an int32 Min with broadcasting, on the generated ramp.
  const minModel = buildModel({
    opset: 13,
    inputs: [{ name: 'a', type: 'int32', dims: [2, 3] }],
    outputs: [{ name: 'm', type: 'int32' }],
    initializers: [{ name: 'b', type: 'int32', dims: [3], data: [-2, 0, 7] }],
    nodes: [{ op: 'Min', inputs: ['a', 'b'], outputs: ['m'] }],
  });
  await page.evaluate(([name, bytes]) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], name));
    document.getElementById('drop-zone').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, ['dropped.onnx', [...minModel]]);
  await page.waitForSelector('#model[data-model="dropped.onnx"][data-state="ran"]');
  const a = [-3, -2, -1, 0, 1, 2]; // the integer ramp
  assert.deepEqual(await shownValues(page, 'm'), a.map((v, i) => Math.min(v, [-2, 0, 7][i % 3])));

  await loadThroughFileInput(page, 'truncated.onnx', minModel.subarray(0, minModel.length - 9));
  assert.equal(await page.getAttribute('#model', 'data-state'), 'error');
  assert.equal(await page.isVisible('#model-message'), true);
  assert.equal(await page.isHidden('#model-view'), true);
  assert.match(await message(), /INVALID_MODELtruncated\.onnx is not a valid ONNX model/);

  await loadThroughFileInput(page, 'notes.txt', new TextEncoder().encode('these are not the bytes of a model'));
  assert.match(await message(), /notes\.txt is not a valid ONNX model/);

  const reluModel = buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [4] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['f'] }, { op: 'Relu', name: 'activation', inputs: ['f'], outputs: ['y'] }],
  });
  await loadThroughFileInput(page, 'relu.onnx', reluModel);
  assert.match(await message(), /UNSUPPORTEDrelu\.onnx uses something onnx-wasm does not run/);
  assert.match(await message(), /node 'activation' \(Relu\): unsupported operator 'Relu'/);
  assert.match(await message(), /implements Floor, Ceil, Round, Min, AveragePool/);
  await page.locator('#model').screenshot({ path: new URL('model-error.png', ARTIFACTS).pathname });

  // Typed values that do not fit.
  await loadThroughFileInput(page, 'dropped-again.onnx', minModel);
  await page.fill('[data-input="a"] textarea', '1 2 three');
  await page.click('#run-model');
  await page.waitForSelector('#model[data-state="error"]');
  assert.match(await message(), /Check the inputsinput 'a': value 3, 'three', is not an integer/);
  await page.fill('[data-input="a"] textarea', '1 2 3');
  await page.click('#run-model');
  assert.match(await message(), /input 'a': 3 values for shape \[2, 3\], which holds 6/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the image pipeline draws the built-in picture and a picture the user picks', async () => {
  const { page, errors } = await openDemo();
  const pixels = (id) => page.evaluate((id) => {
    const canvas = document.getElementById(id);
    return { width: canvas.width, height: canvas.height, data: [...canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data] };
  }, id);
  // The built-in picture: the result has the picture's size, many colours, and differs from it.
  const builtIn = await page.evaluate(() => {
    const [before, after] = ['before', 'after'].map((id) => document.getElementById(id));
    const rgba = (canvas) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const [b, a] = [rgba(before), rgba(after)];
    const colours = new Set();
    for (let i = 0; i < a.length; i += 4) colours.add((a[i] << 16) | (a[i + 1] << 8) | a[i + 2]);
    return { sizes: [before.width, before.height, after.width, after.height], colours: colours.size, changed: a.some((v, i) => v !== b[i]) };
  });
  assert.deepEqual(builtIn.sizes.slice(2), builtIn.sizes.slice(0, 2));
  assert.ok(builtIn.colours >= 8, `${builtIn.colours} colours`);
  assert.ok(builtIn.changed);

  // A picture of two flat colours, made as a PNG in the page.
  const [left, right] = [[200, 100, 30], [20, 220, 240]]; // blue 240 reaches level 4, which the ceiling lowers to 3
  const png = await page.evaluate(async ([left, right]) => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 20;
    const g = canvas.getContext('2d');
    g.fillStyle = `rgb(${left})`;
    g.fillRect(0, 0, 20, 20);
    g.fillStyle = `rgb(${right})`;
    g.fillRect(20, 0, 20, 20);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, [left, right]);
  await page.setInputFiles('#picture-file', { name: 'two-colours.png', mimeType: 'image/png', buffer: Buffer.from(png) });
  await page.waitForSelector('#after[data-picture="two-colours.png"][data-pipeline="image-blur-posterize.onnx"]');
  const pixelAt = (image, x, y) => image.data.slice(4 * (y * image.width + x), 4 * (y * image.width + x) + 3);
  // Away from the edges the 3x3 blur keeps each flat colour; Round to 0..4 levels (v * 4/255), the
  // ceiling [4, 4, 3], back to 0..255.
  const posterized = (rgb) => rgb.map((v, c) => Math.round((Math.min(Math.round((v * 4) / 255), [4, 4, 3][c]) * 255) / 4));
  let result = await pixels('after');
  assert.deepEqual([result.width, result.height], [40, 20]);
  assert.deepEqual(pixelAt(result, 5, 10), posterized(left));
  assert.deepEqual(pixelAt(result, 34, 10), posterized(right));
  await page.locator('#image').screenshot({ path: new URL('image-pipeline.png', ARTIFACTS).pathname });

  // Downsample, on the same picture dropped on the section: half the size; 2x2 averages, Floor to
  // 0..3 (v * 4/255, clamped by Min at 3), back to 0..255.
  await page.selectOption('#pipeline', 'image-downsample.onnx');
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
    document.getElementById('before').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, png);
  await page.waitForSelector('#after[data-picture="dropped.png"][data-pipeline="image-downsample.onnx"]');
  const downsampled = (rgb) => rgb.map((v) => Math.round((Math.min(Math.floor((v * 4) / 255), 3) * 255) / 3));
  result = await pixels('after');
  assert.deepEqual([result.width, result.height], [20, 10]);
  assert.deepEqual(pixelAt(result, 2, 5), downsampled(left));
  assert.deepEqual(pixelAt(result, 17, 5), downsampled(right));

  // A gallery card's "Use on a picture" picks its pipeline; the built-in picture comes back on request.
  await page.click('.model-card[data-model="image-dilated-blur.onnx"] button:text("Use on a picture")');
  await page.waitForSelector('#after[data-picture="dropped.png"][data-pipeline="image-dilated-blur.onnx"]');
  assert.equal(await page.inputValue('#pipeline'), 'image-dilated-blur.onnx');
  await page.click('#builtin-picture');
  await page.waitForSelector('#after[data-picture="built-in"][data-pipeline="image-dilated-blur.onnx"]');
  assert.equal(await page.isHidden('#image-message'), true);

  // A file that is not a picture: a message, and the last picture stays.
  await page.setInputFiles('#picture-file', { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
  await page.waitForSelector('#image-message:not([hidden])');
  assert.match(await page.textContent('#image-message'), /Cannot use that picturenot-a-picture\.png is not an image this browser can decode/);
  assert.equal(await page.getAttribute('#before', 'data-picture'), 'built-in');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the numbers the page shows read back as the same values, for every float type', async () => {
  const { page, errors } = await openDemo();
  // Random bit patterns (NaNs aside) of each float type, formatted as the page shows them and parsed
  // as the input editor reads them, must give the same bits back.
  const mismatches = await page.evaluate(async () => {
    const { Tensor } = window.onnxWasm;
    const { formatTensor, parseValues, tensorFrom } = await import('/lib/tensors.mjs');
    const bitsOf = { float32: Uint32Array, float64: BigUint64Array, float16: Uint16Array, bfloat16: Uint16Array };
    const dataOf = { float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array };
    const out = [];
    for (const type of Object.keys(bitsOf)) {
      const bytes = crypto.getRandomValues(new Uint8Array(8 * 240)); // under formatTensor's 2048 shown values
      const data = new dataOf[type](bytes.buffer);
      const t = new Tensor(type, data, [2, 3, data.length / 6]);
      const back = tensorFrom(type, parseValues(type, formatTensor(t), type), t.dims);
      const [a, b] = [t, back].map((x) => new bitsOf[type](x.data.buffer, x.data.byteOffset, x.data.length));
      const values = parseValues(type, formatTensor(t), type);
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !Number.isNaN(values[i])) out.push(`${type}[${i}]: ${a[i]} -> ${b[i]}`);
    }
    return out;
  });
  assert.deepEqual(mismatches, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every gallery model opens: the broken ones show their error, the others run', async () => {
  const { page, errors } = await openDemo();
  const files = await page.locator('.model-card').evaluateAll((cards) => cards.map((c) => c.dataset.model));
  for (const file of files) {
    await page.click(`.model-card[data-model="${file}"] button:text("Open")`);
    await page.waitForSelector(`#model[data-model="${file}"]:is([data-state="ran"], [data-state="error"])`);
    const state = await page.getAttribute('#model', 'data-state');
    const expectedError = { 'unsupported-operator.onnx': 'UNSUPPORTED', 'truncated.onnx': 'INVALID_MODEL' }[file];
    if (expectedError) {
      assert.equal(state, 'error', file);
      assert.equal(await page.textContent('#model-message .code'), expectedError, file);
    } else {
      assert.equal(state, 'ran', `${file}: ${await page.textContent('#model-message')}`);
      assert.ok((await page.locator('#outputs .output').count()) > 0, file);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the conformance view runs every ONNX backend case in the browser: none fails', async () => {
  const { page, errors } = await openDemo();
  const cases = ['node', 'pytorch-converted'].flatMap((suite) =>
    readdirSync(new URL(`${suite}/`, TESTS), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${suite}/${e.name}`));
  await page.click('#run-conformance');
  await page.waitForSelector('#conformance[data-done="true"]', { timeout: 30000 });
  const rows = await page.locator('#conformance-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.case, tr.dataset.status]));
  assert.deepEqual(rows.map(([name]) => name).sort(), cases.sort());
  assert.deepEqual(rows.filter(([, status]) => status === 'failed'), []);
  // The cases with operators outside the five are refused; every other case passes.
  const refused = rows.filter(([, status]) => status === 'refused').map(([name]) => name);
  assert.ok(refused.every((name) => /globalaveragepool|AvgPool1d/.test(name)), refused.join(', '));
  assert.ok(rows.filter(([, status]) => status === 'passed').length >= cases.length - 4);
  assert.match(await page.textContent('#conformance-summary'), /0 failed/);
  await screenshot(page, 'conformance.png');
  assert.deepEqual(errors, []);
  await page.close();
});

// `npm start`'s server (scripts/serve.mjs run as a program) on a free port: the address it listens on.
async function servedAddress(env) {
  const child = spawn(process.execPath, [new URL('../../scripts/serve.mjs', import.meta.url).pathname], {
    env: { ...process.env, PORT: '0', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = await once(child.stdout, 'data');
    return /http:\/\/(\S+):\d+\//.exec(String(line))[1];
  } finally {
    child.kill();
  }
}

test('npm start listens on 127.0.0.1 unless HOST asks for another interface', async () => {
  assert.equal(await servedAddress({}), '127.0.0.1');
  assert.equal(await servedAddress({ HOST: '0.0.0.0' }), '0.0.0.0');
});
