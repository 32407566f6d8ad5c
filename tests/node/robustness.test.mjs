// Bad input and hostile models. Every refusal is an OnnxWasmError with its code and a message naming the
// operator, node, attribute or input and what was expected; right after each one the runtime must still
// compute correctly (stillWorks). Hostile model files and TensorProtos are generated here: truncations
// and byte flips of every exported model and its data (tests/data/exported) and of every ONNX backend
// test case where ONNX_TESTS_DIR has them (tools/test-cases.mjs), wrong wire types, absurd lengths,
// huge dimensions, short data, enormous, cyclic and deeply nested graphs, external data. Last, thousands of good and
// failing calls must leave the wasm heap where it was.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, decodeTensorProto, heapStats, ops, ready } from 'onnx-wasm';
import { buildModel, decodeModel, encodeModelProto, encodeTensor, modelProto, onnx } from '../../tools/onnx-builder.mjs';
import { WIRE, concat, intField, lenField, tag, varint } from './helpers/wire.mjs';
import { floorMinPoolModel as canaryModel } from '../../tools/test-models.mjs';
import { rng } from '../../tools/values.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, exportedCases, onnxCases } from '../../tools/test-cases.mjs';

// ---- the canary: a computation checked after every refusal (and floorMinPoolModel, run by sessions)

async function stillWorks() {
  await ready(); // the same loaded module, not a new one
  assert.deepEqual([...ops.Floor(new Tensor('float32', [1.5, -1.5, 2.5, -0.5])).data], [1, -2, 2, -1]);
  assert.deepEqual([...ops.Min([new Tensor('int64', [3n, -7n, 5n]), new Tensor('int64', [4n], [1])]).data], [3n, -7n, 4n]);
  assert.deepEqual([...ops.Round(new Tensor('float64', [0.5, 1.5, -2.5])).data], [0, 2, -2]);
  const session = await InferenceSession.create(canaryModel);
  const { y } = await session.run({ x: new Tensor('float32', [3.5, -1.25, 0.5, 2], [1, 1, 4]) });
  session.release();
  // Floor: 3, -2, 0, 2; Min with 0.75: 0.75, -2, 0, 0.75; windows of 2: -0.625, -1, 0.375.
  assert.deepEqual([...y.data], [-0.625, -1, 0.375]);
}

// fn() (sync or async) must throw an OnnxWasmError with `code` and a message matching `pattern`, and the
// runtime must work afterwards.
async function refused(fn, code, pattern) {
  let error;
  try {
    await fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof OnnxWasmError, `expected an OnnxWasmError matching ${pattern}, got ${error?.stack ?? error}`);
  assert.equal(error.code, code, `code of "${error.message}"`);
  assert.match(error.message, pattern);
  await stillWorks();
  return error;
}

const io = { inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'y', type: 'float32' }] };
const f32 = (values, dims) => new Tensor('float32', Float32Array.from(values), dims);
const zeros = (type, dims) => new Tensor(type, new (type === 'float32' ? Float32Array : Uint8Array)(dims.reduce((a, b) => a * b, 1)), dims);

before(async () => {
  await ready();
  await stillWorks();
});

// ---- values crossing the boundary

