// Allocation-failure injection (run by scripts/alloc-failure-test.sh against the test build of the
// wasm, whose malloc fails when armed: failing_malloc.cpp). For each representative call (each operator
// family, a wasm tensor, a session's create and run on a small graph and on graphs whose bookkeeping
// takes hundreds of kilobytes, a TensorProto decode), first counted, then run once for every N of its
// allocations, in two modes: the N-th allocation fails; the memory is full from the N-th allocation on.
// Each must end in a correct result or an OnnxWasmError OUT_OF_MEMORY, after which the same call works
// and, with the caches released, the heap is back at its level to the byte.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, test } from 'node:test';
import { encodeTensor } from '../../tools/onnx-builder.mjs';
import { floorMinPoolModel as model, minChainModel } from '../../tools/test-models.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { InferenceSession, OnnxWasmError, Tensor, decodeTensorProto, heapStats, ops, ready, releaseCaches } =
  await import(join(root, 'build', 'dist-alloc-failure', 'onnx-wasm.cjs'));

// Every k-th N only (ALLOC_FAILURE_SAMPLE=k); npm test runs every N.
const SAMPLE = Number(process.env.ALLOC_FAILURE_SAMPLE ?? 1);

let injection;
before(async () => {
  await ready();
  injection = globalThis.__onnxWasmTestModule;
  assert.ok(injection?._ow_test_fail_allocation, 'not the allocation-failure build: run scripts/alloc-failure-test.sh');
});

const f32 = (values, dims) => new Tensor('float32', values, dims);

const x = f32([3.5, -1.25, 0.5, 2], [1, 1, 4]);
const y = [-0.625, -1, 0.375]; // Floor: 3, -2, 0, 2; Min with 0.75: 0.75, -2, 0, 0.75; windows of 2
let session; // for the run scenario, created outside the counted call
// Graphs with large bookkeeping: a session of 300 nodes holds 480 KB, and each run of 3,000 nodes makes
// about 400 KB of value slots (copies of the initializers).
const largeModel = minChainModel(300, 100);
const largerModel = minChainModel(3000, 100);
const largeX = f32([1.5, -1.5, 2.5, -0.5], [4]);
const largeY = [1.5, -1.5, 2, -0.5];
let largeSession;

// name: [call() -> outcome, check(outcome) (and free it)]
const scenarios = {
  'ops.Floor': [() => ops.Floor(f32([1.5, -1.5, 2.5, -0.5])), (t) => assert.deepEqual([...t.data], [1, -2, 2, -1])],
  'ops.Ceil with options': [() => ops.Ceil(f32([1.5, -1.5]), { opset: 6 }), (t) => assert.deepEqual([...t.data], [2, -1])],
  'ops.Round on float16': [() => ops.Round(new Tensor('float16', new Uint16Array([0x3e00]))), (t) => assert.deepEqual([...t.data], [0x4000])],
  'ops.Min broadcasting three inputs': [
    () => ops.Min([new Tensor('int64', [3n, -7n, 5n, 9n], [2, 2]), new Tensor('int64', [4n, 8n], [2]), new Tensor('int64', [6n], [1])]),
    (t) => assert.deepEqual([...t.data], [3n, -7n, 4n, 6n]),
  ],
  'ops.AveragePool 2-D with pads and ceil_mode': [
    () => ops.AveragePool(f32([1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 1, 3, 3]), { kernel_shape: [2, 2], strides: [2, 2], pads: [1, 1, 0, 0], ceil_mode: 1, count_include_pad: 1 }),
    // Windows (rows, columns) from -1 by 2, padding counted: 1/4, (2 + 3)/4, (4 + 7)/4, (5 + 6 + 8 + 9)/4.
    (t) => assert.deepEqual([...t.data], [0.25, 1.25, 2.75, 7]),
  ],
  'ops.Floor on a wasm tensor': [
    () => {
      const input = Tensor.wasm('float64', [3], new Float64Array([0.5, -0.5, 7.25]));
      try {
        return ops.Floor(input);
      } finally {
        input.dispose();
      }
    },
    (t) => {
      assert.deepEqual([...t.data], [0, -1, 7]);
      t.dispose();
    },
  ],
  'InferenceSession.create': [() => InferenceSession.create(model), async (s) => {
    assert.deepEqual([...(await s.run({ x })).y.data], y);
    s.release();
  }],
  'InferenceSession.run': [() => session.run({ x }), (out) => assert.deepEqual([...out.y.data], y)],
  'InferenceSession.create, large graph': [() => InferenceSession.create(largeModel), async (s) => {
    assert.deepEqual([...(await s.run({ x: largeX })).y.data], largeY);
    s.release();
  }],
  'InferenceSession.run, large graph': [() => largeSession.run({ x: largeX }), (out) => assert.deepEqual([...out.y.data], largeY)],
  decodeTensorProto: [
    () => decodeTensorProto(encodeTensor({ type: 'int32', dims: [2, 2], data: [1, -2, 3, -4] })),
    (t) => assert.deepEqual([[...t.dims], [...t.data]], [[2, 2], [1, -2, 3, -4]]),
  ],
};

