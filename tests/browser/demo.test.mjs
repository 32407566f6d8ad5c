// The demo page (`npm start`) in headless Debian Chromium, driven by playwright-core, at a desktop
// (1280 × 800) and a phone (390 × 844) size: it becomes ready without console errors; the "Use it"
// examples and the code the page offers for what it just ran compute what the page shows; models opened
// through the file input and by drag and drop give the numbers computed here independently, with their
// graph drawn, initializer values, .pb inputs and downloadable outputs; broken and unsupported models,
// bad inputs, failed pipelines and refused ops.* calls show their message where the visitor is looking
// and leave no stale result; the pictures, the ops.* playground, the benchmark and the comparison with
// onnxruntime-web work; the voice activity example tables what the model gives and its clip plays;
// axe-core finds no serious or critical violation on any view; every gallery model opens; the
// conformance view passes; the page fits a phone. Screenshots go to test-artifacts/.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { decodeTensorProto, InferenceSession, LATEST_OPSET, ready, supportedOperators } from 'onnx-wasm';
import { GALLERY } from '../../tools/demo-models.mjs';
import { FRAME, SAMPLE_RATE, decodeWav, speechProbabilities } from '../../tools/vad.mjs';
import { startServerAndBrowser } from '../../tools/browser-harness.mjs';
import { buildModel, encodeTensor } from '../../tools/onnx-builder.mjs';
import { roundHalfEven } from '../node/helpers/reference.mjs';
import { rng } from '../../tools/values.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, exportedCases, onnxCases } from '../../tools/test-cases.mjs';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
const MODELS = new URL('../../demo/models/', import.meta.url);
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let harness, browser, base;

before(async () => {
  harness = await startServerAndBrowser();
  ({ browser, base } = harness);
  mkdirSync(ARTIFACTS, { recursive: true });
  await ready();
});

after(() => harness?.close());

/**
 * A fresh page on the demo, ready; `errors` collects console errors and uncaught exceptions, `requests`
 * every URL the page asked for. `init` (optional) runs in the page before its scripts.
 */
async function openDemo({ viewport = DESKTOP, init, permissions } = {}) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', acceptDownloads: true, permissions });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const errors = [];
  const requests = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return { page, errors, requests };
}

const artifact = (name) => new URL(name, ARTIFACTS).pathname;
const screenshot = (page, name) => page.screenshot({ path: artifact(name), fullPage: true });
const shoot = (page, selector, name) => page.locator(selector).screenshot({ path: artifact(name) });

/** axe-core (its npm package, injected) on the page as it is: no serious or critical violation. */
async function assertAccessible(page, view) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
  });
  assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
}

/** The page is no wider than the viewport (nothing scrolls sideways but the scroll boxes meant to). */
async function assertFitsWidth(page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
  assert.ok(scroll <= width, `the page is ${scroll} px wide in a ${width} px viewport`);
}

// The numbers shown for an output, in order ("-0" stays -0).
async function shownValues(page, output) {
  const text = await page.textContent(`#outputs [data-output="${output}"] pre.values`);
  return text.replace(/\[[^\]]*:[^\]]*\]/g, ' ').split(/\s+/).filter(Boolean).map(Number);
}

