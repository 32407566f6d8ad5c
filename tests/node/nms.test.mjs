// NonMaxSuppression through ops.* and InferenceSession against a plain-JS reference of onnxruntime's
// selection (float32 arithmetic through Math.fround, step by step as its SuppressByIOU): both box
// formats, flipped corners, several batches and classes, thresholds given or omitted, ties, NaN scores,
// YOLO's sizes, and refusals naming the input.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { OnnxWasmError, Tensor, ops, ready } from 'onnx-wasm';
import { rng } from '../../tools/values.mjs';
import { int, runNode } from './helpers/node-runs.mjs';
import { referenceNms } from './helpers/reference.mjs';

before(() => ready());

function randomCase(next, B, C, N) {
  const boxes = new Float32Array(B * N * 4);
  for (let i = 0; i < B * N; i++) {
    // clustered boxes, so that many overlap; some flipped, some of no area
    const cx = int(next, 0, 4) * 20 + next() * 8, cy = int(next, 0, 4) * 20 + next() * 8;
    const w = next() < 0.05 ? 0 : 5 + next() * 20, h = 5 + next() * 20;
    boxes.set(next() < 0.5 ? [cy - h / 2, cx - w / 2, cy + h / 2, cx + w / 2] : [cy + h / 2, cx + w / 2, cy - h / 2, cx - w / 2], i * 4);
  }
  const scores = Float32Array.from({ length: B * C * N }, () => (next() < 0.1 ? 0.5 : next() < 0.02 ? NaN : next()));
  return { boxes, scores };
}

const int64 = (v) => new Tensor('int64', [BigInt(v)], []);
const float = (v) => new Tensor('float32', [v], [1]);

for (const version of [10, 11]) {
  describe(`NonMaxSuppression-${version}`, () => {
    test('random clustered boxes: formats, thresholds given or omitted, through ops and a session', async () => {
      const next = rng(version);
      for (let c = 0; c < 40; c++) {
        const [B, C, N] = [int(next, 1, 3), int(next, 1, 4), int(next, 0, 60)];
        const center = next() < 0.5;
        const { boxes, scores } = randomCase(next, B, C, N);
        const opts = { center, maxBoxes: int(next, 0, 12), iou: next() < 0.2 ? 0 : Math.round(next() * 10) / 10, score: next() < 0.3 ? undefined : next() * 0.6 };
        const given = int(next, 2, 5); // inputs given: 2 to 5 (the omitted ones default)
        if (given < 5) opts.score = undefined;
        if (given < 4) opts.iou = 0;
        if (given < 3) opts.maxBoxes = 0;
        const inputs = [new Tensor('float32', boxes, [B, N, 4]), new Tensor('float32', scores, [B, C, N]), int64(opts.maxBoxes), float(opts.iou), float(opts.score ?? 0)].slice(0, given);
        const attrs = center ? { center_point_box: 1 } : {};
        const label = `NMS-${version} [${B}, ${C}, ${N}] ${JSON.stringify(opts)} given ${given}`;
        const y = ops.NonMaxSuppression(inputs, { opset: version, ...attrs });
        const want = referenceNms(boxes, scores, [B, C, N], opts);
        assert.equal(y.type, 'int64', label);
        assert.deepEqual([...y.dims], [want.length / 3, 3], label);
        assert.deepEqual([...y.data], want, label);
        if (c % 4 === 0) {
          const names = ['boxes', 'scores', 'max', 'iou', 'score'];
          const { y: fromSession } = await runNode('NonMaxSuppression', version, attrs, inputs.map((t, i) => ({ name: names[i], tensor: t, initializer: i >= 2 })), [{ name: 'y', type: 'int64' }]);
          assert.deepEqual([...fromSession.dims], [...y.dims], `${label} (session)`);
          assert.deepEqual([...fromSession.data], [...y.data], `${label} (session)`);
        }
      }
    });
  });
}

describe('NonMaxSuppression: chosen cases', () => {
  test('equal scores go by lower box index; a suppressed box suppresses nothing', () => {
    // boxes 0 and 1 overlap (IoU 0.6), 1 and 2 overlap, 0 and 2 do not
    const boxes = new Tensor('float32', [0, 0, 10, 10, 0, 2, 10, 12, 0, 4, 10, 14], [1, 3, 4]);
    const scores = new Tensor('float32', [0.9, 0.9, 0.8], [1, 1, 3]);
    const y = ops.NonMaxSuppression([boxes, scores, int64(3), float(0.5)], { opset: 11 });
    assert.deepEqual([...y.data], [0n, 0n, 0n, 0n, 0n, 2n]);
  });

  test('YOLO sizes: 8,400 boxes, 80 classes', () => {
    const next = rng(7);
    const [B, C, N] = [1, 80, 8400];
    const boxes = Float32Array.from({ length: N * 4 }, (_, i) => (i % 4 < 2 ? next() * 640 : 10 + next() * 100));
    const scores = Float32Array.from({ length: C * N }, () => next() ** 8);
    const opts = { center: true, maxBoxes: 100, iou: 0.45, score: 0.25 };
    const y = ops.NonMaxSuppression([new Tensor('float32', boxes, [B, N, 4]), new Tensor('float32', scores, [B, C, N]), int64(100), float(0.45), float(0.25)], { opset: 11, center_point_box: 1 });
    assert.deepEqual([...y.data], referenceNms(boxes, scores, [B, C, N], opts));
    assert.ok(y.dims[0] > 1000);
  });

  test('refusals name the input or attribute', () => {
    const boxes = new Tensor('float32', new Float32Array(8), [1, 2, 4]);
    const scores = new Tensor('float32', new Float32Array(2), [1, 1, 2]);
    const refused = (fn, pattern) => assert.throws(fn, (e) => e instanceof OnnxWasmError && pattern.test(e.message), String(pattern));
    refused(() => ops.NonMaxSuppression([new Tensor('float32', new Float32Array(6), [1, 2, 3]), scores], { opset: 11 }), /^NonMaxSuppression-11: input 'boxes' must be \[num_batches, spatial_dimension, 4\]/);
    refused(() => ops.NonMaxSuppression([boxes, new Tensor('float32', new Float32Array(3), [1, 1, 3])], { opset: 11 }), /^NonMaxSuppression-11: input 'scores' must be/);
    refused(() => ops.NonMaxSuppression([boxes, scores, new Tensor('int64', [1n, 2n], [2])], { opset: 10 }), /input 'max_output_boxes_per_class' must hold one value/);
    refused(() => ops.NonMaxSuppression([boxes, scores, int64(1), float(1.5)], { opset: 10 }), /input 'iou_threshold' must be in \[0, 1\]/);
    refused(() => ops.NonMaxSuppression([boxes, scores], { opset: 10, center_point_box: 2 }), /attribute 'center_point_box' must be 0 or 1/);
  });
});
