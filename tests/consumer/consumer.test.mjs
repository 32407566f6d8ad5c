// Consumer test: packs the package, installs the tarball into a temporary copy of app/ (offline: the
// package has no dependencies) and uses it as a web developer would: Node (ESM, CommonJS, wasm hosted
// elsewhere, precompiled, as an edge runtime), the same in the oldest and newest Node that engines claims, Deno and Bun,
// TypeScript (tsc --noEmit against the declarations), a page without a bundler (module script, module
// worker, classic worker), a Vite build, the Vite dev server and a webpack build. Pages are served
// without cross-origin isolation headers and run in Chromium, Firefox and WebKit
// (tools/browser-harness.mjs); bundles are built once for all three. Vite, webpack, TypeScript, Deno and Bun are
// this repo's devDependencies. Needs dist/ (npm run build).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import sirv from 'sirv';
import { createLogger, createServer as createViteServer, build as viteBuild } from 'vite';
import webpack from 'webpack';
import { LATEST_OPSET } from 'onnx-wasm';
import { f16ToNumber, numberToF16, roundHalfEven } from '../node/helpers/reference.mjs';
import { eachEngine, serve } from '../../tools/browser-harness.mjs';
import { FLOAT16_INPUT, INPUT } from './app/src/checks.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('./app/', import.meta.url));
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// What the tarball may hold: the built package and nothing else.
const PACKAGE_FILES = [
  'LICENSE', 'README.md', 'package.json',
  'dist/index.d.mts', 'dist/index.d.ts', 'dist/onnx-wasm.cjs', 'dist/onnx-wasm.mjs', 'dist/onnx-wasm.wasm',
];

let tmp, app, packed;

async function run(command, args, cwd) {
  try {
    return await promisify(execFile)(command, args, { cwd, maxBuffer: 16 << 20 });
  } catch (e) {
    throw new Error(`${command} ${args.join(' ')} failed (${e.code}):\n${e.stdout}\n${e.stderr}`);
  }
}

async function runJson(command, args, cwd) {
  const { stdout } = await run(command, args, cwd);
  return JSON.parse(stdout);
}

// A plain static host for dir: no COOP/COEP headers, so pages are not cross-origin isolated.
function staticFiles(dir) {
  const files = sirv(dir, { dev: true });
  return (req, res) => files(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  });
}

