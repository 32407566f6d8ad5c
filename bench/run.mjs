// `npm run bench`: this runtime against onnxruntime-web (wasm backend, one thread) and against plain
// copies of the same bytes, in Node and in headless Chromium, on the same seeded inputs. Run after
// `npm run build`. bench/measure.mjs says what each column times; every case is checked first (all
// outputs agree), then timed (median of samples; implementations take turns), after an untimed round
// of every case: the first calls in a process or page are slower (code not optimized yet, memory not
// touched yet); without that round, the first case in Node (Floor 1M float32) took 1.7-2.0x the time
// of Ceil and Round with out and on wasm tensors.
// Then cold starts: fresh Node processes and fresh Chromium pages, import to first result.
// Prints both tables, writes bench/results.json and its chart, docs/benchmark.svg (bench/chart.mjs);
// `node scripts/bench-table.mjs --write` puts the tables in docs/benchmarks.md and the headline ratios
// in the README.
//
// Usage: node --expose-gc bench/run.mjs [--quick] [--node-only | --chromium-only] [substring of case
// names...]. --quick (or BENCH_QUICK=1) times briefly, for development; a quick, partial or filtered run
// does not write results.json.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import * as lib from 'onnx-wasm';
import { buildModel } from '../tools/onnx-builder.mjs';
import { startBrowserBench } from './browser.mjs';
import { writeChart } from './chart.mjs';
import { CASES, GRAPH_CASES, TARGETS } from './cases.mjs';
import { bareSpec, COLUMNS, GRAPH_COLUMNS, modelSpec, runCase, runGraphCase, settings } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.BENCH_QUICK === '1';
const environments = args.includes('--node-only') ? ['node'] : args.includes('--chromium-only') ? ['chromium'] : ['node', 'chromium'];
const filters = args.filter((a) => !a.startsWith('--'));
const chosen = (list) => (filters.length ? list.filter((c) => filters.some((f) => c.name.includes(f))) : list);
const cases = chosen(CASES);
let graphCases = chosen(GRAPH_CASES);
const timing = settings(quick);
const warmUp = settings(true); // the untimed round: brief

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await lib.ready();
// TensorFlow.js's wasm backend, one thread, for the matrix products' column (a dev dependency: a
// clone without it runs the rest and writes no results).
const tf = await import('@tensorflow/tfjs-core').then(async (core) => {
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  wasm.setThreadsCount(1);
  await core.setBackend('wasm');
  return core;
}).catch((e) => {
  console.log(`TensorFlow.js left out (${e.message.split('\n')[0]}): run npm ci`);
  return null;
});

// The whole networks' models over 2 MB are not committed: bench/networks/export.py (Python with torch)
// makes the missing ones. A network whose model cannot be made, or that onnx-wasm cannot load (an
// operator it lacks), is left out, and said so.
const modelPath = (c) => join(root, c.model ?? join('bench', 'models', `${c.graph}.onnx`));
const unmade = graphCases.filter((c) => c.network && !existsSync(modelPath(c)));
if (unmade.length) {
  try {
    execFileSync('/usr/bin/python3', [join(root, 'bench', 'networks', 'export.py'), ...unmade.map((c) => c.network)], { stdio: 'inherit' });
  } catch (e) {
    console.log(`bench/networks/export.py failed (${e.message.split('\n')[0]}): needs python3-torch and python3-torchvision`);
  }
}
const leftOut = new Map(); // case name: why
for (const c of graphCases.filter((g) => g.network)) {
  if (!existsSync(modelPath(c))) {
    leftOut.set(c.name, 'no model');
    continue;
  }
  try {
    (await lib.InferenceSession.create(readFileSync(modelPath(c)))).release();
  } catch (e) {
    leftOut.set(c.name, e.message);
  }
}
if (leftOut.size) console.log(`Networks left out:\n${[...leftOut].map(([name, why]) => `  ${name}: ${why}`).join('\n')}`);
graphCases = graphCases.filter((c) => !leftOut.has(c.name));

