// `NODE_PATH=/tmp/ortn/node_modules node --expose-gc bench/profile-graph.mjs <graph case name>`: where a
// bench graph case (bench/cases.mjs GRAPH_CASES) spends its time, node by node. Each node of the model
// runs alone as a one-node model (its constant inputs kept as initializers) on the values it reads in
// the whole graph, in onnx-wasm's InferenceSession and in onnxruntime-web (wasm, one thread); prints
// the ms of each and their ratio, the slowest first. The values between nodes come from
// onnxruntime-node (the model with every value an output), which is not a dependency: install it apart,
//   mkdir -p /tmp/ortn && (cd /tmp/ortn && npm install onnxruntime-node --ignore-scripts)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ortWeb from 'onnxruntime-web';
import * as lib from 'onnx-wasm';
import { GRAPH_CASES } from './cases.mjs';
import { GRAPH_INPUTS } from '../tools/graph-inputs.mjs';
import { DATA_TYPE, decodeModel, encodeModelProto, onnx } from '../tools/onnx-builder.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let ortNode;
try {
  ortNode = createRequire(import.meta.url)('onnxruntime-node');
} catch {
  console.error('profile-graph: needs onnxruntime-node (not a dependency):\n  mkdir -p /tmp/ortn && (cd /tmp/ortn && npm install onnxruntime-node --ignore-scripts)\n' +
    'then NODE_PATH=/tmp/ortn/node_modules node --expose-gc bench/profile-graph.mjs <case>');
  process.exit(1);
}
const c = GRAPH_CASES.find((g) => g.name.includes(process.argv[2] ?? ''));
if (!c || !c.inputs[0].generator) {
  console.error(`profile-graph: name a graph case with a generated input: ${GRAPH_CASES.filter((g) => g.inputs[0].generator).map((g) => g.name).join('; ')}`);
  process.exit(1);
}
ortWeb.env.wasm.numThreads = 1;
ortWeb.env.logLevel = 'error';
await lib.ready();

const bytes = readFileSync(join(root, c.model ?? join('bench', 'models', `${c.graph}.onnx`)));
const message = onnx.ModelProto.decode(bytes);
const { graph } = decodeModel(bytes);
const initializers = new Set(graph.initializer.map((t) => t.name));
const input = GRAPH_INPUTS[c.inputs[0].generator](c.inputs[0].options);

// Every value of the graph, by name, from onnxruntime-node.
const everything = onnx.ModelProto.fromObject(onnx.ModelProto.toObject(message));
everything.graph.output = graph.node.flatMap((n) => n.output).map((name) => onnx.ValueInfoProto.fromObject({ name }));
const ortAll = await ortNode.InferenceSession.create(encodeModelProto(everything), { logSeverityLevel: 3 });
const values = await ortAll.run({ [graph.input[0].name]: new ortNode.Tensor(input.type, input.data, input.dims) });
values[graph.input[0].name] = input;

async function time(run) {
  await run();
  const t0 = performance.now();
  let calls = 0;
  while (performance.now() - t0 < 300 || calls < 5) {
    await run();
    calls++;
  }
  return (performance.now() - t0) / calls;
}

// The Constant nodes, by output: each node's model takes those it reads along, as it would initializers.
const constants = new Map(graph.node.flatMap((n, k) => (n.opType === 'Constant' ? [[n.output[0], k]] : [])));
// Each node's model: the graph's fields but its nodes and initializers, which are the node's own.
const nodes = message.graph.node;
const initializerTensors = message.graph.initializer;
message.graph.node = [];
message.graph.initializer = [];
const shell = onnx.ModelProto.toObject(message);
const rows = [];
for (const [k, node] of graph.node.entries()) {
  if (node.opType === 'Constant') continue;
  const fed = [...new Set(node.input.filter((name) => name && !initializers.has(name) && !constants.has(name)))];
  const single = onnx.ModelProto.fromObject(shell);
  single.graph.node = [...new Set(node.input.filter((name) => constants.has(name)).map((name) => constants.get(name))), k].map((i) => nodes[i]);
  single.graph.initializer = initializerTensors.filter((t) => node.input.includes(t.name));
  single.graph.input = fed.map((name) => onnx.ValueInfoProto.fromObject({ name, type: { tensorType: { elemType: DATA_TYPE[values[name].type] } } }));
  single.graph.output = node.output.filter(Boolean).map((name) => onnx.ValueInfoProto.fromObject({ name, type: { tensorType: { elemType: DATA_TYPE[values[name].type] } } }));
  const model = encodeModelProto(single);
  const feedsOurs = Object.fromEntries(fed.map((name) => [name, new lib.Tensor(values[name].type, values[name].data, values[name].dims)]));
  const feedsOrt = Object.fromEntries(fed.map((name) => [name, new ortWeb.Tensor(values[name].type, values[name].data, values[name].dims)]));
  const ours = await lib.InferenceSession.create(model);
  const theirs = await ortWeb.InferenceSession.create(model);
  globalThis.gc?.();
  const msOurs = await time(() => ours.run(feedsOurs));
  const msOrt = await time(() => theirs.run(feedsOrt));
  ours.release();
  await theirs.release();
  rows.push({ k, op: node.opType, shape: fed.map((name) => `[${values[name].dims}]`).join(' '), msOurs, msOrt });
}

const total = (key) => rows.reduce((s, r) => s + r[key], 0);
console.log(`${c.name}: the nodes alone, ms per call (onnx-wasm, onnxruntime-web ${ortWeb.env.versions.web}, ort / onnx-wasm)`);
for (const r of [...rows].sort((a, b) => b.msOurs - a.msOurs)) {
  console.log(`${String(r.k).padStart(3)} ${r.op.padEnd(18)} ${r.shape.padEnd(36)} ${r.msOurs.toFixed(3).padStart(9)} ${r.msOrt.toFixed(3).padStart(9)} ${(r.msOrt / r.msOurs).toFixed(2).padStart(6)}`);
}
console.log(`sum of the nodes alone: onnx-wasm ${total('msOurs').toFixed(2)} ms, onnxruntime-web ${total('msOrt').toFixed(2)} ms`);

