// Measures the sizes the README reports: the npm tarball, and what headless Chromium downloads to run
// Floor with onnx-wasm (dist/, as built) and with onnxruntime-web (the devDependency, through its
// package.json's default `import` entry and through its wasm-only entry `onnxruntime-web/wasm`). Pages
// are served without COOP/COEP headers, as the consumer test serves them. Prints Markdown tables.
// Usage: node scripts/sizes.mjs   (after npm run build; the ORT model is tests/data/onnx-backend's Floor case)
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { CHROMIUM_ARGS } from '../tools/browser-harness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ortDir = join(root, 'node_modules', 'onnxruntime-web');
const ortPackage = JSON.parse(readFileSync(join(ortDir, 'package.json'), 'utf8'));
const floorModel = join(root, 'tests', 'data', 'onnx-backend', 'node', 'test_floor', 'model.onnx');

const kB = (bytes) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1000).toFixed(1)} kB`);

// The file an `import` of `onnxruntime-web${subpath}` gets in a browser bundler (no custom conditions).
function ortImportEntry(subpath) {
  const entry = ortPackage.exports[`.${subpath}`].import;
  return typeof entry === 'string' ? entry : entry.default;
}

// Each page runs Floor on 60 float32 values and sets window.done.
const pages = {
  '/onnx-wasm.html': `<script type="module">
    import { ready, ops, Tensor } from '/onnx-wasm/onnx-wasm.mjs';
    await ready();
    ops.Floor(new Tensor('float32', new Float32Array(60), [3, 4, 5]));
    window.done = true;
  </script>`,
  '/ort.html': `<script type="module">
    const ort = await import('/ort/' + new URLSearchParams(location.search).get('entry'));
    const session = await ort.InferenceSession.create('/model.onnx');
    const x = new ort.Tensor('float32', new Float32Array(60), [3, 4, 5]);
    await session.run({ [session.inputNames[0]]: x });
    window.done = true;
  </script>`,
};

function createServer() {
  const mounts = [
    ['/onnx-wasm/', sirv(join(root, 'dist'), { dev: true })],
    ['/ort/', sirv(ortDir, { dev: true })],
  ];
  return http.createServer((req, res) => {
    const page = pages[req.url.split('?')[0]];
    if (page) return res.end(`<!doctype html><link rel="icon" href="data:,">${page}`);
    if (req.url === '/model.onnx') return res.end(readFileSync(floorModel));
    const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p)) ?? [];
    if (!handler) return res.writeHead(404).end();
    req.url = req.url.slice(prefix.length - 1);
    handler(req, res, () => res.writeHead(404).end());
  });
}

// The package files a page downloads: [{ file, bytes, gzip }]. Sizes come from the served files (sirv
// sends them as they are; Content-Length confirms it), as the browser's cache may not keep 28 MB bodies.
async function downloads(browser, url) {
  const page = await browser.newPage();
  const served = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    const file = path.startsWith('/onnx-wasm/') ? join(root, 'dist', path.slice(11)) : path.startsWith('/ort/') ? join(ortDir, path.slice(5)) : null;
    if (file) served.push({ file, length: Number(r.headers()['content-length']) });
  });
  await page.goto(url);
  await page.waitForFunction(() => window.done, null, { timeout: 120000 });
  await page.close();
  return served.map(({ file, length }) => {
    const bytes = readFileSync(file);
    if (bytes.length !== length) throw new Error(`${file}: served ${length} bytes, file has ${bytes.length}`);
    return { file: file.startsWith(ortDir) ? file.slice(ortDir.length + 1) : file.slice(root.length + 1), bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

function table(title, files) {
  const total = files.reduce((t, f) => ({ bytes: t.bytes + f.bytes, gzip: t.gzip + f.gzip }), { bytes: 0, gzip: 0 });
  console.log(`\n${title}\n\n| file | bytes | gzip -9 |\n|---|---:|---:|`);
  for (const f of files) console.log(`| \`${f.file}\` | ${f.bytes} (${kB(f.bytes)}) | ${f.gzip} (${kB(f.gzip)}) |`);
  console.log(`| total | ${total.bytes} (${kB(total.bytes)}) | ${total.gzip} (${kB(total.gzip)}) |`);
}

const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
console.log(`onnx-wasm ${packed.version} npm tarball: ${packed.size} bytes (${kB(packed.size)}), unpacked ${packed.unpackedSize} bytes; dist/onnx-wasm.wasm ${statSync(join(root, 'dist', 'onnx-wasm.wasm')).size} bytes`);

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  table(`onnx-wasm ${packed.version}: what the browser downloads to run Floor`, await downloads(browser, `${base}/onnx-wasm.html`));
  for (const subpath of ['', '/wasm']) {
    const entry = ortImportEntry(subpath);
    table(`onnxruntime-web ${ortPackage.version}, \`import 'onnxruntime-web${subpath}'\` (${entry}): what the browser downloads to run a Floor model`,
      await downloads(browser, `${base}/ort.html?entry=${encodeURIComponent(entry.replace(/^\.\//, ''))}`));
  }
} finally {
  await browser.close();
  server.close();
}
