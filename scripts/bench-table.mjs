// Renders bench/results.json (written by `npm run bench`) as the benchmark tables of docs/benchmarks.md,
// Node and Chromium from the same run, each target marked met (✓) or missed (✗), and as the README's
// headline ratios.
// Usage: node scripts/bench-table.mjs           prints the Markdown
//        node scripts/bench-table.mjs --write   replaces the text between the bench markers of
//                                               docs/benchmarks.md and of README.md
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8'));
if (!results.environments || !results.versions['@tensorflow/tfjs-backend-wasm']) throw new Error('bench/results.json is from an older bench/run.mjs: run `npm run bench` again');

const ms = (v) => (v === undefined ? '—' : v >= 10 ? v.toFixed(1) : v >= 0.1 ? v.toFixed(2) : v >= 0.01 ? v.toFixed(3) : `${(v * 1000).toFixed(2)} µs`);
// A ratio with two decimals, or three where two would round a missed target onto its goal (3.996×).
const ratio = (t) => {
  const two = t.value.toFixed(2);
  return !t.met && Number(two) === t.goal ? t.value.toFixed(3) : two;
};
const mark = (t) => (t ? `${t.value === null ? 'n/a' : `${ratio(t)}×`} ${t.met ? '✓' : '✗'}` : '');
const plain = (num, den) => (num === undefined || den === undefined ? '—' : `${(num / den).toFixed(2)}×`);
const find = (r, name) => r.targets.find((t) => t.target === name);

