// InferenceSession.graph: the model as declared (opsets, inputs, outputs, initializers, nodes with the
// operator version each runs and its attributes), compared with what the test wrote into the model.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { InferenceSession, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';

before(() => ready());

test('graph lists opset imports, feeds, outputs, initializers and nodes in file order with their attributes', async () => {
  const session = await InferenceSession.create(
    buildModel({
      irVersion: 7,
      opsetImports: [{ domain: '', version: 12 }, { domain: 'ai.onnx.ml', version: 3 }],
      inputs: [
        { name: 'image', type: 'float16', dims: ['N', 3, null, 8] },
        { name: 'ceiling', type: 'float16', dims: [1, 3, 1, 1] }, // has an initializer: an optional feed
      ],
      outputs: [{ name: 'pooled', type: 'float16' }, { name: 'clamped', type: 'float16', dims: ['N', 3, 'H', 8] }],
      initializers: [{ name: 'ceiling', type: 'float16', dims: [1, 3, 1, 1], data: [0x3c00, 0x4000, 0x4200] }],
      nodes: [
        {
          op: 'AveragePool', name: 'pool', inputs: ['clamped'], outputs: ['pooled'],
          attributes: { kernel_shape: [2, 2], auto_pad: 'SAME_LOWER', ceil_mode: 0, count_include_pad: 1 },
        },
        { op: 'Min', inputs: ['floored', 'ceiling'], outputs: ['clamped'] },
        { op: 'Floor', name: 'floor', inputs: ['image'], outputs: ['floored'] },
      ],
    }),
  );
  assert.deepEqual(session.graph, {
    irVersion: 7,
    opsetImports: [{ domain: '', version: 12 }, { domain: 'ai.onnx.ml', version: 3 }],
    name: 'graph',
    inputs: [{ name: 'image', type: 'float16', shape: ['N', 3, null, 8] }],
    outputs: [{ name: 'pooled', type: 'float16', shape: null }, { name: 'clamped', type: 'float16', shape: ['N', 3, 'H', 8] }],
    initializers: [{ name: 'ceiling', type: 'float16', dims: [1, 3, 1, 1] }],
    nodes: [
      {
        name: 'pool', opType: 'AveragePool', domain: '', version: 11, inputs: ['clamped'], outputs: ['pooled'],
        attributes: { kernel_shape: [2, 2], auto_pad: 'SAME_LOWER', ceil_mode: 0, count_include_pad: 1 },
      },
      { name: '', opType: 'Min', domain: '', version: 12, inputs: ['floored', 'ceiling'], outputs: ['clamped'], attributes: {} },
      { name: 'floor', opType: 'Floor', domain: '', version: 6, inputs: ['image'], outputs: ['floored'], attributes: {} },
    ],
    // In run order; Min's first input is its own (Floor's output, read by nothing else): computed into.
    optimizationLevel: 'all',
    steps: [
      { nodes: [2], opType: 'Floor', kind: 'compute', inputs: ['image'], outputs: ['floored'] },
      { nodes: [1], opType: 'Min', kind: 'in-place', inputs: ['floored', 'ceiling'], outputs: ['clamped'] },
      { nodes: [0], opType: 'AveragePool', kind: 'compute', inputs: ['clamped'], outputs: ['pooled'] },
    ],
    folded: [],
    removed: [],
  });
  assert.deepEqual(session.graph.inputs.map((i) => i.name), session.inputNames);
  assert.deepEqual(session.graph.outputs.map((o) => o.name), session.outputNames);
  assert.ok(Object.isFrozen(session.graph) && Object.isFrozen(session.graph.nodes[0].attributes.kernel_shape));
  session.release();
});

test('graph gives each node the version its opset resolves to', async () => {
  // [opset, Floor, Min, AveragePool, Round]; Round exists from opset 11.
  const table = [
    [7, 6, 6, 7, null], [10, 6, 8, 10, null], [11, 6, 8, 11, 11], [12, 6, 12, 11, 11],
    [13, 13, 13, 11, 11], [19, 13, 13, 19, 11], [22, 13, 13, 22, 22],
  ];
  for (const [opset, floor, min, pool, round] of table) {
    const nodes = [
      { op: 'Floor', inputs: ['x'], outputs: ['a'] },
      { op: 'Min', inputs: ['a', 'x'], outputs: ['b'] },
      { op: 'AveragePool', inputs: ['b'], outputs: ['c'], attributes: { kernel_shape: [1] } },
      ...(round ? [{ op: 'Round', inputs: ['c'], outputs: ['d'] }] : []),
    ];
    const session = await InferenceSession.create(
      buildModel({
        opset, nodes,
        inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 4] }],
        outputs: [{ name: round ? 'd' : 'c', type: 'float32' }],
      }),
    );
    assert.deepEqual(session.graph.nodes.map((n) => `${n.opType}-${n.version}`),
      ['Floor', 'Min', 'AveragePool', 'Round'].slice(0, nodes.length).map((op, i) => `${op}-${[floor, min, pool, round][i]}`),
      `opset ${opset}`);
    session.release();
  }
});

test('graph keeps version 1 attributes and an input declared without a shape', async () => {
  const session = await InferenceSession.create(
    buildModel({
      opset: 1,
      inputs: [{ name: 'x', type: 'float64' }],
      outputs: [{ name: 'y', type: 'float64' }],
      nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'], attributes: { consumed_inputs: [0] } }],
    }),
  );
  assert.deepEqual(session.graph.inputs, [{ name: 'x', type: 'float64', shape: null }]);
  assert.deepEqual(session.graph.nodes[0].attributes, { consumed_inputs: [0] });
  assert.equal(session.graph.nodes[0].version, 1);
  session.release();
});
