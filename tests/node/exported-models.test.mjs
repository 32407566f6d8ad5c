// Models written by a real exporter: small PyTorch modules exported by torch.onnx.export at opsets 7
// to 17 (scripts/export-models.py), each with its inputs and the outputs PyTorch computed
// (tests/data/exported/<name>/, laid out as ONNX's backend cases). Every model must load and match,
// under each graph optimization level: with ONNX's tolerance (the conformance runner's compareTensors)
// where the graph averages, bit for bit elsewhere (zeros' signs aside).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { InferenceSession, decodeTensorProto, ready } from 'onnx-wasm';
import { compareTensors } from '../../tools/conformance-runner.mjs';
import { bf16ToNumber, f16ToNumber } from '../../tools/half-codecs.mjs';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'exported');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const subdirs = (path) => readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

// Each model runs once per entry: the default (optimized) session, and one with optimization off, whose
// results must be the same.
const SESSION_OPTIONS = [
  { label: 'default options', options: undefined },
  { label: "graphOptimizationLevel: 'disabled'", options: { graphOptimizationLevel: 'disabled' } },
];

const DECODE = { float16: f16ToNumber, bfloat16: bf16ToNumber };

/** Why `got` is not `want` element for element (NaN equal to NaN, -0 to 0), or null. */
function inexact(got, want) {
  const decode = DECODE[want.type] ?? ((v) => v);
  for (let i = 0; i < want.data.length; i++) {
    const g = decode(got.data[i]);
    const w = decode(want.data[i]);
    if (g !== w && !(Number.isNaN(g) && Number.isNaN(w))) return `element ${i} is ${g}, expected exactly ${w}`;
  }
  return null;
}

before(() => ready());

test('index.json lists every exported model, each with a description and its data sets', () => {
  assert.deepEqual(index.map((m) => m.name).sort(), subdirs(dir));
  assert.ok(index.length >= 60, `only ${index.length} exported models`);
  for (const m of index) {
    assert.ok(m.description.length > 0, m.name);
    assert.ok(Number.isInteger(m.opset) && m.opset >= 7 && m.opset <= 17, `${m.name}: opset ${m.opset}`);
    // Two data sets for a dynamic batch (batches 3 and 1), m.dataSets where an If branches on values.
    const count = m.dataSets ?? (m.dynamicBatch ? 2 : 1);
    assert.deepEqual(subdirs(join(dir, m.name)), Array.from({ length: count }, (_, k) => `test_data_set_${k}`), m.name);
  }
});

test('the exported models use the opsets 7 to 17, dynamic batches, integer and float16 inputs', () => {
  assert.deepEqual([...new Set(index.map((m) => m.opset))].sort((a, b) => a - b), [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
  assert.ok(index.filter((m) => m.dynamicBatch).length >= 10);
  assert.ok(index.some((m) => m.exact) && index.some((m) => !m.exact));
  const inputTypes = new Set(index.map((m) => decodeTensorProto(readFileSync(join(dir, m.name, 'test_data_set_0', 'input_0.pb'))).type));
  assert.deepEqual([...inputTypes].sort(), ['float16', 'float32', 'float64', 'int32', 'int64', 'uint8']);
});

for (const { label, options } of SESSION_OPTIONS) {
  describe(`exported models, ${label}`, () => {
    for (const m of index) {
      test(`${m.name}: ${m.description}`, async () => {
        const folder = join(dir, m.name);
        const session = await InferenceSession.create(readFileSync(join(folder, 'model.onnx')), options);
        try {
          for (const dataSet of subdirs(folder)) {
            const read = (file) => decodeTensorProto(readFileSync(join(folder, dataSet, file)));
            const feeds = Object.fromEntries(session.inputNames.map((name, k) => [name, read(`input_${k}.pb`)]));
            const outputs = await session.run(feeds);
            for (const [k, name] of session.outputNames.entries()) {
              const want = read(`output_${k}.pb`);
              const mismatch = compareTensors(outputs[name], want) ?? (m.exact ? inexact(outputs[name], want) : null);
              assert.equal(mismatch, null, `${dataSet}, output '${name}': ${mismatch}`);
            }
          }
        } finally {
          session.release();
        }
      });
    }
  });
}
