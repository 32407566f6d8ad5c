// Split through ops.* and InferenceSession: every version and type against a plain-JS reference (each
// part the elements whose index along the axis falls in it), lengths from the attribute, the input
// (version 1's of T, 13's of int64), version 18's num_outputs with its smaller last part, the node's
// outputs sharing the axis equally (ops.*: options.outputCount), zero-length parts, empty tensors,
// negative axes, and refusals naming the attribute or input (in a session, the node); and ONNX's backend
// cases of Split.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { InferenceSession, OnnxWasmError, Tensor, heapStats, ops, ready } from 'onnx-wasm';
import { buildModel } from '../../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES } from '../../tools/test-cases.mjs';
import { assertPicked, both, eachIndex, flat, i64, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';
import { assertOnnxCasesPass } from './helpers/onnx-cases.mjs';

before(() => ready());

// Each part of `dims` cut along `axis` into `lengths`: its dims and the input elements it holds, in order.
function referenceSplit(dims, axis, lengths) {
  const a = axis < 0 ? axis + dims.length : axis;
  let from = 0;
  return lengths.map((length) => {
    const partDims = dims.map((d, k) => (k === a ? length : d));
    const picks = [];
    eachIndex(partDims, (index) => picks.push(flat(index.map((i, k) => (k === a ? i + from : i)), dims)));
    from += length;
    return { dims: partDims, picks };
  });
}

function assertParts(got, type, data, parts, label) {
  assert.equal(got.length, parts.length, `${label}: ${got.length} outputs`);
  parts.forEach((p, j) => assertPicked(got[j], type, p.dims, data, p.picks, `${label}, output ${j}`));
}

describe('Split', () => {
  const dims = [2, 7, 3];
  test('every version and type: lengths from the attribute or input, num_outputs, equal parts; ops.* and a session', async () => {
    for (const row of rowsOf('Split')) {
      const v = row.version;
      for (const type of row.types) {
        const data = stored(type, sizeOf(dims));
        const x = new Tensor(type, data, dims);
        // [inputs, options, lengths, axis]
        const cases = [];
        if (v < 13) {
          cases.push([[x], { split: [2, 5] , axis: 1 }, [2, 5], 1]);
          cases.push([[x], { split: [0, 1, 1, 0] , axis: -3 }, [0, 1, 1, 0], -3]);
          cases.push([[x], { split: [3] , axis: 2 }, [3], 2]);
        } else {
          cases.push([[x, i64([2, 5])], { axis: 1 }, [2, 5], 1]);
          cases.push([[x, i64([0, 3, 0])], { axis: -1 }, [0, 3, 0], -1]);
          cases.push([[x, i64([2])], {}, [2], 0]);
        }
        if (v === 1) cases.push([[x, new Tensor(type, type === 'float16' ? new Uint16Array([0x4200, 0x4400]) : [3, 4], [2])], { axis: 1 }, [3, 4], 1]); // 3, 4
        if (v >= 18) {
          cases.push([[x], { num_outputs: 3, axis: 1 }, [3, 3, 1], 1]);
          cases.push([[x], { num_outputs: 4, axis: 1 }, [2, 2, 2, 1], 1]);
          cases.push([[x], { num_outputs: 1, axis: -2 }, [7], -2]);
        }
        for (const [inputs, options, lengths, axis] of cases) {
          const label = `Split-${v} ${type} ${JSON.stringify(options)} ${lengths}`;
          const parts = referenceSplit(dims, axis, lengths);
          const [viaOps, viaSession] = await both('Split', inputs, { opset: v, ...options }, undefined, lengths.length);
          assertParts(viaOps, type, data, parts, `${label} ops.*`);
          assertParts(viaSession, type, data, parts, `${label} session`);
        }
        // No lengths: the node's outputs share the axis (ops.* is a node of one output: the whole input).
        const [whole] = ops.Split([x], { opset: v, axis: 0 });
        assertPicked(whole, type, dims, data, referenceSplit(dims, 0, [2])[0].picks, `Split-${v} ${type} ops.* one part`);
        const [, shared] = await both('Split', [x], { opset: v, axis: 0 }, undefined, 2);
        assertParts(shared, type, data, referenceSplit(dims, 0, [1, 1]), `Split-${v} ${type} two equal outputs`);
      }
    }
  });

  test('empty tensors; a rank-1 input in parts of one', async () => {
    const x = new Tensor('int8', [], [0, 4]);
    const parts = ops.Split([x, i64([1, 3])], { axis: 1 });
    assert.deepEqual(parts.map((p) => p.dims), [[0, 1], [0, 3]]);
    const y = new Tensor('uint64', [1n, 2n, 3n], [3]);
    const three = ops.Split([y], { num_outputs: 3 });
    assert.deepEqual(three.map((p) => [...p.data]), [[1n], [2n], [3n]]);
  });

  test('refusals name the attribute or input; in a session, the node', async () => {
    const x = new Tensor('float32', new Float32Array(14), [2, 7]);
    assert.throws(() => ops.Split([x, i64([3, 3])], { axis: 1 }), isError('INVALID_ARGUMENT', 'Split-18', "input 'split' [3,3] sums to 6", '7'));
    assert.throws(() => ops.Split([x, i64([-1, 8])], { axis: 1 }), isError('INVALID_ARGUMENT', "input 'split'", 'negative'));
    assert.throws(() => ops.Split([x], { axis: 1, num_outputs: 5 }), isError('INVALID_ARGUMENT', "'num_outputs' is 5", 'none for the last'));
    assert.throws(() => ops.Split([x], { axis: 1, num_outputs: 0 }), isError('INVALID_ARGUMENT', "'num_outputs' is 0"));
    assert.throws(() => ops.Split([x, i64([7])], { axis: 1, num_outputs: 1 }), isError('INVALID_ARGUMENT', "input 'split' and attribute 'num_outputs'"));
    assert.throws(() => ops.Split([x], { axis: 2 }), isError('INVALID_ARGUMENT', "attribute 'axis' is 2"));
    assert.throws(() => ops.Split([x, new Tensor('int64', [7n], [])], { axis: 1 }), isError('INVALID_ARGUMENT', "input 'split' must be 1-D"));
    assert.throws(() => ops.Split([x], { opset: 11, split: [1, 5] , axis: 1 }), isError('INVALID_ARGUMENT', 'Split-11', "attribute 'split' [1,5] sums to 6"));
    assert.throws(() => ops.Split([x, new Tensor('float32', [2.5, 4.5], [2])], { opset: 1, axis: 1 }), isError('INVALID_ARGUMENT', 'Split-1', "input 'split' holds 2.5"));
    assert.throws(() => ops.Split([x, new Tensor('float32', [2, 5], [2])], { opset: 1, axis: 1, split: [2, 5] }), isError('INVALID_ARGUMENT', 'both given'));
    assert.throws(() => ops.Split([x], { opset: 13, num_outputs: 2 }), isError('INVALID_ARGUMENT', "attribute 'num_outputs' is not defined by this version"));
    for (const [opset, outputs, message] of [[13, 2, 'cannot share equally'], [18, 3, "the node names 3 outputs but the split makes 2"]]) {
      const session = await InferenceSession.create(buildModel({
        opset,
        inputs: [{ name: 'x', type: 'float32', dims: [2, 7] }],
        outputs: Array.from({ length: outputs }, (_, k) => ({ name: `y${k}`, type: 'float32' })),
        initializers: [{ name: 's', type: 'int64', dims: [2], data: [3n, 4n] }],
        nodes: [{ op: 'Split', name: 'n', inputs: outputs === 3 ? ['x', 's'] : ['x'], outputs: Array.from({ length: outputs }, (_, k) => `y${k}`), attributes: { axis: 1 } }],
      }), { graphOptimizationLevel: 'disabled' });
      try {
        await assert.rejects(session.run({ x }), (e) => e instanceof OnnxWasmError && e.message.startsWith(`node 'n' (Split): Split-${opset}: `) && e.message.includes(message));
      } finally {
        await session.release();
      }
    }
  });

  test('options.outputCount: ops.* as a node of that many outputs, which share the axis equally (onnxruntime\'s SplitOperatorTest.Axis0EqualSplit)', async () => {
    // onnxruntime's case: [4, 2] along axis 0 into two outputs.
    const x = new Tensor('float32', [1, 2, 3, 4, 5, 6, 7, 8], [4, 2]);
    const parts = ops.Split([x], { axis: 0, outputCount: 2 });
    assert.deepEqual(parts.map((p) => [p.dims, [...p.data]]), [[[2, 2], [1, 2, 3, 4]], [[2, 2], [5, 6, 7, 8]]]);
    // Every version, as a session's node of as many outputs; a Tensor's data in wasm memory too.
    for (const row of rowsOf('Split')) {
      for (const [axis, outputCount] of [[0, 1], [0, 2], [2, 3], [-1, 3]]) {
        const data = stored('float32', sizeOf(dims));
        const label = `Split-${row.version} axis ${axis} outputCount ${outputCount}`;
        const [viaOps, viaSession] = await both('Split', [new Tensor('float32', data, dims)], { opset: row.version, axis, outputCount }, { axis }, outputCount);
        const reference = referenceSplit(dims, axis, Array(outputCount).fill(dims.at(axis) / outputCount));
        assertParts(viaOps, 'float32', data, reference, `${label} ops.*`);
        assertParts(viaSession, 'float32', data, reference, `${label} session`);
        const w = Tensor.wasm('float32', dims, data);
        const wasmParts = ops.Split([w], { opset: row.version, axis, outputCount });
        assertParts(wasmParts, 'float32', data, reference, `${label} wasm`);
        for (const t of [w, ...wasmParts]) t.dispose();
      }
    }
    // With lengths (the input, num_outputs), the count they make.
    assert.equal(ops.Split([x, i64([1, 3])], { outputCount: 2 }).length, 2);
    assert.equal(ops.Split([x], { num_outputs: 2, outputCount: 2 }).length, 2);
  });

  test('options.outputCount is checked: a count the lengths do not make, one that does not divide the axis, values and operators that take none', async () => {
    const x = new Tensor('float32', new Float32Array(8), [4, 2]);
    assert.throws(() => ops.Split([x], { outputCount: 3 }), isError('INVALID_ARGUMENT', 'Split-18', 'the axis has 4 elements, which 3 outputs cannot share equally'));
    assert.throws(() => ops.Split([x, i64([1, 3])], { outputCount: 3 }), isError('INVALID_ARGUMENT', 'Split-18', 'the node names 3 outputs but the split makes 2'));
    assert.throws(() => ops.Split([x, i64([1, 3])], { outputCount: 1 }), isError('INVALID_ARGUMENT', 'Split: options.outputCount is 1 but the split makes 2 parts'));
    assert.throws(() => ops.Split([x], { num_outputs: 4, outputCount: 2 }), isError('INVALID_ARGUMENT', 'Split: options.outputCount is 2 but the split makes 4 parts'));
    for (const [value, shown] of [[0, '0'], [1.5, '1.5'], [4097, '4097'], ['2', 'string'], [2n, 'bigint'], [NaN, 'NaN']]) {
      assert.throws(() => ops.Split([x], { outputCount: value }), isError('INVALID_ARGUMENT', `Split: options.outputCount must be an integer from 1 to 4096, got ${shown}`), String(value));
    }
    assert.throws(() => ops.Floor(x, { outputCount: 1 }), isError('INVALID_ARGUMENT', 'Floor: options.outputCount is taken only by an operator whose node decides how many outputs it has'));
    assert.throws(() => ops.TopK([x, i64([1])], { outputCount: 2 }), isError('INVALID_ARGUMENT', 'TopK: options.outputCount'));
    // A refused count leaves no wasm tensor behind: its outputs are freed.
    const w = Tensor.wasm('float32', [4, 2]);
    const refuse = () => assert.throws(() => ops.Split([w, i64([1, 3])], { outputCount: 1 }), isError('INVALID_ARGUMENT', 'but the split makes 2 parts'));
    refuse(); // prepares the operator, which stays
    const level = heapStats().inUseBytes;
    refuse();
    assert.equal(heapStats().inUseBytes, level);
    w.dispose();
  });

  test('ONNX\'s backend cases of Split pass', { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES }, async () => {
    await assertOnnxCasesPass(['Split']);
  });
});
