// The Tensor constructor: onnxruntime-web's own Tensor unit tests, ported (js/common/test/unit-tests/
// tensor/constructor-type.ts and constructor-f16.ts, js/node/test/unittests/lib/tensor.ts), adapted
// where onnx-wasm documents a difference: errors are OnnxWasmError (code INVALID_ARGUMENT) rather than
// TypeError and RangeError; float16 data are Uint16Array bit patterns, and a plain array of numbers is
// taken as values (rounded to nearest, ties to even) where onnxruntime-web without Float16Array refuses
// it. Then the value rules at their edges, and every conversion against onnxruntime-web's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { InferenceSession, Tensor, OnnxWasmError, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import * as ort from 'onnxruntime-web';
import { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../tools/half-codecs.mjs';

const refused = (make, message) => assert.throws(make, (e) => {
  assert.ok(e instanceof OnnxWasmError, `${e}`);
  assert.equal(e.code, 'INVALID_ARGUMENT');
  assert.match(e.message, message);
  return true;
});

// [type, typed array, whether new Tensor(typedArray) infers the type]
const NUMERIC = [
  ['float32', Float32Array, true], ['uint8', Uint8Array, true], ['int8', Int8Array, true], ['uint16', Uint16Array, true],
  ['int16', Int16Array, true], ['int32', Int32Array, true], ['int64', BigInt64Array, true], ['bool', Uint8Array, false],
  ['float64', Float64Array, true], ['uint32', Uint32Array, true], ['uint64', BigUint64Array, true],
  ['float16', Uint16Array, false], ['bfloat16', Uint16Array, false],
];
const BIGINT_TYPES = ['int64', 'uint64'];

const testData = (type, Array_, length) => (type === 'string'
  ? Array.from({ length }, (_, i) => `s${i}`)
  : BIGINT_TYPES.includes(type) ? Array_.from({ length }, (_, i) => BigInt(i)) : Array_.from({ length }, (_, i) => i % 2));

describe('onnxruntime-web constructor-type.ts, ported', () => {
  for (const [type, Array_, inferred] of NUMERIC) {
    test(`[${type}] new Tensor(type, typedArray, dims): type and data`, () => {
      const t = new Tensor(type, new Array_(4), [2, 2]);
      assert.equal(t.type, type);
      assert.ok(t.data instanceof Array_);
    });
    if (inferred) {
      test(`[${type}] new Tensor(typedArray, dims): the type inferred`, () => {
        assert.equal(new Tensor(new Array_(4), [2, 2]).type, type);
      });
    }
    test(`[${type}] new Tensor(type, {} or an ArrayBuffer, dims): refused`, () => {
      refused(() => new Tensor(type, {}, [2, 2]), new RegExp(`^Tensor: type '${type}' needs data in an? .+, got object$`));
      refused(() => new Tensor(type, new ArrayBuffer(100), [2, 2]), /got object$/);
    });
    test(`[${type}] new Tensor(type, values, dims): from a plain array`, () => {
      const t = new Tensor(type, type === 'bool' ? [true, false, true, false] : [1, 0, 1, 0], [2, 2]);
      assert.equal(t.type, type);
      assert.ok(t.data instanceof Array_);
    });
  }
  for (const type of BIGINT_TYPES) {
    test(`[${type}] from numbers and from bigints`, () => {
      assert.deepEqual([...new Tensor(type, [1, 2, 3, 4], [2, 2]).data], [1n, 2n, 3n, 4n]);
      assert.deepEqual([...new Tensor(type, [1n, 2n, 3n, 4n], [2, 2]).data], [1n, 2n, 3n, 4n]);
    });
  }
  test('[string] given and inferred; data is the string array', () => {
    const strings = ['a', 'b', 'c', 'd'];
    assert.equal(new Tensor('string', strings, [2, 2]).type, 'string');
    assert.equal(new Tensor(strings, [2, 2]).type, 'string');
    assert.equal(new Tensor('string', strings, [2, 2]).data, strings);
  });
  test('[bool] from booleans (given and inferred) and from a Uint8Array', () => {
    assert.equal(new Tensor('bool', [true, false, true, false], [2, 2]).type, 'bool');
    assert.equal(new Tensor('bool', new Uint8Array([1, 0, 1, 0]), [2, 2]).type, 'bool');
    const t = new Tensor([true, false, true, false], [2, 2]);
    assert.equal(t.type, 'bool');
    assert.deepEqual(t.data, new Uint8Array([1, 0, 1, 0]));
  });
  test('[float16] a number array holds values (onnxruntime-web without Float16Array refuses it: a difference)', () => {
    assert.deepEqual(new Tensor('float16', [1, 2, 3, 4], [2, 2]).data, new Uint16Array([15360, 16384, 16896, 17408]));
    assert.throws(() => new ort.Tensor('float16', [1, 2, 3, 4], [2, 2]), TypeError); // where it refuses
  });
  test('[float16] from a Uint16Array of bits (constructor-f16.ts)', () => {
    const t = new Tensor('float16', new Uint16Array([15360, 16384, 16896, 17408]), [2, 2]);
    assert.ok(t.data instanceof Uint16Array);
  });
  test('[badtype] refused', () => {
    refused(() => new Tensor('a', [1, 2, 3, 4], [2, 2]), /^Tensor: unknown type 'a' \(expected one of float32, uint8, int8, uint16, int16, int32, int64, float16, float64, uint32, uint64, bfloat16, bool, string\)$/);
  });
});

describe('onnxruntime-web node tensor.ts, ported', () => {
  const cases = [...NUMERIC.map(([type, Array_, inferred]) => [type, Array_, inferred]), ['string', Array, true]];
  for (const [type, Array_, inferred] of cases) {
    for (const passType of inferred ? [true, false] : [true]) {
      const make = (data, dims) => (passType ? new Tensor(type, data, dims) : new Tensor(data, dims));
      const name = `${type}${passType ? '' : ', inferred'}`;
      test(`${name}: data is the object given, type as given; dims omitted or given`, () => {
        const data = testData(type, Array_, 60);
        const t = make(data);
        assert.equal(t.data, data);
        assert.equal(t.type, type);
        assert.deepEqual(t.dims, [60]);
        assert.deepEqual(make(data, [3, 4, 5]).dims, [3, 4, 5]);
      });
      test(`${name}: bad dims refused`, () => {
        const data = testData(type, Array_, 100);
        refused(() => make(data, {}), /^Tensor: dims must be an array, got object$/);
        refused(() => make(data, [1, 2, '']), /^Tensor: dims must be non-negative integers, got \[1, 2, \]$/);
        refused(() => make(data, [1, 2, -1]), /^Tensor: dims must be non-negative integers/);
        refused(() => make(data, [1, 2, 1.5]), /^Tensor: dims must be non-negative integers/);
        refused(() => make(data, [10, 8]), /^Tensor: dims \[10, 8\] hold 80 elements but data has 100$/);
      });
    }
  }
});

describe('value rules of plain arrays', () => {
  test('float16: ±0, NaN, ±inf, 65504, 65520, subnormals, ties: rounded to nearest, ties to even, as the reference', () => {
    const values = [0, -0, NaN, Infinity, -Infinity, 65504, 65505, 65519.99, 65520, -65520, 2 ** -24, 2 ** -25, 2 ** -25 * 1.0001, 3 * 2 ** -25,
      2 ** -14, 2 ** -14 - 2 ** -24, 1 + 2 ** -11, 1 + 3 * 2 ** -11, 1e-10, -1e-10, 1.5, 2.5, 0.1, 1e300, -5e-324];
    const t = new Tensor('float16', values);
    assert.deepEqual([...t.data], values.map(numberToF16));
    // spelled out at the edges
    assert.deepEqual([...t.data.slice(0, 9)], [0x0000, 0x8000, 0x7e00, 0x7c00, 0xfc00, 0x7bff, 0x7bff, 0x7bff, 0x7c00]);
    assert.deepEqual([...t.data.slice(10, 14)], [0x0001, 0x0000, 0x0001, 0x0002]);
    assert.deepEqual(Array.from(t.data.slice(20, 22), f16ToNumber), [1.5, 2.5]);
  });
  test('float16: every finite half value, the midpoints between neighbours and just off them, as the reference', () => {
    const values = [];
    for (let h = 0; h < 0x7c00; h++) {
      const [v, next] = [f16ToNumber(h), f16ToNumber(h + 1)];
      const mid = (v + next) / 2;
      values.push(v, -v, mid, -mid, mid * (1 + 2 ** -40), mid * (1 - 2 ** -40));
    }
    const data = new Tensor('float16', values).data;
    const wrong = values.findIndex((v, i) => data[i] !== numberToF16(v));
    assert.equal(wrong, -1, `${values[wrong]}: ${data[wrong]} rather than ${numberToF16(values[wrong])}`);
  });
  test('bfloat16: rounded once from the double (not through float32), ties to even', () => {
    const f32 = [0, -0, 1, 1 + 2 ** -8, 1 + 3 * 2 ** -8, 3.4028234663852886e38, 1e-40, -1e-45, 0.1, 65520, Infinity, -Infinity];
    assert.deepEqual([...new Tensor('bfloat16', f32).data], f32.map(numberToBf16));
    // 1 + 2^-8 + 2^-40 is above the tie: 0x3f81 (through float32 it would be the tie, and 0x3f80)
    assert.deepEqual([...new Tensor('bfloat16', [1 + 2 ** -8 + 2 ** -40, NaN, 3.4e38 * 1.01, 2 ** -133, 2 ** -134, 2 ** -134 * 1.01]).data],
      [0x3f81, 0x7fc0, 0x7f80, 0x0001, 0x0000, 0x0001]);
    assert.equal(bf16ToNumber(0x0001), 2 ** -133);
  });
  test('int64 and uint64: safe integers as numbers, bigints in range; 2^53 and beyond, fractions and negatives for uint64 refused naming the index', () => {
    const safe = 2 ** 53 - 1;
    assert.deepEqual([...new Tensor('int64', [safe, -safe, 0, -0, -1]).data], [BigInt(safe), BigInt(-safe), 0n, 0n, -1n]);
    assert.deepEqual([...new Tensor('uint64', [safe, 0, 2n ** 64n - 1n]).data], [BigInt(safe), 0n, 2n ** 64n - 1n]);
    assert.deepEqual([...new Tensor('int64', [-(2n ** 63n), 2n ** 63n - 1n]).data], [-(2n ** 63n), 2n ** 63n - 1n]);
    refused(() => new Tensor('int64', [1, 2 ** 53]), /^Tensor: element 1 of the array \(9007199254740992\) is not an int64 value: expected a bigint from -9223372036854775808 to 9223372036854775807 or a number that is a safe integer \(beyond 2\^53 - 1, pass bigints\)$/);
    refused(() => new Tensor('int64', [-(2 ** 53) - 2]), /element 0 of the array \(-9007199254740994\)/);
    refused(() => new Tensor('int64', [0, 0, 1.5]), /element 2 of the array \(1\.5\)/);
    refused(() => new Tensor('int64', [2n ** 63n]), /element 0 of the array \(9223372036854775808n\)/);
    refused(() => new Tensor('uint64', [3, -1]), /^Tensor: element 1 of the array \(-1\) is not a uint64 value: .+ and not negative/);
    refused(() => new Tensor('uint64', [-1n]), /element 0 of the array \(-1n\)/);
    refused(() => new Tensor('uint64', [2n ** 64n]), /element 0 of the array \(18446744073709551616n\)/);
    refused(() => new Tensor('int64', ['1']), /element 0 of the array \("1"\)/);
  });
  test('the smaller integer types: fractions, out of range values, NaN and non-numbers refused, never wrapped', () => {
    const edges = { int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1] };
    for (const [type, [lo, hi]] of Object.entries(edges)) {
      assert.deepEqual([...new Tensor(type, [lo, hi, -0]).data], [lo, hi, 0]);
      refused(() => new Tensor(type, [lo, hi + 1]), new RegExp(`^Tensor: element 1 of the array \\(${hi + 1}\\) is not an? ${type} value: expected an integer from ${lo} to ${hi}$`));
      refused(() => new Tensor(type, [lo - 1]), new RegExp(`element 0 of the array \\(${lo - 1}\\)`));
      for (const bad of [0.5, NaN, Infinity, '1', 1n, null, true]) refused(() => new Tensor(type, [bad]), /element 0 of the array/);
    }
  });
  test('float32 and float64 take numbers only; bool booleans (or 0 and 1); string strings', () => {
    assert.deepEqual([...new Tensor('float32', [0.1, -0, NaN, 1e40]).data], [Math.fround(0.1), -0, NaN, Infinity]);
    refused(() => new Tensor('float32', [1, '2']), /^Tensor: element 1 of the array \("2"\) is not a float32 value: expected a number$/);
    refused(() => new Tensor('float64', [1n]), /element 0 of the array \(1n\)/);
    assert.deepEqual([...new Tensor('bool', [true, 0, 1, false]).data], [1, 0, 1, 0]);
    refused(() => new Tensor('bool', [2]), /^Tensor: element 0 of the array \(2\) is not a bool value: expected a boolean \(or 0 or 1\)$/);
    refused(() => new Tensor('string', ['a', 1]), /^Tensor: element 1 of the array \(1\) is not a string value: expected a string$/);
  });
  test('types that cannot be inferred: an empty array, numbers, other objects', () => {
    refused(() => new Tensor([]), /^Tensor: the type of an empty array cannot be inferred/);
    refused(() => new Tensor([1, 2]), /^Tensor: the type of an array of numbers cannot be inferred/);
    refused(() => new Tensor(new ArrayBuffer(4)), /^Tensor: data must be a typed array, or an array of strings or booleans, when no type is given; got object$/);
    refused(() => new Tensor('uint16', new Uint8ClampedArray(2)), /^Tensor: type 'uint16' needs data in a Uint16Array or a plain array, got Uint8ClampedArray$/);
  });
  test('Uint8ClampedArray: copied into a uint8 tensor, given or inferred', () => {
    const pixels = new Uint8ClampedArray([0, 128, 255]);
    for (const t of [new Tensor('uint8', pixels), new Tensor(pixels)]) {
      assert.equal(t.type, 'uint8');
      assert.ok(t.data instanceof Uint8Array);
      assert.deepEqual([...t.data], [0, 128, 255]);
      assert.notEqual(t.data.buffer, pixels.buffer);
    }
  });
});

