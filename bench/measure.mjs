// The benchmark's measurements, the same in Node (bench/run.mjs) and in the browser (bench/page.html):
// one case of bench/cases.mjs run by every implementation on the same seeded inputs, after checking
// that their outputs agree. No Node or DOM APIs here: the caller passes the runtimes and the model.
//
// Implementations (ms per call, median):
//   ops          ops.* on Tensors whose data are JS typed arrays (copied into wasm memory, the output
//                copied out into a new typed array)
//   opsOut       the same with options.out: a preallocated Tensor in JS memory receives the output
//   opsWasm      ops.* on wasm tensors (Tensor.wasm) into a preallocated wasm tensor (options.out)
//   session      this runtime's InferenceSession.run on a single-operator model
//   sessionFetch the same with a preallocated output in JS memory (run(feeds, {y: tensor}))
//   ort          onnxruntime-web's InferenceSession.run on the same model bytes
//   copyJs       a plain JS copy of the inputs' bytes (TypedArray.prototype.set), JS memory to JS memory,
//                from an array holding those bytes into another
//   copyWasm     the same copy inside wasm memory
//   boundary     the copies across the boundary alone: each input into wasm memory, an output-sized
//                block out into a new typed array (what ops.* on JS memory does besides computing)
//   boundaryBlocked  the same copies through one 512 KiB block of wasm memory, as ops.* with out makes
//                them (each input's next part into the block, the output's part out of it into a
//                preallocated typed array): each input byte read from JS memory once and each output
//                byte written once, the least any call from JS memory into JS memory through wasm moves
//   kernelCached the computing alone, on data in cache (the elementwise cases): ops.* in place on one
//                block's rows of each input laid out like the output (inputs broadcast over them whole),
//                in wasm memory, once per block ops.* with out makes of the whole; with boundaryBlocked,
//                what ops.* with out does
// The package's blocks (js/block-plan.mjs: plain arithmetic, served to the page as /js/).
import { BLOCK_BYTES, broadcastDims, rowsOfBlock, splitRows } from '../js/block-plan.mjs';
import { floatData } from '../tools/values.mjs';
import { f16ToNumber } from '../tools/half-codecs.mjs';
import { TARGETS } from './cases.mjs';

export const COLUMNS = ['ops', 'opsOut', 'opsWasm', 'session', 'sessionFetch', 'ort', 'copyJs', 'copyWasm', 'boundary', 'boundaryBlocked', 'kernelCached'];

