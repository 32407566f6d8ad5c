// The benchmark in headless Chromium: a server on 127.0.0.1 (random port) that serves bench/page.html
// cross-origin isolated (COOP/COEP, so that performance.now() has fine resolution), the built package
// (/dist/), onnxruntime-web's and TensorFlow.js's files from the dev dependencies (/ort/, /tfjs-*/), tools/, js/ and the cases' models
// (/models/<case name>, built by the caller), and Debian's Chromium driven by playwright-core.
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { CHROMIUM_ARGS } from '../tools/browser-harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function isolatedServer(models) {
  const mounts = [
    ['/dist/', sirv(join(root, 'dist'), { dev: true })],
    ['/ort/', sirv(join(root, 'node_modules', 'onnxruntime-web', 'dist'), { dev: true })],
    ['/tfjs-core/', sirv(join(root, 'node_modules', '@tensorflow', 'tfjs-core', 'dist'), { dev: true })],
    ['/tfjs-wasm/', sirv(join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'), { dev: true })],
    ['/tools/', sirv(join(root, 'tools'), { dev: true })],
    ['/js/', sirv(join(root, 'js'), { dev: true })], // js/block-plan.mjs, which bench/measure.mjs reads
    ['/bench/', sirv(join(root, 'bench'), { dev: true })],
  ];
  return http.createServer((req, res) => {
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const notFound = () => {
      res.statusCode = 404;
      res.end('not found');
    };
    const path = decodeURIComponent(req.url.split('?')[0]);
    if (path.startsWith('/models/')) {
      const model = models.get(path.slice('/models/'.length));
      if (!model) return notFound();
      res.setHeader('Content-Type', 'application/octet-stream');
      return res.end(model);
    }
    const mount = mounts.find(([prefix]) => req.url.startsWith(prefix));
    if (!mount) return notFound();
    req.url = req.url.slice(mount[0].length - 1);
    mount[1](req, res, notFound);
  });
}

/**
 * Starts the server and Chromium; `models` maps a name to model bytes. Resolves to {version, info
 * (the page's crossOriginIsolated, onnxruntime-web version, user agent), runCase(name, quick),
 * runGraphCase(name, quick), coldStart(which), close()}.
 */
export async function startBrowserBench(models) {
  const server = isolatedServer(models);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  // One thread for onnxruntime-web; --expose-gc so that garbage is collected before each case, as in Node.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/bench/page.html`);
    await page.waitForFunction(() => window.benchInfo || window.benchFailed, null, { timeout: 60000 }).catch(() => {
      throw new Error(`bench page did not start: ${errors.join('; ') || 'no error reported'}`);
    });
    const info = await page.evaluate(() => window.benchInfo);
    if (!info.crossOriginIsolated) throw new Error('bench page is not cross-origin isolated: timers would be coarse');
    return {
      version: browser.version(),
      info,
      runCase: (name, quick) => page.evaluate(([n, q]) => window.benchCase(n, q), [name, quick]),
      runGraphCase: (name, quick) => page.evaluate(([n, q]) => window.benchGraphCase(n, q), [name, quick]),
      // A fresh context per run: nothing cached, a new renderer.
      async coldStart(which) {
        const context = await browser.newContext();
        try {
          const cold = await context.newPage();
          await cold.goto(`${base}/bench/cold.html?which=${which}`);
          const result = await cold.waitForFunction(() => window.coldStart, null, { timeout: 60000 }).then((h) => h.jsonValue());
          if (result.error) throw new Error(`cold start ${which} in Chromium: ${result.error}`);
          return result.ms;
        } finally {
          await context.close();
        }
      },
      async close() {
        await browser.close();
        server.close();
      },
    };
  } catch (e) {
    await browser.close();
    server.close();
    throw e;
  }
}