describe('the same conversions as onnxruntime-web', () => {
  const plain = (t) => ({ type: t.type, dims: [...t.dims], data: [...t.data], array: t.data.constructor.name });
  const calls = [
    ['float32', [0.1, -0, NaN, Infinity, 1e40, -3.5]], ['float64', [0.1, -0, NaN, 1e300]], ['int8', [-128, 127, 0]], ['uint8', [0, 255]],
    ['int16', [-32768, 32767]], ['uint16', [0, 65535]], ['int32', [-(2 ** 31), 2 ** 31 - 1]], ['uint32', [0, 2 ** 32 - 1]],
    ['int64', [2 ** 53 - 1, -(2 ** 53 - 1), 0, -7]], ['uint64', [2 ** 53 - 1, 0]], ['int64', [2n ** 63n - 1n, -(2n ** 63n)]], ['uint64', [2n ** 64n - 1n]],
    ['bool', [true, false]], ['string', ['', 'é', 'a b']], ['uint8', new Uint8ClampedArray([1, 255])],
  ];
  for (const [type, data] of calls) {
    test(`new Tensor('${type}', ${Array.isArray(data) ? 'values' : data.constructor.name}) as onnxruntime-web makes it`, () => {
      assert.deepEqual(plain(new Tensor(type, data, [data.length])), plain(new ort.Tensor(type, data, [data.length])));
    });
  }
  const typed = [new Float32Array([1, 2]), new Float64Array([1]), new Int8Array(2), new Uint8Array(3), new Uint8ClampedArray([9]), new Int16Array(1),
    new Uint16Array(1), new Int32Array(1), new Uint32Array(1), new BigInt64Array(1), new BigUint64Array(1), ['x'], [true]];
  for (const data of typed) {
    test(`new Tensor(${data.constructor.name === 'Array' ? `[${typeof data[0]}]` : data.constructor.name}) infers the type onnxruntime-web infers`, () => {
      assert.deepEqual(plain(new Tensor(data)), plain(new ort.Tensor(data)));
    });
  }
  test('reshape shares the data and checks the size, as onnxruntime-web', async () => {
    const t = new Tensor('float32', [1, 2, 3, 4, 5, 6], [6]);
    const r = t.reshape([2, 3]);
    const theirs = new ort.Tensor('float32', [1, 2, 3, 4, 5, 6], [6]).reshape([2, 3]);
    assert.deepEqual(plain(r), plain(theirs));
    assert.equal(r.data, t.data);
    refused(() => t.reshape([4]), /^Tensor\.reshape: dims \[4\] hold 4 elements but data has 6$/);
    assert.throws(() => theirs.reshape([4]));
    assert.equal(await r.getData(), r.data);
    assert.equal(await theirs.getData(), theirs.data);
  });
  test('a wasm tensor: reshape refused (it owns its memory); getData a copy, and with releaseData the memory freed', async () => {
    await ready();
    const w = Tensor.wasm('float32', [2, 2], [1, 2, 3, 4]);
    assert.throws(() => w.reshape([4]), (e) => e instanceof OnnxWasmError && /^Tensor\.reshape: a wasm tensor owns its memory/.test(e.message));
    const copy = await w.getData();
    assert.deepEqual([...copy], [1, 2, 3, 4]);
    assert.notEqual(copy.buffer, w.data.buffer);
    assert.deepEqual([...(await w.getData(true))], [1, 2, 3, 4]);
    assert.throws(() => w.data, /used after dispose/);
    assert.equal(w.location, 'none');
  });
  test('dispose(), as onnxruntime-web\'s: the location becomes \'none\' and the data cannot be read; type and dims stay', async () => {
    await ready();
    const disposed = (what) => (e) => e instanceof OnnxWasmError && e.message === `${what} used after dispose()`;
    const t = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const theirs = new ort.Tensor('float32', [1, 2, 3, 4], [2, 2]);
    const shared = t.reshape([4]);
    const output = ops.Floor(t);
    for (const tensor of [t, theirs, output]) {
      tensor.dispose();
      tensor.dispose(); // idempotent
    }
    for (const [tensor, label] of [[t, 'a tensor'], [output, 'an output']]) {
      assert.equal(tensor.location, theirs.location, label);
      assert.equal(tensor.location, 'none', label);
      assert.deepEqual([tensor.type, [...tensor.dims], tensor.size], [theirs.type, [...theirs.dims], theirs.size], label);
      assert.throws(() => tensor.data, disposed('Tensor: data of a tensor'), label);
      await assert.rejects(tensor.getData(), disposed('Tensor.getData of a tensor'), label);
      assert.throws(() => tensor.reshape([4]), disposed('Tensor.reshape of a tensor'), label);
      assert.throws(() => ops.Floor(tensor), disposed('Floor: input 0 is a tensor'), label);
      assert.throws(() => ops.Floor(shared, { out: tensor }), disposed('Floor: options.out is a tensor'), label);
    }
    const image = new Tensor('float32', [0.5], [1, 1, 1, 1]);
    image.dispose();
    assert.throws(() => image.toImageData(), disposed('Tensor: data of a tensor'));
    assert.throws(() => theirs.data);
    await assert.rejects(theirs.getData());
    assert.throws(() => theirs.reshape([4]));
    // A tensor sharing the array (reshape) keeps it.
    assert.equal(shared.location, 'cpu');
    assert.deepEqual([...shared.data], [1, 2, 3, 4]);
    // A session's feed.
    const session = await InferenceSession.create(buildModel({
      opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [2, 2] }], outputs: [{ name: 'y', type: 'float32' }],
      nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
    }));
    try {
      await assert.rejects(session.run({ x: t }), (e) => e instanceof OnnxWasmError && e.message.includes('used after dispose()'));
    } finally {
      await session.release();
    }
  });
});

