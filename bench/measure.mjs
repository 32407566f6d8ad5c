// The benchmark's measurements, the same in Node (bench/run.mjs) and in the browser (bench/page.html):
// one case of bench/cases.mjs run by every implementation on the same seeded inputs, after checking
// that their outputs agree. No Node or DOM APIs here: the caller passes the runtimes and the model.
//
// Implementations (ms per call, median):
//   ops          ops.* on Tensors whose data are JS typed arrays (copied into wasm memory, the output
//                copied out into a new typed array)
//   opsOut       the same with options.out: a preallocated Tensor in JS memory receives the output
//                (not timed for an operator of several outputs, which takes no out)
//   opsWasm      ops.* on wasm tensors (Tensor.wasm, constants too) into a preallocated wasm tensor
//                (options.out); with several outputs, into new wasm tensors disposed after each call
//   session      this runtime's InferenceSession.run on a single-operator model
//   sessionFetch the same with preallocated outputs in JS memory (run(feeds, {y: tensor, ...}))
//   ort          onnxruntime-web's InferenceSession.run on the same model bytes
//   tfjs         TensorFlow.js's wasm backend (XNNPACK) on the matrix-product cases (bench/tfjs.mjs)
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
import { floatData, FLOAT_TYPES, rng } from '../tools/values.mjs';
import { DTYPES } from '../js/dtypes.mjs';
import { f16ToNumber } from '../tools/half-codecs.mjs';
import { GRAPH_INPUTS } from '../tools/graph-inputs.mjs';
import { TARGETS } from './cases.mjs';
import { tfjsProduct } from './tfjs.mjs';

export const COLUMNS = ['ops', 'opsOut', 'opsWasm', 'session', 'sessionFetch', 'ort', 'tfjs', 'copyJs', 'copyWasm', 'boundary', 'boundaryBlocked', 'kernelCached'];

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

// The longest sample of one implementation, in ms (see timeAll).
const kMaxSampleMs = 100;

// Times each implementation (sync or async) per call in ms: calibrates a batch size, then runs samples
// of each implementation in turn. Every implementation runs the same batch, the one the fastest needs
// to fill a sample (within the budget), so that all of them see caches alike. Garbage is collected (if `collectGarbage`
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
  // ...but a sample of the slowest takes at most kMaxSampleMs: beside a call of milliseconds, a
  // baseline of microseconds (the copy of a small input) would otherwise make each round run for
  // minutes.
  batch = Math.max(1, Math.min(batch, Math.floor(kMaxSampleMs / slowest)));
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

