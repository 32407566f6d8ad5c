// InferenceSession's inputMetadata and outputMetadata, as onnxruntime-web reports them: name, isTensor,
// type and shape, each dimension a number, a symbolic name, or -1 when unknown ([] when the rank is).
// An output shape the model leaves out (or leaves dimensions of unnamed) is filled in from the nodes'
// shapes: the table's elementwise operators broadcast their inputs' shapes (multidirectionally, names
// kept where they decide the dimension), and those whose planes are independent (pooling) keep the batch
// and channels and take the rest from the operator itself, run through ops.* on a batch of no images.
import { DTYPES } from './dtypes.mjs';
import { OPERATORS } from 'onnx-wasm-operators';
import { ops } from './ops.mjs';
import { Tensor } from './tensor.mjs';

const UNKNOWN = null;

// One dimension of a broadcast of two, or UNKNOWN: a number other than 1 decides; 1 gives way; a name
// meets only itself.
function broadcastDim(a, b) {
  if (a === 1) return b;
  if (b === 1 || a === b) return a;
  if (typeof a === 'number' && typeof b !== 'number') return a;
  if (typeof b === 'number' && typeof a !== 'number') return b;
  return UNKNOWN;
}

function broadcast(shapes) {
  if (shapes.some((s) => s === null)) return null;
  const rank = Math.max(...shapes.map((s) => s.length));
  const out = new Array(rank).fill(1);
  for (const s of shapes) {
    for (let k = 0; k < s.length; k++) out[rank - s.length + k] = broadcastDim(out[rank - s.length + k], s[k]);
  }
  return out;
}

// A pooling node's output shape: batch and channels kept, the rest from the operator (null if an input
// dimension it needs is not a number, or it refuses).
function planesShape(node, x) {
  if (x.shape === null || x.shape.length < 3) return null;
  const spatial = x.shape.slice(2);
  if (!spatial.every((d) => typeof d === 'number')) return [x.shape[0], x.shape[1], ...spatial.map(() => UNKNOWN)];
  const type = Object.prototype.hasOwnProperty.call(DTYPES, x.type) ? x.type : 'float32';
  try {
    const none = ops[node.opType](new Tensor(type, new DTYPES[type].array(0), [0, 1, ...spatial]), { ...node.attributes, opset: node.version });
    return [x.shape[0], x.shape[1], ...none.dims.slice(2)];
  } catch {
    return null;
  }
}

// { type, shape } of every value the nodes make that can be inferred, from the graph's inputs and
// initializers.
function inferredValues(graph) {
  const values = new Map();
  for (const { name, type, shape } of graph.inputs) values.set(name, { type, shape });
  for (const { name, type, dims } of graph.initializers) values.set(name, { type, shape: dims });
  const pending = [...graph.nodes];
  // Nodes are usually in order; a pass that settles none ends it.
  for (let settled = true; settled && pending.length > 0;) {
    settled = false;
    for (let i = 0; i < pending.length; i++) {
      const node = pending[i];
      const inputs = node.inputs.filter((n) => n !== '').map((n) => values.get(n));
      if (inputs.some((v) => v === undefined)) continue;
      pending.splice(i--, 1);
      settled = true;
      const operator = OPERATORS.find((o) => o.op === node.opType);
      const shape = operator?.elementwise ? broadcast(inputs.map((v) => v.shape)) : operator?.independentPlanes ? planesShape(node, inputs[0]) : null;
      for (const name of node.outputs) values.set(name, { type: inputs[0]?.type ?? null, shape });
    }
  }
  return values;
}

// A declared shape with what was inferred put in its unnamed dimensions (or in place of none).
function merged(declared, inferred) {
  const fill = (d) => (d === UNKNOWN ? -1 : d);
  if (declared === null) return (inferred ?? []).map(fill);
  return declared.map((d, k) => (d !== null ? d : fill(inferred?.length === declared.length ? inferred[k] : UNKNOWN)));
}

/** { inputs, outputs }: onnxruntime-web's ValueMetadata of a session's inputs and outputs (frozen). */
export function valueMetadata(graph) {
  const describe = ({ name, type, shape }, inferred) => Object.freeze({
    name, isTensor: true, type: type ?? inferred?.type ?? null, shape: Object.freeze(merged(shape, inferred?.shape ?? null)),
  });
  const needsInference = graph.outputs.some((o) => o.type === null || o.shape === null || o.shape.includes(null));
  const values = needsInference ? inferredValues(graph) : new Map();
  return {
    inputs: Object.freeze(graph.inputs.map((v) => describe(v, null))),
    outputs: Object.freeze(graph.outputs.map((v) => describe(v, values.get(v.name)))),
  };
}
