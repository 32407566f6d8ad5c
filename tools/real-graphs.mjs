// Runs the real graphs users ship (../shared/real-graphs/models: other repositories' bytes, never copied
// into this one) through onnx-wasm's InferenceSession and through onnxruntime on the same inputs, for
// scripts/real-graphs.mjs and tests/node/real-graphs.test.mjs. Inputs are seeded random values of the
// shapes and ranges each graph's own app feeds (INPUTS below).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareTensors } from './conformance-runner.mjs';
import { decodeModel, graphOperators } from './onnx-builder.mjs';

// A small seeded generator, so that runs compare the same inputs.
let seed;
const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
const ARRAY = { float32: Float32Array, int64: BigInt64Array, uint8: Uint8Array, float16: Uint16Array };
function fill(type, dims, [lo, hi] = [0, 1]) {
  const size = dims.reduce((a, b) => a * b, 1);
  const data = new ARRAY[type](size);
  for (let i = 0; i < size; i++) {
    const v = lo + (hi - lo) * random();
    if (type === 'int64') data[i] = BigInt(Math.floor(v));
    else if (type === 'uint8') data[i] = Math.floor(v);
    else if (type === 'float16') data[i] = 0x3c00; // 1.0: onnxruntime-web in Node has no Float16Array
    else data[i] = v;
  }
  return { type, dims, data };
}
const values = (type, dims, list) => ({ type, dims, data: ARRAY[type].from(list) });

// What each graph's app feeds (shapes for symbolic dims, and value ranges or values), by file-name part.
const INPUTS = {
  'preprocess-yolo': () => ({
    images: fill('float32', [1, 3, 480, 640]),
    padding: values('int64', [4], [0n, 0n, 160n, 0n]),
    scales: values('float32', [2], [1, 1]),
  }),
  'nms-yolov8': () => {
    const detection = fill('float32', [1, 84, 8400]);
    for (let i = 0; i < 4 * 8400; i++) detection.data[i] *= 640; // boxes in pixels, scores in [0, 1]
    return { detection, config: values('float32', [3], [100, 0.45, 0.25]) };
  },
  'mask-yolov8-seg': () => ({
    detection: (() => {
      const d = fill('float32', [36], [-1, 1]); // the box (4), then 32 mask coefficients
      d.data.set([120, 100, 200, 160], 0);
      return d;
    })(),
    mask: fill('float32', [1, 32, 160, 160], [-1, 1]),
    config: values('float32', [9], [640, 0, 0, 640, 640, 255, 56, 56, 120]),
    overlay: fill('uint8', [640, 640, 4], [0, 256]),
  }),
  'nms_': () => {
    const boxes = fill('float32', [1, 18900, 4], [0, 480]);
    for (let i = 0; i < 18900; i++) {
      const b = boxes.data.subarray(4 * i, 4 * i + 4);
      b[2] = b[0] + 20 + 100 * random();
      b[3] = b[1] + 20 + 100 * random();
    }
    return [boxes, fill('float32', [1, 18900])];
  },
  postprocess_240x320: () => [
    fill('float32', [1, 4818, 4], [-1, 1]), fill('float32', [1, 4818, 81]),
    fill('float32', [1, 60, 80, 32], [-1, 1]), fill('float32', [1, 4818, 32], [-1, 1]),
  ],
  silero_vad: () => ({
    input: fill('float32', [1, 512], [-0.5, 0.5]),
    state: fill('float32', [2, 1, 128], [0, 0]),
    sr: values('int64', [], [16000n]),
  }),
  'Resize_scale_HxW': () => [fill('float32', [1, 3, 48, 64]), values('float32', [4], [1, 1, 2, 0.5])],
  image_preproc: () => ({
    input: fill('uint8', [1, 48, 64, 3], [0, 256]),
    scale: values('float32', [1], [1 / 255]),
    offset: values('float32', [1], [0]),
    mean: values('float32', [1, 3, 1, 1], [0.485, 0.456, 0.406]),
    std: values('float32', [1, 3, 1, 1], [0.229, 0.224, 0.225]),
  }),
  yolo_preproc: () => [fill('uint8', [48, 64, 3], [0, 256]), values('float32', [1], [1 / 255]), values('float32', [1], [0])],
  'empty-container': () => [fill('int64', [300, 400, 3], [0, 256])],
};
const SYMBOLIC = 32; // a symbolic dimension not given above

