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

function scalarKey(v) {
  if (typeof v === 'number') return `n${v}`;
  if (typeof v === 'string') return `s${v.length}:${v}`;
  if (typeof v === 'boolean') return v ? 'T' : 'F';
  return null;
}

// The cache key of an ops.* call's options (opset and attributes) for `op`: a string that tells apart
// every (opset, attributes) the wasm side would tell apart, or null for options the checks refuse. One
// pass and no copies, so that a repeated call pays only this and a Map lookup.
function optionsKey(op, options) {
  let key = op;
  let opset = LATEST_OPSET;
  for (const name of Object.keys(options)) {
    const value = options[name];
    if (name === 'opset') {
      if (value !== undefined) opset = value;
    } else if (value !== undefined && value !== null) { // skipped by the wasm side too
      key += ` ${name.length}:${name}=`;
      if (Array.isArray(value)) {
        key += '[';
        for (let i = 0; i < value.length; i++) {
          const part = scalarKey(value[i]);
          if (part === null) return null;
          key += `${part},`;
        }
        key += ']';
      } else {
        const part = scalarKey(value);
        if (part === null) return null;
        key += part;
      }
    }
  }
  return Number.isSafeInteger(opset) && opset >= 1 ? `${key} @${opset}` : null;
}

// The opset and a checked copy of the attributes in `options`, or an OnnxWasmError.
function checkedOptions(op, options) {
  if (options === null || typeof options !== 'object') {
    throw new OnnxWasmError(`${op}: options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  const { opset = LATEST_OPSET, ...attributes } = options;
  if (!Number.isSafeInteger(opset) || opset < 1) {
    throw new OnnxWasmError(`${op}: opset must be a positive integer, got ${String(opset)}`);
  }
  return { opset, attributes: checkedAttributes(op, attributes) };
}

const NO_OPTIONS = Object.freeze({});

// defaultKey: optionsKey(op, NO_OPTIONS), computed once.
function runOperator(op, defaultKey, inputs, options = NO_OPTIONS) {
  const key = options === NO_OPTIONS ? defaultKey : options !== null && typeof options === 'object' ? optionsKey(op, options) : null;
  let handle = key === null ? undefined : prepared.get(key);
  // Not prepared yet: the options are checked (and copied, so that what is prepared is what is
  // remembered) before the inputs, and prepared after the inputs are checked, so that errors come in
  // that order.
  const checked = handle === undefined ? checkedOptions(op, options) : null;
  const m = wasm();
  const wasmOutputs = writeInputs(m, op, inputs, null);
  if (checked) {
    // The key of what was checked, which a getter may have made differ from the one looked up.
    const checkedKey = optionsKey(op, { ...checked.attributes, opset: checked.opset });
    handle = prepared.get(checkedKey);
    if (handle === undefined) {
      handle = m.prepareOp(op, checked.opset, checked.attributes);
      if (!handle) throw lastError();
      remember(checkedKey, handle);
    }
  }
  return readOutputs(m, m._ow_run_op(handle), wasmOutputs, inputs[0].dims)[0];
}

function remember(key, handle) {
  if (prepared.size >= MAX_PREPARED) {
    const [oldestKey, oldest] = prepared.entries().next().value;
    prepared.delete(oldestKey);
    wasm()._ow_prepared_release(oldest);
  }
  prepared.set(key, handle);
}

const unary = (op) => {
  const defaultKey = optionsKey(op, NO_OPTIONS);
  return (x, options) => runOperator(op, defaultKey, [x], options);
};

// Variadic operators take their inputs as one array; writeInputs checks that each is a Tensor.
const variadic = (op) => {
  const defaultKey = optionsKey(op, NO_OPTIONS);
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
