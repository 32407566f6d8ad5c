// ops.* options.out: the result written into a caller's Tensor (JS or wasm memory), in place over an
// input for the elementwise operators, and the errors for a wrong one. Every operator and every type of
// its newest version, on small tensors and on large ones (which elementwise calls with out in JS memory
// run in cache-sized blocks), checked against references written here (Math.floor, Math.min, a plain
// average) and against the same call without out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
import { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../tools/half-codecs.mjs';
import { roundHalfEven } from './helpers/reference.mjs';
import { FLOAT_TYPES, INT_TYPES, floatData, randomInt, rng } from '../../tools/values.mjs';

await ready();

const newest = (op) => supportedOperators().filter((r) => r.op === op).at(-1);
const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

function data(type, n, seed) {
  if (FLOAT_TYPES[type]) return floatData(type, n, seed);
  const next = rng(seed);
  return INT_TYPES[type].array.from({ length: n }, () => randomInt(type, next));
}

// Element values as numbers (bigints stay bigints), for references; the half types by table (the large
// cases decode millions).
const tableOf = (toNumber) => Float64Array.from({ length: 65536 }, (_, bits) => toNumber(bits));
const F16 = tableOf(f16ToNumber);
const BF16 = tableOf(bf16ToNumber);
function decode(type) {
  if (type === 'float16') return (bits) => F16[bits];
  if (type === 'bfloat16') return (bits) => BF16[bits];
  return (v) => v;
}
function encode(type) {
  if (type === 'float16') return numberToF16;
  if (type === 'bfloat16') return numberToBf16;
  return (v) => v;
}

const ROUNDING = { Floor: Math.floor, Ceil: Math.ceil, Round: roundHalfEven };

// The reference for an elementwise call: fn over the decoded elements, broadcast by NumPy rules.
function elementwiseReference(type, inputs, dims, fn) {
  const dec = decode(type);
  const enc = encode(type);
  const out = new inputs[0].data.constructor(sizeOf(dims));
  const index = new Array(dims.length).fill(0);
  for (let i = 0; i < out.length; i++) {
    const values = inputs.map((t) => {
      let offset = 0;
      const lead = dims.length - t.dims.length;
      for (let k = 0; k < t.dims.length; k++) offset = offset * t.dims[k] + (t.dims[k] === 1 ? 0 : index[lead + k]);
      return dec(t.data[offset]);
    });
    out[i] = enc(fn(...values));
    for (let k = dims.length - 1; k >= 0 && ++index[k] === dims[k]; k--) index[k] = 0;
  }
  return out;
}

const minOf = (...xs) => xs.reduce((a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : b < a || (b === 0 && a === 0 && Object.is(b, -0)) ? b : a));

// Bitwise equality (NaN payloads aside), with the index of the first difference in the message.
function assertSameBits(type, got, want, what) {
  assert.equal(got.length, want.length, `${what}: length`);
  const dec = decode(type);
  for (let i = 0; i < want.length; i++) {
    const a = dec(got[i]);
    const b = dec(want[i]);
    if (!(Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b)))) assert.fail(`${what}: element ${i} is ${a}, want ${b}`);
  }
}

// A Tensor of `type` and `dims` to pass as out, in JS or wasm memory, filled with a marker.
function outTensor(location, type, dims) {
  const n = sizeOf(dims);
  const fill = new INT_TYPES.uint8.array(n * new (FLOAT_TYPES[type] ?? INT_TYPES[type]).array(1).BYTES_PER_ELEMENT).fill(0xa5);
  const array = (FLOAT_TYPES[type] ?? INT_TYPES[type]).array;
  const values = new array(fill.buffer);
  return location === 'wasm' ? Tensor.wasm(type, dims, values) : new Tensor(type, values, dims);
}

const inputTensor = (location, type, values, dims) => (location === 'wasm' ? Tensor.wasm(type, dims, values) : new Tensor(type, values, dims));

// 4 096 elements and 300 000: the second is run in blocks (of 512 KiB) when out is in JS memory (for
// 1-byte elements, when out is not the input). The large cases run for a few types of each size (the blocks are of
// bytes: every size of element takes them alike; session-fetches.test.mjs runs every type at sizes
// around a block through the same code).
const SHAPES = [[64, 64], [600, 500]];
const LARGE_TYPES = ['float32', 'float16', 'int8', 'int64'];
const large = (type, dims) => sizeOf(dims) > 10000 && !LARGE_TYPES.includes(type);

