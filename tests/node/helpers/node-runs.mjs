// Running one operator node in a session, random values with edge values mixed in, and comparing
// stored values: what the operator tests of the selection operators (reductions, ArgMax, TopK,
// NonMaxSuppression) share.
import assert from 'node:assert/strict';
import { InferenceSession, Tensor } from 'onnx-wasm';
import { buildModel } from '../../../tools/onnx-builder.mjs';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt } from '../../../tools/values.mjs';

export const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);
export const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
export const int64s = (values, dims = [values.length]) => new Tensor('int64', BigInt64Array.from(values, BigInt), dims);
export const isFloat = (type) => type.startsWith('float') || type === 'bfloat16';

// A type's typed array and how it stores numbers (floats) or numbers and bigints (integers).
export function codec(type) {
  if (FLOAT_TYPES[type]) return { ...FLOAT_TYPES[type], float: true };
  return { array: INT_TYPES[type].array, encode: (x) => x, decode: (x) => x, float: false };
}

// n stored values of `type`, a third of them edge values (`edges`, default the type's: NaN, ±0, ±inf,
// huge and tiny floats; integer limits), the rest random (floats in ±range).
export function mixedData(type, n, next, { edges, range = 200 } = {}) {
  const { array, encode, float } = codec(type);
  const pool = edges ?? (float ? FLOAT_EDGES : intEdges(type));
  const out = new array(n);
  for (let i = 0; i < n; i++) {
    if (next() < 0.33) out[i] = encode(pool[Math.floor(next() * pool.length)]);
    else out[i] = float ? encode((next() - 0.5) * range) : randomInt(type, next);
  }
  return out;
}

// Runs one node of `op` in a model: inputs [{name, tensor, initializer}] (null: an omitted input),
// outputs [{name, type}] (default one output y of the first input's type). Returns the outputs by name.
export async function runNode(op, opset, attributes, inputs, outputs = [{ name: 'y', type: inputs[0].tensor.type }]) {
  const model = buildModel({
    opset,
    inputs: inputs.filter((i) => i && !i.initializer).map(({ name, tensor }) => ({ name, type: tensor.type, dims: [...tensor.dims] })),
    initializers: inputs.filter((i) => i?.initializer).map(({ name, tensor }) => ({ name, type: tensor.type, dims: [...tensor.dims], data: tensor.data })),
    outputs,
    nodes: [{ op, inputs: inputs.map((i) => i?.name ?? ''), outputs: outputs.map((o) => o.name), attributes }],
  });
  const session = await InferenceSession.create(model);
  const feeds = Object.fromEntries(inputs.filter((i) => i && !i.initializer).map(({ name, tensor }) => [name, tensor]));
  const results = await session.run(feeds);
  session.release();
  return results;
}

// The same stored values, but that a NaN matches any NaN (wasm leaves the sign and payload of a NaN
// an instruction makes open; float16 and bfloat16 are stored as bits, so their NaNs are decoded first).
export function assertSameStored(got, want, label) {
  assert.equal(got.type, want.type, `${label}: type`);
  assert.deepEqual([...got.dims], [...want.dims], `${label}: dims`);
  assert.equal(got.data.length, want.data.length, `${label}: length`);
  const decode = FLOAT_TYPES[want.type]?.decode ?? ((v) => v);
  const isNaN = (v) => typeof v === 'number' && Number.isNaN(decode(v));
  for (let i = 0; i < want.data.length; i++) {
    if (!Object.is(got.data[i], want.data[i]) && !(isNaN(got.data[i]) && isNaN(want.data[i]))) assert.fail(`${label}[${i}]: got ${got.data[i]}, want ${want.data[i]}`);
  }
}
