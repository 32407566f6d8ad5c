// The benchmark cases: each is one operator call with fixed inputs, run the same way by every
// implementation. `inputs` are [{type, dims}], fed with seeded data (bench/measure.mjs inputData: by
// default edge values then values in ±50; `range: [lo, hi]` uniform values in it; `boxes: true` valid
// [y1, x1, y2, x2] boxes); `constants` are the node's inputs after them (null where omitted), of any
// type, with their `values` or seeded as inputs are: initializers of the model and constant tensors of
// the ops.* call. An input with `at` takes that position among the node's inputs instead (LSTM's
// states after its weights). `outputs` are the node's output types where they are not one of the first
// input's. `opset` is the opset of the single-operator model (onnxruntime-web and InferenceSession);
// ops.* gets the same attributes and runs its newest version (no operator here changed behaviour after
// these opsets). `vsOrt`: the case's goal for every ratio to onnxruntime-web, in both environments.
import { MAX_WASM_BYTES } from '../tools/size-budget.mjs';
import { yoloObjects } from '../tools/graph-inputs.mjs';

export const CASES = [
  ...['Floor', 'Ceil', 'Round'].flatMap((op) =>
    ['float32', 'float16'].map((type) => ({
      name: `${op} 1M ${type}`, op, opset: op === 'Round' ? 11 : 13, elementwise: true,
      inputs: [{ type, dims: [1024 * 1024] }],
    })),
  ),
  { name: 'Min 1M + 1M', op: 'Min', opset: 13, elementwise: true,
    inputs: [{ type: 'float32', dims: [1024 * 1024] }, { type: 'float32', dims: [1024 * 1024] }] },
  { name: 'Min [1024,1024] + [1024]', op: 'Min', opset: 13, elementwise: true,
    inputs: [{ type: 'float32', dims: [1024, 1024] }, { type: 'float32', dims: [1024] }] },
  { name: 'Min of 4 × 1M', op: 'Min', opset: 13, elementwise: true,
    inputs: Array.from({ length: 4 }, () => ({ type: 'float32', dims: [1024, 1024] })) },
  // Issue 36's elementwise math: the elementwise targets. onnxruntime-web's kernels approximate
  // (tolerance, absolute below 1).
  ...['Sigmoid', 'Exp'].map((op) => ({ name: `${op} 1M float32`, op, opset: 13, elementwise: true, tolerance: 1e-6,
    inputs: [{ type: 'float32', dims: [1024 * 1024] }] })),
  // Softmax (issue 36), axis -1, over 80 classes of 8,400 boxes and over the 25,600 pixels of a mask
  // head's 32 prototypes, on logits in ±10: at least 2x onnxruntime-web (whose exp approximates).
  ...[[8400, 80], [32, 25600]].map((dims) => ({ name: `Softmax [${dims}] axis -1`, op: 'Softmax', opset: 13, vsOrt: 2, tolerance: 1e-6,
    inputs: [{ type: 'float32', dims, range: [-10, 10] }], attributes: { axis: -1 } })),
  { name: 'AveragePool [1,64,112,112] k3 s2 p1', op: 'AveragePool', opset: 19, pool: true,
    inputs: [{ type: 'float32', dims: [1, 64, 112, 112] }],
    attributes: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] } },
  { name: 'AveragePool [1,32,224,224] k2 s2', op: 'AveragePool', opset: 19, pool: true,
    inputs: [{ type: 'float32', dims: [1, 32, 224, 224] }],
    attributes: { kernel_shape: [2, 2], strides: [2, 2] } },
  { name: 'AveragePool [1,256,14,14] k3 p1 incl. pad', op: 'AveragePool', opset: 19, pool: true,
    inputs: [{ type: 'float32', dims: [1, 256, 14, 14] }],
    attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1], count_include_pad: 1 } },
  { name: 'AveragePool [1,16,32,32,32] k2 s2 (3-D)', op: 'AveragePool', opset: 19, pool: true,
    inputs: [{ type: 'float32', dims: [1, 16, 32, 32, 32] }],
    attributes: { kernel_shape: [2, 2, 2], strides: [2, 2, 2] } },
  { name: 'AveragePool [1,512,7,7] k7', op: 'AveragePool', opset: 19, pool: true,
    inputs: [{ type: 'float32', dims: [1, 512, 7, 7] }],
    attributes: { kernel_shape: [7, 7] } },
  // Products: MNIST's and a mask head's sizes. MatMul multiplies two computed values (a mask head's
  // coefficients by its prototypes); Gemm is a linear layer and Conv a convolution layer: their weights
  // and bias are constants (initializers, as in an exported model: a session packs them once; ops.*
  // takes them on every call). Finite values of a network's scale: activations in ±1, weights and
  // bias within ±1/sqrt(fan-in) (PyTorch's initialization). Every output is finite (checked), and the
  // other implementations' agree with ours within `termsTolerance` times the sum of the magnitudes of
  // its terms (they sum in another order). `flops`: 2 per multiply-add, for GFLOP/s.
  ...[[[1, 32], [32, 25600]], [[128, 256], [256, 256]]].flatMap(([a, b]) => {
    const weights = 1 / Math.sqrt(b[0]);
    return [
      { name: `MatMul [${a}]x[${b}]`, op: 'MatMul', opset: 13, product: true, termsTolerance: 1e-5, flops: 2 * a[0] * a[1] * b[1],
        inputs: [{ type: 'float32', dims: a, range: [-1, 1] }, { type: 'float32', dims: b, range: [-1, 1] }] },
      { name: `Gemm [${a}]x[${b}] + bias`, op: 'Gemm', opset: 13, product: true, termsTolerance: 1e-5, flops: 2 * a[0] * a[1] * b[1],
        inputs: [{ type: 'float32', dims: a, range: [-1, 1] }],
        constants: [{ type: 'float32', dims: b, range: [-weights, weights] }, { type: 'float32', dims: [b[1]], range: [-weights, weights] }] },
    ];
  }),
  // Conv: 3x3 (stride 1 and 2), depthwise 3x3 and 1x1 at MobileNet-like sizes.
  ...[
    ['3x3 s1', [1, 16, 112, 112], [32, 16, 3, 3], { pads: [1, 1, 1, 1] }],
    ['3x3 s2', [1, 32, 112, 112], [64, 32, 3, 3], { strides: [2, 2], pads: [1, 1, 1, 1] }],
    ['3x3 s1', [1, 64, 56, 56], [64, 64, 3, 3], { pads: [1, 1, 1, 1] }],
    ['depthwise 3x3', [1, 32, 112, 112], [32, 1, 3, 3], { group: 32, pads: [1, 1, 1, 1] }],
    ['depthwise 3x3 s2', [1, 64, 112, 112], [64, 1, 3, 3], { group: 64, strides: [2, 2], pads: [1, 1, 1, 1] }],
    ['depthwise 3x3', [1, 64, 56, 56], [64, 1, 3, 3], { group: 64, pads: [1, 1, 1, 1] }],
    ['1x1', [1, 32, 112, 112], [16, 32, 1, 1], {}],
    ['1x1', [1, 64, 56, 56], [64, 64, 1, 1], {}],
  ].map(([kind, x, w, attributes]) => {
    const [outChannels, perGroup, ...kernel] = w;
    const taps = kernel.reduce((p, k) => p * k, 1);
    const weights = 1 / Math.sqrt(perGroup * taps);
    const stride = attributes.strides?.[0] ?? 1;
    const outputs = x[0] * outChannels * Math.floor((x[2] + 2 * (attributes.pads?.[0] ?? 0) - kernel[0]) / stride + 1) *
      Math.floor((x[3] + 2 * (attributes.pads?.[1] ?? 0) - kernel[1]) / stride + 1);
    return {
      name: `Conv ${kind} [${x}] -> ${outChannels}`, op: 'Conv', opset: 22, product: true, termsTolerance: 1e-5, attributes,
      flops: 2 * outputs * perGroup * taps,
      inputs: [{ type: 'float32', dims: x, range: [-1, 1] }],
      constants: [{ type: 'float32', dims: w, range: [-weights, weights] }, { type: 'float32', dims: [outChannels], range: [-weights, weights] }],
    };
  }),
  // ConvTranspose (issue 42: at least 2x onnxruntime-web): a U-Net decoder's 2x2 stride-2 upsampling and
  // a generator's 4x4 stride 2 pad 1.
  ...[
    ['2x2 s2', [1, 64, 56, 56], [64, 32, 2, 2], { strides: [2, 2] }],
    ['4x4 s2 p1', [1, 64, 32, 32], [64, 32, 4, 4], { strides: [2, 2], pads: [1, 1, 1, 1] }],
  ].map(([kind, x, w, attributes]) => {
    const [, perGroup, ...kernel] = w;
    const taps = kernel.reduce((p, k) => p * k, 1);
    const weights = 1 / Math.sqrt(x[1] * taps / 4);
    return {
      name: `ConvTranspose ${kind} [${x}] -> ${perGroup}`, op: 'ConvTranspose', opset: 22, product: true, termsTolerance: 1e-5, vsOrt: 2,
      attributes, flops: 2 * x[0] * x[1] * x[2] * x[3] * perGroup * taps,
      inputs: [{ type: 'float32', dims: x, range: [-1, 1] }],
      constants: [{ type: 'float32', dims: w, range: [-weights, weights] }, { type: 'float32', dims: [perGroup], range: [-weights, weights] }],
    };
  }),
  // MaxPool and Resize (issue 36): ops.* at least 2x onnxruntime-web (opsVsOrt). A Resize case's
  // `constants` are the node's inputs after X (roi, scales, sizes; null where omitted), initializers of
  // the model and constant tensors of the ops.* call.
  { name: 'MaxPool [1,64,112,112] k3 s2 p1', op: 'MaxPool', opset: 12, pool: true, opsVsOrt: 2,
    inputs: [{ type: 'float32', dims: [1, 64, 112, 112] }],
    attributes: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] } },
  ...[['linear', 2], ['linear', 0.5], ['nearest', 2], ['nearest', 0.5]].map(([mode, scale]) => ({
    name: `Resize ${mode} [1,3,640,640] ${scale === 2 ? '2x up' : '0.5x down'}`, op: 'Resize', opset: 19, resize: true, opsVsOrt: 2,
    inputs: [{ type: 'float32', dims: [1, 3, 640, 640] }],
    constants: [null, { type: 'float32', dims: [4], values: [1, 1, scale, scale] }],
    attributes: { mode } })),
  // A picture as users hold it (channels last, uint8) halved: whole rows of width x channels, in float32,
  // exact at this scale (weights of 1/2). onnxruntime truncates where this runtime rounds: within 1.
  { name: 'Resize linear uint8 [1,720,1280,3] 0.5x down (NHWC)', op: 'Resize', opset: 19, resize: true, tolerance: 1 / 256, toleranceFloor: 256,
    inputs: [{ type: 'uint8', dims: [1, 720, 1280, 3], range: [0, 256] }],
    constants: [null, { type: 'float32', dims: [4], values: [1, 0.5, 0.5, 1] }], attributes: { mode: 'linear' } },
  // Issue 33 at YOLO's sizes (80 classes, 8,400 boxes), scores in [0, 1]: each at least 2x
  // onnxruntime-web. TopK has two outputs, so ops.* with out is not timed (ops.* vs ort instead);
  // NonMaxSuppression's output length depends on the values: out and the fetch are preallocated at
  // the length this input gives.
  { name: 'ReduceMax [1,80,8400] over classes', op: 'ReduceMax', opset: 18, vsOrt: 2,
    inputs: [{ type: 'float32', dims: [1, 80, 8400], range: [0, 1] }],
    constants: [{ type: 'int64', dims: [1], values: [1] }], attributes: { keepdims: 0 } },
  { name: 'ArgMax [1,80,8400] over classes', op: 'ArgMax', opset: 13, vsOrt: 2, outputs: ['int64'],
    inputs: [{ type: 'float32', dims: [1, 80, 8400], range: [0, 1] }], attributes: { axis: 1, keepdims: 0 } },
  { name: 'Greater [1,80,8400] > 0.25 (bool out)', op: 'Greater', opset: 13, vsOrt: 2, outputs: ['bool'],
    inputs: [{ type: 'float32', dims: [1, 80, 8400], range: [0, 1] }],
    constants: [{ type: 'float32', dims: [], values: [0.25] }] },
  // YOLOv8's head [1, 84, 8400]: the 80 class scores after the 4 box coordinates; the scores kept where a
  // mask holds, else 0.
  { name: 'Slice [1,84,8400] -> scores [1,80,8400]', op: 'Slice', opset: 13, vsOrt: 2,
    inputs: [{ type: 'float32', dims: [1, 84, 8400], range: [0, 1] }],
    // starts, ends, axes
    constants: [{ type: 'int64', dims: [1], values: [4] }, { type: 'int64', dims: [1], values: [84] }, { type: 'int64', dims: [1], values: [1] }] },
  { name: 'Where [1,80,8400] mask, scores, 0', op: 'Where', opset: 16, vsOrt: 2, outputs: ['float32'],
    inputs: [{ type: 'bool', dims: [1, 80, 8400], range: [0, 2] }, { type: 'float32', dims: [1, 80, 8400], range: [0, 1] }],
    constants: [{ type: 'float32', dims: [], values: [0] }] },
  { name: 'TopK 100 of [1,8400]', op: 'TopK', opset: 11, vsOrt: 2, outputs: ['float32', 'int64'],
    inputs: [{ type: 'float32', dims: [1, 8400], range: [0, 1] }],
    constants: [{ type: 'int64', dims: [1], values: [100] }] },
  { name: 'NonMaxSuppression 8400 boxes, 80 classes', op: 'NonMaxSuppression', opset: 11, vsOrt: 2, outputs: ['int64'],
    inputs: [{ type: 'float32', dims: [1, 8400, 4], boxes: true }, { type: 'float32', dims: [1, 80, 8400], range: [0, 1] }],
    // max_output_boxes_per_class, iou_threshold, score_threshold
    constants: [{ type: 'int64', dims: [1], values: [100] }, { type: 'float32', dims: [1], values: [0.45] }, { type: 'float32', dims: [1], values: [0.25] }] },
  // Issue 34: an LSTM of voice-activity size (input 64, hidden 128, batch 1), one step and 100: X and
  // the states fed, the weights constant (initializers: packed once by a session; ops.* takes them on
  // every call). Three outputs: ops.* with out is not timed. At least 2x onnxruntime-web at one step,
  // 1.5x at 100.
  ...[1, 100].map((seq) => ({
    name: `LSTM [${seq},1,64] hidden 128 (${seq === 1 ? '1 step' : `${seq} steps`})`, op: 'LSTM', opset: 14,
    vsOrt: seq === 1 ? 2 : 1.5, tolerance: 1e-5, outputs: ['float32', 'float32', 'float32'],
    inputs: [{ type: 'float32', dims: [seq, 1, 64], range: [-1, 1] },
      { type: 'float32', dims: [1, 1, 128], range: [-1, 1], at: 5 }, { type: 'float32', dims: [1, 1, 128], range: [-1, 1], at: 6 }],
    // W, R, B (weights as PyTorch initializes them: within ±1/sqrt(hidden)), no sequence_lens
    constants: [{ type: 'float32', dims: [1, 512, 64], range: [-0.088, 0.088] }, { type: 'float32', dims: [1, 512, 128], range: [-0.088, 0.088] },
      { type: 'float32', dims: [1, 1024], range: [-0.088, 0.088] }, null],
    attributes: { hidden_size: 128 } })),
  { name: 'Floor 16 float32 (per call)', op: 'Floor', opset: 13, elementwise: true, perCall: true,
    inputs: [{ type: 'float32', dims: [16] }] },
];