// Serves handle, opens path in browser and returns what its window.results resolves to, with every
// failed request and console error on the way, and the wasm files served (with a body: a 304 has no
// content type).
async function openPage(browser, handle, path) {
  const server = await serve(handle);
  const page = await browser.newPage();
  try {
    await page.goto(server.base + path);
    await page.waitForFunction(() => window.results !== undefined, null, { timeout: 30000 });
    const results = await page.evaluate(() => window.results);
    const consoleErrors = await page.consoleErrors();
    const failedRequests = server.requests.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.path}`);
    const wasmFetched = server.requests.filter((r) => r.status < 300 && /\.(wasm|bin)$/.test(r.path)).map((r) => `${r.path} ${r.type}`);
    return { results, failedRequests, consoleErrors, wasmFetched };
  } finally {
    await page.close();
    await server.close();
  }
}

/** fn, run once on first call; later calls get the same promise. */
function once(fn) {
  let result;
  return () => (result ??= fn());
}

// A Vite logger that collects warnings and errors.
function viteLogger(messages) {
  const logger = createLogger('warn');
  logger.warn = logger.warnOnce = logger.error = (message) => messages.push(message);
  return logger;
}

// What runChecks (app/src/checks.mjs) must report, from the references in tests/node/helpers.
// float16Array: whether the engine has a Float16Array (the three browsers, Node 26, Deno and Bun do;
// Node 18 and 20 do not).
function checkResults(results, { inBrowser, float16Array = inBrowser }) {
  const shown = (v) => (Object.is(v, -0) || v === Infinity || v === -Infinity ? String(v) : v);
  assert.equal(results.crossOriginIsolated, inBrowser ? false : null);
  assert.equal(results.latestOpset, LATEST_OPSET); // the repo's build's, which the app installs packed
  assert.deepEqual(results.dims, [2, 4]);
  assert.deepEqual(results.Floor, INPUT.map((v) => shown(Math.floor(v))));
  assert.deepEqual(results.Ceil, INPUT.map((v) => shown(Math.ceil(v))));
  assert.deepEqual(results.Round, INPUT.map((v) => shown(roundHalfEven(v))));
  assert.deepEqual(results['Floor float64'], INPUT.map((v) => shown(Math.floor(v))));
  assert.deepEqual(results['Ceil-1 float16'], FLOAT16_INPUT.map((h) => numberToF16(Math.ceil(f16ToNumber(h)))));
  assert.deepEqual(results['Ceil float16 as numbers'], FLOAT16_INPUT.map((h) => shown(Math.ceil(f16ToNumber(h)))));
  // INPUT's values are all exact in float16.
  assert.deepEqual(results['Floor Float16Array'], float16Array ? INPUT.map((v) => shown(Math.floor(v))) : 'no Float16Array');
  for (const op of ['Floor-1', 'Floor-6', 'Floor-13', 'Ceil-1', 'Ceil-6', 'Ceil-13', 'Round-11', 'Round-22']) {
    assert.ok(results.operators.includes(op), `supportedOperators() lists ${op}`);
  }
  const { message, ...error } = results.error;
  assert.deepEqual(error, { isOnnxWasmError: true, name: 'OnnxWasmError', code: 'INVALID_ARGUMENT' });
  assert.match(message, /^Floor-6: input 0 has type bfloat16/);
}

before(async () => {
  assert.ok(existsSync(join(root, 'dist', 'onnx-wasm.wasm')), 'dist/ is missing: run `npm run build` first');
  tmp = mkdtempSync(join(tmpdir(), 'onnx-wasm-consumer-'));
  [packed] = await runJson('npm', ['pack', '--json', '--pack-destination', tmp], root);
  app = join(tmp, 'app');
  cpSync(fixture, app, { recursive: true });
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(tmp, packed.filename)], app);
});

after(async () => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the built package only, and installs with no dependencies', (t) => {
  assert.deepEqual(packed.files.map((f) => f.path).sort(), [...PACKAGE_FILES].sort());
  const installed = JSON.parse(readFileSync(join(app, 'node_modules', 'onnx-wasm', 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
    assert.equal(installed[field], undefined, `package.json has no ${field}`);
  }
  const wasm = statSync(join(app, 'node_modules', 'onnx-wasm', 'dist', 'onnx-wasm.wasm')).size;
  t.diagnostic(`tarball ${packed.size} bytes (unpacked ${packed.unpackedSize}), wasm ${wasm} bytes`);
});

describe('Node', () => {
  test('ES module: import gets the Node build, the same instance as require; the wasm is found', async () => {
    const { entry, sameAsRequire, main } = await runJson(process.execPath, ['node/esm.mjs'], app);
    assert.ok(entry.endsWith('/app/node_modules/onnx-wasm/dist/onnx-wasm.cjs'), entry);
    assert.equal(sameAsRequire, true);
    checkResults(main, { inBrowser: false });
  });

  test('CommonJS: require gets the Node build, the wasm is found next to it', async () => {
    const { entry, main } = await runJson(process.execPath, ['node/cjs.cjs'], app);
    assert.ok(entry.endsWith('/app/node_modules/onnx-wasm/dist/onnx-wasm.cjs'), entry);
    checkResults(main, { inBrowser: false });
  });

  for (const how of ['wasmUrl', 'fileUrl', 'wasmBinary', 'wasmModule']) {
    test(`wasm hosted elsewhere, given as ${how}; a missing file rejects with NOT_READY`, async () => {
      const elsewhere = join(tmp, 'elsewhere', how);
      mkdirSync(elsewhere, { recursive: true });
      const wasm = join(elsewhere, 'engine.bin');
      copyFileSync(join(app, 'node_modules', 'onnx-wasm', 'dist', 'onnx-wasm.wasm'), wasm);
      const { failure, main } = await runJson(process.execPath, ['node/custom.mjs', how, wasm], app);
      assert.equal(failure.isOnnxWasmError, true);
      assert.equal(failure.code, 'NOT_READY');
      assert.match(failure.message, /engine\.bin\.missing/);
      checkResults(main, { inBrowser: false });
    });
  }
});

// node/edge.mjs in a runtime: the ES module build where compiling wasm from bytes is refused.
async function checkEdge(command, args, float16Array) {
  const wasm = join(app, 'node_modules', 'onnx-wasm', 'dist', 'onnx-wasm.wasm');
  const { environment, failure, main } = await runJson(command, [...args, 'node/edge.mjs', wasm], app);
  assert.deepEqual(environment, { window: 'undefined', importScripts: 'undefined' });
  assert.deepEqual(failure, { isOnnxWasmError: true, code: 'NOT_READY', message: 'ready: cannot load the wasm module: compiling wasm from bytes is not allowed here' });
  checkResults(main, { inBrowser: false, float16Array });
}

test('Node: as an edge runtime (ES module build, compiling from bytes refused), ready({ wasmModule }) loads', () =>
  checkEdge(process.execPath, [], false));

// The same scripts in other runtimes: the oldest and newest Node that engines claims (installed by
// scripts/setup.sh from tests/consumer/node-versions.json), Deno and Bun (devDependencies). Deno runs
// the ES module script only, with read permission only.
const NODE_VERSIONS = JSON.parse(readFileSync(new URL('./node-versions.json', import.meta.url), 'utf8'));
const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const nodeBinary = (version) => join(root, 'build', 'node-versions', 'node_modules', `node-${version}`, 'bin', 'node');
// version: how --version's output starts.
const RUNTIMES = [
  // Node 18 has import.meta.resolve behind a flag only.
  { name: `Node ${NODE_VERSIONS.oldest}`, command: nodeBinary(NODE_VERSIONS.oldest), version: `v${NODE_VERSIONS.oldest}\n`, esm: ['--experimental-import-meta-resolve'], cjs: [], float16Array: false },
  { name: `Node ${NODE_VERSIONS.newest}`, command: nodeBinary(NODE_VERSIONS.newest), version: `v${NODE_VERSIONS.newest}\n`, esm: [], cjs: [], float16Array: true },
  { name: 'Deno', command: join(root, 'node_modules', '.bin', 'deno'), version: `deno ${devDependencies.deno} `, esm: ['run', '--no-lock', '--allow-read'], cjs: null, float16Array: true },
  { name: 'Bun', command: join(root, 'node_modules', '.bin', 'bun'), version: `${devDependencies.bun}\n`, esm: [], cjs: [], float16Array: true },
];

test(`engines claims Node ${NODE_VERSIONS.oldest} as its oldest`, () => {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  assert.equal(engines.node, `>=${NODE_VERSIONS.oldest.replace(/\.0\.0$/, '')}`);
});

for (const runtime of RUNTIMES) {
  describe(runtime.name, () => {
    test('is installed, at its version', async (t) => {
      const { stdout } = await run(runtime.command, ['--version'], root);
      assert.ok(`${stdout.trim()}\n`.startsWith(runtime.version), `${stdout} is not ${runtime.version}`);
      t.diagnostic(stdout.trim().split('\n')[0]);
    });

    test('ES module: import finds the Node build and its wasm; the same answers as Node', async () => {
      const { entry, sameAsRequire, main } = await runJson(runtime.command, [...runtime.esm, 'node/esm.mjs'], app);
      assert.ok(entry.endsWith('/app/node_modules/onnx-wasm/dist/onnx-wasm.cjs'), entry);
      assert.equal(sameAsRequire, true);
      checkResults(main, { inBrowser: false, float16Array: runtime.float16Array });
    });

    if (runtime.cjs) {
      test('CommonJS: require finds the Node build and its wasm; the same answers as Node', async () => {
        const { entry, main } = await runJson(runtime.command, [...runtime.cjs, 'node/cjs.cjs'], app);
        assert.ok(entry.endsWith('/app/node_modules/onnx-wasm/dist/onnx-wasm.cjs'), entry);
        checkResults(main, { inBrowser: false, float16Array: runtime.float16Array });
      });
    }

    test('ready({ wasmModule }) with a module compiled from a copy elsewhere', async () => {
      const elsewhere = join(tmp, 'elsewhere', runtime.name.replace(/\W/g, '-'));
      mkdirSync(elsewhere, { recursive: true });
      const wasm = join(elsewhere, 'engine.bin');
      copyFileSync(join(app, 'node_modules', 'onnx-wasm', 'dist', 'onnx-wasm.wasm'), wasm);
      const { failure, main } = await runJson(runtime.command, [...runtime.esm, 'node/custom.mjs', 'wasmModule', wasm], app);
      assert.equal(failure.code, 'NOT_READY');
      checkResults(main, { inBrowser: false, float16Array: runtime.float16Array });
    });

    test('as an edge runtime (ES module build, compiling from bytes refused), ready({ wasmModule }) loads', () =>
      checkEdge(runtime.command, runtime.esm, runtime.float16Array));
  });
}

// Node resolution (nodenext) reads dist/index.d.ts for import and require; bundler resolution reads
// dist/index.d.mts. --traceResolution shows which file each used. tsconfig.esnext.json's library
// declares Float16Array, which float16 tensors then accept.
for (const [project, declarations] of [['tsconfig.json', 'index.d.ts'], ['tsconfig.bundler.json', 'index.d.mts'], ['tsconfig.esnext.json', 'index.d.mts']]) {
  test(`TypeScript (${project}): tsc --noEmit checks a consumer of the whole API against ${declarations}`, async () => {
    const { stdout } = await run(process.execPath, [tsc, '--noEmit', '--traceResolution', '-p', join(app, project)], app);
    const resolved = [...stdout.matchAll(/Module name 'onnx-wasm' was successfully resolved to '([^']+)'/g)].map((m) => m[1]);
    assert.ok(resolved.length > 0 && resolved.every((f) => f.endsWith(`/app/node_modules/onnx-wasm/dist/${declarations}`)), resolved.join());
  });
}

// What the pages need, made once for every engine.
const customDir = once(() => {
  mkdirSync(join(app, 'custom', 'lib'));
  mkdirSync(join(app, 'custom', 'cdn'));
  const dist = join(app, 'node_modules', 'onnx-wasm', 'dist');
  copyFileSync(join(dist, 'onnx-wasm.mjs'), join(app, 'custom', 'lib', 'onnx-wasm.mjs'));
  copyFileSync(join(dist, 'onnx-wasm.wasm'), join(app, 'custom', 'cdn', 'engine.bin'));
  return app;
});

const viteBuildDir = once(async () => {
  const warnings = [];
  const outDir = join(app, 'dist-vite');
  await viteBuild({ root: app, configFile: false, customLogger: viteLogger(warnings), logLevel: 'warn', build: { outDir } });
  assert.deepEqual(warnings, []);
  return outDir;
});

const webpackBuildDir = once(async () => {
  const outDir = join(app, 'dist-webpack');
  const stats = await new Promise((resolve, reject) => {
    const compiler = webpack({ mode: 'production', context: app, entry: './src/main.js', output: { path: outDir } });
    compiler.run((err, result) => compiler.close(() => (err ? reject(err) : resolve(result))));
  });
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  // webpack's performance hint names any asset over 244 KiB: the wasm (within the package's own size
  // budget, tests/node/wasm-size.test.mjs) is one. It is advice to the app, not a fault of the build.
  const sizeHint = (m) => /^asset size limit: .*\n.*\nAssets: \n {2}\w+\.wasm \([\d.]+ KiB\)$/s.test(m);
  assert.deepEqual([...errors, ...warnings].map((e) => e.message).filter((m) => !sizeHint(m)), []);
  copyFileSync(join(app, 'webpack', 'index.html'), join(outDir, 'index.html'));
  return outDir;
});

eachEngine((browser) => {

  test(`${browser.name}: no bundler: module script, module worker, classic worker (import())`, async () => {
    const { results, failedRequests, consoleErrors, wasmFetched } = await openPage(browser, staticFiles(app), 'plain/');
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(consoleErrors, []);
    for (const where of ['main', 'moduleWorker', 'classicWorker']) checkResults(results[where], { inBrowser: true });
    assert.ok(wasmFetched.includes('/node_modules/onnx-wasm/dist/onnx-wasm.wasm application/wasm'), wasmFetched.join());
  });

  test(`${browser.name}: wasm hosted elsewhere: the default location fails with NOT_READY, wasmUrl loads it`, async () => {
    const { results, failedRequests, consoleErrors, wasmFetched } = await openPage(browser, staticFiles(customDir()), 'custom/');
    assert.deepEqual(failedRequests, ['404 /custom/lib/onnx-wasm.wasm']);
    assert.deepEqual(consoleErrors, []);
    assert.equal(results.failure.code, 'NOT_READY');
    assert.match(results.failure.message, /custom\/lib\/onnx-wasm\.wasm: HTTP 404/);
    checkResults(results.main, { inBrowser: true });
    // Served as application/octet-stream: loading falls back from streaming compilation to bytes.
    assert.deepEqual(wasmFetched, ['/custom/cdn/engine.bin application/octet-stream']);
  });

  test(`${browser.name}: Vite build, zero config: page, module worker, CommonJS worker`, async () => {
    const { results, failedRequests, consoleErrors, wasmFetched } = await openPage(browser, staticFiles(await viteBuildDir()), '');
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(consoleErrors, []);
    for (const where of ['main', 'moduleWorker', 'requireWorker']) checkResults(results[where], { inBrowser: true });
    assert.ok(wasmFetched.length > 0 && wasmFetched.every((w) => /^\/assets\/onnx-wasm-[\w-]+\.wasm application\/wasm$/.test(w)), wasmFetched.join());
  });

  test(`${browser.name}: Vite dev server, dependency pre-bundling included: page, module worker`, async () => {
    const warnings = [];
    const vite = await createViteServer({
      root: app,
      configFile: false,
      customLogger: viteLogger(warnings),
      logLevel: 'warn',
      server: { middlewareMode: true, hmr: false }, // served through serve(), which logs the requests
      cacheDir: join(app, `.vite-${browser.engine}`), // a pre-bundling of its own per engine
      optimizeDeps: { entries: ['dev.html'] }, // the app's page; the other pages here are not Vite's
    });
    try {
      const { results, failedRequests, consoleErrors, wasmFetched } = await openPage(browser, vite.middlewares, 'dev.html');
      assert.deepEqual(failedRequests, []);
      assert.deepEqual(consoleErrors, []);
      for (const where of ['main', 'moduleWorker']) checkResults(results[where], { inBrowser: true });
      assert.ok(wasmFetched.length > 0 && wasmFetched.every((w) => w === '/node_modules/onnx-wasm/dist/onnx-wasm.wasm application/wasm'), wasmFetched.join());
    } finally {
      await vite.close();
    }
    assert.deepEqual(warnings, []);
  });

  test(`${browser.name}: webpack 5 build, zero config: page, module worker, CommonJS worker`, async () => {
    const { results, failedRequests, consoleErrors, wasmFetched } = await openPage(browser, staticFiles(await webpackBuildDir()), '');
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(consoleErrors, []);
    for (const where of ['main', 'moduleWorker', 'requireWorker']) checkResults(results[where], { inBrowser: true });
    assert.ok(wasmFetched.length > 0 && wasmFetched.every((w) => /^\/[\w-]+\.wasm application\/wasm$/.test(w)), wasmFetched.join());
  });
});
