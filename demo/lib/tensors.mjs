// Tensors as the page shows and edits them: values as text, generated inputs, and the half types
// (whose Tensors hold bit patterns) as numbers, converted by tools/half-codecs.mjs rather than
// Float16Array and Math.f16round, which browsers shipped only in 2025.
import { Tensor } from 'onnx-wasm';
import { bf16ToNumber, f16ToNumber, numberToBf16, numberToF16 } from '../../tools/half-codecs.mjs';

const FLOAT_TYPES = new Set(['float32', 'float64', 'float16', 'bfloat16']);
const BIGINT_TYPES = new Set(['int64', 'uint64']);
const INT_RANGE = {
  int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535],
  int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1],
  int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n],
};

export const isFloatType = (type) => FLOAT_TYPES.has(type);

// Numbers to a type's storage and back; the half types go through their bit patterns.
const CODEC = {
  float16: {
    encode: (values) => Uint16Array.from(values, numberToF16),
    decode: (data) => Array.from(data, f16ToNumber),
    round: (v) => f16ToNumber(numberToF16(v)),
    digits: 5,
  },
  bfloat16: {
    encode: (values) => Uint16Array.from(values, numberToBf16),
    decode: (data) => Array.from(data, bf16ToNumber),
    round: (v) => bf16ToNumber(numberToBf16(v)),
    digits: 4,
  },
  float32: { round: Math.fround, digits: 9 },
  float64: { round: (v) => v, digits: 17 },
};

/** The tensor's elements as JS numbers (bigints for 64-bit integers), half types decoded. */
export function valuesOf(tensor) {
  return CODEC[tensor.type]?.decode?.(tensor.data) ?? Array.from(tensor.data);
}

/** A Tensor from numbers (or bigints), encoding the half types. */
export function tensorFrom(type, values, dims) {
  const data = CODEC[type]?.encode?.(values) ?? (BIGINT_TYPES.has(type) ? values.map(BigInt) : values);
  return new Tensor(type, data, dims);
}

/** The shortest text that reads back as the same value of the type (0.1 rather than 0.100000001). */
export function formatValue(type, value) {
  const codec = CODEC[type];
  if (Object.is(value, -0)) return '-0'; // as ONNX computes it: Round(-0.25) is -0
  if (!codec || !Number.isFinite(value)) return String(value);
  for (let p = 1; p < codec.digits; p++) {
    const text = value.toPrecision(p);
    if (codec.round(Number(text)) === value) return String(Number(text));
  }
  return String(value);
}

const MAX_SHOWN = 2048;

/**
 * The tensor as text: a scalar, one row for 1-D, rows of the last axis for 2-D, and for higher ranks
 * one block of rows per index of the leading axes (headed `[0, 1, :, :]`). Long tensors are cut.
 */
export function formatTensor(tensor) {
  const values = valuesOf(tensor);
  const dims = tensor.dims;
  if (dims.length === 0) return formatValue(tensor.type, values[0]);
  const width = dims[dims.length - 1];
  const height = dims.length >= 2 ? dims[dims.length - 2] : 1;
  const block = width * height;
  const cells = values.slice(0, MAX_SHOWN).map((v) => formatValue(tensor.type, v));
  const pad = Math.max(...cells.map((c) => c.length), 1);
  const lines = [];
  for (let start = 0; start < cells.length && block > 0; start += block) {
    if (dims.length > 2) {
      const index = [];
      let rest = start / block;
      for (let axis = dims.length - 3; axis >= 0; axis--) {
        index.unshift(rest % dims[axis]);
        rest = Math.floor(rest / dims[axis]);
      }
      if (lines.length) lines.push('');
      lines.push(`[${index.join(', ')}, :, :]`);
    }
    for (let row = start; row < Math.min(start + block, cells.length); row += width) {
      lines.push(cells.slice(row, row + width).map((c) => c.padStart(pad)).join('  '));
    }
  }
  if (values.length > MAX_SHOWN) lines.push(`… ${values.length - MAX_SHOWN} more of ${values.length} values`);
  return lines.join('\n');
}

/**
 * Numbers separated by spaces, commas, brackets or new lines; NaN, Infinity, inf allowed for floats.
 * formatTensor's block headers (`[0, 1, :, :]`) are skipped, so its text reads back.
 */
export function parseValues(type, text, label) {
  const tokens = text.replace(/\[[^\]]*:[^\]]*\]/g, ' ').split(/[\s,;[\]()]+/).filter(Boolean);
  return tokens.map((token, i) => {
    if (isFloatType(type)) {
      const v = /^[+-]?inf(inity)?$/i.test(token) ? (token.startsWith('-') ? -Infinity : Infinity) : /^nan$/i.test(token) ? NaN : Number(token);
      if (Number.isNaN(v) && !/^nan$/i.test(token)) throw new Error(`${label}: value ${i + 1}, '${token}', is not a number`);
      return v;
    }
    if (!/^[+-]?\d+$/.test(token)) throw new Error(`${label}: value ${i + 1}, '${token}', is not an integer (the type is ${type})`);
    const [lo, hi] = INT_RANGE[type];
    const v = BIGINT_TYPES.has(type) ? BigInt(token) : Number(token);
    if (v < lo || v > hi) throw new Error(`${label}: value ${i + 1}, ${token}, is outside ${type}'s range ${lo}..${hi}`);
    return v;
  });
}

/**
 * `count` values for an input: 'zeros'; 'ramp', centred on zero in steps of 0.5 for floats (halves show
 * how rounding treats ties) and of 1 for integers; 'random', uniform in [-4, 4) for floats and small
 * integers within the type's range.
 */
export function generateValues(kind, type, count) {
  const float = isFloatType(type);
  const [lo] = INT_RANGE[type] ?? [-Infinity];
  const signed = float || lo < 0;
  const make = {
    zeros: () => 0,
    ramp: (i) => (signed ? i - Math.floor(count / 2) : i % 256) * (float ? 0.5 : 1),
    random: () => (float ? Math.random() * 8 - 4 : Math.floor(Math.random() * 21) - (signed ? 10 : 0)),
  }[kind];
  const values = Array.from({ length: count }, (_, i) => make(i));
  return float ? values.map((v) => CODEC[type].round(v)) : values;
}