function table(title, env) {
  const lines = [
    `**${title}**`,
    '',
    '| case | ops.* | ops.* with out | wasm tensors | session | session, fetches | onnxruntime-web | JS copy | wasm copy | copies in+out | the same, blocked | kernel, in cache | ort / out | ort / fetches | out / JS copy | ort / ops |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of env.cases) {
    const m = r.ms;
    const opsRatio = find(r, 'per call vs ort') ?? find(r, 'ops.* vs ort');
    lines.push(`| ${r.name} | ${ms(m.ops)} | ${ms(m.opsOut)} | ${ms(m.opsWasm)} | ${ms(m.session)} | ${ms(m.sessionFetch)} | ${ms(m.ort)} | ${ms(m.copyJs)} | ${ms(m.copyWasm)} | ${ms(m.boundary)} | ${ms(m.boundaryBlocked)} | ${m.kernelCached === undefined ? '' : ms(m.kernelCached)} | ${mark(find(r, 'out vs ort'))} | ${mark(find(r, 'fetches vs ort'))} | ${mark(find(r, 'out vs JS copy'))} | ${opsRatio ? mark(opsRatio) : plain(m.ort, m.ops)} |`);
  }
  const products = env.cases.filter((r) => r.ms.tfjs !== undefined);
  if (products.length) {
    lines.push('', '| matrix product | ops.* with out | session, fetches | onnxruntime-web | TensorFlow.js (wasm, XNNPACK) | ort / out | tfjs / out | ort / tfjs | GFLOP/s: out | session | ort | tfjs |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const rate = (v) => (v === undefined ? '—' : v.toFixed(1));
    for (const r of products) {
      const m = r.ms;
      const g = r.gflops ?? {};
      lines.push(`| ${r.name} | ${ms(m.opsOut)} | ${ms(m.sessionFetch)} | ${ms(m.ort)} | ${ms(m.tfjs)} | ${plain(m.ort, m.opsOut)} | ${plain(m.tfjs, m.opsOut)} | ${plain(m.ort, m.tfjs)} | ${rate(g.opsOut)} | ${rate(g.sessionFetch)} | ${rate(g.ort)} | ${rate(g.tfjs)} |`);
    }
  }
  if (env.graphs?.length) {
    lines.push('', '| exported graph | session | session, fetches | bare call, fetches | a Flatten step | onnxruntime-web | JS copy of the Flatten\'s input | ort / fetches | graph / bare call | Flatten step / copy |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of env.graphs) {
      const m = r.ms;
      lines.push(`| ${r.name} | ${ms(m.session)} | ${ms(m.sessionFetch)} | ${ms(m.bareFetch)} | ${ms(m.flattenStep)} | ${ms(m.ort)} | ${ms(m.copyStep)} | ${mark(find(r, 'fetches vs ort'))} | ${mark(find(r, 'graph vs bare call'))} | ${mark(find(r, 'flatten step vs copy'))} |`);
    }
  }
  lines.push(...whyMissed(env));
  const cold = env.coldStart;
  if (cold) {
    lines.push('', `Cold start (import to the first 16-element Floor, median of ${cold.runs}): ops.* ${ms(cold.ms['ours-ops'])} ms, InferenceSession ${ms(cold.ms['ours-session'])} ms, onnxruntime-web ${ms(cold.ms.ort)} ms: ${mark(cold.targets[0])} faster (goal ${cold.targets[0].goal}×).`);
  }
  return lines;
}

// For each missed target of a case, the measurement of the same run that bounds it.
function whyMissed(env) {
  const why = [];
  for (const r of env.cases) {
    const m = r.ms;
    for (const t of r.targets.filter((x) => !x.met && x.value !== null)) {
      if (t.target === 'out vs JS copy') {
        const parts = m.boundaryBlocked + m.kernelCached;
        const bound = parts / m.copyJs > t.goal ? `, more than ${t.goal}× before any other cost` : '';
        why.push(`${r.name}: ops.* with out takes ${ratio(t)}× a JS copy. Its two parts, measured apart: the copies through cache-sized blocks take ${plain(m.boundaryBlocked, m.copyJs)} of it and the kernel on those blocks, in cache, ${plain(m.kernelCached, m.copyJs)}: together ${plain(parts, m.copyJs)}${bound}.`);
      } else if (t.target === 'ops.* vs ort') {
        why.push(`${r.name}: the copies alone (inputs in, the output out into a new typed array, whose fresh pages are faulted in) leave onnxruntime-web at most ${plain(m.ort, m.boundary)} slower than a call that computed nothing.`);
      } else if (t.target === 'out vs ort' || t.target === 'fetches vs ort') {
        const copies = m.ort / m.boundaryBlocked;
        const bound = copies < t.goal ? `: computing nothing, a call that copies its inputs into wasm memory and its output back as ops.* with out does is not ${t.goal}× faster` : '';
        why.push(`${r.name}: ${t.target} ${ratio(t)}×; on wasm tensors, with no copies across the boundary, ${plain(m.ort, m.opsWasm)}; the copies alone, in cache-sized blocks as ops.* with out makes them (each input byte read from JS memory once, each output byte written once), leave onnxruntime-web at most ${plain(m.ort, m.boundaryBlocked)} slower than a call that computed nothing${bound}.`);
      }
    }
  }
  return why.length ? ['', 'Missed, and what bounds it in this run:', '', ...why.map((w) => `- ${w}`)] : [];
}

const { node, chromium } = results.environments;
const goals = (env) => {
  const cases = env?.cases ?? [];
  const goal = (name) => cases.flatMap((c) => c.targets).find((t) => t.target === name)?.goal;
  return { out: goal('out vs ort'), pool: goal('ops.* vs ort') };
};
const lines = [
  `${results.machine.cpu}, ${results.machine.cores} cores, onnxruntime-web ${results.versions['onnxruntime-web']} (wasm backend, numThreads 1), one run of \`npm run bench\` on ${results.date.slice(0, 10)}.`,
  'Milliseconds per call (median). ops.* with out: a preallocated Tensor in JS memory receives the output;',
  'wasm tensors: inputs and out in wasm memory (`Tensor.wasm`); session, fetches: `run(feeds, { y: tensor })`',
  'into a preallocated Tensor in JS memory. JS copy: a plain copy of the same input bytes in JS memory;',
  'copies in+out: the inputs copied into wasm memory and the output copied out into a new typed array,',
  'with no kernel; the same, blocked: those copies through one 512 KiB block of wasm memory, the output',
  'into a preallocated array, as ops.* with out makes them; kernel, in cache: the computing alone, ops.* on',
  'one such block of each input in wasm memory, in place, once per block of the whole.',
  `Targets: ort / out and ort / fetches (how many times faster than onnxruntime-web) at least ${goals(chromium).out ?? '—'}× in`,
  `Chromium and ${goals(node).out ?? '—'}× in Node; out / JS copy at most 2× on the elementwise cases; ort / ops at least ${goals(chromium).pool ?? '—'}× for`,
  'AveragePool in Chromium and 10× per call (16-element Floor); a case with its own goal (`vsOrt` in bench/cases.mjs)',
  'has it for each ratio to onnxruntime-web. An operator of several outputs (TopK, LSTM) takes no out: its',
  '"ops.* with out" is not timed, and on wasm tensors it makes new outputs (disposed after each call).',
  '',
  ...(chromium ? [...table(`Headless Chromium ${chromium.version} (cross-origin isolated page)`, chromium), ''] : []),
  ...(node ? [...table(`Node ${node.version}`, node), ''] : []),
  `onnx-wasm.wasm: ${results.wasmBytes.toLocaleString('en')} bytes (goal ≤ ${results.sizeTarget.goal.toLocaleString('en')}) ${results.sizeTarget.met ? '✓' : '✗'}. Targets met: ${results.targetsMet} of ${results.targetsTotal}.`,
];
const text = lines.join('\n');

// The README's few ratios, from the same run.
function headline() {
  // The matrix products apart: onnxruntime-web's are hand-tuned MLAS kernels, with their own targets.
  const isProduct = (c) => ['MatMul', 'Gemm', 'Conv'].includes(c.op);
  const range = (env, products = false) => {
    const v = env.cases.filter((c) => isProduct(c) === products).flatMap((c) => c.targets).filter((t) => t.target === 'out vs ort').map((t) => t.value);
    return `${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}×`;
  };
  const large = chromium.cases.filter((c) => !isProduct(c) && c.targets.some((t) => t.target === 'out vs ort'));
  const size = (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : `${Math.round(b / 1e3)} kB`);
  const sizes = large.map((c) => c.bytes);
  const across = `the ${large.length} cases of ${size(Math.min(...sizes))} to ${size(Math.max(...sizes))} of inputs (${[...new Set(large.map((c) => c.op))].join(', ')})`;
  const perCall = (env) => env.cases.find((c) => c.targets.some((t) => t.target === 'per call vs ort'));
  const cold = (env) => `${ms(env.coldStart.ms['ours-ops'])} ms against ${ms(env.coldStart.ms.ort)} ms`;
  const one = perCall(chromium);
  // TensorFlow.js's wasm backend on the matrix products, against onnxruntime-web and against us.
  const tfjsRange = (env, num, den) => {
    const v = env.cases.filter((c) => c.ms.tfjs !== undefined).map((c) => c.ms[num] / c.ms[den]);
    return `${Math.min(...v).toFixed(2)}–${Math.max(...v).toFixed(2)}×`;
  };
  const graphValues = (env, target) => (env.graphs ?? []).flatMap((c) => c.targets).filter((t) => t.target === target).map((t) => t.value);
  const graphRange = (env) => {
    const v = graphValues(env, 'fetches vs ort');
    return `${Math.min(...v).toFixed(1)}–${Math.max(...v).toFixed(1)}×`;
  };
  const graphVsBare = (env) => `${graphValues(env, 'graph vs bare call')[0].toFixed(2)}×`;
  return [
    `From one run of \`npm run bench\` on ${results.date.slice(0, 10)} (${results.machine.cpu}, ${results.machine.cores} cores; \`bench/results.json\`), against onnxruntime-web ${results.versions['onnxruntime-web']} (wasm backend, one thread):`,
    '',
    `- \`ops.*\` with \`options.out\` runs at ${range(chromium)} onnxruntime-web's speed in headless Chromium and ${range(node)} in Node, over ${across}; the matrix products (MatMul, Gemm, Conv) at ${range(chromium, true)} and ${range(node, true)};`,
    `- on those products, TensorFlow.js's wasm backend (XNNPACK, one thread) runs at ${tfjsRange(chromium, 'ort', 'tfjs')} onnxruntime-web's speed in Chromium and ${tfjsRange(node, 'ort', 'tfjs')} in Node; \`ops.*\` with \`out\` at ${tfjsRange(chromium, 'tfjs', 'opsOut')} and ${tfjsRange(node, 'tfjs', 'opsOut')} of TensorFlow.js's;`,
    `- \`ops.Floor\` on 16 elements takes ${ms(one.ms.ops)} per call in Chromium, ${(one.ms.ort / one.ms.ops).toFixed(1)}× less than onnxruntime-web;`,
    `- from the import to the first result: ${cold(chromium)} in Chromium, ${cold(node)} in Node;`,
    `- graphs through \`InferenceSession\` with a fetch (PyTorch's exports, and YOLO post-processing, letterbox, mask, MNIST and ResNet graphs): ${graphRange(chromium)} onnxruntime-web's speed in Chromium and ${graphRange(node)} in Node; the default \`nn.AvgPool2d\` export takes ${graphVsBare(chromium)} (Chromium) and ${graphVsBare(node)} (Node) of the bare \`AveragePool\` call's time;`,
    `- ${results.targetsMet} of ${results.targetsTotal} targets met: the tables, the misses and the method are in [docs/benchmarks.md](docs/benchmarks.md).`,
  ].join('\n');
}

// Replaces the text between `<!-- NAME:begin ... -->` and `<!-- NAME:end -->` in `file` with `body`.
function replaceBetween(file, name, body) {
  const path = join(root, file);
  const doc = readFileSync(path, 'utf8');
  const i = doc.indexOf(`<!-- ${name}:begin`);
  const begin = doc.indexOf('-->', i) + 3;
  const j = doc.indexOf(`<!-- ${name}:end -->`);
  if (i < 0 || j < begin) throw new Error(`${file} has no <!-- ${name}:begin --> ... <!-- ${name}:end --> markers`);
  writeFileSync(path, `${doc.slice(0, begin)}\n${body}\n${doc.slice(j)}`);
}

if (process.argv.includes('--write')) {
  replaceBetween('docs/benchmarks.md', 'bench', text);
  replaceBetween('README.md', 'bench-headline', headline());
  console.log('docs/benchmarks.md: benchmark tables updated; README.md: headline ratios updated');
} else {
  console.log(`${text}\n\n${headline()}`);
}
