// LSTM, GRU and RNN through ops.* and InferenceSession: every version and type, every direction, layout,
// optional input and output, every activation with its alpha and beta, clip, input_forget, peepholes,
// linear_before_reset and sequence_lens, against a plain-JS reference (helpers/recurrent-reference.mjs);
// NaN, empty sequences and batches; every refusal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { referenceRecurrent } from './helpers/recurrent-reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const WITH_BF16 = [...FLOATS, 'bfloat16'];
const VERSIONS = {
  LSTM: [[1, FLOATS], [7, FLOATS], [14, FLOATS], [22, WITH_BF16]],
  GRU: [[1, FLOATS], [3, FLOATS], [7, FLOATS], [14, FLOATS], [22, WITH_BF16]],
  RNN: [[1, FLOATS], [7, FLOATS], [14, FLOATS], [22, WITH_BF16]],
};
const GATES = { LSTM: 4, GRU: 3, RNN: 1 };
const INPUT_NAMES = {
  LSTM: ['X', 'W', 'R', 'B', 'sequence_lens', 'initial_h', 'initial_c', 'P'],
  GRU: ['X', 'W', 'R', 'B', 'sequence_lens', 'initial_h'],
  RNN: ['X', 'W', 'R', 'B', 'sequence_lens', 'initial_h'],
};
const OUTPUT_NAMES = { LSTM: ['Y', 'Y_h', 'Y_c'], GRU: ['Y', 'Y_h'], RNN: ['Y', 'Y_h'] };
// |got - want| <= ATOL + RTOL * |want|: float64 computes in float64, the others in float32 and round.
const TOLERANCE = { float64: [1e-12, 1e-10], float32: [2e-6, 2e-5], float16: [2e-3, 2e-3], bfloat16: [1.6e-2, 1.6e-2] };

const count = (dims) => dims.reduce((a, b) => a * b, 1);

// A tensor of `type` with values in ±range, and the values it holds, decoded, for the reference.
function randomTensor(type, dims, next, range = 1) {
  const { array, encode, decode } = FLOAT_TYPES[type];
  const data = new array(count(dims));
  for (let i = 0; i < data.length; i++) data[i] = encode((next() * 2 - 1) * range);
  return { tensor: new Tensor(type, data, dims), ref: { data: Array.from(data, decode), dims } };
}

/**
 * The inputs of a call: `has` lists the optional ones to give (B, sequence_lens, initial_h, initial_c,
 * P); sizes {seq, batch, input, hidden}. Returns {tensors (null for omitted, trailing ones cut), ref}.
 */
function makeInputs(op, type, { seq, batch, input, hidden }, options, has, seed) {
  const next = rng(seed);
  const D = options.direction === 'bidirectional' ? 2 : 1;
  const G = GATES[op];
  const batchFirst = Boolean(options.layout);
  const state = batchFirst ? [batch, D, hidden] : [D, batch, hidden];
  const shapes = {
    X: batchFirst ? [batch, seq, input] : [seq, batch, input],
    W: [D, G * hidden, input],
    R: [D, G * hidden, hidden],
    B: [D, 2 * G * hidden],
    initial_h: state,
    initial_c: state,
    P: [D, 3 * hidden],
  };
  const tensors = [];
  const ref = {};
  for (const name of INPUT_NAMES[op]) {
    if (!['X', 'W', 'R'].includes(name) && !has.includes(name)) {
      tensors.push(null);
      continue;
    }
    if (name === 'sequence_lens') {
      const lens = Int32Array.from({ length: batch }, (_, b) => (b === 0 ? seq : Math.floor(next() * (seq + 1))));
      tensors.push(new Tensor('int32', lens, [batch]));
      ref[name] = { data: [...lens], dims: [batch] };
      continue;
    }
    const { tensor, ref: r } = randomTensor(type, shapes[name], next, name === 'X' ? 2 : 0.6);
    tensors.push(tensor);
    ref[name] = r;
  }
  while (tensors.at(-1) === null) tensors.pop();
  return { tensors, ref };
}

