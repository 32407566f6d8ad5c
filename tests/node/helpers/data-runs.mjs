// What the tests of the data-movement operators (Slice to GatherND, Split, ScatterND) share: stored
// edge values, running a call through ops.* and a one-node session, checking picked elements bit for bit.
import assert from 'node:assert/strict';
import { InferenceSession, OnnxWasmError, ops, supportedOperators, Tensor } from 'onnx-wasm';
import { buildModel } from '../../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, INT_TYPES, edgeData } from '../../../tools/values.mjs';

export const rowsOf = (op) => supportedOperators().filter((r) => r.op === op);
export const isError = (code, ...parts) => (e) => e instanceof OnnxWasmError && e.code === code && parts.every((p) => e.message.includes(p));
export const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);
export const ARRAY = { ...Object.fromEntries(Object.entries(FLOAT_TYPES).map(([t, { array }]) => [t, array])),
  ...Object.fromEntries(Object.entries(INT_TYPES).map(([t, { array }]) => [t, array])), bool: Uint8Array };

// n stored elements of `type`: its edge values (NaN, ±0, ±inf, integer limits), then others.
export const stored = (type, n) => (type === 'bool' ? Uint8Array.from({ length: n }, (_, i) => (i % 3 === 1 ? 1 : 0)) : edgeData(type, n, 7));
export const bytesOf = (a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
export const i64 = (values) => new Tensor('int64', values.map(BigInt), [values.length]);
export const i32 = (values) => new Tensor('int32', values, [values.length]);

// ops[op](inputs, options), then the same node as a one-node session of the options' opset (each input
// fed, a null one omitted; `attributes` as the model stores them where ops.* options differ, as a tensor
// attribute): both outputs, to check against a reference alike. An operator of several outputs (Split)
// gives `outputs` of them: both arrays.
export async function both(op, inputs, options = {}, attributes = undefined, outputs = 0) {
  const { opset, ...rest } = options;
  const viaOps = ops[op](inputs, options);
  const list = Array.isArray(inputs) ? inputs : [inputs];
  const names = list.map((t, k) => (t ? `i${k}` : ''));
  const outNames = outputs ? Array.from({ length: outputs }, (_, k) => `y${k}`) : ['y'];
  const type = outputs ? viaOps[0]?.type ?? list[0].type : viaOps.type;
  const session = await InferenceSession.create(buildModel({
    opset,
    inputs: list.flatMap((t, k) => (t ? [{ name: names[k], type: t.type, dims: [...t.dims] }] : [])),
    outputs: outNames.map((name) => ({ name, type })),
    nodes: [{ op, inputs: names, outputs: outNames, attributes: attributes ?? rest }],
  }));
  try {
    const results = await session.run(Object.fromEntries(list.flatMap((t, k) => (t ? [[names[k], t]] : []))));
    return [viaOps, outputs ? outNames.map((name) => results[name]) : results.y];
  } finally {
    await session.release();
  }
}

// y is `type` of `dims`, holding the elements of x.data at `picks` (indices into x), bit for bit.
export function assertPicked(y, type, dims, data, picks, label) {
  assert.equal(y.type, type, label);
  assert.deepEqual(y.dims, dims, label);
  const want = new ARRAY[type](picks.length);
  picks.forEach((p, i) => (want[i] = data[p]));
  assert.deepEqual(bytesOf(y.data), bytesOf(want), label);
}

// Row-major walk of `dims`: fn(index array) for each position, in order.
export function eachIndex(dims, fn) {
  const n = sizeOf(dims);
  const index = new Array(dims.length).fill(0);
  for (let k = 0; k < n; k++) {
    fn(index);
    for (let d = dims.length - 1; d >= 0 && ++index[d] === dims[d]; d--) index[d] = 0;
  }
}
export const flat = (index, dims) => index.reduce((at, i, d) => at * dims[d] + i, 0);

