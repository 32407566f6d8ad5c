// ops.* options: a call prepares its operator once per (operator, opset, attributes) and reuses it;
// every option that changes what the wasm side does must give another prepared operator, and options
// it refuses must be refused on every call, not only the first.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { heapStats, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';

before(() => ready());

const x = new Tensor('float32', [1, 2, 3, 4, 5, 6], [1, 1, 6]);
const pool = (options) => [...ops.AveragePool(x, options).data];

test('calls that differ in one attribute value, kind or position get their own results', () => {
  // Alternating, so that a reused operator would show up as the other call's result.
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(pool({ kernel_shape: [2], strides: [2] }), [1.5, 3.5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [2], strides: [1] }), [1.5, 2.5, 3.5, 4.5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [3], pads: [1, 1], count_include_pad: 1 }), [1, 2, 3, 4, 5, Math.fround(11 / 3)]);
    assert.deepEqual(pool({ kernel_shape: [3], pads: [1, 1], count_include_pad: 0 }), [1.5, 2, 3, 4, 5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [3], pads: [1, 1], count_include_pad: true }), [1, 2, 3, 4, 5, Math.fround(11 / 3)]);
    assert.deepEqual(pool({ kernel_shape: [3], pads: [1, 1], count_include_pad: false }), [1.5, 2, 3, 4, 5, 5.5]);
    assert.deepEqual(pool({ strides: [2], kernel_shape: [2] }), [1.5, 3.5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [2], auto_pad: 'SAME_UPPER', strides: [4] }), [1.5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [2], auto_pad: 'VALID', strides: [4] }), [1.5, 5.5]);
    assert.deepEqual(pool({ kernel_shape: [3], auto_pad: 'SAME_LOWER', strides: [4] }), [1.5, 5]);
    assert.deepEqual(pool({ kernel_shape: [2], strides: [2], pads: undefined, dilations: null }), [1.5, 3.5, 5.5]);
  }
});

test('-0 and 0 in a float attribute are different options; NaNs are one', () => {
  const signs = (t) => [...t.data].map((v) => (Object.is(v, -0) ? '-0' : v));
  const one = new Tensor('float32', [7], [1]);
  // Alternating, each first with -0: a key that wrote both as 0 would give the other call's zeros.
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(signs(ops.Pad([one], { opset: 2, pads: [1, 0], value: -0 })), ['-0', 7]);
    assert.deepEqual(signs(ops.Pad([one], { opset: 2, pads: [1, 0], value: 0 })), [0, 7]);
    // Clip-6's bounds: max(-1, min) is min.
    assert.deepEqual(signs(ops.Clip([new Tensor('float32', [-1, 2])], { opset: 6, min: -0, max: 1 })), ['-0', 1]);
    assert.deepEqual(signs(ops.Clip([new Tensor('float32', [-1, 2])], { opset: 6, min: 0, max: 1 })), [0, 1]);
    // Pad-1's value.
    assert.deepEqual(signs(ops.Pad([one], { opset: 1, paddings: [0, 1], value: -0 })), [7, '-0']);
    assert.deepEqual(signs(ops.Pad([one], { opset: 1, paddings: [0, 1], value: 0 })), [7, 0]);
  }
  // A NaN is a NaN whatever its payload: any gives NaN padding.
  const nan = new Float32Array(new Uint32Array([0x7fc00001]).buffer)[0];
  assert.ok(Number.isNaN(ops.Pad([one], { opset: 2, pads: [1, 0], value: nan }).data[0]));
  assert.ok(Number.isNaN(ops.Pad([one], { opset: 2, pads: [1, 0], value: NaN }).data[0]));
});

