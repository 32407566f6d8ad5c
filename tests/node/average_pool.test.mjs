// AveragePool through the public API: the 19 variants against a naive N-D reference written from the
// spec's formulas, seeded attribute sweeps in 1-D, 2-D and 3-D, SIMD main loops and tails, NaN and Inf,
// and every refusal.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';
import { int, pick, randomPoolShape, randomWindowAttributes } from './helpers/pool-cases.mjs';
import { poolTolerance, referencePool } from './helpers/reference.mjs';

before(() => ready());

const HALF_AND_WIDER = ['float64', 'float32', 'float16'];
// [since version, types]: the 19 AveragePool variants.
const VARIANTS = [
  [1, HALF_AND_WIDER],
  [7, HALF_AND_WIDER],
  [10, HALF_AND_WIDER],
  [11, HALF_AND_WIDER],
  [19, HALF_AND_WIDER],
  [22, [...HALF_AND_WIDER, 'bfloat16']],
];

function checkAgainstReference(type, x, attrs, label) {
  const { decode } = FLOAT_TYPES[type];
  const values = Array.from(x.data, decode);
  const want = referencePool(values, x.dims, attrs);
  if (!want) {
    assert.throws(() => ops.AveragePool(x, attrs), (e) => e instanceof OnnxWasmError && /kernel_shape|auto_pad SAME/.test(e.message),
      `${label}: the output would be empty, so this must be refused`);
    return;
  }
  const y = ops.AveragePool(x, attrs);
  assert.equal(y.type, type, label);
  assert.deepEqual([...y.dims], want.dims, `${label}: output shape`);
  for (let i = 0; i < want.y.length; i++) {
    const got = decode(y.data[i]);
    const ref = want.y[i];
    const where = `${label}: output ${i} (of shape [${want.dims}]) got ${got}, want ${ref}`;
    if (!Number.isFinite(ref)) {
      assert.ok(Object.is(got, ref) || (Number.isNaN(ref) && Number.isNaN(got)), where);
    } else {
      assert.ok(Math.abs(got - ref) <= poolTolerance(type, want, i), where);
    }
  }
}

function randomTensor(type, dims, next, range = 20) {
  const { array, encode } = FLOAT_TYPES[type];
  const n = dims.reduce((p, v) => p * v, 1);
  const data = new array(n);
  for (let i = 0; i < n; i++) data[i] = encode(next() < 0.2 ? Math.round((next() - 0.5) * range) : (next() - 0.5) * range);
  return new Tensor(type, data, dims);
}

// Random attributes a version defines, for `spatial` axes of the given sizes.
function randomAttributes(next, version, sizes) {
  const a = randomWindowAttributes(next, version, sizes, version >= 19 ? 0.6 : 0);
  if (version >= 7 && next() < 0.6) a.count_include_pad = int(next, 0, 1);
  if (version >= 10 && next() < 0.6) a.ceil_mode = int(next, 0, 1);
  return a;
}

