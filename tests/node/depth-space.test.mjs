// DepthToSpace (DCR and CRD) and SpaceToDepth through the public API: every version and type, block
// sizes 1 to 3, bit for bit against the reference's picks (helpers/reference.mjs) through ops.* and a
// one-node session; refusals; ONNX's backend cases.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ops, ready, Tensor } from 'onnx-wasm';
import { referenceDepthSpacePicks } from './helpers/reference.mjs';
import { assertPicked, both, isError, rowsOf, sizeOf, stored } from './helpers/data-runs.mjs';
import { NEEDS_ONNX_CASES, assertOnnxCasesPass } from './helpers/onnx-cases.mjs';

before(() => ready());

for (const op of ['DepthToSpace', 'SpaceToDepth']) {
  describe(op, () => {
    test(`${op}: every version and type, block sizes 1 to 3${op === 'DepthToSpace' ? ', DCR and CRD from 11' : ''}`, async () => {
      for (const { version, types } of rowsOf(op)) {
        const modes = op === 'DepthToSpace' && version >= 11 ? ['DCR', 'CRD'] : [undefined];
        for (const type of types) {
          for (const [dims, b] of op === 'DepthToSpace' ? [[[2, 8, 2, 3], 2], [[1, 9, 2, 2], 3], [[1, 3, 2, 2], 1], [[2, 4, 0, 3], 2]] : [[[2, 2, 4, 6], 2], [[1, 3, 6, 3], 3], [[1, 2, 2, 2], 1], [[2, 0, 2, 2], 2]]) {
            for (const mode of modes) {
              const data = stored(type, sizeOf(dims));
              const x = new Tensor(type, data, dims);
              const options = { opset: version, blocksize: b, ...(mode ? { mode } : {}) };
              const [viaOps, viaSession] = await both(op, x, options);
              const [n, c, h, w] = dims;
              const out = op === 'DepthToSpace' ? [n, c / (b * b), h * b, w * b] : [n, c * b * b, h / b, w / b];
              const picks = referenceDepthSpacePicks(op, dims, b, mode);
              for (const [y, how] of [[viaOps, 'ops'], [viaSession, 'session']]) assertPicked(y, type, out, data, picks, `${op}-${version} ${type} [${dims}] b ${b} ${mode ?? ''} ${how}`);
            }
          }
        }
      }
    });
    test(`${op}: refusals name the attribute or input`, () => {
      const x = new Tensor('float32', new Float32Array(18), [1, 2, 3, 3]);
      assert.throws(() => ops[op](x, {}), isError('INVALID_ARGUMENT', `${op}-13: attribute 'blocksize' is required`));
      assert.throws(() => ops[op](x, { blocksize: 0 }), isError('INVALID_ARGUMENT', "attribute 'blocksize' must be positive, got 0"));
      assert.throws(() => ops[op](new Tensor('float32', new Float32Array(4), [1, 4, 1]), { blocksize: 2 }), isError('INVALID_ARGUMENT', "input 'input' must be 4-D (N x C x H x W), got shape [1,4,1]"));
      if (op === 'DepthToSpace') {
        assert.throws(() => ops[op](x, { blocksize: 2 }), isError('INVALID_ARGUMENT', "input 'input' has 2 channels, not a multiple of blocksize^2 (4)"));
        assert.throws(() => ops[op](x, { blocksize: 1, mode: 'RCD' }), isError('INVALID_ARGUMENT', "attribute 'mode' must be 'DCR' or 'CRD', got 'RCD'"));
      } else {
        assert.throws(() => ops[op](x, { blocksize: 2 }), isError('INVALID_ARGUMENT', "input 'input' of shape [1,2,3,3] has H or W not a multiple of blocksize 2"));
      }
    });
  });
}

test("ONNX's DepthToSpace and SpaceToDepth cases pass", NEEDS_ONNX_CASES, async () => {
  const names = await assertOnnxCasesPass(['DepthToSpace', 'SpaceToDepth']);
  assert.ok(names.some((n) => n.includes('crd')) && names.some((n) => n.includes('spacetodepth')));
});
