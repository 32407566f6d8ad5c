// Measures the sizes the README reports: what the wasm's code costs by operator family and layer, the
// download by layer (core, kernels, ops, onnx, bindings, libraries, JS) against the size budget, the
// npm tarball, and what headless Chromium downloads to run Floor with onnx-wasm (dist/, as built) and
// with onnxruntime-web (the devDependency, through its package.json's default `import` entry and
// through its wasm-only entry `onnxruntime-web/wasm`). Pages are served without COOP/COEP headers, as
// the consumer test serves them. Prints Markdown tables.
// Usage: node scripts/sizes.mjs   (after npm run build; the ORT model is tools/test-models.mjs's floorModel)
//
// The breakdown links npm run build's objects (build/wasm) again into build/wasm-sizes with the
// functions' names kept (--profiling-funcs, which changes no code), reads each function's code size
// from it, and charges the function to the source file whose object defines it (emnm):
// src/ops/<family>.cpp and src/kernels/<family>_*.cpp to their family (kernelFamily), the rest to its
// layer; functions of no object here to the library they come from. The link inlines across files
// (wasm-opt): an inlined function is charged to the one it went into, so a small kernel often to its
// family's ops/ file; a family's total holds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { CHROMIUM_ARGS } from '../tools/browser-harness.mjs';
import { MAX_GZIP_BYTES, MAX_WASM_BYTES } from '../tools/size-budget.mjs';
import { floorModel } from '../tools/test-models.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ortDir = join(root, 'node_modules', 'onnxruntime-web');
const ortPackage = JSON.parse(readFileSync(join(ortDir, 'package.json'), 'utf8'));

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
    if (req.url === '/model.onnx') return res.end(floorModel);
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

// The code section's function bodies of a wasm binary with a name section: [{ name, bytes }].
function functionSizes(wasm) {
  let p = 8; // past the magic number and version
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[p++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const name = () => {
    const length = leb();
    p += length;
    return wasm.toString('utf8', p - length, p);
  };
  let imported = 0;
  const bodies = [];
  const names = new Map();
  while (p < wasm.length) {
    const id = wasm[p++];
    const end = leb() + p;
    if (id === 2) { // imports: functions take the first indices
      for (let n = leb(); n > 0; n--) {
        name();
        name();
        const kind = wasm[p++];
        if (kind === 0) imported++, leb();
        else if (kind === 1) p++, wasm[p++] & 1 ? (leb(), leb()) : leb(); // table: type, limits
        else if (kind === 2) wasm[p++] & 1 ? (leb(), leb()) : leb(); // memory: limits
        else if (kind === 3) p += 2; // global: type, mutability
        else leb(); // tag: attribute, type
      }
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const bytes = leb();
        bodies.push(bytes);
        p += bytes;
      }
    } else if (id === 0 && name() === 'name') {
      while (p < end) {
        const sub = wasm[p++];
        const subEnd = leb() + p;
        if (sub === 1) for (let n = leb(); n > 0; n--) names.set(leb(), name());
        p = subEnd;
      }
    }
    p = end;
  }
  return bodies.map((bytes, i) => ({ name: names.get(imported + i) ?? `function ${imported + i}`, bytes }));
}

// Kernel files named otherwise than their operator family's ops/ file.
const KERNEL_ALIASES = { avgpool: 'average_pool' };

// The operator family of a kernel file (src/kernels/<name>.cpp): the family of src/ops whose file name
// is the longest prefix of its name, word by word ('min_max_simd128' is min_max's, 'reduce_sum_simd128'
// reduce_mean's), after KERNEL_ALIASES; '' (shared) where none is.
function kernelFamily(name, families) {
  const words = name.split('_');
  words[0] = KERNEL_ALIASES[words[0]] ?? words[0];
  for (let n = words.length; n > 0; n--) {
    const prefix = words.slice(0, n).join('_');
    const family = families.find((f) => f === prefix || (n === 1 && f.startsWith(`${prefix}_`)));
    if (family) return family;
  }
  return '';
}

// Where the code of a source file goes: [layer, operator family or '']. `families`: the ops/ files.
function sourceGroup(source, families) {
  const [, layer, file] = /^(?:src\/)?([^/]+)\/(.+)\.cpp$/.exec(source);
  if (layer === 'ops') return ['ops', families.includes(file) ? file : ''];
  if (layer === 'kernels') return ['kernels', kernelFamily(file, families)];
  return [layer, ''];
}

// The library of a function that no object of this project defines.
function libraryGroup(name) {
  if (/^(__cxa_|__cxxabiv1|_Unwind_|__gxx_|__cxx_|std::__2::__terminate|__typeid|__dynamic_cast)/.test(name) || name.includes('__cxxabiv1')) return ['libraries', 'libc++abi (exceptions, RTTI)'];
  if (/^(std::|void std::|bool std::|.*\bstd::__2::)/.test(name)) return ['libraries', 'libc++'];
  if (/emscripten::|_embind_|embind/.test(name)) return ['libraries', 'embind'];
  return ['libraries', 'libc, malloc and runtime'];
}