const models = new Map(cases.map((c) => [c.name, buildModel(modelSpec(c))]));
for (const c of graphCases) {
  models.set(c.name, readFileSync(modelPath(c)));
  if (c.bare) models.set(`${c.name} (bare)`, buildModel(bareSpec(c)));
  if (c.flattenSteps) {
    models.set(`${c.name} (1 Flatten)`, buildModel(bareSpec(c, 1)));
    models.set(`${c.name} (more Flattens)`, buildModel(bareSpec(c, 1 + c.flattenSteps)));
  }
}
const coldModel = buildModel(modelSpec(CASES.find((c) => c.perCall)));
models.set('cold-start', coldModel);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (v) => (v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v >= 0.01 ? v.toFixed(3) : `${(v * 1000).toFixed(2)}µ`);
const describe = (t) => `${t.target} ${t.value === null ? 'n/a' : t.value.toFixed(2)}${t.met ? ' ok' : ' MISSED'}`;

function printHeader(title, columns = COLUMNS) {
  console.log(`\n${title}; ms per call, median`);
  console.log(['case'.padEnd(44), ...columns.map((c) => c.padStart(12)), '  targets'].join(''));
}
function printRow(r, columns = COLUMNS) {
  console.log([r.name.padEnd(44), ...columns.map((k) => fmt(r.ms[k]).padStart(12)), `  ${r.targets.map(describe).join('; ')}`, r.ortError ? ` (ort: ${r.ortError})` : ''].join(''));
  if (r.gflops) {
    const rate = (v) => (v === undefined ? '—' : v.toFixed(1));
    const { opsOut, sessionFetch, ort: ortRate, tfjs: tfjsRate } = r.gflops;
    console.log(`${''.padEnd(44)}GFLOP/s: ops.* with out ${rate(opsOut)}, session ${rate(sessionFetch)}, onnxruntime-web ${rate(ortRate)}, TensorFlow.js ${rate(tfjsRate)}`);
  }
}

// Cold starts, `runs` of each kind, taking turns; the median ms of each and the target.
async function coldStarts(env, start, runs) {
  const kinds = ['ours-ops', 'ours-session', 'ort'];
  const times = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let r = 0; r < runs; r++) for (const k of kinds) times[k].push(await start(k));
  const ms = Object.fromEntries(kinds.map((k) => [k, median(times[k])]));
  const value = ms.ort / Math.max(ms['ours-ops'], ms['ours-session']);
  const goal = TARGETS[env].coldStartVsOrt;
  const result = { runs, ms, targets: [{ target: 'cold start vs ort', goal, value, met: value >= goal }] };
  console.log(`cold start, import to first result (ms, median of ${runs}): ops ${fmt(ms['ours-ops'])}, session ${fmt(ms['ours-session'])}, ort ${fmt(ms.ort)}; ${describe(result.targets[0])}`);
  return result;
}

function nodeColdStart() {
  const dir = mkdtempSync(join(os.tmpdir(), 'onnx-wasm-bench-'));
  const modelPath = join(dir, 'floor.onnx');
  writeFileSync(modelPath, coldModel);
  return (kind) => JSON.parse(execFileSync(process.execPath, [join(root, 'bench', 'cold-start.mjs'), kind, modelPath], { cwd: root, encoding: 'utf8' })).ms;
}

