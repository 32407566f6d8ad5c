// Shapes and attributes at the limits, on tiny data (issue 12): each call gives the right result or an
// OnnxWasmError, after which the heap in use is back at its level once the caches are released
// (releaseCaches(): what the runtime keeps between calls by design) and the next call works; the same
// shapes through InferenceSession name the node, and release() gives everything back.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, decodeTensorProto, heapStats, ops, ready, releaseCaches, supportedOperators } from 'onnx-wasm';
import { buildModel, encodeTensor } from '../../tools/onnx-builder.mjs';

const MAX = 2 ** 31 - 1;
const f32 = (values, dims) => new Tensor('float32', values, dims);

// Built on first use and kept (not caches: a fixed size): the operator tables, embind's type records.
before(async () => {
  await ready();
  supportedOperators();
  stillWorks();
});

function level() {
  releaseCaches();
  return heapStats().inUseBytes;
}

// The next call works.
function stillWorks() {
  assert.deepEqual([...ops.Floor(f32([1.5, -1.5])).data], [1, -2]);
  assert.deepEqual([...ops.Min([f32([3, -1]), f32([2], [1])]).data], [2, -1]);
}

// Runs fn (sync or async): its result, or the OnnxWasmError it threw (any other error fails); then
// checks the heap level and that the runtime works on.
async function settled(fn) {
  const before = level();
  let outcome;
  try {
    outcome = await fn();
  } catch (e) {
    assert.ok(e instanceof OnnxWasmError, `expected a result or an OnnxWasmError, got ${e?.stack ?? e}`);
    outcome = e;
  }
  assert.equal(level(), before, 'heap in use after the call');
  stillWorks();
  return outcome;
}

// As settled, for a call that must give a result.
async function computed(fn) {
  const y = await settled(fn);
  assert.ok(!(y instanceof OnnxWasmError), y.message);
  return y;
}

// One spatial axis of the issue's independent AveragePool reference, in BigInt (extents pass 2^53): its
// output size (below 1 for an empty output: a refusal) and, for output o, the input indices its window
// takes and its count of taps inside the padded input.
function referenceAxis(n, { k, s = 1, d = 1, pads: [pb, pe], ceil = 0 }) {
  const [K, S, D, PB, PE, N] = [k, s, d, pb, pe, n].map(BigInt);
  const floorDiv = (a, b) => (a >= 0n ? a / b : -((-a + b - 1n) / b));
  const ceilDiv = (a, b) => -floorDiv(-a, b);
  const span = N + PB + PE - ((K - 1n) * D + 1n);
  let size = (ceil ? ceilDiv(span, S) : floorDiv(span, S)) + 1n;
  if (ceil && (size - 1n) * S >= N + PB) size--;
  const window = (o) => {
    const start = BigInt(o) * S - PB;
    const taps = [];
    for (let i = 0n; i < N; i++) if (i >= start && (i - start) % D === 0n && (i - start) / D < K) taps.push(Number(i));
    const end = N + PE;
    const padded = start < end ? (ceilDiv(end - start, D) < K ? ceilDiv(end - start, D) : K) : 0n;
    return { taps, padded: Number(padded) };
  };
  return { size, window };
}

// 1-D AveragePool of the values x: the output size and output o, or null for an empty output.
function averagePool1d(x, attrs) {
  const axis = referenceAxis(x.length, attrs);
  if (axis.size < 1n) return null;
  const at = (o) => {
    const { taps, padded } = axis.window(o);
    return taps.reduce((sum, i) => sum + x[i], 0) / (attrs.includePad ? padded : taps.length);
  };
  return { size: axis.size, at };
}

// Outputs to check in an output of `size` along an axis whose windows start at o * s - pb: both ends, the
// middle, and either side of where the windows start to reach the input and where they leave it.
function samples(size, { k, s = 1, d = 1, pads: [pb] }, n) {
  const extent = (k - 1) * d + 1;
  const marks = [0, size / 2, size - 1, (pb - extent) / s, pb / s, (pb + n) / s].map(Math.floor);
  const positions = marks.flatMap((m) => [m - 1, m, m + 1]).filter((o) => o >= 0 && o < size);
  return [...new Set(positions)].sort((a, b) => a - b);
}

