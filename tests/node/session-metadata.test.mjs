// InferenceSession's inputMetadata and outputMetadata against onnxruntime-web's on the same models: the
// shapes declared, and output shapes the models leave out (or leave dimensions of unnamed) inferred.
// onnxruntime-web 1.30 reads its unknown dimension (-1) unsigned, as 4294967295: compared as -1.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InferenceSession } from 'onnx-wasm';
import * as ort from 'onnxruntime-web';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { unknownDimsAsMinusOne } from '../../tools/compat-programs.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

const MODELS = {
  'Floor, output shape left out': {
    opset: 13, inputs: [{ name: 'x', type: 'float32', dims: [2, 'N', 3] }], outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
  },
  'Min broadcasting names and numbers': {
    opset: 13,
    inputs: [{ name: 'a', type: 'float32', dims: [3, 1, 'W'] }, { name: 'b', type: 'float32', dims: ['B', 4, 'W'] }, { name: 'c', type: 'float32', dims: [1] }],
    outputs: [{ name: 'y', type: 'float32' }], nodes: [{ op: 'Min', inputs: ['a', 'b', 'c'], outputs: ['y'] }],
  },
  'AveragePool of numbers, and of names': {
    opset: 19,
    inputs: [{ name: 'x', type: 'float32', dims: [1, 2, 7, 9] }, { name: 'z', type: 'float32', dims: ['N', 3, 'H', 'W'] }],
    outputs: [{ name: 'y', type: 'float32' }, { name: 'w', type: 'float32', dims: ['N', null, null, null] }],
    nodes: [
      { op: 'AveragePool', inputs: ['x'], outputs: ['y'], attributes: { kernel_shape: [3, 2], strides: [2, 2], pads: [1, 0, 1, 0], ceil_mode: 1 } },
      { op: 'AveragePool', inputs: ['z'], outputs: ['w'], attributes: { kernel_shape: [2, 2], strides: [2, 2] } },
    ],
  },
  'a chain with an initializer, nodes out of order': {
    opset: 13,
    inputs: [{ name: 'x', type: 'float16', dims: [1, 1, 'H', 8] }],
    initializers: [{ name: 'cap', type: 'float16', dims: [1, 1, 1, 8], data: new Uint16Array(8) }],
    outputs: [{ name: 'y', type: 'float16' }],
    nodes: [
      { op: 'Min', inputs: ['r', 'cap'], outputs: ['y'] },
      { op: 'Round', inputs: ['x'], outputs: ['r'] },
    ],
  },
  'inputs without shapes': {
    opset: 13, inputs: [{ name: 'x', type: 'float64' }], outputs: [{ name: 'y', type: 'float64' }],
    nodes: [{ op: 'Ceil', inputs: ['x'], outputs: ['y'] }],
  },
};

for (const [name, spec] of Object.entries(MODELS)) {
  test(`${name}: the metadata onnxruntime-web reports`, async () => {
    const bytes = buildModel(spec);
    const theirs = await ort.InferenceSession.create(bytes);
    const ours = await InferenceSession.create(bytes);
    const meta = (s) => ({ inputs: s.inputMetadata, outputs: s.outputMetadata });
    assert.deepEqual(unknownDimsAsMinusOne(meta(ours)), unknownDimsAsMinusOne(meta(theirs)));
    assert.ok(Object.isFrozen(ours.outputMetadata) && Object.isFrozen(ours.outputMetadata[0].shape));
    await theirs.release();
    assert.equal(await ours.release(), undefined);
  });
}

test('the inferred shapes, spelled out', async () => {
  const shapes = async (spec) => (await InferenceSession.create(buildModel(spec))).outputMetadata.map((o) => o.shape);
  assert.deepEqual(await shapes(MODELS['Min broadcasting names and numbers']), [[3, 4, 'W']]);
  assert.deepEqual(await shapes(MODELS['AveragePool of numbers, and of names']), [[1, 2, 4, 5], ['N', 3, -1, -1]]);
  assert.deepEqual(await shapes(MODELS['a chain with an initializer, nodes out of order']), [[1, 1, 'H', 8]]);
  assert.deepEqual(await shapes(MODELS['inputs without shapes']), [[]]);
});

test('profiling: startProfiling and endProfiling are no-ops that do not throw; release resolves and is idempotent', async () => {
  const session = await InferenceSession.create(buildModel(MODELS['Floor, output shape left out']));
  session.startProfiling();
  session.endProfiling();
  const released = session.release();
  assert.ok(released instanceof Promise);
  await released;
  await session.release();
  await assert.rejects(session.run({ x: null }), /released/);
});
