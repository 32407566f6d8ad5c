// The models of tools/demo-models.mjs (the demo's gallery in demo/models/, one family per opset in
// tests/data/version-models/): the committed files are what scripts/gen-demo-models.mjs writes, the
// models compute what their specs say, element by element against the references of
// helpers/reference.mjs, and the two broken ones fail as they say.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import * as ort from 'onnxruntime-web';
import { InferenceSession, Tensor, ready } from 'onnx-wasm';
import { MODELS, MODELS_DIR, VERSION_MODELS_DIR, demoModelFiles, modelDir } from '../../tools/demo-models.mjs';
import {
  bf16ToNumber, broadcastShape, f16ToNumber, inputIndex, numberToBf16, numberToF16, referenceMaxPool, referenceMin, referencePad, referencePool, referenceResize,
  referenceArg, referenceNms, referenceReduce, referenceReduceMean, roundHalfEven,
} from './helpers/reference.mjs';
import { referenceConv, referenceGemm, referenceMatMul } from './helpers/product-reference.mjs';
import { EXACT, MATH, ulpDistance } from './helpers/math-reference.mjs';
import { referenceRecurrent } from './helpers/recurrent-reference.mjs';
import { flattenDims, referenceTranspose, reshapeDims, squeezeDims, unsqueezeDims } from './helpers/shape-reference.mjs';
import { FLOAT_TYPES } from '../../tools/values.mjs';

before(() => ready());

const generated = demoModelFiles();

test('demo/models/ and tests/data/version-models/ hold exactly what the generator writes (run `npm run gen-models` after changing it)', () => {
  for (const dir of [MODELS_DIR, VERSION_MODELS_DIR]) {
    assert.deepEqual(existsSync(dir) ? readdirSync(dir).sort() : [], generated.filter((f) => f.dir === dir).map((f) => f.file).sort(), dir);
  }
  for (const { dir, file, bytes } of generated) assert.ok(readFileSync(join(dir, file)).equals(Buffer.from(bytes)), file);
});

// Values as numbers (bigints for int64) and how each type stores them.
const STORED = {
  float64: { encode: (x) => x, decode: (x) => x },
  float32: { encode: Math.fround, decode: (x) => x },
  float16: { encode: numberToF16, decode: f16ToNumber },
  bfloat16: { encode: numberToBf16, decode: bf16ToNumber },
  int8: { encode: (x) => x, decode: (x) => x },
  int32: { encode: (x) => x, decode: (x) => x },
  int64: { encode: (x) => x, decode: (x) => x },
  bool: { encode: (x) => (x ? 1 : 0), decode: (x) => x !== 0 },
};
const isFloat = (type) => type.startsWith('float') || type === 'bfloat16';
const toType = (type, x) => STORED[type].decode(STORED[type].encode(x));

// Input k of a model: its elements in a permuted order (so that Min's inputs differ), halves and
// negatives for the float types; symbolic dimensions become 4.
function inputValues(k, type, dims) {
  const n = dims.reduce((a, b) => a * b, 1);
  return Array.from({ length: n }, (_, i) => {
    const v = ((i * 7 + k * 3) % n) - Math.floor(n / 2);
    return isFloat(type) ? toType(type, v / 2) : type === 'int64' ? BigInt(v) : v;
  });
}

// Add, Sub, Mul, Div from their definitions: floats exact, rounded once to the type; integers wrap, and
// divide truncating, x / 0 defined as 0.
const ARITHMETIC = { Add: (x, y) => x + y, Sub: (x, y) => x - y, Mul: (x, y) => x * y, Div: (x, y) => x / y };
function arithmetic(op, type, x, y) {
  if (isFloat(type)) return toType(type, ARITHMETIC[op](x, y));
  const [a, b] = [BigInt(x), BigInt(y)];
  const exact = op === 'Div' && b === 0n ? 0n : ARITHMETIC[op](a, b);
  return type === 'int64' ? BigInt.asIntN(64, exact) : Number(BigInt.asIntN(32, exact));
}

