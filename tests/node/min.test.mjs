// Min through the public API: all 32 variants (5 versions x their types) against a reference written
// here (explicit NaN and -0 rules, BigInt compares for 64-bit), with edge values, lengths covering the
// SIMD main loops and tails, broadcasting of 1 to 4 inputs of various ranks, and every refusal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, supportedOperators, Tensor, OnnxWasmError } from 'onnx-wasm';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES, intEdges, randomInt, rng } from '../../tools/values.mjs';
import { broadcastShape, inputIndex, referenceMin } from './helpers/reference.mjs';

before(() => ready());

const FLOATS = ['float64', 'float32', 'float16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];

// [since version, types]: 3 + 3 + 3 + 11 + 12 = 32 variants.
const VERSIONS = [
  [1, FLOATS],
  [6, FLOATS],
  [8, FLOATS],
  [12, [...FLOATS, ...INTS]],
  [13, [...FLOATS, ...INTS, 'bfloat16']],
];

// Subnormals and extremes of the narrower float types join the shared edge values.
const MIN_FLOAT_EDGES = [...FLOAT_EDGES, 5e-324, -5e-324, 2 ** -149, -(2 ** -149), 2 ** -24, -(2 ** -24), 2 ** -133,
  3.4028234663852886e38, -3.4028234663852886e38, 1.7976931348623157e308, -65504];

// Reads and writes values of any type as numbers (floats) or as numbers/bigints (integers).
function codec(type) {
  if (FLOAT_TYPES[type]) return { ...FLOAT_TYPES[type], float: true, edges: MIN_FLOAT_EDGES };
  return { array: INT_TYPES[type].array, encode: (x) => x, decode: (x) => x, float: false, edges: intEdges(type) };
}

// n stored values, edge values at pseudo-random positions among random ones.
function mixedData(type, n, seed) {
  const { array, encode, float, edges } = codec(type);
  const next = rng(seed);
  const out = new array(n);
  for (let i = 0; i < n; i++) {
    if (next() < 0.35) out[i] = encode(edges[Math.floor(next() * edges.length)]);
    else out[i] = float ? encode(next() < 0.2 ? Math.round((next() - 0.5) * 8) : (next() - 0.5) * 200) : randomInt(type, next);
  }
  return out;
}

// Runs Min on stored arrays of the given shapes and checks every output element against the reference.
function checkMin(type, opset, datas, shapes, label) {
  const { decode, float } = codec(type);
  const y = ops.Min(datas.map((d, k) => new Tensor(type, d, shapes[k])), { opset });
  const outDims = broadcastShape(shapes);
  assert.equal(y.type, type);
  assert.deepEqual([...y.dims], outDims, `${label}: output dims`);
  const size = outDims.reduce((a, b) => a * b, 1);
  assert.equal(y.data.length, size);
  for (let i = 0; i < size; i++) {
    const values = datas.map((d, k) => decode(d[inputIndex(outDims, shapes[k], i)]));
    const want = values.reduce((m, v) => referenceMin(m, v, float));
    const got = decode(y.data[i]);
    if (float && Number.isNaN(want)) {
      assert.ok(Number.isNaN(got), `${label}: element ${i} min(${values.join(', ')}) = ${got}, want NaN`);
    } else if (!Object.is(got, want)) {
      assert.fail(`${label}: element ${i} min(${values.join(', ')}) = ${got}, want ${want}`);
    }
  }
  return y;
}

const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);

