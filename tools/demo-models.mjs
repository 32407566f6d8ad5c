// Small models built with the protobufjs model builder: the demo's gallery (demo/models/*.onnx and
// demo/models/index.json: a few strong examples per operator family) and, beside it, models that run
// one family at each of its opsets (tests/data/version-models/, test fixtures). `npm run gen-models`
// (scripts/gen-demo-models.mjs) writes both, which are committed; tests/node/demo-models checks that
// regenerating them gives the same bytes and that each computes what its spec says.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { numberToBf16, numberToF16 } from './half-codecs.mjs';
import { buildModel, tensorProto } from './onnx-builder.mjs';

// Image pipelines take an RGB picture as [1, 3, H, W] with each 0..255 channel value times inputScale,
// and their output times outputScale is shown as 0..255 again: the scaling is the app's pre- and
// post-processing, as for any image model.
const imageInput = { name: 'image', type: 'float32', dims: [1, 3, 'H', 'W'] };
const imageOutput = { name: 'result', type: 'float32', dims: [1, 3, null, null] };

// Models PyTorch's exporter wrote (scripts/export-demo-models.py, scripts/export-vad-model.py), as users
// bring them: glue nodes (Constant, Pad, Mul, Clip, Slice) that graph optimization folds and fuses.
const EXPORTED_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo', 'exported');
const exported = (name) => () => readFileSync(join(EXPORTED_DIR, `${name}.onnx`));

/**
 * Every model: {file, title, description, image?, audio?, expectError?, spec (buildModel's) or bytes(),
 * reference?}; audio marks the model of the page's voice activity section. A model given by bytes() and
 * not expected to fail is one PyTorch exported. Such models, and those whose reference is
 * 'onnxruntime-web', are checked against onnxruntime-web: on a picture, or the audio model on a frame.
 */