// The comparisons: JavaScript's, in which NaN equals and orders nothing and -0 equals 0, as ONNX's.
const COMPARISONS = {
  Equal: (x, y) => x === y, Less: (x, y) => x < y, Greater: (x, y) => x > y, LessOrEqual: (x, y) => x <= y, GreaterOrEqual: (x, y) => x >= y,
};

function referenceMax(a, b, float) {
  if (float && (Number.isNaN(a) || Number.isNaN(b))) return NaN;
  if (float && a === 0 && b === 0) return Object.is(a, -0) && Object.is(b, -0) ? -0 : 0;
  return a > b ? a : b;
}

// Constants and data movement, for the gallery's 1-D graphs of them.
const DATA_MOVEMENT = {
  Constant: (_, a) => (a.value_floats
    ? { type: 'float32', dims: [a.value_floats.length], values: a.value_floats.map(Math.fround) }
    : { type: 'float32', dims: a.value.raw.t.dims, values: [...new Float32Array(a.value.raw.t.rawData.slice().buffer)] }),
  Identity: ([x]) => x,
  Concat: (inputs) => ({ type: inputs[0].type, dims: [inputs.reduce((n, t) => n + t.dims[0], 0)], values: inputs.flatMap((t) => t.values) }),
  Shape: ([x], a) => {
    const clamp = (v) => Math.min(Math.max(v < 0 ? v + x.dims.length : v, 0), x.dims.length);
    const dims = x.dims.slice(clamp(a.start ?? 0), a.end === undefined ? x.dims.length : clamp(a.end));
    return { type: 'int64', dims: [dims.length], values: dims.map(BigInt) };
  },
  Gather: ([x, indices]) => ({ type: x.type, dims: indices.dims, values: indices.values.map((k) => x.values[Number(k < 0 ? k + BigInt(x.dims[0]) : k)]) }),
  Cast: ([x], a) => {
    if (a.to !== 6 && a.to !== 'INT32') throw new Error('the gallery casts to int32 only');
    return { type: 'int32', dims: x.dims, values: x.values.map((v) => Math.trunc(v) + 0) };
  },
};

// The elementwise math operators' bound in each type (float64's with the reference's own error).
const MATH_ULPS = { float64: 4, float32: 2, float16: 1, bfloat16: 1 };

