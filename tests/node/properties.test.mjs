// Property-based tests (fast-check): ops.* against the independent references of helpers/reference.mjs
// on random shapes, attributes, data and opsets, for every version of every operator and every type it
// accepts. Seeded, with a fixed number of runs per variant: a failure prints the seed and the path
// that reproduce it (pass them as { seed, path } to fc.assert).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { LATEST_OPSET, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { FLOAT_EDGES, FLOAT_TYPES, INT_TYPES } from '../../tools/values.mjs';
import {
  broadcastShape, inputIndex, poolTolerance, referenceMin, referencePad, referencePool, referenceReduceMean, roundHalfEven,
} from './helpers/reference.mjs';
import { flattenDims, referenceTranspose, reshapeDims, squeezeDims, unsqueezeDims } from './helpers/shape-reference.mjs';
import { bf16Value, castValue, referenceConcat, referenceGather, valueOf } from './helpers/data-movement-reference.mjs';

before(() => ready());

const SEED = 20261122;
const RUNS = 40;
const check = (property) => fc.assert(property, { seed: SEED, numRuns: RUNS });

const FLOATS = ['float64', 'float32', 'float16'];
const FLOATS_BF16 = [...FLOATS, 'bfloat16'];
const INTS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];

// Each version with the opsets that select it: [since, next since - 1] (the last up to LATEST_OPSET).
function versions(list) {
  return list.map(([since, types], i) => ({ since, types, opsets: fc.integer({ min: since, max: (list[i + 1]?.[0] ?? LATEST_OPSET + 1) - 1 }) }));
}

const sizeOf = (dims) => dims.reduce((p, v) => p * v, 1);

// n stored values of a type: floats from the edge values or anywhere (NaN, ±0, ±Inf, subnormals
// included), integers anywhere in the type's range.
// AveragePool's floats stay within ±1e6 (or are edge values): sums summed in another order must not
// overflow on one side only.
function storedValues(type, n, { wide = true } = {}) {
  if (type in FLOAT_TYPES) {
    const { encode } = FLOAT_TYPES[type];
    const anywhere = wide ? fc.double() : fc.double({ min: -1e6, max: 1e6 });
    return fc.array(fc.oneof(fc.constantFrom(...FLOAT_EDGES), anywhere, fc.double({ min: -8, max: 8 })), { minLength: n, maxLength: n })
      .map((values) => FLOAT_TYPES[type].array.from(values, encode));
  }
  const { array, min, max } = INT_TYPES[type];
  const value = typeof min === 'bigint' ? fc.bigInt({ min, max }) : fc.integer({ min, max });
  return fc.array(fc.oneof(value, fc.constantFrom(min, max)), { minLength: n, maxLength: n }).map((values) => array.from(values));
}
const decoder = (type) => (type in FLOAT_TYPES ? FLOAT_TYPES[type].decode : (v) => v);

const dimsArb = (maxRank, maxDim) => fc.array(fc.integer({ min: 0, max: maxDim }), { maxLength: maxRank });

describe('Floor, Ceil, Round: random shapes and values', () => {
  const REFERENCE = { Floor: Math.floor, Ceil: Math.ceil, Round: roundHalfEven };
  const OPERATORS = {
    Floor: versions([[1, FLOATS], [6, FLOATS], [13, FLOATS_BF16]]),
    Ceil: versions([[1, FLOATS], [6, FLOATS], [13, FLOATS_BF16]]),
    Round: versions([[11, FLOATS], [22, FLOATS_BF16]]),
  };
  for (const [op, list] of Object.entries(OPERATORS)) {
    for (const { since, types, opsets } of list) {
      for (const type of types) {
        test(`${op}-${since} ${type}`, () => {
          const { decode, encode } = FLOAT_TYPES[type];
          const call = dimsArb(4, 9).chain((dims) => fc.tuple(fc.constant(dims), storedValues(type, sizeOf(dims)), opsets));
          check(fc.property(call, ([dims, x, opset]) => {
            const y = ops[op](new Tensor(type, x, dims), { opset });
            assert.equal(y.type, type);
            assert.deepEqual([...y.dims], dims);
            for (let i = 0; i < x.length; i++) {
              const v = decode(x[i]);
              const want = decode(encode(REFERENCE[op](v)));
              assert.ok(Number.isNaN(want) ? Number.isNaN(decode(y.data[i])) : Object.is(decode(y.data[i]), want),
                `${op}-${opset} ${type}(${v}) = ${decode(y.data[i])}, want ${want}`);
            }
          }));
        });
      }
    }
  }
});

