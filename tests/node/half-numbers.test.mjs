// float16 and bfloat16 tensors read as numbers (tensor.toFloat32Array()), checked on every bit
// pattern against tools/half-codecs.mjs. Node 20 has no Float16Array: float16 data given as one is
// checked by tests/browser/environments.test.mjs (three browsers) and the consumer test (Node 26,
// Deno, Bun).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Tensor, ops, ready } from 'onnx-wasm';
import { bf16ToNumber, f16ToNumber } from '../../tools/half-codecs.mjs';

before(() => ready());

const ALL_PATTERNS = Uint16Array.from({ length: 65536 }, (_, i) => i);

// The float32 bits of a NaN made from a half's payload: the payload's bits on top of the mantissa.
function isNaNWithPayload(f32bits, sign, payload) {
  return (f32bits & 0x80000000) >>> 0 === sign && ((f32bits >>> 23) & 0xff) === 0xff && (f32bits & 0x7fffff) === payload;
}

function checkAll(type, reference, payloadShift, payloadMask) {
  for (const t of [new Tensor(type, ALL_PATTERNS), Tensor.wasm(type, [ALL_PATTERNS.length], ALL_PATTERNS)]) {
    const numbers = t.toFloat32Array();
    assert.ok(numbers instanceof Float32Array && numbers.length === 65536);
    const bits = new Uint32Array(numbers.buffer);
    for (let h = 0; h < 65536; h++) {
      const expected = reference(h);
      if (Number.isNaN(expected)) {
        assert.ok(isNaNWithPayload(bits[h], h & 0x8000 ? 0x80000000 : 0, (h & payloadMask) << payloadShift), `${type} 0x${h.toString(16)}: NaN with its payload, got bits 0x${bits[h].toString(16)}`);
      } else {
        assert.ok(Object.is(numbers[h], expected), `${type} 0x${h.toString(16)}: ${numbers[h]}, expected ${expected}`);
      }
    }
    t.dispose();
  }
}

test('float16: every bit pattern reads as its number (exact; -0, subnormals, infinities, NaN payloads)', () => {
  checkAll('float16', f16ToNumber, 13, 0x3ff);
});

test('bfloat16: every bit pattern reads as its number (exact; NaN payloads kept)', () => {
  checkAll('bfloat16', bf16ToNumber, 16, 0x7f);
});

test('float32 reads as a copy; operator outputs read as numbers; other types are refused by name', () => {
  const data = new Float32Array([1.5, -0, NaN, -Infinity]);
  const copy = new Tensor('float32', data).toFloat32Array();
  assert.notEqual(copy, data);
  assert.deepEqual(copy, data);
  const ceiled = ops.Ceil(new Tensor('float16', new Uint16Array([0x3e00 /* 1.5 */, 0xbe00 /* -1.5 */, 0x0001 /* 2^-24 */])));
  assert.deepEqual([...ceiled.toFloat32Array()], [2, -1, 1]);
  for (const type of ['float64', 'int32', 'int64', 'uint8']) {
    const t = new Tensor(type, type.endsWith('64') && type.startsWith('int') ? [1n] : [1]);
    assert.throws(() => t.toFloat32Array(), {
      name: 'OnnxWasmError',
      message: `Tensor.toFloat32Array: type '${type}' is not one float32 holds exactly (float16, bfloat16, float32)`,
    });
  }
});
