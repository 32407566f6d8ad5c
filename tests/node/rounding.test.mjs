// Floor, Ceil, Round through the public API: every version and type, edge values, lengths 0..67
// (SIMD main loops and tails), against the references in helpers/.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { roundHalfEven } from './helpers/reference.mjs';
import { FLOAT_TYPES, floatData } from '../../tools/values.mjs';

before(() => ready());

const REFERENCE = { Floor: Math.floor, Ceil: Math.ceil, Round: roundHalfEven };

// [op, since version, types]: the 27 rounding variants.
const VARIANTS = [
  ['Floor', 1, ['float64', 'float32', 'float16']],
  ['Floor', 6, ['float64', 'float32', 'float16']],
  ['Floor', 13, ['float64', 'float32', 'float16', 'bfloat16']],
  ['Ceil', 1, ['float64', 'float32', 'float16']],
  ['Ceil', 6, ['float64', 'float32', 'float16']],
  ['Ceil', 13, ['float64', 'float32', 'float16', 'bfloat16']],
  ['Round', 11, ['float64', 'float32', 'float16']],
  ['Round', 22, ['float64', 'float32', 'float16', 'bfloat16']],
];

function check(op, opset, type, n, seed) {
  const { decode, encode } = FLOAT_TYPES[type];
  const x = floatData(type, n, seed);
  const y = ops[op](new Tensor(type, x, [n]), { opset });
  assert.equal(y.type, type);
  assert.deepEqual([...y.dims], [n]);
  for (let i = 0; i < n; i++) {
    const want = encode(REFERENCE[op](decode(x[i])));
    const got = y.data[i];
    // NaN: any NaN pattern is fine for the half types; compare values.
    if (Number.isNaN(decode(x[i]))) assert.ok(Number.isNaN(decode(got)), `${op}(NaN) at ${i}`);
    else assert.ok(Object.is(decode(got), decode(want)), `${op}-${opset} ${type} x=${decode(x[i])}: got ${decode(got)}, want ${decode(want)}`);
  }
}

for (const [op, version, types] of VARIANTS) {
  describe(`${op}-${version}`, () => {
    for (const type of types) {
      test(`${type}: edge values and every length 0..67`, () => {
        for (let n = 0; n <= 67; n++) check(op, version, type, n, n + 1);
        check(op, version, type, 1000, 7);
      });
    }
  });
}

describe('rounding: every float16 and bfloat16 bit pattern', () => {
  // All 65536 patterns in one tensor (and shifted by one, so each meets the SIMD loop and the tail
  // at another lane): subnormals, the integers near 2^mantissa_bits, ±0, Inf and every NaN.
  for (const type of ['float16', 'bfloat16']) {
    for (const op of ['Floor', 'Ceil', 'Round']) {
      test(`${op} ${type}`, () => {
        const { decode, encode } = FLOAT_TYPES[type];
        const all = new Uint16Array(65536 + 3);
        for (let i = 0; i < all.length; i++) all[i] = i & 0xffff;
        for (const x of [all.subarray(0, 65536), all.subarray(3)]) {
          const y = ops[op](new Tensor(type, x, [x.length]));
          for (let i = 0; i < x.length; i++) {
            const v = decode(x[i]);
            const got = decode(y.data[i]);
            if (Number.isNaN(v)) assert.ok(Number.isNaN(got), `${op}(NaN 0x${x[i].toString(16)})`);
            else if (!Object.is(got, decode(encode(REFERENCE[op](v))))) assert.fail(`${op} ${type} 0x${x[i].toString(16)} = ${v}: got ${got}`);
          }
        }
      });
    }
  }
});

describe('rounding: version rules', () => {
  test('an opset selects the newest version at or below it', () => {
    const x = new Tensor('bfloat16', new Uint16Array([0x3fc0])); // 1.5
    assert.deepEqual([...ops.Floor(x, { opset: 13 }).data], [0x3f80]);
    assert.deepEqual([...ops.Floor(x, { opset: 21 }).data], [0x3f80]);
    assert.deepEqual([...ops.Round(x).data], [0x4000]);
    assert.throws(() => ops.Floor(x, { opset: 12 }), /Floor-6: input 0 has type bfloat16/);
    assert.throws(() => ops.Ceil(x, { opset: 6 }), /Ceil-6: input 0 has type bfloat16/);
    assert.throws(() => ops.Round(x, { opset: 21 }), /Round-11: input 0 has type bfloat16/);
  });

  test('non-float types are refused', () => {
    for (const op of ['Floor', 'Ceil', 'Round']) {
      assert.throws(() => ops[op](new Tensor('int32', [1, 2])), (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && /int32/.test(e.message));
    }
  });

  test('opsets before the first version are refused', () => {
    const x = new Tensor('float32', [1.5]);
    assert.throws(() => ops.Round(x, { opset: 10 }), (e) => e.code === 'UNSUPPORTED' && /Round: opset 10/.test(e.message));
    assert.throws(() => ops.Floor(x, { opset: 0 }), /opset must be a positive integer/);
    assert.throws(() => ops.Floor(x, { opset: 1.5 }), /opset must be a positive integer/);
  });

  test('consumed_inputs is accepted by version 1 only', () => {
    const x = new Tensor('float32', [1.5, -1.5]);
    assert.deepEqual([...ops.Floor(x, { opset: 1, consumed_inputs: [0] }).data], [1, -2]);
    assert.deepEqual([...ops.Ceil(x, { opset: 5, consumed_inputs: [0] }).data], [2, -1]);
    assert.throws(() => ops.Floor(x, { opset: 6, consumed_inputs: [0] }), /Floor-6: attribute 'consumed_inputs' is not defined/);
  });

  test('unknown attributes and wrong arguments are refused', () => {
    const x = new Tensor('float32', [1.5]);
    assert.throws(() => ops.Floor(x, { axis: 1 }), /Floor-13: attribute 'axis' is not defined/);
    assert.throws(() => ops.Floor([1, 2]), /Floor: input 0 must be a Tensor/);
    assert.throws(() => ops.Floor(x, 5), /Floor: options must be an object/);
  });

  test('shape is kept, including empty and rank-0 tensors', () => {
    assert.deepEqual([...ops.Ceil(new Tensor('float32', new Float32Array(0), [2, 0, 3])).dims], [2, 0, 3]);
    const s = ops.Ceil(new Tensor('float64', [0.25], []));
    assert.deepEqual([...s.dims], []);
    assert.deepEqual([...s.data], [1]);
  });
});
