// The repository's graphs in the style of ../shared/real-graphs (tests/data/graphs/, written by
// scripts/graph-models.mjs and scripts/export-graph-models.py): a YOLOv8 NMS post-process, a letterbox
// pre-process, a threshold and mask pipeline, an MNIST-shaped CNN and a ResNet block, each with
// realistic inputs and the outputs onnxruntime-node gave for them. Every model must match them under
// every graph optimization level: integer outputs (NMS's classes, the padding, the uint8 alpha)
// exactly, float outputs within the model's atol + rtol * |want| (index.json).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { InferenceSession, decodeTensorProto, ready } from 'onnx-wasm';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'graphs');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const LEVELS = ['disabled', 'basic', 'extended', 'all'];
const FLOAT = new Set(['float32', 'float64']);

/** Why `got` is not `want` (type, shape, then element by element), or null. */
function mismatch(got, want, atol, rtol) {
  if (got.type !== want.type) return `type ${got.type}, expected ${want.type}`;
  if (got.dims.join() !== want.dims.join()) return `shape [${got.dims}], expected [${want.dims}]`;
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i];
    const w = want.data[i];
    const ok = FLOAT.has(want.type) ? Object.is(g, w) || g === w || Math.abs(g - w) <= atol + rtol * Math.abs(w) : g === w;
    if (!ok) return `element ${i} is ${g}, expected ${w}`;
  }
  return null;
}

const read = (name, file) => decodeTensorProto(readFileSync(join(dir, name, 'test_data_set_0', file)));

before(() => ready());

test('index.json lists the five graphs, each with its data set, an exact NMS among them', () => {
  const folders = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  assert.deepEqual(index.map((m) => m.name).sort(), folders);
  assert.deepEqual(folders, ['letterbox', 'mnist_cnn', 'resnet_block', 'threshold_mask', 'yolo_nms']);
  const nms = index.find((m) => m.name === 'yolo_nms');
  assert.ok(nms.operators.includes('NonMaxSuppression') && nms.atol === 0 && nms.rtol === 0);
});

test('the inputs make each graph do its work: NMS keeps some boxes and suppresses many, masks are partial', () => {
  const head = read('yolo_nms', 'input_0.pb');
  const [, rows, anchors] = head.dims;
  let confident = 0;
  for (let i = 0; i < anchors; i++) {
    let best = 0;
    for (let c = 4; c < rows; c++) best = Math.max(best, head.data[c * anchors + i]);
    if (best > 0.25) confident++;
  }
  const kept = read('yolo_nms', 'output_2.pb');
  assert.ok(kept.dims[1] >= 3 && confident >= 10 * kept.dims[1], `${kept.dims[1]} kept of ${confident}`);
  const area = read('threshold_mask', 'output_2.pb');
  const [, , h, w] = read('threshold_mask', 'input_0.pb').dims;
  for (const a of area.data) assert.ok(a > 0 && a < h * w, `area ${a}`);
  const offset = read('letterbox', 'output_2.pb');
  assert.ok(offset.data.some((v) => v > 0n), 'the letterbox pads');
});

for (const level of LEVELS) {
  describe(`graphs against onnxruntime-node, graphOptimizationLevel '${level}'`, () => {
    for (const m of index) {
      test(`${m.name}: ${m.description}`, async () => {
        const session = await InferenceSession.create(readFileSync(join(dir, m.name, 'model.onnx')), { graphOptimizationLevel: level });
        try {
          const feeds = Object.fromEntries(session.inputNames.map((name, k) => [name, read(m.name, `input_${k}.pb`)]));
          const outputs = await session.run(feeds);
          for (const [k, name] of session.outputNames.entries()) {
            const why = mismatch(outputs[name], read(m.name, `output_${k}.pb`), m.atol, m.rtol);
            assert.equal(why, null, `output '${name}': ${why}`);
          }
        } finally {
          session.release();
        }
      });
    }
  });
}
