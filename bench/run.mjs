// `npm run bench`: this runtime against onnxruntime-web (wasm backend, one thread) and against plain
// copies of the same bytes, in one Node process with the same inputs. Run after `npm run build`.
//
// For each case of bench/cases.mjs it times
//   ops         ops.* on Tensors whose data are JS typed arrays (copied into wasm memory and back out)
//   opsWasm     ops.* on wasm-resident Tensors (Tensor.wasm), output left in wasm memory and disposed
//   session     this runtime's InferenceSession.run on a single-operator model
//   ort         onnxruntime-web's InferenceSession.run on the same model bytes
//   copyJs      TypedArray.prototype.set of the inputs' bytes, JS memory to JS memory
//   copyWasm    the same copy inside wasm memory (the floor the wasm-resident elementwise ops aim at)
//   boundary    what any ops.* call on tensors in JS memory must do besides computing, with no kernel:
//               copy each input into wasm memory and copy an output-sized block out into a new typed
//               array. onnxruntime-web does the same, so ort / boundary bounds how much faster ops.*
//               can be than onnxruntime-web at all
// after checking that every implementation's output agrees. Each timing is the median over samples;
// a sample times a batch of calls long enough to be measured (implementations take turns, so drift in
// the machine's speed affects them alike, and start the rounds in turn). Then cold starts: fresh Node processes, import to first result.
// Prints a table, writes bench/results.json; `node scripts/bench-table.mjs --write` puts it in the README.
//
// Usage: node --expose-gc bench/run.mjs [substring of case names...] (a filtered run does not write
// results.json)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-web';
import { InferenceSession, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../tools/onnx-builder.mjs';
import { floatData } from '../tools/values.mjs';
import { f16ToNumber } from '../tools/half-codecs.mjs';
import { CASES, TARGETS } from './cases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const filters = process.argv.slice(2);
const cases = filters.length ? CASES.filter((c) => filters.some((f) => c.name.includes(f))) : CASES;

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
await ready();
const hasWasmTensors = typeof Tensor.wasm === 'function';

const SAMPLE_MS = 1; // a batch runs at least this long (calls of 1 ms and more are timed one by one)
const BUDGET_MS = 300; // per implementation and case, after calibration (for the slowest)
const MIN_SAMPLES = 15;
const MAX_SAMPLES = 101;
// With --expose-gc (npm run bench), garbage is collected before each case, so that one case's garbage
// (1M-element outputs) is not collected in the next one's timings. Not between rounds: a forced full
// collection returns the freed outputs' memory to the system, and whatever runs next pays page faults
// for it that repeated calls in an application do not see (their short-lived outputs are freed by the
// young-generation collector and their memory reused).
const collectGarbage = globalThis.gc ?? (() => {});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Runs fn `calls` times: awaiting each call if fn is asynchronous (returns promises), else not, so that
// a synchronous API is not charged a microtask per call that its users do not pay.
async function repeat(fn, isAsync, calls) {
  if (isAsync) for (let i = 0; i < calls; i++) await fn();
  else for (let i = 0; i < calls; i++) fn();
}

// Times each implementation (sync or async) per call in ms: calibrates a batch size, then runs samples
// of each implementation in turn. Every implementation runs the same batch, the one the fastest needs
// to fill a sample, so that all of them see caches alike (the first call of a batch follows another
// implementation's, the others their own). Returns {name: median ms per call}.
async function timeAll(impls) {
  const names = Object.keys(impls);
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 5)); // let the collector's threads finish
  const isAsync = {};
  let batch = 1;
  let slowest = 0; // ms per call
  for (const name of names) {
    const fn = impls[name];
    isAsync[name] = typeof fn()?.then === 'function';
    await repeat(fn, isAsync[name], 3); // warm up: compile, allocate, fill caches
    let calls = 1;
    let ms;
    for (;;) {
      const t0 = performance.now();
      await repeat(fn, isAsync[name], calls);
      ms = performance.now() - t0;
      if (ms >= SAMPLE_MS || calls >= 1 << 20) break;
      calls *= ms > 0.5 ? Math.ceil(SAMPLE_MS / ms) : 8;
    }
    batch = Math.max(batch, calls);
    slowest = Math.max(slowest, ms / calls);
  }
  const rounds = Math.max(MIN_SAMPLES, Math.min(MAX_SAMPLES, Math.floor(BUDGET_MS / (slowest * batch))));
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < rounds; r++) {
    // Each round starts with the next implementation: none always follows the same one.
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length];
      const t0 = performance.now();
      await repeat(impls[name], isAsync[name], batch);
      times[name].push((performance.now() - t0) / batch);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(times[n])]));
}

// Element i of an output as a number (float16 as its value), for comparing implementations.
function values(type, data) {
  return type === 'float16' ? Array.from(data, f16ToNumber) : Array.from(data);
}