// Each element of `data` against `reference`'s: within `tolerance` times its scale, by default the
// larger of 1 and the reference's magnitude; where `scales` is given (a product's sums of the
// magnitudes of their terms), element i's is scales[i]; `floor` is the least scale (a uint8 picture's
// 256: within 1, where onnxruntime truncates and this runtime rounds).
function assertAgree(caseName, reference, name, type, data, tolerance, scales = null, floor = 1) {
  const want = values(type, reference);
  const got = values(type, data);
  if (want.length !== got.length) throw new Error(`${caseName}: ${name} has ${got.length} elements, ops.* ${want.length}`);
  for (let i = 0; i < want.length; i++) {
    const a = want[i];
    const b = got[i];
    // int64 outputs are BigInts: those must be equal.
    const scale = () => (scales ? scales[i] : Math.max(floor, Math.abs(a)));
    const same = Object.is(a, b) || (typeof a === 'number' && (Number.isNaN(a) ? Number.isNaN(b) : Math.abs(a - b) <= tolerance * scale()));
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

// A case's input or constant data: `values` as given (64-bit integers as numbers); `range: [lo, hi]`
// seeded values in [lo, hi) (scores, weights; integers and bool rounded down: [0, 2) for a bool
// mask); `boxes: true` boxes [y1, x1, y2, x2] in the unit square with sides from 0.02 to 0.3
// (NonMaxSuppression's); else seeded floatData (edge values first, then values in ±50).
export function inputData({ type, dims, values, range, boxes }, seed) {
  const { array } = DTYPES[type];
  const wide = array === BigInt64Array || array === BigUint64Array;
  if (values) return array.from(values, (v) => (wide ? BigInt(v) : v));
  const n = dims.reduce((a, b) => a * b, 1);
  if (!range && !boxes) return floatData(type, n, seed);
  const encode = FLOAT_TYPES[type]?.encode ?? (wide ? (v) => BigInt(Math.floor(v)) : Math.floor);
  const next = rng(seed);
  const out = new array(n);
  if (boxes) {
    for (let i = 0; i + 3 < n; i += 4) {
      const [y1, x1] = [next(), next()];
      [out[i], out[i + 1], out[i + 2], out[i + 3]] = [y1, x1, y1 + 0.02 + 0.28 * next(), x1 + 0.02 + 0.28 * next()].map(encode);
    }
  } else {
    const [lo, hi] = range;
    for (let i = 0; i < n; i++) out[i] = encode(lo + (hi - lo) * next());
  }
  return out;
}

// The seed of input i and of constant i.
const inputSeed = (i) => 1 + i;
const constantSeed = (i) => 101 + i;

// The node's inputs in order, from the case's fed inputs (`fed`, one per c.inputs) and constants (one
// per c.constants, null where omitted): an input with `at` at that position, the other inputs and then
// the constants in the positions left, in order.
function nodeInputs(c, fed, constants) {
  const slots = new Array(fed.length + constants.length).fill(undefined);
  c.inputs.forEach(({ at }, i) => {
    if (at !== undefined) slots[at] = fed[i];
  });
  const rest = [...fed.filter((_, i) => c.inputs[i].at === undefined), ...constants];
  return slots.map((s) => (s === undefined ? rest.shift() : s));
}

// The model's outputs: y, then y1, y2, ... for an operator of several (c.outputs, their types; by
// default one of the first input's type).
const outputNames = (c) => (c.outputs ?? [c.inputs[0].type]).map((_, i) => (i ? `y${i}` : 'y'));

/** The case's single-operator model, as buildModel (tools/onnx-builder.mjs) takes it. */
export function modelSpec(c) {
  const names = c.inputs.map((_, i) => `x${i}`);
  const constants = c.constants ?? [];
  const types = c.outputs ?? [c.inputs[0].type];
  return {
    opset: c.opset,
    inputs: c.inputs.map(({ type, dims }, i) => ({ name: names[i], type, dims })),
    outputs: outputNames(c).map((name, i) => ({ name, type: types[i] })),
    initializers: constants.flatMap((k, i) => (k ? [{ name: `c${i}`, type: k.type, dims: k.dims, data: inputData(k, constantSeed(i)) }] : [])),
    nodes: [{ op: c.op, inputs: nodeInputs(c, names, constants.map((k, i) => (k ? `c${i}` : ''))), outputs: outputNames(c), attributes: c.attributes ?? {} }],
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

// ops.* on the node's inputs `args` (nodeInputs): one Tensor where the node has one (but Min, which
// takes a list), else the list.
function callOps(ops, c, args, options) {
  return c.op !== 'Min' && args.length === 1 ? ops[c.op](args[0], options) : ops[c.op](args, options);
}

/**
 * Times case `c` with this runtime (`lib`: {Tensor, ops, InferenceSession}), onnxruntime-web (`ort`)
 * on `model` (its bytes) and, for the matrix products, TensorFlow.js (`tf`, with its wasm backend set;
 * optional); {name, op, inputs, attributes, bytes, ms, ortError, targets}. `env` is 'node' or
 * 'chromium' (the targets differ), `timing` from settings().
 */
export async function runCase(c, { lib, ort, tf, model, env, timing, collectGarbage }) {
  const { Tensor, ops, InferenceSession } = lib;
  const inputs = c.inputs.map((spec, i) => ({ type: spec.type, dims: spec.dims, data: inputData(spec, inputSeed(i)) }));
  const constants = (c.constants ?? []).map((k, i) => k && { type: k.type, dims: k.dims, data: inputData(k, constantSeed(i)) });
  const tensors = inputs.map(({ type, data, dims }) => new Tensor(type, data, dims));
  const args = nodeInputs(c, tensors, constants.map((k) => k && new Tensor(k.type, k.data, k.dims)));
  const feeds = Object.fromEntries(tensors.map((t, i) => [`x${i}`, t]));
  const ortFeeds = Object.fromEntries(inputs.map(({ type, data, dims }, i) => [`x${i}`, new ort.Tensor(type, data, dims)]));
  const session = await InferenceSession.create(model);
  const { ortSession, outputs: ortOutputs, ortError } = await ortSessionOn(ort, model, ortFeeds);

  // Correctness first: every implementation's outputs against ops.* on JS tensors.
  const attributes = c.attributes ?? {};
  const result = callOps(ops, c, args, attributes);
  // Products (MatMul, Gemm, Conv) sum in another order than onnxruntime-web and TensorFlow.js: each
  // output within c.termsTolerance times the sum of its terms' magnitudes, which is the product of the
  // inputs' magnitudes (ops.* on them: no cancellation, so its own rounding is far below the tolerance).
  const tolerance = c.termsTolerance ?? c.tolerance ?? (c.pool || (c.resize && c.attributes.mode !== 'nearest') ? 1e-5 : 0);
  let scales = null;
  if (c.product) {
    if (!result.data.every(Number.isFinite)) throw new Error(`${c.name}: an output is not finite; a product case times finite values`);
    const magnitude = (t) => t && new Tensor(t.type, t.data.map(Math.abs), t.dims);
    scales = callOps(ops, c, args.map(magnitude), attributes).data;
  }
  // An operator of several outputs (TopK, LSTM) takes no options.out: ops.* with out is not timed, and
  // on wasm tensors its outputs are new wasm tensors, disposed after each call.
  const references = Array.isArray(result) ? result : [result];
  const [reference] = references;
  const single = references.length === 1;
  const names = outputNames(c);
  if (references.length !== names.length) throw new Error(`${c.name}: ops.${c.op} gives ${references.length} outputs, the case declares ${names.length}`);
  const agree = (label, outputs, tol, given = null) =>
    references.forEach((r, i) => assertAgree(c.name, r.data, single ? label : `${label} (${names[i]})`, r.type, outputs[i].data, tol, given, c.toleranceFloor));
  const blank = (t) => new Tensor(t.type, new t.data.constructor(t.size), t.dims);
  const wasmTensors = inputs.map(({ type, data, dims }) => Tensor.wasm(type, dims, data));
  const wasmConstants = constants.map((k) => k && Tensor.wasm(k.type, k.dims, k.data));
  const wasmArgs = nodeInputs(c, wasmTensors, wasmConstants);
  // Outputs whose dims depend on the values (NonMaxSuppression) are preallocated as this call's.
  const out = single ? blank(reference) : null;
  const wasmOut = single ? Tensor.wasm(reference.type, reference.dims) : null;
  const withOut = { ...attributes, out };
  const withWasmOut = { ...attributes, out: wasmOut };
  if (single) {
    callOps(ops, c, args, withOut);
    agree('ops.* with out', [out], 0);
    callOps(ops, c, wasmArgs, withWasmOut);
    agree('ops.* on wasm tensors', [wasmOut], 0);
  } else {
    const outputs = callOps(ops, c, wasmArgs, attributes);
    agree('ops.* on wasm tensors', outputs, 0);
    for (const t of outputs) t.dispose();
  }
  const sessionOutputs = await session.run(feeds);
  agree('InferenceSession', names.map((n) => sessionOutputs[n]), tolerance, scales);
  const fetches = Object.fromEntries(references.map((t, i) => [names[i], blank(t)]));
  await session.run(feeds, fetches);
  agree('InferenceSession with fetches', names.map((n) => fetches[n]), tolerance, scales);
  if (ortSession) agree('onnxruntime-web', names.map((n) => ortOutputs[n]), tolerance, scales);
  const tfjs = tf && c.product
    ? tfjsProduct(tf, c, nodeInputs(c, inputs.map((x) => ({ ...x, fed: true })), constants.map((k) => k && { ...k, fed: false })))
    : null;
  if (tfjs) agree('TensorFlow.js', [{ data: tfjs.output() }], tolerance, scales);

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
  const outputBytes = references.reduce((s, r) => s + r.data.byteLength, 0); // all outputs, one after another
  const outputInWasm = Tensor.wasm('uint8', [outputBytes]);
  const inputBytes = inputs.map(({ data }) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  const outBytes = new Uint8Array(outputBytes);
  const parts = Math.ceil((bytes + outBytes.length) / BLOCK_BYTES); // every array in this many parts
  const block = Tensor.wasm('uint8', [BLOCK_BYTES + 64 * (inputs.length + 1)]);
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
    cached = { tensors, args: nodeInputs(c, tensors, wasmConstants), blocks: Math.ceil(rows / blockRows), options: { ...attributes, out: tensors[inPlace] } };
  }
  const impls = {
    ops: () => callOps(ops, c, args, attributes),
    ...(single
      ? { opsOut: () => callOps(ops, c, args, withOut), opsWasm: () => callOps(ops, c, wasmArgs, withWasmOut) }
      : {
          opsWasm: () => {
            for (const t of callOps(ops, c, wasmArgs, attributes)) t.dispose();
          },
        }),
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
      for (let b = 0; b < cached.blocks; b++) callOps(ops, c, cached.args, cached.options);
    };
  }
  if (ortSession) impls.ort = () => ortSession.run(ortFeeds);
  if (tfjs) impls.tfjs = tfjs.run;
  const ms = await timeAll(impls, timing, collectGarbage);
  tfjs?.dispose();
  const owned = [...wasmTensors, ...wasmConstants.filter(Boolean), src, dst, ...inputsInWasm, outputInWasm, block, ...(cached?.tensors ?? [])];
  for (const t of wasmOut ? [...owned, wasmOut] : owned) t.dispose();
  session.release();
  await ortSession?.release();
  return { name: c.name, op: c.op, inputs: c.inputs, attributes, bytes, ms, ortError, targets: targetsFor(c, ms, env), ...(c.flops ? { gflops: gflopsOf(c, ms) } : {}) };
}

// A product's GFLOP/s, by implementation: ops.* with out, a session's run with a fetch, onnxruntime-web,
// TensorFlow.js.
export function gflopsOf(c, ms) {
  const rate = (name) => (ms[name] === undefined ? undefined : c.flops / ms[name] / 1e6);
  return { opsOut: rate('opsOut'), sessionFetch: rate('sessionFetch'), ort: rate('ort'), tfjs: rate('tfjs') };
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
  // c.vsOrt: the case's own goal for every ratio to onnxruntime-web, in both environments.
  const outGoal = c.vsOrt ?? (c.product ? goals.productVsOrt : goals.outVsOrt);
  if (ms.opsOut !== undefined) ratio('out vs ort', 'ort', 'opsOut', outGoal); // (not timed with several outputs)
  ratio('fetches vs ort', 'ort', 'sessionFetch', outGoal);
  if (c.elementwise) ratio('out vs JS copy', 'opsOut', 'copyJs', goals.outVsCopy, true);
  const opsGoal = c.opsVsOrt ?? c.vsOrt ?? (c.pool ? goals.poolVsOrt : undefined);
  if (opsGoal) ratio('ops.* vs ort', 'ort', 'ops', opsGoal);
  return out;
}

// A graph case's input i: `generator` names one of tools/graph-inputs.mjs's realistic inputs (a YOLO
// head, a picture), made with the spec's `options`; else seeded as an operator case's (inputData).
function graphInput(spec, i) {
  const { type, dims, generator, options } = spec;
  if (!generator) return inputData(spec, inputSeed(i));
  const made = GRAPH_INPUTS[generator](options);
  if (made.type !== type || made.dims.join() !== dims.join()) throw new Error(`${generator} makes ${made.type} [${made.dims}], not ${type} [${dims}]`);
  return made.data;
}

/**
 * Times graph case `c` (bench/cases.mjs GRAPH_CASES): this runtime's InferenceSession on `model` (the
 * graph's bytes), with and without preallocated fetches of every output, against onnxruntime-web on the
 * same bytes (whose outputs must agree within c.tolerance, relative, default 1e-5); where the case has one, against the bare call's single-node model `bareModel` with a fetch;
 * where it measures a Flatten step, the bare call followed by 1 Flatten (`flattenModels[0]`) and by
 * 1 + c.flattenSteps (`flattenModels[1]`): flattenStep is their difference over c.flattenSteps, and
 * copyStep a JS copy of the bare call's output. copyJs copies the graph's first input. {name, graph, inputs,
 * ms, ortError, targets}.
 */
export async function runGraphCase(c, { lib, ort, model, bareModel, flattenModels, env, timing, collectGarbage }) {
  const { Tensor, InferenceSession } = lib;
  // The graph's inputs in order; every output fetched into a preallocated tensor (NonMaxSuppression's
  // count is this input's).
  const datas = c.inputs.map(graphInput);
  const [data] = datas;
  const session = await InferenceSession.create(model);
  const feedsOf = (TensorOf) => Object.fromEntries(session.inputNames.map((name, i) => [name, new TensorOf(c.inputs[i].type, datas[i], c.inputs[i].dims)]));
  const feeds = feedsOf(Tensor);
  const x = feeds[session.inputNames[0]];
  const references = await session.run(feeds);
  const reference = references[session.outputNames[0]];
  const fetchInto = (t) => new Tensor(t.type, new t.data.constructor(t.size), t.dims);
  const fetches = Object.fromEntries(session.outputNames.map((name) => [name, fetchInto(references[name])]));
  await session.run(feeds, fetches);
  const tolerance = c.tolerance ?? 1e-5;
  for (const name of session.outputNames) {
    const r = references[name];
    assertAgree(c.name, r.data, `InferenceSession with fetches (${name})`, r.type, fetches[name].data, 0);
  }

  const ortFeeds = feedsOf(ort.Tensor);
  const { ortSession, outputs: ortOutputs, ortError } = await ortSessionOn(ort, model, ortFeeds);
  if (ortSession) {
    for (const name of session.outputNames) {
      const r = references[name];
      assertAgree(c.name, r.data, `onnxruntime-web (${name})`, r.type, ortOutputs[name].data, tolerance);
    }
  }

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
  push('fetches vs ort', known('ort', 'sessionFetch') ? ms.ort / ms.sessionFetch : null, c.vsOrt ?? TARGETS[env].outVsOrt);
  if (c.withinBare) push('graph vs bare call', known('sessionFetch', 'bareFetch') ? ms.sessionFetch / ms.bareFetch : null, c.withinBare, true);
  if (c.stepVsCopy) {
    const step = known('flattenStep', 'copyStep') ? ms.flattenStep / ms.copyStep : null;
    push('flatten step vs copy', step, c.stepVsCopy, true);
  }
  return out;
}