for (const op of ['Floor', 'Ceil', 'Round']) {
  for (const type of newest(op).types) {
    test(`${op} ${type}: options.out in JS and wasm memory, small and blocked, and in place`, () => {
      for (const dims of SHAPES) {
        if (large(type, dims)) continue;
        const x = data(type, sizeOf(dims), 7);
        const want = elementwiseReference(type, [{ data: x, dims }], dims, ROUNDING[op]);
        // without out: a new Tensor in JS memory (made in blocks when large)
        const plain = ops[op](new Tensor(type, x, dims));
        assert.equal(plain.type, type);
        assert.deepEqual(plain.dims, dims);
        assertSameBits(type, plain.data, want, `${op} ${type} ${dims} without out`);
        for (const inLoc of ['cpu', 'wasm']) {
          for (const outLoc of ['cpu', 'wasm']) {
            const input = inputTensor(inLoc, type, x, dims);
            const out = outTensor(outLoc, type, dims);
            assert.equal(ops[op](input, { out }), out, 'returns out itself');
            assertSameBits(type, out.data, want, `${op} ${type} ${dims} ${inLoc} -> ${outLoc}`);
            // in place: out is the input
            assert.equal(ops[op](input, { out: input }), input);
            assertSameBits(type, input.data, want, `${op} ${type} ${dims} in place in ${inLoc}`);
            input.dispose();
            out.dispose();
          }
        }
      }
    });
  }
}

// Min: broadcasting of every kind, several inputs, out in place over each input in turn.
const MIN_SHAPES = [
  [[64, 64], [64, 64]],
  [[600, 500], [600, 500]], // blocked
  [[600, 500], [500]], // a row broadcast over the blocks
  [[600, 1], [600, 500], [1, 500]], // a column, the full one, a row
  [[3, 200, 500], [200, 1], [3, 1, 500]], // blocks over the first axis only
  [[1, 300000], [300000]], // a leading 1
];
for (const type of newest('Min').types) {
  test(`Min ${type}: options.out in JS and wasm memory with broadcasting, and in place over each input`, () => {
    for (const shapes of MIN_SHAPES) {
      const rank = Math.max(...shapes.map((s) => s.length));
      const dims = Array.from({ length: rank }, (_, k) => Math.max(...shapes.map((s) => (k < rank - s.length ? 1 : s[k - (rank - s.length)]))));
      if (large(type, dims)) continue;
      const values = shapes.map((s, i) => data(type, sizeOf(s), 11 + i));
      const want = elementwiseReference(type, shapes.map((s, i) => ({ data: values[i], dims: s })), dims, minOf);
      const plain = ops.Min(shapes.map((s, i) => new Tensor(type, values[i], s)));
      assert.deepEqual(plain.dims, dims);
      assertSameBits(type, plain.data, want, `Min ${type} ${JSON.stringify(shapes)} without out`);
      for (const [inLoc, outLoc] of [['cpu', 'cpu'], ['cpu', 'wasm'], ['wasm', 'cpu'], ['wasm', 'wasm']]) {
        const inputs = shapes.map((s, i) => inputTensor(inLoc, type, values[i], s));
        const out = outTensor(outLoc, type, dims);
        assert.equal(ops.Min(inputs, { out }), out);
        assertSameBits(type, out.data, want, `Min ${type} ${JSON.stringify(shapes)} ${inLoc} -> ${outLoc}`);
        for (const t of [...inputs, out]) t.dispose();
      }
      for (const loc of ['cpu', 'wasm']) {
        shapes.forEach((s, i) => {
          if (sizeOf(s) !== sizeOf(dims)) return;
          const inputs = shapes.map((sh, k) => inputTensor(loc, type, values[k], sh));
          const target = inputs[i];
          const sameDims = target.dims.length === dims.length;
          if (!sameDims && loc === 'wasm') return; // a wasm tensor cannot be seen with other dims
          const out = sameDims ? target : new Tensor(type, target.data, dims);
          const result = ops.Min(inputs, { out });
          assert.equal(result, out);
          assertSameBits(type, result.data, want, `Min ${type} ${JSON.stringify(shapes)} in place over input ${i} in ${loc}`);
          for (const t of inputs) t.dispose();
        });
      }
    }
  });
}