describe('Min: random inputs, shapes (identical, or broadcasting from version 8) and values', () => {
  const list = versions([[1, FLOATS], [6, FLOATS], [8, FLOATS], [12, [...FLOATS, ...INTS]], [13, [...FLOATS_BF16, ...INTS]]]);
  for (const { since, types, opsets } of list) {
    for (const type of types) {
      test(`Min-${since} ${type}`, () => {
        const decode = decoder(type);
        const float = type in FLOAT_TYPES;
        // An output shape, then per input that shape or (from version 8) a suffix of it with dims set to 1.
        const shapes = dimsArb(4, 5).chain((out) => {
          const input = since < 8 ? fc.constant(out)
            : fc.tuple(fc.integer({ min: 0, max: out.length }), fc.array(fc.boolean(), { minLength: out.length, maxLength: out.length }))
              .map(([drop, ones]) => out.slice(drop).map((d, j) => (ones[j + drop] ? 1 : d)));
          return fc.array(input, { minLength: 1, maxLength: 4 });
        });
        const call = shapes.chain((dims) => fc.tuple(fc.constant(dims), fc.tuple(...dims.map((d) => storedValues(type, sizeOf(d)))), opsets));
        check(fc.property(call, ([dims, datas, opset]) => {
          const y = ops.Min(datas.map((d, k) => new Tensor(type, d, dims[k])), { opset });
          const outDims = broadcastShape(dims);
          assert.equal(y.type, type);
          assert.deepEqual([...y.dims], outDims);
          for (let i = 0; i < sizeOf(outDims); i++) {
            const values = datas.map((d, k) => decode(d[inputIndex(outDims, dims[k], i)]));
            const want = values.reduce((m, v) => referenceMin(m, v, float));
            const got = decode(y.data[i]);
            assert.ok(float && Number.isNaN(want) ? Number.isNaN(got) : Object.is(got, want),
              `Min-${opset} ${type} element ${i}: min(${values.join(', ')}) = ${got}, want ${want}`);
          }
        }));
      });
    }
  }
});

