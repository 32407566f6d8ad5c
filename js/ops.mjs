// The typed-array operator API: one thin shim per operator over runOperator().
import { checkedAttributes } from './attributes.mjs';
import { readOutputs, writeInputs } from './calls.mjs';
import { OnnxWasmError } from './errors.mjs';
import { lastError, wasm } from './runtime.mjs';

// Newest opset any operator here has a version for; ops default to it.
export const LATEST_OPSET = 22;

// Prepared operators (C++ PreparedOp addresses) by operator, opset and attributes: preparing parses
// and checks the attributes, which a repeated call need not do again. Bounded: the oldest goes first.
const prepared = new Map();
const MAX_PREPARED = 64;

// A string that tells apart every (opset, attributes) the wasm side would tell apart, or null for
// values it refuses anyway (objects, bigints, mixed lists): those are prepared without caching.
function preparedKey(op, opset, attributes) {
  let key = `${op} ${opset}`;
  for (const name in attributes) {
    const value = attributes[name];
    if (value === undefined || value === null) continue; // skipped by the wasm side too
    const part = Array.isArray(value) ? value.map(scalarKey) : [scalarKey(value)];
    if (part.includes(null)) return null;
    key += ` ${JSON.stringify(name)}=${Array.isArray(value) ? `[${part}]` : part[0]}`;
  }
  return key;
}

function scalarKey(v) {
  if (typeof v === 'number') return `n${v}`;
  if (typeof v === 'string') return `s${JSON.stringify(v)}`;
  if (typeof v === 'boolean') return `b${v}`;
  return null;
}

function prepare(op, opset, attributes) {
  const handle = wasm().prepareOp(op, opset, attributes);
  if (!handle) throw lastError();
  return handle;
}

function runOperator(op, defaultKey, inputs, options) {
  let opset = LATEST_OPSET;
  let attributes = NO_ATTRIBUTES;
  let key = defaultKey;
  if (options !== undefined) {
    if (options === null || typeof options !== 'object') {
      throw new OnnxWasmError(`${op}: options must be an object, got ${options === null ? 'null' : typeof options}`);
    }
    ({ opset = LATEST_OPSET, ...attributes } = options);
    if (!Number.isSafeInteger(opset) || opset < 1) {
      throw new OnnxWasmError(`${op}: opset must be a positive integer, got ${String(opset)}`);
    }
    attributes = checkedAttributes(op, attributes);
    key = preparedKey(op, opset, attributes);
  }
  const m = wasm();
  const wasmOutputs = writeInputs(m, op, inputs, null);
  // Prepared after the inputs are checked, so that input errors come first.
  let handle = key === null ? 0 : prepared.get(key);
  if (!handle) {
    handle = prepare(op, opset, attributes);
    if (key !== null) remember(key, handle);
  }
  try {
    return readOutputs(m, m._ow_run_op(handle), wasmOutputs)[0];
  } finally {
    if (key === null) m._ow_prepared_release(handle);
  }
}

function remember(key, handle) {
  if (prepared.size >= MAX_PREPARED) {
    const [oldestKey, oldest] = prepared.entries().next().value;
    prepared.delete(oldestKey);
    wasm()._ow_prepared_release(oldest);
  }
  prepared.set(key, handle);
}

const NO_ATTRIBUTES = Object.freeze({});

const unary = (op) => {
  const defaultKey = preparedKey(op, LATEST_OPSET, NO_ATTRIBUTES);
  return (x, options) => runOperator(op, defaultKey, [x], options);
};

// Variadic operators take their inputs as one array; writeInputs checks that each is a Tensor.
const variadic = (op) => {
  const defaultKey = preparedKey(op, LATEST_OPSET, NO_ATTRIBUTES);
  return (inputs, options) => {
    if (!Array.isArray(inputs)) {
      const got = inputs === null ? 'null' : typeof inputs === 'object' ? (inputs.constructor?.name ?? 'object') : typeof inputs;
      throw new OnnxWasmError(`${op}: expects an array of Tensors, got ${got}`);
    }
    if (inputs.length === 0) throw new OnnxWasmError(`${op}: expects at least one Tensor, got an empty array`);
    return runOperator(op, defaultKey, inputs, options);
  };
};

/** One function per operator, synchronous after `await ready()`; each returns a new Tensor. */
export const ops = Object.freeze({
  Floor: unary('Floor'),
  Ceil: unary('Ceil'),
  Round: unary('Round'),
  Min: variadic('Min'),
  AveragePool: unary('AveragePool'),
});

/** Every operator version with the element types it accepts: [{op, version, types}]. */
export function supportedOperators() {
  return wasm().operatorTable();
}