// A plain average over each window, padding excluded (count_include_pad 0), for rank-4 inputs.
function averagePoolReference(type, x, dims, k, s, p) {
  const [n, c, h, w] = dims;
  const oh = Math.floor((h + 2 * p - k) / s) + 1;
  const ow = Math.floor((w + 2 * p - k) / s) + 1;
  const dec = decode(type);
  const enc = encode(type);
  const round = type === 'float32' ? Math.fround : (v) => v;
  const out = new x.constructor(n * c * oh * ow);
  let o = 0;
  for (let plane = 0; plane < n * c; plane++) {
    for (let i = 0; i < oh; i++) {
      for (let j = 0; j < ow; j++) {
        let sum = 0;
        let count = 0;
        for (let a = i * s - p; a < i * s - p + k; a++) {
          for (let b = j * s - p; b < j * s - p + k; b++) {
            if (a < 0 || b < 0 || a >= h || b >= w) continue;
            sum += dec(x[plane * h * w + a * w + b]);
            count++;
          }
        }
        out[o++] = enc(round(sum / count));
      }
    }
  }
  return { data: out, dims: [n, c, oh, ow] };
}

for (const type of newest('AveragePool').types) {
  test(`AveragePool ${type}: options.out in JS and wasm memory`, () => {
    for (const [dims, k, s, p] of [[[1, 3, 9, 9], 3, 2, 1], [[2, 8, 64, 64], 2, 2, 0]]) {
      const x = data(type, sizeOf(dims), 5).map((v, i) => (FLOAT_TYPES[type] ? encode(type)(((i * 37) % 101) / 8 - 6) : v));
      const options = { kernel_shape: [k, k], strides: [s, s], pads: [p, p, p, p] };
      const ref = averagePoolReference(type, x, dims, k, s, p);
      for (const inLoc of ['cpu', 'wasm']) {
        for (const outLoc of ['cpu', 'wasm']) {
          const input = inputTensor(inLoc, type, x, dims);
          const out = outTensor(outLoc, type, ref.dims);
          assert.equal(ops.AveragePool(input, { ...options, out }), out);
          const plain = ops.AveragePool(input, options);
          assertSameBits(type, out.data, plain.data, `AveragePool ${type} ${dims} ${inLoc} -> ${outLoc} against no out`);
          const dec = decode(type);
          const tolerance = type === 'float32' || type === 'float64' ? 1e-6 : 1e-2;
          for (let i = 0; i < ref.data.length; i++) {
            const a = dec(out.data[i]);
            const b = dec(ref.data[i]);
            if (Math.abs(a - b) > tolerance * Math.max(1, Math.abs(b))) assert.fail(`AveragePool ${type}: element ${i} is ${a}, want ${b}`);
          }
          for (const t of [input, out, plain]) t.dispose();
        }
      }
    }
  });
}

