// BatchNormalization and LayerNormalization through the public API: every version and type (with
// BatchNormalization-15's parameters of other types), channel layouts and normalized axes of many
// lengths, broadcast Scale and B, edge values (NaN, ±inf, ±0, subnormals) and empty tensors, against
// the float64 references of helpers/reference.mjs; through ops.* and one-node sessions (LayerNormalization's
// Mean and InvStdDev there). ONNX's backend cases of both pass.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { referenceBatchNorm, referenceGroupNorm, referenceLayerNorm, referenceLpNorm } from './helpers/reference.mjs';
import { runNode } from './helpers/node-runs.mjs';
import { ulpDistance } from './helpers/math-reference.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';
import { FLOAT_TYPES, rng } from '../../tools/values.mjs';

before(() => ready());

const FLOAT = ['float64', 'float32', 'float16'];
const ALL_FLOAT = [...FLOAT, 'bfloat16'];
const BATCH_NORM_VERSIONS = [1, 6, 7, 9, 14, 15];
const sizeOf = (dims) => dims.reduce((a, b) => a * b, 1);
const EPS = { float64: 2 ** -53, float32: 2 ** -24, float16: 2 ** -24, bfloat16: 2 ** -24 }; // halves compute in float32
const SUBNORMAL = { float64: 5e-324, float32: 1e-45, float16: 6e-8, bfloat16: 1e-40 };
const isError = (pattern) => (e) => e instanceof OnnxWasmError && pattern.test(e.message);

// n stored values of `type`: random in ±range, with a share of `edges` (already chosen for the type).
function values(type, n, seed, { range = 20, edges = [], share = 0.15 } = {}) {
  const next = rng(seed);
  const { array, encode } = FLOAT_TYPES[type];
  return array.from({ length: n }, () => encode(edges.length && next() < share ? edges[Math.floor(next() * edges.length)] : (next() - 0.5) * range));
}
const decoded = (t) => Array.from(t.data, FLOAT_TYPES[t.type].decode);
const edgesOf = (type) => [NaN, Infinity, -Infinity, 0, -0, SUBNORMAL[type], -SUBNORMAL[type]];

// Within `units` roundings of the computing type relative to `magnitude` (the sum of the terms' sizes);
// float16 and bfloat16 also within one rounding of the result, or one ulp of the rounded reference.
function close(type, got, want, magnitude, units) {
  if (Number.isNaN(want) || Number.isNaN(got)) return Number.isNaN(want) && Number.isNaN(got);
  if (Object.is(got, want) || got === want) return true;
  if (!Number.isFinite(want)) return false;
  const half = type === 'float16' || type === 'bfloat16';
  if (half && ulpDistance(type, got, FLOAT_TYPES[type].decode(FLOAT_TYPES[type].encode(want))) <= 1) return true;
  const bound = EPS[type] * units * magnitude + SUBNORMAL[type === 'float64' ? 'float64' : 'float32'];
  return Math.abs(got - want) <= bound + (half ? Math.abs(want) * 2 ** (type === 'float16' ? -10 : -7) : 0);
}