describe('Tensor: typed array vs type, data length vs dims, dims', () => {
  const cases = [
    ['an unknown type', () => new Tensor('float8', new Float32Array(1)), /^Tensor: unknown type 'float8' \(expected one of float32, /],
    ['a type that is an Object.prototype key', () => new Tensor('toString', new Float32Array(1)), /unknown type 'toString'/],
    ['a type that is not a string', () => new Tensor(Symbol('float32'), new Float32Array(1)), /unknown type 'Symbol\(float32\)'/],
    ['float32 data in a Float64Array', () => new Tensor('float32', new Float64Array(2)), /type 'float32' needs data in a Float32Array or a plain array, got Float64Array/],
    ['float16 data in a Float32Array', () => new Tensor('float16', new Float32Array(2)), /type 'float16' needs data in a Uint16Array \(or a Float16Array where the engine has one\) or a plain array, got Float32Array/],
    ['int64 data in an Int32Array', () => new Tensor('int64', new Int32Array(2)), /type 'int64' needs data in a BigInt64Array or a plain array, got Int32Array/],
    ['data that is not an array', () => new Tensor('float32', 'abc'), /needs data in a Float32Array or a plain array, got string/],
    ['an int64 array of non-integers', () => new Tensor('int64', [1.5]), /^Tensor: element 0 of the array \(1\.5\) is not an int64 value/],
    ['dims that are not an array', () => new Tensor('float32', new Float32Array(4), 4), /dims must be an array, got number/],
    ['negative dims', () => new Tensor('float32', new Float32Array(4), [-2, -2]), /dims must be non-negative integers, got \[-2, -2\]/],
    ['non-integer dims', () => new Tensor('float32', new Float32Array(4), [2.5, 1.6]), /non-negative integers, got \[2.5, 1.6\]/],
    ['NaN and infinite dims', () => new Tensor('float32', new Float32Array(0), [NaN, Infinity]), /got \[NaN, Infinity\]/],
    ['dims beyond 2^53', () => new Tensor('float32', new Float32Array(0), [0, 2 ** 53]), /got \[0, 9007199254740992\]/],
    ['dims given as strings', () => new Tensor('float32', new Float32Array(2), ['2']), /got \[2\]/],
    ['a symbol among the dims', () => new Tensor('float32', new Float32Array(2), [Symbol('d')]), /got \[Symbol\(d\)\]/],
    ['data shorter than dims', () => new Tensor('float32', new Float32Array(4), [2, 3]), /dims \[2, 3\] hold 6 elements but data has 4/],
    ['data longer than dims', () => new Tensor('uint8', new Uint8Array(7), [2, 3]), /dims \[2, 3\] hold 6 elements but data has 7/],
  ];
  for (const [label, make, pattern] of cases) test(label, () => refused(make, 'INVALID_ARGUMENT', pattern));

  test('a Tensor is read-only: what the constructor checked stays true', async () => {
    const t = f32([1.5, 2.5], [2]);
    for (const [field, value] of [['data', new Float32Array(1)], ['dims', [100]], ['type', 'float64'], ['size', 100]]) {
      assert.throws(() => { t[field] = value; }, TypeError, field);
    }
    assert.deepEqual([...ops.Floor(t).data], [1, 2]);
    await stillWorks();
  });

  test('an object that only looks like a Tensor is refused', async () => {
    const fake = Object.create(Tensor.prototype);
    await refused(() => ops.Floor(fake), 'INVALID_ARGUMENT', /^Floor: input 0 must be a Tensor$/);
    const lookalike = { type: 'float32', data: new Float32Array(4), dims: [1000], size: 1000 };
    await refused(() => ops.Ceil(lookalike), 'INVALID_ARGUMENT', /^Ceil: input 0 must be a Tensor$/);
    await refused(() => ops.Min([f32([1]), fake]), 'INVALID_ARGUMENT', /^Min: input 1 must be a Tensor$/);
  });
});

describe('Operators: inputs, element counts and byte sizes', () => {
  const cases = [
    ['a type the version does not accept', () => ops.Floor(new Tensor('int32', [1, 2])), 'INVALID_ARGUMENT',
      /^Floor-13: input 0 has type int32, which this version does not accept \(it accepts float64, float32, float16, bfloat16\)$/],
    ['bfloat16 before the version that adds it', () => ops.Ceil(new Tensor('bfloat16', new Uint16Array(1)), { opset: 12 }), 'INVALID_ARGUMENT',
      /^Ceil-6: input 0 has type bfloat16, which this version does not accept/],
    ['Min with no inputs', () => ops.Min([]), 'INVALID_ARGUMENT', /^Min: expects at least one Tensor, got an empty array$/],
    ['Min with inputs not in an array', () => ops.Min(f32([1])), 'INVALID_ARGUMENT', /^Min: expects an array of Tensors, got Tensor$/],
    ['Min with mixed types', () => ops.Min([f32([1]), new Tensor('float64', [1])]), 'INVALID_ARGUMENT',
      /^Min-13: input 1 has type float64 but input 0 has type float32; all inputs must share one type$/],
    ['Min with mixed integer types', () => ops.Min([new Tensor('int64', [1n]), new Tensor('uint64', [1n])]), 'INVALID_ARGUMENT',
      /^Min-13: input 1 has type uint64 but input 0 has type int64/],
    ['Min-6 with different shapes', () => ops.Min([f32([1, 2]), f32([1])], { opset: 6 }), 'INVALID_ARGUMENT',
      /^Min-6: input 1 has shape \[1\] but input 0 has shape \[2\]; this version needs identical shapes/],
    ['Min with shapes that do not broadcast', () => ops.Min([f32([1, 2]), f32([1, 2, 3])]), 'INVALID_ARGUMENT',
      /^Min-13: shapes \[2\], \[3\] cannot be broadcast: dimension 0 is 2 in one input and 3 in input 1$/],
    ['AveragePool on rank 2', () => ops.AveragePool(f32([1, 2], [1, 2]), { kernel_shape: [1] }), 'INVALID_ARGUMENT',
      /^AveragePool-22: input X must have rank 3 or more \(N x C x D1 \.\.\.\), got shape \[1,2\]$/],
    // Sizes: a dimension or a product past what a wasm32 memory holds is an error, never a wrap-around.
    ['an empty tensor with a dimension of 2^40', () => ops.Floor(new Tensor('float32', new Float32Array(0), [0, 2 ** 40])), 'OUT_OF_MEMORY',
      /^Floor-13: input 0: shape \[0,1099511627776\] has a dimension too large to allocate$/],
    ['a broadcast of 2^32 elements', () => ops.Min([zeros('uint8', [65536, 1]), zeros('uint8', [1, 65536])]), 'OUT_OF_MEMORY',
      /^Min-13: shape \[65536,65536\] has too many elements to allocate$/],
    ['a broadcast of 2^30 float32 (4 GiB)', () => ops.Min([zeros('float32', [32768, 1]), zeros('float32', [1, 32768])]), 'OUT_OF_MEMORY',
      /^Min-13: shape \[32768,32768\] of 4-byte elements needs 4294967296 bytes, more than the 4294967295 a tensor can have$/],
    ['a broadcast of 3 GiB', () => ops.Min([zeros('float32', [24576, 1]), zeros('float32', [1, 32768])]), 'OUT_OF_MEMORY',
      /^Min-13: cannot allocate 3221225472 bytes for a tensor of shape \[24576,32768\]$/],
    ['an AveragePool output of 3 GiB (pads)', () => ops.AveragePool(f32([1], [1, 1, 1]), { kernel_shape: [1], pads: [0, 805306367] }), 'OUT_OF_MEMORY',
      /^AveragePool-22: output of shape \[1,1,805306368\] needs 3221225472 bytes, more than the 2147483648 a call can have$/],
    ['an AveragePool output of 8 GiB (pads)', () => ops.AveragePool(f32([1], [1, 1, 1]), { kernel_shape: [1], pads: [0, 2 ** 31 - 2] }), 'OUT_OF_MEMORY',
      /^AveragePool-22: shape \[1,1,2147483647\] of 4-byte elements needs 8589934588 bytes/],
  ];
  for (const [label, call, code, pattern] of cases) test(label, () => refused(call, code, pattern));

  test('an empty tensor of huge (but allocatable) dims computes', async () => {
    const y = ops.Floor(new Tensor('float32', new Float32Array(0), [2 ** 26, 2 ** 26, 0]));
    assert.deepEqual([...y.dims], [2 ** 26, 2 ** 26, 0]);
    assert.equal(y.data.length, 0);
    await stillWorks();
  });

  test('a tensor whose buffer was transferred away is refused', async () => {
    for (const dims of [[2], [0]]) {
      const data = new Float32Array(dims[0]);
      const t = new Tensor('float32', data, dims);
      structuredClone(data.buffer, { transfer: [data.buffer] }); // detaches: data.length is now 0
      if (dims[0]) {
        await refused(() => ops.Floor(t), 'INVALID_ARGUMENT', /^Floor: input 0 has 0 elements left in its data but its dims \[2\] need 2$/);
        await refused(() => ops.Min([f32([1]), t]), 'INVALID_ARGUMENT', /^Min: input 1 has 0 elements left/);
      } else { // nothing was lost
        assert.equal(ops.Floor(t).size, 0);
        assert.deepEqual([...ops.Min([f32([1]), t]).dims], [0]);
      }
    }
  });
});

describe('Operators: options and every attribute rule', () => {
  const x = f32(Array.from({ length: 25 }, (_, i) => i), [1, 1, 5, 5]);
  const pool = (options) => () => ops.AveragePool(x, options);
  const cases = [
    // options themselves
    ['options that are not an object', () => ops.Floor(x, 5), /^Floor: options must be an object, got number$/],
    ['options that are null', () => ops.Floor(x, null), /^Floor: options must be an object, got null$/],
    ['opset 0', () => ops.Floor(x, { opset: 0 }), /^Floor: opset must be a positive integer, got 0$/],
    ['a fractional opset', () => ops.Floor(x, { opset: 1.5 }), /^Floor: opset must be a positive integer, got 1.5$/],
    ['an opset that is a string', () => ops.Floor(x, { opset: '13' }), /^Floor: opset must be a positive integer, got 13$/],
    ['an opset beyond 2^53', () => ops.Floor(x, { opset: 2 ** 60 }), /^Floor: opset must be a positive integer/],
    ['an opset that is a symbol', () => ops.Floor(x, { opset: Symbol('13') }), /^Floor: opset must be a positive integer, got Symbol\(13\)$/],
    ['an attribute named __proto__', () => ops.Floor(x, JSON.parse('{"__proto__": [1]}')), /^Floor-13: attribute '__proto__' is not defined by this version$/],
    ['an attribute no version defines', () => ops.Floor(x, { axis: 1 }), /^Floor-13: attribute 'axis' is not defined by this version$/],
    ['an attribute of another version', () => ops.Floor(x, { opset: 6, consumed_inputs: [0] }),
      /^Floor-6: attribute 'consumed_inputs' is not defined by this version \(defined by version 1\)$/],
    ['Min-6 with consumed_inputs', () => ops.Min([x], { opset: 6, consumed_inputs: [0] }), /^Min-6: attribute 'consumed_inputs' is not defined by this version/],
    ['Round with an attribute', () => ops.Round(x, { mode: 'up' }), /^Round-22: attribute 'mode' is not defined by this version$/],
    // values the bindings never see: checked in JS
    ['an object value', pool({ kernel_shape: { 0: 2, 1: 2 } }), /^AveragePool: attribute 'kernel_shape' has a value of an unsupported kind \(object\)$/],
    ['a bigint value', pool({ kernel_shape: [2, 2], ceil_mode: 1n }), /^AveragePool: attribute 'ceil_mode' has a value of an unsupported kind \(bigint\)$/],
    ['a typed array value', pool({ kernel_shape: new Int32Array([2, 2]) }), /^AveragePool: attribute 'kernel_shape' has a value of an unsupported kind \(Int32Array\)$/],
    ['a function value', pool({ kernel_shape: [2, 2], pads: () => 0 }), /^AveragePool: attribute 'pads' has a value of an unsupported kind \(function\)$/],
    ['a list with a hole', pool({ kernel_shape: [2, , 2] }), /^AveragePool: attribute 'kernel_shape' has a value of an unsupported kind \(undefined\)$/], // eslint-disable-line no-sparse-arrays
    ['a list of 2^32 - 1 holes', pool({ kernel_shape: new Array(2 ** 32 - 1) }), /^AveragePool: attribute 'kernel_shape' has 4294967295 values \(at most 4096\)$/],
    ['a string of a million characters', pool({ kernel_shape: [2, 2], auto_pad: 'V'.repeat(1e6) }), /^AveragePool: attribute 'auto_pad' is a string of 1000000 characters \(at most 4096\)$/],
    ['a thousand attributes', () => ops.Floor(x, Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`a${i}`, i]))), /^Floor: options have 1000 attributes \(at most 64\)$/],
    // AveragePool's attribute rules
    ['kernel_shape missing', pool({}), /^AveragePool-22: attribute 'kernel_shape' is required$/],
    ['kernel_shape empty', pool({ kernel_shape: [] }), /^AveragePool-22: attribute 'kernel_shape' is empty; it needs one value per spatial axis$/],
    ['kernel_shape of floats', pool({ kernel_shape: [2.5, 2] }), /^AveragePool-22: attribute 'kernel_shape' must be a list of ints, got a list of floats$/],
    ['kernel_shape of strings', pool({ kernel_shape: ['2', '2'] }), /^AveragePool-22: attribute 'kernel_shape' must be a list of ints, got a list of strings$/],
    ['kernel_shape as one int', pool({ kernel_shape: 2 }), /^AveragePool-22: attribute 'kernel_shape' must be a list of ints, got an int$/],
    ['kernel_shape zero', pool({ kernel_shape: [2, 0] }), /^AveragePool-22: attribute 'kernel_shape' must be positive, got \[2,0\]$/],
    ['kernel_shape too large', pool({ kernel_shape: [2, 2 ** 31] }), /^AveragePool-22: attribute 'kernel_shape' has a value too large: \[2,2147483648\]$/],
    ['kernel_shape of the wrong rank', pool({ kernel_shape: [2] }),
      /^AveragePool-22: attribute 'kernel_shape' has 1 values but input X of shape \[1,1,5,5\] has 2 spatial axes$/],
    ['kernel larger than the input', pool({ kernel_shape: [6, 2] }),
      /^AveragePool-22: kernel_shape\[0\] = 6 does not fit in spatial axis 0 of size 5: the output would be empty$/],
    ['strides of the wrong length', pool({ kernel_shape: [2, 2], strides: [1] }),
      /^AveragePool-22: attribute 'strides' has 1 values but needs 2 \(one per axis of kernel_shape\)$/],
    ['strides zero', pool({ kernel_shape: [2, 2], strides: [1, 0] }), /^AveragePool-22: attribute 'strides' must be positive, got \[1,0\]$/],
    ['strides too large', pool({ kernel_shape: [2, 2], strides: [1, 2 ** 40] }), /^AveragePool-22: attribute 'strides' has a value too large/],
    ['pads of the wrong length', pool({ kernel_shape: [2, 2], pads: [1, 1] }),
      /^AveragePool-22: attribute 'pads' has 2 values but needs 4 \(a begin and an end per axis of kernel_shape\)$/],
    ['negative pads', pool({ kernel_shape: [2, 2], pads: [0, 0, 0, -1] }), /^AveragePool-22: attribute 'pads' must be non-negative, got \[0,0,0,-1\]$/],
    ['pads with auto_pad', pool({ kernel_shape: [2, 2], auto_pad: 'VALID', pads: [0, 0, 0, 0] }), /^AveragePool-22: attribute 'pads' cannot be used with auto_pad 'VALID'$/],
    ['an unknown auto_pad', pool({ kernel_shape: [2, 2], auto_pad: 'SAME' }),
      /^AveragePool-22: attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got 'SAME'$/],
    ['auto_pad as a number', pool({ kernel_shape: [2, 2], auto_pad: 1 }), /^AveragePool-22: attribute 'auto_pad' must be a string, got an int$/],
    ['ceil_mode 2', pool({ kernel_shape: [2, 2], ceil_mode: 2 }), /^AveragePool-22: attribute 'ceil_mode' must be 0 or 1, got 2$/],
    ['count_include_pad -1', pool({ kernel_shape: [2, 2], count_include_pad: -1 }), /^AveragePool-22: attribute 'count_include_pad' must be 0 or 1, got -1$/],
    ['count_include_pad as a string', pool({ kernel_shape: [2, 2], count_include_pad: '1' }), /^AveragePool-22: attribute 'count_include_pad' must be an int, got a string$/],
    ['dilations of the wrong length', pool({ kernel_shape: [2, 2], dilations: [1, 1, 1] }), /^AveragePool-22: attribute 'dilations' has 3 values but needs 2/],
    ['dilations zero', pool({ kernel_shape: [2, 2], dilations: [0, 1] }), /^AveragePool-22: attribute 'dilations' must be positive, got \[0,1\]$/],
    ['dilations before version 19', pool({ opset: 18, kernel_shape: [2, 2], dilations: [1, 1] }),
      /^AveragePool-11: attribute 'dilations' is not defined by this version \(defined by version 19\)$/],
    ['ceil_mode before version 10', pool({ opset: 9, kernel_shape: [2, 2], ceil_mode: 1 }),
      /^AveragePool-7: attribute 'ceil_mode' is not defined by this version \(defined by version 10\)$/],
    ['count_include_pad before version 7', pool({ opset: 6, kernel_shape: [2, 2], count_include_pad: 1 }),
      /^AveragePool-1: attribute 'count_include_pad' is not defined by this version \(defined by version 7\)$/],
    ['a dilated kernel larger than the input', pool({ kernel_shape: [3, 2], dilations: [3, 1] }),
      /^AveragePool-22: kernel_shape\[0\] = 3 with dilations\[0\] = 3 \(extent 7\) does not fit in spatial axis 0 of size 5/],
  ];
  for (const [label, call, pattern] of cases) test(label, () => refused(call, 'INVALID_ARGUMENT', pattern));

  test('an opset older than every version is UNSUPPORTED', () =>
    refused(() => ops.Round(x, { opset: 10 }), 'UNSUPPORTED', /^Round: opset 10 is older than its first version 11$/));

  test('a getter that throws: its own error, and the runtime works on', async () => {
    const options = { kernel_shape: [2, 2] };
    Object.defineProperty(options, 'pads', { enumerable: true, get() { throw new RangeError('from the getter'); } });
    assert.throws(() => ops.AveragePool(x, options), { name: 'RangeError', message: 'from the getter' });
    await stillWorks();
  });

  test('a RangeError thrown by JavaScript during a call is that error, not a trap of the wasm code', async () => {
    // The inputs' array reads its second element once to see that it is a Tensor, then throws from
    // within the call (while writing the inputs), as JavaScript code there may.
    const inputs = [x, x];
    let reads = 0;
    Object.defineProperty(inputs, 1, { get() { if (++reads > 1) throw new RangeError('from the array'); return x; } });
    assert.throws(() => ops.Min(inputs), (e) => e instanceof RangeError && e.message === 'from the array');
    assert.ok(reads > 1, 'the getter threw within the call');
    await stillWorks();
  });
});

