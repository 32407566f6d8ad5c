// Small models that more than one test suite runs.
import { buildModel } from './onnx-builder.mjs';

// Floor, then Min with a 0.75 initializer, then AveragePool (kernel 2) on a [1, 1, 4] float32 input `x`,
// output `y`: three operator families and an initializer in one opset-19 graph.
export const floorMinPoolModel = buildModel({
  opset: 19,
  inputs: [{ name: 'x', type: 'float32', dims: [1, 1, 4] }],
  outputs: [{ name: 'y', type: 'float32' }],
  initializers: [{ name: 'w', type: 'float32', dims: [1], data: [0.75] }],
  nodes: [
    { op: 'Floor', inputs: ['x'], outputs: ['f'] },
    { op: 'Min', inputs: ['f', 'w'], outputs: ['m'] },
    { op: 'AveragePool', inputs: ['m'], outputs: ['y'], attributes: { kernel_shape: [2] } },
  ],
});