// 1 to 4 inputs of ranks 0 to 4: scalars, dims of 1 in every position, empty dims, runs that cross the
// 16 KiB chunks the implementation works in, rows repeated over outer dims (read as one run of rows),
// whole or split by the chunks.
const BROADCAST_CASES = [
  [[]],
  [[], []],
  [[], [5]],
  [[37], []],
  [[2, 3], [3]],
  [[3], [2, 3]],
  [[2, 1], [1, 3]],
  [[1, 19], [7, 1]],
  [[2, 1, 4], [3, 1], [1]],
  [[4, 1, 3, 1], [1, 5, 1, 2], [5, 3, 2], []],
  [[1, 1], [1]],
  [[1], [37], [37], [1]],
  [[2, 0, 3], [1, 3]],
  [[0], [1]],
  [[0], []],
  [[1, 0], [3, 1]],
  [[3, 67], [67]],
  [[67, 3], [67, 1]],
  [[2, 1, 35], [1, 3, 35], [2, 3, 1]],
  [[5, 1, 1, 17], [1, 1, 17], [5, 2, 1, 1]],
  [[3, 1, 70, 1], [70, 2]],
  [[2, 9001], [9001], [2, 1]],
  [[700, 33], [33]],
  [[4, 300, 25], [25], [4, 300, 25]],
  [[6, 1, 500, 7], [500, 7], [6, 1, 1, 1]],
  [[500, 7], [3, 1, 1]],
];

for (const [version, types] of VERSIONS) {
  describe(`Min-${version}`, () => {
    for (const type of types) {
      describe(type, () => {
        const { array, encode, edges } = codec(type);

        test('every ordered pair of edge values', () => {
          const a = [];
          const b = [];
          for (const x of edges) for (const z of edges) { a.push(encode(x)); b.push(encode(z)); }
          const n = a.length;
          checkMin(type, version, [array.from(a), array.from(b)], [[n], [n]], `Min-${version} ${type} edge pairs`);
        });

        test('two inputs of every length 0..67 and 1000', () => {
          for (const n of [...Array(68).keys(), 1000]) {
            checkMin(type, version, [mixedData(type, n, 2 * n + 1), mixedData(type, n, 2 * n + 2)], [[n], [n]], `Min-${version} ${type} n=${n}`);
          }
        });

        test('three and four inputs of one shape', () => {
          for (const n of [0, 1, 3, 7, 15, 16, 17, 31, 33, 64, 67, 1000, 5000]) {
            for (const count of [3, 4]) {
              const datas = Array.from({ length: count }, (_, k) => mixedData(type, n, 100 * n + k));
              checkMin(type, version, datas, datas.map(() => [n]), `Min-${version} ${type} ${count} inputs n=${n}`);
            }
          }
          const datas = [0, 1, 2].map((k) => mixedData(type, 24, k + 7));
          checkMin(type, version, datas, [[2, 3, 4], [2, 3, 4], [2, 3, 4]], `Min-${version} ${type} rank 3`);
        });

        test('one input returns a copy with the same bits', () => {
          for (const dims of [[], [0], [67], [2, 3, 5]]) {
            const x = mixedData(type, sizeOf(dims), 5);
            const input = new Tensor(type, x, dims);
            const y = ops.Min([input], { opset: version });
            assert.notEqual(y.data, input.data);
            assert.deepEqual([...y.dims], dims);
            assert.deepEqual([...y.data], [...x]);
          }
        });

        test('the same tensor given several times', () => {
          const x = mixedData(type, 21, 9);
          const t = new Tensor(type, x, [21]);
          const y = ops.Min([t, t, t], { opset: version });
          const want = checkMin(type, version, [x, x, x], [[21], [21], [21]], `Min-${version} ${type} same tensor`);
          assert.deepEqual([...y.data], [...want.data]);
        });

        if (version >= 8) {
          test('edge values against a broadcast scalar, in both orders', () => {
            const tiled = array.from([...edges, ...edges, ...edges].map(encode));
            for (const e of edges) {
              const scalar = array.from([encode(e)]);
              checkMin(type, version, [tiled, scalar], [[tiled.length], []], `Min-${version} ${type} vector, ${e}`);
              checkMin(type, version, [scalar, tiled], [[1], [tiled.length]], `Min-${version} ${type} ${e}, vector`);
            }
          });

          test('broadcasting of 1 to 4 inputs of ranks 0 to 4', () => {
            BROADCAST_CASES.forEach((shapes, c) => {
              const datas = shapes.map((s, k) => mixedData(type, sizeOf(s), 1000 * c + k));
              checkMin(type, version, datas, shapes, `Min-${version} ${type} shapes ${JSON.stringify(shapes)}`);
            });
          });
        }
      });
    }
  });
}

