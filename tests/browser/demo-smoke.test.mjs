// The demo page in Chromium, Firefox and WebKit, briefly (tests/browser/demo.test.mjs tests it in depth
// in Chromium): it becomes ready without console errors and shows its default model's numbers, a
// gallery model opens and runs, and the image pipeline turns the built-in picture into another one.
// Screenshots go to test-artifacts/demo-<engine>.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { eachEngine, serveDemo } from '../../tools/browser-harness.mjs';
import { roundHalfEven } from '../node/helpers/reference.mjs';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);
// A gallery model in float16 and bfloat16 (tools/demo-models.mjs): ceil_f16 = Ceil(h), round_bf16 =
// Round(AveragePool(b, kernel 2, stride 2)); the page fills its inputs with ramps of halves.
const GALLERY_MODEL = 'half-precision.onnx';
const ramp = (count) => Array.from({ length: count }, (_, i) => (i - Math.floor(count / 2)) * 0.5);
let server;

before(async () => {
  server = await serveDemo();
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(() => server?.close());

// The numbers shown for each output ("-0" reads as -0).
const shownValues = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#outputs [data-output]')].map((output) => [
  output.dataset.output,
  output.querySelector('pre.values').textContent.replace(/\[[^\]]*:[^\]]*\]/g, ' ').split(/\s+/).filter(Boolean).map(Number),
])));

eachEngine((browser) => {

  test(`${browser.name}: the demo becomes ready, runs its default model, a gallery model and the image pipeline`, async () => {
    const page = await browser.newPage();
    await page.goto(server.base);
    await page.waitForSelector('body[data-ready="true"]');

    // The default model: Floor, Ceil and Round of a [3, 4] ramp of halves.
    const x = ramp(12);
    assert.deepEqual(await shownValues(page), { floor: x.map(Math.floor), ceil: x.map(Math.ceil), round: x.map(roundHalfEven) });

    // The built-in picture went through the default pipeline: same size, many colours, changed.
    const picture = await page.evaluate(() => {
      const [before, after] = ['before', 'after'].map((id) => document.getElementById(id));
      const rgba = (canvas) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const [b, a] = [rgba(before), rgba(after)];
      const colours = new Set();
      for (let i = 0; i < a.length; i += 4) colours.add((a[i] << 16) | (a[i + 1] << 8) | a[i + 2]);
      return { ...after.dataset, sizes: [before.width, before.height, after.width, after.height], colours: colours.size, changed: a.some((v, i) => v !== b[i]) };
    });
    assert.equal(picture.picture, 'built-in');
    assert.ok(picture.pipeline.endsWith('.onnx'), picture.pipeline);
    assert.deepEqual(picture.sizes.slice(2), picture.sizes.slice(0, 2));
    assert.ok(picture.colours >= 8, `${picture.colours} colours`);
    assert.ok(picture.changed);

    // A gallery model, opened from its card: the numbers for its ramps.
    await page.click(`.model-card[data-model="${GALLERY_MODEL}"] [data-action="open"]`);
    await page.waitForSelector(`#model[data-model="${GALLERY_MODEL}"]:is([data-state="ran"], [data-state="error"])`);
    const [state, message] = await page.evaluate(() => [document.getElementById('model').dataset.state, document.getElementById('model-message').textContent]);
    assert.equal(state, 'ran', message);
    const [h, b] = [ramp(8), ramp(12)];
    const pooled = Array.from({ length: 6 }, (_, i) => (b[2 * i] + b[2 * i + 1]) / 2); // halves: exact in bfloat16
    assert.deepEqual(await shownValues(page), { ceil_f16: h.map(Math.ceil), round_bf16: pooled.map(roundHalfEven) });

    await page.screenshot(new URL(`demo-${browser.engine}.png`, ARTIFACTS).pathname);
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });
});
