// Small models that more than one test suite runs.
import { buildModel } from './onnx-builder.mjs';

// Floor-13 of a [3, 4, 5] float32 input `x`, output `y`: the one-node model the browser fixtures load by
// URL and `npm run sizes` runs in onnxruntime-web.
export const floorModel = buildModel({
  opset: 13,
  inputs: [{ name: 'x', type: 'float32', dims: [3, 4, 5] }],
  outputs: [{ name: 'y', type: 'float32' }],
  nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
});

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

// A chain of `count` Min nodes, each with its own initializer w<i> of 2 and shape [1, 1, 1, 1, 1, 1, 1, 1],
// on a [4] float32 input `x` (y = min(x, 2), of shape [1, 1, 1, 1, 1, 1, 1, 4]), every node and value
// named with about `nameLength` characters: a graph whose bookkeeping (names, value ids, steps, the
// declared model, and each run's copies of the initializers) takes far more memory than its data.
export function minChainModel(count, nameLength) {
  const padding = 'n'.repeat(Math.max(0, nameLength - 12));
  const value = (i) => (i < 0 ? 'x' : i === count - 1 ? 'y' : `v${i}_${padding}`);
  const weight = (i) => `w${i}_${padding}`;
  return buildModel({
    opset: 19,
    inputs: [{ name: 'x', type: 'float32', dims: [4] }],
    outputs: [{ name: 'y', type: 'float32' }],
    initializers: Array.from({ length: count }, (_, i) => ({ name: weight(i), type: 'float32', dims: [1, 1, 1, 1, 1, 1, 1, 1], data: [2] })),
    nodes: Array.from({ length: count }, (_, i) => ({ op: 'Min', name: `node${i}_${padding}`, inputs: [value(i - 1), weight(i)], outputs: [value(i)] })),
  });
}
