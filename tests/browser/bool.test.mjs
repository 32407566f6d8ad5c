// bool tensors in Chromium, Firefox and WebKit: ops.Identity, ops.Cast both ways (non-zero and NaN to
// true, bool to 0 or 1) and a session with a bool feed, a bool initializer and bool and int32 outputs,
// each compared with what the same calls give in Node.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as api from 'onnx-wasm';
import { DATA_TYPE, buildModel } from '../../tools/onnx-builder.mjs';
import { eachEngine, serveDemo } from '../../tools/browser-harness.mjs';

let server;

before(async () => {
  server = await serveDemo();
  await api.ready();
});

after(() => server?.close());

const MODEL = buildModel({
  opset: 13,
  inputs: [{ name: 'x', type: 'bool', dims: [2, 2] }],
  outputs: [{ name: 'y', type: 'bool', dims: [2, 4] }, { name: 'n', type: 'int32', dims: [2, 4] }],
  initializers: [{ name: 'w', type: 'bool', dims: [2, 2], data: [0, 2, 255, 1] }],
  nodes: [
    { op: 'Concat', inputs: ['x', 'w'], outputs: ['y'], attributes: { axis: 1 } },
    { op: 'Cast', inputs: ['y'], outputs: ['n'], attributes: { to: DATA_TYPE.int32 } },
  ],
});

// The calls, run with the module `ow` (in a page, or in Node); plain arrays out.
async function calls(ow, modelBytes) {
  const { ops, Tensor, InferenceSession } = ow;
  const b = new Tensor('bool', new Uint8Array([1, 0, 2, 255, 0]), [5]);
  const session = await InferenceSession.create(new Uint8Array(modelBytes));
  const { y, n } = await session.run({ x: new Tensor('bool', [true, false, false, true], [2, 2]) });
  await session.release();
  return {
    identity: [ops.Identity(b).type, ...ops.Identity(b).data],
    toBool: [...ops.Cast(new Tensor('float32', [0, -0, NaN, -Infinity, 1e-45, 2], [6]), { to: 9 }).data],
    toBoolV1: [...ops.Cast(new Tensor('int64', [0n, -1n, 1n << 40n], [3]), { to: 'BOOL', opset: 1 }).data],
    fromBool: [...ops.Cast(b, { to: 1 }).data],
    session: { y: [y.type, ...y.data], n: [n.type, ...n.data] },
  };
}

eachEngine((browser) => {
  test(`${browser.name}: bool through ops.Identity, ops.Cast both ways and a session, as in Node`, async () => {
    const inNode = await calls(api, [...MODEL]);
    assert.deepEqual(inNode, {
      identity: ['bool', 1, 0, 2, 255, 0],
      toBool: [0, 0, 1, 1, 1, 1],
      toBoolV1: [0, 1, 1],
      fromBool: [1, 0, 1, 1, 0],
      session: { y: ['bool', 1, 0, 0, 1, 0, 1, 1, 1], n: ['int32', 1, 0, 0, 1, 0, 1, 1, 1] },
    });
    const page = await browser.newPage();
    await page.goto(server.blank);
    // the same function as in Node, sent as its source (the harness's pages set no CSP)
    const inPage = await page.evaluate(async ({ source, modelBytes }) => {
      const ow = await import('/dist/onnx-wasm.mjs');
      await ow.ready();
      return (0, eval)(`(${source})`)(ow, modelBytes);
    }, { source: calls.toString(), modelBytes: [...MODEL] });
    assert.deepEqual(inPage, inNode);
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });
});
