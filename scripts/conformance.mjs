// `npm run conformance`: every ONNX backend test case in tests/data/onnx-backend/{node,pytorch-converted}
// through InferenceSession in Node (the built dist/), compared with ONNX's tolerance. Cases whose
// operators are all in the wasm's table (supportedOperators()) must pass; the others must be refused as
// unsupported operators.
// Exits non-zero otherwise. ONNX_TESTS_DIR overrides the location of the cases.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as api from 'onnx-wasm';
import { formatResults, runCase } from '../tools/conformance-runner.mjs';
import { decodeModel } from '../tools/onnx-builder.mjs';

const SUITES = ['node', 'pytorch-converted'];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testsDir = process.env.ONNX_TESTS_DIR ?? join(root, 'tests', 'data', 'onnx-backend');
const subdirs = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

const results = [];
for (const suite of SUITES) {
  for (const name of subdirs(join(testsDir, suite))) {
    const dir = join(testsDir, suite, name);
    const readFile = async (path) => readFileSync(join(dir, path));
    const modelOperators = [...new Set(decodeModel(readFileSync(join(dir, 'model.onnx'))).graph.node.map((n) => n.opType))];
    const dataSets = subdirs(dir).filter((d) => d.startsWith('test_data_set_'));
    const result = await runCase({
      name: `${suite}/${name}`, readFile, api, modelOperators, dataSets,
    });
    results.push(result);
  }
}
console.log(formatResults(results));
if (results.length === 0 || results.some((r) => r.status === 'failed')) process.exitCode = 1;
