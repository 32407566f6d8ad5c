// The real graphs users ship (../shared/real-graphs, REAL_GRAPHS_DIR overrides; never copied here): each
// whose operators onnx-wasm has runs and gives onnxruntime-web's outputs on the same inputs
// (tools/real-graphs.mjs). Skipped, saying so, where the graphs are absent (a user's clone).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as api from 'onnx-wasm';
import * as ort from 'onnxruntime-web';
import { runRealGraphs } from '../../tools/real-graphs.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
const dir = process.env.REAL_GRAPHS_DIR ?? fileURLToPath(new URL('../../../shared/real-graphs/models', import.meta.url));
const present = existsSync(dir);
if (!present) console.log(`real graphs: skipped (no ${dir})`);

test('every real graph whose operators onnx-wasm has gives onnxruntime-web\'s outputs', { skip: !present && 'no real graphs' }, async (t) => {
  const rows = await runRealGraphs({ dir, api, ort });
  for (const { file, status, detail } of rows) t.diagnostic(`${status} ${file} ${detail}`);
  const wrong = rows.filter((r) => r.status === 'differs' || r.status === 'fails');
  assert.deepEqual(wrong, []);
  assert.ok(rows.some((r) => r.status === 'matches'));
});