// Graphs as PyTorch's exporter writes them (bench/models/<graph>.onnx, scripts/export-bench-models.py),
// run through InferenceSession with its default graph optimization. `bare` is the one operator call the
// graph means, run as a single-node model on the same input: the default nn.AvgPool2d export must cost
// at most `withinBare` times it (its Pad of zeros fused into the pooling's pads). A Flatten step must
// cost at most `stepVsCopy` of a JS copy of its input: measured on the bare call followed by 1 and by
// 1 + `flattenSteps` Flattens (each a view), the difference over `flattenSteps`. `inputs` are the
// graph's inputs in order, seeded as CASES' are where no `generator` makes them; every output is
// fetched and compared with onnxruntime-web's (`tolerance`, default 1e-5); `vsOrt`: the case's own
// goal against it.
export const GRAPH_CASES = [
  { name: 'nn.AvgPool2d(3, 2, 1) export [1,64,112,112]', graph: 'avgpool2d-default', opset: 19, withinBare: 1.1,
    inputs: [{ type: 'float32', dims: [1, 64, 112, 112] }],
    bare: { op: 'AveragePool', attributes: { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1], count_include_pad: 1 } } },
  { name: 'pool + round + clamp export [1,3,224,224]', graph: 'pool-round-clamp', inputs: [{ type: 'float32', dims: [1, 3, 224, 224] }] },
  { name: 'pool + flatten export [1,64,56,56]', graph: 'pool-flatten', opset: 19, stepVsCopy: 0.05, flattenSteps: 128,
    inputs: [{ type: 'float32', dims: [1, 64, 56, 56] }],
    bare: { op: 'AveragePool', attributes: { kernel_shape: [2, 2], strides: [2, 2] } } },
  { name: 'pool + view(n, -1) export [1,64,56,56]', graph: 'pool-view', inputs: [{ type: 'float32', dims: [1, 64, 56, 56] }] },
  // The repository's graphs in the style of ../shared/real-graphs (scripts/graph-models.mjs; `model` is the
  // file's path from the root), on tools/graph-inputs.mjs's realistic inputs (`generator`, `options`):
  // issue 33's sessions at least 2x onnxruntime-web, issue 36's whole small networks at least 1x.
  { name: 'YOLOv8 NMS post-process [1,84,8400]', graph: 'yolo_nms', model: 'tests/data/graphs/yolo_nms/model.onnx', vsOrt: 2,
    inputs: [{ type: 'float32', dims: [1, 84, 8400], generator: 'yoloHead', options: { size: 640, classes: 80, objects: yoloObjects(640) } }] },
  { name: 'letterbox uint8 [720,1280,3] -> [1,3,640,640]', graph: 'letterbox-640', vsOrt: 2,
    inputs: [{ type: 'uint8', dims: [720, 1280, 3], generator: 'picture', options: { height: 720, width: 1280 } }] },
  { name: 'threshold + mask [1,32,160,160]', graph: 'threshold_mask', model: 'tests/data/graphs/threshold_mask/model.onnx', vsOrt: 2, tolerance: 1e-6,
    inputs: [{ type: 'float32', dims: [1, 32, 160, 160], generator: 'maskLogits', options: { channels: 32, height: 160, width: 160 } }] },
  { name: 'MNIST CNN [1,1,28,28]', graph: 'mnist_cnn', model: 'tests/data/graphs/mnist_cnn/model.onnx', vsOrt: 1, tolerance: 1e-4,
    inputs: [{ type: 'float32', dims: [1, 1, 28, 28], generator: 'digit', options: {} }] },
  { name: 'ResNet block [1,64,56,56]', graph: 'resnet_block', model: 'tests/data/graphs/resnet_block/model.onnx', vsOrt: 1, tolerance: 1e-4,
    inputs: [{ type: 'float32', dims: [1, 64, 56, 56], generator: 'featureMap', options: { dims: [1, 64, 56, 56] } }] },
  // Issue 34: one LSTM step of voice-activity size (input 64, hidden 128) inside If, as a scripted
  // module branching on the sample rate exports it (Silero VAD's pattern), per session.run: at least
  // 2x onnxruntime-web. The bare step is the LSTM case above.
  { name: 'If(sr) around nn.LSTM(64, 128) export, 1 step', graph: 'if-lstm-step', vsOrt: 2, tolerance: 1e-5,
    inputs: [{ type: 'float32', dims: [1, 1, 64], range: [-1, 1] }, { type: 'float32', dims: [1, 1, 128], range: [-1, 1] },
      { type: 'float32', dims: [1, 1, 128], range: [-1, 1] }, { type: 'int64', dims: [], values: [16000] }] },
  // Issue 33: a threshold chain (Mul, Sub, Greater, Where: one fused pass) and a YOLO head cut by Split
  // (its parts views of the input).
  { name: 'threshold where(x*2-1 > 0.5) export [1,3,224,224]', graph: 'threshold', inputs: [{ type: 'float32', dims: [1, 3, 224, 224] }] },
  { name: 'YOLO head split + reduce export [1,84,8400]', graph: 'yolo-head-split', inputs: [{ type: 'float32', dims: [1, 84, 8400] }] },
  // Issue 41's whole networks, random weights with BatchNorm statistics from data (bench/networks/export.py,
  // `network` its name there; the models over 2 MB are made when missing), on inputs of a normalized
  // picture's scale: each at least 1x onnxruntime-web. Their outputs agree with onnxruntime-web's within
  // `tolerance` of the larger of 1 and the output's magnitude (sums of thousands of products, in other orders).
  ...[
    ['mobilenet_v2', [1, 3, 224, 224]], ['resnet18', [1, 3, 224, 224]], ['squeezenet1_1', [1, 3, 224, 224]],
    ['yolo_detector', [1, 3, 320, 320]], ['transformer_layer', [1, 32, 64]], ['transformer_layer_opset14', [1, 32, 64]],
  ].map(([network, dims]) => ({
    name: `${network} [${dims}]`, graph: network, network, model: `bench/networks/${network}.onnx`, vsOrt: 1, tolerance: 1e-4,
    inputs: [{ type: 'float32', dims, generator: 'featureMap', options: { dims } }],
  })),
];

// What each case must reach, as ratios measured in one run, by environment: ops.* with options.out and
// InferenceSession.run with a preallocated fetch against onnxruntime-web (outVsOrt; for the graphs, the
// session's fetch alone), ops.* with out on
// the elementwise cases against a plain JS copy of the same input bytes (outVsCopy, at most), ops.*
// without out on AveragePool (poolVsOrt), the 16-element Floor's per-call time (perCallVsOrt), cold
// start. The products (MatMul, Gemm, Conv) against onnxruntime-web's MLAS kernels: productVsOrt.
export const TARGETS = {
  node: { productVsOrt: 1, outVsOrt: 2.5, outVsCopy: 2, perCallVsOrt: 10, coldStartVsOrt: 5 },
  chromium: { productVsOrt: 1, outVsOrt: 4, outVsCopy: 2, poolVsOrt: 3, perCallVsOrt: 10, coldStartVsOrt: 5 },
  wasmBytes: MAX_WASM_BYTES,
};