export const MODELS = [
  {
    file: 'image-blur-posterize.onnx',
    title: 'Blur, posterize, tint',
    description: '3×3 box blur (AveragePool, padding not counted), Round to 5 levels per channel, then Min against a per-channel ceiling that caps blue highlights for a warm tint.',
    image: { inputScale: 4 / 255, outputScale: 255 / 4 },
    spec: {
      opset: 22,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [{ name: 'ceiling', type: 'float32', dims: [1, 3, 1, 1], data: [4, 4, 3] }],
      nodes: [
        { op: 'AveragePool', name: 'blur', inputs: ['image'], outputs: ['blurred'], attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1] } },
        { op: 'Round', name: 'posterize', inputs: ['blurred'], outputs: ['levels'] },
        { op: 'Min', name: 'tint', inputs: ['levels', 'ceiling'], outputs: ['result'] },
      ],
    },
  },
  {
    file: 'image-downsample.onnx',
    title: 'Downsample ×2, 4 levels',
    description: '2×2 average with stride 2 halves each side; Floor keeps 4 levels per channel and Min clamps pure white (level 4) to level 3.',
    image: { inputScale: 4 / 255, outputScale: 255 / 3 },
    spec: {
      opset: 11,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [{ name: 'top_level', type: 'float32', dims: [], data: [3] }],
      nodes: [
        { op: 'AveragePool', name: 'downsample', inputs: ['image'], outputs: ['small'], attributes: { kernel_shape: [2, 2], strides: [2, 2] } },
        { op: 'Floor', name: 'posterize', inputs: ['small'], outputs: ['levels'] },
        { op: 'Min', name: 'clamp', inputs: ['levels', 'top_level'], outputs: ['result'] },
      ],
    },
  },
  {
    file: 'image-dilated-blur.onnx',
    title: 'Dilated soft focus',
    description: 'A 3×3 window with dilation 2 (a 5×5 footprint of 9 samples) and same-size padding, then Ceil to 8 levels per channel.',
    image: { inputScale: 8 / 255, outputScale: 255 / 8 },
    spec: {
      opset: 19,
      inputs: [imageInput],
      outputs: [imageOutput],
      nodes: [
        { op: 'AveragePool', name: 'soft_focus', inputs: ['image'], outputs: ['soft'], attributes: { kernel_shape: [3, 3], dilations: [2, 2], pads: [2, 2, 2, 2] } },
        { op: 'Ceil', name: 'posterize', inputs: ['soft'], outputs: ['result'] },
      ],
    },
  },
  {
    file: 'pytorch-soft-blur.onnx',
    title: 'PyTorch soft blur (nn.AvgPool2d)',
    description: 'As torch.onnx.export writes the default nn.AvgPool2d: a Constant and a Pad of zeros before AveragePool. Optimization folds the Constant and fuses the Pad into the pooling: 3 nodes, 1 step. The zeros count in the average, so the border darkens.',
    image: { inputScale: 1 / 255, outputScale: 255 },
    bytes: exported('pytorch-soft-blur'),
  },
  {
    file: 'pytorch-quantize.onnx',
    title: 'PyTorch halve and quantize',
    description: '(F.avg_pool2d(x, 2) * 255).round().clamp(0, 255): halve each side, then 8-bit levels. Constant, Pad, AveragePool, Mul, Round and Clip as the exporter writes them; the Pad is fused into the pooling and the elementwise steps run in place.',
    image: { inputScale: 1 / 255, outputScale: 1 },
    bytes: exported('pytorch-quantize'),
  },
  {
    file: 'pytorch-relu6-levels.onnx',
    title: 'PyTorch relu6 levels',
    description: 'torch.floor(F.relu6(x * 8 - 1)): seven levels with the shadows cut. Mul, Sub, Relu, Clip (relu6) and Floor, their constants folded at creation.',
    image: { inputScale: 1 / 255, outputScale: 255 / 6 },
    bytes: exported('pytorch-relu6-levels'),
  },
  {
    file: 'vad-lstm.onnx',
    title: 'PyTorch voice activity (LSTM)',
    description: 'A Silero-style VAD that scripts/export-vad-model.py trained on synthesized speech and noise: 512 samples at 16 kHz and the state [2, 1, 32] in, the probability of speech and the new state out. A learned filterbank (Conv), log band magnitudes, one LSTM step, Gemm and Sigmoid; "Voice activity" runs it over a clip, frame by frame.',
    audio: true,
    bytes: exported('vad-lstm'),
  },
  {
    file: 'rounding.onnx',
    title: 'Floor, Ceil and Round side by side',
    description: 'One input, three outputs. Round rounds halves to even: 0.5 → 0, 1.5 → 2, 2.5 → 2.',
    spec: {
      opset: 22,
      inputs: [{ name: 'x', type: 'float32', dims: [3, 4] }],
      outputs: ['floor', 'ceil', 'round'].map((name) => ({ name, type: 'float32', dims: [3, 4] })),
      nodes: [
        { op: 'Floor', inputs: ['x'], outputs: ['floor'] },
        { op: 'Ceil', inputs: ['x'], outputs: ['ceil'] },
        { op: 'Round', inputs: ['x'], outputs: ['round'] },
      ],
    },
  },
  {
    file: 'opset1-legacy.onnx',
    title: 'Opset 1: the first versions',
    description: 'Floor-1, Ceil-1 and Min-1 in float64, with the legacy consumed_inputs attribute (accepted and ignored).',
    spec: {
      opset: 1,
      inputs: [{ name: 'x', type: 'float64', dims: [6] }, { name: 'limit', type: 'float64', dims: [6] }],
      outputs: [{ name: 'y', type: 'float64', dims: [6] }],
      nodes: [
        { op: 'Floor', inputs: ['x'], outputs: ['floor'], attributes: { consumed_inputs: [0] } },
        { op: 'Ceil', inputs: ['floor'], outputs: ['ceil'], attributes: { consumed_inputs: [0] } },
        { op: 'Min', inputs: ['ceil', 'limit'], outputs: ['y'], attributes: { consumed_inputs: [0, 0] } },
      ],
    },
  },
  {
    file: 'opset6-pool.onnx',
    title: 'Opset 6: Min and AveragePool-1',
    description: 'Min-6 of three same-shaped tensors (no broadcasting before version 8), pooled by AveragePool-1 with auto_pad SAME_UPPER.',
    spec: {
      opset: 6,
      inputs: ['a', 'b', 'c'].map((name) => ({ name, type: 'float32', dims: [1, 1, 4, 4] })),
      outputs: [{ name: 'pooled', type: 'float32', dims: [1, 1, 2, 2] }],
      nodes: [
        { op: 'Min', inputs: ['a', 'b', 'c'], outputs: ['lowest'] },
        { op: 'AveragePool', inputs: ['lowest'], outputs: ['pooled'], attributes: { kernel_shape: [3, 3], strides: [2, 2], auto_pad: 'SAME_UPPER' } },
      ],
    },
  },
  {
    file: 'pool1d-count-include-pad.onnx',
    title: 'AveragePool-7: count_include_pad',
    description: 'Two 1-D poolings of the same signal with one zero of padding on each side: padding counted in the divisor (version 7 on) or not.',
    spec: {
      opset: 7,
      inputs: [{ name: 'signal', type: 'float32', dims: [1, 1, 8] }],
      outputs: [{ name: 'counted', type: 'float32', dims: [1, 1, 8] }, { name: 'not_counted', type: 'float32', dims: [1, 1, 8] }],
      nodes: [
        { op: 'AveragePool', name: 'counted', inputs: ['signal'], outputs: ['counted'], attributes: { kernel_shape: [3], pads: [1, 1], count_include_pad: 1 } },
        { op: 'AveragePool', name: 'not_counted', inputs: ['signal'], outputs: ['not_counted'], attributes: { kernel_shape: [3], pads: [1, 1] } },
      ],
    },
  },
  {
    file: 'pool2d-ceil-mode.onnx',
    title: 'AveragePool-10: ceil_mode',
    description: 'A 5×5 input, 2×2 windows with stride 2: ceil_mode 1 keeps the partial last window (3×3 output instead of 2×2).',
    spec: {
      opset: 10,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 5, 5] }],
      outputs: [{ name: 'y', type: 'float32', dims: [1, 1, 3, 3] }],
      nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], attributes: { kernel_shape: [2, 2], strides: [2, 2], ceil_mode: 1 } }],
    },
  },
  {
    file: 'min-broadcast.onnx',
    title: 'Min-13 broadcasting, then Round-11',
    description: 'Min of a [N, 4] input, a [4] row and a scalar (multidirectional broadcasting), rounded.',
    spec: {
      opset: 13,
      inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }],
      outputs: [{ name: 'y', type: 'float32', dims: ['N', 4] }],
      initializers: [
        { name: 'row', type: 'float32', dims: [4], data: [-1.5, 0.5, 2.5, 10] },
        { name: 'cap', type: 'float32', dims: [], data: [3.25] },
      ],
      nodes: [
        { op: 'Min', inputs: ['x', 'row', 'cap'], outputs: ['m'] },
        { op: 'Round', inputs: ['m'], outputs: ['y'] },
      ],
    },
  },
  {
    file: 'min-int.onnx',
    title: 'Min-12 on integers',
    description: 'Integer types arrived in Min version 12: int32 with a broadcast column, and int64.',
    spec: {
      opset: 12,
      inputs: [
        { name: 'a', type: 'int32', dims: [3, 4] }, { name: 'b', type: 'int32', dims: [3, 1] },
        { name: 'c', type: 'int64', dims: [5] }, { name: 'd', type: 'int64', dims: [5] },
      ],
      outputs: [{ name: 'min_int32', type: 'int32', dims: [3, 4] }, { name: 'min_int64', type: 'int64', dims: [5] }],
      nodes: [
        { op: 'Min', inputs: ['a', 'b'], outputs: ['min_int32'] },
        { op: 'Min', inputs: ['c', 'd'], outputs: ['min_int64'] },
      ],
    },
  },
  {
    file: 'half-precision.onnx',
    title: 'float16 and bfloat16',
    description: 'Ceil-13 in float16; AveragePool-22 and Round-22 in bfloat16, which both accept from version 22 on.',
    spec: {
      opset: 22,
      inputs: [{ name: 'h', type: 'float16', dims: [8] }, { name: 'b', type: 'bfloat16', dims: [1, 2, 6] }],
      outputs: [{ name: 'ceil_f16', type: 'float16', dims: [8] }, { name: 'round_bf16', type: 'bfloat16', dims: [1, 2, 3] }],
      nodes: [
        { op: 'Ceil', inputs: ['h'], outputs: ['ceil_f16'] },
        { op: 'AveragePool', inputs: ['b'], outputs: ['pooled'], attributes: { kernel_shape: [2], strides: [2] } },
        { op: 'Round', inputs: ['pooled'], outputs: ['round_bf16'] },
      ],
    },
  },
  {
    file: 'ceil-opset6.onnx',
    title: 'Ceil-6 and Floor-6 in float16',
    description: 'Version 6 dropped consumed_inputs; float16 in and out.',
    spec: {
      opset: 6,
      inputs: [{ name: 'x', type: 'float16', dims: [2, 4] }],
      outputs: [{ name: 'ceil', type: 'float16', dims: [2, 4] }, { name: 'floor', type: 'float16', dims: [2, 4] }],
      nodes: [
        { op: 'Ceil', inputs: ['x'], outputs: ['ceil'] },
        { op: 'Floor', inputs: ['x'], outputs: ['floor'] },
      ],
    },
  },
  // Reshape, Flatten, Squeeze, Unsqueeze and Transpose: a picture transposed, and one chain of the five
  // per opset that brings a version of one of them.
  {
    file: 'image-transpose.onnx',
    title: 'Transpose the picture',
    description: 'Transpose-25 with perm [0, 1, 3, 2] swaps rows and columns: the picture mirrored about its diagonal.',
    image: { inputScale: 1, outputScale: 1 },
    spec: {
      opset: 25,
      irVersion: 11,
      inputs: [imageInput],
      outputs: [imageOutput],
      nodes: [{ op: 'Transpose', name: 'swap_rows_and_columns', inputs: ['image'], outputs: ['result'], attributes: { perm: [0, 1, 3, 2] } }],
    },
  },
  ...[[1, 'float64'], [9, 'float16'], [11, 'float32'], [13, 'int32'], [14, 'int64'], [19, 'float32'], [21, 'bfloat16'], [23, 'float32'],
    [24, 'int32'], [25, 'float16']].map(([opset, type]) => shapeChain(opset, type)),
  // MaxPool and GlobalMaxPool: a picture's bright spots grown, and a model per opset where one of them has
  // a new version.
  {
    file: 'image-maxpool-dilate.onnx',
    title: 'Grow the bright spots (MaxPool)',
    description: 'MaxPool-22 with 3×3 windows, stride 1 and pads of 1: each pixel becomes the brightest of its neighbourhood (a morphological dilation).',
    image: { inputScale: 1, outputScale: 1 },
    spec: {
      opset: 22,
      irVersion: 10,
      inputs: [imageInput],
      outputs: [imageOutput],
      nodes: [{ op: 'MaxPool', name: 'dilate', inputs: ['image'], outputs: ['result'], attributes: { kernel_shape: [3, 3], pads: [1, 1, 1, 1] } }],
    },
  },
  ...[[1, 'float32'], [8, 'float64'], [10, 'float32'], [11, 'float16'], [12, 'int8'], [22, 'bfloat16']].map(([opset, type]) => maxPoolChain(opset, type)),
  // Resize: a picture pixelated (down to a quarter, then up again), and a model per version.
  {
    file: 'image-pixelate.onnx',
    title: 'Pixelate (Resize)',
    description: 'Resize-19 nearest: down to a quarter of the size (scales [1, 1, 0.25, 0.25]), then up 4 times: blocks of 4×4 pixels.',
    image: { inputScale: 1, outputScale: 1 },
    spec: {
      opset: 19,
      irVersion: 9,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [
        { name: 'down', type: 'float32', dims: [4], data: [1, 1, 0.25, 0.25] },
        { name: 'up', type: 'float32', dims: [4], data: [1, 1, 4, 4] },
      ],
      nodes: [
        { op: 'Resize', name: 'shrink', inputs: ['image', '', 'down'], outputs: ['small'], attributes: { mode: 'nearest' } },
        { op: 'Resize', name: 'grow', inputs: ['small', '', 'up'], outputs: ['result'], attributes: { mode: 'nearest' } },
      ],
    },
  },
  ...[10, 11, 13, 18].map(resizeModel),
  // arith: Clip, Relu, Max, Add, Sub, Mul, Div, a model per opset where one of them has a new version
  {
    file: 'arith-opset1.onnx',
    title: 'Opset 1: arithmetic with the legacy broadcast',
    description: 'Add-1 of a row (broadcast = 1, B a suffix of A), Sub-1 of a column (axis = 0), Mul-1 of a same-shaped tensor, Div-1 by a scalar; Max-1, Relu-1 and Clip-1 (min and max attributes).',
    spec: {
      opset: 1,
      inputs: [{ name: 'x', type: 'float32', dims: [2, 3] }, { name: 'w', type: 'float32', dims: [2, 3] }],
      outputs: [{ name: 'y', type: 'float32', dims: [2, 3] }, { name: 'relu', type: 'float32', dims: [2, 3] }],
      initializers: [
        { name: 'row', type: 'float32', dims: [3], data: [0.5, -1, 2] },
        { name: 'column', type: 'float32', dims: [2], data: [1, -3] },
        { name: 'four', type: 'float32', dims: [], data: [4] },
      ],
      nodes: [
        { op: 'Add', inputs: ['x', 'row'], outputs: ['sum'], attributes: { broadcast: 1 } },
        { op: 'Sub', inputs: ['sum', 'column'], outputs: ['difference'], attributes: { broadcast: 1, axis: 0 } },
        { op: 'Mul', inputs: ['difference', 'w'], outputs: ['product'], attributes: { consumed_inputs: [0, 0] } },
        { op: 'Div', inputs: ['product', 'four'], outputs: ['quotient'], attributes: { broadcast: 1 } },
        { op: 'Max', inputs: ['quotient', 'x'], outputs: ['larger'], attributes: { consumed_inputs: [0, 0] } },
        { op: 'Clip', inputs: ['larger'], outputs: ['y'], attributes: { min: -2.5, max: 3.5 } },
        { op: 'Relu', inputs: ['x'], outputs: ['relu'], attributes: { consumed_inputs: [0] } },
      ],
    },
  },
  {
    file: 'arith-opset6.onnx',
    title: 'Opset 6: integer arithmetic',
    description: 'Add-6, Sub-6, Mul-6 and Div-6 on int32 (Div truncates; a division by 0 gives 0), the row broadcast by broadcast = 1; Max-6, Relu-6 and Clip-6 (max only) on float64.',
    spec: {
      opset: 6,
      inputs: [{ name: 'a', type: 'int32', dims: [3, 4] }, { name: 'b', type: 'int32', dims: [4] }, { name: 'x', type: 'float64', dims: [6] }, { name: 'z', type: 'float64', dims: [6] }],
      outputs: [{ name: 'quotient', type: 'int32', dims: [3, 4] }, { name: 'clipped', type: 'float64', dims: [6] }],
      nodes: [
        { op: 'Add', inputs: ['a', 'b'], outputs: ['sum'], attributes: { broadcast: 1 } },
        { op: 'Mul', inputs: ['sum', 'a'], outputs: ['product'] },
        { op: 'Sub', inputs: ['product', 'b'], outputs: ['difference'], attributes: { broadcast: 1 } },
        { op: 'Div', inputs: ['difference', 'b'], outputs: ['quotient'], attributes: { broadcast: 1 } },
        { op: 'Max', inputs: ['x', 'z'], outputs: ['larger'] },
        { op: 'Relu', inputs: ['larger'], outputs: ['relu'] },
        { op: 'Clip', inputs: ['relu'], outputs: ['clipped'], attributes: { max: 1.5 } },
      ],
    },
  },
  {
    file: 'arith-opset8.onnx',
    title: 'Opset 8: multidirectional broadcasting',
    description: 'Add-7, Sub-7, Mul-7 and Div-7 of a column and a row into a matrix (NumPy broadcasting), then Max-8 against a scalar.',
    spec: {
      opset: 8,
      inputs: [{ name: 'column', type: 'float32', dims: [3, 1] }, { name: 'row', type: 'float32', dims: [4] }],
      outputs: [{ name: 'y', type: 'float32', dims: [3, 4] }],
      initializers: [{ name: 'floor', type: 'float32', dims: [], data: [-0.75] }],
      nodes: [
        { op: 'Add', inputs: ['column', 'row'], outputs: ['sum'] },
        { op: 'Mul', inputs: ['row', 'sum'], outputs: ['product'] },
        { op: 'Sub', inputs: ['column', 'product'], outputs: ['difference'] },
        { op: 'Div', inputs: ['difference', 'row'], outputs: ['quotient'] },
        { op: 'Max', inputs: ['quotient', 'floor'], outputs: ['y'] },
      ],
    },
  },
  {
    file: 'clip-opset11.onnx',
    title: 'Clip-11: bounds as optional inputs',
    description: 'Clip with a min input only, then with the min left out (an empty input name) and a max input.',
    spec: {
      opset: 11,
      inputs: [{ name: 'x', type: 'float16', dims: [8] }],
      outputs: [{ name: 'y', type: 'float16', dims: [8] }],
      initializers: [{ name: 'lo', type: 'float16', dims: [], data: [numberToF16(-1.5)] }, { name: 'hi', type: 'float16', dims: [], data: [numberToF16(0.5)] }],
      nodes: [
        { op: 'Clip', inputs: ['x', 'lo'], outputs: ['above'] },
        { op: 'Clip', inputs: ['above', '', 'hi'], outputs: ['y'] },
      ],
    },
  },
  {
    file: 'clip-max-int-opset12.onnx',
    title: 'Opset 12: Clip and Max on integers',
    description: 'Clip-12 of int32 between two scalar inputs and Max-12 of int64 with a broadcast column.',
    spec: {
      opset: 12,
      inputs: [{ name: 'a', type: 'int32', dims: [10] }, { name: 'c', type: 'int64', dims: [2, 3] }, { name: 'd', type: 'int64', dims: [2, 1] }],
      outputs: [{ name: 'clipped', type: 'int32', dims: [10] }, { name: 'larger', type: 'int64', dims: [2, 3] }],
      initializers: [{ name: 'lo', type: 'int32', dims: [], data: [-2] }, { name: 'hi', type: 'int32', dims: [], data: [3] }],
      nodes: [
        { op: 'Clip', inputs: ['a', 'lo', 'hi'], outputs: ['clipped'] },
        { op: 'Max', inputs: ['c', 'd'], outputs: ['larger'] },
      ],
    },
  },
  {
    file: 'arith-bf16-opset13.onnx',
    title: 'Opset 13: bfloat16',
    description: 'Add-13, Sub-13, Mul-13, Div-13, Max-13, Relu-13 and Clip-13 in bfloat16 (computed in float32, each result rounded once).',
    spec: {
      opset: 13,
      inputs: [{ name: 'x', type: 'bfloat16', dims: [2, 4] }, { name: 'w', type: 'bfloat16', dims: [4] }],
      outputs: [{ name: 'y', type: 'bfloat16', dims: [2, 4] }],
      initializers: [{ name: 'hi', type: 'bfloat16', dims: [], data: [numberToBf16(2.5)] }],
      nodes: [
        { op: 'Add', inputs: ['x', 'w'], outputs: ['sum'] },
        { op: 'Sub', inputs: ['sum', 'x'], outputs: ['difference'] },
        { op: 'Mul', inputs: ['difference', 'x'], outputs: ['product'] },
        { op: 'Div', inputs: ['product', 'w'], outputs: ['quotient'] },
        { op: 'Max', inputs: ['quotient', 'w'], outputs: ['larger'] },
        { op: 'Relu', inputs: ['larger'], outputs: ['relu'] },
        { op: 'Clip', inputs: ['relu', '', 'hi'], outputs: ['y'] },
      ],
    },
  },
  {
    file: 'arith-int-opset14.onnx',
    title: 'Opset 14: Relu on integers, arithmetic on int64',
    description: 'Add-14, Sub-14, Mul-14 and Div-14 on int64 (wrapping, truncating), then Relu-14 on the int64 result.',
    spec: {
      opset: 14,
      inputs: [{ name: 'a', type: 'int64', dims: [6] }, { name: 'b', type: 'int64', dims: [6] }],
      outputs: [{ name: 'y', type: 'int64', dims: [6] }],
      initializers: [{ name: 'three', type: 'int64', dims: [], data: [3n] }],
      nodes: [
        { op: 'Mul', inputs: ['a', 'b'], outputs: ['product'] },
        { op: 'Add', inputs: ['product', 'three'], outputs: ['sum'] },
        { op: 'Sub', inputs: ['sum', 'b'], outputs: ['difference'] },
        { op: 'Div', inputs: ['difference', 'three'], outputs: ['quotient'] },
        { op: 'Relu', inputs: ['quotient'], outputs: ['y'] },
      ],
    },
  },
  // Pad, GlobalAveragePool and ReduceMean: every version.
  {
    file: 'image-mirror-blur.onnx',
    title: 'Mirrored-edge blur (Pad reflect)',
    description: 'Pad-19 reflects 2 pixels at each edge of the two image axes (an axes input), so that a 5×5 AveragePool without padding keeps the size and blurs the borders without darkening them.',
    image: { inputScale: 1, outputScale: 1 },
    spec: {
      opset: 19,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [
        { name: 'pads', type: 'int64', dims: [4], data: [2n, 2n, 2n, 2n] },
        { name: 'axes', type: 'int64', dims: [2], data: [2n, 3n] },
      ],
      nodes: [
        { op: 'Pad', name: 'mirror', inputs: ['image', 'pads', '', 'axes'], outputs: ['padded'], attributes: { mode: 'reflect' } },
        { op: 'AveragePool', name: 'blur', inputs: ['padded'], outputs: ['result'], attributes: { kernel_shape: [5, 5] } },
      ],
    },
  },
  {
    file: 'opset1-pad-mean.onnx',
    title: 'Opset 1: Pad, ReduceMean, GlobalAveragePool',
    description: 'Pad-1 (a `paddings` attribute and a value) around the image axes, ReduceMean-1 over the channels, GlobalAveragePool-1 over each plane.',
    spec: {
      opset: 1,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 2, 4, 4] }],
      outputs: [{ name: 'channel_mean', type: 'float32', dims: [1, 6, 6] }, { name: 'plane_mean', type: 'float32', dims: [1, 2, 1, 1] }],
      nodes: [
        { op: 'Pad', inputs: ['x'], outputs: ['padded'], attributes: { paddings: [0, 0, 1, 1, 0, 0, 1, 1], value: 0.5 } },
        { op: 'ReduceMean', inputs: ['padded'], outputs: ['channel_mean'], attributes: { axes: [1], keepdims: 0 } },
        { op: 'GlobalAveragePool', inputs: ['padded'], outputs: ['plane_mean'] },
      ],
    },
  },
  {
    file: 'pad-opset2-edge.onnx',
    title: 'Pad-2: edge, and cropping',
    description: 'Pad-2 repeats the edge values 2 times before each row and removes the last column (a negative pad), in float64.',
    spec: {
      opset: 2,
      inputs: [{ name: 'x', type: 'float64', dims: [3, 4] }],
      outputs: [{ name: 'y', type: 'float64', dims: [3, 5] }],
      nodes: [{ op: 'Pad', inputs: ['x'], outputs: ['y'], attributes: { mode: 'edge', pads: [0, 2, 0, -1] } }],
    },
  },
  {
    file: 'pad-mean-opset11-int.onnx',
    title: 'Pad-11 and ReduceMean-11 on int32',
    description: 'Pads and the constant as inputs (Pad-11), then the mean of each row (axes -1), integer division truncating toward zero.',
    spec: {
      opset: 11,
      inputs: [{ name: 'x', type: 'int32', dims: [2, 3] }],
      outputs: [{ name: 'y', type: 'int32', dims: [4, 1] }],
      initializers: [
        { name: 'pads', type: 'int64', dims: [4], data: [1n, 0n, 1n, 1n] },
        { name: 'fill', type: 'int32', dims: [], data: [-7] },
      ],
      nodes: [
        { op: 'Pad', inputs: ['x', 'pads', 'fill'], outputs: ['padded'] },
        { op: 'ReduceMean', inputs: ['padded'], outputs: ['y'], attributes: { axes: [-1] } },
      ],
    },
  },
  {
    file: 'pad-mean-opset13-bf16.onnx',
    title: 'Pad-13 and ReduceMean-13 in bfloat16',
    description: 'bfloat16 arrived in both at version 13: zeros around a [2, 2], then the mean of all of it.',
    spec: {
      opset: 13,
      inputs: [{ name: 'x', type: 'bfloat16', dims: [2, 2] }],
      outputs: [{ name: 'y', type: 'bfloat16', dims: [1, 1] }],
      initializers: [{ name: 'pads', type: 'int64', dims: [4], data: [1n, 1n, 1n, 1n] }],
      nodes: [
        { op: 'Pad', inputs: ['x', 'pads'], outputs: ['padded'] },
        { op: 'ReduceMean', inputs: ['padded'], outputs: ['y'] },
      ],
    },
  },
  {
    file: 'pad-mean-opset18-int64.onnx',
    title: 'Pad-18 and ReduceMean-18: axes as inputs',
    description: 'Pad-18 pads only the last axis (axes [-1]); ReduceMean-18 averages axis 0 given as an input, keeping it.',
    spec: {
      opset: 18,
      inputs: [{ name: 'x', type: 'int64', dims: [4, 3] }],
      outputs: [{ name: 'y', type: 'int64', dims: [1, 4] }],
      initializers: [
        { name: 'pads', type: 'int64', dims: [2], data: [0n, 1n] },
        { name: 'pad_axes', type: 'int64', dims: [1], data: [-1n] },
        { name: 'mean_axes', type: 'int64', dims: [1], data: [0n] },
      ],
      nodes: [
        { op: 'Pad', inputs: ['x', 'pads', '', 'pad_axes'], outputs: ['padded'], attributes: { mode: 'edge' } },
        { op: 'ReduceMean', inputs: ['padded', 'mean_axes'], outputs: ['y'] },
      ],
    },
  },
  // ReduceSum, ReduceProd, ReduceMax, ReduceMin: every version.
  ...[[1, 'float32'], [11, 'int32'], [12, 'float64']].map(([opset, type]) => ({
    file: `reduce-opset${opset}-${type}.onnx`,
    title: `Opset ${opset}: ReduceSum, ReduceProd, ReduceMax, ReduceMin`,
    description: `On a [2, 3, 4] ${type}: the sums of each row, the products down each column (negative axes), the largest over the batch, the smallest of all (axes and keepdims as attributes).`,
    spec: {
      opset,
      inputs: [{ name: 'x', type, dims: [2, 3, 4] }],
      outputs: [
        { name: 'row_sum', type, dims: [2, 3, 1] }, { name: 'column_product', type, dims: [2, 4] },
        { name: 'batch_max', type, dims: [1, 3, 4] }, { name: 'min', type, dims: [1, 1, 1] },
      ],
      nodes: [
        { op: 'ReduceSum', inputs: ['x'], outputs: ['row_sum'], attributes: { axes: [2] } },
        { op: 'ReduceProd', inputs: ['x'], outputs: ['column_product'], attributes: { axes: [-2], keepdims: 0 } },
        { op: 'ReduceMax', inputs: ['x'], outputs: ['batch_max'], attributes: { axes: [0] } },
        { op: 'ReduceMin', inputs: ['x'], outputs: ['min'] },
      ],
    },
  })),
  ...[[13, 'bfloat16'], [18, 'int64'], [20, 'float16']].map(([opset, type]) => ({
    file: `reduce-opset${opset}-${type}.onnx`,
    title: `Opset ${opset}: reductions in ${type}${opset >= 18 ? ', axes as inputs' : ''}`,
    description: `ReduceSum takes its axes as an input from 13, the others from 18: the sum of each row, the product down each column, the largest and smallest over the batch${opset >= 18 ? ' (ReduceMin with noop_with_empty_axes and no axes: the input itself)' : ''}.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type, dims: [2, 3] }],
      outputs: [
        { name: 'row_sum', type, dims: [2] }, { name: 'column_product', type, dims: [1, 3] },
        { name: 'batch_max', type, dims: [1, 3] }, { name: 'batch_min', type, dims: opset >= 18 ? [2, 3] : [1, 3] },
      ],
      initializers: [{ name: 'rows', type: 'int64', dims: [1], data: [-1n] }, { name: 'batch', type: 'int64', dims: [1], data: [0n] }],
      nodes: [
        { op: 'ReduceSum', inputs: ['x', 'rows'], outputs: ['row_sum'], attributes: { keepdims: 0 } },
        opset >= 18
          ? { op: 'ReduceProd', inputs: ['x', 'batch'], outputs: ['column_product'] }
          : { op: 'ReduceProd', inputs: ['x'], outputs: ['column_product'], attributes: { axes: [0] } },
        opset >= 18
          ? { op: 'ReduceMax', inputs: ['x', 'batch'], outputs: ['batch_max'] }
          : { op: 'ReduceMax', inputs: ['x'], outputs: ['batch_max'], attributes: { axes: [0] } },
        opset >= 18
          ? { op: 'ReduceMin', inputs: ['x'], outputs: ['batch_min'], attributes: { noop_with_empty_axes: 1 } }
          : { op: 'ReduceMin', inputs: ['x'], outputs: ['batch_min'], attributes: { axes: [0] } },
      ],
    },
  })),
  // ArgMax and ArgMin: every version.
  ...[[1, 'float32'], [11, 'int32'], [12, 'float64'], [13, 'bfloat16']].map(([opset, type]) => ({
    file: `argmax-opset${opset}-${type}.onnx`,
    title: `Opset ${opset}: ArgMax and ArgMin on ${type}`,
    description: `The index of the largest element of each row (axis ${opset >= 11 ? -1 : 1}) and of the smallest down each column, without keeping the axis${opset >= 12 ? '; the last of equal ones (select_last_index)' : ''}.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type, dims: [3, 4] }],
      outputs: [{ name: 'row_argmax', type: 'int64', dims: [3, 1] }, { name: 'column_argmin', type: 'int64', dims: [4] }],
      nodes: [
        { op: 'ArgMax', inputs: ['x'], outputs: ['row_argmax'], attributes: { axis: opset >= 11 ? -1 : 1, ...(opset >= 12 ? { select_last_index: 1 } : {}) } },
        { op: 'ArgMin', inputs: ['x'], outputs: ['column_argmin'], attributes: { axis: 0, keepdims: 0 } },
      ],
    },
  })),
  // NonMaxSuppression: both versions, both box formats.
  ...[10, 11].map((opset) => ({
    file: `nms-opset${opset}.onnx`,
    title: `NonMaxSuppression-${opset}`,
    description: `Six boxes of two batches (${opset === 10 ? '[y1, x1, y2, x2]' : 'centers and sizes'}), two classes: at most 2 per class, IoU above 0.3 suppressed, scores above -1 only.`,
    spec: {
      opset,
      inputs: [{ name: 'boxes', type: 'float32', dims: [2, 6, 4] }, { name: 'scores', type: 'float32', dims: [2, 2, 6] }],
      outputs: [{ name: 'selected', type: 'int64', dims: ['n', 3] }],
      initializers: [
        { name: 'max_boxes', type: 'int64', dims: [1], data: [2n] },
        { name: 'iou', type: 'float32', dims: [1], data: [0.3] },
        { name: 'min_score', type: 'float32', dims: [1], data: [-1] },
      ],
      nodes: [{ op: 'NonMaxSuppression', inputs: ['boxes', 'scores', 'max_boxes', 'iou', 'min_score'], outputs: ['selected'], attributes: opset === 11 ? { center_point_box: 1 } : {} }],
    },
  })),
  // TopK: every version.
  ...[[1, 'float32'], [10, 'float64'], [11, 'int32'], [24, 'bfloat16']].map(([opset, type]) => ({
    file: `topk-opset${opset}-${type}.onnx`,
    title: `TopK-${opset} on ${type}`,
    description: `The 2 ${opset >= 11 ? 'smallest' : 'largest'} elements of each row of a [3, 5] with their indices, k ${opset >= 10 ? 'as an input' : 'as an attribute'}.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type, dims: [3, 5] }],
      outputs: [{ name: 'values', type, dims: [3, 2] }, { name: 'indices', type: 'int64', dims: [3, 2] }],
      initializers: opset >= 10 ? [{ name: 'k', type: 'int64', dims: [1], data: [2n] }] : [],
      nodes: [{
        op: 'TopK', inputs: opset >= 10 ? ['x', 'k'] : ['x'], outputs: ['values', 'indices'],
        attributes: { ...(opset < 10 ? { k: 2 } : {}), ...(opset >= 11 ? { largest: 0, axis: 1 } : {}) },
      }],
    },
  })),
  {
    file: 'global-pool-opset22-f16.onnx',
    title: 'GlobalAveragePool-22 in float16',
    description: 'The mean of each 4×4 plane, summed in float32 and rounded to float16 once.',
    spec: {
      opset: 22,
      inputs: [{ name: 'x', type: 'float16', dims: [2, 3, 4, 4] }],
      outputs: [{ name: 'y', type: 'float16', dims: [2, 3, 1, 1] }],
      nodes: [{ op: 'GlobalAveragePool', inputs: ['x'], outputs: ['y'] }],
    },
  },
  ...[21, 23, 24, 25].map((opset) => ({
    file: `pad-opset${opset}.onnx`,
    title: `Pad-${opset}: wrap`,
    description: `Pad-${opset} (new types this runtime lacks; the same for its twelve) wraps a row around: 2 elements before, 3 after.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type: 'float32', dims: [2, 4] }],
      outputs: [{ name: 'y', type: 'float32', dims: [2, 9] }],
      initializers: [{ name: 'pads', type: 'int64', dims: [4], data: [0n, 2n, 0n, 3n] }],
      nodes: [{ op: 'Pad', inputs: ['x', 'pads'], outputs: ['y'], attributes: { mode: 'wrap' } }],
    },
  })),
  // Constants and data movement (Constant, Identity, Cast, Shape, Gather, Concat): one model per opset
  // at which one of them has a version.
  ...[1, 4, 6, 9, 11, 12, 13, 14, 15, 16, 19, 21, 23, 24, 25].map(dataMovementTour),
  ...[1, 6, 7, 9, 11, 13].map(productTour),
  // Elementwise math (Sigmoid, Tanh, Exp, Log, Sqrt, Abs, Neg, Reciprocal, Erf): one model per opset at
  // which one of them has a version.
  ...[[1, 'float64'], [6, 'float32'], [9, 'float32'], [13, 'bfloat16']].map(([opset, type]) => mathTour(opset, type)),
  {
    file: 'image-edges.onnx',
    title: 'Edges (Conv)',
    description: 'A 3×3 Laplacian on each channel (Conv-22, depthwise: group 3) plus a bias of mid-gray, so flat areas turn gray and edges light or dark.',
    image: { inputScale: 1 / 255, outputScale: 255 },
    spec: {
      opset: 22,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [
        { name: 'laplacian', type: 'float32', dims: [3, 1, 3, 3], data: [0, 1, 2].flatMap(() => [0, -1, 0, -1, 4, -1, 0, -1, 0]) },
        { name: 'gray', type: 'float32', dims: [3], data: [0.5, 0.5, 0.5] },
      ],
      nodes: [{ op: 'Conv', name: 'edges', inputs: ['image', 'laplacian', 'gray'], outputs: ['result'], attributes: { group: 3, pads: [1, 1, 1, 1] } }],
    },
  },
  featureMaps(),
  brightSpots(),
  {
    file: 'conv-opset1.onnx',
    title: 'Conv-1: a 1-D smoothing filter',
    description: 'A [0.25, 0.5, 0.25] kernel over a signal, one zero of padding on each side, no bias.',
    spec: {
      opset: 1,
      inputs: [{ name: 'signal', type: 'float32', dims: [1, 1, 8] }],
      outputs: [{ name: 'smooth', type: 'float32', dims: [1, 1, 8] }],
      initializers: [{ name: 'w', type: 'float32', dims: [1, 1, 3], data: [0.25, 0.5, 0.25] }],
      nodes: [{ op: 'Conv', inputs: ['signal', 'w'], outputs: ['smooth'], attributes: { kernel_shape: [3], pads: [1, 1] } }],
    },
  },
  {
    file: 'conv-opset11.onnx',
    title: 'Conv-11: stride 2, auto_pad SAME_UPPER',
    description: 'Two 2×2 filters (a sum and a difference) with stride 2 over a 5×5 input: SAME_UPPER pads the odd pixel at the end, 3×3 outputs.',
    spec: {
      opset: 11,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 5, 5] }],
      outputs: [{ name: 'y', type: 'float32', dims: [1, 2, 3, 3] }],
      initializers: [{ name: 'w', type: 'float32', dims: [2, 1, 2, 2], data: [1, 1, 1, 1, 1, -1, 1, -1] }],
      nodes: [{ op: 'Conv', inputs: ['x', 'w'], outputs: ['y'], attributes: { strides: [2, 2], auto_pad: 'SAME_UPPER' } }],
    },
  },
  // LSTM, GRU and RNN at each opset at which one of them has a version.
  ...[1, 3, 7, 14, 22].map(recurrentTour),
  {
    file: 'unsupported-operator.onnx',
    title: 'Unsupported operator (expected error)',
    description: 'Floor followed by Unique, which onnx-wasm does not implement: loading fails with a message naming the node.',
    expectError: 'UNSUPPORTED',
    spec: {
      opset: 13,
      inputs: [{ name: 'x', type: 'float32', dims: [4] }],
      outputs: [{ name: 'y', type: 'float32', dims: [4] }],
      nodes: [
        { op: 'Floor', name: 'floor', inputs: ['x'], outputs: ['f'] },
        { op: 'Unique', name: 'unique', inputs: ['f'], outputs: ['y'] },
      ],
    },
  },
  // Comparisons: a model per opset where one of them has a new version.
  ...[
    [1, [['Equal', 'int32'], ['Less', 'float32'], ['Greater', 'float64']]],
    [7, [['Equal', 'int64'], ['Less', 'float16'], ['Greater', 'float32']]],
    [9, [['Less', 'int32'], ['Greater', 'int64']]],
    [11, [['Equal', 'float32']]],
    [12, [['LessOrEqual', 'float64'], ['GreaterOrEqual', 'int32']]],
    [13, [['Equal', 'bfloat16'], ['Less', 'bfloat16'], ['Greater', 'float16']]],
    [16, [['LessOrEqual', 'bfloat16'], ['GreaterOrEqual', 'float16']]],
    [19, [['Equal', 'float64']]],
  ].map(([opset, comparisons]) => comparisonModel(opset, comparisons)),
  {
    file: 'truncated.onnx',
    title: 'Broken file (expected error)',
    description: 'The Floor/Ceil/Round model cut off after 60 bytes: loading fails as an invalid model.',
    expectError: 'INVALID_MODEL',
    bytes: () => modelBytes(MODELS.find((m) => m.file === 'rounding.onnx')).subarray(0, 60),
  },
];