describe('BatchNormalization', () => {
  // The parameters of channel count c, each of its own type: var non-negative, some 0; edge values in
  // scale and mean.
  function params(types, c, seed) {
    const [scaleType, meanType] = types;
    return {
      scale: new Tensor(scaleType, values(scaleType, c, seed, { range: 4, edges: [0, -0, SUBNORMAL[scaleType]] }), [c]),
      bias: new Tensor(scaleType, values(scaleType, c, seed + 1, { range: 4, edges: [0, -0] }), [c]),
      mean: new Tensor(meanType, values(meanType, c, seed + 2, { range: 10, edges: [-0, SUBNORMAL[meanType]] }), [c]),
      variance: new Tensor(meanType, values(meanType, c, seed + 3, { range: 8, edges: [0] }).map((v) => FLOAT_TYPES[meanType].encode(Math.abs(FLOAT_TYPES[meanType].decode(v)))), [c]),
    };
  }

  async function check(version, type, dims, p, { epsilon = 1e-5, session = false, spatial } = {}) {
    const x = new Tensor(type, values(type, sizeOf(dims), sizeOf(dims) + version, { edges: edgesOf(type) }), dims);
    const attributes = { epsilon, ...(spatial === undefined ? {} : { spatial }) };
    const inputs = [x, p.scale, p.bias, p.mean, p.variance];
    const y = session
      ? (await runNode('BatchNormalization', version, attributes, inputs.map((tensor, i) => ({ name: `i${i}`, tensor, initializer: i > 0 })))).y
      : ops.BatchNormalization(inputs, { opset: version, ...attributes });
    assert.equal(y.type, type);
    assert.deepEqual([...y.dims], dims);
    const [scale, bias, mean, variance] = [p.scale, p.bias, p.mean, p.variance].map(decoded);
    const eps = Math.fround(epsilon);
    const want = referenceBatchNorm(decoded(x), dims, { scale, bias, mean, variance }, eps, spatial === 0);
    const magnitude = referenceBatchNorm(decoded(x).map(Math.abs), dims, { scale: scale.map(Math.abs), bias: bias.map(Math.abs), mean: mean.map((m) => -Math.abs(m)), variance }, eps, spatial === 0);
    const got = decoded(y);
    for (let i = 0; i < want.length; i++) {
      if (!close(type, got[i], want[i], magnitude[i] + Math.abs(want[i]), 8))
        assert.fail(`BatchNormalization-${version} ${type} [${dims}]${session ? ' (session)' : ''}: element ${i} is ${got[i]}, want ${want[i]}`);
    }
  }

  for (const version of BATCH_NORM_VERSIONS) {
    for (const type of version >= 14 ? ALL_FLOAT : FLOAT) {
      test(`${version} ${type}: channels along axis 1 of ranks 1 to 5, ops.* and a session`, async () => {
        for (const [dims, seed] of [[[2, 3, 4, 5], 1], [[3, 5], 2], [[7], 3], [[2, 3, 1, 1], 4], [[1, 6, 9], 5], [[2, 40, 3], 6], [[1, 2, 3, 2, 3], 7], [[2, 17, 600], 8]]) {
          const c = dims.length === 1 ? 1 : dims[1];
          await check(version, type, dims, params([type, type], c, seed));
        }
        await check(version, type, [2, 4, 3, 3], params([type, type], 4, 9), { session: true, epsilon: 0.25 });
      });
    }
  }

  test('14 and 15: mean and var (14), scale and B (15) of other types than X', async () => {
    for (const [x, scale, mean] of [['float32', 'float32', 'float64'], ['float16', 'float16', 'float32'], ['bfloat16', 'bfloat16', 'float16']]) {
      await check(14, x, [2, 3, 5], params([scale, mean], 3, 11));
      await check(14, x, [2, 3, 5], params([scale, mean], 3, 11), { session: true });
    }
    for (const [x, scale, mean] of [['float32', 'float16', 'float64'], ['float16', 'float32', 'float32'], ['float64', 'bfloat16', 'float16'], ['bfloat16', 'float64', 'float32']]) {
      await check(15, x, [2, 3, 5], params([scale, mean], 3, 12));
      await check(15, x, [2, 3, 5], params([scale, mean], 3, 12), { session: true });
    }
    const x = new Tensor('float32', new Float32Array(6), [2, 3]);
    const [scale, bias, mean, variance] = Object.values(params(['float64', 'float64'], 3, 1));
    assert.throws(() => ops.BatchNormalization([x, scale, bias, mean, variance], { opset: 14 }), isError(/^BatchNormalization-14: input 1 \('scale'\) has type float64 but input 0 has type float32/));
  });

  test('7: spatial 0 takes one parameter per element of a sample', async () => {
    const p = params(['float32', 'float32'], 12, 13);
    for (const key of Object.keys(p)) p[key] = new Tensor('float32', p[key].data, [3, 4]);
    await check(7, 'float32', [2, 3, 4], p, { spatial: 0 });
    await check(6, 'float64', [2, 3, 4], Object.fromEntries(Object.entries(params(['float64', 'float64'], 12, 14)).map(([k, t]) => [k, new Tensor('float64', t.data, [3, 4])])), { spatial: 0 });
  });

  test('an empty X gives an empty Y', () => {
    const p = Object.values(params(['float32', 'float32'], 3, 1));
    const y = ops.BatchNormalization([new Tensor('float32', new Float32Array(0), [0, 3, 2]), ...p]);
    assert.deepEqual([...y.dims], [0, 3, 2]);
  });

  test('14 and 15 training_mode 1: the batch statistics normalize, the running ones are output', async () => {
    for (const [version, type, meanType] of [[14, 'float32', 'float32'], [15, 'float64', 'float64'], [15, 'float16', 'float32'], [14, 'bfloat16', 'float64']]) {
      const dims = [3, 4, 2, 5];
      const x = new Tensor(type, values(type, sizeOf(dims), 21), dims);
      const p = params([type, meanType], 4, 22);
      const inputs = [x, p.scale, p.bias, p.mean, p.variance].map((tensor, i) => ({ name: `i${i}`, tensor }));
      const { y, rm, rv } = await runNode('BatchNormalization', version, { training_mode: 1, momentum: 0.75, epsilon: 0.01 }, inputs, [{ name: 'y', type }, { name: 'rm', type: meanType }, { name: 'rv', type: meanType }]);
      const xs = decoded(x);
      const inner = 10;
      const batch = (c, f) => Array.from({ length: 3 * inner }, (_, k) => f(xs[(Math.floor(k / inner) * 4 + c) * inner + (k % inner)]));
      const mean = [0, 1, 2, 3].map((c) => batch(c, (v) => v).reduce((a, b) => a + b) / (3 * inner));
      const variance = [0, 1, 2, 3].map((c) => batch(c, (v) => (v - mean[c]) ** 2).reduce((a, b) => a + b) / (3 * inner));
      const [scale, bias, inputMean, inputVariance] = [p.scale, p.bias, p.mean, p.variance].map(decoded);
      const want = referenceBatchNorm(xs, dims, { scale, bias, mean, variance }, Math.fround(0.01));
      const got = decoded(y);
      const units = 3 * inner + 16; // the sums' roundings
      for (let i = 0; i < want.length; i++) {
        const magnitude = (Math.abs(xs[i]) + 20) * Math.max(...scale.map(Math.abs)) / Math.sqrt(variance[Math.floor(i / inner) % 4] + 0.01) + Math.abs(bias[Math.floor(i / inner) % 4]);
        if (!close(type, got[i], want[i], magnitude, units)) assert.fail(`BatchNormalization-${version} ${type} training: element ${i} is ${got[i]}, want ${want[i]}`);
      }
      const momentum = Math.fround(0.75);
      for (const [t, input, current] of [[rm, inputMean, mean], [rv, inputVariance, variance]]) {
        assert.equal(t.type, meanType);
        assert.deepEqual([...t.dims], [4]);
        const values = decoded(t);
        for (let c = 0; c < 4; c++) {
          const wanted = input[c] * momentum + current[c] * (1 - momentum);
          if (!close(meanType.endsWith('16') || type === 'float64' ? meanType : 'float32', values[c], wanted, Math.abs(input[c]) + 100 + Math.abs(current[c]) * units, 4)) assert.fail(`BatchNormalization-${version} ${type} running ${c}: ${values[c]}, want ${wanted}`);
        }
      }
    }
  });

  test('training outputs without training_mode 1 and wrong parameter shapes are refused, naming them', async () => {
    const x = new Tensor('float32', new Float32Array(12), [2, 3, 2]);
    const p = Object.values(params(['float32', 'float32'], 3, 1));
    assert.throws(() => ops.BatchNormalization([x, ...p], { training_mode: 2 }), isError(/^BatchNormalization-15: attribute 'training_mode' must be 0 or 1, got 2$/));
    for (const version of [9, 15]) {
      await assert.rejects(
        runNode('BatchNormalization', version, {}, [x, ...p].map((tensor, i) => ({ name: `i${i}`, tensor })), [{ name: 'y', type: 'float32' }, { name: 'm', type: 'float32' }]),
        isError(/outputs after 'Y' are given only in training, with training_mode 1/),
      );
    }
    const wrong = new Tensor('float32', new Float32Array(4), [4]);
    assert.throws(() => ops.BatchNormalization([x, p[0], p[1], wrong, p[3]]), isError(/^BatchNormalization-15: input 'mean' has shape \[4\], want \[3\] \(X's channels\)$/));
    assert.throws(() => ops.BatchNormalization([new Tensor('float32', [1], []), ...p]), isError(/input 'X' must have rank 1 or more/));
  });
});

describe('LayerNormalization', () => {
  // Runs X of `dims` along `axis` with Scale (and B, unless null) of their dims, through ops.* or a
  // session (which also fetches Mean and InvStdDev), and checks against the reference.
  async function check(type, dims, axis, scaleDims, biasDims, { epsilon = 1e-5, session = false, seed = 1 } = {}) {
    const x = new Tensor(type, values(type, sizeOf(dims), seed, { edges: edgesOf(type), share: 0.03 }), dims);
    const scale = new Tensor(type, values(type, sizeOf(scaleDims), seed + 1, { range: 4, edges: [0, -0] }), scaleDims);
    const bias = biasDims && new Tensor(type, values(type, sizeOf(biasDims), seed + 2, { range: 4, edges: [-0] }), biasDims);
    const attributes = { epsilon, ...(axis === undefined ? {} : { axis }) };
    let y, mean, invStdDev;
    if (session) {
      const inputs = [{ name: 'x', tensor: x }, { name: 's', tensor: scale, initializer: true }, bias ? { name: 'b', tensor: bias } : null];
      ({ y, mean, invStdDev } = await runNode('LayerNormalization', 17, attributes, inputs, [{ name: 'y', type }, { name: 'mean', type: 'float32' }, { name: 'invStdDev', type: 'float32' }]));
    } else {
      y = ops.LayerNormalization(bias ? [x, scale, bias] : [x, scale], { opset: 17, ...attributes });
    }
    assert.equal(y.type, type);
    assert.deepEqual([...y.dims], dims);
    const a = axis ?? -1;
    const xs = decoded(x);
    const want = referenceLayerNorm(xs, dims, a, { scale: decoded(scale), scaleDims, bias: bias && decoded(bias), biasDims }, Math.fround(epsilon));
    const r = a < 0 ? a + dims.length : a;
    const d = sizeOf(dims.slice(r));
    const units = d / 4 + 8; // the sums' roundings, four lanes
    const label = `LayerNormalization ${type} [${dims}] axis ${axis} scale [${scaleDims}] bias [${biasDims}]${session ? ' (session)' : ''}`;
    const got = decoded(y);
    for (let i = 0; i < want.y.length; i++) {
      const row = Math.floor(i / d);
      const largest = Math.max(...xs.slice(row * d, row * d + d).map(Math.abs));
      const magnitude = (Math.abs(xs[i] - want.mean[row]) + largest) * want.invStdDev[row] * Math.abs(decoded(scale)[0] === undefined ? 1 : Math.max(...decoded(scale).map(Math.abs))) + 2 * Math.abs(want.y[i]) + (bias ? Math.max(...decoded(bias).map(Math.abs)) : 0);
      if (!close(type, got[i], want.y[i], magnitude, units)) assert.fail(`${label}: element ${i} is ${got[i]}, want ${want.y[i]}`);
    }
    if (!session) return;
    const statsDims = dims.map((n, k) => (k < r ? n : 1));
    for (const [name, t, ref] of [['Mean', mean, want.mean], ['InvStdDev', invStdDev, want.invStdDev]]) {
      assert.equal(t.type, 'float32');
      assert.deepEqual([...t.dims], statsDims);
      for (let k = 0; k < ref.length; k++) {
        const largest = Math.max(...xs.slice(k * d, k * d + d).map(Math.abs));
        const magnitude = name === 'Mean' ? largest : want.invStdDev[k] * (1 + (largest * want.invStdDev[k]) ** 2);
        if (!close(type === 'float64' ? 'float32' : type, t.data[k], ref[k], magnitude, units)) assert.fail(`${label}: ${name} ${k} is ${t.data[k]}, want ${ref[k]}`);
      }
    }
  }

  for (const type of ALL_FLOAT) {
    test(`17 ${type}: every axis, rows of 1 to 40 and 1000, Scale and B broadcast, ops.* and a session`, async () => {
      const dims = [3, 4, 5];
      for (let axis = -3; axis < 3; axis++) {
        const normalized = dims.slice(axis < 0 ? axis + 3 : axis);
        for (const session of [false, true]) await check(type, dims, axis, normalized, normalized, { session, seed: axis + 10 });
      }
      await check(type, dims, undefined, [5], null, { session: true, epsilon: 0.5 });
      for (let d = 1; d <= 40; d++) await check(type, [2, d], -1, [d], [d], { seed: d });
      await check(type, [3, 1000], 1, [1000], [1000], { seed: 3 });
      // broadcast: within the normalized dims, from X's whole shape, a scalar, B of fewer dims
      await check(type, dims, 1, [1, 5], [4, 1], { seed: 4 });
      await check(type, dims, 1, [3, 4, 5], [1, 1, 5], { seed: 5, session: true });
      await check(type, dims, 2, [4, 1], [], { seed: 6 });
      await check(type, dims, -1, [1], [3, 1, 5], { seed: 7, session: true });
    });
  }

  test('empty tensors: no rows, and rows of no elements (a NaN mean)', async () => {
    const y = ops.LayerNormalization([new Tensor('float32', new Float32Array(0), [0, 4]), new Tensor('float32', new Float32Array(4), [4])]);
    assert.deepEqual([...y.dims], [0, 4]);
    const x = new Tensor('float32', new Float32Array(0), [2, 0]);
    const { y: z, mean } = await runNode('LayerNormalization', 17, {}, [{ name: 'x', tensor: x }, { name: 's', tensor: new Tensor('float32', new Float32Array(0), [0]) }], [{ name: 'y', type: 'float32' }, { name: 'mean', type: 'float32' }]);
    assert.deepEqual([...z.dims], [2, 0]);
    assert.deepEqual([...mean.dims], [2, 1]);
    assert.ok(mean.data.every(Number.isNaN));
  });

  test('refusals name the attribute or input', () => {
    const x = new Tensor('float32', new Float32Array(6), [2, 3]);
    const s = new Tensor('float32', new Float32Array(3), [3]);
    assert.throws(() => ops.LayerNormalization([x, s], { axis: 2 }), isError(/^LayerNormalization-17: attribute 'axis' is 2, out of range for input 'X' of shape \[2,3\] \(valid: -2 to 1\)$/));
    assert.throws(() => ops.LayerNormalization([x, s], { stash_type: 16 }), isError(/^LayerNormalization-17: attribute 'stash_type' is 16: only 1 \(float32\) is supported$/));
    assert.throws(() => ops.LayerNormalization([x, new Tensor('float32', new Float32Array(2), [2])]), isError(/^LayerNormalization-17: input 'Scale' of shape \[2\] does not broadcast to input 'X' of shape \[2,3\]$/));
    assert.throws(() => ops.LayerNormalization([x, s, new Tensor('float32', new Float32Array(6), [1, 2, 3])]), isError(/input 'B' of shape \[1,2,3\] does not broadcast/));
    assert.throws(() => ops.LayerNormalization([x, s], { opset: 16 }), OnnxWasmError);
  });
});

describe('InstanceNormalization and GroupNormalization', () => {
  // X of `dims` in `groups` groups (InstanceNormalization: a group per channel), scale and bias per
  // channel or (GroupNormalization-18) per group.
  async function check(op, version, type, dims, groups, { epsilon = 1e-5, session = false, seed = 1 } = {}) {
    const c = dims[1];
    const perGroup = op === 'GroupNormalization' && version < 21;
    const count = perGroup ? groups : c;
    const x = new Tensor(type, values(type, sizeOf(dims), seed, { edges: edgesOf(type), share: 0.02 }), dims);
    const scale = new Tensor(type, values(type, count, seed + 1, { range: 4, edges: [0, -0] }), [count]);
    const bias = new Tensor(type, values(type, count, seed + 2, { range: 4, edges: [-0] }), [count]);
    const attributes = { epsilon, ...(op === 'GroupNormalization' ? { num_groups: groups } : {}) };
    const inputs = [x, scale, bias];
    const y = session
      ? (await runNode(op, version, attributes, inputs.map((tensor, i) => ({ name: `i${i}`, tensor, initializer: i > 0 })))).y
      : ops[op](inputs, { opset: version, ...attributes });
    assert.equal(y.type, type);
    assert.deepEqual([...y.dims], dims);
    const perChannel = (t) => Array.from({ length: c }, (_, k) => decoded(t)[perGroup ? Math.floor(k / (c / groups)) : k]);
    const [scales, biases] = [perChannel(scale), perChannel(bias)];
    const xs = decoded(x);
    const want = referenceGroupNorm(xs, dims, groups, scales, biases, Math.fround(epsilon));
    const block = (c / groups) * sizeOf(dims.slice(2));
    const units = block / 4 + 8; // the sums' roundings, four lanes
    const got = decoded(y);
    const largestScale = Math.max(0, ...scales.map(Math.abs)), largestBias = Math.max(0, ...biases.map(Math.abs));
    for (let i = 0; i < want.length; i++) {
      const g = Math.floor(i / block);
      const part = xs.slice(g * block, g * block + block);
      const mean = part.reduce((a, b) => a + b, 0) / block;
      const std = Math.sqrt(part.reduce((a, b) => a + (b - mean) ** 2, 0) / block + Math.fround(epsilon));
      const largest = Math.max(...part.map(Math.abs));
      const magnitude = ((Math.abs(xs[i] - mean) + largest) * largestScale) / std + largestBias + 2 * Math.abs(want[i]);
      if (!close(type, got[i], want[i], magnitude, units)) assert.fail(`${op}-${version} ${type} [${dims}] groups ${groups}${session ? ' (session)' : ''}: element ${i} is ${got[i]}, want ${want[i]}`);
    }
  }

  for (const [version, types] of [[1, FLOAT], [6, FLOAT], [22, ALL_FLOAT]]) {
    for (const type of types) {
      test(`InstanceNormalization-${version} ${type}: planes of 1 to 600 elements, ranks 2 to 5`, async () => {
        for (const [dims, seed] of [[[2, 3, 4, 5], 1], [[1, 5, 7], 2], [[2, 3], 3], [[1, 2, 600], 4], [[2, 2, 1, 3, 3], 5], [[3, 17, 1], 6]]) await check('InstanceNormalization', version, type, dims, dims[1], { seed });
        await check('InstanceNormalization', version, type, [2, 4, 3, 3], 4, { session: true, epsilon: 0.25 });
      });
    }
  }

  for (const version of [18, 21]) {
    for (const type of ALL_FLOAT) {
      test(`GroupNormalization-${version} ${type}: 1 to C groups, scale and bias per ${version < 21 ? 'group' : 'channel'}`, async () => {
        for (const groups of [1, 2, 3, 6]) await check('GroupNormalization', version, type, [2, 6, 5, 3], groups, { seed: groups });
        await check('GroupNormalization', version, type, [3, 4, 50], 2, { seed: 9 });
        await check('GroupNormalization', version, type, [2, 4, 3, 3], 2, { session: true, epsilon: 0.5 });
      });
    }
  }

  test('empty tensors; refusals name the attribute or input', () => {
    const empty = ops.InstanceNormalization([new Tensor('float32', new Float32Array(0), [0, 3, 2]), new Tensor('float32', new Float32Array(3), [3]), new Tensor('float32', new Float32Array(3), [3])]);
    assert.deepEqual([...empty.dims], [0, 3, 2]);
    const x = new Tensor('float32', new Float32Array(12), [1, 6, 2]);
    const six = new Tensor('float32', new Float32Array(6), [6]);
    const two = new Tensor('float32', new Float32Array(2), [2]);
    assert.throws(() => ops.GroupNormalization([x, six, six], { num_groups: 4 }), isError(/^GroupNormalization-21: attribute 'num_groups' is 4, which does not divide the 6 channels of input 'X'$/));
    assert.throws(() => ops.GroupNormalization([x, two, two], { num_groups: 2 }), isError(/^GroupNormalization-21: input 'scale' has shape \[2\], want \[6\] \(X's channels\)$/));
    assert.throws(() => ops.GroupNormalization([x, six, six], { opset: 18, num_groups: 2 }), isError(/^GroupNormalization-18: input 'scale' has shape \[6\], want \[2\] \(num_groups\)$/));
    assert.throws(() => ops.GroupNormalization([x, six, six], {}), isError(/num_groups/));
    assert.throws(() => ops.GroupNormalization([x, six, six], { num_groups: 2, stash_type: 11 }), isError(/attribute 'stash_type' is 11/));
    assert.throws(() => ops.InstanceNormalization([x, two, six]), isError(/^InstanceNormalization-22: input 'scale' has shape \[2\], want \[6\]/));
    assert.throws(() => ops.InstanceNormalization([new Tensor('float32', [1, 2], [2]), two, two]), isError(/input 'input' must be N x C x D1 x ... x Dn, got shape \[2\]/));
  });
});

describe('BatchNormalization folded into the Conv before it', () => {
  // A Conv of constant weights (and bias), then BatchNormalization of constant parameters, run at
  // 'disabled' and at 'extended' and 'all' (one step, 'Conv+BatchNormalization': the Conv with the map
  // folded into its weights).
  // Folding rounds the scaled weights and bias once each and sums other products: the outputs agree
  // within 2 (K + 8) float32 roundings of each output's magnitude, |factor| * (sum |w x| + |b - mean|)
  // + |B|, K the products summed.
  for (const [label, xDims, wDims, group, withBias] of [['3x3, bias', [2, 4, 6, 5], [6, 4, 3, 3], 1, true], ['1x1, no bias', [1, 3, 4, 4], [5, 3, 1, 1], 1, false], ['depthwise 3x3', [1, 4, 5, 5], [4, 1, 3, 3], 4, true]]) {
    test(label, async () => {
      const m = wDims[0];
      const x = new Tensor('float32', values('float32', sizeOf(xDims), 31, { range: 4 }), xDims);
      const w = new Tensor('float32', values('float32', sizeOf(wDims), 32, { range: 2 }), wDims);
      const b = new Tensor('float32', values('float32', m, 33, { range: 2 }), [m]);
      const parameter = (seed, range) => new Tensor('float32', values('float32', m, seed, { range }).map(Math.abs), [m]);
      const p = { scale: parameter(34, 4), bias: parameter(35, 2), mean: parameter(36, 2), variance: parameter(37, 3) };
      const initializers = [['w', w], ...(withBias ? [['b', b]] : []), ['scale', p.scale], ['bias', p.bias], ['mean', p.mean], ['var', p.variance]]
        .map(([name, t]) => ({ name, type: 'float32', dims: [...t.dims], data: t.data }));
      const model = buildModel({
        opset: 15,
        inputs: [{ name: 'x', type: 'float32', dims: xDims }],
        outputs: [{ name: 'y', type: 'float32' }],
        initializers,
        nodes: [
          { op: 'Conv', inputs: withBias ? ['x', 'w', 'b'] : ['x', 'w'], outputs: ['c'], attributes: { group, pads: [1, 1, 1, 1].map((v) => (wDims[2] === 3 ? v : 0)) } },
          { op: 'BatchNormalization', inputs: ['c', 'scale', 'bias', 'mean', 'var'], outputs: ['y'], attributes: { epsilon: 0.01 } },
        ],
      });
      const outputs = {};
      for (const level of ['disabled', 'extended', 'all']) {
        const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
        outputs[level] = (await session.run({ x })).y;
        if (level !== 'disabled') assert.deepEqual(session.graph.steps.map((s) => [s.opType, s.nodes]), [['Conv+BatchNormalization', [0, 1]]], level);
        session.release();
      }
      const abs = (t) => new Tensor('float32', t.data.map(Math.abs), [...t.dims]);
      const pads = wDims[2] === 3 ? [1, 1, 1, 1] : [0, 0, 0, 0];
      const terms = ops.Conv([abs(x), abs(w)], { group, pads }).data;
      const [scale, bias, mean, variance] = [p.scale, p.bias, p.mean, p.variance].map(decoded);
      const k = (wDims[1] * wDims[2] * wDims[3]);
      const plane = sizeOf(outputs.disabled.dims.slice(2));
      for (const level of ['extended', 'all']) {
        for (let e = 0; e < terms.length; e++) {
          const c = Math.floor(e / plane) % m;
          const factor = scale[c] / Math.sqrt(variance[c] + Math.fround(0.01));
          const magnitude = Math.abs(factor) * (terms[e] + Math.abs((withBias ? b.data[c] : 0) - mean[c])) + Math.abs(bias[c]);
          const [got, want] = [outputs[level].data[e], outputs.disabled.data[e]];
          if (!(Math.abs(got - want) <= 2 * (k + 8) * 2 ** -24 * magnitude)) assert.fail(`${label} ${level}: element ${e} is ${got}, unfused ${want}`);
        }
      }
    });
  }
});

describe('LpNormalization', () => {
  async function check(version, type, dims, axis, p, { session = false, seed = 1 } = {}) {
    const x = new Tensor(type, values(type, sizeOf(dims), seed, { edges: [NaN, Infinity, -Infinity, 0, -0], share: 0.03 }), dims);
    const attributes = { ...(axis === undefined ? {} : { axis }), ...(p === undefined ? {} : { p }) };
    const y = session ? (await runNode('LpNormalization', version, attributes, [{ name: 'x', tensor: x }])).y : ops.LpNormalization(x, { opset: version, ...attributes });
    assert.equal(y.type, type);
    assert.deepEqual([...y.dims], dims);
    const a = axis === undefined ? dims.length - 1 : axis < 0 ? axis + dims.length : axis;
    const want = referenceLpNorm(decoded(x), dims, a, p ?? 2);
    const got = decoded(y);
    const units = dims[a] + 4; // the norm's sum (one rounding a term at worst), the root and the division
    for (let i = 0; i < want.length; i++)
      if (!close(type, got[i], want[i], Math.abs(want[i]), units)) assert.fail(`LpNormalization-${version} ${type} [${dims}] axis ${axis} p ${p}${session ? ' (session)' : ''}: element ${i} is ${got[i]}, want ${want[i]}`);
  }

  for (const [version, types] of [[1, FLOAT], [22, ALL_FLOAT]]) {
    for (const type of types) {
      test(`LpNormalization-${version} ${type}: p 1 and 2, every axis, axes of 1 to 300`, async () => {
        for (const p of [undefined, 1, 2]) {
          for (const [dims, axis] of [[[2, 3, 4, 5], undefined], [[2, 3, 4, 5], 0], [[2, 3, 4, 5], 1], [[2, 3, 4, 5], -2], [[3, 300], -1], [[300, 3], 0], [[7], 0], [[4, 1, 6], 1], [[2, 9, 13], 1]])
            await check(version, type, dims, axis, p, { seed: sizeOf(dims) + (p ?? 0) });
        }
        await check(version, type, [3, 5, 6], 1, 1, { session: true });
        await check(version, type, [3, 5, 6], undefined, undefined, { session: true, seed: 2 });
      });
    }
  }

  test('edge values: a zero norm gives 0, NaN and infinities spread as the definition, subnormals', () => {
    const run = (type, data, p) => decoded(ops.LpNormalization(new Tensor(type, FLOAT_TYPES[type].array.from(data, FLOAT_TYPES[type].encode), [data.length]), { p }));
    for (const type of ALL_FLOAT) {
      for (const p of [1, 2]) {
        assert.deepEqual(run(type, [0, -0, 0], p), [0, 0, 0]);
        assert.deepEqual(run(type, [1, NaN, 2], p).map(Number.isNaN), [true, true, true]);
        assert.deepEqual(run(type, [Infinity, 1, -2], p).map((v) => (Number.isNaN(v) ? 'NaN' : Math.abs(v))), ['NaN', 0, 0]);
        assert.deepEqual(run(type, [-3, 0, -0], p).map((v) => v + 0), [-1, 0, 0]);
      }
      assert.deepEqual(run(type, [SUBNORMAL[type], -SUBNORMAL[type]], 1), [0.5, -0.5]);
    }
    // p 2 squares in the computing type: a subnormal's square underflows there, its norm is 0.
    assert.deepEqual(run('float32', [1e-45], 2), [0]);
    assert.deepEqual(run('float64', [2 ** -600, 2 ** -600], 2), [0, 0]);
    assert.deepEqual(run('float64', [2 ** -500, -(2 ** -500)], 2), [1 / Math.SQRT2, -1 / Math.SQRT2]);
    assert.deepEqual(decoded(ops.LpNormalization(new Tensor('float32', new Float32Array(0), [2, 0, 3]), { axis: 1 })), []);
  });

  test('refusals name the attribute', () => {
    const x = new Tensor('float32', [1, 2, 3, 4], [2, 2]);
    assert.throws(() => ops.LpNormalization(x, { p: 3 }), isError(/^LpNormalization-22: attribute 'p' must be 1 or 2, got 3$/));
    assert.throws(() => ops.LpNormalization(x, { axis: 2 }), isError(/^LpNormalization-22: attribute 'axis' is 2, out of range for input 'input' of shape \[2,2\] \(valid: -2 to 1\)$/));
    assert.throws(() => ops.LpNormalization(new Tensor('int32', [1], [1])), isError(/LpNormalization-22.*int32/));
  });
});

test("ONNX's BatchNormalization, LayerNormalization, InstanceNormalization, GroupNormalization, LpNormalization cases pass", NEEDS_ONNX_CASES, async () => {
  const names = await assertOnnxCasesPass(['BatchNormalization', 'LayerNormalization', 'InstanceNormalization', 'GroupNormalization', 'LpNormalization']);
  for (const name of ['layer_normalization', 'batchnorm_example_training_mode', 'instancenorm', 'group_normalization', 'lpnormalization']) assert.ok(names.some((n) => n.includes(name)), name);
});
