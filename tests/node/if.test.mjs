// If through InferenceSession (ops.* has none: its branches are graphs), on models built with
// tools/onnx-builder.mjs: every version and type of V, both branches, outer-scope reads (graph inputs,
// initializers, earlier nodes, an enclosing branch's values), nested Ifs, branches of different output
// shapes, a condition from a comparison, each optimization level against 'disabled', the refusals at
// creation and at run time (naming the node and the branch), memory given back, and ONNX's backend
// cases of If (where ONNX_TESTS_DIR has them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import * as api from 'onnx-wasm';
import { InferenceSession, OnnxWasmError, Tensor, heapStats, ops, ready, supportedOperators } from 'onnx-wasm';
import { runCase } from '../../tools/conformance-runner.mjs';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, dataSets, onnxCases } from '../../tools/test-cases.mjs';

before(() => ready());

const VERSIONS = [1, 11, 13, 16, 19, 21, 23, 24, 25];
const TYPES = ['float64', 'float32', 'float16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'bool'];
const typesOf = (version) => (version >= 16 ? [...TYPES, 'bfloat16'] : TYPES);
const ARRAY = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array, bfloat16: Uint16Array, int8: Int8Array, int16: Int16Array,
  int32: Int32Array, int64: BigInt64Array, uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, uint64: BigUint64Array, bool: Uint8Array,
};
// Values of `type` (half types as bit patterns), distinct per `seed`.
function valuesOf(type, n, seed) {
  const array = ARRAY[type];
  const big = array === BigInt64Array || array === BigUint64Array;
  return array.from({ length: n }, (_, i) => {
    const v = type === 'bool' ? (i + seed) % 2 : (seed * 7 + i * 3) % 100;
    return big ? BigInt(v) : v;
  });
}

const f32 = (data, dims = [data.length]) => new Tensor('float32', Float32Array.from(data), dims);
const bool = (data, dims = [data.length]) => new Tensor('bool', Uint8Array.from(data, Number), dims);
const LEVELS = ['disabled', 'basic', 'extended', 'all'];

// A branch: a graph of no inputs whose nodes read the graphs around it.
const branch = (nodes, outputs, initializers = []) => ({ type: 'GRAPH', value: { name: 'branch', nodes, outputs, initializers } });
const ifNode = (cond, outputs, thenBranch, elseBranch, name = 'if') => ({
  op: 'If', name, inputs: [cond], outputs, attributes: { then_branch: thenBranch, else_branch: elseBranch },
});

/** Runs `model` at every optimization level on `feeds`: the outputs, which every level must agree on byte for byte. */
async function runAllLevels(model, feeds) {
  let first;
  for (const level of LEVELS) {
    const session = await InferenceSession.create(model, { graphOptimizationLevel: level });
    try {
      const outputs = await session.run(feeds);
      if (!first) first = outputs;
      for (const name of Object.keys(first)) {
        assert.equal(outputs[name].type, first[name].type, `${level}: ${name}`);
        assert.deepEqual(outputs[name].dims, first[name].dims, `${level}: ${name}`);
        assert.deepEqual([...outputs[name].data], [...first[name].data], `${level}: ${name}`);
      }
    } finally {
      session.release();
    }
  }
  return first;
}

const refused = async (promise, code, message) => {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof OnnxWasmError, String(e));
    assert.equal(e.code, code, e.message);
    assert.match(e.message, message);
    return true;
  });
};

describe('the table', () => {
  test('If: versions 1, 11, 13, 16, 19, 21, 23, 24, 25, a bool cond, V without bfloat16 before 16, only a session runs it', () => {
    const rows = supportedOperators().filter((r) => r.op === 'If');
    assert.deepEqual(rows.map((r) => r.version), VERSIONS);
    for (const row of rows) {
      assert.equal(row.sessionOnly, true);
      assert.deepEqual(row.types, ['bool']);
      assert.deepEqual(row.inputs.map((p) => [p.name, p.constraint, p.optional, p.variadic]), [['cond', 'B', false, false]]);
      assert.deepEqual(row.outputs.map((p) => [p.name, p.constraint, p.variadic]), [['outputs', 'V', true]]);
      assert.deepEqual([...row.outputs[0].types].sort(), [...typesOf(row.version)].sort(), `If-${row.version}`);
    }
    assert.equal(ops.If, undefined);
    assert.ok(supportedOperators().filter((r) => r.op !== 'If').every((r) => !r.sessionOnly));
  });
});