// Add, Sub, Mul, Div and Max of two inputs at the newest version: floats exact, rounded once to the type;
// integers wrap, divide truncating, x / 0 = 0 (BigInt arithmetic).
describe('Add, Sub, Mul, Div, Max: random broadcast shapes and values', () => {
  const exact = { Add: (a, b) => a + b, Sub: (a, b) => a - b, Mul: (a, b) => a * b, Div: (a, b) => (b === 0n ? 0n : a / b) };
  const reference = (op, type, a, b) => {
    if (type in FLOAT_TYPES) {
      if (op === 'Max') return Number.isNaN(a) || Number.isNaN(b) ? NaN : a === 0 && b === 0 ? (Object.is(a, 0) || Object.is(b, 0) ? 0 : -0) : Math.max(a, b);
      const { encode, decode } = FLOAT_TYPES[type];
      return decode(encode({ Add: a + b, Sub: a - b, Mul: a * b, Div: a / b }[op]));
    }
    if (op === 'Max') return a > b ? a : b;
    // the typed array wraps the exact result into the type
    const { array, min } = INT_TYPES[type];
    const v = BigInt.asIntN(64, exact[op](BigInt(a), BigInt(b)));
    return array.from([typeof min === 'bigint' ? v : Number(BigInt.asIntN(32, v))])[0];
  };
  for (const op of ['Add', 'Sub', 'Mul', 'Div', 'Max']) {
    for (const type of ['float32', 'float16', 'float64', 'int8', 'uint16', 'int32', 'uint32', 'int64', 'uint64']) {
      test(`${op} ${type}`, () => {
        const decode = decoder(type);
        const shapes = dimsArb(4, 5).chain((out) => {
          const input = fc.tuple(fc.integer({ min: 0, max: out.length }), fc.array(fc.boolean(), { minLength: out.length, maxLength: out.length }))
            .map(([drop, ones]) => out.slice(drop).map((d, j) => (ones[j + drop] ? 1 : d)));
          return fc.tuple(input, input);
        });
        const call = shapes.chain((dims) => fc.tuple(fc.constant(dims), fc.tuple(...dims.map((d) => storedValues(type, sizeOf(d))))));
        check(fc.property(call, ([dims, datas]) => {
          const y = ops[op](datas.map((d, k) => new Tensor(type, d, dims[k])));
          const outDims = broadcastShape(dims);
          assert.deepEqual([...y.dims], outDims);
          for (let i = 0; i < sizeOf(outDims); i++) {
            const [a, b] = datas.map((d, k) => decode(d[inputIndex(outDims, dims[k], i)]));
            const want = reference(op, type, a, b);
            const got = decode(y.data[i]);
            assert.ok(Object.is(got, want) || (Number.isNaN(got) && Number.isNaN(want)), `${op} ${type} element ${i}: (${a}, ${b}) = ${got}, want ${want}`);
          }
        }));
      });
    }
  }
});

// AveragePool calls of version `since` on `type`: N, C, 1 to 3 spatial axes of up to maxDim; per axis a
// kernel, stride, dilation (19+) and pads of up to maxPad; a padding mode. Returns the number of calls
// whose output has windows with no tap inside the input (the reference's taps 0).
function checkAveragePool(since, type, opsets, { maxDim, maxKernel, maxStride, maxPad }) {
  const { decode } = FLOAT_TYPES[type];
  const small = (min, max) => fc.integer({ min, max });
  const call = fc.tuple(small(1, 2), small(1, 2), fc.array(small(1, maxDim), { minLength: 1, maxLength: 3 })).chain(([n, c, spatial]) => {
    const perAxis = (arb) => fc.array(arb, { minLength: spatial.length, maxLength: spatial.length });
    return fc.record({
      dims: fc.constant([n, c, ...spatial]),
      opset: opsets,
      kernel_shape: perAxis(small(1, maxKernel)),
      strides: fc.option(perAxis(small(1, maxStride)), { nil: undefined }),
      dilations: since >= 19 ? fc.option(perAxis(small(1, 3)), { nil: undefined }) : fc.constant(undefined),
      pads: fc.option(fc.array(small(0, maxPad), { minLength: 2 * spatial.length, maxLength: 2 * spatial.length }), { nil: undefined }),
      auto_pad: fc.constantFrom(undefined, 'NOTSET', 'SAME_UPPER', 'SAME_LOWER', 'VALID'),
      ceil_mode: since >= 10 ? fc.option(small(0, 1), { nil: undefined }) : fc.constant(undefined),
      count_include_pad: since >= 7 ? fc.option(small(0, 1), { nil: undefined }) : fc.constant(undefined),
      x: storedValues(type, n * c * sizeOf(spatial), { wide: false }),
    });
  });
  let withEmptyWindows = 0;
  check(fc.property(call, ({ dims, x, ...attributes }) => {
    const attrs = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined));
    if (attrs.auto_pad && attrs.auto_pad !== 'NOTSET') delete attrs.pads;  // pads are for NOTSET only
    const label = `AveragePool-${attrs.opset} ${type} ${JSON.stringify(attrs)} on [${dims}]`;
    const want = referencePool(Array.from(x, decode), dims, attrs);
    if (!want) {
      assert.throws(() => ops.AveragePool(new Tensor(type, x, dims), attrs),
        (e) => e instanceof OnnxWasmError && /kernel_shape|auto_pad SAME/.test(e.message), `${label}: must be refused`);
      return;
    }
    const y = ops.AveragePool(new Tensor(type, x, dims), attrs);
    assert.equal(y.type, type);
    assert.deepEqual([...y.dims], want.dims, label);
    for (let i = 0; i < want.y.length; i++) {
      const got = decode(y.data[i]);
      const ref = want.y[i];
      const where = `${label}: output ${i} got ${got}, want ${ref}`;
      if (Number.isFinite(ref)) assert.ok(Math.abs(got - ref) <= poolTolerance(type, want, i), where);
      else assert.ok(Object.is(got, ref) || (Number.isNaN(ref) && Number.isNaN(got)), where);
    }
    if (want.taps.includes(0)) withEmptyWindows++;
  }));
  return withEmptyWindows;
}