for (const [version, types] of VARIANTS) {
  describe(`AveragePool-${version}`, () => {
    for (const type of types) {
      test(`${type}: seeded attribute sweep in 1-D, 2-D and 3-D`, () => {
        const next = rng(version * 100 + types.indexOf(type));
        for (let c = 0; c < 60; c++) {
          const { sizes, dims } = randomPoolShape(next, c);
          const attrs = randomAttributes(next, version, sizes);
          checkAgainstReference(type, randomTensor(type, dims, next), attrs, `case ${c} ${JSON.stringify(attrs)} on [${dims}]`);
        }
      });

      test(`${type}: row widths 1..19 with strides 1, 2, 3 (SIMD main loops and tails)`, () => {
        const next = rng(version + 7);
        for (let w = 1; w <= 19; w++) {
          for (const s of [1, 2, 3]) {
            for (const k of [1, 2, 3]) {
              const attrs = { opset: version, kernel_shape: [2, k], strides: [1, s], pads: [0, k > 1 ? 1 : 0, 1, 0] };
              if (version >= 7) attrs.count_include_pad = w % 2;
              checkAgainstReference(type, randomTensor(type, [1, 2, 3, w], next), attrs, `w=${w} ${JSON.stringify(attrs)}`);
            }
          }
        }
      });

      test(`${type}: NaN and infinities propagate through the windows that hold them`, () => {
        const { encode, array } = FLOAT_TYPES[type];
        const plane = [
          [NaN, 1, 2, 3, 4, 5, 6],
          [1, 2, 3, 4, 5, 6, 7],
          [2, 3, 4, Infinity, -Infinity, 7, 8],
          [3, 4, 5, 6, 7, Infinity, 9],
          [4, 5, 6, 7, 8, 9, -Infinity],
        ].flat();
        const x = new Tensor(type, array.from(plane, encode), [1, 1, 5, 7]);
        checkAgainstReference(type, x, { opset: version, kernel_shape: [2, 2] }, 'k2');
        checkAgainstReference(type, x, { opset: version, kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, 'k3 s2 p1');
        checkAgainstReference(type, x, { opset: version, kernel_shape: [1, 5], auto_pad: 'SAME_LOWER' }, 'k1x5 SAME_LOWER');
      });
    }
  });
}

describe('AveragePool: the fast paths, with every edge', () => {
  // Row kernels for kernel 2 stride 2, kernel 3 stride 2 and kernel 3 stride 1 (lane moves over a few
  // loads), and global windows (one sum over the merged trailing axes): widths with every tail and a few
  // of several blocks, padding on either side up to the kernel (windows wholly in the padding),
  // count_include_pad, ceil_mode, and NaN and infinities in some windows.
  const WINDOWS = [[2, 2], [3, 2], [3, 1]];
  for (const type of ['float64', 'float32', 'float16', 'bfloat16']) {
    test(`${type}: kernels 2s2, 3s2, 3s1 on widths 1..21 and 32..37`, () => {
      const next = rng(4242);
      const { encode } = FLOAT_TYPES[type];
      for (const [k, s] of WINDOWS) {
        for (const w of [...Array.from({ length: 21 }, (_, i) => i + 1), 32, 33, 34, 35, 36, 37]) {
          for (let variant = 0; variant < 8; variant++) {
            const begin = variant & 1 ? int(next, 1, k) : 0;
            const end = variant & 2 ? int(next, 1, k) : 0;
            const attrs = { kernel_shape: [int(next, 1, 3), k], strides: [int(next, 1, 2), s], pads: [int(next, 0, 1), begin, int(next, 0, 1), end],
              count_include_pad: variant >> 2, ceil_mode: int(next, 0, 1) };
            const x = randomTensor(type, [1, 2, int(next, 3, 5), w], next);
            if (w % 4 === 1) x.data[int(next, 0, x.size - 1)] = encode(pick(next, [NaN, Infinity, -Infinity]));
            checkAgainstReference(type, x, attrs, `w=${w} ${JSON.stringify(attrs)}`);
          }
        }
      }
    });

    test(`${type}: global windows over 1, 2 and 3 axes, and whole last axes after pooled ones`, () => {
      const next = rng(77);
      const { encode } = FLOAT_TYPES[type];
      for (const spatial of [[37], [7, 7], [1, 9], [3, 4, 5], [2, 3, 11]]) {
        const x = randomTensor(type, [2, 3, ...spatial], next);
        checkAgainstReference(type, x, { kernel_shape: spatial }, `global on [${spatial}]`);
        checkAgainstReference(type, x, { kernel_shape: spatial, strides: spatial.map(() => 3) }, `global, strides 3, on [${spatial}]`);
        for (const count_include_pad of [0, 1]) { // one window, over the whole input and into the padding
          checkAgainstReference(type, x, { kernel_shape: spatial.map((n) => n + 2), pads: [...spatial, ...spatial].map(() => 1), count_include_pad },
            `global into the padding, count_include_pad ${count_include_pad}, on [${spatial}]`);
        }
        x.data[int(next, 0, x.size - 1)] = encode(pick(next, [NaN, Infinity, -Infinity]));
        checkAgainstReference(type, x, { kernel_shape: spatial }, `global with a NaN or Inf on [${spatial}]`);
        if (spatial.length > 1) {
          const partial = [2, ...spatial.slice(1)];
          checkAgainstReference(type, x, { kernel_shape: partial, pads: [1, ...spatial.slice(1).map(() => 0), 0, ...spatial.slice(1).map(() => 0)] },
            `whole trailing axes with a pooled first axis on [${spatial}]`);
          checkAgainstReference(type, x, { kernel_shape: spatial, pads: [0, ...spatial.slice(1).map(() => 0), 0, 1, ...spatial.slice(2).map(() => 0)], count_include_pad: 1 },
            `padded second axis is not global on [${spatial}]`);
        }
      }
    });
  }
});

describe('AveragePool: larger inputs', () => {
  for (const type of ['float64', 'float32', 'float16', 'bfloat16']) {
    test(`${type}: 2-D and 3-D networks' shapes`, () => {
      const next = rng(99);
      checkAgainstReference(type, randomTensor(type, [2, 3, 17, 33], next), { kernel_shape: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] }, 'k3 s2 p1');
      checkAgainstReference(type, randomTensor(type, [1, 4, 14, 14], next),
        { kernel_shape: [3, 3], pads: [1, 1, 1, 1], count_include_pad: 1 }, 'k3 p1 count_include_pad');
      checkAgainstReference(type, randomTensor(type, [1, 2, 9, 10, 11], next), { kernel_shape: [2, 2, 2], strides: [2, 2, 2] }, '3-D k2 s2');
      checkAgainstReference(type, randomTensor(type, [1, 5, 7, 7], next), { kernel_shape: [7, 7] }, 'global k7');
      checkAgainstReference(type, randomTensor(type, [1, 1, 3, 4, 3, 5], next), { kernel_shape: [2, 3, 2, 2], ceil_mode: 1, strides: [2, 2, 2, 2] }, '4-D');
    });
  }

  test('options take booleans for the flags; ops default to the newest version', () => {
    const x = new Tensor('float32', [1, 2, 3, 4, 5], [1, 1, 5]);
    assert.deepEqual([...ops.AveragePool(x, { kernel_shape: [2], strides: [2], ceil_mode: true }).data], [1.5, 3.5, 5]);
    assert.deepEqual([...ops.AveragePool(x, { kernel_shape: [3], pads: [1, 1], count_include_pad: true }).data], [1, 2, 3, 4, 3]);
    assert.deepEqual([...ops.AveragePool(new Tensor('bfloat16', new Uint16Array([0x3f80, 0x4000]), [1, 1, 2]), { kernel_shape: [2] }).data], [0x3fc0]);
  });
});

