// `node scripts/real-graphs.mjs [name-filter...]` (`npm run real-graphs`): runs the real graphs of
// ../shared/real-graphs/models (REAL_GRAPHS_DIR overrides) through onnx-wasm (the built dist/) and
// onnxruntime (onnxruntime-node where it resolves, otherwise onnxruntime-web in Node) on the same inputs
// (tools/real-graphs.mjs) and says for each whether it matches, or what it lacks. Prints and exits 0.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from 'onnx-wasm';
import { runRealGraphs } from '../tools/real-graphs.mjs';

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

const rows = await runRealGraphs({
  dir, api, ort, filters: process.argv.slice(2),
  onRow: ({ file, status, detail }) => console.log(`${status.padEnd(8)} ${file}  ${detail}`),
});
const count = (s) => rows.filter((r) => r.status === s).length;
console.log(`\nreal graphs against ${reference}: ${count('matches')} match, ${count('differs')} differ, ${count('fails')} fail, ${count('lacks')} lack operators, of ${rows.length}`);