// The reference run of a spec: values by name ({type, dims, values}), node by node in file order.
const ELEMENTWISE = { Floor: Math.floor, Ceil: Math.ceil, Round: roundHalfEven };
const RECURRENT_OUTPUTS = { LSTM: ['Y', 'Y_h', 'Y_c'], GRU: ['Y', 'Y_h'], RNN: ['Y', 'Y_h'] };
function referenceRun(spec, feeds) {
  const values = new Map(Object.entries(feeds));
  // initializers of the half types hold bit patterns
  const initValue = (type, x) => (type === 'float16' || type === 'bfloat16' ? STORED[type].decode(x) : toType(type, x));
  for (const init of spec.initializers ?? []) values.set(init.name, { type: init.type, dims: init.dims, values: init.data.map((x) => initValue(init.type, x)) });
  for (const node of spec.nodes) {
    const inputs = (node.inputs ?? []).map((name) => values.get(name));
    const type = inputs[0]?.type; // none: a Constant
    let out;
    if (ELEMENTWISE[node.op]) {
      out = { type, dims: inputs[0].dims, values: inputs[0].values.map((x) => ELEMENTWISE[node.op](x)) };
    } else if (MATH[node.op]) {
      // floats within the bound of each type (exact ops exactly); int32 Abs and Neg, and Erf truncated
      const fn = isFloat(type) ? (x) => toType(type, MATH[node.op](x)) : (x) => Math.trunc(MATH[node.op](x)) | 0;
      out = { type, dims: inputs[0].dims, values: inputs[0].values.map(fn), ulps: isFloat(type) && !EXACT.has(node.op) ? MATH_ULPS[type] : 0 };
    } else if (node.op === 'Min') {
      const dims = broadcastShape(inputs.map((t) => t.dims));
      const n = dims.reduce((a, b) => a * b, 1);
      out = { type, dims, values: Array.from({ length: n }, (_, i) =>
        inputs.map((t) => t.values[inputIndex(dims, t.dims, i)]).reduce((m, v) => referenceMin(m, v, isFloat(type)))) };
    } else if (ARITHMETIC[node.op] || node.op === 'Max' || COMPARISONS[node.op]) {
      // versions 1 and 6 broadcast B (with broadcast = 1) from `axis`, by default as a suffix of A
      const [a, b] = inputs;
      const axis = node.attributes?.axis ?? a.dims.length - b.dims.length;
      const bDims = spec.opset < 7 && b.dims.length < a.dims.length
        ? [...new Array(axis).fill(1), ...b.dims, ...new Array(a.dims.length - axis - b.dims.length).fill(1)] : b.dims;
      const dims = broadcastShape([a.dims, bDims]);
      const n = dims.reduce((x, y) => x * y, 1);
      const op = COMPARISONS[node.op] ?? (node.op === 'Max' ? (x, y) => referenceMax(x, y, isFloat(type)) : (x, y) => arithmetic(node.op, type, x, y));
      out = { type: COMPARISONS[node.op] ? 'bool' : type, dims, values: Array.from({ length: n }, (_, i) => op(a.values[inputIndex(dims, a.dims, i)], b.values[inputIndex(dims, bDims, i)])) };
    } else if (node.op === 'Relu') {
      const zero = type === 'int64' ? 0n : 0;
      out = { type, dims: inputs[0].dims, values: inputs[0].values.map((x) => referenceMax(x, zero, isFloat(type))) };
    } else if (node.op === 'Clip') {
      // Min(max, Max(x, min)); attributes default to float32's range; from 11 a bound left out (an empty
      // name) is the type's lowest or highest value (a float type's largest finite; an integer's clamp
      // nothing)
      const F = 3.4028234663852886e38;
      const limit = (sign) => (FLOAT_TYPES[type] ? sign * FLOAT_TYPES[type].max : undefined);
      const bound = (k, attribute, sign) => (spec.opset < 11 ? toType(type, node.attributes?.[attribute] ?? sign * F) : inputs[k]?.values[0] ?? limit(sign));
      const [lo, hi] = [bound(1, 'min', -1), bound(2, 'max', 1)];
      const clip = (x) => {
        let v = x;
        if (lo !== undefined) v = referenceMax(v, lo, isFloat(type));
        if (hi !== undefined) v = referenceMin(v, hi, isFloat(type));
        return v;
      };
      out = { type, dims: inputs[0].dims, values: inputs[0].values.map(clip) };
    } else if (node.op === 'AveragePool') {
      const pooled = referencePool(inputs[0].values, inputs[0].dims, node.attributes);
      out = { type, dims: pooled.dims, values: pooled.y.map((x) => toType(type, x)) };
    } else if (node.op === 'MaxPool' || node.op === 'GlobalMaxPool') {
      const a = node.op === 'MaxPool' ? node.attributes : { kernel_shape: inputs[0].dims.slice(2) };
      const pooled = referenceMaxPool(inputs[0].values, inputs[0].dims, a, isFloat(type) ? -Infinity : -128);
      out = { type, dims: pooled.dims, values: pooled.y };
    } else if (node.op === 'Resize') {
      const given = (k) => (inputs[k]?.values.length ? inputs[k].values.map(Number) : undefined);
      const [roi, scales, sizes] = spec.opset === 10 ? [undefined, given(1), undefined] : [given(1), given(2), given(3)];
      const resized = referenceResize(inputs[0].values, inputs[0].dims, { version: spec.opset, ...node.attributes, roi, scales, sizes });
      out = { type, dims: resized.dims, values: resized.y };
    } else if (SHAPE_OPS[node.op]) {
      out = SHAPE_OPS[node.op](inputs[0], node.attributes ?? {}, inputs[1]?.values.map(Number));
    } else if (node.op === 'GlobalAveragePool') {
      const pooled = referencePool(inputs[0].values, inputs[0].dims, { kernel_shape: inputs[0].dims.slice(2) });
      out = { type, dims: pooled.dims, values: pooled.y.map((x) => toType(type, x)) };
    } else if (node.op === 'Pad') {
      const { dims } = inputs[0];
      const a = node.attributes ?? {};
      const pads = (a.pads ?? a.paddings ?? inputs[1].values).map(Number);
      const axes = inputs[3] ? inputs[3].values.map((x) => (Number(x) + dims.length) % dims.length) : dims.map((_, d) => d);
      const begin = dims.map(() => 0);
      const end = dims.map(() => 0);
      axes.forEach((axis, i) => { begin[axis] = pads[i]; end[axis] = pads[i + axes.length]; });
      const constant = inputs[2] ? inputs[2].values[0] : toType(type, a.value ?? 0);
      const padded = referencePad(inputs[0].values, dims, begin, end, a.mode ?? 'constant', type === 'int64' ? BigInt(constant) : constant);
      out = { type, dims: padded.dims, values: padded.data };
    } else if (node.op === 'ReduceMean') {
      const { dims } = inputs[0];
      const axes = (node.attributes?.axes ?? inputs[1]?.values ?? []).map((x) => (Number(x) + dims.length) % dims.length);
      const reduced = dims.map((_, d) => axes.length === 0 || axes.includes(d));
      const mean = referenceReduceMean(type, inputs[0].values, dims, reduced, node.attributes?.keepdims ?? 1);
      out = { type, dims: mean.dims, values: mean.y.map((x) => (isFloat(type) ? toType(type, x) : type === 'int64' ? x : Number(x))) };
    } else if (node.op === 'MatMul') {
      // integers as bigints, wrapped to the type by the reference
      const [a, b] = inputs.map((t) => (isFloat(type) ? t.values : t.values.map(BigInt)));
      const { dims, want } = referenceMatMul(type, a, inputs[0].dims, b, inputs[1].dims);
      out = { type, dims, values: want.map(({ value }) => (isFloat(type) ? toType(type, value) : type === 'int64' ? value : Number(value))) };
    } else if (node.op === 'Gemm') {
      const [a, b, c] = inputs;
      const { dims, want } = referenceGemm(type, a.values, a.dims, b.values, b.dims, c?.values, c?.dims, node.attributes ?? {});
      out = { type, dims, values: want.map(({ value }) => toType(type, value)) };
    } else if (['ReduceSum', 'ReduceProd', 'ReduceMax', 'ReduceMin'].includes(node.op)) {
      const { dims } = inputs[0];
      const axes = (node.attributes?.axes ?? inputs[1]?.values ?? []).map((x) => (Number(x) + dims.length) % dims.length);
      const reduced = dims.map((_, d) => (axes.length === 0 ? !node.attributes?.noop_with_empty_axes : axes.includes(d)));
      const r = referenceReduce(node.op, type, inputs[0].values, dims, reduced, node.attributes?.keepdims ?? 1);
      out = { type, dims: r.dims, values: r.y.map((x) => (isFloat(type) ? toType(type, x) : type === 'int64' ? x : Number(x))) };
    } else if (node.op === 'ArgMax' || node.op === 'ArgMin') {
      const { dims } = inputs[0];
      const axis = ((node.attributes?.axis ?? 0) + dims.length) % dims.length;
      const r = referenceArg(node.op === 'ArgMax', inputs[0].values, dims, axis, node.attributes?.keepdims ?? 1, node.attributes?.select_last_index);
      out = { type: 'int64', dims: r.dims, values: r.y };
    } else if (node.op === 'NonMaxSuppression') {
      const [boxes, scores, maxBoxes, iou, score] = inputs;
      const picked = referenceNms(boxes.values, scores.values, scores.dims, {
        center: node.attributes?.center_point_box === 1, maxBoxes: Number(maxBoxes.values[0]), iou: iou.values[0], score: score.values[0],
      });
      out = { type: 'int64', dims: [picked.length / 3, 3], values: picked };
    } else if (node.op === 'TopK') {
      const [x, k] = inputs;
      const count = Number(k ? k.values[0] : node.attributes.k);
      const largest = (node.attributes?.largest ?? 1) === 1;
      // rows of a 2-D x along its last axis: numbers by value, equal ones by index
      const [rows, n] = x.dims;
      const picks = Array.from({ length: rows }, (_, r) => [...Array(n).keys()]
        .sort((a, b) => (largest ? x.values[r * n + b] - x.values[r * n + a] : x.values[r * n + a] - x.values[r * n + b]) || a - b)
        .slice(0, count).map((i) => r * n + i));
      values.set(node.outputs[1], { type: 'int64', dims: [rows, count], values: picks.flat().map((p) => BigInt(p % n)) });
      out = { type, dims: [rows, count], values: picks.flat().map((p) => x.values[p]) };
    } else if (node.op === 'Conv') {
      const [x, w, b] = inputs;
      const { dims, want } = referenceConv(type, x.values, x.dims, w.values, w.dims, b?.values, node.attributes ?? {});
      out = { type, dims, values: want.map(({ value }) => toType(type, value)) };
    } else if (RECURRENT_OUTPUTS[node.op]) {
      // float32 sums in another order than the reference's float64: compared within a tolerance.
      const names = ['X', 'W', 'R', 'B', 'sequence_lens', 'initial_h', 'initial_c', 'P'];
      const given = Object.fromEntries(inputs.map((t, k) => [names[k], t && { data: t.values, dims: t.dims }]));
      const result = referenceRecurrent(node.op, given, node.attributes ?? {});
      node.outputs.forEach((name, k) => {
        const r = result[RECURRENT_OUTPUTS[node.op][k]];
        if (name !== '') values.set(name, { type, dims: r.dims, values: Array.from(r.data, (x) => toType(type, x)), approximate: true });
      });
      continue;
    } else if (DATA_MOVEMENT[node.op]) {
      out = DATA_MOVEMENT[node.op](inputs, node.attributes ?? {});
    } else {
      throw new Error(`no reference for ${node.op}`);
    }
    values.set(node.outputs[0], out);
  }
  return Object.fromEntries(spec.outputs.map(({ name }) => [name, values.get(name)]));
}