describe('AveragePool: random shapes, windows, padding modes and values', () => {
  const list = versions([[1, FLOATS], [7, FLOATS], [10, FLOATS], [11, FLOATS], [19, FLOATS], [22, FLOATS_BF16]]);
  for (const { since, types, opsets } of list) {
    for (const type of types) {
      test(`AveragePool-${since} ${type}`, () => {
        checkAveragePool(since, type, opsets, { maxDim: 7, maxKernel: 4, maxStride: 3, maxPad: 3 });
      });
      // Pads past the window's extent: runs of windows wholly in the padding at the start and end of
      // one axis or several, which the operator fills rather than pools.
      test(`AveragePool-${since} ${type}: windows wholly in the padding`, () => {
        const withEmptyWindows = checkAveragePool(since, type, opsets, { maxDim: 4, maxKernel: 3, maxStride: 4, maxPad: 12 });
        assert.ok(withEmptyWindows >= RUNS / 4, `${withEmptyWindows} of ${RUNS} calls had windows with no tap inside the input`);
      });
    }
  }
});

describe('Reshape, Flatten, Squeeze, Unsqueeze, Transpose: random shapes, axes, perms and values', () => {
  const ALL = [...FLOATS_BF16, ...INTS];
  // A shape of up to 5 dims of 0 to 4, its values, and a random permutation of its axes.
  const shaped = (type) => dimsArb(5, 4).chain((dims) => fc.record({
    dims: fc.constant(dims),
    data: storedValues(type, sizeOf(dims)),
    perm: fc.shuffledSubarray([...dims.keys()], { minLength: dims.length, maxLength: dims.length }),
    pick: fc.array(fc.boolean(), { minLength: dims.length, maxLength: dims.length }),
    negative: fc.array(fc.boolean(), { minLength: dims.length + 3, maxLength: dims.length + 3 }),
    inserted: fc.integer({ min: 0, max: 3 }),
  }));
  const same = (y, type, dims, data, label) => {
    assert.equal(y.type, type, label);
    assert.deepEqual([...y.dims], dims, label);
    for (let i = 0; i < data.length; i++) assert.ok(Object.is(y.data[i], data[i]), `${label}: element ${i}`);
  };
  const int64 = (values) => new Tensor('int64', BigInt64Array.from(values, BigInt), [values.length]);
  for (const type of ALL) {
    test(`${type}: Transpose by a random perm, the four shape operators by random axes and shapes`, () => {
      check(fc.property(shaped(type), fc.integer({ min: 14, max: LATEST_OPSET }), ({ dims, data, perm, pick, negative, inserted }, opset) => {
        const x = new Tensor(type, data, dims);
        const label = `${type} [${dims}] opset ${opset}`;
        const t = referenceTranspose(data, dims, perm);
        same(ops.Transpose(x, { perm, opset }), type, t.dims, t.data, `Transpose ${label} perm [${perm}]`);
        // Reshape to the dims reversed: with a 0 among them, under allowzero; else some spelled 0 (a copy,
        // where the index matches) and perhaps one -1.
        const target = [...dims].reverse();
        const allowzero = target.includes(0);
        const shape = allowzero ? target : target.map((d, i) => (pick[i] && dims[i] === d ? 0 : d));
        if (!allowzero && target.length && negative[0]) shape[0] = -1;
        same(ops.Reshape([x, int64(shape)], { opset, allowzero }), type, reshapeDims(dims, shape, allowzero), data, `Reshape ${label} to [${shape}]`);
        const axis = dims.length ? (negative[1] ? -1 : 1) * (inserted % (dims.length + 1)) : 0;
        same(ops.Flatten(x, { axis, opset }), type, flattenDims(dims, axis), data, `Flatten ${label} axis ${axis}`);
        const ones = dims.map((_, i) => i).filter((i) => dims[i] === 1 && pick[i]).map((i) => (negative[i] ? i - dims.length : i));
        same(ops.Squeeze([x, int64(ones)], { opset }), type, squeezeDims(dims, ones), data, `Squeeze ${label} axes [${ones}]`);
        const rank = dims.length + inserted;
        const axes = [...Array(rank).keys()].filter((i) => negative[i + 2] || i < inserted).slice(0, inserted).map((i) => (negative[i] ? i - rank : i));
        same(ops.Unsqueeze([x, int64(axes)], { opset }), type, unsqueezeDims(dims, axes), data, `Unsqueeze ${label} axes [${axes}]`);
      }));
    });
  }
});

