import { DTYPES } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';

function describe(value) {
  if (value === null) return 'null';
  if (ArrayBuffer.isView(value)) return value.constructor.name;
  if (Array.isArray(value)) return 'Array';
  return typeof value;
}

/**
 * A typed array with an element type and a shape, as in onnxruntime-web:
 * `new Tensor('float32', new Float32Array([1, 2, 3, 4]), [2, 2])`.
 * `data` may also be a plain array of numbers (or bigints for 64-bit integers); it is converted.
 * `dims` defaults to `[data.length]`.
 */
export class Tensor {
  constructor(type, data, dims) {
    const info = DTYPES[type];
    if (!info) {
      throw new OnnxWasmError(`Tensor: unknown type '${type}' (expected one of ${Object.keys(DTYPES).join(', ')})`);
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
        throw new OnnxWasmError(`Tensor: dims must be non-negative integers, got [${dims.join(', ')}]`);
      }
      size *= d;
    }
    if (size !== data.length) {
      throw new OnnxWasmError(`Tensor: dims [${dims.join(', ')}] hold ${size} elements but data has ${data.length}`);
    }
    this.type = type;
    this.data = data;
    this.dims = Object.freeze([...dims]);
    this.size = size;
  }
}