function level() {
  releaseCaches();
  return heapStats().inUseBytes;
}

async function prepare(name) {
  if (name === 'InferenceSession.run') session ??= await InferenceSession.create(model);
  if (name === 'InferenceSession.run, large graph') largeSession ??= await InferenceSession.create(largerModel);
}

// Every N of a call's allocations, or, for the large graph's calls (tens of thousands of allocations,
// a few milliseconds each), N spread over them: at most LARGE_SAMPLES of them, unless
// ALLOC_FAILURE_LARGE_SAMPLE=k asks for every k-th (npm run fuzz: every one).
const LARGE_SAMPLES = 150;
function stride(name, allocations) {
  if (!name.includes('large graph')) return SAMPLE;
  const k = Number(process.env.ALLOC_FAILURE_LARGE_SAMPLE ?? Math.ceil(allocations / LARGE_SAMPLES));
  // An odd stride, so that the failing allocations fall on every kind of step rather than a multiple
  // of a node's allocations.
  return k % 2 ? k : k + 1;
}

// arm(n): the failure mode, from the n-th allocation of the call on.
async function sweep(name, call, check, arm) {
  await prepare(name);
  await check(await call()); // prepared operators, scratch and areas exist, as in use
  injection._ow_test_allocations();
  await check(await call());
  const allocations = injection._ow_test_allocations();
  assert.ok(allocations > 0, 'the call allocates');
  const messages = [];
  const step = stride(name, allocations);
  for (let n = 0; n <= allocations; n += step) {
    const before = level();
    arm(n);
    let outcome;
    let error;
    try {
      outcome = await call();
    } catch (e) {
      error = e;
    } finally {
      injection._ow_test_fail_allocation(-1);
    }
    if (error) {
      assert.ok(error instanceof OnnxWasmError, `allocation ${n} of ${allocations}: ${error?.stack ?? error}`);
      assert.equal(error.code, 'OUT_OF_MEMORY', `allocation ${n}: ${error.message}`);
      messages.push(error.message);
    } else {
      await check(outcome);
    }
    await check(await call()); // the next call works
    assert.equal(level(), before, `allocation ${n} of ${allocations}: heap in use after the failure and the next call`);
  }
  // The last N is past the call's allocations: it succeeds; most others fail.
  assert.ok(messages.length > 0, 'some injected failure reached the caller');
  return messages;
}

for (const [name, [call, check]] of Object.entries(scenarios)) {
  test(`${name}: the N-th allocation fails, for every N`, () => sweep(name, call, check, (n) => injection._ow_test_fail_allocation(n)));
}

// The wasm memory full from the N-th allocation on: a call whose small allocations (operator new, from
// bookkeeping that grows with a model) find no room must still give back everything.
for (const [name, [call, check]] of Object.entries(scenarios)) {
  test(`${name}: the memory is full from the N-th allocation on, for every N`, async () => {
    const messages = await sweep(name, call, check, (n) => injection._ow_test_fill_memory(n));
    if (name.includes('large graph')) {
      // Memory ran out at some node, which the error names with the bytes asked for.
      const atNode = /^node 'node\d+_n*' \(Min\): out of memory \(the wasm memory is full; \d+ bytes asked for\)$/;
      assert.ok(messages.some((m) => atNode.test(m)), messages.join('\n'));
    }
  });
}