describe('Min: half-precision values, every bit pattern', () => {
  for (const type of ['float16', 'bfloat16']) {
    test(`${type}: min(x, +Inf) = x and min(x, -Inf) = -Inf for all 65536 patterns`, () => {
      const { decode } = FLOAT_TYPES[type];
      const all = new Uint16Array(65536).map((_, i) => i);
      const inf = type === 'float16' ? 0x7c00 : 0x7f80;
      const withPlus = ops.Min([new Tensor(type, all), new Tensor(type, new Uint16Array(65536).fill(inf))]);
      const withMinus = ops.Min([new Tensor(type, new Uint16Array(65536).fill(inf | 0x8000)), new Tensor(type, all)]);
      for (let i = 0; i < 65536; i++) {
        const x = decode(i);
        if (Number.isNaN(x)) {
          assert.ok(Number.isNaN(decode(withPlus.data[i])) && Number.isNaN(decode(withMinus.data[i])), `${type} NaN 0x${i.toString(16)}`);
        } else {
          assert.equal(withPlus.data[i], i, `${type} min(0x${i.toString(16)}, +Inf)`);
          assert.equal(withMinus.data[i], inf | 0x8000, `${type} min(-Inf, 0x${i.toString(16)})`);
        }
      }
    });
  }
});

describe('Min: versions and refusals', () => {
  const f32 = (values, dims) => new Tensor('float32', values, dims);
  const isError = (pattern, code = 'INVALID_ARGUMENT') => (e) =>
    e instanceof OnnxWasmError && e.code === code && pattern.test(e.message);

  test('supportedOperators lists the 5 versions and 32 variants', () => {
    const rows = supportedOperators().filter((r) => r.op === 'Min');
    assert.deepEqual(rows.map((r) => r.version), [1, 6, 8, 12, 13]);
    rows.forEach((r, i) => assert.deepEqual([...r.types].sort(), [...VERSIONS[i][1]].sort()));
    assert.equal(rows.reduce((n, r) => n + r.types.length, 0), 32);
  });

  test('an opset selects the newest version at or below it', () => {
    const a = f32([1, 5], [2]);
    const b = f32([3], [1, 1]);
    assert.throws(() => ops.Min([a, b], { opset: 7 }), isError(/^Min-6: /));
    assert.deepEqual([...ops.Min([a, b], { opset: 8 }).data], [1, 3]);
    const i = new Tensor('int32', [4, -2]);
    assert.throws(() => ops.Min([i, i], { opset: 11 }), isError(/^Min-8: input 0 has type int32/));
    assert.deepEqual([...ops.Min([i, new Tensor('int32', [0], [])], { opset: 12 }).data], [0, -2]);
    const bf = new Tensor('bfloat16', new Uint16Array([0x3f80, 0xbf80])); // 1, -1
    assert.throws(() => ops.Min([bf], { opset: 12 }), isError(/^Min-12: input 0 has type bfloat16/));
    assert.deepEqual([...ops.Min([bf, bf]).data], [0x3f80, 0xbf80]); // default opset: Min-13
  });

  test('versions 1 and 6 refuse shapes that differ, naming the inputs and shapes', () => {
    for (const opset of [1, 5, 6, 7]) {
      const label = opset < 6 ? 'Min-1' : 'Min-6';
      assert.throws(() => ops.Min([f32([1, 2, 3]), f32([1, 2, 3], [1, 3])], { opset }),
        isError(new RegExp(`^${label}: input 1 has shape \\[1,3\\] but input 0 has shape \\[3\\]`)));
      assert.throws(() => ops.Min([f32([1, 2]), f32([1, 2]), f32([1, 2, 3])], { opset }),
        isError(/input 2 has shape \[3\] but input 0 has shape \[2\]/));
      assert.throws(() => ops.Min([f32([1], []), f32([1])], { opset }), isError(/input 1 has shape \[1\] but input 0 has shape \[\]/));
    }
  });

  test('from version 8, shapes that do not broadcast are refused', () => {
    for (const opset of [8, 12, 13]) {
      assert.throws(() => ops.Min([f32([1, 2, 3, 4, 5, 6], [2, 3]), f32([1, 2, 3, 4])], { opset }),
        isError(/^Min-\d+: shapes \[2,3\], \[4\] cannot be broadcast/));
      assert.throws(() => ops.Min([f32([1, 2], [2, 1]), f32([1, 2, 3], [1, 3]), f32([1, 2, 3, 4], [4])], { opset }),
        isError(/\[2,1\], \[1,3\], \[4\] cannot be broadcast.* input 2/));
      assert.throws(() => ops.Min([f32([], [0]), f32([1, 2], [2])], { opset }), isError(/\[0\], \[2\] cannot be broadcast/));
    }
  });

  test('integer types before version 12 and bfloat16 before 13 are refused', () => {
    for (const type of INTS) {
      const x = new Tensor(type, new INT_TYPES[type].array(2));
      for (const opset of [1, 6, 8, 11]) {
        assert.throws(() => ops.Min([x, x], { opset }), isError(new RegExp(`input 0 has type ${type}, which this version does not accept`)));
      }
    }
    const bf = new Tensor('bfloat16', new Uint16Array(2));
    for (const opset of [1, 6, 8, 12]) assert.throws(() => ops.Min([bf, bf], { opset }), isError(/input 0 has type bfloat16/));
  });

  test('mixed input types are refused', () => {
    assert.throws(() => ops.Min([f32([1]), new Tensor('float64', [1])]), isError(/^Min-13: input 1 has type float64 but input 0 has type float32/));
    assert.throws(() => ops.Min([new Tensor('int64', [1n]), new Tensor('uint64', [1n])]), isError(/input 1 has type uint64/));
  });

  test('no inputs, or inputs that are not an array of Tensors, are refused', () => {
    assert.throws(() => ops.Min([]), isError(/^Min: expects at least one Tensor, got an empty array/));
    assert.throws(() => ops.Min(f32([1])), isError(/^Min: expects an array of Tensors, got Tensor/));
    assert.throws(() => ops.Min(), isError(/^Min: expects an array of Tensors, got undefined/));
    assert.throws(() => ops.Min(null), isError(/^Min: expects an array of Tensors, got null/));
    assert.throws(() => ops.Min([f32([1]), [1]]), isError(/^Min: input 1 must be a Tensor/));
  });

  test('options: opset, consumed_inputs (version 1 only), unknown attributes', () => {
    const x = f32([1, -1]);
    const y = f32([0, 0]);
    assert.deepEqual([...ops.Min([x, y], { opset: 1, consumed_inputs: [0, 0] }).data], [0, -1]);
    assert.deepEqual([...ops.Min([x, y], { opset: 5, consumed_inputs: [1, 0] }).data], [0, -1]);
    assert.throws(() => ops.Min([x, y], { opset: 6, consumed_inputs: [0, 0] }), isError(/^Min-6: attribute 'consumed_inputs' is not defined/));
    assert.throws(() => ops.Min([x, y], { axis: 0 }), isError(/^Min-13: attribute 'axis' is not defined/));
    assert.throws(() => ops.Min([x, y], { opset: 0 }), isError(/^Min: opset must be a positive integer/));
    assert.throws(() => ops.Min([x, y], 13), isError(/^Min: options must be an object/));
  });

  test('the module keeps working after refusals', () => {
    assert.deepEqual([...ops.Min([f32([2, 1]), f32([1, 3])]).data], [1, 1]);
  });
});