describe('InferenceSession.run: feeds', () => {
  let session;
  before(async () => {
    session = await InferenceSession.create(buildModel({
      inputs: [{ name: 'x', type: 'float32', dims: [2, 'N'] }, { name: 'bias', type: 'float32', dims: [1] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'bias', type: 'float32', dims: [1], data: [0.5] }],
      nodes: [{ op: 'Min', inputs: ['x', 'bias'], outputs: ['y'], name: 'min' }],
    }));
  });
  const x = () => f32([1, 0, -1, 2], [2, 2]);
  const cases = [
    ['a missing feed', () => session.run({}), /^input 'x' is missing from the feeds$/],
    ['an unknown feed', () => session.run({ x: x(), z: x() }), /^'z' is not an input of the model \(its inputs: 'x'\)$/],
    ['an unknown feed with a name of a million characters', () => session.run({ x: x(), ['z'.repeat(1e6)]: x() }),
      /^InferenceSession\.run: 'z{32}\.\.\.' \(1000000 characters\) is not an input of the model$/],
    ['a feed of the wrong type', () => session.run({ x: new Tensor('float64', [1, 2, 3, 4], [2, 2]) }), /^input 'x' must have type float32, got float64$/],
    ['a feed of the wrong rank', () => session.run({ x: f32([1, 2], [2]) }),
      /^input 'x' must have 2 dimensions, got shape \[2\] \(the model declares shape \[2,N\]\)$/],
    ['a feed of the wrong fixed dimension', () => session.run({ x: f32([1, 2, 3], [3, 1]) }),
      /^input 'x': dimension 0 must be 2, got 3 \(the model declares shape \[2,N\]\)$/],
    ['an initializer fed with the wrong type', () => session.run({ x: x(), bias: new Tensor('float64', [1]) }), /^input 'bias' must have type float32, got float64$/],
    ['an initializer fed with the wrong shape', () => session.run({ x: x(), bias: f32([1, 2]) }),
      /^input 'bias': dimension 0 must be 1, got 2 \(the model declares shape \[1\]\)$/],
    ['a feed that is not a Tensor', () => session.run({ x: new Float32Array(4) }), /^InferenceSession\.run: feed 'x' must be a Tensor$/],
    ['a feed that only looks like a Tensor', () => session.run({ x: Object.create(Tensor.prototype) }), /^InferenceSession\.run: feed 'x' must be a Tensor$/],
    ['feeds in an array', () => session.run([x()]), /^InferenceSession\.run: feeds must be an object mapping input names to Tensors$/],
    ['feeds that are a Tensor', () => session.run(x()), /^InferenceSession\.run: feeds must be an object/],
    ['feeds that are null', () => session.run(null), /^InferenceSession\.run: feeds must be an object/],
  ];
  for (const [label, call, pattern] of cases) test(label, () => refused(call, 'INVALID_ARGUMENT', pattern));

  test('the session still runs after every refusal', async () => {
    assert.deepEqual([...(await session.run({ x: x() })).y.data], [0.5, 0, -1, 0.5]);
    assert.deepEqual([...(await session.run({ x: x(), bias: f32([-5]) })).y.data], [-5, -5, -5, -5]);
  });

  test('a released session refuses to run; release() twice is harmless', async () => {
    const s = await InferenceSession.create(canaryModel);
    s.release();
    s.release();
    await refused(() => s.run({ x: f32([1, 2, 3, 4], [1, 1, 4]) }), 'INVALID_ARGUMENT', /^InferenceSession\.run: the session has been released$/);
  });

  test('a model that needs a 3 GiB tensor: OUT_OF_MEMORY naming the node, and the session runs on', async () => {
    const s = await InferenceSession.create(buildModel({
      opset: 19,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 'W'] }],
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], name: 'pool', attributes: { kernel_shape: [1], pads: [0, 805306366] } }],
    }));
    await refused(() => s.run({ x: f32([1, 2], [1, 1, 2]) }), 'OUT_OF_MEMORY',
      /^node 'pool' \(AveragePool\): AveragePool-19: output of shape \[1,1,805306368\] needs 3221225472 bytes, more than the 2147483648 a call can have$/);
    s.release();
    // Smaller pads in another session, same instance: computes (the last window holds 2 and padding).
    const small = await InferenceSession.create(buildModel({
      opset: 19,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 'W'] }],
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], attributes: { kernel_shape: [2], pads: [0, 1] } }],
    }));
    const { y } = await small.run({ x: f32([1, 2], [1, 1, 2]) });
    assert.deepEqual([...y.data], [1.5, 2]);
    small.release();
  });

  test('Min with mixed types in a model: refused at run, naming the node', async () => {
    const s = await InferenceSession.create(buildModel({
      inputs: [{ name: 'x', type: 'float32', dims: [2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'w', type: 'float64', dims: [2], data: [1, 2] }],
      nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'], name: 'mixed' }],
    }));
    await refused(() => s.run({ x: f32([1, 2]) }), 'INVALID_ARGUMENT',
      /^node 'mixed' \(Min\): Min-13: input 1 has type float64 but input 0 has type float32; all inputs must share one type$/);
    s.release();
  });
});

