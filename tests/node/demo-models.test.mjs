// The demo's gallery (demo/models/): the committed files are what scripts/gen-demo-models.mjs writes,
// the models load and run through the public API, together they use every operator version of this
// build, and the two broken ones fail as their index entry says.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { InferenceSession, Tensor, ready, supportedOperators } from 'onnx-wasm';
import { MODELS_DIR, demoModelFiles } from '../../tools/demo-models.mjs';

before(() => ready());

const generated = demoModelFiles();
const index = JSON.parse(readFileSync(join(MODELS_DIR, 'index.json'), 'utf8'));

test('demo/models/ holds exactly what the generator writes (run `npm run gen-models` after changing it)', () => {
  assert.deepEqual(readdirSync(MODELS_DIR).sort(), generated.map((f) => f.file).sort());
  for (const { file, bytes } of generated) assert.ok(readFileSync(join(MODELS_DIR, file)).equals(Buffer.from(bytes)), file);
});

// Inputs of the declared types; symbolic dimensions become 4.
function feedsFor(session) {
  return Object.fromEntries(session.graph.inputs.map(({ name, type, shape }) => {
    const dims = shape.map((d) => (typeof d === 'number' ? d : 4));
    const count = dims.reduce((a, b) => a * b, 1);
    const data = type.endsWith('int64') ? Array.from({ length: count }, (_, i) => BigInt(i)) : Array.from({ length: count }, (_, i) => i);
    return [name, new Tensor(type, data, dims)];
  }));
}

test('each gallery model loads and runs, or fails as expected; together they use every operator version', async () => {
  const used = new Set();
  for (const entry of index) {
    const bytes = readFileSync(join(MODELS_DIR, entry.file));
    if (entry.expectError) {
      await assert.rejects(InferenceSession.create(bytes), (e) => e.code === entry.expectError, entry.file);
      continue;
    }
    const session = await InferenceSession.create(bytes);
    for (const node of session.graph.nodes) used.add(`${node.opType}-${node.version}`);
    const outputs = await session.run(feedsFor(session));
    assert.deepEqual(Object.keys(outputs), session.outputNames, entry.file);
    if (entry.image) {
      assert.deepEqual(session.graph.inputs.map((i) => [i.type, i.shape.length]), [['float32', 4]], entry.file);
      assert.equal(outputs[session.outputNames[0]].dims.length, 4, entry.file);
    }
    session.release();
  }
  assert.deepEqual([...used].sort(), supportedOperators().map((o) => `${o.op}-${o.version}`).sort());
});