describe('every version and type of V: the branch the condition chooses', () => {
  for (const version of VERSIONS) {
    test(`If-${version}`, async () => {
      for (const type of typesOf(version)) {
        // then: Identity of the outer a; else: the outer b itself, as the branch's output.
        const model = buildModel({
          opset: version,
          inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'a', type, dims: [3] }, { name: 'b', type, dims: [2, 2] }],
          outputs: [{ name: 'y', type }],
          nodes: [ifNode('cond', ['y'],
            branch([{ op: 'Identity', inputs: ['a'], outputs: ['ta'] }], [{ name: 'ta', type }]),
            branch([], [{ name: 'b', type }]))],
        });
        const a = new Tensor(type, valuesOf(type, 3, 1), [3]);
        const b = new Tensor(type, valuesOf(type, 4, 2), [2, 2]);
        for (const [c, want] of [[1, a], [0, b]]) {
          const { y } = await runAllLevels(model, { cond: bool([c], []), a, b });
          assert.equal(y.type, type, `${type}, cond ${c}`);
          assert.deepEqual(y.dims, want.dims, `${type}, cond ${c}`);
          assert.deepEqual([...y.data], [...want.data], `${type}, cond ${c}`);
          assert.notEqual(y.data.buffer, want.data.buffer, 'the output is a copy, not the feed');
        }
      }
      if (version < 16) {
        // bfloat16 is no V of this version: refused as the branch gives it.
        const model = buildModel({
          opset: version,
          inputs: [{ name: 'cond', type: 'bool', dims: [1] }, { name: 'a', type: 'bfloat16', dims: [1] }],
          outputs: [{ name: 'y', type: 'bfloat16' }],
          nodes: [ifNode('cond', ['y'], branch([], [{ name: 'a', type: 'bfloat16' }]), branch([], [{ name: 'a', type: 'bfloat16' }]))],
        });
        const session = await InferenceSession.create(model);
        await refused(session.run({ cond: bool([1]), a: new Tensor('bfloat16', new Uint16Array([0x3f80]), [1]) }), 'INVALID_ARGUMENT',
          new RegExp(`^node 'if' \\(If\\): If-${version}: output 0 has type bfloat16, which this version does not accept$`));
        session.release();
      }
    });
  }
});

