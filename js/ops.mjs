// The typed-array operator API: one thin shim per operator over runOperator().
import { checkedAttributes } from './attributes.mjs';
import { OnnxWasmError } from './errors.mjs';
import { takeOutputs, wasm, withInputs } from './runtime.mjs';

// Newest opset any operator here has a version for; ops default to it.
export const LATEST_OPSET = 22;

function runOperator(op, inputs, options) {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new OnnxWasmError(`${op}: options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  const { opset = LATEST_OPSET, ...attributes } = options ?? {};
  if (!Number.isSafeInteger(opset) || opset < 1) {
    throw new OnnxWasmError(`${op}: opset must be a positive integer, got ${String(opset)}`);
  }
  const checked = checkedAttributes(op, attributes);
  const [y] = withInputs(op, inputs, (descriptors) => takeOutputs(wasm().runOp(op, opset, descriptors, checked)));
  return y;
}

const unary = (op) => (x, options) => runOperator(op, [x], options);

// Variadic operators take their inputs as one array; withInputs checks that each is a Tensor.
const variadic = (op) => (inputs, options) => {
  if (!Array.isArray(inputs)) {
    const got = inputs === null ? 'null' : typeof inputs === 'object' ? (inputs.constructor?.name ?? 'object') : typeof inputs;
    throw new OnnxWasmError(`${op}: expects an array of Tensors, got ${got}`);
  }
  if (inputs.length === 0) throw new OnnxWasmError(`${op}: expects at least one Tensor, got an empty array`);
  return runOperator(op, inputs, options);
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
