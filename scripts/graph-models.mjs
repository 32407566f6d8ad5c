// `NODE_PATH=/tmp/ortn/node_modules node scripts/graph-models.mjs`: the repository's graphs in the style
// of ../shared/real-graphs (built here with tools/onnx-builder.mjs, except the two networks that
// scripts/export-graph-models.py exports with torch first), their realistic inputs
// (tools/graph-inputs.mjs) and the outputs onnxruntime-node gives for them, written as ONNX's backend
// cases are laid out: tests/data/graphs/<name>/model.onnx, test_data_set_0/{input,output}_K.pb, and
// tests/data/graphs/index.json. Also writes the benchmark's sizes of the graphs whose sizes are
// constants (bench/models/letterbox-640.onnx). tests/node/graph-models.test.mjs reads the files and
// needs neither onnxruntime-node nor Python.
//
// onnxruntime-node is not a dependency of this package: install it apart and point NODE_PATH at it,
//   mkdir -p /tmp/ortn && (cd /tmp/ortn && npm install onnxruntime-node --ignore-scripts)
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel, decodeModel, encodeTensor, graphOperators } from '../tools/onnx-builder.mjs';
import { digit, featureMap, maskLogits, picture, yoloHead, yoloObjects } from '../tools/graph-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'tests', 'data', 'graphs');

let ort;
try {
  ort = createRequire(import.meta.url)('onnxruntime-node');
} catch {
  console.error('graph-models: onnxruntime-node is not installed. It is not a dependency; install it apart:\n' +
    '  mkdir -p /tmp/ortn && (cd /tmp/ortn && npm install onnxruntime-node --ignore-scripts)\n' +
    'then run NODE_PATH=/tmp/ortn/node_modules node scripts/graph-models.mjs');
  process.exit(1);
}

const i64 = (name, values, dims = [values.length]) => ({ name, type: 'int64', dims, data: values.map(BigInt) });
const f32 = (name, values, dims = [values.length]) => ({ name, type: 'float32', dims, data: values });

/**
 * YOLOv8's post-process: the raw head [1, 4 + classes, boxes] transposed to [1, boxes, 4 + classes],
 * sliced into cx, cy, w, h and class scores; the best class's score (ReduceMax) and index (ArgMax);
 * scores at most the threshold zeroed (Greater, Where); the boxes as x1, y1, x2, y2; one
 * class-agnostic NonMaxSuppression (at most 100 boxes, IoU 0.45, score 0.25); the kept boxes, scores
 * and classes gathered. Any number of boxes and classes.
 */
function yoloNms() {
  return {
    opset: 13,
    inputs: [{ name: 'output0', type: 'float32', dims: [1, 'features', 'anchors'] }],
    outputs: [
      { name: 'boxes', type: 'float32', dims: [1, 'kept', 4] },
      { name: 'scores', type: 'float32', dims: [1, 'kept'] },
      { name: 'classes', type: 'int64', dims: [1, 'kept'] },
    ],
    initializers: [
      i64('zero', [0]), i64('two', [2]), i64('four', [4]), i64('end', [2 ** 53]), i64('axis2', [2]), i64('axis1', [1]),
      f32('half', [0.5], []), f32('score_threshold', [0.25]), f32('no_score', [0], []), f32('iou_threshold', [0.45]),
      i64('max_boxes', [100]), i64('index_column', [2], []),
    ],
    nodes: [
      { op: 'Transpose', inputs: ['output0'], outputs: ['rows'], attributes: { perm: [0, 2, 1] } },
      { op: 'Slice', inputs: ['rows', 'zero', 'four', 'axis2'], outputs: ['cxcywh'] },
      { op: 'Slice', inputs: ['rows', 'four', 'end', 'axis2'], outputs: ['class_scores'] },
      { op: 'ReduceMax', inputs: ['class_scores'], outputs: ['best'], attributes: { axes: [2], keepdims: 0 } },
      { op: 'ArgMax', inputs: ['class_scores'], outputs: ['best_class'], attributes: { axis: 2, keepdims: 0 } },
      { op: 'Greater', inputs: ['best', 'score_threshold'], outputs: ['confident'] },
      { op: 'Where', inputs: ['confident', 'best', 'no_score'], outputs: ['kept_scores'] },
      { op: 'Slice', inputs: ['cxcywh', 'zero', 'two', 'axis2'], outputs: ['centre'] },
      { op: 'Slice', inputs: ['cxcywh', 'two', 'four', 'axis2'], outputs: ['size'] },
      { op: 'Mul', inputs: ['size', 'half'], outputs: ['half_size'] },
      { op: 'Sub', inputs: ['centre', 'half_size'], outputs: ['top_left'] },
      { op: 'Add', inputs: ['centre', 'half_size'], outputs: ['bottom_right'] },
      { op: 'Concat', inputs: ['top_left', 'bottom_right'], outputs: ['xyxy'], attributes: { axis: 2 } },
      { op: 'Unsqueeze', inputs: ['kept_scores', 'axis1'], outputs: ['nms_scores'] },
      { op: 'NonMaxSuppression', inputs: ['xyxy', 'nms_scores', 'max_boxes', 'iou_threshold', 'score_threshold'], outputs: ['selected'] },
      { op: 'Gather', inputs: ['selected', 'index_column'], outputs: ['kept'], attributes: { axis: 1 } },
      { op: 'Gather', inputs: ['xyxy', 'kept'], outputs: ['boxes'], attributes: { axis: 1 } },
      { op: 'Gather', inputs: ['best', 'kept'], outputs: ['scores'], attributes: { axis: 1 } },
      { op: 'Gather', inputs: ['best_class', 'kept'], outputs: ['classes'], attributes: { axis: 1 } },
    ],
  };
}