// Reshape, Flatten, Squeeze, Unsqueeze and Transpose of x ({type, dims, values}), with the node's
// attributes and its second input's values (shape or axes) if it has one.
const SHAPE_OPS = {
  Reshape: (x, a, shape) => ({ ...x, dims: reshapeDims(x.dims, shape ?? a.shape, a.allowzero) }),
  Flatten: (x, a) => ({ ...x, dims: flattenDims(x.dims, a.axis) }),
  Squeeze: (x, a, axes) => ({ ...x, dims: squeezeDims(x.dims, axes ?? a.axes) }),
  Unsqueeze: (x, a, axes) => ({ ...x, dims: unsqueezeDims(x.dims, axes ?? a.axes) }),
  Transpose: (x, a) => {
    const { dims, data } = referenceTranspose(x.values, x.dims, a.perm);
    return { type: x.type, dims, values: data };
  },
};

// A gallery model that takes a picture (exported, or with onnxruntime-web as its reference) on a
// 3-channel picture of 9×10 pixels, and the audio model on a frame of a chirp from a state of ramps,
// against onnxruntime-web on the same bytes, every output: exact where no window averages or
// interpolates and no transcendental function or sum of products runs, else within ONNX's tolerance.
const APPROXIMATE = new Set(['AveragePool', 'Resize', 'Conv', 'LSTM', 'Log', 'Sqrt', 'Gemm', 'Sigmoid']);
function ortFeeds(model, session) {
  if (!model.audio) {
    const dims = [1, 3, 9, 10];
    return { [session.inputNames[0]]: { dims, data: Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, (_, i) => (i * 37) % 256) } };
  }
  const wave = (i) => 0.3 * Math.sin(0.002 * i * i);
  return Object.fromEntries(session.graph.inputs.map(({ name, shape }, k) => {
    const n = shape.reduce((a, b) => a * b, 1);
    return [name, { dims: shape, data: Float32Array.from({ length: n }, (_, i) => (k === 0 ? wave(i) : ((i % 9) - 4) / 8)) }];
  }));
}