const results = {};
const coldRuns = quick ? 3 : 7;
if (environments.includes('node')) {
  printHeader(`Node ${process.version}: onnx-wasm vs onnxruntime-web ${ort.env.versions.web} (wasm, 1 thread)`);
  for (const c of cases) await runCase(c, { lib, ort, tf, model: models.get(c.name), env: 'node', timing: warmUp, collectGarbage: globalThis.gc });
  const rows = [];
  for (const c of cases) {
    const r = await runCase(c, { lib, ort, tf, model: models.get(c.name), env: 'node', timing, collectGarbage: globalThis.gc });
    rows.push(r);
    printRow(r);
  }
  const graphOptions = (c, t) => ({
    lib, ort, model: models.get(c.name), bareModel: models.get(`${c.name} (bare)`),
    flattenModels: c.flattenSteps ? [models.get(`${c.name} (1 Flatten)`), models.get(`${c.name} (more Flattens)`)] : undefined,
    env: 'node', timing: t, collectGarbage: globalThis.gc,
  });
  printHeader('Exported graphs, InferenceSession', GRAPH_COLUMNS);
  for (const c of graphCases) await runGraphCase(c, graphOptions(c, warmUp));
  const graphs = [];
  for (const c of graphCases) {
    const r = await runGraphCase(c, graphOptions(c, timing));
    graphs.push(r);
    printRow(r, GRAPH_COLUMNS);
  }
  results.node = { version: process.version, cases: rows, graphs, coldStart: filters.length ? null : await coldStarts('node', nodeColdStart(), coldRuns) };
}
if (environments.includes('chromium')) {
  const browser = await startBrowserBench(models);
  try {
    printHeader(`Chromium ${browser.version} (crossOriginIsolated): onnx-wasm vs onnxruntime-web ${browser.info.ort} (wasm, 1 thread)`);
    for (const c of cases) await browser.runCase(c.name, true);
    const rows = [];
    for (const c of cases) {
      const r = await browser.runCase(c.name, quick);
      rows.push(r);
      printRow(r);
    }
    printHeader('Exported graphs, InferenceSession', GRAPH_COLUMNS);
    for (const c of graphCases) await browser.runGraphCase(c.name, true);
    const graphs = [];
    for (const c of graphCases) {
      const r = await browser.runGraphCase(c.name, quick);
      graphs.push(r);
      printRow(r, GRAPH_COLUMNS);
    }
    results.chromium = { version: browser.version, cases: rows, graphs, coldStart: filters.length ? null : await coldStarts('chromium', (k) => browser.coldStart(k), coldRuns) };
  } finally {
    await browser.close();
  }
}

const wasmBytes = statSync(join(root, 'dist', 'onnx-wasm.wasm')).size;
const sizeTarget = { target: 'wasm size', goal: TARGETS.wasmBytes, value: wasmBytes, met: wasmBytes <= TARGETS.wasmBytes };
console.log(`\nonnx-wasm.wasm: ${wasmBytes} bytes (${(wasmBytes / 1024).toFixed(1)} KiB)${sizeTarget.met ? ' ok' : ' MISSED'}`);
const all = [
  ...Object.entries(results).flatMap(([env, r]) =>
    [...r.cases, ...r.graphs].flatMap((c) => c.targets).concat(r.coldStart?.targets ?? []).map((t) => ({ ...t, env }))),
  sizeTarget,
];
const missed = all.filter((t) => !t.met);
console.log(`${all.length - missed.length} of ${all.length} targets met${missed.length ? `; missed: ${missed.map((t) => `${t.env ? `${t.env} ` : ''}${t.target}`).join(', ')}` : ''}`);

if (!quick && !filters.length && environments.length === 2 && tf) {
  const pkg = (p) => JSON.parse(readFileSync(join(root, p), 'utf8')).version;
  const out = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.arch()}` },
    versions: {
      'onnx-wasm': pkg('package.json'),
      'onnxruntime-web': pkg('node_modules/onnxruntime-web/package.json'),
      '@tensorflow/tfjs-backend-wasm': pkg('node_modules/@tensorflow/tfjs-backend-wasm/package.json'),
    },
    wasmBytes,
    environments: results,
    sizeTarget,
    targetsMet: all.length - missed.length,
    targetsTotal: all.length,
  };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeChart();
  console.log('wrote bench/results.json and docs/benchmark.svg');
} else {
  console.log('(a quick, partial or filtered run: bench/results.json not written)');
}