/**
 * A letterbox pre-process to a `target` x `target` network input: a uint8 HWC picture of any size cast
 * to float; the scale min(target / h, target / w) computed from its Shape; resized (linear) in NHWC;
 * padded with gray 114 around it to the target, the padding split evenly (the odd pixel at the bottom
 * or right); divided by 255; transposed to NCHW. Also returns the scale and the top-left padding, with
 * which a page maps detected boxes back onto the picture.
 */
function letterbox(target) {
  return {
    opset: 13,
    inputs: [{ name: 'image', type: 'uint8', dims: ['height', 'width', 3] }],
    outputs: [
      { name: 'input', type: 'float32', dims: [1, 3, target, target] },
      { name: 'scale', type: 'float32', dims: [1] },
      { name: 'offset', type: 'int64', dims: [2] },
    ],
    initializers: [
      i64('zero', [0]), i64('two', [2]), i64('one', [1]), i64('three', [3]), i64('target_size', [target, target]),
      f32('target_float', [target, target]), f32('one_float', [1]), f32('gray', [114], []), f32('full_scale', [255], []),
    ],
    nodes: [
      { op: 'Cast', inputs: ['image'], outputs: ['pixels'], attributes: { to: 1 } },
      { op: 'Unsqueeze', inputs: ['pixels', 'zero'], outputs: ['nhwc'] },
      { op: 'Shape', inputs: ['image'], outputs: ['image_shape'] },
      { op: 'Slice', inputs: ['image_shape', 'zero', 'two'], outputs: ['hw'] },
      { op: 'Cast', inputs: ['hw'], outputs: ['hw_float'], attributes: { to: 1 } },
      { op: 'Div', inputs: ['target_float', 'hw_float'], outputs: ['ratios'] },
      { op: 'ReduceMin', inputs: ['ratios'], outputs: ['scale'], attributes: { keepdims: 1 } },
      { op: 'Concat', inputs: ['one_float', 'scale', 'scale', 'one_float'], outputs: ['scales'], attributes: { axis: 0 } },
      { op: 'Resize', inputs: ['nhwc', '', 'scales'], outputs: ['resized'], attributes: { mode: 'linear' } },
      { op: 'Shape', inputs: ['resized'], outputs: ['resized_shape'] },
      { op: 'Slice', inputs: ['resized_shape', 'one', 'three'], outputs: ['resized_hw'] },
      { op: 'Sub', inputs: ['target_size', 'resized_hw'], outputs: ['padding'] },
      { op: 'Div', inputs: ['padding', 'two'], outputs: ['offset'] },
      { op: 'Sub', inputs: ['padding', 'offset'], outputs: ['offset_end'] },
      { op: 'Concat', inputs: ['zero', 'offset', 'zero', 'zero', 'offset_end', 'zero'], outputs: ['pads'], attributes: { axis: 0 } },
      { op: 'Pad', inputs: ['resized', 'pads', 'gray'], outputs: ['boxed'] },
      { op: 'Div', inputs: ['boxed', 'full_scale'], outputs: ['unit'] },
      { op: 'Transpose', inputs: ['unit'], outputs: ['input'], attributes: { perm: [0, 3, 1, 2] } },
    ],
  };
}

/**
 * A threshold and mask pipeline over mask logits [n, c, h, w]: probabilities (Sigmoid); the mask where
 * they exceed 0.5 (Greater); the probabilities kept inside it, 0 outside (Where); an alpha channel of
 * 255 inside, 0 outside (Where on uint8); each mask's area in pixels (Cast, ReduceSum over h and w).
 */
function thresholdMask() {
  return {
    opset: 13,
    inputs: [{ name: 'logits', type: 'float32', dims: ['n', 'c', 'h', 'w'] }],
    outputs: [
      { name: 'masked', type: 'float32', dims: ['n', 'c', 'h', 'w'] },
      { name: 'alpha', type: 'uint8', dims: ['n', 'c', 'h', 'w'] },
      { name: 'area', type: 'float32', dims: ['n', 'c'] },
    ],
    initializers: [
      f32('threshold', [0.5], []), f32('outside', [0], []),
      { name: 'opaque', type: 'uint8', dims: [], data: [255] }, { name: 'clear', type: 'uint8', dims: [], data: [0] },
      i64('spatial', [2, 3]),
    ],
    nodes: [
      { op: 'Sigmoid', inputs: ['logits'], outputs: ['probability'] },
      { op: 'Greater', inputs: ['probability', 'threshold'], outputs: ['mask'] },
      { op: 'Where', inputs: ['mask', 'probability', 'outside'], outputs: ['masked'] },
      { op: 'Where', inputs: ['mask', 'opaque', 'clear'], outputs: ['alpha'] },
      { op: 'Cast', inputs: ['mask'], outputs: ['mask_float'], attributes: { to: 1 } },
      { op: 'ReduceSum', inputs: ['mask_float', 'spatial'], outputs: ['area'], attributes: { keepdims: 0 } },
    ],
  };
}