// Each comparison of a [2, 3] `a` and a row `b` of its type into bool, the row broadcast (by broadcast
// = 1 in opset 1).
function comparisonModel(opset, comparisons) {
  const types = [...new Set(comparisons.map(([, type]) => type))];
  return {
    file: `compare-opset${opset}.onnx`,
    title: `Opset ${opset}: comparisons`,
    description: `${comparisons.map(([op, type]) => `${op}-${opset} on ${type}`).join(', ')}: a [2, 3] against a row of 3, into bool.`,
    spec: {
      opset,
      inputs: types.flatMap((type) => [{ name: `a_${type}`, type, dims: [2, 3] }, { name: `b_${type}`, type, dims: [3] }]),
      outputs: comparisons.map(([op]) => ({ name: op.toLowerCase(), type: 'bool', dims: [2, 3] })),
      nodes: comparisons.map(([op, type]) => ({
        op, inputs: [`a_${type}`, `b_${type}`], outputs: [op.toLowerCase()], attributes: opset < 7 ? { broadcast: 1 } : {},
      })),
    },
  };
}

// x [2, 3, 4] -> Transpose [4, 2, 3] -> Unsqueeze [1, 4, 2, 3] -> Reshape [1, 4, 6] -> Squeeze [4, 6] ->
// Flatten [4, 6], as each version takes its axes and shape: attributes, then inputs (initializers here).
// MaxPool at `opset` in `type`: 3x3 windows of stride 2 with padding (and from 10 ceil_mode and
// dilations), and GlobalMaxPool where it has a version (1 and 22) and takes the type.
function maxPoolChain(opset, type) {
  const attributes = { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1], ...(opset >= 10 ? { ceil_mode: 1, dilations: [1, 2] } : {}) };
  const global = opset === 1 || opset === 22;
  const outputs = [{ name: 'y', type, dims: opset >= 10 ? [1, 2, 4, 3] : [1, 2, 4, 4] }];
  if (global) outputs.push({ name: 'plane_max', type, dims: [1, 2, 1, 1] });
  return {
    file: `maxpool-opset${opset}.onnx`,
    title: `Opset ${opset}: MaxPool${global ? ' and GlobalMaxPool' : ''}`,
    description: `MaxPool-${opset} in ${type}: 3×3 windows, stride 2, pads of 1${opset >= 10 ? ', ceil_mode and dilations [1, 2]' : ''}` +
      `${global ? `; GlobalMaxPool-${opset}, each plane's maximum` : ''}.`,
    spec: {
      opset,
      irVersion: opset >= 21 ? 10 : 8,
      inputs: [{ name: 'x', type, dims: [1, 2, 7, 7] }],
      outputs,
      nodes: [
        { op: 'MaxPool', inputs: ['x'], outputs: ['y'], attributes },
        ...(global ? [{ op: 'GlobalMaxPool', inputs: ['x'], outputs: ['plane_max'] }] : []),
      ],
    },
  };
}