// Large calls on JS memory run in blocks of planes (512 KiB: inputs and outputs of 1 MiB and more),
// with options.out and without (into a new array); each result must equal the reference and, bit for
// bit, the same call on wasm memory, which runs whole. Blocks end mid-batch here, a plane can be larger
// than a block, and the 3-D case pads one side.
for (const type of newest('AveragePool').types) {
  test(`AveragePool ${type}: large calls on JS memory, in blocks of planes, equal whole ones`, () => {
    for (const [dims, k, s, p] of [[[3, 37, 72, 72], 3, 2, 1], [[1, 3, 400, 400], 2, 2, 0], [[2, 9, 24, 24, 24], 2, 2, null]]) {
      const x = data(type, sizeOf(dims), 13).map((v, i) => (FLOAT_TYPES[type] ? encode(type)(((i * 37) % 101) / 8 - 6) : v));
      const options = p === null
        ? { kernel_shape: [k, k, k], strides: [s, s, s], pads: [1, 0, 1, 0, 1, 0], count_include_pad: 1 }
        : { kernel_shape: [k, k], strides: [s, s], pads: [p, p, p, p] };
      const xw = Tensor.wasm(type, dims, x);
      const whole = ops.AveragePool(xw, options); // a wasm tensor: the call ran whole
      const what = `AveragePool ${type} ${JSON.stringify(dims)}`;
      if (p !== null) {
        const ref = averagePoolReference(type, x, dims, k, s, p);
        assert.deepEqual(whole.dims, ref.dims);
        const dec = decode(type);
        const tolerance = type === 'float32' || type === 'float64' ? 1e-6 : 1e-2;
        for (let i = 0; i < ref.data.length; i++) {
          const a = dec(whole.data[i]);
          const b = dec(ref.data[i]);
          if (Math.abs(a - b) > tolerance * Math.max(1, Math.abs(b))) assert.fail(`${what}: element ${i} is ${a}, want ${b}`);
        }
      }
      const input = new Tensor(type, x, dims);
      const plain = ops.AveragePool(input, options);
      assert.equal(plain.location, 'cpu');
      assert.deepEqual(plain.dims, whole.dims);
      assertSameBits(type, plain.data, whole.data, `${what} without out`);
      for (const [inputLocation, t] of [['cpu', input], ['wasm', xw]]) {
        const out = outTensor('cpu', type, whole.dims);
        assert.equal(ops.AveragePool(t, { ...options, out }), out);
        assertSameBits(type, out.data, whole.data, `${what} from ${inputLocation} into out in JS memory`);
      }
      xw.dispose();
      whole.dispose();
    }
  });
}

test('AveragePool in blocks of planes: a wrong out or a failing call is refused as a whole call, nothing written', () => {
  const is = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
  const x = new Tensor('float32', new Float32Array(3 * 37 * 72 * 72).fill(1), [3, 37, 72, 72]);
  const options = { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] };
  const wrong = new Tensor('float32', new Float32Array(3 * 37 * 35 * 35).fill(7), [3, 37, 35, 35]);
  assert.throws(() => ops.AveragePool(x, { ...options, out: wrong }), is(/options.out is float32 \[3,37,35,35\] but the output is float32 \[3,37,36,36\]/));
  assert.ok(wrong.data.every((v) => v === 7));
  // the output's shape is found by a call on no planes: when that fails, the whole call says why; so
  // does it for an output far larger than the input (and than any tensor)
  const xw = Tensor.wasm('float32', x.dims, x.data);
  const failure = (t, o) => {
    try {
      ops.AveragePool(t, o);
    } catch (e) {
      return `${e.code}: ${e.message}`;
    }
    return 'no error';
  };
  const tooLarge = { kernel_shape: [80, 80] };
  assert.match(failure(x, tooLarge), /^INVALID_ARGUMENT: AveragePool-22: kernel_shape\[0\] = 80 does not fit in spatial axis 0 of size 72/);
  assert.equal(failure(x, tooLarge), failure(xw, tooLarge));
  const huge = { kernel_shape: [1, 1], pads: [0, 0, 60000, 60000] };
  assert.match(failure(x, huge), /^OUT_OF_MEMORY: AveragePool-22: shape \[3,37,60072,60072\]/);
  assert.equal(failure(x, huge), failure(xw, huge));
  xw.dispose();
});

test('AveragePool refuses out over its input in wasm memory, and computes it correctly in JS memory', () => {
  const dims = [1, 2, 5, 5];
  const x = Float32Array.from({ length: 50 }, (_, i) => i);
  const options = { kernel_shape: [3, 3], pads: [1, 1, 1, 1] }; // output dims = input dims
  const want = ops.AveragePool(new Tensor('float32', x, dims), options).data;
  const w = Tensor.wasm('float32', dims, x);
  assert.throws(() => ops.AveragePool(w, { ...options, out: w }), (e) => e instanceof OnnxWasmError && /^AveragePool: options.out shares memory with input 0, which this operator reads around each output element$/.test(e.message));
  assert.deepEqual([...w.data], [...x], 'nothing written');
  w.dispose();
  const c = new Tensor('float32', x.slice(), dims);
  ops.AveragePool(c, { ...options, out: c });
  assert.deepEqual([...c.data], [...want]);
});