describe('Pad: random shapes, pads (negative too), modes, axes and values', () => {
  const ALL = [...FLOATS_BF16, ...INTS];
  const list = versions([[1, FLOATS], [2, FLOATS], [11, [...FLOATS, ...INTS]], [13, ALL], [18, ALL], [19, ALL], [21, ALL], [23, ALL], [24, ALL], [25, ALL]]);
  for (const { since, types, opsets } of list) {
    for (const type of types) {
      test(`Pad-${since} ${type}`, () => {
        const modes = since >= 19 ? ['constant', 'reflect', 'edge', 'wrap'] : ['constant', 'reflect', 'edge'];
        // Per axis: its size, begin and end pads (crops at most what it has), and (from 18) whether the axes input names it.
        const axis = fc.integer({ min: 0, max: 5 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: -n, max: 5 }), fc.integer({ min: -n, max: 5 }), fc.boolean()));
        const call = fc.array(axis, { maxLength: 4 }).chain((axes) => fc.tuple(fc.constant(axes), storedValues(type, sizeOf(axes.map((a) => a[0]))),
          fc.constantFrom(...modes), storedValues(type, 1), opsets, fc.boolean()));
        check(fc.property(call, ([axes, x, mode, constant, opset, negative]) => {
          const dims = axes.map((a) => a[0]);
          const fits = axes.map(([n, b, e]) => n + Math.min(0, b) + Math.min(0, e) >= 0); // crops at most the axis
          const begin = axes.map(([, b], d) => (fits[d] ? b : 0));
          const end = axes.map(([, , e], d) => (fits[d] ? e : 0));
          const kept = dims.map((n, d) => n + Math.min(0, begin[d]) + Math.min(0, end[d]));
          const empty = kept.some((k, d) => k === 0 && (begin[d] > 0 || end[d] > 0));
          const named = since >= 18 ? axes.map((a, d) => (a[3] ? d : -1)).filter((d) => d >= 0) : dims.map((_, d) => d);
          const used = since >= 18 ? named : dims.map((_, d) => d);
          for (let d = 0; d < dims.length; d++) if (!used.includes(d)) begin[d] = end[d] = 0;
          const pads = [...used.map((d) => begin[d]), ...used.map((d) => end[d])];
          // Versions 1 and 2: the value attribute is a float32 (and a JS -0 arrives as the integer 0).
          const attribute = since < 11 ? Math.fround(decoder(type)(constant[0])) + 0 : 0;
          const stored = since < 11 ? FLOAT_TYPES[type].array.of(FLOAT_TYPES[type].encode(attribute))[0] : constant[0];
          const run = () => (since < 11
            ? ops.Pad([new Tensor(type, x, dims)], { opset, mode, [since === 1 ? 'paddings' : 'pads']: pads, value: attribute })
            : ops.Pad([new Tensor(type, x, dims), new Tensor('int64', BigInt64Array.from(pads, BigInt), [pads.length]), new Tensor(type, constant, []),
              ...(since >= 18 ? [new Tensor('int64', BigInt64Array.from(used.map((d) => BigInt(negative ? d - dims.length : d))), [used.length])] : [])], { opset, mode }));
          if (empty && mode !== 'constant' && kept.reduce((p, k, d) => p * (k + Math.max(0, begin[d]) + Math.max(0, end[d])), 1) !== 0) {
            assert.throws(run, (e) => e instanceof OnnxWasmError && /cannot pad axis/.test(e.message));
            return;
          }
          if (empty && mode !== 'constant') return; // an empty output: refused or not, nothing to compare
          const y = run();
          const want = referencePad(x, dims, begin, end, mode, stored);
          assert.deepEqual([...y.dims], want.dims);
          for (let i = 0; i < want.data.length; i++) {
            const g = decoder(type)(y.data[i]);
            const w = decoder(type)(want.data[i]);
            assert.ok(Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w)), `Pad-${opset} ${type} ${mode} [${dims}] pads [${pads}] element ${i}: ${g}, want ${w}`);
          }
        }));
      });
    }
  }
});

