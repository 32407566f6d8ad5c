import { DTYPES } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';

function describe(value) {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'Array';
  return typeof value;
}

// Set only by the constructor, after its checks: tells a checked Tensor from an object that merely
// has Tensor.prototype.
const CHECKED = Symbol('onnx-wasm checked tensor');

/**
 * A typed array with an element type and a shape, as in onnxruntime-web:
 * `new Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2])`.
 * `data` may also be a plain array of numbers (or bigints for 64-bit integers); it is converted.
 * `dims` defaults to `[data.length]`.
 */
export class Tensor {
  constructor(type, data, dims) {
    const info = typeof type === 'string' && Object.prototype.hasOwnProperty.call(DTYPES, type) ? DTYPES[type] : undefined;
    if (!info) {
      throw new OnnxWasmError(`Tensor: unknown type '${String(type)}' (expected one of ${Object.keys(DTYPES).join(', ')})`);
    }
    if (Array.isArray(data)) {
      try {
        data = info.array.from(data);
      } catch (e) {
        throw new OnnxWasmError(`Tensor: cannot convert the array to ${info.array.name} for type '${type}': ${e.message}`);
      }
    } else if (!(data instanceof info.array)) {
      throw new OnnxWasmError(`Tensor: type '${type}' needs data in a ${info.array.name}, got ${describe(data)}`);
    }
    if (dims === undefined) dims = [data.length];
    if (!Array.isArray(dims)) throw new OnnxWasmError(`Tensor: dims must be an array, got ${describe(dims)}`);
    let size = 1;
    for (const d of dims) {
      if (!Number.isSafeInteger(d) || d < 0) {
        throw new OnnxWasmError(`Tensor: dims must be non-negative integers, got [${dims.map(String).join(', ')}]`);
      }
      size *= d;
    }
    if (size !== data.length) {
      throw new OnnxWasmError(`Tensor: dims [${dims.join(', ')}] hold ${size} elements but data has ${data.length}`);
    }
    // Read-only, as typed: the checks above must stay true for the runtime to rely on them.
    const fixed = (value) => ({ value, enumerable: true });
    Object.defineProperties(this, {
      type: fixed(type),
      data: fixed(data),
      dims: fixed(Object.freeze([...dims])),
      size: fixed(size),
      [CHECKED]: { value: true },
    });
  }

}

/** Whether `value` was made by the Tensor constructor (and so passed its checks). */
export function isTensor(value) {
  return typeof value === 'object' && value !== null && value[CHECKED] === true;
}
