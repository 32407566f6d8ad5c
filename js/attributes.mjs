// Operator options on their way into wasm: checked and copied here, so that the bindings only ever read
// numbers, booleans, strings, short arrays of them and copies of Tensors ({code, dims, data}), never
// getters, proxies or huge values (a string or an array is copied into wasm memory whole, before any
// C++ check could refuse it).
import { OnnxWasmError } from './errors.mjs';
import { DTYPES } from './dtypes.mjs';
import { asTensor, isTensor } from './tensor.mjs';

// Far above what any operator needs (AveragePool: a few attributes of 2 values per spatial axis).
const MAX_ATTRIBUTES = 64;
const MAX_LIST_LENGTH = 4096;
const MAX_STRING_LENGTH = 4096;

function kindOf(value) {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  return typeof value;
}

function checkedValue(op, name, value) {
  const label = `${op}: attribute '${name}'`;
  value = asTensor(value, op, `attribute '${name}'`);
  if (isTensor(value)) {
    // A tensor-valued attribute (Constant's value), copied into JS memory: preparing the operator may
    // grow wasm memory, and what is prepared must be what was checked.
    const info = DTYPES[value.type];
    if (!info) throw new OnnxWasmError(`${label} is a ${value.type} tensor, a type this runtime does not support`, 'UNSUPPORTED');
    return Object.freeze({ code: info.code, dims: [...value.dims], data: value.data.slice() });
  }
  const scalar = (v) => {
    if (typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v === 'string') {
      if (v.length > MAX_STRING_LENGTH) {
        throw new OnnxWasmError(`${label} is a string of ${v.length} characters (at most ${MAX_STRING_LENGTH})`);
      }
      return v;
    }
    throw new OnnxWasmError(`${label} has a value of an unsupported kind (${kindOf(v)})`);
  };
  if (!Array.isArray(value)) return scalar(value);
  if (value.length > MAX_LIST_LENGTH) {
    throw new OnnxWasmError(`${label} has ${value.length} values (at most ${MAX_LIST_LENGTH})`);
  }
  return Array.from(value, scalar);
}

/** A plain copy of `attributes` (an operator's options without `opset`), or an OnnxWasmError. */
export function checkedAttributes(op, attributes) {
  const names = Object.keys(attributes);
  if (names.length > MAX_ATTRIBUTES) {
    throw new OnnxWasmError(`${op}: options have ${names.length} attributes (at most ${MAX_ATTRIBUTES})`);
  }
  const checked = Object.create(null); // so that an attribute named '__proto__' stays an attribute
  for (const name of names) {
    if (name.length > MAX_STRING_LENGTH) {
      throw new OnnxWasmError(`${op}: an attribute name has ${name.length} characters (at most ${MAX_STRING_LENGTH})`);
    }
    const value = attributes[name];
    if (value !== undefined && value !== null) checked[name] = checkedValue(op, name, value); // absent otherwise
  }
  return checked;
}