async function checkAgainstOrt(model, bytes, session) {
  const { file } = model;
  const feeds = ortFeeds(model, session);
  const outputs = await session.run(Object.fromEntries(Object.entries(feeds).map(([name, { dims, data }]) => [name, new Tensor('float32', data, dims)])));
  const reference = await ort.InferenceSession.create(bytes);
  const wanted = await reference.run(Object.fromEntries(Object.entries(feeds).map(([name, { dims, data }]) => [name, new ort.Tensor('float32', data, dims)])));
  await reference.release();
  const approximate = session.graph.nodes.some((n) => APPROXIMATE.has(n.opType));
  for (const output of session.outputNames) {
    const [got, want] = [outputs[output], wanted[output]];
    assert.deepEqual([...got.dims], [...want.dims], `${file}: ${output}'s dims`);
    for (let i = 0; i < want.data.length; i++) {
      const ok = approximate ? Math.abs(got.data[i] - want.data[i]) <= 1e-5 * Math.max(1, Math.abs(want.data[i])) : Object.is(got.data[i], want.data[i]);
      assert.ok(ok, `${file}: ${output}[${i}] is ${got.data[i]}, onnxruntime-web ${want.data[i]}`);
    }
  }
}

test('each model computes what its spec says; the broken ones fail with the code they expect', async () => {
  for (const model of MODELS) {
    const bytes = readFileSync(join(modelDir(model), model.file));
    if (model.expectError) {
      await assert.rejects(InferenceSession.create(bytes), (e) => e.code === model.expectError, model.file);
      continue;
    }
    const session = await InferenceSession.create(bytes);
    if (!model.spec || model.reference === 'onnxruntime-web') { // exported by PyTorch, or said so
      await checkAgainstOrt(model, bytes, session);
      session.release();
      continue;
    }
    const feeds = {};
    const tensors = {};
    for (const [k, { name, type, dims }] of model.spec.inputs.entries()) {
      const shape = dims.map((d) => (typeof d === 'number' ? d : 4));
      feeds[name] = { type, dims: shape, values: inputValues(k, type, shape) };
      const stored = feeds[name].values.map(STORED[type].encode);
      // half types as their bit patterns (a plain array would hold values)
      tensors[name] = new Tensor(type, type.endsWith('float16') ? Uint16Array.from(stored) : stored, shape);
    }
    const want = referenceRun(model.spec, feeds);
    const outputs = await session.run(tensors);
    assert.deepEqual(Object.keys(outputs), session.outputNames, model.file);
    for (const [name, { type, dims, values, ulps = 0, approximate }] of Object.entries(want)) {
      const got = outputs[name];
      assert.equal(got.type, type, `${model.file}: ${name}'s type`);
      assert.deepEqual([...got.dims], dims, `${model.file}: ${name}'s dims`);
      const gotValues = Array.from(got.data, STORED[type].decode);
      for (let i = 0; i < values.length; i++) {
        const ok = approximate ? Math.abs(gotValues[i] - values[i]) <= 1e-6 * Math.max(1, Math.abs(values[i]))
          : ulps ? ulpDistance(type, gotValues[i], values[i]) <= ulps : Object.is(gotValues[i], values[i]);
        assert.ok(ok, `${model.file}: ${name}[${i}] is ${gotValues[i]}, expected ${values[i]}`);
      }
    }
    session.release();
  }
});