describe('ReduceMean and GlobalAveragePool: random shapes, axes and values', () => {
  const REDUCE = ['float64', 'float32', 'float16', 'int32', 'int64', 'uint32', 'uint64'];
  const PRECISION = { float64: [2 ** -53, 2 ** -52], float32: [2 ** -24, 2 ** -23], float16: [2 ** -24, 2 ** -11], bfloat16: [2 ** -24, 2 ** -8] };
  const close = (got, ref, abs, count, type) => {
    if (!Number.isFinite(ref) || !Number.isFinite(abs)) return Object.is(got, ref) || Number.isNaN(got) || !Number.isFinite(got);
    const [acc, round] = PRECISION[type];
    return Math.abs(got - ref) <= round * Math.abs(ref) + (count + 1) * acc * abs / count + 2 ** -140;
  };
  for (const { since, types, opsets } of versions([[1, REDUCE], [11, REDUCE], [13, [...REDUCE, 'bfloat16']], [18, [...REDUCE, 'bfloat16']]])) {
    for (const type of types) {
      test(`ReduceMean-${since} ${type}`, () => {
        const float = type in FLOAT_TYPES;
        const call = dimsArb(4, 6).chain((dims) => fc.tuple(fc.constant(dims), storedValues(type, sizeOf(dims), { wide: false }),
          fc.array(fc.boolean(), { minLength: dims.length, maxLength: dims.length }), fc.boolean(), fc.boolean(), opsets));
        check(fc.property(call, ([dims, x, chosen, keepdims, negative, opset]) => {
          const axes = dims.map((_, d) => d).filter((d) => chosen[d]).map((d) => (negative ? d - dims.length : d));
          const reduced = dims.map((_, d) => axes.length === 0 || chosen[d]);
          const options = { opset, keepdims: keepdims ? 1 : 0, ...(since < 18 && axes.length ? { axes } : {}) };
          const inputs = [new Tensor(type, x, dims), ...(since >= 18 && axes.length ? [new Tensor('int64', BigInt64Array.from(axes, BigInt), [axes.length])] : [])];
          const y = ops.ReduceMean(inputs, options);
          const want = referenceReduceMean(type, Array.from(x, decoder(type)), dims, reduced, keepdims);
          assert.deepEqual([...y.dims], want.dims);
          for (let o = 0; o < want.y.length; o++) {
            const got = decoder(type)(y.data[o]);
            if (float) assert.ok(close(got, want.y[o], want.abs[o], want.counts[o], type), `ReduceMean-${opset} ${type} [${dims}] axes [${axes}] output ${o}: ${got}, want ${want.y[o]}`);
            else assert.equal(BigInt(got), want.y[o]);
          }
        }));
      });
    }
  }
  for (const { since, types, opsets } of versions([[1, FLOATS], [22, FLOATS_BF16]])) {
    for (const type of types) {
      test(`GlobalAveragePool-${since} ${type}`, () => {
        const call = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), dimsArb(3, 9).filter((s) => s.length > 0))
          .chain(([n, c, spatial]) => fc.tuple(fc.constant([n, c, ...spatial]), storedValues(type, n * c * sizeOf(spatial), { wide: false }), opsets));
        check(fc.property(call, ([dims, x, opset]) => {
          const y = ops.GlobalAveragePool(new Tensor(type, x, dims), { opset });
          const want = referencePool(Array.from(x, decoder(type)), dims, { kernel_shape: dims.slice(2) });
          assert.deepEqual([...y.dims], want.dims);
          for (let i = 0; i < want.y.length; i++) {
            const got = decoder(type)(y.data[i]);
            const ref = want.y[i];
            assert.ok(Number.isFinite(ref) ? Math.abs(got - ref) <= poolTolerance(type, want, i) : Object.is(got, ref) || (Number.isNaN(got) && Number.isNaN(ref)),
              `GlobalAveragePool-${opset} ${type} [${dims}] plane ${i}: ${got}, want ${ref}`);
          }
        }));
      });
    }
  }
});

