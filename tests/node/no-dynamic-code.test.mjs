// The package evaluates no strings as code (embind builds its invokers with new Function unless linked
// with -sDYNAMIC_EXECUTION=0), so that it loads under a Content-Security-Policy without 'unsafe-eval'
// (tests/browser/environments.test.mjs checks that in Chromium). Here: the built files hold no such call, and the
// Node build loads and computes in a Node that throws on any (--disallow-code-generation-from-strings).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { buildModel } from '../../tools/onnx-builder.mjs';

const dist = new URL('../../dist/', import.meta.url);

test('the built files call neither eval nor the Function constructor', () => {
  for (const file of ['onnx-wasm.mjs', 'onnx-wasm.cjs']) {
    const source = readFileSync(new URL(file, dist), 'utf8');
    for (const pattern of [/\bnew\s+Function\b/, /(?<![.\w$])Function\s*\(/, /(?<![.\w$])eval\s*\(/]) {
      const found = source.match(pattern);
      assert.equal(found, null, `dist/${file} contains ${found?.[0]} at ${found?.index}: ${source.slice(found?.index - 60, found?.index + 60)}`);
    }
  }
});

// Runs in the child: everything that goes through embind (operator table, prepared operators, sessions)
// and a plain call. The model is built here, where protobufjs may generate code.
const CHILD = `
import { readFileSync } from 'node:fs';
import { InferenceSession, Tensor, ops, ready, supportedOperators } from 'onnx-wasm';
let evalRefused = false;
try { new Function('return 1'); } catch { evalRefused = true; }
await ready();
const x = new Tensor('float32', [1.5, -1.5, 2.5]);
const session = await InferenceSession.create(readFileSync(process.argv[1]));
const { y } = await session.run({ x });
console.log(JSON.stringify({
  evalRefused,
  operators: supportedOperators().length,
  floor: [...ops.Floor(x).data],
  round: [...ops.Round(x, { opset: 11 }).data],
  session: [...y.data],
}));
`;

test('loads, lists, prepares and runs with code generation from strings disallowed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'onnx-wasm-no-eval-'));
  try {
    const model = join(dir, 'ceil.onnx');
    writeFileSync(model, buildModel({
      nodes: [{ op: 'Ceil', inputs: ['x'], outputs: ['y'] }],
      inputs: [{ name: 'x', type: 'float32', dims: [3] }],
      outputs: [{ name: 'y', type: 'float32', dims: [3] }],
    }));
    const { stdout } = await promisify(execFile)(process.execPath,
      ['--disallow-code-generation-from-strings', '--input-type=module', '-e', CHILD, model],
      { cwd: new URL('../../', import.meta.url) });
    const result = JSON.parse(stdout);
    assert.equal(result.evalRefused, true, 'the flag is in effect');
    assert.ok(result.operators > 0);
    assert.deepEqual(result.floor, [1, -2, 2]);
    assert.deepEqual(result.round, [2, -2, 2]);
    assert.deepEqual(result.session, [2, -1, 3]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
