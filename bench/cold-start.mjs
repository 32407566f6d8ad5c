// One cold start, run by bench/run.mjs in a fresh Node process (bench/first-result.mjs), printed as
// JSON. The model's bytes are read before the clock starts (both runtimes get them the same way).
// Usage: node bench/cold-start.mjs ours-ops|ours-session|ort model.onnx
import { readFileSync } from 'node:fs';
import { timeFirstResult } from './first-result.mjs';

const [which, modelPath] = process.argv.slice(2);
const model = readFileSync(modelPath);
try {
  const ms = await timeFirstResult(which, model, {
    importOrt: () => import('onnxruntime-web'),
    importOnnxWasm: () => import('onnx-wasm'),
  });
  process.stdout.write(JSON.stringify({ ms }));
} catch (e) {
  throw new Error(`cold start ${which}: ${e.message}`);
}