describe('AveragePool: refusals name the attribute', () => {
  const x = new Tensor('float32', new Float32Array(25), [1, 1, 5, 5]);
  const refused = (options, pattern, input = x) => assert.throws(() => ops.AveragePool(input, options),
    (e) => e instanceof OnnxWasmError && e.code === 'INVALID_ARGUMENT' && pattern.test(e.message) && /^AveragePool-\d+: /.test(e.message),
    `expected a refusal matching ${pattern}`);

  test('kernel_shape: missing, empty, non-positive, wrong rank', () => {
    refused({}, /attribute 'kernel_shape' is required/);
    refused(undefined, /attribute 'kernel_shape' is required/);
    refused({ kernel_shape: [] }, /'kernel_shape' is empty/);
    refused({ kernel_shape: [2, 0] }, /'kernel_shape' must be positive/);
    refused({ kernel_shape: [-1, 2] }, /'kernel_shape' must be positive/);
    refused({ kernel_shape: [2] }, /'kernel_shape' has 1 values but input X of shape \[1,1,5,5\] has 2 spatial axes/);
    refused({ kernel_shape: [2, 2, 2] }, /'kernel_shape' has 3 values/);
  });

  test('strides, pads, dilations: wrong length and out-of-range values', () => {
    refused({ kernel_shape: [2, 2], strides: [1] }, /'strides' has 1 values but needs 2/);
    refused({ kernel_shape: [2, 2], strides: [1, 0] }, /'strides' must be positive/);
    refused({ kernel_shape: [2, 2], pads: [1, 1] }, /'pads' has 2 values but needs 4/);
    refused({ kernel_shape: [2, 2], pads: [0, 0, 0, -1] }, /'pads' must be non-negative/);
    refused({ kernel_shape: [2, 2], dilations: [1, 1, 1] }, /'dilations' has 3 values but needs 2/);
    refused({ kernel_shape: [2, 2], dilations: [0, 1] }, /'dilations' must be positive/);
    refused({ kernel_shape: [2, 2], strides: [1, 2 ** 40] }, /'strides' has a value too large/);
  });

  test('auto_pad: unknown, or together with pads', () => {
    refused({ kernel_shape: [2, 2], auto_pad: 'SAME' }, /'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, got 'SAME'/);
    for (const mode of ['SAME_UPPER', 'SAME_LOWER', 'VALID']) {
      refused({ kernel_shape: [2, 2], auto_pad: mode, pads: [0, 0, 0, 0] }, new RegExp(`'pads' cannot be used with auto_pad '${mode}'`));
    }
  });

  test('flags must be 0 or 1', () => {
    refused({ kernel_shape: [2, 2], ceil_mode: 2 }, /'ceil_mode' must be 0 or 1/);
    refused({ kernel_shape: [2, 2], count_include_pad: -1 }, /'count_include_pad' must be 0 or 1/);
  });

  test('input rank below 3, and an output dimension below 1', () => {
    refused({ kernel_shape: [2] }, /input X must have rank 3 or more/, new Tensor('float32', [1, 2, 3], [1, 3]));
    refused({ kernel_shape: [6, 2] }, /kernel_shape\[0\] = 6 does not fit in spatial axis 0 of size 5/);
    refused({ kernel_shape: [2, 8], pads: [0, 1, 0, 1] }, /kernel_shape\[1\] = 8 does not fit in spatial axis 1 of size 5 plus pads 1 \+ 1/);
    refused({ kernel_shape: [3, 2], dilations: [3, 1] }, /kernel_shape\[0\] = 3 with dilations\[0\] = 3 \(extent 7\) does not fit/);
    refused({ kernel_shape: [2, 6], auto_pad: 'VALID' }, /kernel_shape\[1\] = 6 does not fit/);
    refused({ kernel_shape: [2, 2], auto_pad: 'SAME_UPPER' }, /size 0 on spatial axis 0, so auto_pad SAME/, new Tensor('float32', [], [1, 1, 0, 5]));
  });

  test('attributes and types a version does not define', () => {
    refused({ opset: 6, kernel_shape: [2, 2], count_include_pad: 1 }, /AveragePool-1: attribute 'count_include_pad' is not defined by this version \(defined by version 7\)/);
    refused({ opset: 9, kernel_shape: [2, 2], ceil_mode: 1 }, /AveragePool-7: attribute 'ceil_mode' is not defined by this version \(defined by version 10\)/);
    refused({ opset: 18, kernel_shape: [2, 2], dilations: [1, 1] }, /AveragePool-11: attribute 'dilations' is not defined by this version \(defined by version 19\)/);
    refused({ kernel_shape: [2, 2], storage_order: 0 }, /AveragePool-22: attribute 'storage_order' is not defined/);
    const bf = new Tensor('bfloat16', new Uint16Array(4), [1, 1, 2, 2]);
    refused({ opset: 21, kernel_shape: [2, 2] }, /AveragePool-19: input 0 has type bfloat16/, bf);
    refused({ kernel_shape: [2, 2] }, /AveragePool-22: input 0 has type int32/, new Tensor('int32', [1, 2, 3, 4], [1, 1, 2, 2]));
  });
});