test('out overlapping an input in JS memory without being it: correct (the inputs are copied in first)', () => {
  const n = 300000;
  const buffer = Float32Array.from({ length: n + 8 }, (_, i) => (i % 977) / 3 - 100);
  const before = buffer.slice();
  const x = new Tensor('float32', buffer.subarray(0, n), [n]);
  const out = new Tensor('float32', buffer.subarray(8, n + 8), [n]);
  ops.Floor(x, { out });
  for (let i = 0; i < n; i += 997) assert.equal(out.data[i], Math.floor(before[i]));
  assert.equal(out.data[n - 1], Math.floor(before[n - 1]));
});

test('out in wasm memory may be the input of a broadcasting Min laid out like the output', () => {
  const a = Tensor.wasm('float32', [4, 4], new Float32Array(16).fill(3));
  const b = Tensor.wasm('float32', [4], new Float32Array([1, 2, 3, 4]));
  ops.Min([b, a], { out: a });
  assert.deepEqual([...a.data], [1, 2, 3, 3, 1, 2, 3, 3, 1, 2, 3, 3, 1, 2, 3, 3]);
  a.dispose();
  b.dispose();
});

test('options.out errors say what differs', () => {
  const x = new Tensor('float32', new Float32Array([1.5, -2.5, 3, 4]), [2, 2]);
  const is = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);
  assert.throws(() => ops.Floor(x, { out: new Tensor('float32', new Float32Array(4), [4]) }), is(/^Floor-13: options.out is float32 \[4\] but the output is float32 \[2,2\]$/));
  assert.throws(() => ops.Floor(x, { out: new Tensor('float64', new Float64Array(4), [2, 2]) }), is(/options.out is float64 \[2,2\] but the output is float32 \[2,2\]/));
  assert.throws(() => ops.Floor(x, { out: new Float32Array(4) }), is(/^Floor: options.out must be a Tensor$/));
  const disposed = Tensor.wasm('float32', [2, 2]);
  disposed.dispose();
  assert.throws(() => ops.Floor(x, { out: disposed }), is(/^Floor: options.out is a wasm tensor used after dispose\(\)$/));
  const detached = new Tensor('float32', new Float32Array(4), [2, 2]);
  structuredClone(detached.data.buffer, { transfer: [detached.data.buffer] });
  assert.throws(() => ops.Floor(x, { out: detached }), is(/^Floor: options.out has 0 elements left in its data but its dims \[2, 2\] need 4$/));
  // a large elementwise call with a wrong out is refused before anything is written
  const big = new Tensor('float32', new Float32Array(300000).fill(1.5), [300000]);
  const wrong = new Tensor('float32', new Float32Array(300000).fill(7), [600, 500]);
  assert.throws(() => ops.Floor(big, { out: wrong }), is(/options.out is float32 \[600,500\] but the output is float32 \[300000\]/));
  assert.ok(wrong.data.every((v) => v === 7));
  // Min-6 needs identical shapes: the error names the shapes as given, not a block's
  const a = new Tensor('float32', new Float32Array(300000), [600, 500]);
  const b = new Tensor('float32', new Float32Array(500), [500]);
  assert.throws(() => ops.Min([a, b], { opset: 6, out: new Tensor('float32', new Float32Array(300000), [600, 500]) }), is(/input 1 has shape \[500\] but input 0 has shape \[600,500\]/));
  // and without out, where the blocks make the output
  assert.throws(() => ops.Min([a, b], { opset: 6 }), is(/input 1 has shape \[500\] but input 0 has shape \[600,500\]/));
  assert.throws(() => ops.Min([a, new Tensor('float64', new Float64Array(500), [500])]), is(/input 1 has type float64/));
  assert.throws(() => ops.Floor(new Tensor('int32', new Int32Array(300000), [600, 500])), is(/^Floor-13: input 0 has type int32, which this version does not accept \(/));
  // out: null or undefined is no out
  assert.deepEqual([...ops.Floor(x, { out: null }).data], [1, -3, 3, 4]);
  assert.deepEqual([...ops.Floor(x, { out: undefined }).data], [1, -3, 3, 4]);
});
