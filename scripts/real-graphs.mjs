// `node scripts/real-graphs.mjs [name-filter...]`: runs the real graphs of ../shared/real-graphs/models
// (REAL_GRAPHS_DIR overrides; graphs users ship, never copied into this repository) through onnx-wasm's
// InferenceSession (the built dist/) and through onnxruntime (onnxruntime-node where it resolves,
// otherwise onnxruntime-web in Node), on the same inputs, and says for each graph whether it runs and
// matches, or what it lacks. Inputs are seeded random values of the shapes and ranges the graph's own
// app feeds (INPUTS below). A development tool: it prints and exits 0 whatever it finds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from 'onnx-wasm';
import { compareTensors } from '../tools/conformance-runner.mjs';
import { decodeModel } from '../tools/onnx-builder.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.env.REAL_GRAPHS_DIR ?? join(root, '..', 'shared', 'real-graphs', 'models');
if (!existsSync(dir)) {
  console.log(`real graphs: skipped (no ${dir}; set REAL_GRAPHS_DIR)`);
  process.exit(0);
}

const require = createRequire(import.meta.url);
let ort;
let reference;
try {
  ort = require('onnxruntime-node');
  reference = 'onnxruntime-node';
} catch {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  reference = 'onnxruntime-web';
}

// A small seeded generator, so that runs compare the same inputs.
let seed = 1;
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
      const d = fill('float32', [38], [-1, 1]);
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
  image_preproc: () => [fill('uint8', [1, 48, 64, 3], [0, 256]), ...rest1x3()],
  yolo_preproc: () => [fill('uint8', [48, 64, 3], [0, 256]), values('float32', [1], [1 / 255]), values('float32', [1], [0])],
  'empty-container': () => [fill('int64', [300, 400, 3], [0, 256])],
};
function rest1x3() {
  return [values('float32', [1], [1 / 255]), values('float32', [1], [0])];
}
const SYMBOLIC = 32; // a symbolic dimension not given above

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
  if (key === 'image_preproc' && graphInputs.some((i) => i.name === 'mean')) {
    feeds.mean = values('float32', [1, 3, 1, 1], [0.485, 0.456, 0.406]);
    feeds.std = values('float32', [1, 3, 1, 1], [0.229, 0.224, 0.225]);
  }
  return feeds;
}

const filters = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.onnx') && (!filters.length || filters.some((x) => f.includes(x)))).sort();
await api.ready();
const rows = [];
for (const file of files) {
  const bytes = readFileSync(join(dir, file));
  const model = decodeModel(bytes);
  const ops = [...new Set(model.graph.node.map((n) => n.opType))];
  const missing = ops.filter((op) => !api.supportedOperators().some((o) => o.op === op));
  const feeds = inputsFor(file, model.graph.input, new Set((model.graph.initializer ?? []).map((t) => t.name)));
  let status;
  let detail = '';
  try {
    const session = await api.InferenceSession.create(bytes);
    const ours = await session.run(Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, new api.Tensor(v.type, v.data, v.dims)])));
    const theirsSession = await ort.InferenceSession.create(bytes);
    const theirs = await theirsSession.run(Object.fromEntries(Object.entries(feeds).map(([k, v]) => [k, new ort.Tensor(v.type, v.data, v.dims)])));
    const problems = Object.keys(theirs).map((name) => {
      const want = theirs[name];
      const why = compareTensors(ours[name], { type: want.type, dims: [...want.dims], data: want.data });
      return why && `${name}: ${why}`;
    }).filter(Boolean);
    status = problems.length ? 'differs' : 'matches';
    detail = problems.join('; ') || Object.values(theirs).map((t) => `[${t.dims}]`).join(' ');
  } catch (e) {
    status = missing.length ? 'lacks' : 'fails';
    detail = missing.length ? missing.join(', ') : e.message.slice(0, 300);
  }
  rows.push({ file, status, detail });
  console.log(`${status.padEnd(8)} ${file}  ${detail}`);
}
const count = (s) => rows.filter((r) => r.status === s).length;
console.log(`\nreal graphs against ${reference}: ${count('matches')} match, ${count('differs')} differ, ${count('fails')} fail, ${count('lacks')} lack operators, of ${rows.length}`);