describe('branches', () => {
  test('read graph inputs, initializers and earlier nodes of the graph around them; have their own initializers and Constants', async () => {
    const model = buildModel({
      opset: 16,
      inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [3] }],
      outputs: [{ name: 'y', type: 'float32' }, { name: 'after', type: 'float32' }],
      initializers: [{ name: 'w', type: 'float32', dims: [3], data: [10, 20, 30] }],
      nodes: [
        { op: 'Mul', inputs: ['x', 'x'], outputs: ['sq'] },
        ifNode('cond', ['y'],
          // (x * x + w) * c, c the branch's initializer
          branch([{ op: 'Add', inputs: ['sq', 'w'], outputs: ['t1'] }, { op: 'Mul', inputs: ['t1', 'c'], outputs: ['t2'] }],
            [{ name: 't2', type: 'float32' }], [{ name: 'c', type: 'float32', dims: [1], data: [0.5] }]),
          // x - k, k a Constant node of the branch
          branch([{ op: 'Constant', outputs: ['k'], attributes: { value_float: 1.5 } }, { op: 'Sub', inputs: ['x', 'k'], outputs: ['e1'] }],
            [{ name: 'e1', type: 'float32' }])),
        { op: 'Add', inputs: ['y', 'sq'], outputs: ['after'] },
      ],
    });
    const x = [1, -2, 3.25];
    const sq = x.map((v) => Math.fround(v * v));
    const then = sq.map((v, i) => Math.fround(Math.fround(v + [10, 20, 30][i]) * 0.5));
    const otherwise = x.map((v) => Math.fround(v - 1.5));
    for (const [c, want] of [[true, then], [false, otherwise]]) {
      const { y, after } = await runAllLevels(model, { cond: bool([c], []), x: f32(x) });
      assert.deepEqual([...y.data], want);
      assert.deepEqual([...after.data], want.map((v, i) => Math.fround(v + sq[i])));
    }
  });

  test('outputs of different shapes, and several outputs', async () => {
    const model = buildModel({
      opset: 13,
      inputs: [{ name: 'cond', type: 'bool', dims: [1] }, { name: 'x', type: 'float32', dims: [2, 3] }],
      outputs: [{ name: 'y', type: 'float32' }, { name: 'z', type: 'int64' }],
      nodes: [ifNode('cond', ['y', 'z'],
        branch([{ op: 'Concat', inputs: ['x', 'x'], outputs: ['cat'], attributes: { axis: 0 } }, { op: 'Shape', inputs: ['cat'], outputs: ['s'] }],
          [{ name: 'cat', type: 'float32' }, { name: 's', type: 'int64' }]),
        branch([{ op: 'Flatten', inputs: ['x'], outputs: ['flat'], attributes: { axis: 0 } }, { op: 'Shape', inputs: ['x'], outputs: ['s2'] }],
          [{ name: 'flat', type: 'float32' }, { name: 's2', type: 'int64' }]))],
    });
    const x = f32([1, 2, 3, 4, 5, 6], [2, 3]);
    const t = await runAllLevels(model, { cond: bool([1]), x });
    assert.deepEqual(t.y.dims, [4, 3]);
    assert.deepEqual([...t.y.data], [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
    assert.deepEqual([...t.z.data], [4n, 3n]);
    const e = await runAllLevels(model, { cond: bool([0]), x });
    assert.deepEqual(e.y.dims, [1, 6]);
    assert.deepEqual([...e.y.data], [1, 2, 3, 4, 5, 6]);
    assert.deepEqual([...e.z.data], [2n, 3n]);
  });

  test('a condition computed by a comparison, of shape [1, 1]', async () => {
    const model = buildModel({
      opset: 16,
      inputs: [{ name: 'x', type: 'float32', dims: [1, 1] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'limit', type: 'float32', dims: [1, 1], data: [0.5] }],
      nodes: [
        { op: 'Greater', inputs: ['x', 'limit'], outputs: ['big'] },
        ifNode('big', ['y'], branch([{ op: 'Neg', inputs: ['x'], outputs: ['n'] }], [{ name: 'n', type: 'float32' }]),
          branch([{ op: 'Add', inputs: ['x', 'limit'], outputs: ['p'] }], [{ name: 'p', type: 'float32' }])),
      ],
    });
    for (const v of [0.75, 0.5, 0.25, NaN, -Infinity]) {
      const { y } = await runAllLevels(model, { x: f32([v], [1, 1]) });
      const want = v > 0.5 ? -v : Math.fround(v + 0.5);
      assert.ok(Object.is(y.data[0], want), `x ${v}: ${y.data[0]}, want ${want}`);
    }
  });

  test('nested: an If in a branch reads the outer graph and its enclosing branch; a name in a branch hides the outer one', async () => {
    // y = c1 ? (c2 ? x + t : t * t) : x - 1, where t = x * 2 is the then_branch's own value; the inner
    // else_branch names its output 'x' too, hiding the graph input inside it.
    const inner = ifNode('c2', ['r'],
      branch([{ op: 'Add', inputs: ['x', 't'], outputs: ['u'] }], [{ name: 'u', type: 'float32' }]),
      branch([{ op: 'Mul', inputs: ['t', 't'], outputs: ['x'] }], [{ name: 'x', type: 'float32' }]), 'inner');
    const model = buildModel({
      opset: 19,
      inputs: [{ name: 'c1', type: 'bool', dims: [] }, { name: 'c2', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'two', type: 'float32', dims: [], data: [2] }, { name: 'one', type: 'float32', dims: [], data: [1] }],
      nodes: [ifNode('c1', ['y'],
        branch([{ op: 'Mul', inputs: ['x', 'two'], outputs: ['t'] }, inner], [{ name: 'r', type: 'float32' }]),
        branch([{ op: 'Sub', inputs: ['x', 'one'], outputs: ['d'] }], [{ name: 'd', type: 'float32' }]))],
    });
    const x = [1.5, -3];
    const cases = [
      [1, 1, x.map((v) => v + 2 * v)], [1, 0, x.map((v) => 4 * v * v)], [0, 1, x.map((v) => v - 1)], [0, 0, x.map((v) => v - 1)],
    ];
    for (const [c1, c2, want] of cases) {
      const { y } = await runAllLevels(model, { c1: bool([c1], []), c2: bool([c2], []), x: f32(x) });
      assert.deepEqual([...y.data], want, `c1 ${c1}, c2 ${c2}`);
    }
  });

  test('an Identity, a view and in-place steps around a branch that reads their values', async () => {
    // The optimizer removes Identity nodes and makes Reshape a view: not where a branch reads the value.
    const model = buildModel({
      opset: 16,
      inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [2, 2] }],
      outputs: [{ name: 'y', type: 'float32' }, { name: 'w', type: 'float32' }],
      initializers: [{ name: 'shape', type: 'int64', dims: [1], data: [4n] }],
      nodes: [
        { op: 'Identity', inputs: ['x'], outputs: ['i'] },
        { op: 'Reshape', inputs: ['i', 'shape'], outputs: ['flat'] },
        { op: 'Relu', inputs: ['flat'], outputs: ['r'] },
        ifNode('cond', ['y'],
          branch([{ op: 'Neg', inputs: ['r'], outputs: ['n'] }, { op: 'Abs', inputs: ['n'], outputs: ['m'] }], [{ name: 'm', type: 'float32' }]),
          branch([{ op: 'Reshape', inputs: ['i', 'shape'], outputs: ['v'] }], [{ name: 'v', type: 'float32' }])),
        { op: 'Neg', inputs: ['r'], outputs: ['w'] },
      ],
    });
    const x = f32([-1, 2, -3, 4], [2, 2]);
    const t = await runAllLevels(model, { cond: bool([1], []), x });
    assert.deepEqual([...t.y.data], [0, 2, 0, 4]);
    assert.deepEqual([...t.w.data], [-0, -2, -0, -4]);
    const e = await runAllLevels(model, { cond: bool([0], []), x });
    assert.deepEqual([...e.y.data], [-1, 2, -3, 4]);
    assert.deepEqual([...x.data], [-1, 2, -3, 4], 'the feed is not written');
  });

  test('session.graph shows the branches', async () => {
    const model = buildModel({
      opset: 21,
      inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      nodes: [ifNode('cond', ['y'], branch([{ op: 'Floor', name: 'fl', inputs: ['x'], outputs: ['f'] }], [{ name: 'f', type: 'float32', dims: [2] }]),
        branch([{ op: 'Ceil', inputs: ['x'], outputs: ['c'] }], [{ name: 'c', type: 'float32' }]))],
    });
    const session = await InferenceSession.create(model);
    const [node] = session.graph.nodes;
    assert.equal(node.version, 21);
    const { then_branch: thenBranch, else_branch: elseBranch } = node.attributes;
    assert.deepEqual(thenBranch.inputs, []);
    assert.deepEqual(thenBranch.outputs, [{ name: 'f', type: 'float32', shape: [2] }]);
    assert.deepEqual(thenBranch.nodes.map((n) => [n.name, n.opType, n.version, n.inputs, n.outputs]), [['fl', 'Floor', 13, ['x'], ['f']]]);
    assert.deepEqual(elseBranch.nodes.map((n) => n.opType), ['Ceil']);
    assert.deepEqual(session.graph.steps.map((s) => [s.opType, s.inputs, s.outputs]), [['If', ['cond', 'x'], ['y']]]);
    session.release();
  });
});