// ---- model files

const floorModel = () => modelProto({ ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'], name: 'floor' }] });
const graphBytes = (graph) => onnx.GraphProto.encode(onnx.GraphProto.fromObject(graph)).finish();
const opset13 = lenField(8, intField(2, 13));
// A ModelProto around graph bytes: ir_version 8, the graph, opset 13.
const modelAround = (graph) => concat(intField(1, 8), lenField(7, graph), opset13);
const nodeBytes = ({ op, inputs = [], outputs = [], name, attributes = [] }) =>
  concat(...inputs.map((i) => lenField(1, i)), ...outputs.map((o) => lenField(2, o)), name ? lenField(3, name) : new Uint8Array(),
    lenField(4, op), ...attributes.map((a) => lenField(5, a)));
const valueInfoBytes = (name, dims) => {
  const shape = dims ? lenField(2, concat(...dims.map((d) => lenField(1, intField(1, d))))) : new Uint8Array();
  return concat(lenField(1, name), lenField(2, lenField(1, concat(intField(1, 1), shape))));
};
const create = (bytes) => () => InferenceSession.create(bytes);

describe('Model files: malformed protobuf', () => {
  const floorGraph = graphBytes(floorModel().graph);
  const cases = [
    ['the graph field as a varint', concat(intField(1, 8), intField(7, 1), opset13),
      /^cannot decode the model: field 7 has wire type varint where length-delimited was expected$/],
    ['ir_version as bytes', concat(lenField(1, 'eight'), lenField(7, floorGraph), opset13),
      /^cannot decode the model: field 1 has wire type length-delimited where varint was expected$/],
    ['a node op_type as a varint', modelAround(concat(lenField(1, concat(lenField(1, 'x'), lenField(2, 'y'), intField(4, 3))), graphBytes({ input: floorModel().graph.input, output: floorModel().graph.output }))),
      /^cannot decode the model: node #0: field 4 has wire type varint where length-delimited was expected$/],
    ['initializer dims as 64-bit', modelAround(concat(floorGraph, lenField(5, concat(tag(1, WIRE.FIXED64), new Uint8Array(8), intField(2, 1))))),
      /^cannot decode the model: initializer: field 1 has wire type 64-bit where varint was expected$/],
    ['attribute ints as 32-bit', modelAround(concat(floorGraph, lenField(1, nodeBytes({ op: 'AveragePool', inputs: ['x'], outputs: ['p'], name: 'pool',
      attributes: [concat(lenField(1, 'kernel_shape'), intField(20, 7), tag(8, WIRE.FIXED32), new Uint8Array(4))] })))),
    /^cannot decode the model: node 'pool' \(AveragePool\): attribute 'kernel_shape': field 8 has wire type 32-bit where varint was expected$/],
    ['a float attribute as a varint', modelAround(concat(floorGraph, lenField(1, nodeBytes({ op: 'Floor', inputs: ['x'], outputs: ['q'], name: 'f',
      attributes: [concat(lenField(1, 'alpha'), intField(20, 1), intField(2, 7))] })))),
    /^cannot decode the model: node 'f' \(Floor\): attribute 'alpha': field 2 has wire type varint where 32-bit was expected$/],
    ['a dim_value as bytes', modelAround(concat(floorGraph, lenField(11, concat(lenField(1, 'z'), lenField(2, lenField(1, concat(intField(1, 1), lenField(2, lenField(1, lenField(1, 'big')))))))))),
      /^cannot decode the model: field 1 has wire type length-delimited where varint was expected$/],
    ['a graph length of 2^31 - 1', concat(intField(1, 8), tag(7, WIRE.LEN), varint(2 ** 31 - 1), floorGraph),
      /^cannot decode the model: the protobuf data ends in the middle of a field \(truncated file\?\)$/],
    ['a graph length of 2^32 - 1', concat(intField(1, 8), tag(7, WIRE.LEN), varint(2 ** 32 - 1), floorGraph),
      /^cannot decode the model: the protobuf data ends in the middle of a field/],
    ['a node length past the end of the graph', modelAround(concat(tag(1, WIRE.LEN), varint(1000), floorGraph)),
      /^cannot decode the model: the protobuf data ends in the middle of a field/],
    ['a varint of 11 bytes', concat(tag(1, WIRE.VARINT), new Uint8Array(10).fill(0xff), Uint8Array.of(1)),
      /^cannot decode the model: malformed protobuf data \(varint too long exception\)$/],
    ['a varint cut short', concat(tag(1, WIRE.VARINT), Uint8Array.of(0xff, 0xff)),
      /^cannot decode the model: the protobuf data ends in the middle of a field/],
    ['wire type 6', concat(intField(1, 8), tag(3, 6), Uint8Array.of(1)), /^cannot decode the model: malformed protobuf data \(unknown pbf field type exception\)$/],
    ['a group (wire type 3)', concat(intField(1, 8), tag(3, WIRE.START_GROUP), tag(3, WIRE.END_GROUP)), /^cannot decode the model: malformed protobuf data/],
    ['field number 0', concat(tag(0, WIRE.VARINT), Uint8Array.of(1)), /^cannot decode the model: malformed protobuf data \(invalid tag exception\)$/],
  ];
  for (const [label, bytes, pattern] of cases) test(label, () => refused(create(bytes), 'INVALID_MODEL', pattern));

  test('empty and garbage bytes', async () => {
    await refused(create(new Uint8Array(0)), 'INVALID_MODEL', /^the model has no ir_version$/);
    const next = rng(8);
    for (let i = 0; i < 300; i++) {
      const garbage = Uint8Array.from({ length: 1 + Math.floor(next() * 200) }, () => Math.floor(next() * 256));
      await assert.rejects(InferenceSession.create(garbage), (e) => e instanceof OnnxWasmError && ['INVALID_MODEL', 'UNSUPPORTED'].includes(e.code));
    }
    await stillWorks();
  });
});

describe('Model files: tensors and shapes', () => {
  const withInitializer = (initializer) => {
    const message = modelProto({ ...io, nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'], name: 'min' }] });
    message.graph.initializer.push(initializer);
    return encodeModelProto(message);
  };
  const raw = (bytes) => new Uint8Array(bytes);
  const cases = [
    ['dims [2^31, 2^31] over 4 bytes', { name: 'w', dims: [2 ** 31, 2 ** 31], dataType: 1, rawData: raw(4) }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w': raw_data holds 4 bytes but its shape \[2147483648,2147483648\] of float32 needs more than 4294967295$/],
    ['dims [2^62] with no data', { name: 'w', dims: [2 ** 62], dataType: 1 }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w' has no data, but its shape \[4611686018427387904\] of float32 needs more than 4294967295 elements$/],
    ['dims [2^40, 0] (empty but absurd)', { name: 'w', dims: [2 ** 40, 0], dataType: 1 }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w' has no data, but its shape \[1099511627776,0\] of float32 needs more than 4294967295 elements$/],
    ['dims [1000000] over 8 bytes of raw_data', { name: 'w', dims: [1e6], dataType: 1, rawData: raw(8) }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w': raw_data holds 8 bytes but its shape \[1000000\] of float32 needs 4000000$/],
    ['float_data shorter than dims', { name: 'w', dims: [3], dataType: 1, floatData: [1, 2] }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w': float_data holds 2 values but its shape \[3\] of float32 needs 3$/],
    ['int64_data longer than dims', { name: 'w', dims: [1], dataType: 7, int64Data: ['1', '2'] }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w': int64_data holds 2 values but its shape \[1\] of int64 needs 1$/],
    ['values in a field that cannot hold the type', { name: 'w', dims: [1], dataType: 6, floatData: [1] }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w' of type int32 stores its values in float_data, which cannot hold that type \(expected int32_data\)$/],
    ['a negative dimension', { name: 'w', dims: [2, -1], dataType: 1 }, 'INVALID_MODEL',
      /^cannot decode the model: initializer: tensor 'w' has a negative dimension in its shape \[2,-1\]$/],
    ['no data_type', { name: 'w', dims: [1], rawData: raw(4) }, 'INVALID_MODEL', /^cannot decode the model: initializer: tensor 'w' has no data_type$/],
    ['an unsupported element type', { name: 'w', dims: [1], dataType: 14, rawData: raw(8) }, 'UNSUPPORTED',
      /^initializer: tensor 'w' has element type complex64, which this runtime does not support$/],
    ['external data', { name: 'w', dims: [2], dataType: 1, dataLocation: 1, externalData: [{ key: 'location', value: '../../etc/passwd' }] }, 'UNSUPPORTED',
      /^initializer: tensor 'w' keeps its data in an external file \('\.\.\/\.\.\/etc\/passwd'\); external data is not supported/],
    ['segments', { name: 'w', dims: [2], dataType: 1, segment: { begin: 0, end: 1 }, rawData: raw(8) }, 'UNSUPPORTED',
      /^initializer: tensor 'w' is stored in segments, which are not supported$/],
  ];
  for (const [label, initializer, code, pattern] of cases) test(`initializer: ${label}`, () => refused(create(withInitializer(initializer)), code, pattern));

  test('a graph input declaring a negative dimension', () =>
    refused(create(buildModel({ ...io, inputs: [{ name: 'x', type: 'float32', dims: [2, -3] }], nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] })),
      'INVALID_MODEL', /^graph input 'x' declares dimension 1 as -3, which is negative$/));

  test('a graph input declaring a dimension of 2^40: no feed can match', async () => {
    const s = await InferenceSession.create(buildModel({ ...io, inputs: [{ name: 'x', type: 'float32', dims: [2 ** 40] }],
      nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] }));
    await refused(() => s.run({ x: f32([1, 2]) }), 'INVALID_ARGUMENT', /^input 'x': dimension 0 must be 1099511627776, got 2/);
    s.release();
  });

  test('a sparse initializer', async () => {
    const graph = concat(graphBytes(floorModel().graph), lenField(15, lenField(3, intField(1, 2))));
    await refused(create(modelAround(graph)), 'UNSUPPORTED', /^the graph has sparse initializers, which are not supported$/);
  });
});

describe('Model files: graphs', () => {
  const cases = [
    ['Min with no inputs', { ...io, nodes: [{ op: 'Min', inputs: [], outputs: ['y'], name: 'm' }] }, 'INVALID_ARGUMENT',
      /^node 'm' \(Min\): Min-13: expects at least 1 input, got 0$/],
    ['Floor with two inputs', { ...io, nodes: [{ op: 'Floor', inputs: ['x', 'x'], outputs: ['y'], name: 'f' }] }, 'INVALID_ARGUMENT',
      /^node 'f' \(Floor\): Floor-13: expects 1 input, got 2$/],
    ['a node without op_type', { ...io, nodes: [{ op: '', inputs: ['x'], outputs: ['y'], name: 'n' }] }, 'INVALID_MODEL',
      /^node 'n' \(no op_type\): the node has no op_type$/],
    ['an unsupported operator', { ...io, nodes: [{ op: 'Loop', inputs: ['x'], outputs: ['y'], name: 'l' }] }, 'UNSUPPORTED',
      /^node 'l' \(Loop\): unsupported operator 'Loop' \(domain ai\.onnx\)$/],
    ['an input nobody produces', { ...io, nodes: [{ op: 'Min', inputs: ['x', 'ghost'], outputs: ['y'], name: 'm' }] }, 'INVALID_MODEL',
      /^node 'm' \(Min\): input 'ghost' is produced by no node and is neither a graph input nor an initializer$/],
    ['a value defined twice', { ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'], name: 'a' }, { op: 'Ceil', inputs: ['x'], outputs: ['y'], name: 'b' }] },
      'INVALID_MODEL', /^node 'b' \(Ceil\): 'y' is defined twice: as an output of node 'a' \(Floor\) and as an output of node 'b' \(Ceil\)$/],
    ['a node naming more outputs than its operator produces', { ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y', 'z'], name: 'f' }] },
      'INVALID_MODEL', /^node 'f' \(Floor\): the node names 2 outputs but Floor-13 produces 1$/],
    ['a node output that shadows a graph input', { ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['x'], name: 'a' }] }, 'INVALID_MODEL',
      /^node 'a' \(Floor\): 'x' is defined twice: as a graph input and as an output of node 'a' \(Floor\)$/],
    ['a graph output nobody produces', { ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['z'] }] }, 'INVALID_MODEL',
      /^graph output 'y' is produced by no node and is neither a graph input nor an initializer$/],
    ['a graph input of type string', { ...io, inputs: [{ name: 'x', type: 'string', dims: [2] }], nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] }, 'UNSUPPORTED',
      /^graph input 'x' has element type string, which this runtime does not support$/],
    ['no opset for the default domain', { ...io, opsetImports: [{ domain: 'com.example', version: 1 }], nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'], name: 'f' }] },
      'INVALID_MODEL', /^node 'f' \(Floor\): the model imports no opset for the default ONNX domain \(ai\.onnx\)$/],
    ['a negative opset', { ...io, opset: -13, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] }, 'INVALID_MODEL',
      /^the opset_import of the default ONNX domain has version -13$/],
  ];
  for (const [label, spec, code, pattern] of cases) test(label, () => refused(create(buildModel(spec)), code, pattern));

  // A chain x -> Floor -> Ceil -> Floor -> ... of `length` nodes, in reverse file order.
  const chain = (length) => {
    const nodes = [];
    for (let i = length - 1; i >= 0; i--) {
      nodes.push(lenField(1, nodeBytes({ op: i % 2 ? 'Ceil' : 'Floor', inputs: [i ? `v${i - 1}` : 'x'], outputs: [i === length - 1 ? 'y' : `v${i}`] })));
    }
    return modelAround(concat(...nodes, lenField(11, valueInfoBytes('x', [3])), lenField(12, valueInfoBytes('y'))));
  };

  test('a chain of 100,000 nodes loads and computes', async () => {
    const s = await InferenceSession.create(chain(100000));
    const { y } = await s.run({ x: f32([2.5, -1.5, 0.25], [3]) });
    assert.deepEqual([...y.data], [2, -2, 0]);
    s.release();
    await stillWorks();
  });

  test('a cycle through 100,000 nodes: refused quickly, the message shows part of it', async () => {
    const n = 100000;
    const nodes = Array.from({ length: n }, (_, i) => lenField(1, nodeBytes({ op: 'Floor', inputs: [`v${(i + n - 1) % n}`], outputs: [`v${i}`], name: `n${i}` })));
    const model = modelAround(concat(...nodes, lenField(1, nodeBytes({ op: 'Min', inputs: ['x', 'v0'], outputs: ['y'] })),
      lenField(11, valueInfoBytes('x', [3])), lenField(12, valueInfoBytes('y'))));
    const error = await refused(create(model), 'INVALID_MODEL', /^node 'n\d+' \(Floor\) is on a cycle: (node 'n\d+' \(Floor\) -> ){8}\.\.\. \(100000 nodes in all\) -> node 'n\d+' \(Floor\)$/);
    assert.ok(error.message.length < 500);
  });

  test('more than 2^21 nodes, inputs and outputs: refused as too large', async () => {
    const inputs = new Uint8Array(3 * 2200000);
    for (let i = 0; i < inputs.length; i += 3) inputs.set([0x0a, 0x01, 0x78], i); // input: 'x'
    const model = modelAround(concat(lenField(1, concat(inputs, lenField(2, 'y'), lenField(4, 'Min'))),
      lenField(11, valueInfoBytes('x', [3])), lenField(12, valueInfoBytes('y'))));
    await refused(create(model), 'UNSUPPORTED',
      /^the graph is too large: 2200005 nodes, node inputs, outputs and attributes, initializers, graph inputs and outputs \(at most 2097152\)$/);
  });

  test('a node with more than 1024 attributes', async () => {
    const attributes = Array.from({ length: 1100 }, (_, i) => concat(lenField(1, `a${i}`), intField(20, 2), intField(3, i)));
    const model = modelAround(concat(lenField(1, nodeBytes({ op: 'Floor', inputs: ['x'], outputs: ['y'], name: 'f', attributes })),
      lenField(11, valueInfoBytes('x', [2])), lenField(12, valueInfoBytes('y'))));
    await refused(create(model), 'UNSUPPORTED', /^node 'f' \(Floor\): the node has more than 1024 attributes$/);
  });

  // GRAPH (type 5, field g = 6) or GRAPHS (type 10, field graphs = 11) attributes, each holding a graph
  // whose one node ('If') has such an attribute, `depth` levels deep. Every level only prefixes the one
  // inside it, so the prefixes are made inside out and joined once.
  const nested = (depth, graphs) => {
    const header = concat(lenField(1, 'then_branch'), intField(20, graphs ? 10 : 5));
    const opType = lenField(4, 'If');
    const prefixes = [header];
    let length = header.length;
    for (let level = 0; level < depth; level++) {
      const node = concat(opType, tag(5, WIRE.LEN), varint(length)); // + the attribute inside
      const graph = concat(tag(1, WIRE.LEN), varint(node.length + length), node);
      const prefix = concat(header, tag(graphs ? 11 : 6, WIRE.LEN), varint(graph.length + length), graph);
      prefixes.push(prefix);
      length += prefix.length;
    }
    return concat(...prefixes.reverse());
  };
  for (const graphs of [false, true]) {
    const kind = graphs ? 'GRAPHS' : 'GRAPH';
    test(`${kind} attributes nested 100,000 deep: refused past 16 levels, naming the path, no deeper recursion`, async () => {
      const deep = nested(100000, graphs);
      const io2 = concat(lenField(11, valueInfoBytes('x', [2])), lenField(12, valueInfoBytes('y')));
      const path = "attribute 'then_branch': (an unnamed node \\(If\\): attribute 'then_branch': ){16}subgraphs are nested more than 16 deep$";
      await refused(create(modelAround(concat(lenField(1, nodeBytes({ op: 'If', inputs: ['x'], outputs: ['y'], name: 'if', attributes: [deep] })), io2))),
        'UNSUPPORTED', new RegExp(`^node 'if' \\(If\\): ${path}`));
      await refused(create(modelAround(concat(lenField(1, nodeBytes({ op: 'Floor', inputs: ['x'], outputs: ['y'], name: 'f', attributes: [deep] })), io2))),
        'UNSUPPORTED', new RegExp(`^node 'f' \\(Floor\\): ${path}`));
      await refused(create(modelAround(concat(lenField(1, nodeBytes({ op: 'AveragePool', inputs: ['x'], outputs: ['y'], name: 'p',
        attributes: [concat(lenField(1, 'kernel_shape'), intField(20, graphs ? 10 : 5), lenField(graphs ? 11 : 6, new Uint8Array()))] })), io2))),
      'INVALID_ARGUMENT', new RegExp(`^node 'p' \\(AveragePool\\): AveragePool-11: attribute 'kernel_shape' must be a list of ints, got a ${graphs ? 'list of graphs' : 'graph'}$`));
    });
  }
});

// ---- the exported models and the ONNX backend test cases, cut and damaged

const cases = [...exportedCases(), ...onnxCases()].map((c) => c.dir);

// A case's first input, or null where it has none (Constant) or it is no tensor the runtime holds (a
// type it lacks, refused as UNSUPPORTED, or a sequence or optional value, which does not decode as one).
function decodableFeed(path) {
  if (!existsSync(path)) return null;
  try {
    return decodeTensorProto(readFileSync(path));
  } catch (e) {
    if (e instanceof OnnxWasmError) return null;
    throw e;
  }
}

describe('exported models and ONNX backend test cases, truncated and with bytes flipped', () => {
  test('the test cases are there', () => assert.ok(cases.length >= 100, `only ${cases.length} test cases`));
  test("ONNX's backend test cases among them", { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, () => assert.ok(onnxCases().length >= 200));

  // A prefix may still be a whole model when it ends between top-level fields after the graph (e.g.
  // before trailing metadata): then it must load. Anything cut inside the graph must be refused.
  test('every model truncated at 64 offsets (every offset for the small ones)', async () => {
    let refusals = 0;
    for (const dir of cases) {
      const model = readFileSync(join(dir, 'model.onnx'));
      const whole = decodeModel(model);
      const step = Math.max(1, Math.floor(model.length / 64));
      for (let end = 0; end < model.length; end += step) {
        const prefix = model.subarray(0, end);
        try {
          (await InferenceSession.create(prefix)).release();
          const loaded = decodeModel(prefix);
          assert.equal(loaded.graph.node.length, whole.graph.node.length, `${dir} cut at ${end} loaded without all its nodes`);
        } catch (e) {
          assert.ok(e instanceof OnnxWasmError && ['INVALID_MODEL', 'UNSUPPORTED'].includes(e.code), `${dir} cut at ${end}: ${e.stack ?? e}`);
          refusals++;
        }
      }
      await stillWorks();
    }
    assert.ok(refusals > cases.length * 30, `only ${refusals} refusals`);
  });

  test('every model with bytes flipped (40 mutations each): a clean refusal, or a model that runs or refuses its feeds', async () => {
    const next = rng(3);
    let loaded = 0;
    for (const dir of cases) {
      const model = readFileSync(join(dir, 'model.onnx'));
      const feed = decodableFeed(join(dir, 'test_data_set_0', 'input_0.pb'));
      for (let k = 0; k < 40; k++) {
        const mutated = Uint8Array.from(model);
        for (let flips = 1 + Math.floor(next() * 3); flips > 0; flips--) mutated[Math.floor(next() * mutated.length)] = Math.floor(next() * 256);
        let session;
        try {
          session = await InferenceSession.create(mutated);
        } catch (e) {
          assert.ok(e instanceof OnnxWasmError, `${dir} mutation ${k}: ${e.stack ?? e}`);
          continue;
        }
        loaded++;
        if (feed === null) {
          session.release();
          continue;
        }
        try {
          await session.run(Object.fromEntries(session.inputNames.map((name) => [name, feed])));
        } catch (e) {
          assert.ok(e instanceof OnnxWasmError, `${dir} mutation ${k} at run: ${e.stack ?? e}`);
        }
        session.release();
      }
      await stillWorks();
    }
    assert.ok(loaded > 0, 'no mutated model loaded: the run path went untested');
  });

  test('every TensorProto truncated and with bytes flipped', async () => {
    const next = rng(4);
    for (const dir of cases) {
      for (const file of ['input_0.pb', 'output_0.pb'].filter((f) => existsSync(join(dir, 'test_data_set_0', f)))) {
        const bytes = readFileSync(join(dir, 'test_data_set_0', file));
        const step = Math.max(1, Math.floor(bytes.length / 16));
        for (let end = 0; end < bytes.length; end += step) {
          try {
            decodeTensorProto(bytes.subarray(0, end));
          } catch (e) {
            // UNSUPPORTED: data of a type the runtime lacks (float8, int4, ...), refused by its type field.
            assert.ok(e instanceof OnnxWasmError && ['INVALID_MODEL', 'UNSUPPORTED'].includes(e.code), `${dir}/${file} cut at ${end}: ${e.stack ?? e}`);
          }
        }
        for (let k = 0; k < 10; k++) {
          const mutated = Uint8Array.from(bytes);
          mutated[Math.floor(next() * mutated.length)] = Math.floor(next() * 256);
          try {
            decodeTensorProto(mutated);
          } catch (e) {
            assert.ok(e instanceof OnnxWasmError, `${dir}/${file} mutation ${k}: ${e.stack ?? e}`);
          }
        }
      }
      await stillWorks();
    }
  });
});

describe('decodeTensorProto: refusals', () => {
  const cases = [
    ['a string', () => decodeTensorProto('x'), 'INVALID_ARGUMENT', /^decodeTensorProto: expected a Uint8Array, an ArrayBuffer, a path or a URL, got string$/],
    ['null', () => decodeTensorProto(null), 'INVALID_ARGUMENT', /got null$/],
    ['huge dims', () => decodeTensorProto(encodeTensor({ name: 't', dims: [2 ** 31, 2 ** 31], dataType: 1, rawData: new Uint8Array(4) })), 'INVALID_MODEL',
      /^cannot decode the TensorProto: tensor 't': raw_data holds 4 bytes but its shape \[2147483648,2147483648\] of float32 needs more than 4294967295$/],
    ['data shorter than dims', () => decodeTensorProto(encodeTensor({ type: 'float64', dims: [3], data: [1, 2] })), 'INVALID_MODEL',
      /^cannot decode the TensorProto: an unnamed tensor: raw_data holds 16 bytes but its shape \[3\] of float64 needs 24$/],
    ['a wrong wire type', () => decodeTensorProto(concat(tag(2, WIRE.LEN), varint(1), Uint8Array.of(1))), 'INVALID_MODEL',
      /^cannot decode the TensorProto: field 2 has wire type length-delimited where varint was expected$/],
    ['an absurd length', () => decodeTensorProto(concat(tag(9, WIRE.LEN), varint(2 ** 32 - 2))), 'INVALID_MODEL',
      /^cannot decode the TensorProto: the protobuf data ends in the middle of a field/],
    ['external data', () => decodeTensorProto(encodeTensor({ name: 't', dims: [1], dataType: 1, dataLocation: 1 })), 'UNSUPPORTED',
      /^tensor 't' keeps its data in an external file; external data is not supported/],
  ];
  for (const [label, call, code, pattern] of cases) test(label, () => refused(call, code, pattern));
});

// ---- memory

describe('Memory: thousands of good and failing calls leave the heap where it was', () => {
  const x = f32(Array.from({ length: 48 }, (_, i) => i / 4 - 6), [1, 3, 4, 4]);
  const bad = buildModel({ ...io, nodes: [{ op: 'Min', inputs: ['x', 'ghost'], outputs: ['y'] }] });
  const truncated = canaryModel.subarray(0, canaryModel.length - 7);
  const pb = encodeTensor({ name: 't', type: 'float32', dims: [2, 2], data: [1, 2, 3, 4] });
  const expectError = async (fn) => assert.ok((await Promise.resolve().then(fn).then(() => null, (e) => e)) instanceof OnnxWasmError);

  // One of everything: good and failing operator calls, sessions created, run (well and badly) and
  // released, models refused, TensorProtos decoded and refused.
  async function round() {
    ops.AveragePool(x, { kernel_shape: [2, 2], pads: [1, 1, 0, 0], count_include_pad: 1 });
    ops.Min([x, f32([0], [1]), f32([1, 2, 3, 4], [4])]);
    ops.Round(ops.Ceil(ops.Floor(x)));
    await expectError(() => ops.Floor(new Tensor('int8', [1])));
    await expectError(() => ops.AveragePool(x, { kernel_shape: [9, 9] }));
    await expectError(() => ops.AveragePool(x, { kernel_shape: [2, 2], strides: [0, 1] }));
    await expectError(() => ops.Min([zeros('float32', [24576, 1]), zeros('float32', [1, 32768])])); // 3 GiB
    await expectError(() => ops.Min([f32([1, 2]), f32([1, 2, 3])]));
    const session = await InferenceSession.create(canaryModel);
    await session.run({ x: f32([1, 2, 3, 4], [1, 1, 4]) });
    await expectError(() => session.run({ x: f32([1, 2, 3], [1, 1, 3]) }));
    await expectError(() => session.run({}));
    session.release();
    await expectError(() => InferenceSession.create(bad));
    await expectError(() => InferenceSession.create(truncated));
    decodeTensorProto(pb);
    await expectError(() => decodeTensorProto(pb.subarray(0, pb.length - 3)));
  }

  test('2,000 rounds (34,000 calls)', async () => {
    for (let i = 0; i < 20; i++) await round(); // first uses allocate for good (embind's type tables)
    const start = heapStats();
    for (let i = 0; i < 2000; i++) await round();
    const end = heapStats();
    console.log(`heap: ${start.inUseBytes} bytes in use before, ${end.inUseBytes} after 2000 rounds; memory ${start.memoryBytes} -> ${end.memoryBytes}`);
    assert.ok(end.inUseBytes <= start.inUseBytes + 1024, `in use: ${start.inUseBytes} -> ${end.inUseBytes}`);
    assert.equal(end.memoryBytes, start.memoryBytes);
    await stillWorks();
  });

  test('sessions garbage-collected without release() are freed', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    const settle = async () => {
      for (let i = 0; i < 5; i++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await settle();
    const start = heapStats().inUseBytes;
    for (let i = 0; i < 200; i++) await InferenceSession.create(canaryModel); // dropped at once
    const held = heapStats().inUseBytes;
    assert.ok(held > start + 200 * 100, `200 live sessions hold only ${held - start} bytes`);
    await settle();
    const end = heapStats().inUseBytes;
    console.log(`heap: ${start} bytes in use, ${held} with 200 unreleased sessions, ${end} after they were collected`);
    assert.ok(end <= start + 1024, `in use: ${start} -> ${end}`);
  });
});