// Builds build/wasm-sizes and charges its code to families and layers: Markdown tables.
function breakdown() {
  const build = join(root, 'build', 'wasm');
  const dir = join(root, 'build', 'wasm-sizes');
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':') };
  const run = (command, args, cwd = root) => execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 28 });
  // npm run build's objects linked again, as its link command does, with the functions' names kept.
  const link = readFileSync(join(build, 'CMakeFiles', 'onnx-wasm.dir', 'link.txt'), 'utf8').trim();
  if (!/ -o onnx-wasm\.mjs /.test(link)) throw new Error(`sizes: build/wasm's link command no longer writes onnx-wasm.mjs: ${link}`);
  run('sh', ['-c', `${link.replace(' -o onnx-wasm.mjs ', ` -o ${join(dir, 'onnx-wasm.mjs')} `)} --profiling-funcs`], build);
  const definedIn = new Map(); // function name -> sources defining it
  const objects = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? objects(join(d, e.name)) : e.name.endsWith('.cpp.o') ? [join(d, e.name)] : []));
  for (const object of objects(join(build, 'CMakeFiles'))) {
    const source = object.replace(/^.*\.dir\//, '').replace(/\.o$/, '');
    if (source.startsWith('tests/')) continue;
    for (const line of run('emnm', ['-C', '--defined-only', object]).split('\n')) {
      const m = /^[0-9a-f]+ [tTwW] (.+)$/.exec(line);
      if (m) definedIn.set(m[1], [...(definedIn.get(m[1]) ?? []), source]);
    }
  }
  // The operator families: the ops/ files that define an operator's schema (the others, the registry
  // and helpers such as broadcast_fold, are shared).
  const opsDir = join(root, 'src', 'ops');
  const opsFamilies = readdirSync(opsDir).filter((f) => f.endsWith('.cpp') && /\bOpSchema k\w+Schema\b/.test(readFileSync(join(opsDir, f), 'utf8'))).map((f) => f.slice(0, -4));
  const wasm = readFileSync(join(dir, 'onnx-wasm.wasm'));
  const groups = new Map();
  let code = 0;
  for (const { name, bytes } of functionSizes(wasm)) {
    const sources = definedIn.get(name);
    const [layer, family] = sources ? sourceGroup(sources[0], opsFamilies) : libraryGroup(name);
    const key = `${layer}\t${family}`;
    groups.set(key, (groups.get(key) ?? 0) + bytes);
    code += bytes;
  }
  const wasmBytes = statSync(join(root, 'dist', 'onnx-wasm.wasm')).size;
  const share = (bytes) => `${((100 * bytes) / code).toFixed(1)}%`;
  console.log(`\nWhat the wasm's code costs (${code} bytes of functions; dist/onnx-wasm.wasm is ${wasmBytes} bytes with its data, tables and exports)\n`);
  console.log('| layer | operator family or library | bytes | share |\n|---|---|---:|---:|');
  const rows = [...groups].map(([key, bytes]) => [...key.split('\t'), bytes]);
  const order = ['kernels', 'ops', 'core', 'onnx', 'bindings', 'libraries'];
  rows.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]) || b[2] - a[2]);
  const shared = { kernels: 'shared (by several families)', ops: 'shared (the registry, PreparedOp, helpers of several families)' };
  for (const layer of order) {
    const inLayer = rows.filter((r) => r[0] === layer);
    const total = inLayer.reduce((t, r) => t + r[2], 0);
    if (inLayer.length > 1 || inLayer[0][1]) {
      for (const [, family, bytes] of inLayer) console.log(`| ${layer} | ${family || shared[layer]} | ${bytes} | ${share(bytes)} |`);
    }
    console.log(`| **${layer}** | ${inLayer.length > 1 ? 'all' : ''} | **${total}** | **${share(total)}** |`);
  }
  console.log('\nEach operator family: its ops/ file and its kernels together\n\n| operator family | bytes | share |\n|---|---:|---:|');
  const families = new Map();
  for (const [layer, family, bytes] of rows) if ((layer === 'ops' || layer === 'kernels') && family) families.set(family, (families.get(family) ?? 0) + bytes);
  for (const [family, bytes] of [...families].sort((a, b) => b[1] - a[1])) console.log(`| ${family} | ${bytes} | ${share(bytes)} |`);

  // The download by layer: the wasm's code by layer, the rest of the wasm, and the JavaScript; against
  // the size budget (tests/node/wasm-size.test.mjs).
  const js = readFileSync(join(root, 'dist', 'onnx-wasm.mjs'));
  const gzipped = gzipSync(readFileSync(join(root, 'dist', 'onnx-wasm.wasm')), { level: 9 }).length + gzipSync(js, { level: 9 }).length;
  const download = wasmBytes + js.length;
  const layerRows = [
    ...order.map((layer) => [layer === 'libraries' ? 'libraries (libc, libc++, embind)' : layer, rows.filter((r) => r[0] === layer).reduce((t, r) => t + r[2], 0)]),
    ["the wasm's data, tables, imports and exports", wasmBytes - code],
    ['JS (`dist/onnx-wasm.mjs`)', js.length],
  ];
  console.log(`\nThe download by layer (${download} bytes, ${gzipped} gzipped; the budget: wasm at most ${MAX_WASM_BYTES} bytes, JS and wasm at most ${MAX_GZIP_BYTES} gzipped)\n`);
  console.log('| layer | bytes | share |\n|---|---:|---:|');
  for (const [layer, bytes] of layerRows) console.log(`| ${layer} | ${bytes} | ${((100 * bytes) / download).toFixed(1)}% |`);
}

breakdown();

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