describe('refusals', () => {
  const inputs = [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [2] }];
  const ok = branch([{ op: 'Neg', inputs: ['x'], outputs: ['n'] }], [{ name: 'n', type: 'float32' }]);
  const withBranches = (thenBranch, elseBranch = ok, extra = {}) => buildModel({
    opset: 16, inputs, outputs: [{ name: 'y', type: 'float32' }], nodes: [ifNode('cond', ['y'], thenBranch, elseBranch)], ...extra,
  });

  test('at creation, naming the node and the branch', async () => {
    await refused(InferenceSession.create(withBranches(branch([{ op: 'Add', name: 'bad', inputs: ['x', 'nope'], outputs: ['s'] }], [{ name: 's', type: 'float32' }]))),
      'INVALID_MODEL', /^node 'if' \(If\): then_branch: node 'bad' \(Add\): input 'nope' is produced by no node and is neither a graph input nor an initializer$/);
    await refused(InferenceSession.create(withBranches(ok, branch([], [{ name: 'gone', type: 'float32' }]))),
      'INVALID_MODEL', /^node 'if' \(If\): else_branch: graph output 'gone' is produced by no node/);
    await refused(InferenceSession.create(withBranches(branch([{ op: 'Frobnicate', name: 'q', inputs: ['x'], outputs: ['s'] }], [{ name: 's', type: 'float32' }]))),
      'UNSUPPORTED', /^node 'if' \(If\): then_branch: node 'q' \(Frobnicate\): unsupported operator 'Frobnicate' \(domain ai\.onnx\)$/);
    await refused(InferenceSession.create(withBranches(branch([], [{ name: 'x', type: 'float32' }, { name: 'x', type: 'float32' }]))),
      'INVALID_MODEL', /^node 'if' \(If\): then_branch: the branch has 2 outputs but the node names 1$/);
    const withInput = { type: 'GRAPH', value: { nodes: [], inputs: [{ name: 'i', type: 'float32', dims: [2] }], outputs: [{ name: 'i', type: 'float32' }] } };
    await refused(InferenceSession.create(withBranches(ok, withInput)),
      'INVALID_MODEL', /^node 'if' \(If\): else_branch: the branch declares inputs, which an If's branches do not take$/);
    await refused(InferenceSession.create(withBranches(branch([{ op: 'Neg', inputs: ['x'], outputs: ['a'] }, { op: 'Neg', inputs: ['x'], outputs: ['a'] }], [{ name: 'a', type: 'float32' }]))),
      'INVALID_MODEL', /^node 'if' \(If\): then_branch: the node computing 'a' \(Neg\): 'a' is defined twice: as an output of the node computing 'a' \(Neg\) and as an output of the node computing 'a' \(Neg\)$/);
    // A branch that reads the If's own output, and one that reads a node after the If which reads it.
    await refused(InferenceSession.create(withBranches(branch([], [{ name: 'y', type: 'float32' }]))),
      'INVALID_MODEL', /^node 'if' \(If\) is on a cycle: node 'if' \(If\) -> node 'if' \(If\)$/);
    await refused(InferenceSession.create(buildModel({
      opset: 16, inputs, outputs: [{ name: 'z', type: 'float32' }],
      nodes: [ifNode('cond', ['y'], branch([], [{ name: 'z', type: 'float32' }]), ok), { op: 'Neg', name: 'after', inputs: ['y'], outputs: ['z'] }],
    })), 'INVALID_MODEL', /is on a cycle: .*node 'if' \(If\)/);
    // Attributes: missing, of another kind, a graphs list.
    const bare = (attributes) => buildModel({ opset: 16, inputs, outputs: [{ name: 'y', type: 'float32' }], nodes: [{ op: 'If', name: 'if', inputs: ['cond'], outputs: ['y'], attributes }] });
    await refused(InferenceSession.create(bare({ then_branch: ok })), 'INVALID_ARGUMENT', /^node 'if' \(If\): If-16: attribute 'else_branch' is required$/);
    await refused(InferenceSession.create(bare({ then_branch: ok, else_branch: 3 })), 'INVALID_ARGUMENT',
      /^node 'if' \(If\): If-16: attribute 'else_branch' must be a graph, got an int$/);
    await refused(InferenceSession.create(bare({ then_branch: ok, else_branch: { type: 'GRAPHS', value: [ok.value] } })), 'INVALID_ARGUMENT',
      /^node 'if' \(If\): If-16: attribute 'else_branch' must be a graph, got a list of graphs$/);
    // A graph attribute on an operator that defines none.
    await refused(InferenceSession.create(buildModel({ opset: 16, inputs, outputs: [{ name: 'y', type: 'float32' }], nodes: [{ op: 'Neg', name: 'n', inputs: ['x'], outputs: ['y'], attributes: { g: ok } }] })),
      'INVALID_ARGUMENT', /^node 'n' \(Neg\): Neg-13: attribute 'g' is not defined by this version$/);
  });

  test('at run time: a condition not a bool of one element; a failing node of the branch', async () => {
    const model = (condType, condDims) => buildModel({
      opset: 16,
      inputs: [{ name: 'cond', type: condType, dims: condDims }, { name: 'x', type: 'float32', dims: [2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'bad_shape', type: 'int64', dims: [1], data: [3n] }],
      nodes: [ifNode('cond', ['y'], ok, branch([{ op: 'Reshape', name: 'r', inputs: ['x', 'bad_shape'], outputs: ['v'] }], [{ name: 'v', type: 'float32' }]))],
    });
    const x = f32([1, 2]);
    const floatCond = await InferenceSession.create(model('float32', []));
    await refused(floatCond.run({ cond: f32([1], []), x }), 'INVALID_ARGUMENT',
      /^node 'if' \(If\): If-16: input 0 has type float32, which this version does not accept \(it accepts bool\)$/);
    floatCond.release();
    const many = await InferenceSession.create(model('bool', [null]));
    for (const cond of [bool([1, 1]), bool([])]) {
      await refused(many.run({ cond, x }), 'INVALID_ARGUMENT',
        new RegExp(`^node 'if' \\(If\\): If-16: the condition must hold one element, got shape \\[${cond.dims}\\]$`));
    }
    assert.deepEqual([...(await many.run({ cond: bool([1]), x })).y.data], [-1, -2]);
    await refused(many.run({ cond: bool([0]), x }), 'INVALID_ARGUMENT', /^node 'if' \(If\): else_branch: node 'r' \(Reshape\): Reshape-14: /);
    many.release();
  });

  test('memory: runs, failed runs and sessions give back what they took', async () => {
    const model = buildModel({
      opset: 16,
      inputs: [{ name: 'cond', type: 'bool', dims: [] }, { name: 'x', type: 'float32', dims: [null] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'bad_shape', type: 'int64', dims: [1], data: [7n] }],
      nodes: [ifNode('cond', ['y'],
        branch([{ op: 'Mul', inputs: ['x', 'x'], outputs: ['a'] }, { op: 'Add', inputs: ['a', 'x'], outputs: ['b'] }, { op: 'Neg', inputs: ['b'], outputs: ['c'] }],
          [{ name: 'c', type: 'float32' }]),
        branch([{ op: 'Reshape', inputs: ['x', 'bad_shape'], outputs: ['v'] }], [{ name: 'v', type: 'float32' }]))],
    });
    const x = f32(Array.from({ length: 4096 }, (_, i) => i));
    const round = async () => {
      const session = await InferenceSession.create(model);
      await session.run({ cond: bool([1], []), x });
      await assert.rejects(session.run({ cond: bool([0], []), x }));
      await assert.rejects(session.run({ cond: bool([1, 0]), x }));
      session.release();
    };
    for (let i = 0; i < 5; i++) await round();
    const start = heapStats().inUseBytes;
    for (let i = 0; i < 100; i++) await round();
    const end = heapStats().inUseBytes;
    assert.ok(end <= start + 1024, `in use: ${start} -> ${end}`);
    // Within a session: the branch's intermediates are freed when it ends.
    const session = await InferenceSession.create(model);
    await session.run({ cond: bool([1], []), x });
    const before = heapStats().inUseBytes;
    for (let i = 0; i < 20; i++) await session.run({ cond: bool([1], []), x });
    assert.ok(heapStats().inUseBytes <= before + 1024);
    session.release();
  });
});

describe("ONNX's backend cases of If", () => {
  const cases = onnxCases().filter((c) => /^node\/test_if(_|$)/.test(c.name));
  test('are there', { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, () => assert.ok(cases.length >= 1));
  for (const { name, dir } of cases) {
    test(name, async () => {
      const result = await runCase({ name, api, readFile: async (path) => readFileSync(join(dir, path)), dataSets: dataSets(dir) });
      assert.equal(result.status, 'passed', result.detail);
    });
  }
});