// Each model: how it is made, its description, its inputs, and the tolerance its float outputs are
// compared with (|got - want| <= atol + rtol * |want|; integer outputs compare exactly): none where the
// graph only moves, compares and selects values (the NMS, the letterbox's Resize here: onnx-wasm gives
// onnxruntime's bits), 2 ulp of Sigmoid's results, and a few ulp of a sum of products for the networks.
const MODELS = [
  { name: 'yolo_nms', made: 'onnx-builder', spec: yoloNms(),
    description: 'YOLOv8 post-process: transpose, slice, best class, score threshold, xyxy, NMS, gather',
    inputs: [yoloHead({ size: 160, classes: 80, objects: yoloObjects(160), seed: 33 })], atol: 0, rtol: 0 },
  { name: 'letterbox', made: 'onnx-builder', spec: letterbox(160),
    description: 'letterbox pre-process: uint8 HWC 90x120 picture to [1, 3, 160, 160], scale from Shape, Resize, Pad 114, /255',
    inputs: [picture({ height: 90, width: 120, seed: 33 })], atol: 0, rtol: 0 },
  { name: 'threshold_mask', made: 'onnx-builder', spec: thresholdMask(),
    description: 'threshold and mask pipeline: Sigmoid, Greater, Where (float and uint8), Cast, ReduceSum',
    inputs: [maskLogits({ channels: 4, height: 40, width: 40, seed: 33 })], atol: 0, rtol: 3e-7 },
  { name: 'mnist_cnn', made: 'torch 1.13 (scripts/export-graph-models.py)',
    description: 'MNIST-shaped CNN: Conv 5x5 + ReLU + MaxPool twice, Flatten, Gemm', inputs: [digit({ seed: 33 })], atol: 1e-6, rtol: 1e-5 },
  { name: 'resnet_block', made: 'torch 1.13 (scripts/export-graph-models.py)',
    description: 'ResNet basic block, 64 channels: Conv-BN-ReLU-Conv-BN + skip, ReLU (BatchNorm folded by the exporter)',
    inputs: [featureMap({ dims: [1, 64, 14, 14], seed: 33 })], atol: 2e-6, rtol: 1e-5 },
];

// The benchmark's models that differ from the tests' only in a constant size.
const BENCH_MODELS = { 'letterbox-640': letterbox(640) };

const index = [];
for (const m of MODELS) {
  const folder = join(out, m.name);
  const modelPath = join(folder, 'model.onnx');
  if (m.spec) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(modelPath, buildModel(m.spec));
  } else if (!existsSync(modelPath)) {
    console.error(`graph-models: ${modelPath} is missing; run /usr/bin/python3 scripts/export-graph-models.py first`);
    process.exit(1);
  }
  const bytes = readFileSync(modelPath);
  const session = await ort.InferenceSession.create(bytes);
  const feeds = Object.fromEntries(session.inputNames.map((name, k) => [name, new ort.Tensor(m.inputs[k].type, m.inputs[k].data, m.inputs[k].dims)]));
  const results = await session.run(feeds);
  const data = join(folder, 'test_data_set_0');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data);
  session.inputNames.forEach((name, k) => writeFileSync(join(data, `input_${k}.pb`), encodeTensor({ name, ...m.inputs[k] })));
  session.outputNames.forEach((name, k) => {
    const t = results[name];
    writeFileSync(join(data, `output_${k}.pb`), encodeTensor({ name, type: t.type, dims: t.dims, data: t.data }));
  });
  await session.release();
  const { opsetImport, graph } = decodeModel(bytes);
  index.push({
    name: m.name, description: m.description, made: m.made, opset: opsetImport[0].version,
    operators: graphOperators(graph).sort(), atol: m.atol, rtol: m.rtol,
  });
  console.log(`${m.name}: ${session.outputNames.map((n) => `${n} [${results[n].dims}]`).join(', ')}`);
}
writeFileSync(join(out, 'index.json'), `[\n${index.map((e) => ` ${JSON.stringify(e)}`).join(',\n')}\n]\n`);
for (const [name, spec] of Object.entries(BENCH_MODELS)) writeFileSync(join(root, 'bench', 'models', `${name}.onnx`), buildModel(spec));
console.log(`${index.length} models in ${out}; ${Object.keys(BENCH_MODELS).length} in bench/models (onnxruntime-node ${ort.env.versions?.node ?? ''})`);
