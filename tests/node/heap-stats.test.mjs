// heapStats() told truly: what the README says stays allocated between calls (the prepared operators
// of ops.*, at most 64; the scratch block inputs in JS memory are copied into, kept no larger than a
// call of one block needs; the call and result areas, the reused input list, the last error) and that
// releaseCaches() frees exactly that. tests/node/large-calls.test.mjs checks the bound on large calls.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { OnnxWasmError, Tensor, heapStats, ops, ready, releaseCaches, supportedOperators } from 'onnx-wasm';

const KiB = 1024;
const inUse = () => heapStats().inUseBytes;
const floorOf = (bytes) => ops.Floor(new Tensor('float32', new Float32Array(bytes / 4)));

before(async () => {
  await ready();
  supportedOperators(); // the operator tables, built once on first use (not a cache)
});

test('between calls: the scratch block follows the inputs up to a block; larger calls give theirs back; releaseCaches() gives back everything', () => {
  releaseCaches();
  const level = inUse();
  floorOf(256 * KiB);
  const afterOne = inUse() - level;
  // The 256 KiB scratch block, one prepared operator and the areas: nothing else stays (the output was
  // copied out and freed).
  assert.ok(afterOne >= 256 * KiB && afterOne < 272 * KiB, `kept ${afterOne} bytes after a 256 KiB Floor`);
  floorOf(4096);
  assert.equal(inUse() - level, afterOne, 'a smaller call reuses the block');
  // Larger calls run in blocks, or take a larger scratch block and give it back when they end.
  floorOf(4096 * KiB);
  const blocked = inUse() - level;
  assert.ok(blocked >= 256 * KiB && blocked < 600 * KiB, `kept ${blocked} bytes after a 4 MiB Floor, in blocks`);
  ops.AveragePool(new Tensor('float32', new Float32Array(1024 * 1024), [1, 1, 1024, 1024]), { kernel_shape: [2, 2] }); // one plane: whole
  assert.ok(inUse() - level < 600 * KiB, `kept ${inUse() - level} bytes after a 4 MiB AveragePool of one plane`);
  assert.throws(() => ops.Floor(new Tensor('int32', [1])), OnnxWasmError); // the last error's message is kept too
  releaseCaches();
  assert.equal(inUse(), level);
});

test('prepared operators: at most 64 kept, the oldest freed first', () => {
  releaseCaches();
  const level = inUse();
  const x = new Tensor('float32', new Float32Array(8), [1, 1, 8]);
  const pool = (k) => ops.AveragePool(x, { kernel_shape: [1 + (k % 8)], strides: [1 + Math.floor(k / 8)] });
  for (let k = 0; k < 64; k++) pool(k);
  const full = inUse();
  for (let k = 64; k < 1000; k++) pool(k);
  // The 64 live operators take the same bytes, but malloc may hand each allocation up to 16 bytes more
  // than asked (dlmalloc keeps a remainder too small to split with the chunk): 4 KiB allows that for a
  // few allocations an operator; one more kept per call would be 15 KiB over 936 calls.
  assert.ok(Math.abs(inUse() - full) < 4096, `936 more distinct options: ${inUse() - full} bytes more than 64 operators`);
  assert.ok(full - level < 64 * 1024, `64 prepared operators take ${full - level} bytes`);
  releaseCaches();
  assert.equal(inUse(), level);
});

// A blocked call first runs on no rows to learn its output's type and shape; there a constant input is
// written as a block of no rows too, one dim more than it has. Its descriptors must still fit the call
// area reserved for them: right after releaseCaches() the area is exactly that size, and a dim written
// past it overwrote malloc's header of the next chunk, which later broke the heap (a trap in
// InferenceSession.create, at -O3). A broken header shows in heapStats(), which walks every chunk.
test('a blocked call with constant inputs writes within the call area: the heap stays whole', () => {
  const x = new Tensor('float32', Float32Array.from({ length: 1000 * 700 }, (_, k) => k % 7), [1000, 700]);
  for (const dims of [[700], [1000, 1], [1, 700]]) {
    const c = new Tensor('float32', new Float32Array(dims[0] * (dims[1] ?? 1)).fill(3), dims);
    releaseCaches();
    const level = inUse();
    for (let round = 0; round < 3; round++) {
      const y = ops.Min([x, c]);
      assert.deepEqual([y.data[0], y.data[4], y.data[699 * 1000 + 5]], [0, 3, Math.min((699 * 1000 + 5) % 7, 3)]);
      ops.Floor(new Tensor('float32', new Float32Array(16)));
    }
    releaseCaches();
    assert.equal(inUse(), level, `Min of [1000, 700] and ${JSON.stringify(dims)}`);
  }
});