function assertAgree(caseName, reference, name, type, data, tolerance) {
  const want = values(type, reference);
  const got = values(type, data);
  if (want.length !== got.length) throw new Error(`${caseName}: ${name} has ${got.length} elements, ops.* ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    const a = want[i];
    const b = got[i];
    const same = Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a));
    if (!same) throw new Error(`${caseName}: ${name} disagrees with ops.* at element ${i}: ${b} vs ${a}`);
  }
}

function makeInputs(c) {
  return c.inputs.map(({ type, dims }, i) => {
    const n = dims.reduce((a, b) => a * b, 1);
    return { type, dims, data: floatData(type, n, 1 + i) };
  });
}

function modelFor(c) {
  const names = c.inputs.map((_, i) => `x${i}`);
  return buildModel({
    opset: c.opset,
    inputs: c.inputs.map(({ type, dims }, i) => ({ name: names[i], type, dims })),
    outputs: [{ name: 'y', type: c.inputs[0].type }],
    nodes: [{ op: c.op, inputs: names, outputs: ['y'], attributes: c.attributes ?? {} }],
  });
}

const callOps = (c, tensors) => (c.inputs.length === 1 && c.op !== 'Min' ? ops[c.op](tensors[0], c.attributes) : ops[c.op](tensors, c.attributes));

async function runCase(c) {
  const inputs = makeInputs(c);
  const model = modelFor(c);
  const tensors = inputs.map(({ type, data, dims }) => new Tensor(type, data, dims));
  const feeds = Object.fromEntries(tensors.map((t, i) => [`x${i}`, t]));
  const ortFeeds = Object.fromEntries(inputs.map(({ type, data, dims }, i) => [`x${i}`, new ort.Tensor(type, data, dims)]));
  const session = await InferenceSession.create(model);
  let ortSession = null;
  let ortError = null;
  try {
    ortSession = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
    await ortSession.run(ortFeeds);
  } catch (e) {
    ortError = String(e.message ?? e).split('\n')[0];
    ortSession = null;
  }

  // Correctness first: every implementation's output against ops.* on JS tensors.
  const tolerance = c.pool ? 1e-5 : 0;
  const reference = callOps(c, tensors);
  const outType = reference.type;
  assertAgree(c.name, reference.data, 'InferenceSession', outType, (await session.run(feeds)).y.data, tolerance);
  if (ortSession) assertAgree(c.name, reference.data, 'onnxruntime-web', outType, (await ortSession.run(ortFeeds)).y.data, tolerance);

  const bytes = inputs.reduce((s, { data }) => s + data.byteLength, 0);
  const srcJs = new Uint8Array(bytes);
  const dstJs = new Uint8Array(bytes);
  const impls = {
    ops: () => callOps(c, tensors),
    session: () => session.run(feeds),
    copyJs: () => dstJs.set(srcJs),
  };
  if (ortSession) impls.ort = () => ortSession.run(ortFeeds);
  const disposables = [];
  if (hasWasmTensors) {
    const wasmTensors = inputs.map(({ type, data, dims }) => Tensor.wasm(type, dims, data));
    disposables.push(...wasmTensors);
    const y = callOps(c, wasmTensors);
    assertAgree(c.name, reference.data, 'ops.* on wasm tensors', outType, y.data, 0);
    y.dispose();
    impls.opsWasm = () => callOps(c, wasmTensors).dispose();
    const src = Tensor.wasm('uint8', [bytes]);
    const dst = Tensor.wasm('uint8', [bytes]);
    disposables.push(src, dst);
    impls.copyWasm = () => dst.data.set(src.data);
    const inputsInWasm = inputs.map(({ type, dims }) => Tensor.wasm(type, dims));
    const outputInWasm = Tensor.wasm(outType, reference.dims);
    disposables.push(...inputsInWasm, outputInWasm);
    impls.boundary = () => {
      for (let k = 0; k < inputs.length; k++) inputsInWasm[k].data.set(inputs[k].data);
      return outputInWasm.data.slice();
    };
  }
  const ms = await timeAll(impls);
  for (const t of disposables) t.dispose();
  session.release();
  await ortSession?.release();
  return { name: c.name, op: c.op, inputs: c.inputs, attributes: c.attributes ?? {}, bytes, ms, ortError, targets: targetsFor(c, ms) };
}

// Each target of issue 7 that applies to the case: {name, goal, value, met}.
function targetsFor(c, ms) {
  const out = [];
  const ratio = (target, num, den, goal, below = false) => {
    if (ms[num] === undefined || ms[den] === undefined) return out.push({ target, goal, value: null, met: false });
    const value = ms[num] / ms[den];
    out.push({ target, goal, value, met: below ? value <= goal : value >= goal });
  };
  ratio('ops.* vs ort', 'ort', 'ops', c.pool ? TARGETS.poolVsOrt : TARGETS.opsVsOrt);
  // Not a target: the most ops.* vs ort could be, with a kernel that took no time.
  out.at(-1).bound = ms.boundary === undefined ? null : ms.ort / ms.boundary;
  ratio('session vs ort', 'ort', 'session', TARGETS.sessionVsOrt);
  if (c.perCall) ratio('per call vs ort', 'ort', 'ops', TARGETS.perCallVsOrt);
  else if (c.elementwise) ratio('wasm tensors vs copy', 'opsWasm', 'copyWasm', TARGETS.wasmVsCopy, true);
  return out;
}

function coldStarts(runs = 7) {
  const dir = mkdtempSync(join(os.tmpdir(), 'onnx-wasm-bench-'));
  const modelPath = join(dir, 'floor.onnx');
  writeFileSync(modelPath, modelFor(CASES.find((c) => c.perCall)));
  const kinds = ['ours-ops', 'ours-session', 'ort'];
  const times = Object.fromEntries(kinds.map((k) => [k, []]));
  for (let r = 0; r < runs; r++) {
    for (const k of kinds) {
      const out = execFileSync(process.execPath, [join(root, 'bench', 'cold-start.mjs'), k, modelPath], { cwd: root, encoding: 'utf8' });
      times[k].push(JSON.parse(out).ms);
    }
  }
  const ms = Object.fromEntries(kinds.map((k) => [k, median(times[k])]));
  const worst = Math.max(ms['ours-ops'], ms['ours-session']);
  const value = ms.ort / worst;
  return { runs, ms, targets: [{ target: 'cold start vs ort', goal: TARGETS.coldStartVsOrt, value, met: value >= TARGETS.coldStartVsOrt }] };
}

const fmt = (v) => (v === undefined ? '—' : v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v >= 0.01 ? v.toFixed(3) : `${(v * 1000).toFixed(2)}µ`);
const COLUMNS = ['ops', 'opsWasm', 'session', 'ort', 'copyJs', 'copyWasm', 'boundary'];

const results = [];
console.log(`onnx-wasm vs onnxruntime-web ${ort.env.versions.web} (wasm, 1 thread); ms per call, median`);
console.log(['case'.padEnd(42), ...COLUMNS.map((c) => c.padStart(9)), '  targets'].join(''));
for (const c of cases) {
  const r = await runCase(c);
  results.push(r);
  const targets = r.targets
    .map((t) => `${t.target} ${t.value === null ? 'n/a' : t.value.toFixed(2)}${t.met ? ' ok' : ' MISSED'}${t.bound ? ` (at most ${t.bound.toFixed(2)})` : ''}`)
    .join('; ');
  console.log([r.name.padEnd(42), ...COLUMNS.map((k) => fmt(r.ms[k]).padStart(9)), `  ${targets}`, r.ortError ? ` (ort: ${r.ortError})` : ''].join(''));
}

const cold = filters.length ? null : coldStarts();
if (cold) {
  const t = cold.targets[0];
  console.log(`cold start, import to first result (ms, median of ${cold.runs}): ops ${fmt(cold.ms['ours-ops'])}, session ${fmt(cold.ms['ours-session'])}, ort ${fmt(cold.ms.ort)}; ${t.target} ${t.value.toFixed(1)}${t.met ? ' ok' : ' MISSED'}`);
}
const wasmBytes = statSync(join(root, 'dist', 'onnx-wasm.wasm')).size;
const sizeTarget = { target: 'wasm size', goal: TARGETS.wasmBytes, value: wasmBytes, met: wasmBytes <= TARGETS.wasmBytes };
console.log(`onnx-wasm.wasm: ${wasmBytes} bytes (${(wasmBytes / 1024).toFixed(1)} KiB)${sizeTarget.met ? ' ok' : ' MISSED'}`);

const all = [...results.flatMap((r) => r.targets), ...(cold?.targets ?? []), sizeTarget];
const missed = all.filter((t) => !t.met);
console.log(`${all.length - missed.length} of ${all.length} targets met${missed.length ? `; missed: ${missed.map((t) => t.target).join(', ')}` : ''}`);

if (!filters.length) {
  const pkg = (p) => JSON.parse(readFileSync(join(root, p), 'utf8')).version;
  const results_ = {
    date: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${os.platform()} ${os.arch()}` },
    node: process.version,
    versions: { 'onnx-wasm': pkg('package.json'), 'onnxruntime-web': pkg('node_modules/onnxruntime-web/package.json') },
    wasmTensors: hasWasmTensors,
    wasmBytes,
    cases: results,
    coldStart: cold,
    sizeTarget,
    targetsMet: all.length - missed.length,
    targetsTotal: all.length,
  };
  writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results_, null, 2)}\n`);
  console.log('wrote bench/results.json');
}