function assertClose(got, type, want, label) {
  assert.equal(got.type, type, `${label}: type`);
  assert.deepEqual([...got.dims], want.dims, `${label}: dims`);
  const { decode } = FLOAT_TYPES[type];
  const [atol, rtol] = TOLERANCE[type];
  for (let i = 0; i < want.data.length; i++) {
    const g = decode(got.data[i]);
    const w = want.data[i];
    if (Number.isNaN(w) ? !Number.isNaN(g) : !(Math.abs(g - w) <= atol + rtol * Math.abs(w))) {
      assert.fail(`${label}: element ${i} is ${g}, want ${w}`);
    }
  }
}

function check(op, version, type, sizes, options, has, seed) {
  const { tensors, ref } = makeInputs(op, type, sizes, options, has, seed);
  const label = `${op}-${version} ${type} ${JSON.stringify(options)} [${has}] ${JSON.stringify(sizes)}`;
  const got = ops[op](tensors, { ...options, opset: version });
  const want = referenceRecurrent(op, ref, options);
  assert.equal(got.length, OUTPUT_NAMES[op].length, `${label}: output count`);
  for (const [k, name] of OUTPUT_NAMES[op].entries()) assertClose(got[k], type, want[name], `${label} ${name}`);
}

const SIZES = { seq: 3, batch: 2, input: 5, hidden: 6 };
const ALL_OPTIONAL = { LSTM: ['B', 'sequence_lens', 'initial_h', 'initial_c', 'P'], GRU: ['B', 'sequence_lens', 'initial_h'], RNN: ['B', 'sequence_lens', 'initial_h'] };