// How long timing takes: `quick` is for development (bench/run.mjs --quick), not for numbers to keep.
export function settings(quick) {
  return quick
    ? { sampleMs: 1, budgetMs: 40, minSamples: 5, maxSamples: 21 }
    : { sampleMs: 1, budgetMs: 250, minSamples: 15, maxSamples: 101 };
}

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
// to fill a sample, so that all of them see caches alike. Garbage is collected (if `collectGarbage`
// can) before the case, not between rounds: a forced full collection returns freed outputs' memory
// to the system, and whatever ran next would pay page faults that repeated calls in an application do
// not see. Returns {name: median ms per call}.
export async function timeAll(impls, { sampleMs, budgetMs, minSamples, maxSamples }, collectGarbage) {
  const names = Object.keys(impls);
  collectGarbage?.();
  await new Promise((resolve) => setTimeout(resolve, 5)); // let the collector's threads finish
  const isAsync = {};
  let batch = 1;
  let slowest = 0; // ms per call
  for (const name of names) {
    const fn = impls[name];
    const first = fn();
    isAsync[name] = typeof first?.then === 'function';
    if (isAsync[name]) await first;
    await repeat(fn, isAsync[name], 3); // warm up: compile, allocate, fill caches
    let calls = 1;
    let ms;
    for (;;) {
      const t0 = performance.now();
      await repeat(fn, isAsync[name], calls);
      ms = performance.now() - t0;
      if (ms >= sampleMs || calls >= 1 << 20) break;
      calls *= ms > sampleMs / 2 ? Math.ceil(sampleMs / ms) : 8;
    }
    batch = Math.max(batch, calls);
    slowest = Math.max(slowest, ms / calls);
  }
  const rounds = Math.max(minSamples, Math.min(maxSamples, Math.floor(budgetMs / (slowest * batch))));
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

// Element i of an output as a number (float16 bit patterns as their value), for comparing
// implementations. onnxruntime-web gives float16 as a Float16Array where the engine has one.
function values(type, data) {
  return type === 'float16' && data instanceof Uint16Array ? Array.from(data, f16ToNumber) : Array.from(data);
}

function assertAgree(caseName, reference, name, type, data, tolerance, floor = 1) {
  const want = values(type, reference);
  const got = values(type, data);
  if (want.length !== got.length) throw new Error(`${caseName}: ${name} has ${got.length} elements, ops.* ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    const a = want[i];
    const b = got[i];
    const same = Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= tolerance * Math.max(floor, Math.abs(a));
    if (!same) throw new Error(`${caseName}: ${name} disagrees with ops.* at element ${i}: ${b} vs ${a}`);
  }
}

/**
 * The columns of a graph case (runGraphCase): `bareFetch` where it has a bare call; `flattenStep` (the
 * time of one Flatten step) and `copyStep` (a JS copy of its input) where it measures a Flatten step.
 */
export const GRAPH_COLUMNS = ['session', 'sessionFetch', 'bareFetch', 'flattenStep', 'ort', 'copyJs', 'copyStep'];

/**
 * The model of a graph case's bare call on the same input, followed by `flattens` Flattens (axis 1), as
 * buildModel takes it.
 */
export function bareSpec(c, flattens = 0) {
  const spec = modelSpec({ ...c.bare, opset: c.opset, inputs: c.inputs });
  const [pool] = spec.nodes;
  const names = Array.from({ length: flattens + 1 }, (_, k) => (k === flattens ? 'y' : `v${k}`));
  pool.outputs = [names[0]];
  for (let k = 1; k <= flattens; k++) spec.nodes.push({ op: 'Flatten', inputs: [names[k - 1]], outputs: [names[k]], attributes: { axis: 1 } });
  return spec;
}

/** The case's single-operator model, as buildModel (tools/onnx-builder.mjs) takes it. */
export function modelSpec(c) {
  const names = c.inputs.map((_, i) => `x${i}`);
  const constants = c.constants ?? [];
  return {
    opset: c.opset,
    inputs: c.inputs.map(({ type, dims }, i) => ({ name: names[i], type, dims })),
    outputs: [{ name: 'y', type: c.inputs[0].type }],
    initializers: constants.flatMap((k, i) => (k ? [{ name: `c${i}`, type: k.type, dims: k.dims, data: k.values }] : [])),
    nodes: [{ op: c.op, inputs: [...names, ...constants.map((k, i) => (k ? `c${i}` : ''))], outputs: ['y'], attributes: c.attributes ?? {} }],
  };
}

/**
 * onnxruntime-web's session on `model` (its bytes), run once on `ortFeeds`: {ortSession, outputs}, or
 * {ortError}, the first line of its refusal, where it cannot run the model.
 */
async function ortSessionOn(ort, model, ortFeeds) {
  try {
    const ortSession = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
    return { ortSession, outputs: await ortSession.run(ortFeeds), ortError: null };
  } catch (e) {
    return { ortSession: null, ortError: String(e.message ?? e).split('\n')[0] };
  }
}

// The case's constant inputs (c.constants, float32) as Tensors, null where omitted.
const constantTensors = (Tensor, c) => (c.constants ?? []).map((k) => k && new Tensor(k.type, Float32Array.from(k.values), k.dims));

function callOps(ops, c, tensors, options) {
  if (c.constants) return ops[c.op]([tensors[0], ...c.constantTensors], options);
  return c.op !== 'Min' && tensors.length === 1 ? ops[c.op](tensors[0], options) : ops[c.op](tensors, options);
}

/**
 * Times case `c` with this runtime (`lib`: {Tensor, ops, InferenceSession}) and onnxruntime-web (`ort`)
 * on `model` (its bytes); {name, op, inputs, attributes, bytes, ms, ortError, targets}. `env` is
 * 'node' or 'chromium' (the targets differ), `timing` from settings().
 */
export async function runCase(c, { lib, ort, model, env, timing, collectGarbage }) {
  const { Tensor, ops, InferenceSession } = lib;
  c = { ...c, constantTensors: constantTensors(Tensor, c) };
  const inputs = c.inputs.map(({ type, dims }, i) => ({ type, dims, data: floatData(type, dims.reduce((a, b) => a * b, 1), 1 + i) }));
  const tensors = inputs.map(({ type, data, dims }) => new Tensor(type, data, dims));
  const feeds = Object.fromEntries(tensors.map((t, i) => [`x${i}`, t]));
  const ortFeeds = Object.fromEntries(inputs.map(({ type, data, dims }, i) => [`x${i}`, new ort.Tensor(type, data, dims)]));
  const session = await InferenceSession.create(model);
  const { ortSession, outputs: ortOutputs, ortError } = await ortSessionOn(ort, model, ortFeeds);

  // Correctness first: every implementation's output against ops.* on JS tensors.
  // Products (MatMul, Gemm, Conv) sum in another order than onnxruntime-web: c.tolerance, relative to
  // the larger of the value and c.toleranceFloor (results near 0 after cancellation).
  const tolerance = c.tolerance ?? (c.pool || (c.resize && c.attributes.mode !== 'nearest') ? 1e-5 : 0);
  const attributes = c.attributes ?? {};
  const reference = callOps(ops, c, tensors, attributes);
  const outType = reference.type;
  const out = new Tensor(outType, new reference.data.constructor(reference.size), reference.dims);
  const fetched = new Tensor(outType, new reference.data.constructor(reference.size), reference.dims);
  const withOut = { ...attributes, out };
  const wasmTensors = inputs.map(({ type, data, dims }) => Tensor.wasm(type, dims, data));
  const wasmOut = Tensor.wasm(outType, reference.dims);
  const withWasmOut = { ...attributes, out: wasmOut };
  callOps(ops, c, tensors, withOut);
  assertAgree(c.name, reference.data, 'ops.* with out', outType, out.data, 0);
  callOps(ops, c, wasmTensors, withWasmOut);
  assertAgree(c.name, reference.data, 'ops.* on wasm tensors', outType, wasmOut.data, 0);
  assertAgree(c.name, reference.data, 'InferenceSession', outType, (await session.run(feeds)).y.data, tolerance);
  await session.run(feeds, { y: fetched });
  assertAgree(c.name, reference.data, 'InferenceSession with fetches', outType, fetched.data, tolerance);
  if (ortSession) assertAgree(c.name, reference.data, 'onnxruntime-web', outType, ortOutputs.y.data, tolerance, c.toleranceFloor);

  // The copies' sources hold the inputs' bytes: a never-written array would be the operating system's
  // shared zero page, read from cache, which no real data are.
  const bytes = inputs.reduce((s, { data }) => s + data.byteLength, 0);
  const srcJs = new Uint8Array(bytes);
  for (let i = 0, at = 0; i < inputs.length; at += inputs[i].data.byteLength, i++) {
    const { data } = inputs[i];
    srcJs.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
  }
  const dstJs = new Uint8Array(bytes);
  const src = Tensor.wasm('uint8', [bytes], srcJs);
  const dst = Tensor.wasm('uint8', [bytes]);
  const inputsInWasm = inputs.map(({ type, dims }) => Tensor.wasm(type, dims));
  const outputInWasm = Tensor.wasm(outType, reference.dims);
  const inputBytes = inputs.map(({ data }) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  const outBytes = new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength);
  const parts = Math.ceil((bytes + outBytes.length) / BLOCK_BYTES); // every array in this many parts
  const block = Tensor.wasm('uint8', [BLOCK_BYTES + 64 * (inputs.length + 1)]);
  const fetches = { y: fetched };
  // One block of ops.* with out, as the package cuts it (js/blocks.mjs): rows of the output, each input
  // laid out like the output in JS memory taking a block's rows (the output goes over the first).
  let cached = null;
  if (c.elementwise && !c.perCall) {
    const shapes = inputs.map(({ dims }) => dims);
    const { rows, sliced, blockDims } = splitRows(shapes, broadcastDims(shapes));
    const rowBytes = inputs.map(({ data }, i) => (sliced[i] ? data.byteLength / rows : 0));
    const { blockRows, inPlace } = rowsOfBlock(rowBytes, reference.data.byteLength / rows);
    const tensors = inputs.map(({ type, dims, data }, i) =>
      sliced[i] ? Tensor.wasm(type, [blockRows, ...blockDims[i]], data.subarray(0, blockRows * (data.length / rows))) : Tensor.wasm(type, dims, data));
    // (every elementwise case has an input laid out like its output: inPlace is one)
    cached = { tensors, blocks: Math.ceil(rows / blockRows), options: { ...attributes, out: tensors[inPlace] } };
  }
  const impls = {
    ops: () => callOps(ops, c, tensors, attributes),
    opsOut: () => callOps(ops, c, tensors, withOut),
    opsWasm: () => callOps(ops, c, wasmTensors, withWasmOut),
    session: () => session.run(feeds),
    sessionFetch: () => session.run(feeds, fetches),
    copyJs: () => dstJs.set(srcJs),
    copyWasm: () => dst.data.set(src.data),
    boundary: () => {
      for (let k = 0; k < inputs.length; k++) inputsInWasm[k].data.set(inputs[k].data);
      return outputInWasm.data.slice();
    },
    boundaryBlocked: () => {
      const into = block.data;
      for (let p = 0; p < parts; p++) {
        let at = 0;
        for (const b of inputBytes) {
          const from = Math.floor((p * b.length) / parts);
          const to = Math.floor(((p + 1) * b.length) / parts);
          into.set(b.subarray(from, to), at);
          at += to - from;
        }
        const from = Math.floor((p * outBytes.length) / parts);
        const to = Math.floor(((p + 1) * outBytes.length) / parts);
        outBytes.set(into.subarray(at, at + to - from), from);
      }
    },
  };
  if (cached) {
    impls.kernelCached = () => {
      for (let b = 0; b < cached.blocks; b++) callOps(ops, c, cached.tensors, cached.options);
    };
  }
  if (ortSession) impls.ort = () => ortSession.run(ortFeeds);
  const ms = await timeAll(impls, timing, collectGarbage);
  for (const t of [...wasmTensors, wasmOut, src, dst, ...inputsInWasm, outputInWasm, block, ...(cached?.tensors ?? [])]) t.dispose();
  session.release();
  await ortSession?.release();
  return { name: c.name, op: c.op, inputs: c.inputs, attributes, bytes, ms, ortError, targets: targetsFor(c, ms, env) };
}

// Each target that applies to the case in `env`: {target, goal, value, met, below?}.
export function targetsFor(c, ms, env) {
  const out = [];
  const ratio = (target, num, den, goal, below = false) => {
    const value = ms[num] === undefined || ms[den] === undefined ? null : ms[num] / ms[den];
    out.push({ target, goal, value, met: value !== null && (below ? value <= goal : value >= goal), ...(below ? { below } : {}) });
  };
  const goals = TARGETS[env];
  if (c.perCall) {
    ratio('per call vs ort', 'ort', 'ops', goals.perCallVsOrt);
    return out;
  }
  const outGoal = c.product ? goals.productVsOrt : goals.outVsOrt;
  ratio('out vs ort', 'ort', 'opsOut', outGoal);
  ratio('fetches vs ort', 'ort', 'sessionFetch', outGoal);
  if (c.elementwise) ratio('out vs JS copy', 'opsOut', 'copyJs', goals.outVsCopy, true);
  if (c.opsVsOrt) ratio('ops.* vs ort', 'ort', 'ops', c.opsVsOrt);
  else if (c.pool && goals.poolVsOrt) ratio('ops.* vs ort', 'ort', 'ops', goals.poolVsOrt);
  return out;
}

/**
 * Times graph case `c` (bench/cases.mjs GRAPH_CASES): this runtime's InferenceSession on `model` (the
 * exported graph's bytes), with and without a preallocated fetch, against onnxruntime-web on the same
 * bytes; where the case has one, against the bare call's single-node model `bareModel` with a fetch;
 * where it measures a Flatten step, the bare call followed by 1 Flatten (`flattenModels[0]`) and by
 * 1 + c.flattenSteps (`flattenModels[1]`): flattenStep is their difference over c.flattenSteps, and
 * copyStep a JS copy of the bare call's output. copyJs copies the graph's input. {name, graph, inputs,
 * ms, ortError, targets}.
 */
export async function runGraphCase(c, { lib, ort, model, bareModel, flattenModels, env, timing, collectGarbage }) {
  const { Tensor, InferenceSession } = lib;
  const [{ type, dims }] = c.inputs;
  const data = floatData(type, dims.reduce((a, b) => a * b, 1), 1);
  const session = await InferenceSession.create(model);
  const x = new Tensor(type, data, dims);
  const feeds = { [session.inputNames[0]]: x };
  const [outputName] = session.outputNames;
  const reference = (await session.run(feeds))[outputName];
  const fetchInto = (t) => new Tensor(t.type, new t.data.constructor(t.size), t.dims);
  const fetched = fetchInto(reference);
  const fetches = { [outputName]: fetched };
  await session.run(feeds, fetches);
  assertAgree(c.name, reference.data, 'InferenceSession with fetches', reference.type, fetched.data, 0);

  const ortFeeds = { [session.inputNames[0]]: new ort.Tensor(type, data, dims) };
  const { ortSession, outputs: ortOutputs, ortError } = await ortSessionOn(ort, model, ortFeeds);
  if (ortSession) assertAgree(c.name, reference.data, 'onnxruntime-web', reference.type, ortOutputs[outputName].data, 1e-5);

  const impls = {
    session: () => session.run(feeds),
    sessionFetch: () => session.run(feeds, fetches),
  };
  // Another model on the same input, run with a fetch: the graph's values (a Flatten changes only the
  // shape).
  const others = [];
  const fetchRun = async (label, bytes) => {
    const other = await InferenceSession.create(bytes);
    others.push(other);
    const otherFeeds = { [other.inputNames[0]]: x };
    const out = (await other.run(otherFeeds))[other.outputNames[0]];
    assertAgree(c.name, out.data, label, out.type, reference.data, 0);
    const otherFetches = { [other.outputNames[0]]: fetchInto(out) };
    return { out, run: () => other.run(otherFeeds, otherFetches) };
  };
  if (bareModel) {
    const bare = await fetchRun('the bare call', bareModel);
    impls.bareFetch = bare.run;
    const stepFrom = new Uint8Array(bare.out.data.buffer.slice(0));
    const stepTo = new Uint8Array(stepFrom.length);
    impls.copyStep = () => stepTo.set(stepFrom);
  }
  if (flattenModels) {
    impls.oneFlattenFetch = (await fetchRun('the bare call and a Flatten', flattenModels[0])).run;
    impls.moreFlattensFetch = (await fetchRun('the bare call and Flattens', flattenModels[1])).run;
  }
  const src = new Uint8Array(data.buffer.slice(0));
  const dst = new Uint8Array(src.length);
  impls.copyJs = () => dst.set(src);
  if (ortSession) impls.ort = () => ortSession.run(ortFeeds);
  const ms = await timeAll(impls, timing, collectGarbage);
  if (flattenModels) ms.flattenStep = Math.max(0, ms.moreFlattensFetch - ms.oneFlattenFetch) / c.flattenSteps;
  session.release();
  for (const other of others) other.release();
  await ortSession?.release();
  return { name: c.name, graph: c.graph, inputs: c.inputs, ms, ortError, targets: graphTargetsFor(c, ms, env) };
}

// Each target that applies to graph case `c` in `env`: {target, goal, value, met, below?}.
export function graphTargetsFor(c, ms, env) {
  const out = [];
  const push = (target, value, goal, below = false) =>
    out.push({ target, goal, value, met: value !== null && (below ? value <= goal : value >= goal), ...(below ? { below } : {}) });
  const known = (...names) => names.every((n) => ms[n] !== undefined);
  push('fetches vs ort', known('ort', 'sessionFetch') ? ms.ort / ms.sessionFetch : null, TARGETS[env].outVsOrt);
  if (c.withinBare) push('graph vs bare call', known('sessionFetch', 'bareFetch') ? ms.sessionFetch / ms.bareFetch : null, c.withinBare, true);
  if (c.stepVsCopy) {
    const step = known('flattenStep', 'copyStep') ? ms.flattenStep / ms.copyStep : null;
    push('flatten step vs copy', step, c.stepVsCopy, true);
  }
  return out;
}