// ---- Constants and data movement (Cast, Gather, Concat, Shape, Identity, Constant)

const ALL_TYPES = [...FLOATS_BF16, ...INTS];
const typesAt = (opset) => (opset >= 13 ? ALL_TYPES : ALL_TYPES.filter((t) => t !== 'bfloat16'));
const TYPE_NUMBER = { float32: 1, uint8: 2, int8: 3, uint16: 4, int16: 5, int32: 6, int64: 7, float16: 10, float64: 11, uint32: 12, uint64: 13, bfloat16: 16 };
const sameElements = (got, want) => got.length === want.length && want.every((w, i) => Object.is(got[i], w) || (Number.isNaN(got[i]) && Number.isNaN(w)));

describe('Cast, Gather, Concat, Shape, Identity, Constant: random shapes, axes, indices and values', () => {
  test('Cast: any pair of types at any opset from 6, any values', () => {
    check(fc.property(fc.integer({ min: 6, max: LATEST_OPSET }), fc.nat(), fc.nat(), dimsArb(3, 5), (opset, a, b, dims) => {
      const types = typesAt(opset);
      const [from, to] = [types[a % types.length], types[b % types.length]];
      fc.pre(sizeOf(dims) <= 64);
      fc.assert(fc.property(storedValues(from, sizeOf(dims)), (data) => {
        const y = ops.Cast(new Tensor(from, data, dims), { opset, to: TYPE_NUMBER[to] });
        const want = Array.from(data, (s) => castValue(valueOf(from, s), from in FLOAT_TYPES, to));
        const halfNaN = (h) => (to === 'float16' ? Number.isNaN(decoder('float16')(h)) : to === 'bfloat16' && Number.isNaN(bf16Value(h)));
        const got = Array.from(y.data, (g, i) => (halfNaN(g) && halfNaN(want[i]) ? want[i] : g));
        assert.ok(sameElements(got, want), `Cast-${opset} ${from} -> ${to} of [${data}]: [${got}], want [${want}]`);
        assert.deepEqual(y.dims, dims);
      }), { seed: SEED, numRuns: 3 });
    }));
  });

  test('Gather: any rank, axis and indices (negative ones too), int32 or int64', () => {
    check(fc.property(fc.constantFrom(1, 11, 13, LATEST_OPSET), fc.nat(), dimsArb(3, 4), dimsArb(2, 3), fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 9 }),
      (opset, t, dataDims, indexDims, axisSeed, wide, seeds) => {
        const dims = dataDims.length === 0 ? [3] : dataDims;
        const axis = (((axisSeed % dims.length) + dims.length) % dims.length) - (axisSeed % 2 ? dims.length : 0);
        const extent = dims[axis < 0 ? axis + dims.length : axis];
        fc.pre(extent > 0 || sizeOf(indexDims) === 0);
        const types = typesAt(opset);
        const type = types[t % types.length];
        const data = FLOAT_TYPES[type] ? FLOAT_TYPES[type].array.from({ length: sizeOf(dims) }, (_, i) => i + 1)
          : INT_TYPES[type].array.from({ length: sizeOf(dims) }, (_, i) => (typeof INT_TYPES[type].min === 'bigint' ? BigInt(i) : i));
        const raw = Array.from({ length: sizeOf(indexDims) }, (_, i) => (((seeds[i % Math.max(seeds.length, 1)] ?? i) % (2 * extent)) + 2 * extent) % (2 * extent) - extent);
        const indices = new Tensor(wide ? 'int64' : 'int32', wide ? raw.map(BigInt) : raw, indexDims);
        const y = ops.Gather([new Tensor(type, data, dims), indices], { opset, axis });
        const want = referenceGather(data, dims, raw, indexDims, axis);
        assert.deepEqual(y.dims, want.outDims);
        assert.ok(sameElements(Array.from(y.data), want.out), `Gather-${opset} axis ${axis} [${raw}]`);
      }));
  });

  test('Concat: 1 to 4 inputs of any rank along any axis (negative too), empty ones among them', () => {
    check(fc.property(fc.constantFrom(4, 11, 13, LATEST_OPSET), fc.nat(), dimsArb(3, 3), fc.integer(), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
      (opset, t, base, axisSeed, extents) => {
        const dims = base.length === 0 ? [2] : base;
        const axis = (((axisSeed % dims.length) + dims.length) % dims.length) - (axisSeed % 2 ? dims.length : 0);
        const a = axis < 0 ? axis + dims.length : axis;
        const types = typesAt(opset);
        const type = types[t % types.length];
        const tensors = extents.map((e, j) => {
          const d = dims.map((x, k) => (k === a ? e : x));
          const { array, min } = FLOAT_TYPES[type] ?? INT_TYPES[type];
          return new Tensor(type, array.from({ length: sizeOf(d) }, (_, i) => (typeof min === 'bigint' ? BigInt(100 * j + i) : 100 * j + i)), d);
        });
        const y = ops.Concat(tensors, { opset, axis });
        const want = referenceConcat(tensors, axis);
        assert.deepEqual(y.dims, want.outDims);
        assert.ok(sameElements(Array.from(y.data), want.out), `Concat-${opset} axis ${axis} of ${extents}`);
      }));
  });

  test('Shape, Identity and Constant: any dims; start and end anywhere', () => {
    check(fc.property(dimsArb(5, 4), fc.option(fc.integer({ min: -8, max: 8 })), fc.option(fc.integer({ min: -8, max: 8 })), (dims, start, end) => {
      const x = new Tensor('int8', new Int8Array(sizeOf(dims)).map((_, i) => i - 50), dims);
      const clamp = (v) => Math.min(Math.max(v < 0 ? v + dims.length : v, 0), dims.length);
      const y = ops.Shape(x, { start: start ?? undefined, end: end ?? undefined });
      assert.deepEqual([...y.data], dims.slice(clamp(start ?? 0), end === null ? dims.length : clamp(end)).map(BigInt));
      assert.deepEqual([...ops.Identity(x).data], [...x.data]);
      const c = ops.Constant({ value: x });
      assert.deepEqual([c.dims, [...c.data]], [dims, [...x.data]]);
    }));
  });
});