test('string tensors are refused by operators and sessions as UNSUPPORTED, bool ones by numeric operators, naming the type', async () => {
  await ready();
  const t = new Tensor(['a']);
  assert.throws(() => ops.Floor(t), (e) => e.code === 'UNSUPPORTED' && e.message === "Floor: input 0 has type 'string', which no operator of onnx-wasm accepts");
  assert.throws(() => ops.Min([new Tensor('float32', [1]), t]), (e) => e.code === 'UNSUPPORTED' && /input 1 has type/.test(e.message));
  assert.throws(() => Tensor.wasm('string', [1]), (e) => e.code === 'UNSUPPORTED');
  const b = new Tensor([true]);
  assert.throws(() => ops.Floor(b), (e) => e.code === 'INVALID_ARGUMENT' && /^Floor-13: input 0 has type bool, which this version does not accept/.test(e.message));
  assert.throws(() => ops.Min([new Tensor('float32', [1]), b]), (e) => e.code === 'INVALID_ARGUMENT' && /input 1 has type bool/.test(e.message));
  const session = await InferenceSession.create(buildModel({
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [1] }], outputs: [{ name: 'y', type: 'float32' }], nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
  }));
  await assert.rejects(session.run({ x: t }), (e) => e.code === 'UNSUPPORTED' && /has type 'string', which no operator of onnx-wasm accepts$/.test(e.message));
  await assert.rejects(session.run({ x: b }), (e) => e.code === 'INVALID_ARGUMENT' && /input 'x' must have type float32, got bool/.test(e.message));
  await session.release();
});

test('ready() is idempotent', async () => {
  const a = ready();
  const b = ready();
  assert.equal(a, b);
  await a;
});