for (const op of ['LSTM', 'GRU', 'RNN']) {
  describe(op, () => {
    test('every version and type, every direction, with and without the optional inputs', () => {
      for (const [version, types] of VERSIONS[op]) {
        for (const [t, type] of types.entries()) {
          for (const direction of ['forward', 'reverse', 'bidirectional']) {
            check(op, version, type, SIZES, { direction }, [], 10 * version + t);
            check(op, version, type, SIZES, { direction }, ALL_OPTIONAL[op], 11 * version + t);
          }
        }
      }
    });

    test('layout 1 (version 14 on), each optional input alone, sizes across the SIMD widths', () => {
      for (const layout of [0, 1]) {
        for (const direction of ['forward', 'bidirectional']) {
          for (const has of [[], ...ALL_OPTIONAL[op].map((name) => [name]), ALL_OPTIONAL[op]]) {
            check(op, 14, 'float32', SIZES, { direction, layout }, has, 7 + has.length);
          }
        }
      }
      for (const sizes of [{ seq: 1, batch: 1, input: 1, hidden: 1 }, { seq: 4, batch: 3, input: 9, hidden: 7 }, { seq: 2, batch: 1, input: 64, hidden: 32 }]) {
        for (const type of ['float32', 'float64']) check(op, 22, type, sizes, { direction: 'bidirectional', layout: 1 }, ALL_OPTIONAL[op], sizes.input);
      }
    });

    test('every activation, with alphas and betas given and defaulted, and clip', () => {
      const names = ['Relu', 'Tanh', 'Sigmoid', 'Affine', 'LeakyRelu', 'ThresholdedRelu', 'ScaledTanh', 'HardSigmoid', 'Elu', 'Softsign', 'Softplus'];
      const per = { LSTM: 3, GRU: 2, RNN: 1 }[op];
      for (let i = 0; i < names.length; i++) {
        // Two directions of `per` activations each, starting at name i; upper case: names ignore case.
        const activations = Array.from({ length: 2 * per }, (_, k) => names[(i + k) % names.length]);
        activations[0] = activations[0].toUpperCase();
        for (const given of [true, false]) {
          const options = { direction: 'bidirectional', activations };
          if (given) Object.assign(options, { activation_alpha: [0.7, 0.3, 1.5, 0.2], activation_beta: [0.4, 0.9] });
          check(op, 7, 'float32', SIZES, options, ALL_OPTIONAL[op], i);
          check(op, 7, 'float64', SIZES, { ...options, clip: 0.75 }, ALL_OPTIONAL[op], i + 100);
        }
      }
    });

    test('sequence_lens: rows shorter than the sequence, of length 0, in both directions', () => {
      const sizes = { seq: 5, batch: 4, input: 3, hidden: 4 };
      for (const direction of ['forward', 'reverse', 'bidirectional']) {
        for (let seed = 0; seed < 4; seed++) check(op, 7, 'float32', sizes, { direction }, ALL_OPTIONAL[op], seed);
      }
      const { tensors, ref } = makeInputs(op, 'float32', sizes, {}, ['sequence_lens', 'initial_h'], 3);
      tensors[4] = new Tensor('int32', new Int32Array([5, 0, 2, 0]), [4]);
      ref.sequence_lens = { data: [5, 0, 2, 0], dims: [4] };
      const got = ops[op](tensors);
      const want = referenceRecurrent(op, ref, {});
      for (const [k, name] of OUTPUT_NAMES[op].entries()) assertClose(got[k], 'float32', want[name], `${op} lengths 0 ${name}`);
    });

    test('empty sequences and batches; NaN propagates', () => {
      for (const sizes of [{ seq: 0, batch: 2, input: 3, hidden: 2 }, { seq: 3, batch: 0, input: 3, hidden: 2 }, { seq: 2, batch: 2, input: 0, hidden: 3 }]) {
        check(op, 14, 'float32', sizes, { direction: 'bidirectional' }, ['B', 'initial_h', ...(op === 'LSTM' ? ['initial_c'] : [])], 5);
      }
      const { tensors, ref } = makeInputs(op, 'float32', SIZES, {}, [], 2);
      tensors[0].data[0] = NaN;
      ref.X.data[0] = NaN;
      const got = ops[op](tensors);
      const want = referenceRecurrent(op, ref, {});
      assert.ok(Number.isNaN(got[1].data[0]), `${op}: NaN reaches Y_h`);
      for (const [k, name] of OUTPUT_NAMES[op].entries()) assertClose(got[k], 'float32', want[name], `${op} NaN ${name}`);
    });

    test('through InferenceSession: every version, the outputs a node names, the others left out', async () => {
      for (const [version, types] of VERSIONS[op]) {
        const type = types.at(-1);
        const options = { direction: 'bidirectional', hidden_size: SIZES.hidden };
        const { tensors, ref } = makeInputs(op, type, SIZES, options, ALL_OPTIONAL[op], version);
        const want = referenceRecurrent(op, ref, options);
        const names = OUTPUT_NAMES[op];
        // Node outputs are positional: '' leaves one out, and the last may be cut.
        const leftOut = (keep) => names.map((n, k) => (keep.includes(k) ? n : ''));
        for (const named of [names, [names[0]], leftOut([1]), leftOut([names.length - 1]), leftOut([0, names.length - 1])]) {
          const inputNames = INPUT_NAMES[op].slice(0, tensors.length);
          const session = await InferenceSession.create(buildModel({
            opset: version,
            inputs: inputNames.map((name, k) => ({ name, type: tensors[k].type, dims: [...tensors[k].dims] })),
            outputs: named.filter((n) => n !== '').map((name) => ({ name, type })),
            nodes: [{ op, inputs: inputNames, outputs: named, attributes: { direction: 'bidirectional', hidden_size: SIZES.hidden } }],
          }));
          try {
            const feeds = Object.fromEntries(inputNames.map((name, k) => [name, tensors[k]]));
            const got = await session.run(feeds);
            assert.deepEqual(Object.keys(got).sort(), named.filter((n) => n !== '').sort());
            for (const name of Object.keys(got)) assertClose(got[name], type, want[name], `session ${op}-${version} ${name}`);
          } finally {
            await session.release();
          }
        }
      }
    });

    test('refusals name the input or attribute', () => {
      const { tensors } = makeInputs(op, 'float32', SIZES, {}, [], 1);
      const [X, W, R] = tensors;
      const refuses = (inputs, options, pattern) =>
        assert.throws(() => ops[op](inputs, options), (e) => e instanceof OnnxWasmError && pattern.test(e.message), `${op}: ${pattern}`);
      refuses([X, W, R], { direction: 'sideways' }, /attribute 'direction' must be 'forward', 'reverse' or 'bidirectional'/);
      refuses([X, W, R], { direction: 'bidirectional' }, /input 'W' has shape \[1,\d+,5\], expected \[2, /);
      refuses([X, W, R], { hidden_size: 7 }, /input 'W' has shape .*hidden size 7/);
      refuses([X, W, R], { hidden_size: 0 }, /attribute 'hidden_size' must be positive/);
      refuses([X, W, R], { activations: ['Tanh', 'Tanh', 'Tanh', 'Tanh'] }, /attribute 'activations' has 4 names, expected/);
      refuses([X, W, R], { activations: Array(GATES[op] === 4 ? 3 : GATES[op] === 3 ? 2 : 1).fill('Swish') }, /unknown activation 'Swish'/);
      refuses([X, W, R], { clip: -1 }, /attribute 'clip' must be positive/);
      refuses([X, W, R], { layout: 1, opset: 7 }, /attribute 'layout' is not defined by this version \(defined by version 14\)/);
      refuses([X, W, R], { output_sequence: 1, opset: 7 }, /attribute 'output_sequence' is not defined by this version/);
      refuses([X, W, R], { layout: 2 }, /attribute 'layout' must be 0 or 1/);
      refuses([new Tensor('float32', new Float32Array(5), [1, 5]), W, R], {}, /input 'X' has shape \[1,5\], expected 3 dims/);
      refuses([X, W, new Tensor('float32', new Float32Array(R.data.length), [1, R.dims[1], R.dims[2] + 0, 1])], {}, /input 'R' has shape/);
      refuses([X, W, R, new Tensor('float32', new Float32Array(3), [1, 3])], {}, /input 'B' has shape \[1,3\]/);
      refuses([X, W, R, null, new Tensor('int32', new Int32Array([1, 4]), [2])], {}, /input 'sequence_lens' has 4 at 1, out of range \[0, 3\]/);
      refuses([X, W, R, null, new Tensor('int32', new Int32Array([1, -1]), [2])], {}, /input 'sequence_lens' has -1 at 1/);
      refuses([X, W, R, null, new Tensor('int32', new Int32Array([1]), [1])], {}, /input 'sequence_lens' has shape \[1\], expected \[2\]/);
      refuses([X, W, R, null, null, new Tensor('float32', new Float32Array(6), [1, 1, 6])], {}, /input 'initial_h' has shape \[1,1,6\], expected \[1,2,6\]/);
      refuses([X, W, R], { out: X }, /options\.out is not taken by an operator of \d outputs/);
      if (op === 'GRU') refuses([X, W, R], { linear_before_reset: 1, opset: 1 }, /attribute 'linear_before_reset' is not defined by this version \(defined by version 3\)/);
      if (op === 'LSTM') refuses([X, W, R, null, null, null, null, new Tensor('float32', new Float32Array(6), [1, 6])], {}, /input 'P' has shape \[1,6\], expected \[1, 18\]/);
    });
  });
}

test('LSTM input_forget, GRU linear_before_reset: each way, every direction', () => {
  for (const direction of ['forward', 'reverse', 'bidirectional']) {
    for (const flag of [0, 1]) {
      check('LSTM', 7, 'float32', SIZES, { direction, input_forget: flag }, ALL_OPTIONAL.LSTM, 3 + flag);
      check('LSTM', 1, 'float64', SIZES, { direction, input_forget: flag, output_sequence: 1 }, ['P', 'initial_c'], 5 + flag);
      check('GRU', 3, 'float32', SIZES, { direction, linear_before_reset: flag }, ALL_OPTIONAL.GRU, 3 + flag);
      check('GRU', 14, 'float64', SIZES, { direction, linear_before_reset: flag, layout: 1 }, ['B'], 5 + flag);
    }
  }
});