// Absolute tolerances looser than ONNX's 1e-7, by file-name part. Silero VAD's LSTM state (values up
// to 1) sums its Conv and LSTM products in another order than onnxruntime: an element near 0 (6e-7)
// differs by 1.2e-7, float32's spacing at the state's scale; its speech probability matches to 6e-9.
const ATOL = { silero_vad: 1e-6 };

function inputsFor(file, graphInputs, initializers) {
  const key = Object.keys(INPUTS).find((k) => file.includes(k));
  const given = key ? INPUTS[key]() : {};
  const feeds = {};
  graphInputs.filter((i) => !initializers.has(i.name)).forEach((input, index) => {
    const byName = Array.isArray(given) ? given[index] : given[input.name];
    if (byName) return (feeds[input.name] = byName);
    const t = input.type.tensorType;
    const type = { 1: 'float32', 2: 'uint8', 7: 'int64', 10: 'float16' }[t.elemType];
    const dims = (t.shape?.dim ?? []).map((d) => (d.dimValue !== undefined ? Number(d.dimValue) : SYMBOLIC));
    feeds[input.name] = fill(type, dims);
  });
  return feeds;
}

/**
 * Runs each graph of `dir` (file names containing one of `filters`, or all) with `api` (onnx-wasm) and
 * `ort` (onnxruntime's API). Resolves to rows {file, status, detail}: status 'matches' (every output
 * within ONNX's backend-test tolerance of onnxruntime's), 'differs', 'fails' (an error from onnx-wasm or
 * onnxruntime on a graph whose operators onnx-wasm has) or 'lacks' (detail: the operators it lacks).
 */
export async function runRealGraphs({ dir, api, ort, filters = [], onRow = () => {} }) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.onnx') && (!filters.length || filters.some((x) => f.includes(x)))).sort();
  await api.ready();
  const supported = new Set(api.supportedOperators().map((o) => o.op));
  const rows = [];
  for (const file of files) {
    seed = 1;
    const bytes = readFileSync(join(dir, file));
    const model = decodeModel(bytes);
    const missing = graphOperators(model.graph).filter((op) => !supported.has(op));
    const feeds = inputsFor(file, model.graph.input, new Set((model.graph.initializer ?? []).map((t) => t.name)));
    const atol = ATOL[Object.keys(ATOL).find((k) => file.includes(k))];
    const row = { file, ...(missing.length ? { status: 'lacks', detail: missing.join(', ') } : await compare(bytes, feeds, api, ort, atol)) };
    rows.push(row);
    onRow(row);
  }
  return rows;
}

async function compare(bytes, feeds, api, ort, atol) {
  let ours;
  try {
    const session = await api.InferenceSession.create(bytes);
    ours = await session.run(Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, new api.Tensor(v.type, v.data, v.dims)])));
  } catch (e) {
    // A refusal naming an operator the runtime lacks.
    const lacking = /unsupported operator '([^']+)'/.exec(e.message)?.[1];
    return lacking ? { status: 'lacks', detail: lacking } : { status: 'fails', detail: `onnx-wasm: ${e.message.slice(0, 300)}` };
  }
  let theirs;
  try {
    const session = await ort.InferenceSession.create(bytes);
    theirs = await session.run(Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, new ort.Tensor(v.type, v.data, v.dims)])));
  } catch (e) {
    return { status: 'fails', detail: `onnxruntime: ${e.message.slice(0, 300)}` };
  }
  const problems = Object.keys(theirs).map((name) => {
    const want = theirs[name];
    const why = compareTensors(ours[name], { type: want.type, dims: [...want.dims], data: want.data }, atol);
    return why && `${name}: ${why}`;
  }).filter(Boolean);
  return problems.length
    ? { status: 'differs', detail: problems.join('; ') }
    : { status: 'matches', detail: Object.values(theirs).map((t) => `[${t.dims}]`).join(' ') };
}
