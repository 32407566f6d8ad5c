// ONNX's backend test cases of some operators (from ONNX_TESTS_DIR, never copied here) through the
// conformance runner: what an operator's own test runs to show that every case of it passes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as api from 'onnx-wasm';
import { NEWER_OPSET, runCase } from '../../../tools/conformance-runner.mjs';
import { decodeModel } from '../../../tools/onnx-builder.mjs';
import { HAS_ONNX_CASES, SKIPPED_ONNX_CASES, dataSets, onnxCases } from '../../../tools/test-cases.mjs';

/** A test's options when it runs ONNX's cases: skipped, saying why, where ONNX_TESTS_DIR has none. */
export const NEEDS_ONNX_CASES = { skip: !HAS_ONNX_CASES && SKIPPED_ONNX_CASES };

/**
 * Runs every node case whose model uses one of `operators`; asserts each passed, or was refused for
 * importing an opset newer than the runtime's newest (ONNX's cases of versions still to come), and
 * that some ran. Resolves to the names of the cases run.
 */
export async function assertOnnxCasesPass(operators) {
  const wanted = new Set(operators);
  const names = [];
  for (const { name, dir } of onnxCases().filter((c) => c.name.startsWith('node/'))) {
    const modelOperators = [...new Set(decodeModel(readFileSync(join(dir, 'model.onnx'))).graph.node.map((n) => n.opType))];
    if (!modelOperators.some((op) => wanted.has(op))) continue;
    const readFile = async (path) => readFileSync(join(dir, path));
    const result = await runCase({ name, readFile, api, modelOperators, dataSets: dataSets(dir) });
    if (!(result.status === 'refused' && NEWER_OPSET.test(result.detail))) assert.equal(result.status, 'passed', `${name}: ${result.detail}`);
    names.push(name);
  }
  assert.ok(names.length > 0, `some case uses ${operators.join(', ')}`);
  return names;
}
