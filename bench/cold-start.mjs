// One cold start, run by bench/run.mjs in a fresh Node process: the time from the import of the runtime
// to the first result of a 16-element Floor, printed as JSON. The model's bytes are read before the
// clock starts (both runtimes get them the same way).
// Usage: node bench/cold-start.mjs ours-ops|ours-session|ort model.onnx
import { readFileSync } from 'node:fs';

const [which, modelPath] = process.argv.slice(2);
const model = readFileSync(modelPath);
const x = new Float32Array(16).map((_, i) => i / 3 - 2);

const start = performance.now();
let y;
if (which === 'ort') {
  const ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
  y = (await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', x, [16]) })).y.data;
} else {
  const { ready, ops, InferenceSession, Tensor } = await import('onnx-wasm');
  if (which === 'ours-ops') {
    await ready();
    y = ops.Floor(new Tensor('float32', x, [16])).data;
  } else {
    const session = await InferenceSession.create(model);
    y = (await session.run({ [session.inputNames[0]]: new Tensor('float32', x, [16]) })).y.data;
  }
}
const ms = performance.now() - start;
if (y[0] !== -2 || y[15] !== 3) throw new Error(`cold start ${which}: wrong result ${y}`);
process.stdout.write(JSON.stringify({ ms }));
