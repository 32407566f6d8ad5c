// `npm run screenshot`: the README's picture of the demo (docs/demo.png), taken in headless Chromium
// from the page `npm start` serves: the header and the pictures section with the ops.* playground.
import { mkdirSync } from 'node:fs';
import { startServerAndBrowser } from '../tools/browser-harness.mjs';

const out = new URL('../docs/demo.png', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
const { base, browser, close } = await startServerAndBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  // The playground showing a strided, dilated pooling: the controls in use.
  await page.fill('#pg-strides', '2, 2');
  await page.fill('#pg-dilations', '2, 2');
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await page.waitForFunction(() => { const { call, done } = document.getElementById('playground').dataset; return call === done; });
  // The header, then the pictures section: the Use it panel between them is hidden for the picture.
  const bottom = await page.evaluate(() => {
    document.getElementById('use').hidden = true;
    return Math.ceil(document.getElementById('image').getBoundingClientRect().bottom + scrollY + 16);
  });
  await page.screenshot({ path: out.pathname, fullPage: true, clip: { x: 0, y: 0, width: 1280, height: bottom } });
  console.log(`wrote ${out.pathname}: 1280 × ${bottom}`);
} finally {
  await close();
}
