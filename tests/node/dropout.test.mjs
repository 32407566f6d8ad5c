// Dropout in inference through the public API: every version and type gives its data unchanged (bit
// for bit, edge values included) and a mask keeping every element (1 of the data's type before version
// 10, true from 10), through ops.* and one-node sessions; ratio and training_mode false as inputs from
// 12; training refused; ONNX's backend cases.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ops, ready, Tensor, OnnxWasmError } from 'onnx-wasm';
import { runNode } from './helpers/node-runs.mjs';
import { assertPicked, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';
import { FLOAT_TYPES } from '../../tools/values.mjs';

before(() => ready());

test('every version and type: the data unchanged, the mask all kept', async () => {
  for (const { version, types } of rowsOf('Dropout')) {
    for (const type of types) {
      for (const dims of [[2, 3, 5], [0, 4], []]) {
        const data = stored(type, sizeOf(dims));
        const x = new Tensor(type, data, dims);
        const picks = Array.from(data, (_, i) => i);
        const label = `Dropout-${version} ${type} [${dims}]`;
        assertPicked(ops.Dropout([x], { opset: version }), type, dims, data, picks, `${label} ops`);
        const maskType = version >= 10 ? 'bool' : type;
        const inputs = [{ name: 'x', tensor: x }];
        const ratioType = type === 'bfloat16' && version < 22 ? 'float32' : type; // ratio is bfloat16 from 22
        const ratio = new Tensor(ratioType, FLOAT_TYPES[ratioType].array.of(FLOAT_TYPES[ratioType].encode(0.3)), []);
        if (version >= 12) inputs.push({ name: 'r', tensor: ratio }, { name: 't', tensor: new Tensor('bool', [false], []) });
        const { y, mask } = await runNode('Dropout', version, version >= 12 ? {} : { ratio: 0.3 }, inputs, [{ name: 'y', type }, { name: 'mask', type: maskType }]);
        assertPicked(y, type, dims, data, picks, `${label} session`);
        assert.equal(mask.type, maskType, label);
        assert.deepEqual([...mask.dims], dims, label);
        const one = maskType === 'bool' ? 1 : FLOAT_TYPES[type].encode(1);
        assert.ok(Array.from(mask.data).every((v) => Number(v) === Number(one)), `${label}: mask ${[...mask.data]}`);
      }
    }
  }
});

test('training_mode true is refused, naming the input', async () => {
  const x = new Tensor('float32', [1, 2], [2]);
  await assert.rejects(
    runNode('Dropout', 13, {}, [{ name: 'x', tensor: x }, null, { name: 't', tensor: new Tensor('bool', [true], []) }]),
    (e) => e instanceof OnnxWasmError && /input 'training_mode' is true: training's random dropout is not supported/.test(e.message),
  );
});

test("ONNX's Dropout cases pass", NEEDS_ONNX_CASES, async () => {
  const names = await assertOnnxCasesPass(['Dropout']);
  assert.ok(names.some((n) => n.includes('dropout_default_mask')));
});
