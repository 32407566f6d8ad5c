// What the Tensor constructor takes as data, as onnxruntime-web's does: a typed array (its type named or
// inferred) or a plain array of values. A plain array holds VALUES for every type: numbers are rounded
// to float32, float16 or bfloat16 (nearest, ties to even) but never reinterpreted, and a number an
// integer type cannot hold exactly (a fraction, an unsafe integer for int64, one out of range) is
// refused, naming its index, rather than wrapped or truncated as a typed array's from() would.
import { DTYPES } from './dtypes.mjs';
import { OnnxWasmError } from './errors.mjs';

/**
 * Every element type a Tensor can hold: DTYPES (those the operators take, 'bool' a Uint8Array among
 * them) plus 'string' (an array of strings), which a program can hold and feed and an operator refuses.
 */
export const TENSOR_TYPES = { ...DTYPES, string: { code: 8, array: Array, heap: null } };

const hasFloat16Array = () => typeof Float16Array === 'function';

// Bit pattern of the nearest value of a 16-bit binary format (sign bit 15, `fraction` fraction bits,
// exponent bias `bias`) to x, ties to even; NaN gives `nan`. Scaling by a power of two is exact in a
// double, so the value is rounded once: `units` is x in units of the quantum at its exponent (the
// smallest normal exponent's for subnormals), and (exponent + bias - 1) * 2^fraction + units is the
// pattern, a carry out of the fraction moving into the exponent and past the largest finite value
// onto infinity.
function halfBits(x, fraction, bias, nan) {
  if (Number.isNaN(x)) return nan;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const infinity = 0x7fff & ~((1 << fraction) - 1);
  const a = Math.abs(x);
  if (a === Infinity) return sign | infinity;
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e -= 1; // log2 may be off by one near powers of two
  else if (2 ** (e + 1) <= a) e += 1;
  e = Math.max(e, 1 - bias);
  const scaled = a * 2 ** (fraction - e);
  let units = Math.floor(scaled);
  const rest = scaled - units;
  if (rest > 0.5 || (rest === 0.5 && units % 2 === 1)) units += 1;
  return sign | Math.min((e + bias - 1) * 2 ** fraction + units, infinity);
}

/** A number as float16 bits, rounded to nearest, ties to even (as Float16Array stores it). */
export const float16Bits = (x) => halfBits(x, 10, 15, 0x7e00);
/** A number as bfloat16 bits, rounded to nearest, ties to even (in one step, not through float32). */
export const bfloat16Bits = (x) => halfBits(x, 7, 127, 0x7fc0);

const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : String(v));

const INTEGER_RANGES = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1],
};
const BIGINT_RANGES = { int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n] };

// For each type, the element of a plain array as it is stored, or undefined if the type cannot hold it
// (with the reason's words, for the message).
function converter(type) {
  if (type === 'float16') return { convert: (v) => (typeof v === 'number' ? float16Bits(v) : undefined), expected: 'a number' };
  if (type === 'bfloat16') return { convert: (v) => (typeof v === 'number' ? bfloat16Bits(v) : undefined), expected: 'a number' };
  if (type === 'float32' || type === 'float64') return { convert: (v) => (typeof v === 'number' ? v : undefined), expected: 'a number' };
  if (type === 'bool') return { convert: (v) => (v === true || v === 1 ? 1 : v === false || v === 0 ? 0 : undefined), expected: 'a boolean (or 0 or 1)' };
  if (type === 'string') return { convert: (v) => (typeof v === 'string' ? v : undefined), expected: 'a string' };
  if (type in BIGINT_RANGES) {
    const [lo, hi] = BIGINT_RANGES[type];
    return {
      convert: (v) => {
        if (typeof v === 'bigint') return v >= lo && v <= hi ? v : undefined;
        return Number.isSafeInteger(v) && (v >= 0 || type === 'int64') ? BigInt(v) : undefined;
      },
      expected: `a bigint from ${lo} to ${hi} or a number that is a safe integer${type === 'uint64' ? ' and not negative' : ''} (beyond 2^53 - 1, pass bigints)`,
    };
  }
  const [lo, hi] = INTEGER_RANGES[type];
  return { convert: (v) => (Number.isInteger(v) && v >= lo && v <= hi ? v : undefined), expected: `an integer from ${lo} to ${hi}` };
}

// A plain array's values in the type's storage (a new typed array; a string tensor keeps the array).
function fromValues(label, type, values) {
  const { convert, expected } = converter(type);
  const Storage = TENSOR_TYPES[type].array;
  const data = Storage === Array ? values : new Storage(values.length);
  for (let i = 0; i < values.length; i++) {
    const stored = convert(values[i]);
    if (stored === undefined) {
      throw new OnnxWasmError(`${label}: element ${i} of the array (${show(values[i])}) is not a${type.startsWith('i') ? 'n' : ''} ${type} value: expected ${expected}`);
    }
    if (Storage !== Array) data[i] = stored;
  }
  return data;
}

const describe = (value) => (value === null ? 'null' : ArrayBuffer.isView(value) ? value.constructor.name : Array.isArray(value) ? 'Array' : typeof value);

/** `data` given with `type` (a name of TENSOR_TYPES, checked by the caller) in the type's storage. */
export function tensorData(label, type, data) {
  if (Array.isArray(data)) return fromValues(label, type, data);
  const { array } = TENSOR_TYPES[type];
  if (array !== Array && data instanceof array) return data;
  if (type === 'uint8' && data instanceof Uint8ClampedArray) return Uint8Array.from(data); // a copy, as onnxruntime-web makes
  if (type === 'float16' && hasFloat16Array() && data instanceof Float16Array) {
    return new Uint16Array(data.buffer, data.byteOffset, data.length); // its bit patterns, shared
  }
  const arrays = array === Array ? 'an array of strings'
    : type === 'uint8' ? 'a Uint8Array or a Uint8ClampedArray'
      : type === 'float16' ? 'a Uint16Array (or a Float16Array where the engine has one)' : `a${/^[AEIO]/.test(array.name) ? 'n' : ''} ${array.name}`;
  throw new OnnxWasmError(`${label}: type '${type}' needs data in ${arrays} or a plain array, got ${describe(data)}`);
}

// Typed arrays whose type onnxruntime-web infers, in its order.
const INFERRED = [
  [Float32Array, 'float32'], [Uint8Array, 'uint8'], [Uint8ClampedArray, 'uint8'], [Int8Array, 'int8'], [Uint16Array, 'uint16'],
  [Int16Array, 'int16'], [Int32Array, 'int32'], [BigInt64Array, 'int64'], [Float64Array, 'float64'], [Uint32Array, 'uint32'],
  [BigUint64Array, 'uint64'],
];

/** The type onnxruntime-web infers for `new Tensor(data, dims)`: from a typed array, or an array of strings or booleans. */
export function inferredType(label, data) {
  if (Array.isArray(data)) {
    if (data.length === 0) throw new OnnxWasmError(`${label}: the type of an empty array cannot be inferred: name it, as in new Tensor('float32', [], [0])`);
    if (typeof data[0] === 'string') return 'string';
    if (typeof data[0] === 'boolean') return 'bool';
    throw new OnnxWasmError(`${label}: the type of an array of ${typeof data[0]}s cannot be inferred (only strings and booleans): name it, as in new Tensor('float32', [1, 2])`);
  }
  if (hasFloat16Array() && data instanceof Float16Array) return 'float16';
  for (const [array, type] of INFERRED) if (data instanceof array) return type;
  throw new OnnxWasmError(`${label}: data must be a typed array, or an array of strings or booleans, when no type is given; got ${describe(data)}`);
}