// Resize-`opset` (nearest, so that the gallery's check is exact): 10 with scales, 11 with sizes on int32
// (asymmetric, floor), 13 in bfloat16 with roi and scales omitted but sizes, 18 with axes and
// keep_aspect_ratio_policy on int8.
function resizeModel(opset) {
  const f32 = (name, data) => ({ name, type: 'float32', dims: [data.length], data });
  const sizes = (data) => ({ name: 'sizes', type: 'int64', dims: [data.length], data: data.map(BigInt) });
  const model = {
    10: { type: 'float32', out: [1, 2, 6, 9], initializers: [f32('scales', [1, 1, 2, 3])], inputs: ['x', 'scales'], attributes: { mode: 'nearest' },
      text: 'scales [1, 1, 2, 3] (asymmetric coordinates, floor as onnxruntime)' },
    11: { type: 'int32', out: [1, 2, 5, 2], initializers: [f32('roi', []), f32('scales', []), sizes([1, 2, 5, 2])], inputs: ['x', 'roi', 'scales', 'sizes'],
      attributes: { mode: 'nearest', coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor' }, text: 'sizes [1, 2, 5, 2] on int32, asymmetric, floor' },
    13: { type: 'bfloat16', out: [1, 2, 4, 6], initializers: [sizes([1, 2, 4, 6])], inputs: ['x', '', '', 'sizes'],
      attributes: { mode: 'nearest', nearest_mode: 'round_prefer_ceil' }, text: 'sizes [1, 2, 4, 6] in bfloat16, roi and scales omitted, round_prefer_ceil' },
    18: { type: 'int8', out: [1, 2, 7, 7], initializers: [sizes([7, 9])], inputs: ['x', '', '', 'sizes'],
      attributes: { mode: 'nearest', axes: [-2, -1], keep_aspect_ratio_policy: 'not_larger' }, text: 'sizes [7, 9] for axes [-2, -1] on int8, keep_aspect_ratio_policy not_larger' },
  }[opset];
  return {
    file: `resize-opset${opset}.onnx`,
    title: `Resize-${opset}`,
    description: `Resize-${opset} nearest on a [1, 2, 3, 3] ${model.type} input: ${model.text}.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type: model.type, dims: [1, 2, 3, 3] }],
      outputs: [{ name: 'y', type: model.type, dims: model.out }],
      initializers: model.initializers,
      nodes: [{ op: 'Resize', inputs: model.inputs, outputs: ['y'], attributes: model.attributes }],
    },
  };
}

function shapeChain(opset, type) {
  // The attribute `attribute`, or from opset `since` the initializer `name` as the node's second input.
  const listed = (attribute, name, values, since) => (opset >= since
    ? { inputs: [name], initializers: [{ name, type: 'int64', dims: [values.length], data: values.map(BigInt) }] }
    : { attributes: { [attribute]: values } });
  const unsqueeze = listed('axes', 'unsqueeze_axes', [0], 13);
  const reshape = listed('shape', 'shape', [0, 4, -1], 5);
  const squeeze = listed('axes', 'squeeze_axes', opset >= 11 ? [-3] : [0], 13);
  const node = (op, input, output, { inputs = [], attributes = {} }) => ({ op, inputs: [input, ...inputs], outputs: [output], attributes });
  return {
    file: `shape-ops-opset${opset}.onnx`,
    title: `Opset ${opset}: Reshape, Flatten, Squeeze, Unsqueeze, Transpose`,
    description: `The five in ${type} at opset ${opset}: Transpose [2, 0, 1], Unsqueeze, Reshape with a 0 and a -1, Squeeze, Flatten${opset >= 11 ? ' with axis -1' : ''}` +
      `${opset >= 13 ? '; axes and shape as inputs' : opset >= 5 ? '; shape as an input, axes as attributes' : '; shape and axes as attributes'}.`,
    spec: {
      opset,
      irVersion: opset >= 23 ? 11 : opset >= 21 ? 10 : 8, // the IR versions that brought those opsets
      inputs: [{ name: 'x', type, dims: [2, 3, 4] }],
      outputs: [{ name: 'y', type, dims: [4, 6] }],
      initializers: [unsqueeze, reshape, squeeze].flatMap((l) => l.initializers ?? []),
      nodes: [
        node('Transpose', 'x', 'transposed', { attributes: { perm: [2, 0, 1] } }),
        node('Unsqueeze', 'transposed', 'unsqueezed', unsqueeze),
        node('Reshape', 'unsqueezed', 'reshaped', reshape),
        node('Squeeze', 'reshaped', 'squeezed', squeeze),
        node('Flatten', 'squeezed', 'y', { attributes: { axis: opset >= 11 ? -1 : 1 } }),
      ],
    },
  };
}

// A small graph of the six operators at `opset`: a Constant joined to the input, its shape, some of
// its elements picked (a negative index among them) and cast to int32.
// A dense layer by MatMul and by Gemm (B transposed, a bias row: broadcast = 1 before version 7, left
// out from 11); from version 9 an int32 MatMul whose sum wraps.
function productTour(opset) {
  const ints = opset >= 9;
  const bias = opset < 11;
  return {
    file: `products-opset${opset}.onnx`,
    title: `Matrix products at opset ${opset}`,
    description: 'MatMul of a batch of rows [N, 4] by a constant [4, 3] matrix, and Gemm of the same rows by the matrix ' +
      `transposed, times alpha 1.5${bias ? ', plus a bias row' : ' (no C: optional from version 11)'}` +
      (ints ? '; an int32 MatMul of a row by a column whose sum wraps around (2147483647 × 2 + 2 = 0).' : '.'),
    spec: {
      opset,
      inputs: [{ name: 'x', type: 'float32', dims: ['N', 4] }, ...(ints ? [{ name: 'row', type: 'int32', dims: [2] }] : [])],
      outputs: [{ name: 'y', type: 'float32', dims: ['N', 3] }, { name: 'dense', type: 'float32', dims: ['N', 3] },
        ...(ints ? [{ name: 'sum', type: 'int32', dims: [] }] : [])],
      initializers: [
        { name: 'w', type: 'float32', dims: [4, 3], data: [1, 0, 0.5, 0, 1, 0.5, -1, 0, 0.25, 0, -1, 0.25] },
        { name: 'wt', type: 'float32', dims: [3, 4], data: [1, 0, -1, 0, 0, 1, 0, -1, 0.5, 0.5, 0.25, 0.25] },
        ...(bias ? [{ name: 'bias', type: 'float32', dims: [3], data: [0.5, -0.5, 1] }] : []),
        ...(ints ? [{ name: 'column', type: 'int32', dims: [2], data: [2, 1] }] : []),
      ],
      nodes: [
        { op: 'MatMul', inputs: ['x', 'w'], outputs: ['y'] },
        { op: 'Gemm', inputs: ['x', 'wt', ...(bias ? ['bias'] : [])], outputs: ['dense'],
          attributes: { transB: 1, alpha: 1.5, ...(opset < 7 ? { broadcast: 1 } : {}) } },
        ...(ints ? [{ op: 'MatMul', inputs: ['row', 'column'], outputs: ['sum'] }] : []),
      ],
    },
  };
}

function dataMovementTour(opset) {
  const constant = opset >= 12
    ? { value_floats: [0.5, -1.5, 2.5] }
    : { value: { raw: { type: 4, t: tensorProto({ type: 'float32', dims: [3], data: [0.5, -1.5, 2.5] }) } } };
  return {
    file: `data-movement-opset${opset}.onnx`,
    title: `Data movement at opset ${opset}`,
    description: 'A Constant concatenated to the input; Shape of the result' + (opset >= 15 ? ' (its last axis: start -1)' : '') +
      '; Gather of three of its elements, one by a negative index, Cast to int32; Identity of the shape.',
    spec: {
      opset,
      irVersion: opset >= 23 ? 11 : opset >= 21 ? 10 : 8, // the IR versions that brought those opsets
      inputs: [{ name: 'x', type: 'float32', dims: [4] }],
      outputs: [{ name: 'picked', type: 'int32', dims: [3] }, { name: 'shape', type: 'int64', dims: [1] }],
      initializers: [{ name: 'indices', type: 'int64', dims: [3], data: [-1n, 0n, 2n] }],
      nodes: [
        { op: 'Constant', outputs: ['c'], attributes: constant },
        { op: 'Concat', inputs: ['x', 'c'], outputs: ['joined'], attributes: { axis: 0 } },
        { op: 'Shape', inputs: ['joined'], outputs: ['dims'], attributes: opset >= 15 ? { start: -1 } : {} },
        { op: 'Identity', inputs: ['dims'], outputs: ['shape'] },
        { op: 'Gather', inputs: ['joined', 'indices'], outputs: ['gathered'] },
        { op: 'Cast', inputs: ['gathered'], outputs: ['picked'], attributes: { to: opset >= 6 ? 6 : 'INT32' } },
      ],
    },
  };
}

// Each elementwise math operator at `opset` on one input (Log and Sqrt of its magnitude), one output
// each; from opset 9 Erf too, and Abs, Neg and Erf of an int32 input from opset 6 and 9.
function mathTour(opset, type) {
  const ops = ['Sigmoid', 'Tanh', 'Exp', 'Neg', 'Reciprocal', ...(opset >= 9 ? ['Erf'] : [])];
  const integerOps = opset >= 6 ? ['Abs', 'Neg', ...(opset >= 9 ? ['Erf'] : [])] : [];
  const legacy = opset < 6 ? { consumed_inputs: [0] } : undefined;
  const node = (op, input, output) => ({ op, inputs: [input], outputs: [output], ...(legacy && { attributes: legacy }) });
  const output = (name, t = type) => ({ name, type: t, dims: [8] });
  return {
    file: `math-opset${opset}.onnx`,
    title: `Elementwise math at opset ${opset}`,
    description: `${[...ops, 'Abs', 'Log', 'Sqrt'].join(', ')} in ${type}${opset < 6 ? ' (with the legacy consumed_inputs attribute)' : ''}; ` +
      `Log and Sqrt of the input's magnitude (Abs)${integerOps.length ? `; ${integerOps.join(', ')} of int32 (Erf truncates: 0)` : ''}.`,
    spec: {
      opset,
      inputs: [{ name: 'x', type, dims: [8] }, ...(integerOps.length ? [{ name: 'n', type: 'int32', dims: [8] }] : [])],
      outputs: [...ops.map((op) => output(op.toLowerCase())), output('log'), output('sqrt'), ...integerOps.map((op) => output(`int_${op.toLowerCase()}`, 'int32'))],
      nodes: [
        ...ops.map((op) => node(op, 'x', op.toLowerCase())),
        node('Abs', 'x', 'magnitude'),
        node('Log', 'magnitude', 'log'),
        node('Sqrt', 'magnitude', 'sqrt'),
        ...integerOps.map((op) => node(op, 'n', `int_${op.toLowerCase()}`)),
      ],
    },
  };
}

// x [4, 1, 3] through an LSTM, a GRU and an RNN of hidden size 2, each with its biases and an initial
// state; the LSTM with peepholes, the GRU with linear_before_reset from opset 3, the RNN reversed, and
// from opset 14 batch first (x read as 4 sequences of one step). Gives each one's final hidden state.
function recurrentTour(opset) {
  const weights = (name, dims, seed) => {
    const n = dims.reduce((a, b) => a * b, 1);
    return { name, type: 'float32', dims, data: Array.from({ length: n }, (_, i) => (((i * 7 + seed) % 11) - 5) / 10) };
  };
  const cell = (op, gates, extra, seed) => {
    const hidden = 2;
    const state = opset >= 14 && op === 'RNN' ? [4, 1, hidden] : [1, 1, hidden];
    const inits = [
      weights(`${op}_W`, [1, gates * hidden, 3], seed),
      weights(`${op}_R`, [1, gates * hidden, hidden], seed + 1),
      weights(`${op}_B`, [1, 2 * gates * hidden], seed + 2),
      weights(`${op}_h0`, state, seed + 3),
      ...(op === 'LSTM' ? [weights('LSTM_c0', state, seed + 4), weights('LSTM_P', [1, 3 * hidden], seed + 5)] : []),
    ];
    const inputs = ['x', `${op}_W`, `${op}_R`, `${op}_B`, '', `${op}_h0`, ...(op === 'LSTM' ? ['LSTM_c0', 'LSTM_P'] : [])];
    const node = { op, name: op.toLowerCase(), inputs, outputs: ['', `${op.toLowerCase()}_h`], attributes: { hidden_size: hidden, ...extra } };
    return { inits, node, output: { name: `${op.toLowerCase()}_h`, type: 'float32', dims: state } };
  };
  const parts = [
    cell('LSTM', 4, {}, 1),
    cell('GRU', 3, opset >= 3 ? { linear_before_reset: 1 } : {}, 2),
    cell('RNN', 1, { direction: 'reverse', activations: ['LeakyRelu'], activation_alpha: [0.1], ...(opset >= 14 ? { layout: 1 } : {}) }, 3),
  ];
  return {
    file: `recurrent-opset${opset}.onnx`,
    title: `LSTM, GRU and RNN at opset ${opset}`,
    description: 'Four steps of three features through an LSTM (peepholes), a GRU' + (opset >= 3 ? ' (linear before reset)' : '') +
      ' and a reversed LeakyRelu RNN' + (opset >= 14 ? ' (batch first: four sequences of one step)' : '') + ', hidden size 2: their final hidden states.',
    spec: {
      opset,
      irVersion: opset >= 21 ? 10 : 8, // the IR versions that brought those opsets
      inputs: [{ name: 'x', type: 'float32', dims: [4, 1, 3] }],
      outputs: parts.map((p) => p.output),
      initializers: parts.flatMap((p) => p.inits),
      nodes: parts.map((p) => p.node),
    },
  };
}

// A small CNN's first layers on the picture, with hand-set filters so that each feature map means
// something: Sobel in x and y and a diagonal, each sign, on the gray picture (Conv, 3 -> 6), Relu,
// a 2x2 MaxPool, then a 1x1 Conv that shows the vertical edges in red, the horizontal in green and the
// diagonal in blue, clipped to [0, 1].
function featureMaps() {
  const kernels = [[-1, 0, 1, -2, 0, 2, -1, 0, 1], [-1, -2, -1, 0, 0, 0, 1, 2, 1], [0, 1, 2, -1, 0, 1, -2, -1, 0]];
  // Each filter and its negative, the same on R, G and B (a third each: the gray picture's).
  const filters = kernels.flatMap((k) => [k, k.map((v) => -v)]).flatMap((k) => [0, 1, 2].flatMap(() => k.map((v) => v / 3)));
  // Output channel c sums feature maps 2c and 2c + 1 (both signs of one direction), doubled.
  const mix = [0, 1, 2].flatMap((c) => [0, 1, 2, 3, 4, 5].map((m) => (m >> 1 === c ? 2 : 0)));
  return {
    file: 'image-feature-maps.onnx',
    title: "A small CNN's feature maps",
    description: 'Six 3×3 filters on the gray picture (Sobel across, Sobel down, a diagonal, each sign: Conv 3 → 6), Relu, a 2×2 MaxPool, then a 1×1 Conv (6 → 3): vertical edges in red, horizontal in green, diagonal in blue, Clip to [0, 1].',
    image: { inputScale: 1 / 255, outputScale: 255 },
    spec: {
      opset: 22,
      inputs: [imageInput],
      outputs: [imageOutput],
      initializers: [
        { name: 'filters', type: 'float32', dims: [6, 3, 3, 3], data: filters },
        { name: 'mix', type: 'float32', dims: [3, 6, 1, 1], data: mix },
        { name: 'zero', type: 'float32', dims: [], data: [0] },
        { name: 'one', type: 'float32', dims: [], data: [1] },
      ],
      nodes: [
        { op: 'Conv', name: 'conv1', inputs: ['image', 'filters'], outputs: ['features'], attributes: { pads: [1, 1, 1, 1] } },
        { op: 'Relu', name: 'relu', inputs: ['features'], outputs: ['rectified'] },
        { op: 'MaxPool', name: 'pool', inputs: ['rectified'], outputs: ['pooled'], attributes: { kernel_shape: [2, 2], strides: [2, 2] } },
        { op: 'Conv', name: 'conv2', inputs: ['pooled', 'mix'], outputs: ['mixed'] },
        { op: 'Clip', name: 'clip', inputs: ['mixed', 'zero', 'one'], outputs: ['result'] },
      ],
    },
  };
}

// YOLO-style pre- and post-processing on a picture: letterbox it into a 320×320 square (the scale from
// its shape at run time, gray bars), score 40×40 windows by brightness, and keep the brightest that do
// not overlap (NonMaxSuppression): the boxes come out beside the letterboxed picture.
function brightSpots() {
  const SIDE = 320;
  const WINDOW = 40;
  const STRIDE = 20;
  const cells = (SIDE - WINDOW) / STRIDE + 1;
  const boxes = [];
  for (let i = 0; i < cells; i++) for (let j = 0; j < cells; j++) boxes.push(i * STRIDE, j * STRIDE, i * STRIDE + WINDOW, j * STRIDE + WINDOW);
  const i64 = (name, dims, data) => ({ name, type: 'int64', dims, data: data.map(BigInt) });
  const f32 = (name, dims, data) => ({ name, type: 'float32', dims, data });
  return {
    file: 'image-bright-spots.onnx',
    title: 'Letterbox, then the brightest spots (NonMaxSuppression)',
    description: `Scales the picture to fit ${SIDE}×${SIDE} (Shape, Gather, ReduceMax, Div: the scale from its size as it runs), Resize and Pad with gray bars, as YOLO's pre-processing does; scores every ${WINDOW}×${WINDOW} window by its mean brightness (ReduceMean, AveragePool) and keeps the 5 brightest that barely overlap (NonMaxSuppression, IoU 0.1, score above 0.5), drawn as boxes.`,
    image: { inputScale: 1 / 255, outputScale: 255, boxes: 'spots' },
    spec: {
      opset: 18,
      inputs: [imageInput],
      outputs: [{ name: 'letterboxed', type: 'float32', dims: [1, 3, SIDE, SIDE] }, { name: 'spots', type: 'float32', dims: [null, 4] }],
      initializers: [
        i64('nc_index', [2], [0, 1]), i64('hw_index', [2], [2, 3]), i64('first_axis', [1], [0]), i64('channel_axis', [1], [1]),
        f32('side', [], [SIDE]), i64('side_hw', [2], [SIDE, SIDE]), i64('no_pads', [6], [0, 0, 0, 0, 0, 0]), f32('gray', [], [114 / 255]),
        i64('score_shape', [3], [1, 1, cells * cells]),
        f32('boxes', [1, cells * cells, 4], boxes), f32('box_list', [cells * cells, 4], boxes),
        i64('max_boxes', [1], [5]), f32('iou', [1], [0.1]), f32('min_score', [1], [0.5]), i64('box_column', [], [2]),
      ],
      nodes: [
        { op: 'Shape', inputs: ['image'], outputs: ['shape'] },
        { op: 'Gather', inputs: ['shape', 'nc_index'], outputs: ['nc'] },
        { op: 'Gather', inputs: ['shape', 'hw_index'], outputs: ['hw'] },
        { op: 'Cast', inputs: ['hw'], outputs: ['hw_float'], attributes: { to: 1 } },
        { op: 'ReduceMax', inputs: ['hw_float', 'first_axis'], outputs: ['longest'], attributes: { keepdims: 0 } },
        { op: 'Div', inputs: ['side', 'longest'], outputs: ['scale'] },
        { op: 'Mul', inputs: ['hw_float', 'scale'], outputs: ['scaled_hw'] },
        { op: 'Floor', inputs: ['scaled_hw'], outputs: ['fitted_hw'] },
        { op: 'Cast', inputs: ['fitted_hw'], outputs: ['new_hw'], attributes: { to: 7 } },
        { op: 'Concat', inputs: ['nc', 'new_hw'], outputs: ['sizes'], attributes: { axis: 0 } },
        { op: 'Resize', name: 'fit', inputs: ['image', '', '', 'sizes'], outputs: ['resized'], attributes: { mode: 'linear' } },
        { op: 'Sub', inputs: ['side_hw', 'new_hw'], outputs: ['bars'] },
        { op: 'Concat', inputs: ['no_pads', 'bars'], outputs: ['pads'], attributes: { axis: 0 } },
        { op: 'Pad', name: 'letterbox', inputs: ['resized', 'pads', 'gray'], outputs: ['letterboxed'] },
        { op: 'ReduceMean', name: 'brightness', inputs: ['letterboxed', 'channel_axis'], outputs: ['brightness'] },
        { op: 'AveragePool', name: 'windows', inputs: ['brightness'], outputs: ['window_means'], attributes: { kernel_shape: [WINDOW, WINDOW], strides: [STRIDE, STRIDE] } },
        { op: 'Reshape', inputs: ['window_means', 'score_shape'], outputs: ['scores'] },
        { op: 'NonMaxSuppression', name: 'brightest', inputs: ['boxes', 'scores', 'max_boxes', 'iou', 'min_score'], outputs: ['selected'] },
        { op: 'Gather', inputs: ['selected', 'box_column'], outputs: ['chosen'], attributes: { axis: 1 } },
        { op: 'Gather', inputs: ['box_list', 'chosen'], outputs: ['spots'] },
      ],
    },
    reference: 'onnxruntime-web',
  };
}

function modelBytes(model) {
  return model.bytes ? model.bytes() : buildModel(model.spec);
}

// What the demo's gallery shows; the other models are fixtures of the tests.
const GALLERY_FILES = new Set([
  'image-blur-posterize.onnx', 'image-downsample.onnx', 'image-dilated-blur.onnx', 'image-transpose.onnx', 'image-mirror-blur.onnx',
  'image-maxpool-dilate.onnx', 'image-pixelate.onnx', 'image-edges.onnx', 'image-feature-maps.onnx', 'image-bright-spots.onnx',
  'pytorch-soft-blur.onnx', 'pytorch-quantize.onnx', 'pytorch-relu6-levels.onnx', 'vad-lstm.onnx',
  'rounding.onnx', 'min-broadcast.onnx', 'half-precision.onnx',
  'math-opset13.onnx', 'products-opset13.onnx', 'reduce-opset18-int64.onnx', 'compare-opset19.onnx', 'topk-opset24-bfloat16.onnx', 'nms-opset11.onnx',
  'recurrent-opset22.onnx',
  'unsupported-operator.onnx', 'truncated.onnx',
]);
export const GALLERY = MODELS.filter((model) => GALLERY_FILES.has(model.file));

export const MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo', 'models');
export const VERSION_MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data', 'version-models');

/** The directory a model's file is in. */
export const modelDir = (model) => (GALLERY_FILES.has(model.file) ? MODELS_DIR : VERSION_MODELS_DIR);

/** Every model file, [{dir, file, bytes}]: the gallery's index.json included. */
export function demoModelFiles() {
  const index = GALLERY.map(({ file, title, description, image, audio, expectError }) => ({ file, title, description, image, audio, expectError }));
  const encoder = new TextEncoder();
  return [
    ...MODELS.map((model) => ({ dir: modelDir(model), file: model.file, bytes: modelBytes(model) })),
    { dir: MODELS_DIR, file: 'index.json', bytes: encoder.encode(`${JSON.stringify(index, null, 2)}\n`) },
  ];
}