test('the opset is part of what is prepared', () => {
  const b = new Tensor('bfloat16', new Uint16Array([0x3fc0]), [1]); // 1.5
  for (let i = 0; i < 2; i++) {
    assert.equal(ops.Round(b, { opset: 22 }).data[0], 0x4000);
    assert.equal(ops.Round(b, { opset: undefined }).data[0], 0x4000);
    assert.throws(() => ops.Round(b, { opset: 11 }), (e) => e instanceof OnnxWasmError && /bfloat16/.test(e.message));
    // AveragePool-1 has no count_include_pad; from 7 on it has.
    assert.throws(() => pool({ opset: 1, kernel_shape: [2], count_include_pad: 1 }), /count_include_pad/);
    assert.deepEqual(pool({ opset: 7, kernel_shape: [2], strides: [2], count_include_pad: 1 }), [1.5, 3.5, 5.5]);
  }
});

test('refused options are refused on every call', () => {
  for (let i = 0; i < 2; i++) {
    assert.throws(() => pool({ kernel_shape: [2], 'strides=[n1],': [1] }), /strides=\[n1\],/);
    assert.throws(() => pool({ kernel_shape: ['2'] }), /kernel_shape/);
    assert.throws(() => pool({ kernel_shape: [2], opset: 0 }), /opset must be a positive integer, got 0/);
    assert.throws(() => pool({ kernel_shape: [2], opset: '22' }), /opset must be a positive integer, got 22/);
    assert.throws(() => pool({ kernel_shape: [[2]] }), /kernel_shape' has a value of an unsupported kind \(object\)/);
    assert.throws(() => pool(null), /options must be an object, got null/);
  }
});

test('a changed options object is read again on the next call', () => {
  const options = { kernel_shape: [2], strides: [2] };
  assert.deepEqual(pool(options), [1.5, 3.5, 5.5]);
  options.strides[0] = 3;
  assert.deepEqual(pool(options), [1.5, 4.5]);
  options.kernel_shape = [1];
  assert.deepEqual(pool(options), [1, 4]);
});

test('what is prepared is what was checked, whatever a getter returns later', () => {
  let reads = 0;
  const options = { get kernel_shape() { return ++reads === 1 ? [2] : [3]; }, strides: [4] };
  // The lookup reads [2], not prepared yet; the checked copy, which is prepared, reads [3].
  assert.deepEqual(pool(options), [2]);
  assert.deepEqual(pool({ kernel_shape: [3], strides: [4] }), [2]);
  assert.deepEqual(pool({ kernel_shape: [2], strides: [4] }), [1.5, 5.5]);
  // Looked up under a new key each time, checked as one already prepared: that one is reused (a new
  // one each call would pile up in wasm memory).
  let calls = 0;
  const shifty = { get kernel_shape() { return ++reads % 2 ? [100 + calls++] : [3]; }, strides: [4] };
  reads = 0;
  pool(shifty);
  const before = heapStats().inUseBytes;
  for (let i = 0; i < 50; i++) assert.deepEqual(pool(shifty), [2]);
  assert.equal(heapStats().inUseBytes, before);
});

test("auto_pad '' is NOTSET for AveragePool, MaxPool and Conv, as onnxruntime reads it", () => {
  const image = new Tensor('float32', [1, -2, 3, 4, 5, -6, 7, 8, 9], [1, 1, 3, 3]);
  const w = new Tensor('float32', [1, 2, 3, 4], [1, 1, 2, 2]);
  const cases = [
    ['AveragePool', image, { kernel_shape: [2, 2], pads: [1, 0, 0, 1] }],
    ['MaxPool', image, { kernel_shape: [2, 2], pads: [1, 1, 1, 1], strides: [2, 2] }],
    ['Conv', [image, w], { pads: [0, 1, 1, 0] }],
    ['Conv', [image, w], {}],
  ];
  for (const [op, inputs, attrs] of cases) {
    const want = ops[op](inputs, { ...attrs, auto_pad: 'NOTSET' });
    const got = ops[op](inputs, { ...attrs, auto_pad: '' });
    assert.deepEqual([...got.dims], [...want.dims], `${op} ${JSON.stringify(attrs)}: shape`);
    assert.deepEqual([...got.data], [...want.data], `${op} ${JSON.stringify(attrs)}: values`);
  }
});
