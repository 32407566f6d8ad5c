// Renders bench/results.json (written by `npm run bench`) as the README's benchmark table.
// Usage: node scripts/bench-table.mjs           prints the Markdown
//        node scripts/bench-table.mjs --write   replaces the text between the README's bench markers
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8'));

const ms = (v) => (v === undefined ? '—' : v >= 10 ? v.toFixed(1) : v >= 0.1 ? v.toFixed(2) : v >= 0.01 ? v.toFixed(3) : `${(v * 1000).toFixed(2)} µs`);
const ratio = (t) => (t ? `${t.value === null ? 'n/a' : `${t.value.toFixed(2)}×`} ${t.met ? '✓' : '✗'}` : '');
const bound = (t) => (t?.bound ? `${t.bound.toFixed(2)}×` : '—');
const find = (r, name) => r.targets.find((t) => t.target === name);

const lines = [
  `${results.machine.cpu}, ${results.machine.cores} cores, Node ${results.node}, onnxruntime-web ${results.versions['onnxruntime-web']} (wasm backend, numThreads 1); ${results.date.slice(0, 10)}.`,
  'Milliseconds per call (median). ort/ops and ort/session: how many times faster than onnxruntime-web',
  '(goal 2×, AveragePool ops 4×, 16-element Floor 10×); wasm/copy: ops.* on wasm tensors against a copy of',
  'the same input bytes inside wasm memory (goal ≤ 1.3×). copies in+out: the part of an ops.* call on',
  'tensors in JS memory that is not computing (inputs copied into wasm memory, the output copied out into',
  'a new typed array), which onnxruntime-web does too; ort/copies is the most ort/ops could be with a',
  'kernel that took no time.',
  '',
  '| case | ops.* | ops.* (wasm tensors) | session | onnxruntime-web | copy (JS) | copy (wasm) | copies in+out | ort/ops | ort/copies | ort/session | wasm/copy |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const r of results.cases) {
  const m = r.ms;
  const ops = find(r, 'ops.* vs ort');
  const perCall = find(r, 'per call vs ort');
  lines.push(`| ${r.name} | ${ms(m.ops)} | ${ms(m.opsWasm)} | ${ms(m.session)} | ${ms(m.ort)} | ${ms(m.copyJs)} | ${ms(m.copyWasm)} | ${ms(m.boundary)} | ${ratio(perCall ?? ops)} | ${bound(ops)} | ${ratio(find(r, 'session vs ort'))} | ${ratio(find(r, 'wasm tensors vs copy'))} |`);
}
const cold = results.coldStart;
if (cold) {
  lines.push('', `Cold start (a new Node process, import to the first 16-element Floor; median of ${cold.runs}): ops.* ${ms(cold.ms['ours-ops'])} ms, InferenceSession ${ms(cold.ms['ours-session'])} ms, onnxruntime-web ${ms(cold.ms.ort)} ms: ${ratio(cold.targets[0])} faster (goal 5×).`);
}
lines.push('', `onnx-wasm.wasm: ${results.wasmBytes.toLocaleString('en')} bytes (goal ≤ 200,000) ${results.sizeTarget.met ? '✓' : '✗'}. Targets met: ${results.targetsMet} of ${results.targetsTotal}.`);
const table = lines.join('\n');

if (process.argv.includes('--write')) {
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const begin = '<!-- bench:begin (scripts/bench-table.mjs --write) -->';
  const end = '<!-- bench:end -->';
  const i = readme.indexOf(begin);
  const j = readme.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md has no ${begin} ... ${end} markers`);
  writeFileSync(readmePath, `${readme.slice(0, i + begin.length)}\n${table}\n${readme.slice(j)}`);
  console.log('README.md: benchmark table updated');
} else {
  console.log(table);
}
