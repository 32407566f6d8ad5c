// The real graphs users ship (../shared/real-graphs, REAL_GRAPHS_DIR overrides; never copied here): each
// of those named below runs and gives onnxruntime-web's outputs on the same inputs (tools/real-graphs.mjs),
// so that a graph that stops running (an operator refused, a file gone) fails the test; any other graph
// in the folder must match too where onnx-wasm has its operators. Skipped, saying so, where the graphs
// are absent (a user's clone).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as api from 'onnx-wasm';
import * as ort from 'onnxruntime-web';
import { runRealGraphs } from '../../tools/real-graphs.mjs';

// Every graph of ../shared/real-graphs/models: all run today, Silero VAD v5 among them.
const MUST_MATCH = [
  'Hyuto__yolov10-onnxruntime-web__preprocess-yolo.onnx',
  'Hyuto__yolov8-onnxruntime-web__nms-yolov8.onnx',
  'Hyuto__yolov8-seg-onnxruntime-web__mask-yolov8-seg.onnx',
  'PINTO0309__components_of_onnx__Normalization_bgr_imagenet.onnx',
  'PINTO0309__components_of_onnx__Normalization_rgb_imagenet.onnx',
  'PINTO0309__components_of_onnx__Resize_scale_0.5x0.5.onnx',
  'PINTO0309__components_of_onnx__Resize_scale_HxW.onnx',
  'PINTO0309__components_of_onnx__barracuda_split_3.onnx',
  'PINTO0309__components_of_onnx__nms_x1y1x2y2_480x640.onnx',
  'PINTO0309__components_of_onnx__nms_y1x1y2x2_480x640.onnx',
  'PINTO0309__components_of_onnx__postprocess_240x320.onnx',
  'justincdavis__trtutils__image_preproc_base.onnx',
  'justincdavis__trtutils__image_preproc_imagenet.onnx',
  'justincdavis__trtutils__simple.onnx',
  'justincdavis__trtutils__yolo_preproc_base.onnx',
  'microsoft__onnxruntime-inference-examples__model.onnx',
  'microsoft__onnxruntime-web-demo__mnist.onnx',
  'ricky0123__vad__silero_vad_v5.onnx',
  'scailable__sclbl-tutorials__empty-container.onnx',
  'scailable__sclbl-tutorials__full-pipeline.onnx',
  'scailable__sclbl-tutorials__linear-regression.onnx',
  'scailable__sclbl-tutorials__post-processing.onnx',
  'scailable__sclbl-tutorials__pre-processing.onnx',
  'zesongw__onnxruntime-web-simpletest__add.float16.onnx',
  'zesongw__onnxruntime-web-simpletest__add.float32.onnx',
  'zesongw__onnxruntime-web-simpletest__conv.float16.onnx',
  'zesongw__onnxruntime-web-simpletest__conv.onnx',
];

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';
const dir = process.env.REAL_GRAPHS_DIR ?? fileURLToPath(new URL('../../../shared/real-graphs/models', import.meta.url));
const present = existsSync(dir);
if (!present) console.log(`real graphs: skipped (no ${dir})`);

test('the named real graphs, and every other whose operators onnx-wasm has, give onnxruntime-web\'s outputs', { skip: !present && 'no real graphs' }, async (t) => {
  const rows = await runRealGraphs({ dir, api, ort });
  for (const { file, status, detail } of rows) t.diagnostic(`${status} ${file} ${detail}`);
  const status = new Map(rows.map((r) => [r.file, `${r.status} ${r.detail}`]));
  if (process.env.REAL_GRAPHS_DIR === undefined) {
    for (const file of MUST_MATCH) assert.match(status.get(file) ?? 'absent', /^matches/, file);
  }
  const wrong = rows.filter((r) => r.status === 'differs' || r.status === 'fails');
  assert.deepEqual(wrong, []);
  assert.ok(rows.some((r) => r.status === 'matches'));
});
