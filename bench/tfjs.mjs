// The matrix-product cases (MatMul, Gemm, Conv) run by TensorFlow.js's wasm backend
// (@tensorflow/tfjs-backend-wasm: XNNPACK's kernels, SIMD, one thread): the bench's higher anchor beside
// onnxruntime-web. TensorFlow.js convolves NHWC data with HWIO filters, so its inputs are laid out
// that way once, before timing, as its users hold them; a call uploads the fed inputs (as
// onnxruntime-web's run copies its feeds), computes, and reads the output back into a typed array.
// Constants of the case are uploaded once, as a model's weights are.

// [N, C, ...spatial] element order to [N, ...spatial, C], and back.
function channelsLast(data, [n, c, ...spatial]) {
  const plane = spatial.reduce((a, b) => a * b, 1);
  const out = new data.constructor(data.length);
  for (let b = 0; b < n; b++) for (let ch = 0; ch < c; ch++) for (let p = 0; p < plane; p++) out[(b * plane + p) * c + ch] = data[(b * c + ch) * plane + p];
  return out;
}
function channelsFirst(data, [n, ...rest]) {
  const c = rest[rest.length - 1];
  const plane = rest.slice(0, -1).reduce((a, b) => a * b, 1);
  const out = new data.constructor(data.length);
  for (let b = 0; b < n; b++) for (let p = 0; p < plane; p++) for (let ch = 0; ch < c; ch++) out[(b * c + ch) * plane + p] = data[(b * plane + p) * c + ch];
  return out;
}

// ONNX's Conv weights [O, I, kh, kw] as TensorFlow.js's filter [kh, kw, I, O].
function filterHwio(data, [o, i, kh, kw]) {
  const out = new data.constructor(data.length);
  for (let a = 0; a < o; a++) for (let b = 0; b < i; b++) for (let y = 0; y < kh; y++) for (let x = 0; x < kw; x++) out[((y * kw + x) * i + b) * o + a] = data[((a * i + b) * kh + y) * kw + x];
  return out;
}

/**
 * TensorFlow.js's call for product case `c` on the node's inputs `args` (in the node's order, each
 * {type, dims, data, fed}: fed inputs are uploaded on every call), or null where the case is not one it
 * has (a grouped Conv other than depthwise, a Conv that is not 2-D). {run() (timed: the output's typed
 * array, in TensorFlow.js's layout), output() (the output as ONNX lays it out, for checking), dispose()}.
 */
export function tfjsProduct(tf, c, args) {
  const held = [];
  const keep = (t) => (held.push(t), t);
  // A fed input uploaded per call, a constant once.
  const operand = ({ data, dims, fed }, layout = (d) => d, shape = dims) => {
    const laid = layout(data, dims);
    return fed ? () => tf.tensor(laid, shape, 'float32') : ((t) => () => t)(keep(tf.tensor(laid, shape, 'float32')));
  };
  let compute;
  let toOnnx = (data) => data;
  if (c.op === 'MatMul' || c.op === 'Gemm') {
    const [a, b, bias] = args.map((x) => x && operand(x));
    compute = c.op === 'MatMul' ? () => tf.matMul(a(), b()) : () => tf.fused.matMul({ a: a(), b: b(), bias: bias?.() });
  } else if (c.op === 'Conv') {
    const [x, w, bias] = args;
    const { group = 1, strides = [1, 1], pads = [0, 0, 0, 0], dilations = [1, 1] } = c.attributes ?? {};
    if (x.dims.length !== 4) return null;
    const [, channels, h, width] = x.dims;
    const [outChannels, , kh, kw] = w.dims;
    const depthwise = group === channels && w.dims[1] === 1 && outChannels === channels;
    if (group !== 1 && !depthwise) return null;
    const input = operand(x, channelsLast, [x.dims[0], h, width, channels]);
    // Depthwise filters [C, 1, kh, kw] are TensorFlow.js's [kh, kw, C, 1]: the same transposition, I and O swapped.
    const filter = operand(w, filterHwio, depthwise ? [kh, kw, channels, 1] : [kh, kw, w.dims[1], outChannels]);
    const b = bias && operand(bias);
    const pad = [[0, 0], [pads[0], pads[2]], [pads[1], pads[3]], [0, 0]];
    const conv = depthwise ? tf.fused.depthwiseConv2d : tf.fused.conv2d;
    compute = () => conv({ x: input(), filter: filter(), bias: b?.(), strides, pad, dilations, dataFormat: 'NHWC' });
    toOnnx = (data, dims) => channelsFirst(data, dims);
  } else {
    return null;
  }
  // The call's uploads are released by tidy, its output once read.
  const call = (read) => {
    const y = tf.tidy(compute);
    const data = read(y);
    y.dispose();
    return data;
  };
  return {
    run: () => call((y) => y.dataSync()),
    output: () => call((y) => toOnnx(y.dataSync(), y.shape)),
    dispose: () => held.forEach((t) => t.dispose()),
  };
}