// Whether float16 bits are a NaN.
const isHalfNaN = (bits) => (bits & 0x7c00) === 0x7c00 && (bits & 0x3ff) !== 0;

describe('AveragePool: pads, strides, dilations and kernels up to 2^31 - 1 in combination', () => {
  test('the call in issue 12: pads [0, 165e6] on one float16 element, a 330 MB output', () => settled(() => {
    const x = new Tensor('float16', new Uint16Array([0x3c00]), [1, 1, 1]);
    // The windows past the input average nothing: 0 / 0, or 0 / 1 counting the padding.
    for (const [countIncludePad, empty] of [[0, isHalfNaN], [1, (bits) => bits === 0]]) {
      const y = ops.AveragePool(x, { kernel_shape: [1], pads: [0, 165e6], count_include_pad: countIncludePad });
      assert.deepEqual([...y.dims], [1, 1, 165000001]);
      assert.equal(y.data[0], 0x3c00);
      for (const o of [1, 2, 82_500_000, 164_999_999, 165_000_000]) assert.ok(empty(y.data[o]), `output ${o}: ${y.data[o]}`);
    }
    // Twice as many: an output past the 2 GiB a call can have.
    assert.throws(() => ops.AveragePool(x, { kernel_shape: [1], pads: [0, 2 ** 30] }),
      (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY' &&
        e.message === 'AveragePool-22: output of shape [1,1,1073741825] needs 2147483650 bytes, more than the 2147483648 a call can have');
  }));

  test('1-D on 3 elements: every combination of 1, 2 and 2^31 - 1, ceil_mode and count_include_pad', async () => {
    const x = [1, 2, 4];
    const values = [1, 2, MAX];
    const padsList = [[0, 0], [0, MAX], [MAX, 0], [MAX, MAX], [1, MAX - 1]];
    let computed = 0;
    let refused = 0;
    for (const k of values) for (const s of values) for (const d of values) for (const pads of padsList) for (const ceil of [0, 1]) for (const includePad of [0, 1]) {
      const options = { kernel_shape: [k], strides: [s], dilations: [d], pads, ceil_mode: ceil, count_include_pad: includePad };
      const want = averagePool1d(x, { k, s, d, pads, ceil, includePad });
      const got = await settled(() => ops.AveragePool(f32(x, [1, 1, 3]), options));
      const label = JSON.stringify(options);
      if (want === null) {
        assert.ok(got instanceof OnnxWasmError && got.code === 'INVALID_ARGUMENT', `${label}: an empty output is refused, got ${got?.message ?? got?.dims}`);
      } else if (got instanceof OnnxWasmError) {
        // Refused only where the output itself passes what a call can have (2 GiB: 2^29 float32s).
        assert.equal(got.code, 'OUT_OF_MEMORY', `${label}: ${got.message}`);
        assert.match(got.message, /^AveragePool-22: (.*\d+ bytes|shape \[.*\] has a dimension too large)/, label);
        assert.ok(want.size > 2n ** 29n, `${label}: an output of ${want.size} elements is refused`);
        refused++;
      } else {
        assert.ok(want.size <= 4096n, `${label}: an output of ${want.size} elements cannot have been computed`);
        const size = Number(want.size);
        assert.deepEqual([...got.dims], [1, 1, size], label);
        assert.deepEqual([...got.data], Array.from({ length: size }, (_, o) => Math.fround(want.at(o))), label);
        computed++;
      }
    }
    // Both outcomes occur: the test is not vacuous either way.
    assert.ok(computed >= 100 && refused >= 100, `computed ${computed}, refused ${refused}`);
  });

  test('outputs of hundreds of MB from 3 elements: their windows in the padding on one axis or three', async () => {
    const x = [1, 2, 4];
    const big = 2 ** 24;
    for (const attrs of [
      { k: 1, pads: [0, 2 * big] },
      { k: 2, pads: [big, big], ceil: 1 },
      { k: 3, s: 3, d: 2, pads: [big, 2 * big], includePad: 1 },
      { k: 2, s: 2, d: 3, pads: [2 * big, 7], ceil: 1 },
      { k: 3, s: 1, pads: [2 * big, 2 * big], includePad: 1 },
    ]) {
      const options = { kernel_shape: [attrs.k], strides: [attrs.s ?? 1], dilations: [attrs.d ?? 1], pads: attrs.pads, ceil_mode: attrs.ceil ?? 0, count_include_pad: attrs.includePad ?? 0 };
      const want = averagePool1d(x, attrs);
      const y = await computed(() => ops.AveragePool(f32(x, [1, 1, 3]), options));
      const label = JSON.stringify(options);
      assert.deepEqual([...y.dims], [1, 1, Number(want.size)], label);
      for (const o of samples(Number(want.size), attrs, x.length)) assert.ok(Object.is(y.data[o], Math.fround(want.at(o))), `${label}: output ${o} is ${y.data[o]}, want ${want.at(o)}`);
    }
    // Three axes: one element, 513 x 513 x 257 outputs, which average it only at [0, 0, 0] and are
    // empty elsewhere (their divisor 0 on some axis, or counting the padding).
    for (const includePad of [0, 1]) {
      const pads = [0, 0, 0, 512, 512, 256];
      const axes = [0, 1, 2].map((i) => ({ k: 1, pads: [pads[i], pads[i + 3]] }));
      const y = await computed(() => ops.AveragePool(f32([6], [1, 1, 1, 1, 1]), { kernel_shape: [1, 1, 1], pads, count_include_pad: includePad }));
      assert.deepEqual([...y.dims], [1, 1, 513, 513, 257]);
      const reference = axes.map((a) => referenceAxis(1, a));
      const per = axes.map((a, i) => samples(Number(reference[i].size), a, 1));
      for (const a of per[0]) for (const b of per[1]) for (const c of per[2]) {
        const windows = [a, b, c].map((o, i) => reference[i].window(o));
        const divisor = windows.reduce((p, w) => p * (includePad ? w.padded : w.taps.length), 1);
        const want = (windows.every((w) => w.taps.length) ? 6 : 0) / divisor;
        assert.ok(Object.is(y.data[(a * 513 + b) * 257 + c], want), `count_include_pad ${includePad} [${a},${b},${c}]: ${y.data[(a * 513 + b) * 257 + c]}, want ${want}`);
      }
    }
  });

  test('a 1-D axis of 2^27 float32 (512 MB) in wasm memory: tables only for the windows at either end', async () => {
    // Tables for every output would take 1.5 GB, and a workspace of one more input and output row 1 GB:
    // past the 2 GiB a call can have.
    const n = 2 ** 27;
    const value = (i) => (i % 7) - 3;
    const x = Tensor.wasm('float32', [1, 1, n]);
    const data = x.data;
    for (let i = 0; i < n; i++) data[i] = value(i);
    try {
      const before = level();
      const y = ops.AveragePool(x, { kernel_shape: [3], pads: [1, 1] });
      assert.deepEqual([...y.dims], [1, 1, n]);
      const out = y.data;
      for (const o of [0, 1, 2, 12345, n / 2, n - 2, n - 1]) {
        const taps = [o - 1, o, o + 1].filter((i) => i >= 0 && i < n);
        assert.equal(out[o], Math.fround(taps.reduce((sum, i) => sum + value(i), 0) / taps.length), `output ${o}`);
      }
      y.dispose();
      assert.equal(level(), before, 'heap in use after the result is disposed');
      stillWorks();
    } finally {
      x.dispose();
    }
  });

  test('3-D on one element: the extreme values on every axis at once', () => settled(() => {
    // One window of 2^31 - 1 on each axis, reaching into 2^31 - 1 of padding: one output, the element.
    const one = ops.AveragePool(f32([5], [1, 1, 1, 1, 1]), {
      kernel_shape: [MAX, MAX, MAX], strides: [MAX, MAX, MAX], dilations: [1, 1, 1], pads: [0, 0, 0, MAX, MAX, MAX],
    });
    assert.deepEqual([[...one.dims], [...one.data]], [[1, 1, 1, 1, 1], [5]]);
    // Counting the padding: divided by (2^31 - 1)^3, which is 2^93 in float32.
    const counted = ops.AveragePool(f32([5], [1, 1, 1, 1, 1]), {
      kernel_shape: [MAX, MAX, MAX], strides: [MAX, MAX, MAX], pads: [0, 0, 0, MAX, MAX, MAX], count_include_pad: 1,
    });
    assert.deepEqual([...counted.data], [5 / 2 ** 93]);
    // Outputs of 2^31 on three axes: a shape whose product passes 2^64.
    assert.throws(() => ops.AveragePool(f32([1], [1, 1, 1, 1, 1]), { kernel_shape: [1, 1, 1], pads: [0, 0, 0, MAX, MAX, MAX] }),
      (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY' && /too many elements|too large/.test(e.message));
    const y = ops.AveragePool(f32([6], [1, 1, 1, 1, 1]), { kernel_shape: [MAX, 1, 1], strides: [MAX, MAX, MAX], pads: [MAX - 1, 0, 0, 0, 0, 0] });
    assert.deepEqual([[...y.dims], [...y.data]], [[1, 1, 1, 1, 1], [6]]);
  }));
});

describe('Min and Floor at the limits', () => {
  test('Min broadcasting two float32 vectors to 16 GiB', () => settled(() => {
    assert.throws(() => ops.Min([new Tensor('float32', new Float32Array(65536), [65536, 1]), new Tensor('float32', new Float32Array(65536), [1, 65536])]),
      (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY' && /^Min-13: shape \[65536,65536\]/.test(e.message));
  }));

  test('Min of 3,000 inputs', () => settled(() => {
    const inputs = Array.from({ length: 3000 }, (_, i) => new Tensor('int32', [i - 1500, 3000 - i, (i * 7919) % 3001], [3]));
    const min = (tensors) => [0, 1, 2].map((k) => Math.min(...tensors.map((t) => t.data[t.size === 1 ? 0 : k])));
    assert.deepEqual([...ops.Min(inputs).data], [-1500, 1, 0]);
    const mixed = inputs.map((t, i) => (i % 2 ? t : new Tensor('int32', [5], [1]))); // broadcasting too
    assert.deepEqual([...ops.Min(mixed).data], min(mixed));
  }));

  test('a 600 MB Floor', () => settled(() => {
    const n = 150_000_000;
    const data = new Float32Array(n);
    for (let i = 0; i < n; i += 9973) data[i] = i + 0.5;
    data[n - 1] = -2.5;
    const y = ops.Floor(new Tensor('float32', data, [n]));
    assert.equal(y.size, n);
    for (let i = 0; i < n; i += 9973) assert.equal(y.data[i], Math.floor(Math.fround(i + 0.5)));
    assert.equal(y.data[n - 1], -3);
  }));

  test('dims whose product passes 2^64', () => settled(() => {
    const big = 2 ** 40;
    const most = 2 ** 32 - 1; // each dim within the limit, their product past 2^64
    for (const [call, code, pattern] of [
      [() => ops.Floor(new Tensor('float32', new Float32Array(0), [big, big, big, 0])), 'OUT_OF_MEMORY', /^Floor-13: input 0: shape \[.*\] has a dimension too large/],
      [() => Tensor.wasm('float32', [big, big]), 'OUT_OF_MEMORY', /^Tensor.wasm: shape \[.*\] has a dimension too large/],
      [() => Tensor.wasm('uint8', [most, most, most]), 'OUT_OF_MEMORY', /^Tensor.wasm: shape \[4294967295,4294967295,4294967295\] has too many elements/],
      [() => Tensor.wasm('uint8', [most, most, most, 0]), null, null], // empty: allocatable
      [() => decodeTensorProto(encodeTensor({ type: 'float32', dims: [most, most, most], data: [] })), 'INVALID_MODEL', /needs more than 4294967295/],
    ]) {
      if (code === null) {
        const t = call();
        assert.equal(t.size, 0);
        t.dispose();
      } else {
        assert.throws(call, (e) => e instanceof OnnxWasmError && e.code === code && pattern.test(e.message));
      }
    }
  }));
});

describe('The same shapes through InferenceSession', () => {
  // A session of one node `op` (named 'n') on graph inputs `inputs`; fed `feeds`; released after.
  async function runNode(op, attributes, inputs, feeds, initializers = []) {
    const session = await InferenceSession.create(buildModel({
      opset: 22,
      inputs: inputs.map((name) => ({ name, type: feeds[name].type })),
      outputs: [{ name: 'y', type: feeds[inputs[0]].type }],
      initializers,
      nodes: [{ op, name: 'n', inputs: [...inputs, ...initializers.map((i) => i.name)], outputs: ['y'], attributes }],
    }));
    try {
      return (await session.run(feeds)).y;
    } finally {
      session.release();
    }
  }

  const refusedNamingNode = (op, code) => (e) => e instanceof OnnxWasmError && e.code === code && e.message.startsWith(`node 'n' (${op}): `);

  test('AveragePool with the issue-12 pads and with extreme attributes: a result, or OUT_OF_MEMORY naming the node', () => settled(async () => {
    const x = new Tensor('float16', new Uint16Array([0x3c00]), [1, 1, 1]);
    const issue = await runNode('AveragePool', { kernel_shape: [1], pads: [0, 165e6] }, ['x'], { x });
    assert.deepEqual([[...issue.dims], issue.data[0]], [[1, 1, 165000001], 0x3c00]);
    assert.ok([1, 165_000_000].every((o) => isHalfNaN(issue.data[o])));
    await assert.rejects(runNode('AveragePool', { kernel_shape: [1], pads: [0, 2 ** 30] }, ['x'], { x }), refusedNamingNode('AveragePool', 'OUT_OF_MEMORY'));
    const wide = await runNode('AveragePool', { kernel_shape: [MAX], pads: [0, MAX - 1] }, ['x'], { x });
    assert.deepEqual([[...wide.dims], [...wide.data]], [[1, 1, 1], [0x3c00]]);
    await assert.rejects(runNode('AveragePool', { kernel_shape: [1, 1, 1], pads: [0, 0, 0, MAX, MAX, MAX] }, ['x'], { x: f32([1], [1, 1, 1, 1, 1]) }),
      refusedNamingNode('AveragePool', 'OUT_OF_MEMORY'));
    const y = await runNode('AveragePool', { kernel_shape: [2], strides: [MAX], dilations: [MAX], pads: [MAX, MAX] }, ['x'], { x: f32([3, 5, 7], [1, 1, 3]) });
    const want = averagePool1d([3, 5, 7], { k: 2, s: MAX, d: MAX, pads: [MAX, MAX], ceil: 0, includePad: 0 });
    assert.deepEqual([[...y.dims], [...y.data]], [[1, 1, 2], [want.at(0), want.at(1)]]);
    assert.deepEqual([want.at(0), want.at(1)], [3, 3]); // each window's one tap inside the input is x[0]
  }));

  test('Min broadcasting to 16 GiB, and of 3,000 inputs', () => settled(async () => {
    await assert.rejects(runNode('Min', {}, ['a', 'b'], {
      a: new Tensor('float32', new Float32Array(65536), [65536, 1]), b: new Tensor('float32', new Float32Array(65536), [1, 65536]),
    }), refusedNamingNode('Min', 'OUT_OF_MEMORY'));
    const initializers = Array.from({ length: 2999 }, (_, i) => ({ name: `w${i}`, type: 'int32', dims: [2], data: [i - 100, 5000 - i] }));
    const y = await runNode('Min', {}, ['x'], { x: new Tensor('int32', [7, 7]) }, initializers);
    assert.deepEqual([...y.data], [-100, 7]);
  }));

  test('a 600 MB Floor', () => settled(async () => {
    const n = 150_000_000;
    const data = new Float32Array(n);
    data[0] = -0.5;
    data[n - 1] = 7.75;
    const y = await runNode('Floor', {}, ['x'], { x: new Tensor('float32', data, [n]) });
    assert.deepEqual([y.size, y.data[0], y.data[1], y.data[n - 1]], [n, -1, 0, 7]);
  }));

  test('dims whose product passes 2^64: in a feed and in an initializer', () => settled(async () => {
    await assert.rejects(runNode('Floor', {}, ['x'], { x: new Tensor('float32', new Float32Array(0), [2 ** 40, 2 ** 40, 2 ** 40, 0]) }),
      (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY');
    await assert.rejects(InferenceSession.create(buildModel({
      opset: 22,
      inputs: [{ name: 'x', type: 'float32' }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'w', type: 'float32', dims: [2 ** 40, 2 ** 40, 2 ** 40], data: [] }],
      nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'] }],
    })), (e) => e instanceof OnnxWasmError && ['OUT_OF_MEMORY', 'INVALID_MODEL'].includes(e.code));
  }));
});
