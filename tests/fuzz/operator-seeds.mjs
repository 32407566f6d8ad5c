// Writes the seed corpus of fuzz_operator into the directory given: ordinary calls of every operator
// index, opset and type, in the byte format tests/fuzz/harness.h reads (run_operator_input).
// Usage: node tests/fuzz/operator-seeds.mjs <dir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
mkdirSync(dir, { recursive: true });

// value(): -2..6 as one byte; anything else as 250 and 8 bytes, big-endian.
const value = (v) => {
  if (v >= -2 && v <= 6) return [v + 2];
  const bytes = [250];
  for (let k = 7; k >= 0; --k) bytes.push(Number((BigInt.asUintN(64, BigInt(v)) >> BigInt(8 * k)) & 0xffn));
  return bytes;
};
const NAMES = ['kernel_shape', 'pads', 'strides', 'dilations', 'auto_pad', 'ceil_mode', 'count_include_pad'];
const ints = (name, values) => [NAMES.indexOf(name), 0, values.length, ...values.flatMap(value)];
const int = (name, v) => [NAMES.indexOf(name), 1, ...value(v)];
const autoPad = (i) => [NAMES.indexOf('auto_pad'), 2, i];
const dims = (shape) => [shape.length, ...shape.flatMap((d) => (d < 7 ? [d] : [224, ...value(d)]))];

const ATTRIBUTE_SETS = [
  [],
  [ints('kernel_shape', [2, 2])],
  [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), ints('pads', [0, 0, 1, 1]), int('count_include_pad', 1)],
  [ints('kernel_shape', [3, 3]), ints('strides', [1, 1]), autoPad(1), int('ceil_mode', 1)],
  [ints('kernel_shape', [2, 2]), ints('dilations', [2, 1]), ints('pads', [1, 0, 1, 0])],
  [ints('kernel_shape', [2]), ints('pads', [0, 165000000])],
  // Outputs within the fuzz build's 16 MiB cap, their windows mostly in the padding (filled, not pooled).
  [ints('kernel_shape', [1]), ints('pads', [0, 2 ** 20]), ints('strides', [1])],
  [ints('kernel_shape', [1, 1]), ints('pads', [0, 0, 2 ** 10, 2 ** 10])],
];
const INPUTS = [
  [1, dims([1, 1, 5, 5])],
  [1, dims([1, 1, 3])],
  [2, dims([2, 3]), dims([3])],
  [3, dims([2, 1]), dims([1, 3]), dims([1])],
  // Tiny data, huge dims: an empty input beside 2^24, and broadcasts past the cap.
  [2, dims([0, 2 ** 24]), dims([1])],
  [3, dims([1024, 1, 1]), dims([1, 1024, 1]), dims([1, 1, 1024])],
];
// Every operator index, opset, type and input list once; AveragePool takes the attribute sets in turn
// (for the others, the fuzzer finds theirs: `axis`, `to`, ... are among the names it picks).
const AVERAGE_POOL = 4;  // its index in the registry's table (src/ops/registry.cpp)
// The operators of the registry's table (src/ops/registry.cpp's all_operators()), counted there.
const registry = readFileSync(new URL('../../src/ops/registry.cpp', import.meta.url), 'utf8');
const OPERATOR_COUNT = /all_operators\(\) \{([\s\S]*?)\};/.exec(registry)[1].match(/&k\w+Schema\b/g).length;
let n = 0;
for (let op = 0; op < OPERATOR_COUNT; ++op) {
  for (const opset of [1, 6, 7, 8, 10, 11, 12, 13, 15, 19, 22, 25]) {
    for (const type of [0, 1, 2, 3, 6]) {  // float32, float64, float16, bfloat16, int32
      for (const [count, ...shapes] of INPUTS) {
        const attributes = op === AVERAGE_POOL ? ATTRIBUTE_SETS[Math.floor(n / INPUTS.length) % ATTRIBUTE_SETS.length] : [];
        const bytes = [op, opset, attributes.length, ...attributes.flat(), type, count];
        for (const shape of shapes) bytes.push(0, ...shape);  // 0: the first input's type
        for (let i = 0; i < 63; ++i) bytes.push((i * 37 + 11) & 0xff);  // data
        bytes.push([0, 0, 1, 2][n % 4]);  // the last byte: no options.out, a fresh one, or in place
        writeFileSync(join(dir, `seed-${n++}`), Uint8Array.from(bytes));
      }
    }
  }
}