// The memory full before the call starts, and staying full through several calls (what a call frees,
// later ones may use): each is a correct result or an OUT_OF_MEMORY that keeps nothing.
for (const [name, [call, check]] of Object.entries(scenarios)) {
  test(`${name}: calls while the memory stays full`, async () => {
    await prepare(name);
    await check(await call()); // prepared, as in use
    const before = level();
    await check(await call()); // the call and result areas as large as the call needs: it reaches the C++ side
    injection._ow_test_fill_memory(0);
    try {
      for (let i = 0; i < 20; i++) {
        let outcome;
        try {
          outcome = await call();
        } catch (e) {
          assert.ok(e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY', `call ${i}: ${e?.stack ?? e}`);
          continue;
        }
        await check(outcome);
      }
    } finally {
      injection._ow_test_fail_allocation(-1);
    }
    await check(await call());
    assert.equal(level(), before);
  });
}

// The real thing, without injection: the wasm memory grown to its maximum and filled to the last byte
// (malloc from JS, halving sizes). Every call is OUT_OF_MEMORY naming what was called, and keeps nothing; so is an operator prepared anew there
// (options not seen before: a string attribute, which the bindings copy in through operator new).
test('every call on a memory filled to the last byte', async () => {
  for (const name of ['InferenceSession.run', 'InferenceSession.run, large graph']) await prepare(name);
  let stride = 1;
  const freshlyPrepared = [
    'ops.AveragePool prepared anew',
    [
      () => ops.AveragePool(f32([1, 2, 3, 4], [1, 1, 4]), { kernel_shape: [1], strides: [++stride], auto_pad: 'SAME_UPPER' }),
      (t) => assert.deepEqual([...t.data], [1, 2, 3, 4].filter((_, i) => i % stride === 0)),
    ],
  ];
  const named = { 'ops.Floor on a wasm tensor': 'Tensor.wasm', 'ops.AveragePool prepared anew': 'AveragePool' };
  const calls = [...Object.entries(scenarios), freshlyPrepared];
  for (const [, [call, check]] of calls) await check(await call());
  const before = level();
  // Once more, so that the call and result areas and the input block are as large as the calls need:
  // they reach the C++ side, as calls in use would.
  for (const [, [call, check]] of calls) await check(await call());
  const blocks = [];
  const fill = () => {
    for (let size = 1 << 28; size >= 1; ) {
      const p = injection._malloc(size);
      if (p) blocks.push(p);
      else size >>= 1;
    }
  };
  fill();
  try {
    assert.equal(heapStats().memoryBytes, 2 ** 31, 'the memory grown to its maximum');
    for (let round = 0; round < 5; round++) {
      for (const [name, [call]] of calls) {
        const what = named[name] ?? name.split(/[ ,]/)[0].replace(/^ops\./, '');
        await assert.rejects(
          async () => call(),
          (e) => e instanceof OnnxWasmError && e.code === 'OUT_OF_MEMORY' && e.message.includes(what),
          `${name}, round ${round}`,
        );
      }
    }
  } finally {
    for (const p of blocks) injection._free(p);
  }
  for (const [, [call, check]] of calls) await check(await call());
  assert.equal(level(), before);
});

// A trap in the middle of a call (here at an allocation; in life, a bug): an OnnxWasmError INTERNAL at
// every entry point, the stack pointer put back, and the module keeps computing. What the trapped call
// held is not freed (nothing unwinds a trap).
test('a trap at the N-th allocation: INTERNAL, the stack pointer back, the next calls right', async () => {
  const m = injection;
  for (const [name, [call, check]] of Object.entries(scenarios)) {
    await prepare(name);
    await check(await call()); // prepared, as in use
    injection._ow_test_allocations();
    await check(await call());
    const allocations = injection._ow_test_allocations();
    // The first allocation and one half-way (the last ones happen only in some calls).
    for (const n of [0, Math.floor((allocations - 1) / 2)]) {
      const stack = m.stackSave();
      injection._ow_test_trap_allocation(n);
      let error;
      try {
        await check(await call());
      } catch (e) {
        error = e;
      } finally {
        injection._ow_test_fail_allocation(-1);
      }
      assert.ok(error instanceof OnnxWasmError, `${name}, allocation ${n}: ${error?.stack ?? error}`);
      assert.equal(error.code, 'INTERNAL', `${name}, allocation ${n}: ${error.message}`);
      assert.match(error.message, /internal error: the wasm code trapped \(unreachable\)/);
      assert.equal(m.stackSave(), stack, `${name}, allocation ${n}: stack pointer`);
      await check(await call());
      for (const [, [again, checkAgain]] of Object.entries(scenarios)) await checkAgain(await again());
    }
  }
});
