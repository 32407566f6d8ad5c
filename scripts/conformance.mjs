// `npm run conformance`: every ONNX backend test case (ONNX_TESTS_DIR, by default ../shared/onnx-tests:
// its node/ and pytorch-converted/ folders; tools/test-cases.mjs) through InferenceSession in Node (the
// built dist/), compared with ONNX's tolerance. Cases whose operators are all in the wasm's table
// (supportedOperators()) must pass; the others must be refused as unsupported operators.
// Exits non-zero otherwise. Where the cases are absent it prints one line saying it skipped them.
// Usage: node scripts/conformance.mjs [substring of case names...] (e.g. test_resize: those cases only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from 'onnx-wasm';
import { formatResults, runCase } from '../tools/conformance-runner.mjs';
import { decodeModel, graphOperators } from '../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, dataSets, onnxCases } from '../tools/test-cases.mjs';

if (!HAS_ONNX_CASES) {
  console.log(`conformance: ${SKIPPED_ONNX_CASES}`);
} else {
  const filters = process.argv.slice(2);
  const results = [];
  for (const { name, dir } of onnxCases()) {
    if (filters.length && !filters.some((f) => name.includes(f))) continue;
    const readFile = async (path) => readFileSync(join(dir, path));
    const modelOperators = graphOperators(decodeModel(readFileSync(join(dir, 'model.onnx'))).graph);
    results.push(await runCase({ name, readFile, api, modelOperators, dataSets: dataSets(dir) }));
  }
  console.log(formatResults(results));
  if (results.length === 0 || results.some((r) => r.status === 'failed')) process.exitCode = 1;
}