async function loadThroughFileInput(page, name, bytes) {
  await page.setInputFiles('#model-file', { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  await page.waitForSelector(`#model[data-model="${name}"]:is([data-state="ran"], [data-state="error"])`);
}

async function runModel(page) {
  const runs = Number(await page.getAttribute('#model', 'data-runs') ?? 0);
  await page.click('#run-model');
  await page.waitForSelector(`#model:is([data-runs="${runs + 1}"], [data-state="error"])`);
}

// No message box anywhere shows a line "null" or "undefined".
async function assertNoStrayText(page) {
  const lines = await page.locator('.message:not([hidden])').evaluateAll((boxes) => boxes.flatMap((b) => b.innerText.split('\n')));
  assert.deepEqual(lines.filter((l) => /^(null|undefined)$/.test(l.trim())), []);
}

const ramp = (count) => Array.from({ length: count }, (_, i) => (i - Math.floor(count / 2)) * 0.5);
const timeText = /\d+(\.\d+)? (µs|ms|s)/;

test('the page becomes ready without console errors, runs its default graph, times it honestly and exposes the package', async () => {
  const { page, errors, requests } = await openDemo();
  // Default model: Floor, Ceil and Round of a [3, 4] ramp of halves.
  const x = ramp(12);
  assert.deepEqual(await shownValues(page, 'floor'), x.map(Math.floor));
  assert.deepEqual(await shownValues(page, 'ceil'), x.map(Math.ceil));
  assert.deepEqual(await shownValues(page, 'round'), x.map(roundHalfEven));
  // The first run is labelled as such; warm runs are timed in batches the clock can read (never "0").
  const runInfo = await page.textContent('#run-info');
  assert.match(runInfo, /^first run (< )?\d[\d.]* (µs|ms|s); warm runs \d[\d.]* (µs|ms|s) each \(median of 5 batches of \d+\)$/);
  assert.doesNotMatch(runInfo, /\b0(\.0+)? (µs|ms)/);
  assert.match(await page.textContent('#after-info'), /first run .*, warm runs \d[\d.]* (µs|ms|s) each/);
  // The default image pipeline ran on the built-in picture.
  assert.equal(await page.getAttribute('#after', 'data-picture'), 'built-in');
  assert.equal(await page.getAttribute('#after', 'data-pipeline'), 'image-blur-posterize.onnx');
  // The header states the build's operators; the package is on window.
  const stats = await page.textContent('#stats');
  const table = supportedOperators();
  assert.match(stats, new RegExp(`${new Set(table.map((r) => r.op)).size} operators`));
  assert.match(stats, new RegExp(`${table.length} operator versions`));
  assert.equal(await page.evaluate(() => typeof window.onnxWasm.InferenceSession.create), 'function');
  assert.equal(await page.evaluate(() => window.onnxWasm.ops.Floor(new window.onnxWasm.Tensor('float32', [2.5], [1])).data[0]), 2);
  assert.equal(await page.locator('.model-card').count(), GALLERY.length);
  assert.equal(await page.isHidden('#page-message'), true);
  // onnxruntime-web is loaded only when a visitor asks for the comparison.
  assert.deepEqual(requests.filter((url) => url.includes('/ort/')), []);
  await page.screenshot({ path: artifact('demo-desktop-first-screen.png') });
  await screenshot(page, 'demo-desktop.png');
  await assertAccessible(page, 'the page as it opens (desktop)');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('"Use it": the install line, examples that compute what their comments say, the page\'s last run as code that runs, the API link', async () => {
  const { page, errors } = await openDemo({ permissions: ['clipboard-read', 'clipboard-write'] });
  assert.equal(await page.textContent('#install-line'), 'npm install onnx-wasm');
  assert.match(await page.getAttribute('#api-link', 'href'), /onnx-wasm.*#api$/);
  // The download size the panel states is what this page fetched: the package's two files.
  const packageBytes = ['onnx-wasm.mjs', 'onnx-wasm.wasm'].reduce((n, f) => n + readFileSync(new URL(`../../dist/${f}`, import.meta.url)).length, 0);
  assert.equal(Number(await page.getAttribute('#use-sizes', 'data-bytes')), packageBytes);

  // Each example line `expression; // Float32Array [values]` evaluates to those values.
  const checks = await page.evaluate(async (code) => {
    const lines = code.split('\n').filter((l) => !l.startsWith('import'));
    const body = lines.map((line) => {
      const claim = /^(.*);\s*\/\/ Float32Array \[([^\]]*)\]/.exec(line);
      return claim ? `checks.push([${JSON.stringify(claim[1])}, Array.from(${claim[1]}), [${claim[2]}]]);` : line;
    }).join('\n');
    const checks = [];
    const run = new Function('checks', 'ready', 'ops', 'Tensor', `return (async () => { ${body} })();`);
    await run(checks, window.onnxWasm.ready, window.onnxWasm.ops, window.onnxWasm.Tensor);
    return checks;
  }, await page.textContent('#ops-example'));
  assert.equal(checks.length, 3);
  for (const [expression, got, claimed] of checks) assert.deepEqual(got, claimed, expression);
  assert.match(await page.textContent('#session-example'), /InferenceSession\.create\(/);

  // What the page just ran (the default model) as code: run by Node against the package, it prints
  // the outputs the page shows.
  assert.match(await page.textContent('#last-code-what'), /rounding\.onnx/);
  const code = await page.textContent('#last-code');
  await page.click('#copy-last-code');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  assert.match(await page.textContent('#copy-status'), /Copied/);
  const dir = new URL('copied-code/', ARTIFACTS);
  mkdirSync(dir, { recursive: true });
  copyFileSync(new URL('rounding.onnx', MODELS), new URL('rounding.onnx', dir));
  // Printed as JSON, so the test reads the values exactly.
  const printJson = "console.log = (...a) => process.stdout.write(JSON.stringify(a, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)) + '\\n');\n";
  writeFileSync(new URL('run.mjs', dir), printJson + code);
  const printed = Object.fromEntries(execFileSync(process.execPath, [new URL('run.mjs', dir).pathname], { encoding: 'utf8' })
    .trim().split('\n').map((line) => JSON.parse(line)).map(([name, type, dims, data]) => [name, { type, dims, data }]));
  for (const name of ['floor', 'ceil', 'round']) {
    const zeroSigned = (values) => values.map((v) => v + 0); // JSON has no -0
    assert.deepEqual(printed[name].data, zeroSigned(await shownValues(page, name)), name);
    assert.deepEqual(printed[name].dims, [3, 4]);
  }
  await shoot(page, '#use', 'use-it.png');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a model chosen with the file input: its graph drawn, initializer values, typed and .pb inputs, right numbers, downloadable outputs', async () => {
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
  // The initializer with its value, read from the model's bytes.
  assert.match(await page.textContent('#graph-initializers [data-initializer="cap"]'), /^capfloat32\[\]1\.5$/);

  // The drawing: the input, the initializer, three nodes, two outputs; an edge for each tensor read.
  const drawing = await page.evaluate(() => {
    const svg = document.querySelector('#graph-drawing svg');
    const boxes = [...svg.querySelectorAll('g.box')].map((g) => [g.dataset.box, g.querySelector('text.label').textContent]);
    const centre = (id) => { const r = svg.querySelector(`[data-box="${id}"]`).getBoundingClientRect(); return r.top; };
    return { role: svg.getAttribute('role'), label: svg.getAttribute('aria-label'), boxes, edges: svg.querySelectorAll('path.edge').length, tops: ['in:x', 'node:0', 'node:1', 'out:clamped'].map(centre) };
  });
  assert.equal(drawing.role, 'img');
  assert.match(drawing.label, /^Graph of 3 nodes from 1 input to 2 outputs: AveragePool-19, Min-13, Round-11$/);
  assert.deepEqual(drawing.boxes, [['in:x', 'x'], ['init:cap', 'cap'], ['node:0', 'AveragePool-19'], ['node:1', 'Min-13'], ['node:2', 'Round-11'], ['out:clamped', 'clamped'], ['out:rounded', 'rounded']]);
  assert.equal(drawing.edges, 6); // x→pool, x→round, pooled→clamp, cap→clamp, clamp→clamped, round→rounded
  assert.ok(drawing.tops.every((top, i) => i === 0 || top > drawing.tops[i - 1]), `layers top to bottom: ${drawing.tops}`);

  // A 4 x 5 picture of multiples of 0.25, typed in.
  const next = rng(7);
  const [H, W] = [4, 5];
  const x = Array.from({ length: H * W }, () => Math.floor(next() * 32 - 16) / 4);
  await page.fill('[data-input="x"] input.dims', `1, 1, ${H}, ${W}`);
  await page.dispatchEvent('[data-input="x"] input.dims', 'change');
  await page.fill('[data-input="x"] textarea', x.join(', '));
  await runModel(page);

  // 2 x 2 windows with stride 2, the last column padded on the right and padding not counted.
  const pooled = (values, h, w) => {
    const out = [];
    for (let i = 0; i < Math.ceil(h / 2); i++) {
      for (let j = 0; j < Math.ceil(w / 2); j++) {
        const window = [];
        for (let r = 2 * i; r < Math.min(2 * i + 2, h); r++) for (let c = 2 * j; c < Math.min(2 * j + 2, w); c++) window.push(values[r * w + c]);
        out.push(Math.min(window.reduce((a, b) => a + b) / window.length, 1.5));
      }
    }
    return out;
  };
  assert.deepEqual(await shownValues(page, 'clamped'), pooled(x, H, W));
  assert.deepEqual(await shownValues(page, 'rounded'), x.map(roundHalfEven));
  assert.match(await page.textContent('#outputs [data-output="clamped"] .output-head'), /clampedfloat32\[1, 1, 2, 3\]/);
  assert.equal(await page.locator('#outputs canvas.tensor-image').count(), 2); // both outputs are 4-D
  // An output pane takes the section's width, not a narrow column.
  const [pane, section] = await Promise.all(['#outputs [data-output="clamped"]', '#model'].map((s) => page.locator(s).boundingBox()));
  assert.ok(pane.width > section.width - 80, `output ${pane.width} px in a ${section.width} px section`);

  // Downloads: the .pb decodes (with the package, in Node) to the numbers shown; the JSON holds them too.
  const [pbDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-output="clamped"] [data-download="pb"]')]);
  assert.equal(pbDownload.suggestedFilename(), 'clamped.pb');
  const decoded = decodeTensorProto(readFileSync(await pbDownload.path()));
  assert.equal(decoded.type, 'float32');
  assert.deepEqual(decoded.dims, [1, 1, 2, 3]);
  assert.deepEqual([...decoded.data], pooled(x, H, W));
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-output="rounded"] [data-download="json"]')]);
  const json = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'));
  assert.deepEqual(json, { name: 'rounded', type: 'float32', dims: [1, 1, 4, 5], values: x.map((v) => roundHalfEven(v) + 0) }); // JSON has no -0

  // A .pb TensorProto as the input: it sets the shape and the values.
  const y = [0.25, -1.5, 2.5, 3.75, 0.5, -0.5];
  await page.setInputFiles('[data-input="x"] input[type=file]', { name: 'y.pb', mimeType: 'application/octet-stream', buffer: Buffer.from(encodeTensor({ name: 'x', type: 'float32', dims: [1, 1, 2, 3], data: y })) });
  await page.waitForFunction(() => document.querySelector('[data-input="x"] input.dims').value === '1, 1, 2, 3');
  assert.match(await page.textContent('[data-input="x"] .input-head'), /6 values from y\.pb/);
  await runModel(page);
  assert.deepEqual(await shownValues(page, 'rounded'), y.map(roundHalfEven));
  assert.deepEqual(await shownValues(page, 'clamped'), pooled(y, 2, 3));
  await shoot(page, '#model', 'model.png');
  await assertAccessible(page, 'a model opened, run and downloaded');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('broken files, unsupported operators and bad inputs show a message where the visitor is, without stray text or stale results', async () => {
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
  const minWithB = (values) => values.map((v, i) => Math.min(v, [-2, 0, 7][i % 3]));
  assert.deepEqual(await shownValues(page, 'm'), minWithB(a));

  await loadThroughFileInput(page, 'truncated.onnx', minModel.subarray(0, minModel.length - 9));
  assert.equal(await page.getAttribute('#model', 'data-state'), 'error');
  assert.equal(await page.isVisible('#model-message'), true);
  assert.equal(await page.isHidden('#model-view'), true);
  assert.match(await message(), /INVALID_MODELtruncated\.onnx is not a valid ONNX model/);
  await assertNoStrayText(page);
  assert.equal(await page.locator('#model-message > *').count(), 2); // title and detail, nothing else

  await loadThroughFileInput(page, 'notes.txt', new TextEncoder().encode('these are not the bytes of a model'));
  assert.match(await message(), /notes\.txt is not a valid ONNX model/);
  await assertNoStrayText(page);

  const sigmoidModel = buildModel({
    opset: 13,
    inputs: [{ name: 'x', type: 'float32', dims: [4] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['f'] }, { op: 'Unique', name: 'activation', inputs: ['f'], outputs: ['y'] }],
  });
  await loadThroughFileInput(page, 'sigmoid.onnx', sigmoidModel);
  assert.match(await message(), /UNSUPPORTEDsigmoid\.onnx uses something onnx-wasm does not run/);
  assert.match(await message(), /node 'activation' \(Unique\): unsupported operator 'Unique'/);
  assert.match(await message(), /implements Floor, Ceil, Round, Min, AveragePool, Reshape/);
  await shoot(page, '#model', 'model-error.png');
  await assertAccessible(page, 'a model refused');

  // Typed values that do not fit: the message is under the Run button, in view, and the outputs and
  // time of the previous run are gone.
  await loadThroughFileInput(page, 'dropped-again.onnx', minModel);
  assert.equal(await page.locator('#outputs .output').count(), 1);
  await page.fill('[data-input="a"] textarea', '1 2 three');
  await page.click('#run-model');
  await page.waitForSelector('#model[data-state="error"]');
  assert.match(await page.textContent('#run-message'), /Check the inputsinput 'a': value 3, 'three', is not an integer/);
  assert.equal(await page.isHidden('#model-message'), true);
  assert.equal(await page.locator('#outputs .output').count(), 0);
  assert.equal(await page.textContent('#run-info'), '');
  const box = await page.locator('#run-message').boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the message is at ${box.y}..${box.y + box.height}, the window 0..${viewport.height}`);
  await assertNoStrayText(page);
  await page.fill('[data-input="a"] textarea', '1 2 3');
  await page.click('#run-model');
  assert.match(await page.textContent('#run-message'), /input 'a': 3 values for shape \[2, 3\], which holds 6/);
  await shoot(page, '#model', 'model-run-error.png');

  // Typed values survive a change of shape; they run in the new one.
  const typed = [5, -4, 3, -9, 1, 8];
  await page.fill('[data-input="a"] textarea', typed.join(' '));
  await page.fill('[data-input="a"] input.dims', '2, 3');
  await page.dispatchEvent('[data-input="a"] input.dims', 'change');
  assert.equal(await page.inputValue('[data-input="a"] textarea'), typed.join(' '));
  assert.match(await page.textContent('[data-input="a"] .input-head'), /typed, 6 values/);
  await runModel(page);
  assert.equal(await page.isHidden('#run-message'), true);
  assert.deepEqual(await shownValues(page, 'm'), minWithB(typed));
  // A long row stays one line (scrolling sideways) rather than wrapping into a grid.
  assert.equal(await page.getAttribute('[data-input="a"] textarea', 'wrap'), 'off');
  assert.deepEqual(errors, []);
  await page.context().close();
});

// A PNG made in the page: width × height, each pixel's RGBA from pixel(x, y).
async function makePng(page, width, height, pixelSource) {
  return Buffer.from(await page.evaluate(async ([width, height, source]) => {
    const pixel = new Function('x', 'y', `return (${source})(x, y);`);
    const canvas = document.createElement('canvas');
    Object.assign(canvas, { width, height });
    const g = canvas.getContext('2d');
    const image = g.createImageData(width, height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) image.data.set(pixel(x, y), 4 * (y * width + x));
    g.putImageData(image, 0, 0);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, [width, height, pixelSource.toString()]));
}

// A canvas's RGBA bytes, { width, height, data: [r, g, b, a, …] }: they leave the page as one base64
// string, since an array of hundreds of thousands of numbers takes the protocol seconds to send.
async function pixels(page, id) {
  const { width, height, base64 } = await page.evaluate((id) => {
    const canvas = document.getElementById(id);
    const bytes = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
  }, id);
  return { width, height, data: [...Buffer.from(base64, 'base64')] };
}
const pixelAt = (image, x, y) => image.data.slice(4 * (y * image.width + x), 4 * (y * image.width + x) + 4);

async function usePicture(page, name, png, pipeline = 'image-blur-posterize.onnx') {
  await page.setInputFiles('#picture-file', { name, mimeType: 'image/png', buffer: png });
  await page.waitForSelector(`#after[data-picture="${name}"][data-pipeline="${pipeline}"]`);
}

test('the letterbox pipeline: gray bars where the picture does not fill the square, the boxes NonMaxSuppression keeps outlined', async () => {
  const { page, errors } = await openDemo();
  await page.selectOption('#pipeline', 'image-bright-spots.onnx');
  await page.waitForSelector('#after[data-pipeline="image-bright-spots.onnx"][data-boxes]');
  const count = Number(await page.getAttribute('#after', 'data-boxes'));
  assert.ok(count >= 1 && count <= 5, `${count} boxes`);
  const result = await pixels(page, 'after');
  // The built-in 480 × 300 picture scaled to 320 × 200, then 120 rows of gray (114) below it.
  assert.deepEqual([result.width, result.height], [320, 320]);
  assert.deepEqual(pixelAt(result, 1, 318), [114, 114, 114, 255]);
  let outlined = 0;
  for (let i = 0; i < result.data.length; i += 4) if (result.data[i] === 255 && result.data[i + 1] === 45 && result.data[i + 2] === 85) outlined++;
  assert.ok(outlined >= 4 * 30, `${outlined} outline pixels`);
  assert.match(await page.textContent('#after-info'), new RegExp(`· ${count} box`));
  await shoot(page, '#image', 'image-bright-spots.png');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('pictures: processed at their own size, shown no larger and no taller than the screen allows, transparency kept', async () => {
  const { page, errors } = await openDemo();
  // The built-in picture: the result has the picture's size, many colours, and differs from it.
  const builtIn = await page.evaluate(() => {
    const [before, after] = ['before', 'after'].map((id) => document.getElementById(id));
    const rgba = (canvas) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    const [b, a] = [rgba(before), rgba(after)];
    const colours = new Set();
    for (let i = 0; i < a.length; i += 4) colours.add((a[i] << 16) | (a[i + 1] << 8) | a[i + 2]);
    return { sizes: [before.width, before.height, after.width, after.height], colours: colours.size, changed: a.some((v, i) => v !== b[i]) };
  });
  assert.deepEqual(builtIn.sizes, [480, 300, 480, 300]);
  assert.ok(builtIn.colours >= 8, `${builtIn.colours} colours`);
  assert.ok(builtIn.changed);
  assert.match(await page.getAttribute('#before', 'aria-label'), /built-in picture/);
  assert.match(await page.getAttribute('#after', 'aria-label'), /Blur, posterize, tint/);

  // Two flat colours, the left half opaque, the right half half-transparent.
  const [left, right] = [[200, 100, 30], [20, 220, 240]]; // blue 240 reaches level 4, which the ceiling lowers to 3
  const png = await makePng(page, 40, 20, (x) => (x < 20 ? [200, 100, 30, 255] : [20, 220, 240, 128]));
  await usePicture(page, 'two-colours.png', png);
  // Away from the edges the 3x3 blur keeps each flat colour; Round to 0..4 levels (v * 4/255), the
  // ceiling [4, 4, 3], back to 0..255. The alpha of the picture carries over.
  const posterized = (rgb) => rgb.map((v, c) => Math.round((Math.min(Math.round((v * 4) / 255), [4, 4, 3][c]) * 255) / 4));
  let result = await pixels(page, 'after');
  assert.deepEqual([result.width, result.height], [40, 20]);
  assert.deepEqual(pixelAt(result, 5, 10), [...posterized(left), 255]);
  const [r, g, b, alpha] = pixelAt(result, 34, 10);
  assert.equal(alpha, 128);
  posterized(right).forEach((v, c) => assert.ok(Math.abs([r, g, b][c] - v) <= 2, `channel ${c}: ${[r, g, b][c]}, expected ${v}`)); // stored premultiplied
  // A 40 × 20 picture is shown 40 × 20, not enlarged.
  const shown = await page.locator('#after').boundingBox();
  assert.deepEqual([shown.width, shown.height], [40, 20]);
  await shoot(page, '#image', 'image-pipeline.png');

  // Downsample, on the same picture dropped on the section: half the size; 2x2 averages, Floor to
  // 0..3 (v * 4/255, clamped by Min at 3), back to 0..255.
  await page.selectOption('#pipeline', 'image-downsample.onnx');
  await page.evaluate((bytes) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'dropped.png', { type: 'image/png' }));
    document.getElementById('before').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [...png]);
  await page.waitForSelector('#after[data-picture="dropped.png"][data-pipeline="image-downsample.onnx"]');
  const downsampled = (rgb) => rgb.map((v) => Math.round((Math.min(Math.floor((v * 4) / 255), 3) * 255) / 3));
  result = await pixels(page, 'after');
  assert.deepEqual([result.width, result.height], [20, 10]);
  assert.deepEqual(pixelAt(result, 2, 5), [...downsampled(left), 255]);
  assert.equal(pixelAt(result, 17, 5)[3], 128);

  // A tall picture (100 × 2000): processed scaled to fit 1280 pixels, shown no taller than 420 px.
  await page.selectOption('#pipeline', 'image-blur-posterize.onnx');
  await usePicture(page, 'tall.png', await makePng(page, 100, 2000, (x, y) => [x * 2, (y / 8) % 256, 128, 255]));
  assert.deepEqual(await page.evaluate(() => ['width', 'height'].map((k) => document.getElementById('before')[k])), [64, 1280]);
  for (const id of ['before', 'after', 'pg-result']) {
    const { height } = await page.locator(`#${id}`).boundingBox();
    assert.ok(height <= 420.5, `#${id} is ${height} px tall`);
  }
  const section = await page.locator('#image').boundingBox();
  assert.ok(section.height < 2200, `the section is ${section.height} px tall`);

  // A gallery card's "Use on a picture" picks its pipeline; the built-in picture comes back on request.
  await page.click('.model-card[data-model="image-dilated-blur.onnx"] [data-action="use-on-picture"]');
  await page.waitForSelector('#after[data-picture="tall.png"][data-pipeline="image-dilated-blur.onnx"]');
  assert.equal(await page.inputValue('#pipeline'), 'image-dilated-blur.onnx');
  await page.click('#builtin-picture');
  await page.waitForSelector('#after[data-picture="built-in"][data-pipeline="image-dilated-blur.onnx"]');
  assert.equal(await page.isHidden('#image-message'), true);

  // A file that is not a picture: a message, and the last picture stays.
  await page.setInputFiles('#picture-file', { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text') });
  await page.waitForSelector('#image-message:not([hidden])');
  assert.match(await page.textContent('#image-message'), /Cannot use that picturenot-a-picture\.png is not an image this browser can decode/);
  await assertNoStrayText(page);
  assert.equal(await page.getAttribute('#before', 'data-picture'), 'built-in');

  // A pipeline that fails (a 1 × 1 picture cannot be downsampled by 2 × 2 windows): its message, and
  // no After picture or caption left from before.
  await page.selectOption('#pipeline', 'image-downsample.onnx');
  await page.waitForSelector('#after[data-pipeline="image-downsample.onnx"]');
  await page.setInputFiles('#picture-file', { name: 'dot.png', mimeType: 'image/png', buffer: await makePng(page, 1, 1, () => [9, 9, 9, 255]) });
  await page.waitForSelector('#after[data-state="error"]');
  assert.match(await page.textContent('#image-message'), /The Downsample ×2, 4 levels pipeline failed/);
  await assertNoStrayText(page);
  assert.equal(await page.getAttribute('#after', 'data-pipeline'), null);
  assert.equal(await page.textContent('#after-info'), '');
  assert.ok((await pixels(page, 'after')).data.every((v) => v === 0), 'the After canvas is blank');
  await assertAccessible(page, 'a failed pipeline');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the ops.* playground: each control changes the call, the result is computed right and shown with its code; a refusal shows its message', async () => {
  const { page, errors } = await openDemo();
  const before = await pixels(page, 'before');
  const set = async (values) => {
    for (const [id, value] of Object.entries(values)) {
      const tag = await page.evaluate((id) => document.getElementById(id).tagName, `pg-${id}`);
      if (tag === 'SELECT') await page.selectOption(`#pg-${id}`, value);
      else await page.fill(`#pg-${id}`, value);
    }
    await page.evaluate(() => new Promise(requestAnimationFrame)); // the frame that starts the call
    await page.waitForFunction(() => { const { call, done } = document.getElementById('playground').dataset; return call === done; });
  };
  const code = () => page.textContent('#pg-code');
  const result = () => pixels(page, 'pg-result');

  // The default: a 3 x 3 average over the picture, without padding.
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,298,478');
  assert.match(await code(), new RegExp(String.raw`const y = ops\.AveragePool\(x, \{ kernel_shape: \[3, 3\], opset: ${LATEST_OPSET} \}\);$`));

  // 2 x 2 windows with stride 2: each result pixel is the mean of a 2 x 2 block of the picture (the
  // page scales by 4/255 and back by 255/4).
  await set({ kernel_shape: '2, 2', strides: '2, 2' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,150,240');
  assert.match(await code(), new RegExp(String.raw`ops\.AveragePool\(x, \{ kernel_shape: \[2, 2\], strides: \[2, 2\], opset: ${LATEST_OPSET} \}\)`));
  assert.equal(await page.textContent('#last-code'), await code()); // "copy as code" offers this call
  let out = await result();
  for (const [i, j] of [[0, 0], [37, 101], [149, 239], [75, 120]]) {
    const got = pixelAt(out, j, i);
    for (let c = 0; c < 3; c++) {
      const block = [[0, 0], [0, 1], [1, 0], [1, 1]].map(([di, dj]) => pixelAt(before, 2 * j + dj, 2 * i + di)[c]);
      const want = block.reduce((s, v) => s + v, 0) / 4;
      assert.ok(Math.abs(got[c] - want) <= 1, `pixel (${i}, ${j}) channel ${c}: ${got[c]}, expected ${want}`);
    }
  }

  // auto_pad SAME_UPPER with stride 1 keeps the size; ceil_mode 1 keeps the partial last window.
  await set({ strides: '', auto_pad: 'SAME_UPPER' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,300,480');
  await set({ auto_pad: '', kernel_shape: '4, 4', strides: '4, 4', pads: '', ceil_mode: '1' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,75,120');
  await set({ kernel_shape: '7, 7', strides: '7, 7' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,43,69'); // ceil(293 / 7) + 1, ceil(473 / 7) + 1
  await set({ ceil_mode: '0' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,42,68');
  await set({ ceil_mode: '', kernel_shape: '3, 3', strides: '', pads: '1, 1, 1, 1', count_include_pad: '1', dilations: '2, 2' });
  assert.equal(await page.getAttribute('#playground', 'data-dims'), '1,3,298,478');
  assert.match(await code(), new RegExp(String.raw`pads: \[1, 1, 1, 1\], dilations: \[2, 2\], count_include_pad: 1, opset: ${LATEST_OPSET}`));

  // Refusals, with the library's message: dilations arrived in AveragePool-19, ceil_mode in 10,
  // count_include_pad in 7.
  await set({ opset: '18' });
  assert.equal(await page.getAttribute('#playground', 'data-state'), 'refused');
  assert.match(await page.textContent('#pg-message'), /onnx-wasm refuses this call.*AveragePool-11.*dilations/);
  assert.equal(await page.textContent('#pg-info'), '');
  assert.ok((await result()).data.every((v) => v === 0), 'no stale result');
  await assertNoStrayText(page);
  await shoot(page, '#playground', 'playground-refused.png');
  await assertAccessible(page, 'a refused ops.* call');
  await set({ dilations: '', count_include_pad: '', ceil_mode: '1', opset: '9' });
  assert.match(await page.textContent('#pg-message'), /AveragePool-7.*ceil_mode/);
  await set({ ceil_mode: '', count_include_pad: '1', opset: '6' });
  assert.match(await page.textContent('#pg-message'), /AveragePool-1.*count_include_pad/);
  await set({ count_include_pad: '', kernel_shape: 'three' });
  assert.match(await page.textContent('#pg-message'), /Check the fieldskernel_shape: 'three' is not a whole number/);

  // Floor: 5 levels, each pixel floor(v * 4/255) * 255/4; Min with 2.5 caps at 2.5 * 255/4.
  await set({ op: 'Floor', opset: '13' });
  assert.match(await code(), /const y = ops\.Floor\(x, \{ opset: 13 \}\);$/);
  assert.equal(await page.isVisible('#pg-kernel_shape'), false); // pooling fields hidden for Floor
  out = await result();
  for (const [x, y] of [[0, 0], [200, 150], [479, 299]]) {
    const want = pixelAt(before, x, y).slice(0, 3).map((v) => Math.round((Math.floor((v * 4) / 255) * 255) / 4));
    assert.deepEqual(pixelAt(out, x, y).slice(0, 3), want, `pixel ${x}, ${y}`);
  }
  await set({ op: 'Min', opset: '22', 'min-with': '2.5' });
  assert.match(await code(), /ops\.Min\(\[x, new Tensor\('float32', \[2\.5\], \[1\]\)\], \{ opset: 22 \}\)/);
  out = await result();
  for (const [x, y] of [[0, 0], [200, 150]]) {
    const want = pixelAt(before, x, y).slice(0, 3).map((v) => Math.round(Math.min(v, 2.5 * 255 / 4)));
    pixelAt(out, x, y).slice(0, 3).forEach((v, c) => assert.ok(Math.abs(v - want[c]) <= 1, `pixel ${x}, ${y}: ${v} vs ${want[c]}`));
  }
  await shoot(page, '#playground', 'playground.png');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the benchmark times warm runs; the comparison loads onnxruntime-web only when asked and runs the same model beside it', async () => {
  const { page, errors, requests } = await openDemo();
  await page.click('.model-card[data-model="min-broadcast.onnx"] [data-action="open"]');
  await page.waitForSelector('#model[data-model="min-broadcast.onnx"][data-state="ran"]');
  await page.click('#benchmark');
  await page.waitForSelector('#bench[data-done="onnx-wasm"]', { timeout: 30000 });
  const cells = async () => Object.fromEntries(await page.locator('#bench-table tbody tr').evaluateAll((rows) =>
    rows.map((r) => [r.cells[0].textContent, [r.cells[1].textContent, r.cells[2].textContent]])));
  let table = await cells();
  assert.match(table['median per run'][0], timeText);
  assert.match(table['input elements per second'][0], /^\d[\d.]* [kMG]?\/s$/);
  assert.match(table['runs timed'][0], /^[\d,]+ \(9 batches of \d+\)$/);
  assert.match(table['new session: created in'][0], timeText);
  assert.match(table['new session: first run'][0], timeText);
  assert.equal(table['median per run'][1], '—');
  const packageBytes = ['onnx-wasm.mjs', 'onnx-wasm.wasm'].reduce((n, f) => n + readFileSync(new URL(`../../dist/${f}`, import.meta.url)).length, 0);
  assert.equal(Number(await page.getAttribute('#bench', 'data-onnx-wasm-bytes')), packageBytes);
  assert.deepEqual(requests.filter((url) => url.includes('/ort/')), []);

  await page.click('#compare-ort');
  await page.waitForSelector('#bench[data-done="ort"]', { timeout: 120000 });
  assert.equal(await page.isHidden('#bench-message'), true, await page.textContent('#bench-message'));
  assert.equal(await page.getAttribute('#bench', 'data-agree'), 'true');
  table = await cells();
  assert.match(table['median per run'][1], timeText);
  assert.match(table['input elements per second'][1], /\/s$/);
  assert.match(table['new session: first run'][1], timeText);
  assert.match(table.files[1], /ort\.wasm\.bundle\.min\.mjs .*ort-wasm-simd-threaded\.wasm/);
  const ortDist = new URL('../../node_modules/onnxruntime-web/dist/', import.meta.url);
  const ortBytes = ['ort.wasm.bundle.min.mjs', 'ort-wasm-simd-threaded.wasm'].reduce((n, f) => n + readFileSync(new URL(f, ortDist)).length, 0);
  assert.equal(Number(await page.getAttribute('#bench', 'data-ort-bytes')), ortBytes);
  assert.match(await page.textContent('#bench-info'), /onnx-wasm [\d.]+× (faster|slower) per run; downloads \d+× smaller/);
  assert.ok(requests.some((url) => url.endsWith('/ort/ort.wasm.bundle.min.mjs')));
  await shoot(page, '#bench', 'benchmark.png');
  await assertAccessible(page, 'the benchmark and the comparison');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('keyboard and screen reader users: file inputs in the tab order, focus follows the page, names and announcements', async () => {
  const { page, errors } = await openDemo();
  // Tab reaches both file inputs (they are visually hidden, not display:none).
  const reached = new Set();
  for (let i = 0; i < 300 && reached.size < 2; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement.id);
    if (id === 'picture-file' || id === 'model-file') reached.add(id);
  }
  assert.deepEqual([...reached].sort(), ['model-file', 'picture-file']);
  // Each gallery button has its own name.
  const names = await page.locator('.model-card button').evaluateAll((buttons) => buttons.map((b) => b.textContent));
  assert.equal(new Set(names).size, names.length, names.join(' | '));
  assert.ok(names.includes('Open Blur, posterize, tint'));
  // Open, by keyboard: focus moves to "Your model"; "Use on a picture" to the pictures.
  await page.focus('.model-card[data-model="half-precision.onnx"] [data-action="open"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#model[data-model="half-precision.onnx"][data-state="ran"]');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'model-title');
  await page.focus('.model-card[data-model="image-downsample.onnx"] [data-action="use-on-picture"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#after[data-pipeline="image-downsample.onnx"]');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'image-title');
  // Every canvas says what it shows; status and times are announced politely.
  const canvases = await page.locator('canvas').evaluateAll((list) => list.map((c) => [c.getAttribute('role'), c.getAttribute('aria-label')]));
  assert.ok(canvases.length >= 3);
  for (const [role, label] of canvases) {
    assert.equal(role, 'img');
    assert.ok(label && !/none yet/.test(label), label);
  }
  for (const id of ['status', 'run-info', 'after-info', 'pg-info', 'conformance-summary', 'bench-info']) {
    assert.equal(await page.getAttribute(`#${id}`, 'role'), 'status', id);
  }
  await assertAccessible(page, 'after keyboard use');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('a wasm that does not load: the page says so, once, with the library\'s message', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.route('**/dist/onnx-wasm.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(base);
  await page.waitForSelector('#page-message:not([hidden])');
  assert.equal(await page.textContent('#status'), 'failed to load');
  assert.match(await page.textContent('#page-message'), /^NOT_READYThe WebAssembly module did not load.*onnx-wasm\.wasm/);
  await assertNoStrayText(page);
  await assertAccessible(page, 'a failed wasm load');
  await context.close();
});

test('without Float16Array and Math.f16round the float16 model still shows its numbers', async () => {
  const { page, errors } = await openDemo({ init: () => { delete globalThis.Float16Array; delete Math.f16round; } });
  assert.equal(await page.evaluate(() => typeof Float16Array + typeof Math.f16round), 'undefinedundefined');
  await page.click('.model-card[data-model="half-precision.onnx"] [data-action="open"]');
  await page.waitForSelector('#model[data-model="half-precision.onnx"][data-state="ran"]');
  const h = ramp(8);
  const b = ramp(12);
  assert.deepEqual(await shownValues(page, 'ceil_f16'), h.map(Math.ceil));
  const pairs = Array.from({ length: 6 }, (_, i) => (b[2 * i] + b[2 * i + 1]) / 2);
  assert.deepEqual(await shownValues(page, 'round_bf16'), pairs.map(roundHalfEven));
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('the numbers the page shows read back as the same values, for every float type', async () => {
  const { page, errors } = await openDemo({ init: () => { delete globalThis.Float16Array; delete Math.f16round; } });
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
  await page.context().close();
});

test('voice activity: the LSTM VAD over the built-in clip, drawn and tabled as Node computes it; the clip plays; the gallery card leads there', async () => {
  const { page, errors } = await openDemo();
  await page.waitForSelector('#voice[data-state="ran"]');
  // Each part's mean probability in the table is the one this process computes with the same code.
  const demo = (path) => readFileSync(new URL(`../../demo/${path}`, import.meta.url));
  const session = await InferenceSession.create(demo('models/vad-lstm.onnx'));
  const { probabilities } = await speechProbabilities(session, decodeWav(new Uint8Array(demo('audio/vad-clip.wav'))).samples);
  session.release();
  const { segments } = JSON.parse(demo('audio/vad-clip.json'));
  const rows = await page.locator('#vad-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({ speech: tr.dataset.speech, mean: tr.querySelector('[data-mean]').dataset.mean })));
  assert.deepEqual(rows, segments.map(({ start, end, speech }) => {
    const frames = probabilities.slice(Math.ceil((start * SAMPLE_RATE) / FRAME), Math.floor((end * SAMPLE_RATE) / FRAME));
    return { speech: String(speech), mean: (frames.reduce((a, b) => a + b, 0) / frames.length).toFixed(3) };
  }));
  assert.match(await page.getAttribute('#vad-plot', 'aria-label'), /above 0\.5 at \d\.\d\d–\d\.\d\d s/);
  assert.match(await page.textContent('#vad-info'), /^125 frames of 32 ms, one session\.run each: .* a frame/);
  // The clip plays: 4 s of audio the browser decodes.
  const duration = await page.evaluate(() => new Promise((resolve, reject) => {
    const audio = document.getElementById('vad-audio');
    audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
    audio.addEventListener('error', () => reject(new Error(`the clip did not load: ${audio.error?.message}`)), { once: true });
    audio.preload = 'metadata';
    audio.load();
  }));
  assert.ok(Math.abs(duration - 4) < 0.01, `duration ${duration}`);
  // The gallery card's button takes a keyboard user to the section; running again gives the same table.
  await page.focus('.model-card[data-model="vad-lstm.onnx"] [data-action="voice"]');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'voice-title');
  await page.click('#vad-run');
  await page.waitForSelector('#voice[data-state="ran"]');
  assert.deepEqual(await page.locator('#vad-table [data-mean]').evaluateAll((cells) => cells.map((c) => c.dataset.mean)), rows.map((r) => r.mean));
  assert.match(await page.textContent('#last-code-what'), /vad-lstm\.onnx over the built-in clip/);
  assert.equal(await page.textContent('#vad-code'), await page.textContent('#last-code'));
  await page.click('.vad-code summary');
  await shoot(page, '#voice', 'desktop-voice.png');
  await assertAccessible(page, 'voice activity');
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('every gallery model opens: the broken ones show their error, the others run', async () => {
  const { page, errors } = await openDemo();
  const files = await page.locator('.model-card').evaluateAll((cards) => cards.map((c) => c.dataset.model));
  for (const file of files) {
    await page.click(`.model-card[data-model="${file}"] [data-action="open"]`);
    await page.waitForSelector(`#model[data-model="${file}"]:is([data-state="ran"], [data-state="error"])`);
    const state = await page.getAttribute('#model', 'data-state');
    const expectedError = { 'unsupported-operator.onnx': 'UNSUPPORTED', 'truncated.onnx': 'INVALID_MODEL' }[file];
    if (expectedError) {
      assert.equal(state, 'error', file);
      assert.equal(await page.textContent('#model-message .code'), expectedError, file);
      await assertNoStrayText(page);
    } else {
      assert.equal(state, 'ran', `${file}: ${await page.textContent('#model-message')}`);
      assert.ok((await page.locator('#outputs .output').count()) > 0, file);
      assert.equal(await page.locator('#graph-drawing svg g.box.node').count(), await page.locator('#graph-nodes li').count(), file);
    }
  }
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('on a phone: the page fits the screen, the title stays whole, the conformance view runs every exported model and ONNX backend case with fetching and running timed apart', async () => {
  const { page, errors } = await openDemo({ viewport: PHONE });
  await assertFitsWidth(page);
  const title = await page.locator('h1').boundingBox();
  assert.ok(title.height < 50, `the title is ${title.height} px tall: broken over lines`);
  const nav = await page.locator('nav').boundingBox();
  assert.ok(nav.x + nav.width <= PHONE.width, 'the nav fits');
  await page.screenshot({ path: artifact('demo-phone-first-screen.png') });
  await screenshot(page, 'demo-phone.png');
  for (const id of ['use', 'image', 'voice', 'gallery', 'model']) await shoot(page, `#${id}`, `phone-${id}.png`);
  await assertAccessible(page, 'the page on a phone');

  // The server lists ONNX's cases where ONNX_TESTS_DIR has them, as this process sees it.
  const exported = exportedCases().map((c) => c.name);
  const cases = [...exported, ...onnxCases().map((c) => c.name)];
  await page.click('#run-conformance');
  await page.waitForSelector('#conformance[data-done="true"]', { timeout: 240000 });
  const rows = await page.locator('#conformance-table tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.dataset.case, tr.dataset.status]));
  assert.deepEqual(rows.map(([name]) => name).sort(), cases.sort());
  assert.deepEqual(rows.filter(([, status]) => status === 'failed'), []);
  // Every exported model passes; ONNX's cases pass or are refused for an operator or a type the runtime
  // lacks (the runner accepts only a refusal naming it).
  assert.deepEqual(rows.filter(([name, status]) => exported.includes(name) && status !== 'passed'), []);
  assert.equal(await page.textContent('#conformance-skipped'), HAS_ONNX_CASES ? '' : `The server ${SKIPPED_ONNX_CASES}.`);
  assert.match(await page.textContent('#conformance-summary'), new RegExp(`0 failed.*${cases.length} cases: fetching ${timeText.source}, running ${timeText.source}`));
  const times = await page.locator('#conformance-table tbody tr').first().locator('td.num').allTextContents();
  assert.equal(times.length, 2);
  // Every row fits the phone's width: no cell is cut off or scrolls sideways.
  await assertFitsWidth(page);
  const overflow = await page.locator('#conformance-table tbody td').evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > innerWidth).length);
  assert.equal(overflow, 0);
  await shoot(page, '#conformance', 'phone-conformance.png');
  await assertAccessible(page, 'the conformance view on a phone');
  await page.setViewportSize(DESKTOP);
  await shoot(page, '#conformance', 'conformance.png');
  await assertAccessible(page, 'the conformance view on a desktop');
  assert.deepEqual(errors, []);
  await page.context().close();
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
